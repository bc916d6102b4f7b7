"""Properties over random royal fleets campaigns on the tiny map (issue 13's case suite): a turn
never raises; health stays between 0 and the type's maximum; no fleet is in two places or on two
sheets at once; every ship that leaves play has an event; the same seed gives the same bytes."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings as hsettings
from hypothesis import strategies as st

from bot.engine.dice import SeededDice
from bot.rulesets.royal_fleets.rules.model.state import Army, Cargo, Fleet, RoyalState, Ship
from bot.rulesets.royal_fleets.rules.turn.resolve import resolve
from tests.rulesets.royal_fleets.support import EXAMPLE_TYPES, SEA, order, settings, state

FACTIONS = ("spain", "dutch", "france")
AREAS = sorted(SEA.areas)
TYPES = sorted(EXAMPLE_TYPES)


@st.composite
def fleets(draw) -> list[Fleet]:
    made = []
    for n in range(draw(st.integers(2, 6))):
        faction = draw(st.sampled_from(FACTIONS))
        ships = [Ship(id=f"f{n}s{i}", type=(t := draw(st.sampled_from(TYPES))),
                      health=draw(st.integers(1, EXAMPLE_TYPES[t].max_health)))
                 for i in range(draw(st.integers(1, 4)))]
        area = draw(st.sampled_from([a for a in AREAS if not SEA.is_transition(a)]))
        made.append(Fleet(id=f"f{n}", name=f"Fleet {n}", owners=(faction,), commander=faction, ships=ships,
                          location=area, blockading=[p for p in SEA.ports_on(area)][:draw(st.integers(0, 1))]))
    return made


@st.composite
def route(draw, start: str) -> list[str]:
    path, here = [], start
    for _ in range(draw(st.integers(1, 4))):
        here = draw(st.sampled_from(sorted(SEA.adjacent(here))))
        path.append(here)
        if SEA.is_transition(here):
            break
    return path


@st.composite
def campaigns(draw):
    made = draw(fleets())
    orders = []
    for seq, f in enumerate(made, 1):
        plan = {"avoid": draw(st.sampled_from(["fight", "avoid", "outmatched"])),
                "retreat_after_round": draw(st.none() | st.integers(1, 4)),
                "if_cornered": draw(st.sampled_from(["attack", "surrender"])),
                "targeting": draw(st.sampled_from(["even", "concentrate", "capture"]))}
        kind = draw(st.sampled_from(["move", "hold", "support"]))
        if kind == "move":
            orders.append(order(f.commander, seq, kind="move", fleet=f.id, path=draw(route(f.location)), plan=plan))
        elif kind == "support":
            orders.append(order(f.commander, seq, kind="support", fleet=f.id,
                                area=draw(st.sampled_from(sorted(SEA.adjacent(f.location)))),
                                side=draw(st.sampled_from(FACTIONS)), plan=plan))
        else:
            orders.append(order(f.commander, seq, kind="hold", fleet=f.id, plan=plan))
    carrier = made[0]
    army = Army(id="t", name="Tercio", owner=carrier.commander, units=[10, 10], aboard=carrier.id)
    made[0] = carrier.model_copy(update={"cargo": [Cargo(army="t", units=2)]})
    wars = draw(st.lists(st.sampled_from([("spain", "dutch"), ("spain", "france"), ("dutch", "france")]),
                         unique=True, min_size=1))
    st_ = state(*made, relations=[(a, b, "at_war") for a, b in wars], armies={"t": army})
    return st_, orders, draw(st.text(min_size=1, max_size=8))


def _ships(state_: RoyalState) -> dict[str, tuple[str, Ship]]:
    return {s.id: (f.id, s) for f in state_.fleets.values() for s in f.ships}


def _turn(st_, orders, seed):
    return resolve(st_, SEA, settings(), orders, SeededDice(seed))


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns())
def test_a_random_turn_keeps_the_state_sound(campaign):
    st_, orders, seed = campaign
    result = _turn(st_, orders, seed)  # never raises
    after = result.state
    for ship_id, (_, ship) in _ships(after).items():
        assert 1 <= ship.health <= EXAMPLE_TYPES[ship.type].max_health + ship.health_bonus, ship_id
    for f in after.fleets.values():
        assert (f.location is None) != (f.in_transit is None), f.id
        assert f.ships and len(f.ships) <= 20
        where = f.location or f.in_transit.to_area
        assert where in SEA.areas
    seen = [s for f in after.fleets.values() for s in f.ships]
    assert len({s.id for s in seen}) == len(seen)  # no ship in two fleets
    gone = set(_ships(st_)) - set(_ships(after))
    told = {e.ship for e in result.events if e.kind in ("ship_left_play", "battle_ship_sunk")}
    assert gone <= told
    again = _turn(st_, orders, seed)
    assert json.dumps([e.model_dump(mode="json") for e in again.events]) == json.dumps(
        [e.model_dump(mode="json") for e in result.events])
    assert again.state.model_dump_json() == after.model_dump_json()
