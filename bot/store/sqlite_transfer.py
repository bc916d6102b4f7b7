"""Export and import of whole campaigns for the SQLite backend."""

from __future__ import annotations

import aiosqlite

from bot.domain.campaign import Campaign
from bot.store import sqlite_audit
from bot.store.codec import campaign_from_row, dumps, loads
from bot.engine.dice import SEED_SCHEME
from bot.store.repository import AuditEntry, JsonDict, ResolutionRecord, TurnRecord, TurnStatus
from bot.store.sqlite_base import campaign_row, fetch_all, insert_campaign, state_row
from bot.store.sqlite_resolutions import insert_resolution, record_from_row
from bot.store.transfer import FORMAT, VERSION, CampaignExport


async def export(db: aiosqlite.Connection, campaign_id: int) -> JsonDict:
    row = await campaign_row(db, campaign_id)
    state = await state_row(db, campaign_id)
    where = (campaign_id,)
    turns = await fetch_all(db, "SELECT * FROM turns WHERE campaign_id = ? ORDER BY turn", where)
    orders = await fetch_all(db, "SELECT * FROM orders WHERE campaign_id = ? ORDER BY seq", where)
    resolutions = await fetch_all(
        db, "SELECT * FROM resolutions WHERE campaign_id = ? ORDER BY turn, step", where)
    steps = await fetch_all(db, "SELECT * FROM turn_steps WHERE campaign_id = ? ORDER BY turn, step", where)
    doc = {
        "format": FORMAT, "version": VERSION,
        "campaign": campaign_from_row(row).model_dump(mode="json"),
        "settings": loads(state["settings_json"], "settings"),
        "state": loads(state["state_json"], "state"),
        "last_seq": row["last_seq"],
        "turns": [_turn_doc(t) for t in turns],
        "orders": [{"turn": o["turn"], "step": o["step"], "faction": o["faction"], "unit": o["unit"],
                    "seq": o["seq"], "payload": loads(o["payload_json"], "order payload")}
                   for o in orders],
        "resolutions": [_resolution_doc(record_from_row(r)) for r in resolutions],
        "steps": [{"turn": x["turn"], "step": x["step"], "spec": loads(x["spec_json"], "step"),
                   "opened_at": x["opened_at"], "deadline": x["deadline"]} for x in steps],
        "audit": [e.model_dump(mode="json", exclude={"campaign_id"})
                  for e in await sqlite_audit.entries(db, campaign_id, newest_first=False)],
    }
    # Validating what we export guarantees that it imports again.
    return CampaignExport.model_validate(doc).model_dump(mode="json")


def _turn_doc(row: aiosqlite.Row) -> JsonDict:
    """A turn as exported: what its report revealed, and never a secret (docs/decisions.md, signed dice)."""
    turn = TurnRecord.model_validate({"campaign_id": 0, **dict(row)})
    resolved = turn.status == TurnStatus.RESOLVED
    return {"turn": turn.turn, "commitment": turn.commitment, "status": turn.status,
            "opened_note": turn.opened_note, "dice_scheme": turn.dice_scheme,
            "seed": turn.seed if resolved and turn.dice_scheme == SEED_SCHEME else None,
            "public_key": turn.public_key if resolved else None}


def _resolution_doc(record: ResolutionRecord) -> JsonDict:
    return record.model_dump(mode="json", exclude={"campaign_id"})


async def import_(db: aiosqlite.Connection, doc: CampaignExport,
                  guild_id: int | None) -> Campaign:
    campaign = doc.campaign.model_copy(update={
        "id": None, "guild_id": doc.campaign.guild_id if guild_id is None else guild_id})
    cid = await insert_campaign(db, campaign, doc.settings, doc.state, doc.seq_floor())
    await db.executemany(
        "INSERT INTO turns (campaign_id, turn, seed, commitment, status, opened_note, dice_scheme, public_key)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        # A resolved rsa-vrf turn's private key stayed behind: '' (it cannot be resolved again here).
        [(cid, t.turn, t.seed or "", t.commitment, t.status.value, t.opened_note, t.dice_scheme, t.public_key)
         for t in doc.turns])
    await db.executemany(
        "INSERT INTO turn_steps (campaign_id, turn, step, spec_json, opened_at, deadline) VALUES (?, ?, ?, ?, ?, ?)",
        [(cid, x.turn, x.step, dumps(x.spec, "step"), x.opened_at, x.deadline) for x in doc.steps])
    await db.executemany(
        "INSERT INTO orders (campaign_id, turn, step, unit, faction, seq, payload_json)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(cid, o.turn, o.step, o.unit, o.faction, o.seq, dumps(o.payload, "order payload"))
         for o in doc.orders])
    for r in doc.resolutions:
        record = ResolutionRecord(campaign_id=cid, **dict(r))
        await insert_resolution(db, record, dumps(r.before_state, "before-state"), r.created_seq)
    for a in doc.audit:
        await sqlite_audit.insert(db, AuditEntry(campaign_id=cid, **dict(a)))
    return campaign.model_copy(update={"id": cid})

