"""A step's questions in Discord (issue 12), against a stand-in for the step service
(tests/discord/fake_steps.py): prompts posted once in each asked clan's channel, answered by a click,
refused for a stranger, a second click, a stale prompt; a click after a restart; select menus, the
moderators' form, /step show, /step answer, /turn defaults."""

from __future__ import annotations

import json

import discord
import pytest

from bot.discord_app import FleetwrightBot
from cogs.turn_posts import TurnPoster
from tests.discord.conftest import CHANNELS, ROLES, PRIVATE, channel_posts
from tests.discord.fake_steps import FakeSteps, second_step
from tests.discord.harness import Harness, Sent
from cogs.step_prompts import fingerprint

MORI_ROOM, OTOMO_ROOM = CHANNELS["mori-war-room"], CHANNELS["otomo-war-room"]
MOD_ROOM, REPORTS = CHANNELS["moderators-room"], CHANNELS["naval-reports"]


@pytest.fixture
async def stepped(world):
    """Every clan linked, a moderators' channel set; the captives' step of turn 3 open (step 2) in the
    stand-in service."""
    await world.setup_campaign()
    await world.run("campaign channel", world.admin, moderators=MOD_ROOM)
    world.steps = FakeSteps(await world.service.campaign(1), then=second_step())
    world.bot.steps = world.steps
    return world


async def post_prompts(world) -> list:
    start = len(world.h.log)
    await TurnPoster(world.bot).step_opened(await world.steps.open_step(1))
    return world.h.log[start:]


async def mori_prompt(world):
    (prompt,) = channel_posts(await post_prompts(world), MORI_ROOM)
    return prompt


async def test_each_question_is_posted_once_in_its_clans_channel(stepped):
    world = stepped
    sent = await post_prompts(world)
    (mori,) = channel_posts(sent, MORI_ROOM)
    assert mori.content.splitlines() == [
        "❓ **Seto 1560** — Turn 3 · captives' choices", "Murakami Takeyoshi is a captive.",
        "Answer by <t:1772452800:F> (<t:1772452800:R>); without an answer by then the rules answer for you: "
        "Remain a captive (OP-46c).",
        "One click answers; an answer cannot be changed afterwards (a moderator can correct it)."]
    assert world.h.buttons(mori) == {"Commit suicide": "fw:ans:1:3:2:0:0:" + mori_fp(world),
                                     "Remain a captive": "fw:ans:1:3:2:0:1:" + mori_fp(world)}
    (otomo,) = channel_posts(sent, OTOMO_ROOM)
    assert "Tachibana Dosetsu is a captive." in otomo.content and "Murakami" not in otomo.content
    (kono,) = channel_posts(sent, CHANNELS["kono-war-room"])
    (menu,) = world.h.selects(kono).values()
    assert list(menu) == [f"Harbour {i}" for i in range(1, 8)]  # more than five choices: a select menu
    (form,) = channel_posts(sent, MOD_ROOM)  # the moderators' question, with its form button: theirs only
    assert "The combat round's result" in form.content and list(world.h.buttons(form)) == ["Enter"]
    assert not channel_posts(sent, REPORTS)  # never in the public report channel
    assert not channel_posts(sent, CHANNELS["miyoshi-war-room"])  # not asked
    assert await post_prompts(world) == []  # once: a second call (a restart, another process) posts nothing


def mori_fp(world) -> str:
    return fingerprint(world.steps.open)


async def test_a_click_answers_and_the_prompt_shows_it(stepped):
    world = stepped
    prompt = await mori_prompt(world)
    sent = await world.h.click(prompt, "Remain a captive", world.players["mori"], in_channel="mori-war-room")
    assert sent[0].kind == "callback" and sent[0].type == 6  # deferred: the answer may resolve the step
    (edit,) = [s for s in sent if s.kind == "edit"]
    assert edit.content.splitlines()[-1] == "✅ mori-player answered: Remain a captive"
    buttons = [b for row in edit.body["components"] for b in row["components"]]
    assert all(b["disabled"] for b in buttons) and [b["style"] for b in buttons] == [1, 3]  # the chosen one green
    assert world.steps.calls == [("answer", 3, 2, "captive:murakami", "remain_captive", "mori", None)]


