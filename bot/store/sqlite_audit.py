"""The moderators' audit log on SQLite: an entry is written with the state it
changed, in the caller's transaction."""

from __future__ import annotations

import aiosqlite

from bot.store.codec import dumps, loads, require_dict
from bot.store.dialect import POSTGRES, dialect
from bot.store.errors import StoreError
from bot.store.repository import AuditEntry, JsonDict
from bot.store.sqlite_base import fetch_all, next_seq

COLUMNS = ("campaign_id", "seq", "at", "turn", "phase", "actor_id", "actor_name", "kind", "payload_json",
           "description", "reason", "subjects_json")


async def save_state_audited(db: aiosqlite.Connection, campaign_id: int, state: JsonDict,
                             entry: AuditEntry) -> AuditEntry:
    text = dumps(require_dict(state, "state"), "state")
    cursor = await db.execute(
        "UPDATE campaign_state SET state_json = ?,"
        " updated_turn = (SELECT turn FROM campaigns WHERE id = campaign_id) WHERE campaign_id = ?",
        (text, campaign_id))
    if cursor.rowcount == 0:
        raise StoreError(f"no campaign with id {campaign_id}")
    stored = entry.model_copy(update={"campaign_id": campaign_id, "seq": await next_seq(db, campaign_id)})
    await insert(db, stored)
    return stored


async def insert(db: aiosqlite.Connection, entry: AuditEntry) -> None:
    marks = ", ".join("?" * len(COLUMNS))
    await db.execute(
        f"INSERT INTO audit_log ({', '.join(COLUMNS)}) VALUES ({marks})",
        (entry.campaign_id, entry.seq, entry.at, entry.turn, entry.phase, entry.actor_id, entry.actor_name,
         entry.kind, dumps(require_dict(entry.payload, "edit payload"), "edit payload"), entry.description,
         entry.reason, dumps(entry.subjects, "subjects")))


async def entries(db: aiosqlite.Connection, campaign_id: int, limit: int | None = None,
                  subject: str | None = None, newest_first: bool = True) -> list[AuditEntry]:
    sql = "SELECT * FROM audit_log WHERE campaign_id = ?"
    params: list[object] = [campaign_id]
    if subject is not None:
        sql += _HAS_SUBJECT[dialect(db) == POSTGRES]
        params.append(subject)
    sql += f" ORDER BY seq {'DESC' if newest_first else 'ASC'}"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [_entry(row) for row in await fetch_all(db, sql, params)]


# The one query whose SQL differs: each engine has its own way into a JSON array.
_HAS_SUBJECT = (" AND EXISTS (SELECT 1 FROM json_each(subjects_json) WHERE json_each.value = ?)",
                " AND EXISTS (SELECT 1 FROM json_array_elements_text(subjects_json::json) AS s (value)"
                " WHERE s.value = ?)")


def _entry(row: aiosqlite.Row) -> AuditEntry:
    data = {k: row[k] for k in COLUMNS if not k.endswith("_json")}
    return AuditEntry(**data, payload=loads(row["payload_json"], "edit payload"),
                      subjects=loads(row["subjects_json"], "subjects"))
