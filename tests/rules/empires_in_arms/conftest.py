"""The tiny board (tests/scenarios/maps/eia-tiny.toml: the spec's placeholders Z1–Z3, P1, S, P2, C,
F the fortress on the strait Z2–Z3, R) and a state of five nations for the rules' tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from bot.mapfiles import load_map_file
from bot.rulesets.empires_in_arms.rules.map.model import EiaBoard
from bot.rulesets.empires_in_arms.rules.map.profile import PROFILE
from bot.rulesets.empires_in_arms.rules.scenario import build_state

MAP_FILE = Path(__file__).resolve().parents[2] / "scenarios" / "maps" / "eia-tiny.toml"


@cache
def tiny() -> EiaBoard:
    return load_map_file(MAP_FILE, profile=PROFILE)


NATIONS = {
    "france": {"name": "France", "at_war_with": ["britain", "russia"],
               "allied_with": ["spain"]},
    "britain": {"name": "Great Britain", "at_war_with": ["france", "spain"]},
    "spain": {"name": "Spain", "allied_with": ["france"]},
    "russia": {"name": "Russia", "at_war_with": ["turkey", "france"]},
    "turkey": {"name": "Turkey", "at_war_with": ["russia"]},
}


def state_of(squadrons: dict, active: str = "france", **more):
    raw = {"nations": NATIONS, "impulse_order": ["france", "britain", "spain", "russia", "turkey"],
           "impulse": {"active": active}, "squadrons": squadrons,
           "port_control": {"p1": "france", "p2": "france", "c": "spain", "f": "turkey"}, **more}
    return build_state(raw, tiny(), "test")


@pytest.fixture
def board():
    return tiny()


def play(state, orders: list[tuple[str, dict]], dice: dict, answers: list[dict] | None = None,
         settings=None, module=None, strict: bool = True):
    """One impulse through its steps: the orders step, then each step asked, answered by standing
    orders, then ``answers`` (one dict per step, question id → value), then the defaults.
    Returns (state, events, steps asked); with ``strict`` every scripted roll must be used."""
    from bot.engine.dice import ScriptedDice
    from bot.engine.ruleset import SubmittedOrder
    from bot.engine.steps import Answer, AnswerSource
    from bot.rulesets.empires_in_arms.rules.orders import order_slot, parse_order
    from bot.rulesets.empires_in_arms.rules.settings import EiaSettings
    from bot.rulesets.empires_in_arms.rules.steps import EiaSteps

    settings = settings or EiaSettings()
    steps, board, rolls = EiaSteps(module), tiny(), ScriptedDice(script=dict(dice))
    submitted = [SubmittedOrder(faction=n, unit=order_slot(parse_order(p)), seq=i, payload=p)
                 for i, (n, p) in enumerate(orders)]
    step = steps.first(state, settings)
    result = steps.resolve_step(state, board, settings, step, submitted, [], rolls)
    state, events, asked = stored(result.state), list(result.events), []
    pending = list(answers or [])
    while (step := steps.after(state, settings, step)) is not None:
        asked.append(step)
        given = pending.pop(0) if pending else {}
        replies = []
        if any(q.default is None and q.id not in given for q in step.questions):
            break  # the step waits for an answer nobody gave (the moderators' combat form)
        for q in step.questions:
            standing = steps.standing_answer(state, step, q)
            if standing is not None:
                replies.append(standing)
            elif q.id in given:
                source = AnswerSource.MODERATOR if q.faction is None else AnswerSource.FACTION
                replies.append(Answer(question=q.id, value=given[q.id], source=source))
            else:
                replies.append(Answer(question=q.id, value=q.default, source=AnswerSource.DEFAULT,
                                      rule=q.default_rule))
        result = steps.resolve_step(state, board, settings, step, [], replies, rolls)
        state, events = stored(result.state), events + list(result.events)
    if strict:
        rolls.assert_all_used()
    return state, events, asked


def stored(state):
    """The state as the store gives it back between steps: through JSON (as the core keeps it)."""
    return type(state).model_validate_json(state.model_dump_json())


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of_kind(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def play_from(state, dice: dict, answers: list[dict] | None = None, settings=None, module=None):
    """Steps already open in the state (a moderator's edit opened them: E14): answer each, as ``play``."""
    from bot.engine.dice import ScriptedDice
    from bot.engine.steps import Answer, AnswerSource
    from bot.rulesets.empires_in_arms.rules.settings import EiaSettings
    from bot.rulesets.empires_in_arms.rules.steps import EiaSteps

    settings = settings or EiaSettings()
    steps, board, rolls = EiaSteps(module), tiny(), ScriptedDice(script=dict(dice))
    events, asked, pending = [], [], list(answers or [])
    step = steps.first(state, settings)
    while step is not None:
        asked.append(step)
        if step.kind == "orders":
            break
        given = pending.pop(0) if pending else {}
        if any(q.default is None and q.id not in given for q in step.questions):
            break
        replies = [steps.standing_answer(state, step, q) or
                   (Answer(question=q.id, value=given[q.id], source=AnswerSource.FACTION) if q.id in given else
                    Answer(question=q.id, value=q.default, source=AnswerSource.DEFAULT, rule=q.default_rule))
                   for q in step.questions]
        result = steps.resolve_step(state, board, settings, step, [], replies, rolls)
        state, events = stored(result.state), events + list(result.events)
        step = steps.after(state, settings, step)
    rolls.assert_all_used()
    return state, events, asked
