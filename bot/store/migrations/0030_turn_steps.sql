-- 0030: steps within a turn (issue 12, docs/decisions.md "steps within a turn").
--
-- A turn is a chain of steps (an orders step, then perhaps a question to one
-- clan …).  The campaign records the open step of its turn; each step's spec
-- (what the ruleset asked, as JSON) is stored when it opens, so a restart asks
-- the same questions; orders (a question's answer is an order under the slot
-- "answer:<question id>"), readiness and resolutions are keyed by (turn, step).
-- Everything stored before is step 1 of its turn, which is what every turn was.
-- Tables whose primary key gains the step are rebuilt (the same SQL on both
-- engines: nothing references them).  Work claims keep their key: a later
-- step's claims name it in their kind ("s2:resolve").  Self-contained:
-- renumber freely at merge.

ALTER TABLE campaigns ADD COLUMN step INTEGER NOT NULL DEFAULT 1;
ALTER TABLE undone_resolutions ADD COLUMN step INTEGER NOT NULL DEFAULT 1;

CREATE TABLE turn_steps (
    campaign_id INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    step        INTEGER NOT NULL CHECK (step >= 1),
    spec_json   TEXT    NOT NULL,  -- the ruleset's Step (bot/engine/steps.py) as JSON
    opened_at   TEXT    NOT NULL,  -- ISO 8601 UTC
    deadline    TEXT,              -- the step's deadline when it opened; the open step's is campaigns.deadline
    PRIMARY KEY (campaign_id, turn, step),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);

CREATE TABLE orders_0030 (
    campaign_id  INTEGER NOT NULL,
    turn         INTEGER NOT NULL,
    step         INTEGER NOT NULL DEFAULT 1,
    unit         TEXT    NOT NULL,
    faction      TEXT    NOT NULL,
    seq          INTEGER NOT NULL,
    payload_json TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, turn, step, unit),
    UNIQUE (campaign_id, seq),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);
INSERT INTO orders_0030 (campaign_id, turn, step, unit, faction, seq, payload_json)
SELECT campaign_id, turn, 1, unit, faction, seq, payload_json FROM orders;
DROP TABLE orders;
ALTER TABLE orders_0030 RENAME TO orders;
CREATE INDEX orders_by_faction ON orders (campaign_id, turn, step, faction);

CREATE TABLE turn_readiness_0030 (
    campaign_id INTEGER NOT NULL,
    turn        INTEGER NOT NULL,
    step        INTEGER NOT NULL DEFAULT 1,
    faction     TEXT    NOT NULL,
    ready_at    TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, turn, step, faction),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);
INSERT INTO turn_readiness_0030 (campaign_id, turn, step, faction, ready_at)
SELECT campaign_id, turn, 1, faction, ready_at FROM turn_readiness;
DROP TABLE turn_readiness;
ALTER TABLE turn_readiness_0030 RENAME TO turn_readiness;

CREATE TABLE resolutions_0030 (
    campaign_id       INTEGER NOT NULL,
    turn              INTEGER NOT NULL,
    step              INTEGER NOT NULL DEFAULT 1,
    before_state_json TEXT    NOT NULL,
    after_state_json  TEXT    NOT NULL,
    orders_json       TEXT    NOT NULL,
    seed              TEXT    NOT NULL,
    dice_json         TEXT    NOT NULL,
    events_json       TEXT    NOT NULL,
    report_json       TEXT    NOT NULL,
    created_seq       INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, turn, step),
    FOREIGN KEY (campaign_id, turn) REFERENCES turns (campaign_id, turn) ON DELETE CASCADE
);
INSERT INTO resolutions_0030 (campaign_id, turn, step, before_state_json, after_state_json, orders_json, seed,
                              dice_json, events_json, report_json, created_seq)
SELECT campaign_id, turn, 1, before_state_json, after_state_json, orders_json, seed, dice_json, events_json,
       report_json, created_seq FROM resolutions;
DROP TABLE resolutions;
ALTER TABLE resolutions_0030 RENAME TO resolutions;
