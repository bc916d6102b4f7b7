"""Posting a resolved turn reliably (issues 10 and 17): a bot killed half-way posts
exactly the rest at its next start; /game status names what is missing; the next
turn waits for it (or a moderator gives it up, audited); a long post keeps its
claim and the moderator hears back after the token expired; attachments are
split; progress is shown; players see results only after the public report."""

from __future__ import annotations

import asyncio
import os
import socket
from datetime import timedelta

import discord
import pytest

from bot.report.messages import post_texts
from bot.scheduler import DeadlineScheduler
from bot.services.boot import new_boot_id
from bot.services.errors import UserError
from bot.services.campaigns import CampaignService
from bot.services import posting
from bot.services.campaigns import utc_stamp
from bot.services.posting import PostRun
from bot.services.setup import add_faction
from cogs import turn_posts
from cogs.turn_posts import TurnPoster
from tests.discord.conftest import CHANNELS, CLANS, CLOCK, PNG, channel_posts
from tests.discord.harness import DM_BASE

REPORTS = CHANNELS["naval-reports"]
ROOMS = {clan: CHANNELS[f"{clan}-war-room"] for clan in CLANS}


class Killed(BaseException):
    """kill -9: nothing after it runs, no handler sees it."""


@pytest.fixture
async def planned(planned):
    async def render_maps(ruleset_id, data, audiences):
        return {audience: PNG + audience.key.encode() for audience in audiences}

    planned.service.render_maps = render_maps
    return planned


def posted(world) -> list[tuple[int, str]]:
    return [(s.target, s.content) for s in world.h.sent("channel")]


async def restart_and_tick(world, at=CLOCK) -> list:
    """The same process slot started again (same host and pid, a new boot), its first tick."""
    world.service.boot_id = new_boot_id()
    start = len(world.h.log)
    await DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: at).tick()
    return world.h.log[start:]


async def kill_when_marking(world, monkeypatch, key: str) -> None:
    """/turn resolve, killed right after Discord confirmed the first message of ``key``, before marking it."""
    real_mark = PostRun.mark

    async def mark_or_die(self, message, message_id):
        if message.key == key:
            raise Killed()
        await real_mark(self, message, message_id)

    monkeypatch.setattr(PostRun, "mark", mark_or_die)
    with pytest.raises(Killed):
        await world.run("turn resolve", world.mod)
    monkeypatch.setattr(PostRun, "mark", real_mark)


async def test_a_bot_killed_mid_posting_posts_exactly_the_rest_at_once_after_a_restart(planned, monkeypatch):
    world = planned
    await kill_when_marking(world, monkeypatch, "faction:otomo")
    first = posted(world)
    assert [t for t, _ in first].count(ROOMS["otomo"]) == 1 and ROOMS["kono"] not in [t for t, _ in first]
    sent = await world.run("game status", world.mod)
    assert ("⏳ The reports of turn 3 are not all posted yet: Ōtomo, Kōno, Miyoshi still missing; being posted "
            "now.") in sent[-1].content
    recovered = await restart_and_tick(world)  # at start-up: no stale-claim wait
    rooms = {s.target for s in recovered if s.kind == "channel"}
    # What was out is not posted again: in public only the reminder of the captives' choices (OP-46 c)
    # the resolution opened, whose question goes to Ōtomo's room once its report is all out.
    public = [s.content for s in recovered if s.kind == "channel" and s.target == REPORTS]
    assert [c.split(":")[0] for c in public] == ["⏰ **Seto 1560** — Turn 3 · captives' choices"]
    assert ROOMS["mori"] not in rooms and {ROOMS["otomo"], ROOMS["kono"], ROOMS["miyoshi"]} <= rooms
    everything = posted(world)
    assert len(everything) == len(set(everything))  # Ōtomo's first message was found in the channel, not re-sent
    stored = (await world.service.repo.resolution(1, 3)).report
    for clan in CLANS:  # every clan has its whole report, each message once, in order
        own = [c for t, c in everything if t == ROOMS[clan]]
        if clan == "otomo":  # then its captive's question, once
            *own, prompt = own
            assert prompt.startswith("❓ **Seto 1560** — Turn 3 · captives' choices")
        assert own == post_texts(stored[f"faction:{clan}"])
    kono_first = next(s for s in recovered if s.target == ROOMS["kono"])
    assert kono_first.files == {"map-kono.png": PNG + b"faction:kono"}
    sent = await world.run("game status", world.mod)
    assert "⏳" not in sent[-1].content
    assert await restart_and_tick(world, CLOCK + timedelta(hours=1)) == []


