"""What only the PostgreSQL backend has to show: its URL's password stays hidden, it refuses a
database that is not its own or is newer, several processes migrate one database at once, and
the row locks that stand in for SQLite's one writer at a time (a write that checks, then writes,
cannot be overtaken by another process's write in between; a claim is never taken twice).

Another process's write is played by a raw connection that holds the lock that a unit of work of
the store would hold, so the interleaving is exact rather than left to timing."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.seed import commitment
from bot.store import StoreError, describe_location, open_repository
from bot.store.migrate import known_migrations, postgres_migrations
from bot.store.pg_open import redact

from .conftest import SEED, SETTINGS, STATE, make_campaign, resolution_for

pytestmark = pytest.mark.postgres


@pytest.fixture
def url(postgres):
    made = postgres.fresh()
    yield made
    postgres.drop(made)


@pytest.fixture
async def empty_url(postgres):
    """A database with no table at all (not made from the migrated template)."""
    import asyncpg

    name = f"{postgres.prefix}_empty"
    conn = await asyncpg.connect(postgres.server.admin_url)
    await conn.execute(f'CREATE DATABASE "{name}"')
    yield postgres.server.url(name)
    await conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    await conn.close()


@pytest.fixture
async def raw(url):
    """Another process's connection, past the store."""
    import asyncpg

    conn = await asyncpg.connect(url)
    yield conn
    await conn.close()


@pytest.fixture
async def pg_campaign(url):
    async with await open_repository(url) as repo:
        stored = await repo.create_campaign(make_campaign(), SETTINGS, STATE)
        await repo.open_turn(stored.id, 1, SEED, commitment(SEED))
        yield repo, stored


def test_the_password_of_a_url_is_never_shown():
    assert redact("postgresql://fleet:s3cr%40t@db:5432/fw") == "postgresql://fleet:***@db:5432/fw"
    assert redact("postgres://db/fw?user=fleet&password=hunter2&sslmode=require") == \
        "postgres://db/fw?user=fleet&password=***&sslmode=require"
    assert redact("postgresql://fleet@db/fw") == "postgresql://fleet@db/fw"
    assert describe_location("postgresql://u:pw@h/d") == "postgresql://u:***@h/d"
    assert describe_location("/var/lib/fw.db") == "/var/lib/fw.db"


async def test_a_server_that_cannot_be_reached_is_named_without_the_password(postgres):
    # A port nobody listens on (the server's own port + 1 is free only by chance: use port 1).
    with pytest.raises(StoreError) as caught:
        await open_repository("postgresql://fleet:hunter2@127.0.0.1:1/fw")
    message = str(caught.value)
    assert message.startswith("cannot open campaign database postgresql://fleet:***@127.0.0.1:1/fw: ")
    assert "the server runs" in message
    assert "hunter2" not in message and "hunter2" not in repr(caught.value)
    assert caught.value.__cause__ is None  # the driver's exception (which may quote the URL) is not chained


async def test_a_wrong_password_is_refused_without_showing_it(postgres, url):
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE ROLE fleet_pw LOGIN PASSWORD 'right-one'")
    except asyncpg.DuplicateObjectError:
        pass
    finally:
        await conn.close()
    wrong = url.replace("postgres@", "fleet_pw:not-the-right-one@")
    try:
        await open_repository(wrong)
    except StoreError as exc:  # refused (a server that trusts every local login lets it in: fine too)
        assert "not-the-right-one" not in str(exc) and "fleet_pw:***@" in str(exc)


async def test_the_repository_and_its_errors_never_show_the_password(pg_campaign):
    repo, _ = pg_campaign
    repo._shown = redact("postgresql://fleet:hunter2@db/fw")  # as it was opened with a password
    assert "hunter2" not in repr(repo)
    await repo.close()
    with pytest.raises(StoreError) as caught:
        await repo.get_campaign(1)
    assert "hunter2" not in str(caught.value) + (caught.value.detail or "")
    assert "fleet:***@db/fw" in caught.value.detail


