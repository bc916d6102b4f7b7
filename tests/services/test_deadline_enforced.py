"""After the deadline a player's order writes are refused, in the write's own transaction,
and one player re-sending orders cannot keep an auto-resolving turn from committing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.domain.campaign import Phase
from bot.scheduler import DeadlineScheduler
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.services.turns import TurnLifecycle
from bot.store import StoreError, open_repository
from tests.services.test_scheduler import START, Clock, Recorder

ORDER = {"kind": "tf_trade", "unit": "mori-akita-maru"}
PASSED = ("the deadline of turn 3 of Seto 1560 passed at 2026-12-01 12:00 UTC, so orders are closed; a moderator "
          "may extend it with /turn deadline, or give the order as your clan with /mod act-as")


@pytest.fixture
async def world(database):
    clock = Clock()
    repo = await open_repository(database)
    service = CampaignService(repo, clock=clock, seed_factory=lambda: "fixed-seed")
    await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.set_channels(1, report_channel_id=520)
    await service.open_turn(1, "in 48h")
    await service.submit_order(1, "mori", ORDER)
    yield service, clock
    await repo.close()


async def test_after_the_deadline_players_cannot_write_and_moderators_can(world):
    service, clock = world
    clock.at(timedelta(0))  # the deadline itself: closed
    for write in (lambda: service.submit_order(1, "mori", ORDER), lambda: service.clear_order(1, "mori", ORDER["unit"]),
                  lambda: service.clear_orders(1, "mori"), lambda: TurnLifecycle(service).mark_ready(1, "mori")):
        with pytest.raises(UserError) as refused:
            await write()
        assert str(refused.value) == PASSED
    assert [o.unit for o in await service.orders(1, "mori")] == ["unit:mori-akita-maru"]
    await service.submit_order(1, "mori", ORDER, moderator=True)  # a moderator acting as the clan may
    await TurnLifecycle(service).set_deadline(1, "in 2h")  # extended: players may write again
    await service.submit_order(1, "mori", ORDER)


async def test_the_store_refuses_a_write_checked_before_the_deadline_and_landing_after(world):
    """The service's check passed a moment before the deadline; the store's, in the write's own
    transaction, is what counts."""
    service, clock = world
    for write in (lambda now: service.repo.put_order(1, 3, "mori", "unit:mori-akita-maru", ORDER, now=now),
                  lambda now: service.repo.delete_order(1, 3, "unit:mori-akita-maru", now=now),
                  lambda now: service.repo.delete_orders(1, 3, "mori", now=now),
                  lambda now: service.repo.set_ready(1, 3, "mori", "2026-12-01T12:00:00+00:00", now=now)):
        with pytest.raises(StoreError) as refused:
            await write(START + timedelta(hours=48))
        assert PASSED in str(refused.value)
    await service.repo.put_order(1, 3, "mori", "unit:mori-akita-maru", ORDER, now=START + timedelta(hours=47))


async def test_a_player_resending_every_window_cannot_starve_the_auto_resolution(world):
    """Before the fix each tick read the orders, a player re-sent one while the turn resolved,
    the commit was refused ("its orders changed"), and the next tick began again: forever."""
    service, clock = world
    await TurnLifecycle(service).set_deadline(1, auto_resolve=True)
    clock.at(-timedelta(minutes=1))
    compute, refused = service._compute, []

    async def resend_during_the_resolution(*args):
        computed = await compute(*args)
        try:
            await service.submit_order(1, "mori", ORDER)
        except UserError as exc:
            refused.append(str(exc))
        return computed

    service._compute = resend_during_the_resolution
    recorder = Recorder()
    await DeadlineScheduler(service, recorder, clock=clock).tick()
    assert recorder.said == [("resolved", 3)]
    assert refused == [PASSED]
    campaign = await service.campaign(1)
    assert (campaign.turn, campaign.phase) == (4, Phase.RESOLVED)