async def test_strangers_are_refused_and_nothing_changes(stepped):
    world = stepped
    prompt = await mori_prompt(world)
    spectator = await world.h.click(prompt, "Commit suicide", world.outsider, in_channel="mori-war-room")
    assert spectator[-1].ephemeral and spectator[-1].content.startswith(
        "You are not a player of Seto 1560: none of your roles is linked to one of its clans.")
    rival = await world.h.click(prompt, "Commit suicide", world.players["otomo"], in_channel="mori-war-room")
    assert rival[-1].ephemeral and rival[-1].content == "This question is not for your clan"
    assert world.steps.open.answers == {} and not [s for s in spectator + rival if s.kind == "edit"]


async def test_a_second_click_is_refused(stepped):
    world = stepped
    prompt = await mori_prompt(world)
    await world.h.click(prompt, "Remain a captive", world.players["mori"], in_channel="mori-war-room")
    again = await world.h.click(prompt, "Commit suicide", world.players["mori"], in_channel="mori-war-room")
    assert again[-1].ephemeral and again[-1].content == "You already answered: Remain a captive"
    assert world.steps.open.answers["captive:murakami"].value == "remain_captive"


async def test_a_stale_prompt_is_refused(stepped):
    world = stepped
    prompt = await mori_prompt(world)
    for clan, question in (("otomo", "captive:tachibana"), ("kono", "harbour")):
        await world.steps.answer(1, 3, 2, question, world.steps.open.step.question(question).choices[0].value,
                                 faction=clan)
    await world.steps.answer(1, 3, 2, "combat", {"losses": 1}, faction=None, by=object())
    sent = await world.h.click(prompt, "Remain a captive", world.players["mori"], in_channel="mori-war-room")
    # the last answer resolved the step, and the next opened: its prompt went to Mōri's channel
    assert channel_posts(sent, MORI_ROOM)[0].content.splitlines()[:2] == ["❓ **Seto 1560** — Turn 3 · ransom",
                                                                          "Pay the ransom?"]
    old = await world.h.click(prompt, "Commit suicide", world.players["mori"], in_channel="mori-war-room")
    assert old[-1].ephemeral and old[-1].content == "This question of Turn 3 is closed: the step was resolved"
    # A prompt of the position now open (turn 3, step 3) from another opening of it (an undo, then a redo
    # that asked other questions): its index must not answer the question now at that index.
    other = json.loads(json.dumps(prompt.payload).replace(":3:2:0:", ":3:3:0:"))
    earlier = Sent("channel", MORI_ROOM, other)
    tampered = await world.h.click(earlier, "Commit suicide", world.players["mori"], in_channel="mori-war-room")
    assert tampered[-1].content == old[-1].content
    assert world.steps.calls[-1][3] == "captive:murakami"  # neither reached the service


async def test_a_click_after_a_restart_is_answered_by_the_new_bot(stepped):
    world = stepped
    prompt = await mori_prompt(world)
    reborn = FleetwrightBot(world.service, intents=discord.Intents.none(), sync_commands=False, run_scheduler=False)
    async with reborn:
        await reborn.setup_hook()
        reborn.steps = world.steps
        h = Harness(reborn, ROLES, CHANNELS, PRIVATE)
        sent = await h.click(prompt, "Commit suicide", world.players["mori"], in_channel="mori-war-room")
    assert [s.type for s in sent if s.kind == "callback"] == [6]
    assert world.steps.open.answers["captive:murakami"].value == "suicide"


async def test_a_select_menu_answers_with_the_picked_option(stepped):
    world = stepped
    (kono,) = channel_posts(await post_prompts(world), CHANNELS["kono-war-room"])
    ((custom_id, options),) = world.h.selects(kono).items()
    sent = await world.h.choose(kono, custom_id, options["Harbour 4"], world.players["kono"],
                                in_channel="kono-war-room")
    assert [s for s in sent if s.kind == "edit"][0].content.endswith("✅ kono-player answered: Harbour 4")
    assert world.steps.open.answers["harbour"].value == "h4"


