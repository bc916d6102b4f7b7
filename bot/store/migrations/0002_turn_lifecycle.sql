-- 0002: the turn lifecycle on Discord — auto-resolution at the deadline,
-- readiness per clan, reminders sent, resolutions that were undone, and the
-- hash of the last synced command surface.

-- Whether the deadline resolves the turn by itself (the moderators' choice).
ALTER TABLE campaigns ADD COLUMN auto_resolve INTEGER NOT NULL DEFAULT 0;

-- A clan's "our orders are complete" for one turn.  Any change to the clan's
-- orders deletes the row (the store does it with the change).
CREATE TABLE turn_readiness (
    campaign_id INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    faction     TEXT    NOT NULL,
    ready_at    TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, turn, faction),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);

-- Reminders already posted, keyed by the deadline they were for: a restart
-- does not repeat them, and a moved deadline gets its own.
CREATE TABLE turn_reminders (
    campaign_id INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    deadline    TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, turn, deadline, kind),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);

-- The rows of resolutions that undo removed: what the players read, kept so a
-- corrected resolution can say what changed against it (/turn redo).
CREATE TABLE undone_resolutions (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id       INTEGER NOT NULL,
    turn              INTEGER NOT NULL,
    before_state_json TEXT    NOT NULL,
    after_state_json  TEXT    NOT NULL,
    orders_json       TEXT    NOT NULL,
    seed              TEXT    NOT NULL,
    dice_json         TEXT    NOT NULL,
    events_json       TEXT    NOT NULL,
    report_json       TEXT    NOT NULL,
    created_seq       INTEGER NOT NULL,
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);
CREATE INDEX undone_by_turn ON undone_resolutions (campaign_id, turn);

-- Facts about this bot installation, e.g. the hash of the last global sync.
CREATE TABLE bot_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