async def test_the_next_turn_waits_for_the_posts_or_a_moderator_gives_them_up(planned, monkeypatch):
    world = planned
    await kill_when_marking(world, monkeypatch, "faction:kono")
    await world.captives_defaults(world.mod)  # the turn's last step (OP-46 c); its orders' reports still missing
    sent = await world.run("turn open", world.mod)
    assert sent[-1].content == ("The reports of turn 3 of Seto 1560 are not all out yet (missing: Kōno, Miyoshi); "
                                "they are being posted right now. Wait until they are (/game status shows them), "
                                "or give them up with /turn open skip_unposted:true")
    assert (await world.service.campaign(1)).turn == 4 and not channel_posts(sent, REPORTS)
    sent = await world.run("turn open", world.mod, skip_unposted=True)
    assert sent[-1].content.startswith("Turn 4 of Seto 1560 is open for orders.\nGiven up, as you asked (in the "
                                       "audit log): Kōno, Miyoshi.\n")
    (entry,) = [e for e in await world.service.repo.audit_log(1) if e.kind == "skip_unposted"]
    assert (entry.kind, entry.actor_name, entry.turn) == ("skip_unposted", "mod", 4)
    assert entry.description == "the posts of turn 3 still missing were given up: Kōno, Miyoshi"
    assert await restart_and_tick(world) == []  # given up: a restart does not post them


def live_other_process() -> str:
    return f"{socket.gethostname()}:{os.getppid()}:watcher"


async def test_a_post_longer_than_the_stale_window_keeps_its_claim_and_is_not_posted_twice(planned, monkeypatch):
    """Each message takes a minute (Discord's rate limits on a big turn): the whole outlasts the stale-claim
    window; another live process's scheduler ticks after every message and must post nothing."""
    world = planned
    now = [CLOCK]
    world.service.clock = lambda: now[0]
    watcher = CampaignService(world.service.repo, clock=lambda: now[0])
    watcher.boot_id = live_other_process()
    real_send = world.bot.http.send_message
    watched: list = []

    async def slow_send(channel_id, *, params):
        message = await real_send(channel_id, params=params)
        now[0] += timedelta(minutes=1)
        if (await world.service.campaign(1)).turn == 4:
            start = len(world.h.log)
            await DeadlineScheduler(watcher, TurnPoster(world.bot)).tick()
            watched.extend(world.h.log[start:])
        return message

    world.bot.http.send_message = slow_send
    sent = await world.run("turn resolve", world.mod)
    channel = [s for s in sent if s.kind == "channel"]
    assert now[0] - CLOCK > timedelta(minutes=11) and len(channel) > 11
    assert watched == []
    assert len(posted(world)) == len(set(posted(world)))


async def test_the_moderator_hears_back_by_direct_message_once_the_token_expired(planned, monkeypatch):
    world = planned
    expired = [False]
    real_send = world.bot.http.send_message

    async def send(channel_id, *, params):
        message = await real_send(channel_id, params=params)
        expired[0] = True  # fifteen minutes went by while posting
        return message

    world.bot.http.send_message = send
    monkeypatch.setattr(discord.Interaction, "is_expired", lambda self: expired[0])
    sent = await world.run("turn resolve", world.mod)
    assert [s for s in sent if s.kind == "followup"] == []
    dm = channel_posts(sent, DM_BASE + world.mod.id)
    assert dm[0].content.startswith("(Your /turn command took longer than Discord lets a reply wait.)\nTurn 3 of "
                                    "Seto 1560 resolved")
    assert "moderator-log.md" in dm[0].files


