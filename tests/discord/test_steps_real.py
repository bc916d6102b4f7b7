"""Steps in Discord on the real step service (issue 12), with the two-question test ruleset
(tests/services/steps_ruleset.py: after the orders, "captains' choices" asks Mōri and Ōtomo to stay or
sail, default stay by "T-1"): /turn resolve posts the prompts, clicks answer them, the last answer
resolves the step and its report and the turn's digest are posted; refusals in the service's words."""

from __future__ import annotations

from datetime import timedelta

from tests.discord.conftest import CHANNELS, CLOCK, channel_posts

MORI_ROOM, OTOMO_ROOM, REPORTS = CHANNELS["mori-war-room"], CHANNELS["otomo-war-room"], CHANNELS["naval-reports"]


def only(posts):
    (post,) = posts
    return post


async def test_resolving_the_orders_posts_each_clans_question(prompted):
    world = prompted
    sent = world.resolved
    reply = [s for s in sent if s.kind == "followup"][-1]
    assert reply.content.startswith("Turn 3 of Seto 1560 resolved; ")
    assert "Now open: Turn 3 · captains' choices; its questions are posted in the asked clans' channels." \
        in reply.content
    mori = channel_posts(sent, MORI_ROOM)[-1]  # after Mōri's report of the orders step
    assert mori.content.splitlines()[:2] == ["❓ **Seto 1560** — Turn 3 · captains' choices", "does the fleet sail?"]
    assert "the rules answer for you: stay in port (T-1)." in mori.content
    assert list(world.h.buttons(mori)) == ["stay in port", "sail at once"]
    assert channel_posts(sent, OTOMO_ROOM)[-1].content == mori.content
    assert not any("❓" in s.content for s in channel_posts(sent, CHANNELS["kono-war-room"]))  # not asked


async def test_clicks_answer_refuse_and_the_last_resolves_the_step(prompted):
    world = prompted
    mori, otomo = channel_posts(world.resolved, MORI_ROOM)[-1], channel_posts(world.resolved, OTOMO_ROOM)[-1]
    rival = await world.h.click(mori, "sail at once", world.players["otomo"], in_channel="mori-war-room")
    assert rival[-1].ephemeral and rival[-1].content == "This question is not for your clan"
    first = await world.h.click(mori, "sail at once", world.players["mori"], in_channel="mori-war-room")
    assert only(s for s in first if s.kind == "edit").content.endswith("✅ mori-player answered: sail at once")
    again = await world.h.click(mori, "stay in port", world.players["mori"], in_channel="mori-war-room")
    assert again[-1].ephemeral and again[-1].content == "You already answered: sail at once"

    last = await world.h.click(otomo, "stay in port", world.players["otomo"], in_channel="otomo-war-room")
    public = [s.content for s in channel_posts(last, REPORTS)]
    assert public[-1] == "Turn 3 in steps:\nTurn 3\nTurn 3 · captains' choices"  # public: no counts (hostile review)
    assert len(public) >= 2  # the step's own public report, then the digest
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step) == (4, 1)
    stale = await world.h.click(mori, "stay in port", world.players["mori"], in_channel="mori-war-room")
    assert stale[-1].ephemeral and stale[-1].content == (
        "This question of Turn 3 · captains' choices is closed: the step was resolved")


async def test_step_answer_and_show_on_the_real_service(prompted):
    world = prompted
    shown = await world.h.invoke("step show", world.players["otomo"])
    assert shown[-1].content.splitlines()[2:4] == ["Your questions:",
                                                    "• does the fleet sail? — not answered yet; choices: stay in port, "
                                                    "sail at once"]
    sent = await world.h.invoke("step answer", world.players["otomo"], question="q-otomo", choice="sail")
    assert sent[-1].content == "✅ Answered: sail at once — does the fleet sail?"
    wrong = await world.h.invoke("step answer", world.players["mori"], question="q-mori", choice="fly")
    assert wrong[-1].content == ("'fly' is not an answer to this question; answer one of: stay in port (stay), "
                                 "sail at once (sail)")
    await world.h.invoke("step answer", world.mod, question="q-mori", choice="stay in port", clan="mori")
    assert (await world.service.campaign(1)).turn == 4  # the moderator's answer completed the step
    log = await world.service.repo.audit_log(1)
    assert any(e.kind == "step_answer" and e.actor_name == "mod" for e in log)


