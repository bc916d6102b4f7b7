"""/turn deadline, lock, reopen, redo and /orders ready through discord.py's dispatch;
what goes to the report channel and what only to each clan's own channel."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from bot.domain.campaign import Phase
from bot.domain.viewer import Viewer
from bot.scheduler import DeadlineScheduler
from cogs.turn_posts import TurnPoster
from tests.discord.conftest import CHANNELS, CLANS, CLOCK, PNG, channel_posts

REPORTS = CHANNELS["naval-reports"]
CORRECTION = {"kind": "sq_cruise", "unit": "miyoshi-sogo", "target": "iyo", "want_battle": "never",
              "when_enemy_wants": "avoid"}


async def test_deadline_is_moved_announced_and_auto_resolution_switched_on(planned):
    world = planned
    sent = await world.run("turn deadline", world.mod, when="in 24h", auto_resolve=True)
    assert sent[0].kind == "callback" and sent[0].type == 5 and sent[0].ephemeral
    assert sent[-1].ephemeral and sent[-1].content.startswith(
        "Turn 3 of Seto 1560: Deadline: <t:1772452800:F> (<t:1772452800:R>); then the turn resolves "
        "by itself.")
    (notice,) = channel_posts(sent, REPORTS)
    assert notice.content == ("⏰ **Seto 1560** — turn 3: the deadline is now <t:1772452800:F> "
                              "(<t:1772452800:R>).")
    campaign = await world.service.campaign(1)
    assert (campaign.deadline, campaign.auto_resolve) == ("2026-03-02T12:00+00:00", True)
    sent = await world.run("turn deadline", world.mod, when="clear")
    assert "the deadline is lifted" in channel_posts(sent, REPORTS)[0].content
    sent = await world.run("turn deadline", world.mod)  # nothing given: just say how it stands
    assert sent[-1].content == ("Turn 3 of Seto 1560: No deadline (when one is set, the turn resolves by itself "
                                "at it).") and not channel_posts(sent, REPORTS)


async def test_a_bad_deadline_and_a_player_are_refused(planned):
    world = planned
    sent = await world.run("turn deadline", world.mod, when="next tuesday")
    assert sent[-1].ephemeral and sent[-1].content.startswith("Cannot read the deadline 'next tuesday'; write")
    sent = await world.run("turn deadline", world.players["mori"], when="in 1h")
    assert len(sent) == 1 and sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    assert (await world.service.campaign(1)).deadline == "2026-03-03T12:00+00:00"
    assert not [s for s in world.h.log if s.kind == "channel" and "deadline is now" in s.content]


async def test_lock_closes_orders_to_players_not_moderators_and_reopen_opens_them(planned):
    world, mori = planned, planned.players["mori"]
    sent = await world.run("turn lock", world.mod)
    assert sent[0].type == 5 and sent[-1].content.startswith("🔒 Turn 3 of Seto 1560 is locked")
    assert channel_posts(sent, REPORTS)[0].content == "🔒 **Seto 1560** — turn 3 is closed for orders."
    sent = await world.run("order idle", mori, unit="mori-kobayakawa")
    assert sent[-1].ephemeral and "Turn 3 of Seto 1560 is locked" in sent[-1].content
    status = (await world.run("game status", mori))[-1].content
    assert "turn 3: locked: closed for players' orders" in status
    ready = (await world.run("orders ready", mori))[-1].content
    assert ready.startswith("Turn 3 of Seto 1560 is locked: the moderators have closed it for orders")
    await world.run("mod act-as", world.admin, clan="mori")
    sent = await world.run("order idle", world.admin, unit="mori-kobayakawa")
    assert sent[-1].content.startswith("(acting as Mōri) ✅")
    sent = await world.run("turn reopen", world.mod)
    assert sent[-1].content.startswith("🔓 Turn 3 of Seto 1560 is open for orders again.")
    assert (await world.service.campaign(1)).phase is Phase.PLANNING
    sent = await world.run("turn reopen", world.mod)
    assert sent[-1].content == "Only a locked turn can be reopened; turn 3 of Seto 1560 is planning"


async def test_orders_ready_is_stored_shown_to_all_and_taken_away_by_a_change(planned):
    world, mori = planned, planned.players["mori"]
    sent = await world.run("orders ready", mori)
    assert sent[0].type == 5 and sent[-1].ephemeral
    assert sent[-1].content.startswith("✅ Mōri's orders for turn 3 are marked ready (5 of 7 units ordered).")
    assert "• Mōri: ✅ ready" in (await world.run("game status", world.players["kono"]))[-1].content
    await world.run("order idle", mori, unit="mori-kobayakawa")
    assert "• Mōri: not ready" in (await world.run("game status", mori))[-1].content
    await world.run("orders ready", mori)
    sent = await world.run("orders ready", mori, withdraw=True)
    assert sent[-1].content.startswith("Mōri's orders are no longer marked ready (5 of 7 units ordered).")
    assert await world.service.repo.ready_factions(1, 3) == {}


async def test_each_clan_gets_its_own_map_in_its_own_channel(planned):
    world = planned
    asked = []

    async def render_maps(ruleset_id, data, audiences):  # which audience's map goes where
        asked.append(audiences)
        return {audience: PNG + audience.file_stem.encode() for audience in audiences}

    world.service.render_maps = render_maps
    sent = await world.run("turn resolve", world.mod)
    assert asked == [[Viewer.public(), *map(Viewer.of, CLANS)]]
    assert channel_posts(sent, REPORTS)[0].files == {"map.png": PNG + b"public"}
    for clan in CLANS:
        own = channel_posts(sent, CHANNELS[f"{clan}-war-room"])
        if clan == "otomo":  # after its report, its captive's question (OP-46 c), with no map
            *own, prompt = own
            assert prompt.content.startswith("❓ **Seto 1560** — Turn 3 · captives' choices") and not prompt.files
        assert own[0].files == {f"map-{clan}.png": PNG + clan.encode()} and all(not s.files for s in own[1:-1])
        assert list(own[-1].files) == [f"report-{clan}.md"]  # the full report, dice keys and all


async def test_reports_go_out_without_maps_when_drawing_fails(planned, caplog):
    world = planned

    async def broken(ruleset_id, data, audiences):
        raise RuntimeError("renderer out of memory")

    world.service.render_maps = broken
    sent = await world.run("turn resolve", world.mod)
    assert not channel_posts(sent, REPORTS)[0].files and channel_posts(sent, REPORTS)[0].content
    for clan in CLANS:
        assert not channel_posts(sent, CHANNELS[f"{clan}-war-room"])[0].files
    summary = next(s for s in sent if s.kind == "followup")
    assert "⚠️ The maps could not be drawn (see the bot's log)" in summary.content
    assert "renderer out of memory" in caplog.text


async def test_redo_posts_what_changed_publicly_and_to_each_clan_then_the_new_reports(planned):
    world = planned
    await world.run("turn resolve", world.mod)
    sent = await world.run("turn redo", world.mod)  # the orders step resolved, its captives' choices open
    assert sent[-1].content == ("/turn redo resolves a turn again after /turn undo; turn 3 of Seto 1560 is planning "
                                "(use /turn resolve)")
    await world.run("turn undo", world.mod)  # the orders step's resolution; the captives' choices go with it
    await world.service.submit_order(1, "miyoshi", CORRECTION, moderator=True)
    # Minutes later, as a correction is: the captives' step opened again is another opening, asked again.
    world.service.clock = lambda: CLOCK + timedelta(minutes=5)
    sent = await world.run("turn redo", world.mod)
    assert (sent[0].type, sent[1].type) == (4, 7)  # asked, confirmed
    public = channel_posts(sent, REPORTS)
    assert public[0].content.startswith("🔁 **Seto 1560** — turn 3 resolved again after a correction, with the "
                                        "same dice. The new report follows; what changed in the public report:")
    assert "+   Sogō-1 avoided battle and was dispersed (S5.5)." in public[0].content
    assert "(key " not in public[0].content  # no die reaches the public
    assert list(public[1].files) == ["map.png"]  # then the new report
    miyoshi = channel_posts(sent, CHANNELS["miyoshi-war-room"])
    assert "Sogō-1: was in Sanuki, squadron, XP 2, dmg 2" in miyoshi[0].content
    assert "key battle:sp1-w2-iyo-s1-kono-miyoshi:miyoshi-sogo:r1" in miyoshi[0].content
    assert list(miyoshi[1].files) == ["map-miyoshi.png"]
    for clan in ("mori", "otomo", "kono"):
        assert "miyoshi-sogo:r1" not in "\n".join(s.content for s in channel_posts(sent, CHANNELS[f"{clan}-war-room"]))
    summary = [s for s in sent if s.kind == "followup"]
    assert all(s.ephemeral for s in summary)
    assert summary[0].content.startswith("Turn 3 of Seto 1560 resolved again with the same dice: its public dice key "
                                         "(SHA-256 `")  # one pair of brackets, not one inside another
    assert set(summary[0].files) == {"moderator-log.md", "moderator-log-changes.md"}
    # The captives' choices (OP-46 c) are asked again, after the new report; then the turn ends.
    otomo = channel_posts(sent, CHANNELS["otomo-war-room"])
    assert otomo[-1].content.startswith("❓ **Seto 1560** — Turn 3 · captives' choices")
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step) == (3, 2)
    await world.captives_defaults(world.mod)
    assert (await world.service.campaign(1)).turn == 4


async def test_resolve_after_a_correction_also_says_what_changed(planned):
    world = planned
    await world.run("turn resolve", world.mod)
    await world.run("turn undo", world.mod)
    sent = await world.run("turn resolve", world.mod)
    public = channel_posts(sent, REPORTS)
    assert public[0].content.endswith("what changed in the public report:\nNothing in the public report changed.")


async def test_the_scheduler_posts_reminders_and_the_auto_resolved_turn_where_they_belong(planned):
    world = planned
    await world.run("turn deadline", world.mod, auto_resolve=True)
    await world.run("orders ready", world.players["kono"])
    now = [datetime(2026, 3, 3, 11, 30, tzinfo=timezone.utc)]  # half an hour before the deadline
    world.service.clock = lambda: now[0]  # one clock: the captives' step's deadline is counted from it
    scheduler = DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: now[0])
    start = len(world.h.log)
    await scheduler.tick()
    (reminder,) = world.h.log[start:]
    assert reminder.kind == "channel" and reminder.target == REPORTS
    assert reminder.content == ("⏰ **Seto 1560** — turn 3: the deadline is in 30 minutes, <t:1772539200:F> "
                                "(<t:1772539200:R>); the turn then resolves by itself.\nNot marked ready yet: Mōri, "
                                "Ōtomo, Miyoshi. (/orders ready)")
    now[0] = datetime(2026, 3, 3, 12, 0, tzinfo=timezone.utc)
    start = len(world.h.log)
    await scheduler.tick()
    posted = world.h.log[start:]
    assert {s.kind for s in posted} == {"channel"}
    assert list(channel_posts(posted, REPORTS)[0].files) == ["map.png"]
    for clan in CLANS:
        own = channel_posts(posted, CHANNELS[f"{clan}-war-room"])
        assert list(own[0].files) == [f"map-{clan}.png"]
    # The orders step resolved; its captives' choices (OP-46 c) are asked of Ōtomo, due in 24 hours.
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step, campaign.deadline) == (3, 2, "2026-03-04T12:00+00:00")
    (prompt,) = [s for s in posted if "captives' choices" in s.content]
    assert prompt.target == CHANNELS["otomo-war-room"]
    start = len(world.h.log)
    await scheduler.tick()  # the step's deadline is within the reminder's 24 hours from its opening
    (reminder,) = world.h.log[start:]
    assert (reminder.target, reminder.content) == (REPORTS, (
        "⏰ **Seto 1560** — Turn 3 · captives' choices: the deadline is in 24 hours, <t:1772625600:F> "
        "(<t:1772625600:R>); then the questions not answered get the rules' defaults.\nQuestions are still "
        "waiting for answers in the asked clans' channels. (/step show)"))  # in public, never who is asked
    start = len(world.h.log)
    await scheduler.tick()
    assert world.h.log[start:] == []
    now[0] = datetime(2026, 3, 4, 12, 0, tzinfo=timezone.utc)  # nobody answered: the default at the deadline
    start = len(world.h.log)
    await scheduler.tick()
    public = [s.content for s in channel_posts(world.h.log[start:], REPORTS)]
    assert any("Tahara Chikakata" in text for text in public) and public[-1].startswith("Turn 3 in steps:")
    assert (await world.service.campaign(1)).turn == 4
    start = len(world.h.log)
    await scheduler.tick()
    assert world.h.log[start:] == []


async def test_status_and_ready_count_units_only_not_the_clan_policy(armed):
    """A clan policy (S12.4) is a clan-wide order: neither /game status nor /orders ready counts it as a unit's."""
    world, mori = armed, armed.players["mori"]
    await world.run("clan policy", mori, pairing_own_order="weakest_first")
    await world.run("order trade", mori, unit="mori-akita-maru")
    ready = (await world.run("orders ready", mori))[-1].content
    assert ready.startswith("✅ Mōri's orders for turn 3 are marked ready (1 of 7 units ordered).")
    status = (await world.run("game status", mori))[-1].content
    assert "• Mōri: ✅ ready; 1 of 7 units ordered" in status