async def test_the_moderators_form_opens_checks_and_answers(stepped):
    world = stepped
    (prompt,) = channel_posts(await post_prompts(world), MOD_ROOM)
    player = await world.h.click(prompt, "Enter", world.players["mori"], in_channel="moderators-room")
    assert player[-1].ephemeral and player[-1].content == "Only the moderators of Seto 1560 answer this question"
    (modal,) = await world.h.click(prompt, "Enter", world.mod, in_channel="moderators-room")
    assert modal.type == 9 and modal.body["title"] == "Turn 3 · captives' choices"
    inputs = [c for row in modal.body["components"] for c in row.get("components", [row.get("component")])]
    assert [(i["custom_id"], i["label"]) for i in inputs] == [("losses", "Losses (0–5)"), ("note", "Note")]
    form_id = modal.body["custom_id"]
    bad = await world.h.submit_form(form_id, {"losses": "two"}, world.mod, message=prompt,
                                    in_channel="moderators-room")
    assert bad[-1].ephemeral and bad[-1].content == "Losses: 'two' is not a whole number"
    sent = await world.h.submit_form(form_id, {"losses": "2", "note": ""}, world.mod, message=prompt,
                                     in_channel="moderators-room")
    assert [s for s in sent if s.kind == "edit"][0].content.endswith("✅ mod entered: Losses: 2")
    assert not [s for s in sent if s.target == REPORTS]  # the values entered: nowhere public
    assert world.steps.open.answers["combat"].value == {"losses": 2}  # the service read the typed values
    assert world.steps.calls[-1][5:] == (None, world.steps.calls[-1][-1]) and world.steps.calls[-1][-1].name == "mod"


async def test_step_show_lists_a_players_questions_and_a_moderators_all(stepped):
    world = stepped
    deferred, text = await world.h.invoke("step show", world.players["mori"])
    assert deferred.type == 5
    assert text.ephemeral and text.content.splitlines() == [
        "**Seto 1560** — Turn 3 · captives' choices", "Deadline: <t:1772452800:F> (<t:1772452800:R>).",
        "Your questions:", "• Murakami Takeyoshi is a captive. — not answered yet; choices: Commit suicide, "
        "Remain a captive", "Answer with the buttons posted in your channel, or with /step answer."]
    sent = await world.h.invoke("step show", world.mod)
    assert "• Ōtomo: Tachibana Dosetsu is a captive." in sent[-1].content
    assert "• moderators: The combat round's result — not answered yet (a moderators' form)" in sent[-1].content
    assert list(world.h.buttons(sent[-1])) == ["Enter: The combat round's result"]


async def test_step_answer_for_ones_clan_and_a_moderator_for_a_clan(stepped):
    world = stepped
    offered = await world.h.autocomplete("step answer", world.players["mori"], "question", question="")
    assert [c["value"] for c in offered] == ["captive:murakami"]  # never another clan's
    choices = await world.h.autocomplete("step answer", world.players["mori"], "choice", question="captive:murakami",
                                         choice="")
    assert [c["name"] for c in choices] == ["Commit suicide", "Remain a captive"]
    sent = await world.h.invoke("step answer", world.players["mori"], question="captive:murakami",
                                choice="remain a captive")
    assert sent[-1].content == "✅ Answered: Remain a captive — Murakami Takeyoshi is a captive."
    refused = await world.h.invoke("step answer", world.players["mori"], question="captive:tachibana", choice="suicide")
    assert refused[-1].content.startswith("“captive:tachibana” is not an open question for you; yours: ")
    not_mod = await world.h.invoke("step answer", world.players["mori"], question="captive:tachibana",
                                   choice="suicide", clan="otomo")
    assert not_mod[-1].content == ("Only moderators answer for a clan (the clan option); leave it out to answer "
                                   "for yours")
    await world.h.invoke("step answer", world.mod, question="captive:tachibana", choice="suicide", clan="otomo")
    assert world.steps.calls[-1][3:6] == ("captive:tachibana", "suicide", "otomo")  # as Ōtomo …
    assert world.steps.calls[-1][6].name == "mod"  # … by the moderator


