"""Property tests of the plug-in over random positions on the real board and random play (issue 14's
list): whole Fleetwright turns of impulses across powers (rules/sequence.py) with random actions
(naval moves, piracy, builds, transports, passes, orders that no longer hold) and random answers or
defaults.  Resolution never raises and the turn ends; CP never negative; every unit and leader is
in one legal place; every unit and leader that leaves the board has an event saying so; the same
seed and answers give the same bytes."""

from __future__ import annotations

import random

import pytest

from bot.engine.dice import SeededDice
from bot.engine.ruleset import SubmittedOrder
from bot.engine.steps import Answer, AnswerSource
from bot.mapfiles import load_shipped_map
from bot.rulesets.here_i_stand.rules.board import board
from bot.rulesets.here_i_stand.rules.events import PiracyReward, UnitsLost
from bot.rulesets.here_i_stand.rules.model import HisState, PowerKind, track_turn
from bot.rulesets.here_i_stand.rules.ruleset import HereIStandRuleset
from bot.rulesets.here_i_stand.rules.sequence import impulse_order

RULES = HereIStandRuleset()
GAMEMAP = load_shipped_map("here-i-stand")
BOARD = board(GAMEMAP)
ZONES = [s for s in BOARD.spaces() if BOARD.is_sea_zone(s)]
PORTS = [s for s in BOARD.spaces() if BOARD.is_port(s)]
POWERS = ("ottoman", "hapsburg", "england", "france", "papacy")
STEP_LIMIT = 400


def position(rng: random.Random) -> tuple[HisState, object]:
    control = {p: rng.choice(POWERS) for p in rng.sample(PORTS, 30)}
    units = {}
    for i in range(rng.randint(6, 16)):
        power = rng.choice(POWERS)
        own = [p for p, c in control.items() if c == power]
        where = rng.choice(ZONES + own)
        corsair = power == "ottoman" and rng.random() < 0.5
        units[f"u{i}"] = {"type": "corsair" if corsair else "squadron", "owner": power, "location": where}
    leaders = {f"l{i}": {"name": f"Leader {i}", "power": u["owner"], "location": u["location"],
                         "battle_rating": rng.randint(0, 2), "piracy_rating": rng.randint(0, 2)}
               for i, u in enumerate(list(units.values())[:3])}
    held = list(control)
    home = rng.choice(held)
    formations = {"army": {"power": control[home], "land_units": rng.randint(1, 6), "location": home}}
    wars = {p: [q for q in POWERS if q > p and rng.random() < 0.6] for p in POWERS}
    raw = {"powers": {p: {"name": p.title(), "at_war_with": wars[p], "hand_size": rng.randint(0, 4),
                          "counters": {"squadron": rng.randint(0, 8), **({"corsair": 6} if p == "ottoman" else {})}}
                      for p in POWERS},
           "units": units, "leaders": leaders, "formations": formations,
           "ports": {p: {"controller": c} for p, c in control.items()}, "barbary_pirates": rng.random() < 0.5,
           "impulse": {"active_power": rng.choice(POWERS), "cp_remaining": rng.randint(0, 4)},
           "cp_next": {p: rng.randint(0, 4) for p in POWERS if rng.random() < 0.7}}
    settings = RULES.settings_model(impulses_per_turn=rng.choice((0, 3, 6)),
                                    ask_combat_cards=rng.random() < 0.5, ask_response_cards=rng.random() < 0.5)
    return RULES.state_from_scenario(raw, GAMEMAP, "random"), settings


