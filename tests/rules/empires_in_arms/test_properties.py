"""Properties of an impulse over random positions, plans and answers (issue 15's case suite):
resolution never raises; no squadron is in two places (each is in one place of the board, or out
of play); maneuvers and KO never go negative; every squadron that leaves play has an event; the
same seed and the same answers give the same bytes."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from bot.engine.dice import SeededDice
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.engine.steps import Answer, AnswerSource
from bot.rulesets.empires_in_arms.rules.model import DESTROYED
from bot.rulesets.empires_in_arms.rules.orders import order_slot, parse_order
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings
from bot.rulesets.empires_in_arms.rules.steps import EiaSteps
from bot.rulesets.empires_in_arms.rules.validate import validate
from tests.rules.empires_in_arms.conftest import state_of, stored, tiny

NATIONS = ("france", "britain", "spain", "russia", "turkey")
STATUSES = ("ready", "requires_outfitting", "under_construction")
STEP_LIMIT = 80


def places() -> list[str]:
    return [*tiny().zones, *tiny().ports]


@st.composite
def positions(draw):
    count = draw(st.integers(3, 9))
    where = st.sampled_from([*tiny().zones, *tiny().zones, *places()])  # mostly at sea, where stacks meet
    squadrons = {f"q{i}": {"nation": draw(st.sampled_from(NATIONS)), "location": draw(where),
                           "status": draw(st.sampled_from(STATUSES))} for i in range(count)}
    active = draw(st.sampled_from(NATIONS))
    control = draw(st.dictionaries(st.sampled_from(list(tiny().zones)), st.sampled_from(NATIONS), max_size=2))
    standing = draw(st.dictionaries(st.sampled_from(NATIONS), st.fixed_dictionaries(
        {"intercept": st.sampled_from(["", "always", "never", "if enemy_dice <= 4"]),
         "evade": st.sampled_from(["", "always", "if dice_advantage >= 2"])}), max_size=3))
    return state_of(squadrons, active=active, zone_control=control, standing=standing,
                    impulse={"active": active, "ko": draw(st.sampled_from([{}, {active: 2}, {active: 6}]))}), \
        draw(st.integers(0, 10**6))


def plans(state, rng: random.Random) -> list[tuple[str, dict]]:
    """A few random plans for the active nation, kept only if valid when given."""
    board, nation, out = tiny(), state.impulse.active, []
    for here in sorted({s.location for s in state.squadrons.values() if state.major_of(s.nation) == nation}):
        path, at = [], here
        for _ in range(rng.randint(0, 3)):
            options = [p for p in places() if board.is_step(at, p)]
            at = rng.choice(options)
            path.append(at)
        zones = [p for p in [here, *path] if board.is_zone(p)]
        patrols = {rng.choice(zones): rng.randint(1, 2)} if zones and rng.random() < 0.5 else {}
        payload = {"kind": "move_fleet", "at": here, "path": path, "patrols": patrols,
                   "evade": rng.choice(["yes", "no", "ask"]), "on_win": rng.choice(["continue", "stop"])}
        try:
            validate(state, board, EiaSettings(), nation, parse_order(payload), [])
        except OrderRejected:
            continue
        out.append((nation, payload))
    return out


def answer(state, question, rng: random.Random, round_no: int):
    """A random legal answer: a choice, or a moderators' form (random losses, a winner by round 3)."""
    if question.choices:
        return rng.choice([c.value for c in question.choices])
    values = {f.id: (rng.randint(0, 3) if f.kind == "int" else "") for f in question.form}
    bstate = state.pending.battle
    for role in ("active", "inactive"):
        if f"{role}_losses" in values:
            afloat = [s.id for s in bstate.battle.side(role).squadrons if s.id not in bstate.lost]
            values[f"{role}_losses"] = ", ".join(rng.sample(afloat, rng.randint(0, len(afloat))))
    if "winner" in values:
        values["winner"] = rng.choice([1, 2] if round_no >= 3 else [0, 1, 2])
    return values


def impulse(state, seed: int):
    rng = random.Random(seed)
    settings, steps, board = EiaSettings(), EiaSteps(), tiny()
    dice = SeededDice(f"props-{seed}")
    orders = [SubmittedOrder(faction=n, unit=order_slot(parse_order(p)), seq=i, payload=p)
              for i, (n, p) in enumerate(plans(state, rng))]
    step = steps.first(state, settings)
    result = steps.resolve_step(state, board, settings, step, orders, [], dice)
    state, events, rounds = result.state, list(result.events), 0
    for _ in range(STEP_LIMIT):
        step = steps.after(state, settings, step)
        if step is None:
            break
        rounds += step.kind == "round"
        replies = [steps.standing_answer(state, step, q) or
                   Answer(question=q.id, value=answer(state, q, rng, rounds), source=AnswerSource.FACTION)
                   for q in step.questions]
        result = steps.resolve_step(state, board, settings, step, [], replies, dice)
        state, events = stored(result.state), events + list(result.events)
        check(state)
    else:
        raise AssertionError("an impulse did not end")
    return state, events


def check(state) -> None:
    board = tiny()
    for s in state.squadrons.values():
        assert s.location == DESTROYED or board.is_zone(s.location) or board.is_port(s.location), s
        assert s.maneuvers_spent >= 0
    assert all(v >= 0 for v in state.impulse.ko.values())


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_an_impulse_never_raises_and_keeps_its_invariants(drawn):
    before, seed = drawn
    after, events = impulse(before, seed)
    check(after)
    gone = {k for k, s in after.squadrons.items() if s.location == DESTROYED} - \
           {k for k, s in before.squadrons.items() if s.location == DESTROYED}
    told = [s for e in events if e.kind in ("eia_squadrons_destroyed", "eia_squadrons_lost") for s in e.squadrons]
    assert gone <= set(told), f"left play without an event: {sorted(gone - set(told))}"
    assert len(told) == len(set(told)), f"a loss told twice: {sorted(told)}"  # each loss once
    assert after.pending is None and after.impulse.active != before.impulse.active or len(NATIONS) == 1


@hsettings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_same_seed_and_answers_give_the_same_bytes(drawn):
    before, seed = drawn
    first, second = impulse(before, seed), impulse(before, seed)

    def dump(run):
        state, events = run
        return json.dumps([state.model_dump(mode="json"), [e.model_dump(mode="json") for e in events]],
                          sort_keys=True)

    assert dump(first) == dump(second)
