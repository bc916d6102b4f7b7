-- 0004: whether each resolution's reports and maps went out.
--
-- A resolution is committed first and posted after; a bot stopped in between
-- would never post it.  The commit writes this row (claimed by the process that
-- is about to post); posting sets posted_at.  A row not posted whose claim is
-- old was left by a process that stopped: the deadline scheduler claims it
-- again and posts it.  Keyed by the resolution's created_seq, so a corrected
-- resolution of the same turn (/turn redo) is a row of its own.

CREATE TABLE resolution_posts (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    turn        INTEGER NOT NULL,
    created_seq INTEGER NOT NULL,
    claimed_at  TEXT,  -- ISO 8601 UTC: when a process started posting; NULL: nobody yet
    posted_at   TEXT,  -- ISO 8601 UTC: when its posts went out ('before 0004': older); NULL: not yet
    PRIMARY KEY (campaign_id, turn, created_seq)
);

-- Resolutions committed before this version were posted then (or their
-- moderators dealt with it): they count as posted, so an upgrade re-posts nothing.
INSERT INTO resolution_posts (campaign_id, turn, created_seq, claimed_at, posted_at)
SELECT campaign_id, turn, created_seq, NULL, 'before 0004' FROM resolutions;
