"""Reports that never went out (the bot stopped between committing a resolution
and posting it) are posted by the scheduler's next tick, once; and /turn log
hands a resolved turn's stored moderator log to the moderators, which an
automatic resolution has nobody to give to."""

from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace

import discord
import pytest

from bot.report.messages import post_texts
from bot.scheduler import DeadlineScheduler
from cogs.turn_posts import TurnPoster
from tests.discord.conftest import CHANNELS, CLANS, CLOCK, PNG, channel_posts

REPORTS = CHANNELS["naval-reports"]
WAR_ROOMS = {clan: CHANNELS[f"{clan}-war-room"] for clan in CLANS}
STALE = CLOCK + timedelta(minutes=11)  # the claim made when the resolution was committed is stale by then


@pytest.fixture
async def planned(planned):
    """The shared ``planned`` world, with each audience's map told apart by its bytes."""
    world = planned

    async def render_maps(ruleset_id, data, audiences):
        return {audience: PNG + audience.file_stem.encode() for audience in audiences}

    world.service.render_maps = render_maps
    return world


def missing_access() -> discord.Forbidden:
    return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                             {"message": "Missing Access", "code": 50001})


async def tick(world, at: datetime) -> list:
    start = len(world.h.log)
    await DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: at).tick()
    return world.h.log[start:]


async def test_reports_committed_but_never_posted_go_out_at_a_later_tick_once(planned):
    world = planned
    outcome = await world.service.resolve_turn(1)  # committed; the bot stops before posting anything
    # A fresh claim: /turn resolve may be posting; nor is the captives' question (OP-46 c) the orders
    # step opened asked before its reports are out (it would tell their news first).
    assert await tick(world, CLOCK + timedelta(minutes=1)) == []
    posted = await tick(world, STALE)
    public = channel_posts(posted, REPORTS)
    *report, reminder = [s.content for s in public]  # then the reminder of the step now open
    assert report == post_texts(outcome.reports.public)
    assert reminder.startswith("⏰ **Seto 1560** — Turn 3 · captives' choices: the deadline is in ")
    assert public[0].files == {"map.png": PNG + b"public"}
    for clan, room in WAR_ROOMS.items():
        own = [s.content for s in channel_posts(posted, room)]
        if clan == "otomo":  # after its report, its captive's question
            *own, prompt = own
            assert prompt.startswith("❓ **Seto 1560** — Turn 3 · captives' choices")
        assert own == post_texts(outcome.reports.factions[clan])
        assert channel_posts(posted, room)[0].files == {f"map-{clan}.png": PNG + clan.encode()}
    assert {(s.kind, s.target) for s in posted} == {("channel", c) for c in (REPORTS, *WAR_ROOMS.values())}
    assert await tick(world, STALE + timedelta(hours=1)) == []
    campaign = await world.service.campaign(1)  # posted, not resolved again
    assert (campaign.turn, campaign.step) == (3, 2)


async def test_a_resolution_with_no_report_channel_is_logged_without_claiming_a_deadline(planned, caplog):
    world = planned
    outcome = await world.service.resolve_turn(1)
    outcome.campaign.report_channel_id = None
    start = len(world.h.log)
    await TurnPoster(world.bot).resolved(outcome)  # e.g. found unposted after a restart, not at a deadline
    assert world.h.log[start:] == []
    (warning,) = [r.getMessage() for r in caplog.records if r.name == "cogs.turn_posts"]
    assert warning == ("Campaign 1: turn 3 is resolved, but the campaign has no report channel to post its reports "
                       "in; they stay stored, not posted")


async def test_what_turn_resolve_and_redo_posted_is_not_posted_again(planned):
    world = planned
    await world.run("turn resolve", world.mod)  # posts its reports and the captives' question (OP-46 c)
    (reminder,) = await tick(world, STALE)  # nothing again; only the open step's reminder, new
    assert (reminder.target, reminder.content.split(":")[0]) == (REPORTS, "⏰ **Seto 1560** — Turn 3 · captives' "
                                                                           "choices")
    await world.run("turn undo", world.mod)
    world.service.clock = lambda: CLOCK + timedelta(minutes=5)  # the redo minutes later: the step opens anew
    await world.run("turn redo", world.mod)
    (reminder,) = await tick(world, STALE + timedelta(hours=1))  # the new opening's reminder, nothing posted again
    assert reminder.content.startswith("⏰ **Seto 1560** — Turn 3 · captives' choices: the deadline is in ")
    assert await tick(world, STALE + timedelta(hours=2)) == []


