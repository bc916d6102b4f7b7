"""``SqliteRepository``: the embedded campaign store (one file, WAL mode).

One aiosqlite connection per repository.  A gate (bot/store/sqlite_group.py)
hands it to one unit of work at a time: coroutines share the connection, and
without it one coroutine's statements could land inside another's transaction.
Write units that queue up commit together, as savepoints of one transaction
(group commit: one fsync for many).

The queries here and in the ``sqlite_*`` modules are the store's one set of SQL:
``PgRepository`` (bot/store/pg.py) runs them on PostgreSQL too (bot/store/dialect.py).
Keep them in the SQL both engines speak, and have a write that checks before it
writes take ``lock_campaign`` first.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Self

import aiosqlite

from bot.domain.campaign import Campaign, Phase
from bot.engine.dice import SEED_SCHEME
from bot.store import sqlite_audit, sqlite_resolutions, sqlite_transfer
from bot.store.codec import (
    CAMPAIGN_COLUMNS,
    campaign_from_row,
    campaign_values,
    dumps,
    loads,
    require_dict,
)
from bot.store.dialect import lock_campaign
from bot.store.errors import CampaignChanged, StoreError
from bot.store.repository import (
    AuditEntry,
    JsonDict,
    OrderDesk,
    ResolutionRecord,
    StateRecord,
    StateText,
    StepOpening,
    StepRecord,
    TurnRecord,
    TurnStatus,
)
from bot.store.sqlite_base import (
    campaign_row,
    fetch_all,
    fetch_one,
    insert_campaign,
    next_seq,
    state_row,
    state_text,
)
from bot.store.sqlite_claims import WorkClaimStore
from bot.store.sqlite_group import UnitGate
from bot.store.sqlite_open import connect
from bot.store.sqlite_orders import OrderStore
from bot.store.sqlite_turns import TurnLifecycleStore
from bot.store.transfer import parse_export

# What a player reads when the database fails mid-command; SQLite's words and the file go to the log.
STORE_FAILED = ("the campaign database could not do this just now, so nothing was changed; try again, "
                "and if it keeps failing tell the moderators (the bot's log has the details)")

# An order submission's reads in one statement (issue 18: each statement is a hop to aiosqlite's
# thread, or a round trip to PostgreSQL): the campaign, its settings and state, and its open step.
_DESK = ("SELECT c.*, s.settings_json, s.state_json, t.step AS step_number, t.spec_json AS step_spec,"
         " t.opened_at AS step_opened_at, t.deadline AS step_deadline"
         " FROM campaigns c LEFT JOIN campaign_state s ON s.campaign_id = c.id"
         " LEFT JOIN turn_steps t ON t.campaign_id = c.id AND t.turn = c.turn AND t.step = c.step"
         " WHERE c.id = ?")

class SqliteRepository(OrderStore, TurnLifecycleStore, WorkClaimStore):
    """Implements ``bot.store.repository.Repository`` on an SQLite file."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db: aiosqlite.Connection | None = db
        self._path = path
        self._gate = UnitGate(db, self._closed_error)
        self.applied_migrations: list[int] = []  # the versions this opening applied

    @classmethod
    async def open(cls, path: str | Path) -> Self:
        """Open the database at ``path`` (creating it if missing) and migrate it."""
        db, applied = await connect(Path(path))
        repository = cls(db, Path(path))
        repository.applied_migrations = applied
        return repository

    async def close(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            async with self._gate.closing():
                await db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @asynccontextmanager
    async def _unit(self, write: bool = False, snapshot: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """One unit of work: a transaction, with database errors made StoreErrors.

        Reads get a transaction too, so a multi-query read sees one snapshot; ``snapshot=False``: a
        read whose statements may each see their own (each is atomic), two hops to the database's
        thread fewer (BEGIN, COMMIT), for a read that is as good either way (``order_desk``).
        """
        if self._db is None:
            raise self._closed_error()
        try:
            async with self._gate.unit(write=write, snapshot=snapshot) as db:
                yield db
        except sqlite3.Error as exc:
            raise StoreError(STORE_FAILED, detail=f"campaign database {self._path}: {exc}") from exc
        except OverflowError as exc:  # an id beyond SQLite's 64-bit integers; rolled back above
            raise StoreError(f"cannot store a number that large ({exc}): SQLite keeps integers up to "
                             f"{2 ** 63 - 1}; nothing was changed") from exc

    def _closed_error(self) -> StoreError:
        return StoreError("the campaign database is closed (the bot is shutting down or restarting); "
                          "try again in a minute", detail=f"campaign database {self._path} is closed")

    # Campaigns

    async def create_campaign(self, campaign: Campaign, settings: JsonDict,
                              state: JsonDict) -> Campaign:
        """Store a new campaign (any ``id`` on it is ignored); return it with its id."""
        require_dict(settings, "settings")
        require_dict(state, "state")
        async with self._unit(write=True) as db:
            cid = await insert_campaign(db, campaign, settings, state)
        return campaign.model_copy(update={"id": cid})

    async def get_campaign(self, campaign_id: int) -> Campaign | None:
        async with self._unit() as db:
            row = await fetch_one(db, "SELECT * FROM campaigns WHERE id = ?", (campaign_id,))
        return None if row is None else campaign_from_row(row)

    async def campaigns_in_guild(self, guild_id: int) -> list[Campaign]:
        async with self._unit() as db:
            rows = await fetch_all(db, "SELECT * FROM campaigns WHERE guild_id = ? ORDER BY id",
                                   (guild_id,))
        return [campaign_from_row(r) for r in rows]

    async def update_campaign(self, campaign: Campaign) -> None:
        """Write the campaign's fields, only over the version it was read at (``campaign.version``,
        which then moves on by one).  Only resolving and undoing move the turn, and only they,
        opening and ``set_phase`` change the phase, so a copy whose turn, phase or version differs
        from the stored one is stale (read before another change) and refused: ``CampaignChanged``."""
        if campaign.id is None:
            raise StoreError("cannot update a campaign that has no id; create it first")
        async with self._unit(write=True) as db:
            await self._write_campaign(db, campaign)
        campaign.version += 1

    @staticmethod
    async def _write_campaign(db, campaign: Campaign) -> None:
        await lock_campaign(db, campaign.id)
        stored = await campaign_row(db, campaign.id)
        if stored["turn"] != campaign.turn:
            raise CampaignChanged(
                f"campaign {campaign.id} is at turn {stored['turn']} but this copy says "
                f"turn {campaign.turn}; reload the campaign and apply the change again")
        if stored["step"] != campaign.step:
            raise CampaignChanged(
                f"campaign {campaign.id} is at step {stored['step']} of turn {stored['turn']} but this copy "
                f"says step {campaign.step}; reload the campaign and apply the change again")
        if stored["phase"] != campaign.phase.value:
            raise CampaignChanged(
                f"turn {stored['turn']} of campaign {campaign.id} is {stored['phase']} but this copy says "
                f"{campaign.phase.value}: it was read before the phase changed; reload the campaign and "
                f"try again (the phase changes only by opening, resolving, undoing, locking, reopening)")
        assignments = ", ".join(f"{c} = ?" for c in CAMPAIGN_COLUMNS)
        # Conditional on the version read: a backend without this process's transaction still
        # cannot write over a change made since (two /faction link at once both kept).
        cursor = await db.execute(f"UPDATE campaigns SET {assignments}, version = version + 1"
                                  " WHERE id = ? AND version = ?",
                                  campaign_values(campaign) + (campaign.id, campaign.version))
        if cursor.rowcount == 0:
            raise CampaignChanged(f"{stored['name']} was changed by someone else while this change was being "
                                  f"made; reload the campaign and apply the change again")

    async def delete_campaign(self, campaign_id: int) -> bool:
        """Delete a campaign and everything it owns; False if there was none."""
        async with self._unit(write=True) as db:
            cursor = await db.execute("DELETE FROM campaigns WHERE id = ?", (campaign_id,))
        return cursor.rowcount > 0

    # Settings and state

    async def load_state(self, campaign_id: int) -> StateRecord:
        async with self._unit() as db:
            row = await state_row(db, campaign_id)
        return StateRecord(settings=loads(row["settings_json"], "settings"),
                           state=loads(row["state_json"], "state"))

    async def load_state_text(self, campaign_id: int) -> StateText:
        async with self._unit() as db:
            row = await state_row(db, campaign_id)
        return StateText(settings=row["settings_json"], state=row["state_json"])

    async def order_desk(self, campaign_id: int) -> OrderDesk | None:
        # Two statements, not one snapshot: the orders may be newer than the campaign row, which is as
        # good as their being given just after it; the order's write checks turn, step and phase again.
        async with self._unit(snapshot=False) as db:
            row = await fetch_one(db, _DESK, (campaign_id,))
            if row is None:
                return None
            if row["state_json"] is None:
                raise StoreError(f"no state stored for campaign {campaign_id}; the database is damaged")
            orders = await fetch_all(db, "SELECT faction, unit, seq, payload_json FROM orders"
                                         " WHERE campaign_id = ? AND turn = ? AND step = ? ORDER BY seq",
                                     (campaign_id, row["turn"], row["step"]))
        step = None if row["step_number"] is None else StepRecord(
            campaign_id=campaign_id, turn=row["turn"], step=row["step_number"],
            spec=loads(row["step_spec"], f"step {row['step_number']} of turn {row['turn']}"),
            opened_at=row["step_opened_at"], deadline=row["step_deadline"])
        return OrderDesk(campaign=campaign_from_row(row), step=step,
                         texts=StateText(settings=row["settings_json"], state=row["state_json"]),
                         orders=[tuple(order) for order in orders])

    async def save_settings(self, campaign_id: int, settings: JsonDict, *,
                            expected: JsonDict | None = None) -> None:
        """Replace the settings; with ``expected`` (the settings the change was made to), only if
        they are still those: two settings set at once must not lose one (``CampaignChanged``)."""
        text = dumps(require_dict(settings, "settings"), "settings")
        async with self._unit(write=True) as db:
            await lock_campaign(db, campaign_id)  # no other process's settings land between the check and the write
            row = await state_row(db, campaign_id)
            if expected is not None and loads(row["settings_json"], "settings") != expected:
                raise CampaignChanged(f"the settings of campaign {campaign_id} changed while this change was "
                                      f"being made; read them again and apply the change again")
            await db.execute("UPDATE campaign_state SET settings_json = ? WHERE campaign_id = ?",
                             (text, campaign_id))

    async def save_state(self, campaign_id: int, state: JsonDict) -> None:
        text = dumps(require_dict(state, "state"), "state")
        await self._update_state_row(
            campaign_id,
            "state_json = ?, updated_turn = (SELECT turn FROM campaigns WHERE id = campaign_id)",
            (text,))

    async def _update_state_row(self, campaign_id: int, assignments: str,
                                params: tuple[object, ...]) -> None:
        async with self._unit(write=True) as db:
            cursor = await db.execute(
                f"UPDATE campaign_state SET {assignments} WHERE campaign_id = ?",
                params + (campaign_id,))
            if cursor.rowcount == 0:
                raise StoreError(f"no campaign with id {campaign_id}")

    # The moderators' audit log

    async def save_state_audited(self, campaign_id: int, state: JsonDict, entry: AuditEntry,
                                 campaign: Campaign | None = None, *,
                                 expected: JsonDict | None = None) -> AuditEntry:
        """Write the state and its audit entry together (and ``campaign``'s fields, when an
        edit also changes the campaign record, e.g. a clan added); the entry comes back with its seq.
        With ``expected`` (the state the edit was made to), only if the state is still that one:
        another process's edit made meanwhile is not lost (``CampaignChanged``)."""
        async with self._unit(write=True) as db:
            await lock_campaign(db, campaign_id)  # no other process's edit lands between the check and the write
            if expected is not None and loads(await state_text(db, campaign_id), "state") != expected:
                raise CampaignChanged(f"the state of campaign {campaign_id} changed while this edit was being "
                                      f"made; read it again and apply the edit again")
            if campaign is not None:
                await self._write_campaign(db, campaign)
            saved = await sqlite_audit.save_state_audited(db, campaign_id, state, entry)
        if campaign is not None:
            campaign.version += 1
        return saved

    async def add_audit_entry(self, entry: AuditEntry) -> AuditEntry:
        async with self._unit(write=True) as db:
            stored = entry.model_copy(update={"seq": await next_seq(db, entry.campaign_id)})
            await sqlite_audit.insert(db, stored)
            return stored

    async def audit_log(self, campaign_id: int, limit: int = 50,
                        subject: str | None = None) -> list[AuditEntry]:
        async with self._unit() as db:
            return await sqlite_audit.entries(db, campaign_id, limit, subject)

    # Turns

    async def open_turn(self, campaign_id: int, turn: int, seed: str, commitment: str,
                        note: str | None = None, deadline: str | None = None, *,
                        dice_scheme: str = SEED_SCHEME, public_key: str | None = None,
                        step: StepOpening | None = None) -> TurnRecord:
        """Record the campaign's current turn as open (seed, commitment) and set
        the phase to planning and the deadline, together, with its first step (``step``) and the
        answers standing orders give it.  A turn opens once: its commitment is public."""
        async with self._unit(write=True) as db:
            await lock_campaign(db, campaign_id)  # two openings at once: the second finds the turn open
            current = (await campaign_row(db, campaign_id))["turn"]
            if turn != current:
                raise StoreError(f"cannot open turn {turn} of campaign {campaign_id}: "
                                 f"the campaign is at turn {current}")
            if await self._turn_row(db, campaign_id, turn) is not None:
                raise StoreError(f"turn {turn} of campaign {campaign_id} is already open; "
                                 "its seed was committed and cannot change")
            await db.execute(
                "INSERT INTO turns (campaign_id, turn, seed, commitment, status, opened_note, dice_scheme,"
                " public_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (campaign_id, turn, seed, commitment, TurnStatus.PLANNING.value, note, dice_scheme, public_key))
            await db.execute("UPDATE campaigns SET phase = ?, deadline = ?, step = 1, version = version + 1"
                             " WHERE id = ?", (Phase.PLANNING.value, deadline, campaign_id))
            if step is not None:
                await sqlite_resolutions.open_step(db, campaign_id, turn, step.model_copy(update={
                    "step": 1, "deadline": deadline}))
        return TurnRecord(campaign_id=campaign_id, turn=turn, seed=seed, commitment=commitment,
                          status=TurnStatus.PLANNING, opened_note=note, dice_scheme=dice_scheme,
                          public_key=public_key)

    async def get_turn(self, campaign_id: int, turn: int) -> TurnRecord | None:
        async with self._unit() as db:
            row = await self._turn_row(db, campaign_id, turn)
        return None if row is None else TurnRecord.model_validate(dict(row))

    async def get_step(self, campaign_id: int, turn: int, step: int) -> StepRecord | None:
        async with self._unit() as db:
            row = await fetch_one(db, "SELECT * FROM turn_steps WHERE campaign_id = ? AND turn = ? AND step = ?",
                                  (campaign_id, turn, step))
        return None if row is None else _step_record(row)

    async def turn_steps(self, campaign_id: int, turn: int) -> list[StepRecord]:
        async with self._unit() as db:
            rows = await fetch_all(db, "SELECT * FROM turn_steps WHERE campaign_id = ? AND turn = ? ORDER BY step",
                                   (campaign_id, turn))
        return [_step_record(r) for r in rows]

    @staticmethod
    async def _turn_row(db: aiosqlite.Connection, campaign_id: int,
                        turn: int) -> aiosqlite.Row | None:
        return await fetch_one(db, "SELECT * FROM turns WHERE campaign_id = ? AND turn = ?",
                               (campaign_id, turn))

    # Resolutions

    async def commit_resolution(self, record: ResolutionRecord, posts_claimed_at: str | None = None,
                                claimed_by: str | None = None,
                                posts_lease_until: str | None = None,
                                next_step: StepOpening | None = None) -> ResolutionRecord:
        """Atomically store a resolved turn, replace the state with its after
        state, mark the turn resolved and advance the campaign to the next turn
        (phase "resolved").  Its posts are recorded as not done, claimed at
        ``posts_claimed_at`` by the caller (boot ``claimed_by``) who will post them, its lease ending at
        ``posts_lease_until``.  Refused if another boot holds the turn's "resolve" work claim.  Returns
        the record with ``created_seq`` set.  With ``next_step`` the turn goes on instead: that step
        opens (planning, its deadline, its standing answers) in this same unit of work."""
        # Encoded before the transaction, in a worker thread: ~80 ms of CPU at 1,000 units (issue 18).
        encoded = await asyncio.to_thread(sqlite_resolutions.encode_record, record)
        async with self._unit(write=True) as db:
            return await sqlite_resolutions.commit(db, record, posts_claimed_at, claimed_by, posts_lease_until,
                                                   next_step, encoded)

    async def last_resolution(self, campaign_id: int) -> ResolutionRecord | None:
        async with self._unit() as db:
            return await sqlite_resolutions.fetch(db, campaign_id, None)

    async def resolution(self, campaign_id: int, turn: int, step: int = 1) -> ResolutionRecord | None:
        async with self._unit() as db:
            return await sqlite_resolutions.fetch(db, campaign_id, turn, step)

    async def turn_resolutions(self, campaign_id: int, turn: int) -> list[ResolutionRecord]:
        async with self._unit() as db:
            return await sqlite_resolutions.of_turn(db, campaign_id, turn)

    async def resolution_reports(self, campaign_id: int, turn: int | None) -> tuple[int, dict[str, str]] | None:
        """The reports of one resolution, without its states, orders, dice and events (a large
        turn's record is tens of megabytes; /turn log shows one text of it)."""
        async with self._unit() as db:
            row = await sqlite_resolutions.fetch_reports(db, campaign_id, turn)
        if row is None:
            return None
        report = await asyncio.to_thread(loads, row["report_json"], f"report of turn {row['turn']}")
        return row["turn"], report

    async def undo_last_resolution(self, campaign_id: int) -> int:
        """Restore the state before the last resolved step and reopen that step of its turn in
        correction (same seed, commitment and orders; a step opened after it goes, with its
        answers); return the turn's number."""
        async with self._unit(write=True) as db:
            return await sqlite_resolutions.undo_last(db, campaign_id)

    # Transfer

    async def export_campaign(self, campaign_id: int) -> JsonDict:
        async with self._unit() as db:
            return await sqlite_transfer.export(db, campaign_id)

    async def import_campaign(self, data: JsonDict, guild_id: int | None = None) -> Campaign:
        """Store an exported campaign under a new id (in ``guild_id`` if given,
        else the exported guild); raise StoreError if the document is invalid."""
        doc = parse_export(data)
        async with self._unit(write=True) as db:
            return await sqlite_transfer.import_(db, doc, guild_id)



def _step_record(row) -> StepRecord:
    return StepRecord(campaign_id=row["campaign_id"], turn=row["turn"], step=row["step"],
                      spec=loads(row["spec_json"], f"step {row['step']} of turn {row['turn']}"),
                      opened_at=row["opened_at"], deadline=row["deadline"])