async def test_step_defaults_asks_then_applies_them(stepped):
    world = stepped
    player = await world.h.invoke("turn defaults", world.players["mori"])
    assert player[-1].content.startswith("Only the moderators of Seto 1560 can do this")
    sent = await world.run("turn defaults", world.mod)
    assert sent[0].content.startswith("Apply the defaults now to the unanswered questions of Turn 3 · captives' "
                                      "choices of Seto 1560?")
    assert world.steps.calls == [("defaults", 3, 2)]
    assert sent[-1].content == "Defaults applied: 0 steps resolved."
    assert world.steps.open.answers["captive:murakami"].source == "default"


async def test_a_prompt_reads_in_its_clans_language_and_a_refusal_in_the_clickers(stepped):
    world = stepped
    await world.run("faction language", world.admin, clan="mori", language="ja")
    world.steps.campaign = world.steps.open.campaign = await world.service.campaign(1)
    prompt = await mori_prompt(world)
    assert prompt.content.splitlines()[3] == ("クリック一回で回答になります。後から変更はできません（モデレーターは訂正"
                                              "できます）。")
    assert "までに答えてください。それまでに答えがなければ、ルールが代わりに答えます" in prompt.content
    world.players["otomo"].locale = "ru"
    # The buttons read in the clan's language too (Sengoku's catalogue, OP-46 c's choices).
    assert list(world.h.buttons(prompt))[:2] == ["自害する", "捕虜のままでいる"]
    rival = await world.h.click(prompt, "自害する", world.players["otomo"], in_channel="mori-war-room")
    assert rival[-1].content == "Этот вопрос не для вашего клана"  # in the clicker's language
    sent = await world.h.click(prompt, "捕虜のままでいる", world.players["mori"], in_channel="mori-war-room")
    assert [s for s in sent if s.kind == "edit"][0].content.endswith("✅ mori-player が回答しました：捕虜のままでいる")
    world.outsider.locale = "zh-TW"
    spectator = await world.h.click(prompt, "自害する", world.outsider, in_channel="mori-war-room")
    assert spectator[-1].content.startswith("你不是 Seto 1560 的玩家")
    world.steps.open.number = 3  # the step moved on: the prompt is closed
    world.players["mori"].locale = "zh-TW"
    late = await world.h.click(prompt, "捕虜のままでいる", world.players["mori"], in_channel="mori-war-room")
    assert late[-1].content == "回合 3 的這個問題已關閉：該步已結算"


async def test_a_clan_without_a_channel_is_named_to_the_moderators(world):
    await world.setup_campaign(link=("otomo", "kono"))
    world.bot.steps = world.steps = FakeSteps(await world.service.campaign(1))
    sent = await post_prompts(world)
    notices = [s.content for s in channel_posts(sent, CHANNELS["naval-reports"])]
    assert ("⚠️ Moderators: a question of Turn 3 · captives' choices was not posted, as its clan has no linked "
            "channel; /step show lists the questions not answered, and the clan can answer with /step answer.") in notices
    assert not any("Mōri" in n for n in notices)  # public: who is asked can be a secret (test_steps_hostile.py)
    assert not [s for s in sent if "Murakami" in s.content]  # its question is nowhere in public


async def test_step_answer_opens_the_form_and_its_submission_is_answered_privately(stepped):
    world = stepped
    (modal,) = await world.h.invoke("step answer", world.mod, question="combat")
    assert modal.type == 9 and [c["custom_id"] for row in modal.body["components"] for c in row["components"]] == [
        "losses", "note"]
    sent = await world.h.submit_form(modal.body["custom_id"], {"losses": "3"}, world.mod)
    assert sent[0].type == 5 and sent[0].ephemeral  # no prompt message to update: a private reply
    assert sent[-1].content == "✅ Answered: Losses: 3 — The combat round's result"
    assert world.steps.open.answers["combat"].value == {"losses": 3}
    player = await world.h.invoke("step answer", world.players["mori"], question="combat")
    assert player[-1].content.startswith("“combat” is not an open question for you")