async def test_another_programs_database_is_refused_and_left_alone(empty_url):
    import asyncpg

    other = await asyncpg.connect(empty_url)
    try:
        await other.execute("CREATE TABLE invoices (id integer)")
        with pytest.raises(StoreError, match="a PostgreSQL database but not a Fleetwright one.*invoices"):
            await open_repository(empty_url)
        tables = {r[0] for r in await other.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    finally:
        await other.close()
    assert tables == {"invoices"}


async def test_an_empty_database_gets_every_migration(empty_url):
    async with await open_repository(empty_url) as repo:
        async with repo._unit() as db:
            versions = [r[0] for r in await db.execute_fetchall("SELECT version FROM schema_version ORDER BY 1")]
    assert versions == [m.version for m in known_migrations()]


async def test_a_newer_schema_is_refused(url):
    async with await open_repository(url) as repo:
        async with repo._unit(write=True) as db:
            await db.execute("INSERT INTO schema_version (version, name) VALUES (999, 'future.sql')")
    with pytest.raises(StoreError, match=r"schema version 999 is newer.*upgrade Fleetwright"):
        await open_repository(url)


async def test_processes_starting_at_once_migrate_once(postgres, raw):
    """A new empty database, four bot processes starting together: the advisory lock makes them
    take turns, the first applies every migration, the others find nothing to do."""
    await raw.execute("CREATE DATABASE fw_migrate_race")
    target = postgres.server.url("fw_migrate_race")
    try:
        repos = await asyncio.gather(*(open_repository(target) for _ in range(4)))
        for repo in repos:
            await repo.close()
        import asyncpg

        conn = await asyncpg.connect(target)
        versions = [r[0] for r in await conn.fetch("SELECT version FROM schema_version ORDER BY version")]
        await conn.close()
        assert versions == [m.version for m in known_migrations()]
    finally:
        await raw.execute("DROP DATABASE fw_migrate_race WITH (FORCE)")


def test_every_migration_has_its_postgresql_form():
    """One source of truth: the same numbers and names; integer columns wide enough for Discord ids."""
    shared, postgres = known_migrations(), postgres_migrations()
    assert [(m.version, m.name) for m in postgres] == [(m.version, m.name) for m in shared]
    initial = postgres[0].sql
    assert "guild_id          BIGINT" in initial and "AUTOINCREMENT" not in initial
    assert "GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" in initial
    assert "json_extract" not in postgres[[m.version for m in postgres].index(8)].sql  # its own file


async def test_the_moderators_channel_keeps_a_discord_sized_id(pg_campaign, raw):
    """Migration 0031's column is BIGINT on PostgreSQL (INTEGER in its one source), as Discord's ids need."""
    repo, campaign = pg_campaign
    campaign = await repo.get_campaign(campaign.id)
    assert campaign.moderator_channel_id is None  # a campaign stored before it: none set
    campaign.moderator_channel_id = 1_300_000_000_000_000_002
    await repo.update_campaign(campaign)
    assert (await repo.get_campaign(campaign.id)).moderator_channel_id == 1_300_000_000_000_000_002
    kind = await raw.fetchval("SELECT data_type FROM information_schema.columns WHERE table_name = 'campaigns' "
                              "AND column_name = 'moderator_channel_id'")
    assert kind == "bigint"


async def test_discord_sized_ids_and_json_text_are_kept_exactly(pg_campaign, raw):
    repo, campaign = pg_campaign
    campaign = await repo.get_campaign(campaign.id)
    campaign.report_channel_id = 1_300_000_000_000_000_001  # past 32 bits, as Discord's ids are
    await repo.update_campaign(campaign)
    assert (await repo.get_campaign(campaign.id)).report_channel_id == 1_300_000_000_000_000_001
    await repo.save_state(campaign.id, {"z": 1, "a": {"é": 0.1}, "m": [3, 2, 1]})
    text = await raw.fetchval("SELECT state_json FROM campaign_state WHERE campaign_id = $1", campaign.id)
    assert text == '{"z":1,"a":{"é":0.1},"m":[3,2,1]}'  # text, not jsonb: key order and spacing as written


async def test_a_number_too_large_is_refused_and_changes_nothing(pg_campaign):
    repo, campaign = pg_campaign
    campaign = await repo.get_campaign(campaign.id)
    campaign.report_channel_id = 2 ** 64
    with pytest.raises(StoreError, match="cannot store a number that large: PostgreSQL keeps integers up to"):
        await repo.update_campaign(campaign)
    assert (await repo.get_campaign(campaign.id)).report_channel_id == 1001


async def _held_by_another_process(raw, *statements):
    """Another process's unit of work, stopped half-way: its lock held, its change not committed."""
    transaction = raw.transaction()
    await transaction.start()
    for statement, *params in statements:
        await raw.execute(statement, *params)
    return transaction


async def _blocked(call) -> asyncio.Task:
    task = asyncio.ensure_future(call)
    await asyncio.sleep(0.3)
    assert not task.done(), "the write did not wait for the other process's lock on the campaign"
    return task


async def test_an_order_checked_before_a_lock_and_landing_after_it_is_refused(pg_campaign, raw):
    """The other process locks the turn (a moderator's /turn lock) while a player's order is on its
    way: the order waits for the campaign's row, then sees the lock and is refused.  Without the
    row lock it read the old phase, waited only at the sequence counter, and landed after the lock."""
    repo, campaign = pg_campaign
    lock = await _held_by_another_process(
        raw, ("SELECT id FROM campaigns WHERE id = $1 FOR UPDATE", campaign.id),
        ("UPDATE campaigns SET phase = 'locked', version = version + 1 WHERE id = $1", campaign.id))
    order = await _blocked(repo.put_order(campaign.id, 1, "mori", "zeta", {}, phases=("planning",)))
    await lock.commit()
    with pytest.raises(StoreError, match="is locked now, closed to players' orders"):
        await order
    assert await repo.list_orders(campaign.id, 1) == []


async def test_settings_changed_by_another_process_meanwhile_are_not_overwritten(pg_campaign, raw):
    repo, campaign = pg_campaign
    theirs = await _held_by_another_process(
        raw, ("SELECT id FROM campaigns WHERE id = $1 FOR UPDATE", campaign.id),
        ("UPDATE campaign_state SET settings_json = '{\"theirs\":1}' WHERE campaign_id = $1", campaign.id))
    mine = await _blocked(repo.save_settings(campaign.id, {"mine": 1}, expected=SETTINGS))
    await theirs.commit()
    with pytest.raises(StoreError, match="settings of campaign .* changed while this change was being made"):
        await mine
    assert (await repo.load_state(campaign.id)).settings == {"theirs": 1}


async def test_a_turn_resolved_by_another_process_meanwhile_is_not_resolved_again(pg_campaign, raw):
    repo, campaign = pg_campaign
    record = resolution_for(campaign.id, 1, STATE, [])
    theirs = await _held_by_another_process(
        raw, ("SELECT id FROM campaigns WHERE id = $1 FOR UPDATE", campaign.id),
        ("UPDATE turns SET status = 'resolved' WHERE campaign_id = $1 AND turn = 1", campaign.id),
        ("UPDATE campaigns SET turn = 2, phase = 'resolved', version = version + 1 WHERE id = $1", campaign.id))
    mine = await _blocked(repo.commit_resolution(record))
    await theirs.commit()
    with pytest.raises(StoreError, match="the campaign is at turn 2"):
        await mine
    assert await repo.last_resolution(campaign.id) is None


async def test_posts_being_claimed_by_another_process_are_skipped_not_claimed_twice(pg_campaign, raw):
    """Two schedulers looking for unposted resolutions at once: the one that comes second skips
    the rows the first is claiming (SKIP LOCKED) at once, instead of claiming them after it."""
    repo, campaign = pg_campaign
    committed = await repo.commit_resolution(resolution_for(campaign.id, 1, STATE, []))
    theirs = await _held_by_another_process(
        raw, ("SELECT 1 FROM resolution_posts WHERE campaign_id = $1 FOR UPDATE", campaign.id),
        ("UPDATE resolution_posts SET claimed_at = '2026-03-01T12:00:00+00:00', claimed_by = 'other:1:x'"
         " WHERE campaign_id = $1", campaign.id))
    mine = await asyncio.wait_for(repo.claim_unposted_resolutions("2026-03-01T12:00:01+00:00",
                                                                  "2026-03-01T11:50:00+00:00", "me:2:y"), 5)
    await theirs.commit()
    assert mine == []
    assert await repo.unposted_resolution(campaign.id) == (committed, "other:1:x")
