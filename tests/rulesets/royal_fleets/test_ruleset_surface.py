"""The royal fleets ruleset behind the protocol: scenarios checked against the map, moderators'
edits (U-OP-09 pirates, U-OP-38 land facts), events that read back, orders described by name."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import OrderRejected
from bot.plugins import get_presenter, get_ruleset
from tests.rulesets.royal_fleets.support import SEA, fleet, order, settings, state

RULES = get_ruleset("royal-fleets")


def test_a_scenario_state_is_checked_against_the_map_listing_every_problem():
    raw = {"factions": {"spain": {"name": "Spain"}},
           "fleets": {"a": {"id": "a", "name": "A", "owners": ["spain"], "commander": "spain", "location": "atlantis",
                            "ships": [{"id": "s", "type": "galleon", "health": 17}]},
                      "b": {"id": "b", "name": "B", "owners": ["england"], "commander": "england", "location": "x",
                            "ships": [{"id": "s", "type": "galleon", "health": 17}]}},
           "provinces": {"narnia": {"owner": "spain"}}}
    with pytest.raises(ValueError) as refused:
        RULES.state_from_scenario(raw, SEA, "case.yaml")
    assert str(refused.value).splitlines() == [
        "case.yaml: ship id s is used twice",
        "case.yaml: fleet a: atlantis is not a sea area of the map",
        "case.yaml: fleet b: commander and owners must be factions, the commander one of the owners",
        "case.yaml: province narnia is not on the map"]


def test_trade_posts_start_with_the_maps_initial_control():
    """U10.5; a post whose initial controller is no faction of the campaign is nobody's."""
    built = RULES.state_from_scenario({"factions": {"spain": {"name": "Spain"}}}, SEA, "s.yaml")
    assert built.trade_posts == {"south_africa": "spain", "west_indies": None}


def test_moderators_place_pirates_and_set_the_land_facts_the_rules_read():
    st = state()
    edit = RULES.parse_edit({"kind": "fleet_add", "id": "p1", "name": "Black Flag", "faction": "pirates",
                             "area": "x", "ships": [{"id": "pz", "type": "frigate", "health": 12}]})
    after, note = RULES.apply_edit(st, SEA, edit)
    assert after.fleets["p1"].commander == "pirates" and after.factions["pirates"].moderated
    assert after.at_war("pirates", "france") and "pirates" not in st.factions  # the state given is unchanged
    sieged, _ = RULES.apply_edit(after, SEA, RULES.parse_edit({"kind": "province", "id": "fort", "fortress": True,
                                                              "besieged": True, "food_depot": "basic"}))
    assert sieged.provinces["fort"].food_depot == "basic" and sieged.provinces["fort"].owner == "france"
    with pytest.raises(OrderRejected, match="narnia is not a province of this map"):
        RULES.apply_edit(st, SEA, RULES.parse_edit({"kind": "province", "id": "narnia", "owner": "spain"}))
    with pytest.raises(OrderRejected, match="Unknown moderator edit 'weather'"):
        RULES.parse_edit({"kind": "weather"})


def test_every_event_of_a_turn_reads_back_as_it_was():
    st = state(fleet("s", "spain", "y", "galleon"), fleet("d", "dutch", "x", "flute"))
    dice = ScriptedDice({"battle:x:r1:initiative:attacker": 6, "battle:x:r1:initiative:defender": 1,
                         "battle:x:r2:initiative:attacker": 6, "battle:x:r2:initiative:defender": 1})
    payload = {"kind": "move", "fleet": "s", "path": ["x"]}
    result = RULES.resolve(st, SEA, settings(), [order("spain", 1, **payload)], dice)
    for event in result.events:
        assert RULES.parse_event(event.model_dump(mode="json")) == event


def test_an_order_is_described_by_names_not_ids():
    st = state(fleet("s", "spain", "a1", "galleon"))
    presenter = get_presenter("royal-fleets")
    text = presenter.describe_order(RULES.parse_order({"kind": "move", "fleet": "s", "path": ["a2", "cape"]}), st,
                                    SEA)
    assert text == "Fleet s sails Sea A2 → Cape Sea."
    blockade = RULES.parse_order({"kind": "blockade", "fleet": "s", "port": "cadiz"})
    assert presenter.describe_order(blockade, st, SEA) == "Fleet s blockades Cádiz."


def test_holdings_list_treasury_exhaustion_and_trade_posts():
    held = RULES.holdings(state(), "spain")
    assert (held["treasury"], held["war_exhaustion"], held["trade_posts"]) == ("5000", 0, ["south_africa"])
    assert held["relations"] == {"dutch": "at_war", "france": "at_war"}
    assert Fraction(held["treasury"]) == 5000
