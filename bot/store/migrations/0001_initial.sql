-- 0001: the first Fleetwright schema.
--
-- The *_json columns hold ruleset-owned data (state, settings, order payloads,
-- events) that the store keeps verbatim and never interprets, so one schema
-- serves every ruleset.  Plain types only, so the same shape fits PostgreSQL.

CREATE TABLE campaigns (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reuse a deleted campaign's id
    guild_id          INTEGER,
    name              TEXT    NOT NULL,
    ruleset           TEXT    NOT NULL,
    map_id            TEXT    NOT NULL,
    scenario          TEXT,
    turn              INTEGER NOT NULL CHECK (turn >= 1),
    -- No CHECK on phase: new phases (e.g. "locked") must not need a table rebuild.
    phase             TEXT    NOT NULL,
    report_channel_id INTEGER,
    moderator_role_id INTEGER,
    deadline          TEXT,
    meta_json         TEXT    NOT NULL DEFAULT '{}',      -- factions
    -- One counter per campaign, shared by order submissions and resolutions,
    -- so the audit trail reads as a single timeline.
    last_seq          INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX campaigns_by_guild ON campaigns (guild_id);

CREATE TABLE campaign_state (
    campaign_id   INTEGER PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    settings_json TEXT    NOT NULL,
    state_json    TEXT    NOT NULL,
    updated_turn  INTEGER NOT NULL  -- campaigns.turn when state_json was last written
);

CREATE TABLE turns (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    turn        INTEGER NOT NULL CHECK (turn >= 1),
    seed        TEXT    NOT NULL,
    commitment  TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('planning', 'resolved')),
    opened_note TEXT,
    PRIMARY KEY (campaign_id, turn)
);

CREATE TABLE orders (
    campaign_id  INTEGER NOT NULL,
    turn         INTEGER NOT NULL,
    unit         TEXT    NOT NULL,
    faction      TEXT    NOT NULL,
    seq          INTEGER NOT NULL,
    payload_json TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, turn, unit),
    UNIQUE (campaign_id, seq),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);
CREATE INDEX orders_by_faction ON orders (campaign_id, turn, faction);

CREATE TABLE resolutions (
    campaign_id       INTEGER NOT NULL,
    turn              INTEGER NOT NULL,
    before_state_json TEXT    NOT NULL,  -- exact text of state_json before; undo restores it
    after_state_json  TEXT    NOT NULL,
    orders_json       TEXT    NOT NULL,
    seed              TEXT    NOT NULL,
    dice_json         TEXT    NOT NULL,
    events_json       TEXT    NOT NULL,
    report_json       TEXT    NOT NULL,
    created_seq       INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, turn),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);
