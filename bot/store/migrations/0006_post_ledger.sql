-- 0005: each message of a resolution's posts, and who is posting them.
--
-- 0004 knew only "posted or not" per resolution, so a bot stopped half-way
-- posted everything again and waited for a ten-minute stale claim first.  Now
-- each message (the public report's parts, each clan's parts) is a row once
-- Discord has confirmed it, so a restart posts exactly the missing ones; the
-- claim names the boot that holds it (a new boot of the same host knows an
-- older one is dead and takes over at once), and it is renewed while posting
-- (a long post never looks abandoned).  A moderator may skip what is missing
-- (/turn open skip_unposted:true), recorded here and in the audit log.
-- Self-contained: renumber freely at merge.

ALTER TABLE resolution_posts ADD COLUMN claimed_by TEXT;  -- boot id "host:pid:nonce"; NULL: unknown (0004)
ALTER TABLE resolution_posts ADD COLUMN skipped_at TEXT;  -- ISO 8601 UTC: a moderator gave up the rest

CREATE TABLE resolution_messages (
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    turn         INTEGER NOT NULL,
    created_seq  INTEGER NOT NULL,
    post_key     TEXT    NOT NULL,  -- "public" or "faction:<clan id>"
    part         INTEGER NOT NULL,  -- 0-based message of that post (the first carries the map)
    channel_id   INTEGER NOT NULL,
    message_id   INTEGER,           -- Discord's id of the message, once confirmed
    delivered_at TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, turn, created_seq, post_key, part)
);