async def test_more_than_ten_attachments_go_in_several_messages(planned, monkeypatch):
    """Every clan post fails: the reports come back as files; with the moderator log and its changes
    (/turn redo) and extra clans there are more than Discord takes on one message."""
    world = planned
    for name in ("Amago", "Ouchi", "Hosokawa", "Chosokabe", "Ukita"):  # no channel: their reports are attached
        await add_faction(world.service, 1, name, "#123456")

    async def refuse(channel_id, *, params):
        raise discord.Forbidden(type("R", (), {"status": 403, "reason": "Forbidden"})(), "Missing Access")

    world.bot.http.send_message = refuse
    sent = await world.run("turn resolve", world.mod)
    followups = [s for s in sent if s.kind == "followup"]
    counts = [len(s.files) for s in followups if s.files]
    assert sum(counts) == 11 and max(counts) <= 10 and len(counts) == 2
    assert followups[-1].content == "(attachments, 2 of 2)"


async def test_resolve_shows_its_progress_by_editing_one_message(planned, monkeypatch):
    world = planned
    ticks = iter(range(0, 10_000))
    monkeypatch.setattr(turn_posts, "monotonic", lambda: next(ticks) * 0.4)  # 0.4 s between steps
    sent = await world.run("turn resolve", world.mod)
    edits = [s.content for s in sent if s.kind == "edit"]
    # The reports' messages; the captives' question (OP-46 c) the resolution opened is posted after them.
    total = len([s for s in sent if s.kind == "channel" and "captives' choices" not in s.content])
    assert [s.target for s in sent if s.kind == "channel" and "captives' choices" in s.content] == [ROOMS["otomo"]]
    assert edits[0] == "Turn 3 of Seto 1560: resolving…"
    assert edits[-1] == f"Turn 3 of Seto 1560: posting {total}/{total}…"
    assert "Turn 3 of Seto 1560: drawing 5 map(s)…" in edits
    assert len(edits) < total  # throttled: about one edit a second, not one per message
    assert {s.target for s in sent if s.kind == "edit"} == {next(s for s in sent if s.kind == "followup").target}


async def test_players_see_the_new_turn_only_once_its_public_report_is_out(planned, monkeypatch):
    world = planned
    seen: dict[str, str] = {}
    real_send = world.bot.http.send_message
    mori = world.players["mori"]

    async def look_first(channel_id, *, params):
        if int(channel_id) == REPORTS and not seen:  # resolved and stored, the public report not posted yet
            for what in ("fleet list", "map"):
                seen[what] = (await world.h.invoke_alongside(what, mori))[-1].content
        return await real_send(channel_id, params=params)

    world.bot.http.send_message = look_first
    await world.run("turn resolve", world.mod)
    assert seen["fleet list"] == ("Turn 3 of Seto 1560 has just been resolved; its results show here once its "
                                  f"report is posted in <#{REPORTS}>. Try again in a minute")
    assert seen["map"] == seen["fleet list"]
    after = await world.run("fleet list", mori)
    assert after[-1].content.startswith("**Mōri**")


async def test_a_refused_resolve_does_not_leave_its_progress_line_at_work(planned):
    """A resolution refused once it has started (here the store refuses its commit) leaves its
    progress line saying it stopped."""
    world = planned

    async def refused(*args, **kwargs):
        raise UserError("turn 3 has already been resolved")

    world.service.resolve_turn = refused
    sent = await world.run("turn resolve", world.mod)
    assert [s.content for s in sent if s.kind == "edit"] == ["Turn 3 of Seto 1560: resolving…",
                                                             "Turn 3 of Seto 1560: stopped; see below."]
    assert sent[-1].kind == "followup" and sent[-1].ephemeral