UNMARKED = "⚠️ Mōri is no longer marked ready (changing an order takes the mark back); /orders ready when done."


async def test_a_change_after_orders_ready_says_the_mark_is_gone(planned):
    world, mori = planned, planned.players["mori"]
    await world.run("orders ready", mori)
    changed = (await world.run("order idle", mori, unit="mori-kobayakawa"))[-1].content
    assert changed.startswith("✅ ") and changed.endswith(UNMARKED)
    again = (await world.run("order idle", mori, unit="mori-kobayakawa"))[-1].content
    assert UNMARKED not in again  # no mark to lose any more
    await world.run("orders ready", mori)
    policy = (await world.run("clan policy", mori, pairing_target="least_damaged"))[-1].content
    assert policy.endswith(UNMARKED)
    await world.run("orders ready", mori)
    withdrawn = (await world.run("orders withdraw", mori, unit="mori-kobayakawa"))[-1].content
    assert withdrawn.startswith("🗑️ Order withdrawn:") and withdrawn.endswith(UNMARKED)
    await world.run("orders ready", mori)
    cleared = (await world.run("orders clear", mori))[-1].content  # confirmed with the button
    assert cleared.endswith(UNMARKED)


async def test_a_map_of_several_sheets_posts_every_sheet_with_the_first_message(planned):
    """Issue 13: a map drawn on several sheets (Europe, the New World) posts each sheet's picture."""
    from bot.services.sheet_maps import SheetMap

    world = planned

    async def render_sheet_maps(ruleset_id, data, audiences):
        return {a: [SheetMap(s, PNG + f"{a.file_stem}@{s}".encode()) for s in ("europe", "new_world")]
                for a in audiences}

    world.service.render_sheet_maps = render_sheet_maps
    sent = await world.run("turn resolve", world.mod)
    assert channel_posts(sent, REPORTS)[0].files == {"map.europe.png": PNG + b"public@europe",
                                                     "map.new-world.png": PNG + b"public@new_world"}
    own = channel_posts(sent, CHANNELS["mori-war-room"])
    assert own[0].files == {"map-mori.europe.png": PNG + b"mori@europe",
                            "map-mori.new-world.png": PNG + b"mori@new_world"}
