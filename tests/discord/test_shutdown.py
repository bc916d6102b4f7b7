"""A clean stop (SIGTERM, Ctrl-C; ``FleetwrightBot.shutdown``): commands under way
finish, new ones are told the bot is restarting, and what could not finish in the
grace period is left for the next boot, which posts it at once."""

from __future__ import annotations

import asyncio

from discord.webhook.async_ import async_context

from bot.discord_app import RESTARTING
from bot.scheduler import DeadlineScheduler
from bot.services.boot import new_boot_id
from cogs.turn_posts import TurnPoster
from tests.discord.conftest import CHANNELS, CLOCK, PNG, channel_posts


async def slow_maps(world) -> asyncio.Event:
    """Drawing the maps waits for the returned event: a resolution caught mid-way.  ``gate.drawing`` is
    set once the maps are wanted, i.e. once the resolution is committed (they are drawn after it)."""
    gate = asyncio.Event()
    gate.drawing = asyncio.Event()

    async def render_maps(ruleset_id, data, audiences):
        gate.drawing.set()
        await gate.wait()
        return {audience: PNG for audience in audiences}

    world.service.render_maps = render_maps
    return gate


async def under_way(world, path: str) -> asyncio.Task:
    task = asyncio.create_task(world.run(path, world.mod))
    for _ in range(500):
        if world.bot.in_flight:
            return task
        await asyncio.sleep(0.01)
    raise AssertionError(f"/{path} never started")


async def test_a_stopping_bot_finishes_the_command_under_way_and_turns_new_ones_away(planned):
    world = planned
    gate = await slow_maps(world)
    resolving = await under_way(world, "turn resolve")
    stopping = asyncio.create_task(world.bot.shutdown(grace=10))
    await asyncio.sleep(0.05)
    turned_away = await world.h.invoke_alongside("game status", world.players["mori"])
    assert [(s.kind, s.type, s.content, s.ephemeral) for s in turned_away] == [("callback", 4, RESTARTING, True)]
    gate.set()
    sent = await resolving
    await stopping
    (summary, *_) = [s for s in sent if s.kind == "followup"]
    assert summary.content.startswith("Turn 3 of Seto 1560 resolved")
    assert channel_posts(sent, CHANNELS["naval-reports"])
    assert world.bot.is_closed() and world.bot.in_flight == set()


async def test_a_command_past_the_grace_period_is_cut_off_and_the_next_boot_posts_its_reports(planned):
    world = planned
    gate = await slow_maps(world)
    resolving = await under_way(world, "turn resolve")
    # Cut off while drawing, after the commit: on a loaded machine a fixed 0.2 s could fall before it.
    await asyncio.wait_for(gate.drawing.wait(), 60)
    await world.bot.shutdown(grace=0.2)
    await asyncio.gather(resolving, return_exceptions=True)
    assert not world.h.sent("channel", CHANNELS["naval-reports"])[1:]  # only the opening announcement
    campaign = await world.service.campaign(1)  # its orders step resolved and stored before it was cut off,
    assert (campaign.turn, campaign.step) == (3, 2)  # so its captives' choices (OP-46 c) are open
    assert not world.h.sent("channel", CHANNELS["otomo-war-room"])  # … but not yet asked
    gate.set()
    world.service.boot_id = new_boot_id()  # the next start
    start = len(world.h.log)
    await DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: CLOCK).tick()
    assert channel_posts(world.h.log[start:], CHANNELS["naval-reports"])
    otomo = [s.content for s in channel_posts(world.h.log[start:], CHANNELS["otomo-war-room"])]
    assert any(text.startswith("❓ **Seto 1560** — Turn 3 · captives' choices") for text in otomo)


async def test_the_moderator_whose_command_is_cut_off_is_told_so(planned):
    """A command still running when the grace period ends is cancelled; the one who ran it gets a word
    saying so (and where things stand), not a progress line frozen at "drawing 5 map(s)…"."""
    from cogs.common import CUT_OFF

    world = planned
    await slow_maps(world)
    resolving = await under_way(world, "turn resolve")
    start = len(world.h.log)
    token = async_context.set(world.h.adapter)  # the stop speaks through the same webhook adapter
    try:
        await world.bot.shutdown(grace=0.2)
    finally:
        async_context.reset(token)
    await asyncio.gather(resolving, return_exceptions=True)
    told = [s for s in world.h.log[start:] if s.content == CUT_OFF]
    assert [(s.kind, s.ephemeral) for s in told] == [("followup", True)]
    assert not world.bot.in_flight and not world.bot.in_flight_interactions


async def test_a_confirm_click_during_the_stop_is_turned_away_and_does_nothing(planned):
    """A Confirm clicked while the bot stops is answered like a new command (it would start new work)
    and does nothing: the player's orders stay."""
    world = planned
    mori = world.players["mori"]
    prompt = (await world.ask("orders clear", mori))[-1]
    gate = await slow_maps(world)
    resolving = await under_way(world, "turn resolve")
    stopping = asyncio.create_task(world.bot.shutdown(grace=10))
    await asyncio.sleep(0.05)
    clicking = asyncio.create_task(world.h.click(prompt, "", mori, custom_id=next(
        cid for cid in world.h.buttons(prompt).values() if cid.endswith(":yes"))))
    await asyncio.sleep(0.05)
    gate.set()
    clicked, _ = await asyncio.gather(clicking, resolving)
    await stopping
    assert [(s.type, s.content, s.ephemeral) for s in clicked if s.content == RESTARTING] == [(4, RESTARTING, True)]
    assert len([o for o in await world.service.repo.list_orders(1, 3) if o.faction == "mori"]) == 5  # resolved as given