def an_action(rng: random.Random, s: HisState) -> dict:
    power = s.impulse.active_power
    if rng.random() < min(1.0, s.impulse.number / 14):  # passes grow likelier: the action phase ends
        return {"kind": "pass"}
    mine = [u for u in s.units.values() if u.controller == power and u.location in BOARD.spaces()]
    kind = rng.choice(("naval_move", "naval_move", "initiate_piracy", "build_squadron", "build_corsair",
                       "naval_transport"))
    if kind == "naval_move" and mine:
        unit = rng.choice(mine)
        near = list(BOARD.adjacent(unit.location))
        hostile = [x for x in near if s.enemy_units_at(x, power)]  # towards enemies, mostly: moves that fight
        return {"kind": "naval_move", "groups": [{"units": [u.id for u in mine if u.location == unit.location],
                                                 "to": rng.choice(hostile if hostile and rng.random() < 0.7 else near)}]}
    if kind == "initiate_piracy":
        zones = [u.location for u in mine if str(u.type) == "corsair" and BOARD.is_sea_zone(u.location)] or ZONES
        zone = rng.choice(zones)
        targets = [s.controller_of(p) for p in BOARD.adjacent(zone) if s.controller_of(p) not in (None, power)]
        return {"kind": kind, "zone": zone, "target": rng.choice(targets or list(POWERS))}
    if kind in ("build_squadron", "build_corsair"):
        homes = [p for p in PORTS if s.controller_of(p) == power and (BOARD.home_of(p) == power or BOARD.is_algiers(p))]
        return {"kind": kind, "port": rng.choice(homes or PORTS)}
    if kind == "naval_transport":
        army = s.formations["army"]
        if army.location not in BOARD.spaces():
            return {"kind": "pass"}
        zones = [z for z in BOARD.adjacent(army.location) if s.units_at(z, power)] or list(BOARD.adjacent(army.location))
        zone = rng.choice(zones)
        return {"kind": kind, "formation": "army", "path": [army.location, zone, rng.choice(BOARD.adjacent(zone))]}
    return {"kind": "naval_move", "groups": [{"units": ["nobody"], "to": ZONES[0]}]}  # refused when resolved


def answer(rng: random.Random, question) -> Answer:
    if rng.random() < 0.3:
        return Answer(question=question.id, value=question.default, source=AnswerSource.DEFAULT,
                      rule=question.default_rule)
    if question.form:
        value = {f.id: rng.randint(max(f.minimum or 0, 0), min(f.maximum or 2, 2)) for f in question.form}
    elif question.id.startswith("foul_weather:"):
        value = "yes" if rng.random() < 0.05 else "no"
    else:
        value = rng.choice(question.choices).value
    source = AnswerSource.FACTION if question.faction else AnswerSource.MODERATOR
    return Answer(question=question.id, value=value, source=source)


def legal_place(where: str) -> bool:
    return where in BOARD.spaces() or where == "pool" or track_turn(where) is not None


def check(before: HisState, after: HisState, events: list) -> None:
    assert after.impulse.cp_remaining >= 0
    assert 0 <= after.impulse.passes <= len(impulse_order(after, RULES.settings_model()))
    assert after.powers[after.impulse.active_power].kind == PowerKind.MAJOR
    assert all(legal_place(u.location) for u in after.units.values())
    assert all(legal_place(x.location) for x in after.leaders.values())
    assert set(before.units) <= set(after.units)  # a unit leaves the board, never the state
    on_board = set(BOARD.spaces())
    gone = {u for u, unit in after.units.items()
            if u in before.units and before.units[u].location in on_board and unit.location not in on_board}
    gone |= {x for x, found in after.leaders.items()
             if before.leaders[x].location in on_board and found.location not in on_board}
    told = {u for e in events if isinstance(e, UnitsLost) for u in (*e.units, *e.leaders)}
    told |= {e.unit for e in events if isinstance(e, PiracyReward) and e.unit}
    assert gone <= told, f"left the board without an event: {sorted(gone - told)}"


def play(seed: int) -> str:
    rng = random.Random(seed)
    s, settings = position(rng)
    steps = RULES.steps
    step, trace = steps.first(s, settings), []
    for number in range(1, STEP_LIMIT):
        orders = [SubmittedOrder(faction=s.impulse.active_power, unit="impulse:action", seq=1,
                                 payload=an_action(rng, s))] if step.takes_orders else []
        answers = [steps.standing_answer(s, step, q) or answer(rng, q) for q in step.questions]
        dice = SeededDice(f"his-{seed}-{number}")
        result = steps.resolve_step(s, GAMEMAP, settings, step, orders, answers, dice)
        after = HisState.model_validate_json(result.state.model_dump_json())  # as the store keeps it
        assert after == result.state
        check(s, after, result.events)
        trace += [after.model_dump_json(), *(e.model_dump_json() for e in result.events),
                  *(r.model_dump_json() for r in dice.log)]
        s, step = after, steps.after(after, settings, step)
        if step is None:
            return "\n".join(trace)
    raise AssertionError(f"seed {seed}: the Fleetwright turn did not end in {STEP_LIMIT} steps")


@pytest.mark.parametrize("seed", range(60))
def test_random_turns_of_impulses_resolve_end_and_repeat_byte_for_byte(seed):
    assert play(seed) == play(seed)
