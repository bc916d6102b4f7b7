"""Whether each resolution's posts went out (migration 0004): claimed by whoever
commits it, claimed again only when that claim is stale, done once marked."""

from __future__ import annotations

import sqlite3

from bot.engine.seed import commitment
from bot.store import AuditEntry
from bot.store.sqlite import SqliteRepository

from .conftest import SEED, SETTINGS, STATE, make_campaign, resolution_for, with_secret

T0 = "2026-03-01T12:00:00+00:00"
T1 = "2026-03-01T12:05:00+00:00"
T2 = "2026-03-01T12:20:00+00:00"


async def _commit(repo, campaign, claimed_at=None):
    state = (await repo.load_state(campaign.id)).state
    return await repo.commit_resolution(resolution_for(campaign.id, 1, state, []), claimed_at)


async def test_an_unclaimed_resolution_is_claimed_once_until_its_claim_goes_stale(repo, campaign):
    committed = await _commit(repo, campaign)
    assert await repo.claim_unposted_resolutions(T0, "2026-03-01T11:50:00+00:00") == [committed]
    assert await repo.claim_unposted_resolutions(T1, "2026-03-01T11:55:00+00:00") == []  # claimed at T0: fresh
    assert await repo.claim_unposted_resolutions(T2, "2026-03-01T12:10:00+00:00") == [committed]  # T0 is stale
    await repo.mark_resolution_posted(campaign.id, 1, committed.created_seq, T2)
    assert await repo.claim_unposted_resolutions("2026-03-02T12:00:00+00:00", "2026-03-02T11:50:00+00:00") == []


async def test_the_committing_callers_claim_is_left_alone_while_fresh(repo, campaign):
    committed = await _commit(repo, campaign, claimed_at=T1)
    assert await repo.claim_unposted_resolutions(T1, T0) == []
    assert await repo.claim_unposted_resolutions(T2, T2) == [committed]


async def test_an_undone_resolution_is_not_posted_and_a_redo_is_a_resolution_of_its_own(repo, campaign):
    first = await _commit(repo, campaign)
    await repo.undo_last_resolution(campaign.id)
    assert await repo.claim_unposted_resolutions(T0, T0) == []
    again = await _commit(repo, campaign)
    assert again.created_seq != first.created_seq
    assert await repo.claim_unposted_resolutions(T0, T0) == [again]


async def test_resolutions_committed_before_the_migration_count_as_posted(db_path):
    async with await SqliteRepository.open(db_path) as repo:
        campaign = await repo.create_campaign(make_campaign(), SETTINGS, STATE)
        await repo.open_turn(campaign.id, 1, SEED, commitment(SEED))
        await _commit(repo, campaign)
    with sqlite3.connect(db_path) as conn:  # the database as the version before 0004 left it
        conn.execute("DROP TABLE resolution_posts")
        conn.execute("DROP TABLE resolution_messages")  # and 0006 and 0021, which build on 0004
        conn.execute("DROP TABLE work_claims")
        conn.execute("DELETE FROM schema_version WHERE version IN (4, 6, 21)")
    async with await SqliteRepository.open(db_path) as repo:
        assert await repo.claim_unposted_resolutions(T2, T2) == []
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT turn, posted_at FROM resolution_posts").fetchall() == [(1, "before 0004")]


async def test_imported_resolutions_are_history_and_not_posted_again(repo, campaign):
    await _commit(repo, campaign)
    copy = await repo.import_campaign(with_secret(await repo.export_campaign(campaign.id)))
    claimed = await repo.claim_unposted_resolutions(T2, T2)
    assert [(r.campaign_id, r.turn) for r in claimed] == [(campaign.id, 1)]  # the original's, not the copy's
    assert copy.id != campaign.id


async def test_a_dead_boots_claim_is_taken_over_at_once_and_a_live_one_renews_its_own(repo, campaign):
    """0006: a claim names its boot; one in ``dead`` is claimed at once, fresh or not; renewing works
    only for the boot holding the claim."""
    committed = await _commit(repo, campaign, claimed_at=T1)
    assert await repo.post_claimants() == set()  # the commit named no boot
    assert await repo.claim_unposted_resolutions(T1, T0, "boot-b", dead=["boot-x"]) == []  # fresh: left alone
    assert await repo.claim_unposted_resolutions(T2, T2, "boot-a") == [committed]
    assert await repo.post_claimants() == {"boot-a"}
    assert await repo.claim_unposted_resolutions(T2, T0, "boot-b") == []  # boot-a's claim is fresh
    assert await repo.claim_unposted_resolutions(T2, T0, "boot-b", dead=["boot-a"]) == [committed]
    assert not await repo.renew_resolution_claim(campaign.id, 1, committed.created_seq, "boot-a", T2)
    assert await repo.renew_resolution_claim(campaign.id, 1, committed.created_seq, "boot-b", T2)


async def test_messages_are_marked_once_and_skipping_is_audited_and_ends_the_claims(repo, campaign):
    committed = await _commit(repo, campaign, claimed_at=T1)
    seq = committed.created_seq
    await repo.mark_message_delivered(campaign.id, 1, seq, "public", 0, 520, 111, T1)
    await repo.mark_message_delivered(campaign.id, 1, seq, "public", 0, 520, 222, T2)  # a repeat changes nothing
    assert await repo.delivered_messages(campaign.id, 1, seq) == {("public", 0)}
    (record, claimant) = await repo.unposted_resolution(campaign.id)
    assert (record.turn, claimant) == (1, None)
    entry = AuditEntry(campaign_id=campaign.id, at=T2, turn=2, phase="resolved", actor_id=2, actor_name="mod",
                       kind="skip_unposted", payload={"kind": "skip_unposted"}, description="given up")
    assert await repo.skip_unposted(campaign.id, 1, seq, T2, entry)
    assert not await repo.skip_unposted(campaign.id, 1, seq, T2, entry)  # once
    assert await repo.unposted_resolution(campaign.id) is None
    assert await repo.claim_unposted_resolutions(T2, T2, "boot-a") == []
    assert [e.kind for e in await repo.audit_log(campaign.id)] == ["skip_unposted"]
