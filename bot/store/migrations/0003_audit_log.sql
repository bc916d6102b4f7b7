-- 0003: the moderators' audit log.
--
-- One row per moderator edit, written in the same transaction as the state it
-- changed.  ``seq`` comes from the campaign's shared counter (campaigns.last_seq),
-- so edits, orders and resolutions read as one timeline.  ``subjects_json`` lists
-- the ids the edit concerns (clans, units …), as the ruleset names them, for
-- filtering.  Independent of 0002, so the two apply in either order.

CREATE TABLE audit_log (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    at            TEXT    NOT NULL,  -- ISO 8601 UTC, from the service's clock
    turn          INTEGER NOT NULL,
    phase         TEXT    NOT NULL,
    actor_id      INTEGER,           -- Discord user id; NULL for the command line
    actor_name    TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    payload_json  TEXT    NOT NULL,
    description   TEXT    NOT NULL,
    reason        TEXT,
    subjects_json TEXT    NOT NULL DEFAULT '[]',
    PRIMARY KEY (campaign_id, seq)
);