async def test_one_send_held_up_for_minutes_keeps_the_claim_by_a_background_heartbeat(planned, monkeypatch):
    world = planned
    monkeypatch.setattr(posting, "HEARTBEAT", timedelta(seconds=0.05))
    now = [CLOCK]
    world.service.clock = lambda: now[0]
    renewed: list[str] = []  # while the message is held up
    holding = [False]
    real_renew = world.service.repo.renew_resolution_claim

    async def renew(*args):
        if holding[0]:
            renewed.append(args[4])  # claimed_at (its lease end follows)
        return await real_renew(*args)

    monkeypatch.setattr(world.service.repo, "renew_resolution_claim", renew)
    real_send = world.bot.http.send_message
    held: list[int] = []

    async def held_up(channel_id, *, params):
        if not held:  # Discord's rate limit holds the first message five minutes
            held.append(int(channel_id))
            now[0] += timedelta(minutes=5)
            holding[0] = True
            await asyncio.sleep(0.3)
            holding[0] = False
        return await real_send(channel_id, params=params)

    world.bot.http.send_message = held_up
    await world.run("turn resolve", world.mod)
    assert held == [REPORTS] and utc_stamp(CLOCK + timedelta(minutes=5)) in renewed


async def test_a_redo_killed_mid_posting_posts_each_clans_new_report_whole_though_the_old_reads_the_same(
        planned, monkeypatch):
    """A redo with nothing corrected gives the same report texts as the undone resolution, whose messages
    are still in each channel.  A restart must not take the old first message for the new one sent just
    before the kill: only the bot's latest message in the channel can be that (the correction notice
    stands between the old report and the new)."""
    world = planned
    await world.run("turn resolve", world.mod)
    await world.run("turn undo", world.mod)
    real_mark = PostRun.mark

    async def mark_or_die(self, message, message_id):
        if message.key == "faction:mori":
            raise Killed()
        await real_mark(self, message, message_id)

    monkeypatch.setattr(PostRun, "mark", mark_or_die)
    start = len(world.h.log)
    with pytest.raises(Killed):
        await world.run("turn redo", world.mod)
    monkeypatch.setattr(PostRun, "mark", real_mark)
    await restart_and_tick(world)
    stored = (await world.service.repo.resolution(1, 3)).report
    after = [(s.target, s.content) for s in world.h.log[start:] if s.kind == "channel"]
    for clan in CLANS:  # after its correction notice, every clan has its whole new report, each message once
        texts = [c for t, c in after if t == ROOMS[clan]]
        assert texts[0].startswith("🔁 "), clan
        assert texts[1:] == post_texts(stored[f"faction:{clan}"]), clan


async def test_a_prompt_the_bot_may_not_post_is_named_to_the_moderators(planned):
    """Ōtomo's room refuses the bot: the captives' choices the resolution opened (OP-46 c) are named to
    the moderators in the report channel, and /turn resolve ends with its summary, not an error."""
    world = planned
    real_send = world.bot.http.send_message

    async def refuse_otomo(channel_id, *, params):
        if int(channel_id) == ROOMS["otomo"]:
            raise discord.Forbidden(type("R", (), {"status": 403, "reason": "Forbidden"})(), "Missing Access")
        return await real_send(channel_id, params=params)

    world.bot.http.send_message = refuse_otomo
    sent = await world.run("turn resolve", world.mod)
    assert channel_posts(sent, REPORTS)[-1].content == (
        "⚠️ Moderators: the bot could not post a question of Turn 3 · captives' choices in its clan's channel (check "
        "the bot's permissions there); /step show lists the questions not answered, and the clan can answer with "
        "/step answer.")  # in public the clan is not named: who is asked can be a secret (a capture few saw)
    (summary,) = [s for s in sent if s.kind == "followup"]
    assert summary.content.startswith("Turn 3 of Seto 1560 resolved; ") and "report-otomo.md" in summary.files
    opened = await world.service.campaign(1)
    assert (opened.turn, opened.step) == (3, 2)
