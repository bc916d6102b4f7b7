-- 0021: leases on the work that must be done once by one of several bot
-- processes sharing the database (issue 19 part B).
--
-- A process takes a row of work_claims before it does the work: resolving a
-- turn ('resolve'), posting a reminder or a deadline notice ('reminder:24h@<deadline>',
-- 'passed@<deadline>').  The row names the boot holding it and when its lease
-- ends; the holder renews it while working.  Another process takes the work
-- over only once the lease has ended (its holder died, on any host), never
-- while it runs.  done_at marks work finished (a resolved turn deletes its
-- claim with the commit: the resolution is its record).
--
-- resolution_posts gets the same lease end: a post claim is taken over when
-- its lease ends, which every host can tell, not by a pid check.
-- Self-contained: renumber freely at merge.

CREATE TABLE work_claims (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    turn        INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    claimed_by  TEXT    NOT NULL,  -- boot id "host:pid:nonce"
    lease_until TEXT    NOT NULL,  -- ISO 8601 UTC: after this, another process may take it over
    done_at     TEXT,              -- ISO 8601 UTC: finished; never claimed again
    PRIMARY KEY (campaign_id, turn, kind)
);

ALTER TABLE resolution_posts ADD COLUMN lease_until TEXT;  -- NULL: a claim made before 0021 (claimed_at + 3 min)

-- Reminders sent before this version are done work: an upgrade sends none again.
INSERT INTO work_claims (campaign_id, turn, kind, claimed_by, lease_until, done_at)
SELECT campaign_id, turn, CASE WHEN kind = 'passed' THEN 'passed@' || deadline ELSE 'reminder:' || kind || '@' || deadline END,
       'before 0021', '', 'before 0021' FROM turn_reminders;