async def test_turn_log_attaches_the_stored_moderator_log_of_an_auto_resolved_turn(planned):
    world = planned
    sent = await world.run("turn log", world.mod)
    assert sent[0].type == 5 and sent[0].ephemeral
    assert sent[-1].ephemeral and sent[-1].content == ("No turn of Seto 1560 has been resolved yet, so there is no "
                                                       "moderator log to show")
    await world.run("turn deadline", world.mod, auto_resolve=True)
    deadline = datetime.fromisoformat((await world.service.campaign(1)).deadline)
    await tick(world, deadline)  # resolved at its deadline: the moderator log went to nobody
    stored = (await world.service.repo.resolution(1, 3)).report["moderators"]
    assert "(key " in stored  # the dice: moderators only
    for asked in ({}, {"turn": 3}):
        sent = await world.run("turn log", world.mod, **asked)
        assert [s.kind for s in sent] == ["callback", "followup"] and sent[-1].ephemeral
        assert sent[-1].content == ("Moderator log of turn 3 of Seto 1560, as stored with its resolution (dice, "
                                    "hidden moves, every clan's view).")
        assert sent[-1].files == {"moderator-log.md": stored.encode()}


async def test_turn_log_refuses_a_turn_not_resolved_and_a_player(planned):
    world = planned
    sent = await world.run("turn log", world.mod, turn=3)
    assert sent[-1].content == ("Turn 3 of Seto 1560 is not resolved yet (turn 3 is open for orders); its moderator "
                                "log is kept once it is resolved")
    await world.run("turn resolve", world.mod)
    await world.captives_defaults(world.mod)  # the turn's last step (OP-46 c)
    sent = await world.run("turn log", world.mod, turn=4)
    assert sent[-1].content == ("Turn 4 of Seto 1560 is not resolved yet (turn 4 is not opened yet); its moderator "
                                "log is kept once it is resolved")
    sent = await world.run("turn log", world.mod, turn=1)
    assert sent[-1].content == ("Turn 1 of Seto 1560 was not resolved by this bot, so no moderator log of it is "
                                "stored; the last resolved turn is 3")
    await world.run("turn undo", world.mod)  # the captives' choices (OP-46 c): its orders step stays resolved
    sent = await world.run("turn log", world.mod, turn=3)
    assert sent[-1].content == ("Moderator log of turn 3 of Seto 1560, as stored with its resolution (dice, hidden "
                                "moves, every clan's view).")
    await world.run("turn undo", world.mod)  # then its orders step
    sent = await world.run("turn log", world.mod, turn=3)
    assert sent[-1].content == ("Turn 3 of Seto 1560 is not resolved yet (turn 3 was undone for a correction; "
                                "/turn redo resolves it again); its moderator log is kept once it is resolved")
    sent = await world.run("turn log", world.players["mori"])
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
    assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    assert all(not s.files for s in world.h.log if s.kind == "followup" and "not resolved" in s.content)


async def test_a_clan_report_that_could_not_be_posted_is_announced_and_kept_for_the_moderators(planned,
                                                                                                monkeypatch):
    """An auto-resolved turn has nobody to hand a failed post to: the report channel tells the moderators,
    and /turn log clan:… gives them the clan's report to pass on."""
    world = planned
    real_send = TurnPoster.send
    mori_room = CHANNELS["mori-war-room"]

    async def send_failing_for_mori(self, message, files, embeds):
        if message.channel_id == mori_room:
            raise missing_access()
        return await real_send(self, message, files, embeds)

    monkeypatch.setattr(TurnPoster, "send", send_failing_for_mori)
    await world.run("turn deadline", world.mod, auto_resolve=True)
    deadline = datetime.fromisoformat((await world.service.campaign(1)).deadline)
    sent = await tick(world, deadline)
    notices = [s.content for s in channel_posts(sent, CHANNELS["naval-reports"]) if s.content.startswith("⚠️")]
    assert notices == ["⚠️ Moderators: the turn 3 reports of Mōri could not be posted in their channels; "
                       "/turn log clan:… gives each, to pass on."]
    stored = (await world.service.repo.resolution(1, 3)).report["faction:mori"]
    sent = await world.run("turn log", world.mod, clan="Mōri")
    assert sent[-1].ephemeral and sent[-1].files == {"report-mori.md": stored.encode()}
    assert sent[-1].content == ("Mōri's report of turn 3 of Seto 1560, as stored with its resolution; only Mōri "
                                "may read it.")
    sent = await world.run("turn log", world.mod, clan="Shimazu")
    assert sent[-1].content == "Seto 1560 has no clan “Shimazu”; its clans: Mōri, Ōtomo, Kōno, Miyoshi"
