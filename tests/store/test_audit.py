"""The moderators' audit log in the store: written with the state in one
transaction, read newest first and by subject, carried by export and import;
and migrations that leave a gap in their numbers."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import migrate as migrations
from bot.store.errors import StoreError
from bot.store.repository import AuditEntry
from bot.store import open_repository
from bot.store.sqlite import SqliteRepository

from .conftest import raw_state_text, with_secret


def entry(campaign_id: int, kind: str = "unit_edit", subjects: tuple[str, ...] = ("mori", "zeta"),
          reason: str | None = "loss roll misread") -> AuditEntry:
    return AuditEntry(campaign_id=campaign_id, at="2026-03-01T12:00:00+00:00", turn=1, phase="planning",
                      actor_id=2, actor_name="mod", kind=kind, payload={"kind": kind, "id": "zeta", "damage": 2},
                      description="Squadron Zeta: damage 0 → 2.", reason=reason, subjects=list(subjects))


async def test_state_and_entry_are_written_together_with_the_next_seq(repo, campaign):
    order = await repo.put_order(campaign.id, 1, "mori", "zeta", {})
    stored = await repo.save_state_audited(campaign.id, {"edited": True}, entry(campaign.id))
    assert stored.seq == order.seq + 1  # one timeline with the orders
    assert await raw_state_text(repo, campaign.id) == '{"edited":true}'
    assert await repo.audit_log(campaign.id) == [stored]


async def test_a_failed_write_leaves_neither_state_nor_entry(repo, campaign):
    before = await raw_state_text(repo, campaign.id)
    with pytest.raises(StoreError, match="cannot store edit payload"):
        await repo.save_state_audited(campaign.id, {"edited": True},
                                      entry(campaign.id).model_copy(update={"payload": {"bad": {1, 2}}}))
    assert await raw_state_text(repo, campaign.id) == before
    assert await repo.audit_log(campaign.id) == []
    with pytest.raises(StoreError, match="no campaign with id 99"):
        await repo.save_state_audited(99, {}, entry(99))


async def test_the_log_reads_newest_first_limited_and_by_subject(repo, campaign):
    await repo.save_state_audited(campaign.id, {"n": 1}, entry(campaign.id, subjects=("mori", "zeta")))
    await repo.save_state_audited(campaign.id, {"n": 2}, entry(campaign.id, "weather", subjects=()))
    await repo.save_state_audited(campaign.id, {"n": 3}, entry(campaign.id, subjects=("sue", "kobune")))
    assert [e.kind for e in await repo.audit_log(campaign.id)] == ["unit_edit", "weather", "unit_edit"]
    assert [e.seq for e in await repo.audit_log(campaign.id, limit=2)] == [3, 2]
    assert [e.subjects for e in await repo.audit_log(campaign.id, subject="mori")] == [["mori", "zeta"]]
    assert await repo.audit_log(campaign.id, subject="zet") == []  # whole ids only


async def test_export_and_import_carry_the_log(repo, campaign, new_database):
    await repo.save_state_audited(campaign.id, {"n": 1}, entry(campaign.id, reason=None))
    await repo.save_state_audited(campaign.id, {"n": 2}, entry(campaign.id, "weather", subjects=(), reason=None))
    exported = await repo.export_campaign(campaign.id)
    assert [(a["seq"], a["kind"], a["reason"]) for a in exported["audit"]] == [(1, "unit_edit", None),
                                                                            (2, "weather", None)]
    async with await open_repository(new_database()) as other:
        imported = await other.import_campaign(with_secret(exported))
        assert [e.model_dump(exclude={"campaign_id"}) for e in await other.audit_log(imported.id)] == \
            [e.model_dump(exclude={"campaign_id"}) for e in await repo.audit_log(campaign.id)]
        later = await other.put_order(imported.id, 1, "mori", "zeta", {})
        assert later.seq == 3  # the counter carries on after the log


async def test_an_export_without_a_log_still_imports(repo, campaign):
    exported = await repo.export_campaign(campaign.id)
    del exported["audit"]
    imported = await repo.import_campaign(with_secret(exported))
    assert await repo.audit_log(imported.id) == []


async def test_an_export_with_a_repeated_entry_number_is_refused(repo, campaign):
    await repo.save_state_audited(campaign.id, {"n": 1}, entry(campaign.id))
    exported = await repo.export_campaign(campaign.id)
    exported["audit"].append(exported["audit"][0])
    with pytest.raises(StoreError, match="audit entry number 1 is used twice"):
        await repo.import_campaign(with_secret(exported))


async def test_a_migration_numbered_below_one_already_applied_still_runs(db_path, monkeypatch):
    """Branches reserve numbers: 0004 may ship before 0003; 0003 then applies on the next start.  (0003,
    which no later migration reads: 0021 reads 0002's reminders, so a database without 0002 cannot be.)"""
    known = migrations.known_migrations()
    monkeypatch.setattr(migrations, "known_migrations", lambda: [m for m in known if m.version != 3])
    async with await SqliteRepository.open(db_path):
        pass
    extra = migrations.Migration(3, "0003_late.sql", "CREATE TABLE late_arrival (id INTEGER)")
    monkeypatch.setattr(migrations, "known_migrations",
                        lambda: sorted([*[m for m in known if m.version != 3], extra], key=lambda m: m.version))
    async with await SqliteRepository.open(db_path):
        pass
    with sqlite3.connect(db_path) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_version ORDER BY version")]
        assert conn.execute("SELECT count(*) FROM late_arrival").fetchone() == (0,)
    assert versions == sorted({1, 2, 3} | {m.version for m in known})

