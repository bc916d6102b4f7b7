"""Properties of a whole resolved turn over random campaigns (tests/properties/
campaigns.py, random_orders.py) on the shipped Seto map and the channel test
map, with random settings and ``SeededDice(random seed)``:

* resolution never raises, whatever the orders;
* no unit is in two places: unit ids are unique across the tables, each unit
  in play lies in one map area, an attached heavy detachment belongs to a
  squadron in play of its owner, a character leads at most one squadron;
* damage stays 0–5 and experience 0–2, and nothing in play has 5 damage
  (S8.4.3, OP-35);
* every unit that leaves play during the turn has an event saying why;
* every roll has its own key; the same seed gives the same result, byte for
  byte.

Examples are derandomized (no example database) so CI is reproducible; the
module runs in well under a minute on two cores.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings as hyp_settings, strategies as st

from bot.engine.dice import SeededDice
from bot.plugins import get_ruleset
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, SengokuState, UnitState
from bot.rulesets.sengoku.rules.model.scenario import build_state
from tests.properties.campaigns import MAPS, Campaign, settings, states
from tests.properties.random_orders import turn_orders

RULESET = get_ruleset("sengoku")
PROPERTY_RUNS = hyp_settings(max_examples=400, deadline=None, derandomize=True, database=None,
                             suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Events that say why a unit left play (found where unit states change:
# casualties, encounter, at_anchor, interception, last_port, turn_start).
LEAVING = {"destroyed", "captured", "forced_refusal", "disbanded", "mothballed", "unit_lost", "fleets_lost"}
TABLES = ("squadrons", "fleets", "heavy")


@st.composite
def campaigns(draw, map_id: str) -> Campaign:
    state = draw(states(map_id))
    return Campaign(map_id=map_id, state=state, orders=draw(turn_orders(state, map_id)),
                    settings=draw(settings()), seed=draw(st.text("0123456789abcdef", min_size=4, max_size=16)))


def resolve(campaign: Campaign):
    gamemap = MAPS[campaign.map_id]
    before = build_state(campaign.state, gamemap, "property campaign")
    dice = SeededDice(campaign.seed)
    result = RULESET.resolve(before, gamemap, campaign.settings, campaign.orders, dice)
    return before, result, dice


def as_bytes(result, dice) -> bytes:
    return json.dumps({"state": result.state.model_dump(mode="json"),
                       "events": [e.model_dump(mode="json") for e in result.events],
                       "rolls": [r.model_dump(mode="json") for r in dice.log]}, sort_keys=True).encode()


def place_problems(state: SengokuState, map_id: str) -> list[str]:
    gamemap, problems = MAPS[map_id], []
    ids = [unit for table in TABLES for unit in getattr(state, table)]
    problems += [f"id {u} is in two tables" for u in sorted({u for u in ids if ids.count(u) > 1})]
    for unit in list(state.squadrons.values()) + list(state.fleets.values()):
        if unit.state is UnitState.ACTIVE and unit.location not in gamemap.areas:
            problems.append(f"{unit.id} is in play but lies nowhere on the map ({unit.location!r})")
    for hd in state.heavy.values():
        host = state.squadrons.get(hd.attached_to or "")
        if hd.state is UnitState.ACTIVE and hd.attached_to and (
                host is None or host.state is not UnitState.ACTIVE or host.owner != hd.owner):
            problems.append(f"{hd.id} is in play attached to {hd.attached_to}, which is not a squadron in play "
                            f"of {hd.owner}")
    led: dict[str, str] = {}
    for sq in state.squadrons.values():
        if sq.state is not UnitState.ACTIVE or sq.leader is None:
            continue
        if sq.leader in led:
            problems.append(f"{sq.leader} leads both {led[sq.leader]} and {sq.id} (OP-44 c)")
        led[sq.leader] = sq.id
        character = state.characters[sq.leader]
        if character.status is not CharacterStatus.FREE or character.clan != sq.owner:
            problems.append(f"{sq.id} is led by {sq.leader}, who is {character.status.value} of {character.clan}")
    return problems


def range_problems(state: SengokuState) -> list[str]:
    problems = []
    for unit in list(state.squadrons.values()) + list(state.heavy.values()):
        if not 0 <= unit.damage <= 5:
            problems.append(f"{unit.id} has damage {unit.damage}")
        if unit.state is UnitState.ACTIVE and unit.damage >= 5:
            problems.append(f"{unit.id} is still in play with 5 damage (S8.4.3, OP-35)")
    problems += [f"{sq.id} has experience {sq.experience}" for sq in state.squadrons.values()
                 if not 0 <= sq.experience <= 2]
    return problems


def _named(event: dict) -> set[str]:
    names = set(event.get("units") or [])
    return names | ({event["unit"]} if isinstance(event.get("unit"), str) else set())


def departure_problems(before: SengokuState, after: SengokuState, events) -> list[str]:
    """A unit in play at the start and out of play at the end must have an event
    saying why; an HD may be named through the squadron it was attached to."""
    said = set()
    for event in events:
        if event.kind in LEAVING:
            said |= _named(event.model_dump(mode="json"))
    problems = []
    for table in TABLES:
        for unit_id, unit in getattr(before, table).items():
            end = getattr(after, table).get(unit_id)
            if unit.state is not UnitState.ACTIVE or (end is not None and end.state is UnitState.ACTIVE):
                continue
            host = getattr(unit, "attached_to", None)
            if unit_id not in said and host not in said:
                problems.append(f"{unit_id} left play ({end.state.value if end else 'vanished'}) with no event "
                                f"saying why")
    return problems


def dice_problems(dice) -> list[str]:
    keys = [roll.key for roll in dice.log]
    return [f"dice key {k} was rolled twice" for k in sorted({k for k in keys if keys.count(k) > 1})]


def check_turn(campaign: Campaign) -> None:
    before, result, dice = resolve(campaign)  # never raises
    problems = (place_problems(result.state, campaign.map_id) + range_problems(result.state)
                + departure_problems(before, result.state, result.events) + dice_problems(dice))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_a_resolved_turn_keeps_the_invariants(map_id):
    @PROPERTY_RUNS
    @given(campaign=campaigns(map_id))
    def run(campaign):
        check_turn(campaign)
    run()


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_the_same_seed_gives_the_same_bytes(map_id):
    @hyp_settings(PROPERTY_RUNS, max_examples=100)
    @given(campaign=campaigns(map_id))
    def run(campaign):
        _, first, first_dice = resolve(campaign)
        _, again, again_dice = resolve(campaign)
        assert as_bytes(first, first_dice) == as_bytes(again, again_dice)
    run()