async def test_turn_defaults_answers_the_rest_and_the_report_goes_out(prompted):
    world = prompted
    mori = channel_posts(world.resolved, MORI_ROOM)[-1]
    await world.h.click(mori, "sail at once", world.players["mori"], in_channel="mori-war-room")
    sent = await world.run("turn defaults", world.mod)
    assert [s for s in sent if s.kind == "followup"][-1].content == "Defaults applied: 1 step resolved."
    public = [s.content for s in channel_posts(sent, REPORTS)]
    assert public[-1] == "Turn 3 in steps:\nTurn 3\nTurn 3 · captains' choices"  # the default: the clan's own report
    assert (await world.service.campaign(1)).turn == 4


async def test_game_status_shows_the_open_step_and_only_ones_own_questions(prompted):
    world = prompted
    mine = (await world.h.invoke("game status", world.players["mori"]))[-1].content.splitlines()
    assert mine[0] == "**Seto 1560** (#1) — turn 3: a step is open for answers."
    assert "Open step: Turn 3 · captains' choices (/step show)." in mine
    assert "• Mōri: 1 question not answered yet" in mine and not any("Ōtomo" in line for line in mine)
    assert any(line.startswith("Deadline: <t:") and line.endswith("then the questions not answered get the rules' "
                                                                   "defaults and the step resolves.") for line in mine)
    everyone = (await world.h.invoke("game status", world.mod))[-1].content
    assert "• Mōri: 1 question not answered yet\n• Ōtomo: 1 question not answered yet" in everyone


async def test_a_reminder_of_a_prompt_step_names_no_clan(prompted):
    from datetime import timedelta

    from bot.scheduler import DeadlineScheduler
    from cogs.turn_posts import TurnPoster
    from tests.discord.conftest import CLOCK
    world = prompted
    mori = channel_posts(world.resolved, MORI_ROOM)[-1]
    await world.h.click(mori, "stay in port", world.players["mori"], in_channel="mori-war-room")
    start = len(world.h.log)
    await DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: CLOCK + timedelta(hours=23.5)).tick()
    (reminder,) = channel_posts(world.h.log[start:], REPORTS)
    assert reminder.content.startswith("⏰ **Seto 1560** — Turn 3 · captains' choices: the deadline is in 30 minutes, ")
    assert reminder.content.endswith("then the questions not answered get the rules' defaults.\n"
                                     "Questions are still waiting for answers in the asked clans' channels. (/step show)")
    assert "Ōtomo" not in reminder.content  # public: who is asked can be a secret (tests/discord/test_steps_hostile.py)


def scheduler_at(world, hours: float):
    from datetime import timedelta

    from bot.scheduler import DeadlineScheduler
    from cogs.turn_posts import TurnPoster
    from tests.discord.conftest import CLOCK
    return DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: CLOCK + timedelta(hours=hours))


async def test_at_the_deadline_the_defaults_answer_and_the_step_is_posted(prompted):
    world = prompted
    mori = channel_posts(world.resolved, MORI_ROOM)[-1]
    await world.h.click(mori, "sail at once", world.players["mori"], in_channel="mori-war-room")
    start = len(world.h.log)
    await scheduler_at(world, 24.5).tick()  # the captains' choices' 24 hours are over (OnDeadline.DEFAULTS)
    sent = world.h.log[start:]
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step) == (4, 1)
    public = [s.content for s in channel_posts(sent, REPORTS)]
    assert public[-1] == "Turn 3 in steps:\nTurn 3\nTurn 3 · captains' choices"  # the default: the clan's own report
    assert channel_posts(sent, OTOMO_ROOM) and channel_posts(sent, MORI_ROOM)  # each clan's report of the step
    again = len(world.h.log)
    await scheduler_at(world, 25).tick()
    assert world.h.log[again:] == []  # nothing twice


async def test_a_chain_of_instant_steps_cut_off_by_a_crash_is_resumed_and_posted_once(planned, steps):
    world = planned
    steps.standing = {"q-mori": "sail", "q-otomo": "stay"}  # standing orders answer the whole step at once
    await world.service.resolve_turn(1)  # the orders committed, the choices opened answered … then the crash
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step) == (3, 2)  # complete, not resolved
    start = len(world.h.log)
    await scheduler_at(world, 1).tick()  # the next start's first tick
    sent = world.h.log[start:]
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step) == (4, 1)
    public = [s.content for s in channel_posts(sent, REPORTS)]
    assert public[-1] == "Turn 3 in steps:\nTurn 3\nTurn 3 · captains' choices"
    assert not any(s.content.startswith("❓") for s in sent)  # nobody was asked: standing orders answered
    again = len(world.h.log)
    await scheduler_at(world, 1.5).tick()
    assert world.h.log[again:] == []


