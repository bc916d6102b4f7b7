"""Schema migrations and connection settings."""

from __future__ import annotations

import sqlite3

import pytest

from bot.plugins import get_ruleset
from bot.domain.campaign import Campaign
from bot.engine.seed import commitment
from bot.store.errors import StoreError
from bot.store.migrate import known_migrations, migrate, split_statements
from bot.store.sqlite import SqliteRepository

from .conftest import make_campaign


@pytest.fixture
async def repo(db_path):
    """These tests are of SQLite's files: the migrations of a file made by an older version, pragmas."""
    async with await SqliteRepository.open(db_path) as repository:
        yield repository


def _versions(path) -> list[int]:
    with sqlite3.connect(path) as conn:
        return [r[0] for r in conn.execute("SELECT version FROM schema_version ORDER BY version")]


async def test_migrations_applied_once_and_reopen_is_idempotent(db_path):
    known = [m.version for m in known_migrations()]
    async with await SqliteRepository.open(db_path) as repo:
        await repo.create_campaign(make_campaign(), {}, {"a": 1})
    assert _versions(db_path) == known
    async with await SqliteRepository.open(db_path) as repo:
        assert len(await repo.campaigns_in_guild(42)) == 1  # data survives, nothing re-run
    assert _versions(db_path) == known


async def test_migrate_again_applies_nothing(repo):
    assert await migrate(repo._db, "again") == []


async def test_wal_and_foreign_keys_are_on(repo):
    db = repo._db
    assert (await db.execute_fetchall("PRAGMA journal_mode"))[0][0] == "wal"
    assert (await db.execute_fetchall("PRAGMA foreign_keys"))[0][0] == 1


async def test_foreign_keys_are_on_after_reopen(db_path):
    for _ in range(2):
        async with await SqliteRepository.open(db_path) as repo:
            assert (await repo._db.execute_fetchall("PRAGMA foreign_keys"))[0][0] == 1


async def test_newer_schema_is_refused(db_path):
    async with await SqliteRepository.open(db_path):
        pass
    with sqlite3.connect(db_path) as conn:
        conn.execute("INSERT INTO schema_version (version, name) VALUES (999, 'future.sql')")
    with pytest.raises(StoreError, match=r"schema version 999 is newer.*upgrade Fleetwright"):
        await SqliteRepository.open(db_path)


async def test_other_programs_database_is_refused(db_path):
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StoreError, match="not a Fleetwright one"):
        await SqliteRepository.open(db_path)
    with sqlite3.connect(db_path) as conn:  # and it was left untouched
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"invoices"}


def test_split_statements_keeps_semicolons_in_strings_and_triggers():
    sql = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT 'a;b');
    CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 'c;d'; END;
    INSERT INTO t VALUES ('e'); INSERT INTO t VALUES ('f')
    """
    statements = split_statements(sql)
    assert len(statements) == 4
    conn = sqlite3.connect(":memory:")
    for statement in statements:
        conn.execute(statement)
    assert [r[0] for r in conn.execute("SELECT x FROM t")] == ["c;d", "c;d"]


async def test_0008_moves_stored_order_slots_into_their_namespaces(db_path, monkeypatch):
    """A database from before 0008: a unit's, a later sub-phase's, a clan policy's and a credit's
    orders (and the copies in a stored resolution) get the slots SengokuRuleset.order_slot names."""
    import bot.store.migrate as migrate_module
    from bot.engine.seed import commitment

    from .conftest import SEED, resolution_for

    everything = known_migrations()
    monkeypatch.setattr(migrate_module, "known_migrations",  # the code needs every other column
                        lambda: [m for m in everything if m.version != 8])
    legacy = [("mori", "mori-kobayakawa", {"kind": "sq_idle", "unit": "mori-kobayakawa"}),
              ("mori", "mori-kobayakawa#SP2", {"kind": "sq_idle", "unit": "mori-kobayakawa", "subphase": "SP2"}),
              ("mori", "mori", {"kind": "clan_policy", "unit": "mori"}),
              ("mori", "credit:2:mori", {"kind": "redeem_capture", "unit": "credit:2:mori", "port": "tomo"})]
    async with await SqliteRepository.open(db_path) as repo:
        campaign = await repo.create_campaign(make_campaign(), {}, {"a": 1})
        other = await repo.create_campaign(make_campaign().model_copy(update={"ruleset": "other"}), {}, {})
        for cid in (campaign.id, other.id):
            await repo.open_turn(cid, 1, SEED, commitment(SEED))
            for faction, slot, payload in legacy:
                await repo.put_order(cid, 1, faction, slot, payload)
        orders = await repo.list_orders(campaign.id, 1)
        await repo.commit_resolution(resolution_for(campaign.id, 1, {"a": 1}, orders))
    assert 8 not in _versions(db_path)

    monkeypatch.setattr(migrate_module, "known_migrations", lambda: everything)
    async with await SqliteRepository.open(db_path) as repo:
        moved = [(o.unit, o.payload["kind"]) for o in await repo.list_orders(campaign.id, 1)]
        kept = [o.unit for o in await repo.list_orders(other.id, 1)]
        resolved = [o.unit for o in (await repo.resolution(campaign.id, 1)).orders]
    assert moved == [("unit:mori-kobayakawa", "sq_idle"), ("unit:mori-kobayakawa#SP2", "sq_idle"),
                     ("clan:mori:policy", "clan_policy"), ("credit:credit:2:mori", "redeem_capture")]
    assert resolved == [slot for slot, _ in moved]
    assert kept == [slot for _, slot, _ in legacy]  # another ruleset's slots are its own business
    ruleset = get_ruleset("sengoku")  # the migration and the rules agree
    assert [ruleset.order_slot(ruleset.parse_order(p)) for _, _, p in legacy] == [slot for slot, _ in moved]


async def test_turns_stored_before_signed_dice_keep_the_seed_scheme(tmp_path):
    """0005 adds the dice scheme and public key to turns: a turn stored before it stays an HMAC-seed
    turn, so its revealed seed still verifies (docs/decisions.md, signed dice)."""
    path = tmp_path / "old.db"
    async with await SqliteRepository.open(path) as repo:
        campaign = await repo.create_campaign(Campaign(name="Old", ruleset="sengoku", map_id="seto", turn=1),
                                              {}, {})
        await repo.open_turn(campaign.id, 1, "old-seed", commitment("old-seed"))
    with sqlite3.connect(path) as conn:  # as a database of version 4 held it
        conn.execute("DELETE FROM schema_version WHERE version = 5")
        conn.execute("ALTER TABLE turns DROP COLUMN public_key")
        conn.execute("ALTER TABLE turns DROP COLUMN dice_scheme")
    async with await SqliteRepository.open(path) as repo:
        turn = await repo.get_turn(campaign.id, 1)
    assert (turn.dice_scheme, turn.public_key, turn.seed, turn.revealed()) == ("hmac-seed", None, "old-seed",
                                                                               "old-seed")
    assert 5 in _versions(path)
