"""Sengoku's steps (issue 12): the orders step, then the captives' choices (S9.4, S9.5, OP-46 c;
seed 001 5.1–5.2: "попадает в плен. Может совершить самоубийство")."""

from __future__ import annotations

from bot.engine.steps import ORDERS, Answer, AnswerSource, OnDeadline, steps_of
from bot.rulesets.sengoku.rules.battle.casualties import apply_harm
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, PendingCaptive
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.rulesets.sengoku.rules.model.tables import Harm
from bot.rulesets.sengoku.rules.ruleset import SengokuRuleset
from bot.rulesets.sengoku.rules.turn.captives import CAPTIVES
from tests.rules.conftest import add_leader, make_ctx

STEPS = steps_of(SengokuRuleset())


def test_table_s9_5_d_a_general_killed_is_not_asked_a_commander_captured_is(state):
    """S9.5-D 1 (seed 5.2: "генерал погибает, полководец попадает в плен. Может совершить самоубийство")."""
    add_leader(state, "tahara", "red", kind="general")
    add_leader(state, "wakabayashi", "red", kind="commander")
    ctx = make_ctx(state, {})
    for character in ("tahara", "wakabayashi"):
        apply_harm(ctx, character, Harm.GENERAL_KILLED_COMMANDER_CAPTURED, "blue", f"landrisk:T:sp1:{character}:B",
                   1, "S9.5-D")
    assert ctx.state.characters["tahara"].status is CharacterStatus.DEAD
    assert ctx.state.captives == [PendingCaptive(character="wakabayashi")]


def _captured(state, *names: str, clan: str = "red"):
    for name in names:
        character = add_leader(state, name, clan)
        character.status, character.captor = CharacterStatus.CAPTURED, "blue"
        state.captives.append(PendingCaptive(character=name))
    return state


def test_a_capture_is_remembered_with_who_saw_it(state):
    """OP-46 (c): the captives' step needs the captures of the turn; OP-49: a pirate's fight is secret."""
    add_leader(state, "kobayakawa", "red")
    add_leader(state, "hattori", "red")
    ctx = make_ctx(state, {})
    apply_harm(ctx, "kobayakawa", Harm.CAPTURED, "blue", "risk:b1:kobayakawa:r1", 1, "S9.4-A")
    ctx.secret_between = ("blue", "red")
    apply_harm(ctx, "hattori", Harm.CAPTURED, "blue", "risk:b2:hattori:r1", 1, "S9.4-A")
    apply_harm(ctx, "hattori", Harm.WOUND, "blue", None, None, "S9.4-A")  # a wound adds nobody
    assert ctx.state.captives == [PendingCaptive(character="kobayakawa"),
                                  PendingCaptive(character="hattori", seen_by=["blue", "red"])]


def test_the_captives_step_opens_after_the_orders_with_one_question_per_captive(state):
    _captured(state, "kobayakawa", "hattori")
    step = STEPS.after(state, SengokuSettings(captives_hours=12), STEPS.first(state, SengokuSettings()))
    assert step.kind == CAPTIVES and step.actors == ["red"]
    assert step.deadline.hours == 12 and step.deadline.on_deadline is OnDeadline.DEFAULTS
    assert [(q.id, q.faction, q.default, q.default_rule, [c.value for c in q.choices]) for q in step.questions] == [
        ("captive:kobayakawa", "red", "remain_captive", "OP-46c", ["suicide", "remain_captive"]),
        ("captive:hattori", "red", "remain_captive", "OP-46c", ["suicide", "remain_captive"])]
    assert step.questions[0].text.english() == ("kobayakawa was captured by Blue and may commit suicide (S9.4, "
                                                "OP-46): what does kobayakawa do?")
    assert STEPS.after(state, SengokuSettings(), step) is None  # the turn is over after it


def test_no_step_follows_the_orders_when_nobody_is_still_a_captive(state):
    _captured(state, "kobayakawa").characters["kobayakawa"].status = CharacterStatus.FREE  # freed by a moderator
    assert SengokuSettings().captives_hours == 24
    assert STEPS.after(state, SengokuSettings(), STEPS.first(state, SengokuSettings())) is None
    assert STEPS.first(state, SengokuSettings()).kind == ORDERS


def test_a_standing_if_captured_answers_unless_it_asks_the_player(state):
    _captured(state, "kobayakawa", "hattori", "mori")
    state.characters["kobayakawa"].if_captured = "suicide"
    state.characters["hattori"].if_captured = "remain_captive"
    step = STEPS.after(state, SengokuSettings(), STEPS.first(state, SengokuSettings()))
    assert [STEPS.standing_answer(state, step, q) for q in step.questions] == [
        Answer(question="captive:kobayakawa", value="suicide", source=AnswerSource.STANDING),
        Answer(question="captive:hattori", value="remain_captive", source=AnswerSource.STANDING), None]


def test_suicide_kills_and_the_default_keeps_the_captive_and_each_says_where_it_came_from(state):
    _captured(state, "kobayakawa", "hattori")
    state.captives[1].seen_by = ["blue", "green"]
    step = STEPS.after(state, SengokuSettings(), STEPS.first(state, SengokuSettings()))
    answers = [Answer(question="captive:kobayakawa", value="suicide", source=AnswerSource.FACTION),
               Answer(question="captive:hattori", value="remain_captive", source=AnswerSource.DEFAULT, rule="OP-46c")]
    result = STEPS.resolve_step(state, None, SengokuSettings(), step, [], answers, None)
    after = result.state
    assert (after.characters["kobayakawa"].status, after.characters["kobayakawa"].captor) == (CharacterStatus.DEAD, None)
    assert (after.characters["hattori"].status, after.characters["hattori"].captor) == (CharacterStatus.CAPTURED, "blue")
    assert after.captives == [] and state.captives != []  # the state given is not changed
    assert [(e.kind, e.audience.public, e.audience.factions, e.model_dump(exclude={"kind", "audience"}))
            for e in result.events] == [
        ("captive_answered", False, ("red",), {"character": "kobayakawa", "choice": "suicide", "source": "faction",
                                               "rule": ""}),
        ("captive_decided", True, (), {"character": "kobayakawa", "captor": "blue", "suicide": True}),
        ("captive_answered", False, ("red",), {"character": "hattori", "choice": "remain_captive",
                                               "source": "default", "rule": "OP-46c"}),
        ("captive_decided", False, ("blue", "green", "red"), {"character": "hattori", "captor": "blue",
                                                              "suicide": False})]


def test_a_test_may_give_the_rules_other_steps_for_a_while(monkeypatch):
    """The services' tests give Sengoku's one cached rules instance a test ruleset's steps
    (tests/services/steps_ruleset.py on the core's branch): ``steps`` is an attribute, not a property."""
    from bot.plugins import get_ruleset
    other = object()
    monkeypatch.setattr(get_ruleset("sengoku"), "steps", other)
    assert steps_of(get_ruleset("sengoku")) is other


def test_the_captives_step_is_secret_only_when_no_capture_was_public(state):
    """OP-49: a capture in a pirate's fight is seen by its two clans only; a captives' step asking about
    such captures alone must not tell the report channel that it exists (Step.secret).  One public
    capture makes the step public: everyone knows someone is asked."""
    _captured(state, "kobayakawa", "hattori")
    state.captives[0].seen_by = ["blue", "red"]
    state.captives[1].seen_by = ["blue", "green", "red"]
    first = STEPS.first(state, SengokuSettings())
    assert STEPS.after(state, SengokuSettings(), first).secret is True
    state.captives[1].seen_by = None
    assert STEPS.after(state, SengokuSettings(), first).secret is False
