"""Export and import of whole campaigns for the SQLite backend."""

from __future__ import annotations

import aiosqlite

from bot.domain.campaign import Campaign
from bot.store import sqlite_audit
from bot.store.codec import campaign_from_row, dumps, loads
from bot.store.repository import AuditEntry, JsonDict, ResolutionRecord
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
        db, "SELECT * FROM resolutions WHERE campaign_id = ? ORDER BY turn", where)
    doc = {
        "format": FORMAT, "version": VERSION,
        "campaign": campaign_from_row(row).model_dump(mode="json"),
        "settings": loads(state["settings_json"], "settings"),
        "state": loads(state["state_json"], "state"),
        "last_seq": row["last_seq"],
        "turns": [{k: t[k] for k in ("turn", "seed", "commitment", "status", "opened_note")}
                  for t in turns],
        "orders": [{"turn": o["turn"], "faction": o["faction"], "unit": o["unit"],
                    "seq": o["seq"], "payload": loads(o["payload_json"], "order payload")}
                   for o in orders],
        "resolutions": [_resolution_doc(record_from_row(r)) for r in resolutions],
        "audit": [e.model_dump(mode="json", exclude={"campaign_id"})
                  for e in await sqlite_audit.entries(db, campaign_id, newest_first=False)],
    }
    # Validating what we export guarantees that it imports again.
    return CampaignExport.model_validate(doc).model_dump(mode="json")


def _resolution_doc(record: ResolutionRecord) -> JsonDict:
    return record.model_dump(mode="json", exclude={"campaign_id"})


async def import_(db: aiosqlite.Connection, doc: CampaignExport,
                  guild_id: int | None) -> Campaign:
    campaign = doc.campaign.model_copy(update={
        "id": None, "guild_id": doc.campaign.guild_id if guild_id is None else guild_id})
    cid = await insert_campaign(db, campaign, doc.settings, doc.state, doc.seq_floor())
    await db.executemany(
        "INSERT INTO turns (campaign_id, turn, seed, commitment, status, opened_note)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(cid, t.turn, t.seed, t.commitment, t.status.value, t.opened_note) for t in doc.turns])
    await db.executemany(
        "INSERT INTO orders (campaign_id, turn, unit, faction, seq, payload_json)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(cid, o.turn, o.unit, o.faction, o.seq, dumps(o.payload, "order payload"))
         for o in doc.orders])
    for r in doc.resolutions:
        record = ResolutionRecord(campaign_id=cid, **dict(r))
        await insert_resolution(db, record, dumps(r.before_state, "before-state"), r.created_seq)
    for a in doc.audit:
        await sqlite_audit.insert(db, AuditEntry(campaign_id=cid, **dict(a)))
    return campaign.model_copy(update={"id": cid})