async def test_a_step_opened_anew_by_undo_and_redo_with_other_questions_is_posted_anew(prompted, monkeypatch):
    import tests.services.steps_ruleset as rules
    world = prompted
    old = channel_posts(world.resolved, MORI_ROOM)[-1]
    await world.run("turn undo", world.mod)  # the orders step: the captains' choices go with it
    plain = rules.choices_step

    def other_questions():
        step = plain()
        return step.model_copy(update={"questions": [q.model_copy(update={"text": rules.Wording(msgid="where to?")})
                                                     for q in step.questions]})

    monkeypatch.setattr(rules, "choices_step", other_questions)  # the corrected orders ask otherwise
    sent = await world.run("turn redo", world.mod)
    (new,) = [s for s in channel_posts(sent, MORI_ROOM) if s.content.startswith("❓")]
    assert new.content.splitlines()[1] == "where to?"
    stale = await world.h.click(old, "sail at once", world.players["mori"], in_channel="mori-war-room")
    assert stale[-1].content == "This question of Turn 3 · captains' choices is closed: the step was resolved"
    answered = await world.h.click(new, "sail at once", world.players["mori"], in_channel="mori-war-room")
    assert [s for s in answered if s.kind == "edit"][0].content.endswith("✅ mori-player answered: sail at once")


async def test_help_during_a_prompt_step_says_to_answer_or_to_wait(prompted):
    world = prompted
    mine = (await world.h.invoke("help", world.players["mori"]))[-1].content.splitlines()
    assert mine[1:3] == ["What to do next, as a player:",
                         "1. Turn 3 · captains' choices: answer your clan's questions with the buttons in your clan's "
                         "channel, or with /step answer (/step show lists them)"]
    kono = (await world.h.invoke("help", world.players["kono"]))[-1].content.splitlines()
    assert kono[2] == ("1. Turn 3 · captains' choices: nothing is asked of your clan now; the turn goes on once the "
                       "others have answered (or at the deadline)")
    mod = (await world.h.invoke("help", world.mod))[-1].content
    assert ("Turn 3 · captains' choices: wait for the clans' answers (not answered: Mōri, Ōtomo); /step show lists "
            "them") in mod and "/turn defaults — give the questions left the rules' defaults now" in mod


async def test_a_moderator_acting_for_a_clan_corrects_its_answer_with_a_click(prompted):
    world = prompted
    mori, otomo = channel_posts(world.resolved, MORI_ROOM)[-1], channel_posts(world.resolved, OTOMO_ROOM)[-1]
    await world.h.click(mori, "sail at once", world.players["mori"], in_channel="mori-war-room")
    await world.run("mod act-as", world.mod, clan="mori")
    elsewhere = await world.h.click(otomo, "sail at once", world.mod, in_channel="otomo-war-room")
    assert elsewhere[-1].content == "This question is not for your clan"  # acting as Mōri: Mōri's only
    sent = await world.h.click(mori, "stay in port", world.mod, in_channel="mori-war-room")
    assert [s for s in sent if s.kind == "edit"][0].content.endswith("✅ mod answered: stay in port")
    (answer,) = [o for o in await world.service.repo.list_orders(1, 3, step=2) if o.unit == "answer:q-mori"]
    assert (answer.payload["value"], answer.payload["source"]) == ("stay", "moderator")
    assert any(e.kind == "step_answer" for e in await world.service.repo.audit_log(1))


async def test_a_step_opened_again_asking_the_same_gets_fresh_prompts(prompted):
    world = prompted
    old = channel_posts(world.resolved, MORI_ROOM)[-1]
    await world.h.click(old, "sail at once", world.players["mori"], in_channel="mori-war-room")  # now disabled
    await world.run("turn undo", world.mod)  # the orders step: the captains' choices go, with Mōri's answer
    world.service.clock = lambda: CLOCK + timedelta(minutes=5)  # the correction takes a while
    sent = await world.run("turn redo", world.mod)
    (new,) = [s for s in channel_posts(sent, MORI_ROOM) if s.content.startswith("❓")]  # clickable again
    assert world.h.buttons(new) != world.h.buttons(old)  # another opening: other custom ids
    stale = await world.h.click(old, "stay in port", world.players["mori"], in_channel="mori-war-room")
    assert stale[-1].content == "This question of Turn 3 · captains' choices is closed: the step was resolved"
    await world.h.click(new, "stay in port", world.players["mori"], in_channel="mori-war-room")
    (answer,) = [o for o in await world.service.repo.list_orders(1, 3, step=2) if o.unit == "answer:q-mori"]
    assert answer.payload["value"] == "stay"
