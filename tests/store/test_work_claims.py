"""Work claims (migration 0021): taken, refused while another's lease runs, taken over once it has
ended, renewed and finished only by their holder, released for anyone; on both backends."""

from __future__ import annotations


async def test_work_claims_in_the_store(repo, campaign):
    t0, t1, t2 = "2026-03-01T12:00:00+00:00", "2026-03-01T12:00:30+00:00", "2026-03-01T12:01:00+00:00"
    assert await repo.claim_work(campaign.id, 1, "x", "a", t0, t1)
    assert not await repo.claim_work(campaign.id, 1, "x", "b", t0, t2)
    assert await repo.claim_work(campaign.id, 1, "x", "a", t0, t1)  # its own: still its own
    assert await repo.claim_work(campaign.id, 1, "x", "b", t2, "2026-03-01T12:01:30+00:00")  # a's lease ended
    assert not await repo.renew_work(campaign.id, 1, "x", "a", t2)
    assert not await repo.finish_work(campaign.id, 1, "x", "a", t2)
    assert await repo.finish_work(campaign.id, 1, "x", "b", t2)
    assert not await repo.claim_work(campaign.id, 1, "x", "c", "2027-01-01T00:00:00+00:00", "2027-01-01T00:01:00+00:00")
    claim = await repo.work_claim(campaign.id, 1, "x")
    assert (claim.claimed_by, claim.done_at) == ("b", t2)
    await repo.release_work(campaign.id, 1, "y", "a")  # nothing to release: nothing happens
    assert await repo.claim_work(campaign.id, 1, "y", "a", t0, t1)
    await repo.release_work(campaign.id, 1, "y", "a")
    assert await repo.claim_work(campaign.id, 1, "y", "b", t0, t1)  # released: free at once


async def test_reminders_sent_before_0021_are_done_work_after_the_upgrade(db_path):
    import sqlite3

    from bot.engine.seed import commitment
    from bot.store import open_repository

    from .conftest import SEED, SETTINGS, STATE, make_campaign

    async with await open_repository(db_path) as repo:
        campaign = await repo.create_campaign(make_campaign(), SETTINGS, STATE)
        await repo.open_turn(campaign.id, 1, SEED, commitment(SEED))
        deadline = "2026-03-03T12:00+00:00"
        assert await repo.claim_reminder(campaign.id, 1, deadline, "24h")  # as the version before 0021 did
        assert await repo.claim_reminder(campaign.id, 1, deadline, "passed")
    with sqlite3.connect(db_path) as conn:  # the database as that version left it
        conn.execute("DROP TABLE work_claims")
        conn.execute("ALTER TABLE resolution_posts DROP COLUMN lease_until")
        conn.execute("DELETE FROM schema_version WHERE version = 21")
    async with await open_repository(db_path) as repo:
        t0, t1 = "2026-03-03T11:00:00+00:00", "2026-03-03T11:03:00+00:00"
        assert not await repo.claim_work(campaign.id, 1, f"reminder:24h@{deadline}", "new", t0, t1)
        assert not await repo.claim_work(campaign.id, 1, f"passed@{deadline}", "new", t0, t1)
        assert await repo.claim_work(campaign.id, 1, f"reminder:1h@{deadline}", "new", t0, t1)  # never sent


async def test_a_claim_of_a_boot_known_dead_is_taken_over_at_once(repo, campaign):
    t0, t1 = "2026-03-01T12:00:00+00:00", "2026-03-01T12:03:00+00:00"
    assert await repo.claim_work(campaign.id, 1, "resolve", "host:1:old", t0, t1)
    assert not await repo.claim_work(campaign.id, 1, "resolve", "host:2:new", t0, t1, dead=["host:9:other"])
    assert await repo.claim_work(campaign.id, 1, "resolve", "host:2:new", t0, t1, dead=["host:1:old"])
    assert (await repo.work_claim(campaign.id, 1, "resolve")).claimed_by == "host:2:new"
