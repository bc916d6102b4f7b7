"""Moderators' edits of Here I Stand (rules/edits.py): the facts only a moderator supplies (H0.3),
each refused with what would be right and changing nothing, and the state checked after each as a
scenario's is.  Standing orders (H10.6) have their conditions read when they are entered."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.model import UnitType
from bot.rulesets.here_i_stand.rules.ruleset import HereIStandRuleset
from tests.rules.here_i_stand.helpers import MAP, leader, sq, state

RULES = HereIStandRuleset()


def edit(s, payload):
    return RULES.apply_edit(s, MAP, RULES.parse_edit(payload))


def refused(s, payload) -> OrderRejected:
    before = s.model_dump_json()
    with pytest.raises(OrderRejected) as caught:
        edit(s, payload)
    assert s.model_dump_json() == before  # nothing changed
    return caught.value


def test_war_and_peace_are_set_both_ways():
    s, note = edit(state(), {"kind": "war", "a": "france", "b": "hapsburg"})
    assert s.at_war("hapsburg", "france") and "france" in s.powers["hapsburg"].at_war_with
    assert note == "France and Hapsburgs are at war"
    s, _ = edit(s, {"kind": "war", "a": "hapsburg", "b": "france", "at_war": False})
    assert not s.at_war("france", "hapsburg")


def test_an_alliance_between_powers_at_war_is_refused_saying_what_to_do_first():
    s = state(wars=[("france", "ottoman")])
    assert str(refused(s, {"kind": "alliance", "a": "france", "b": "ottoman"})) == (
        "France and Ottomans are at war; make peace first")
    s, _ = edit(edit(s, {"kind": "war", "a": "france", "b": "ottoman", "at_war": False})[0],
                {"kind": "alliance", "a": "france", "b": "ottoman"})
    assert s.allied("ottoman", "france")


def test_an_unknown_power_is_named_with_the_powers_there_are():
    problem = refused(state(), {"kind": "war", "a": "scotland", "b": "france"})
    assert str(problem).startswith("scotland is not a power of this campaign; the powers are Ottomans, Hapsburgs")


def test_the_cp_of_the_impulse_under_way_or_of_a_power_s_next_one():
    s, note = edit(state(active="hapsburg", cp=0), {"kind": "cp", "power": "hapsburg", "cp": 3})
    assert s.impulse.cp_remaining == 3 and note == "Hapsburgs has 3 CP left in impulse 1"
    s, _ = edit(s, {"kind": "cp", "power": "england", "cp": 2})
    assert s.cp_next == {"england": 2} and s.impulse.cp_remaining == 3
    assert str(refused(s, {"kind": "cp", "power": "venice", "cp": 1})) == "Venice is a minor power and takes no impulse"


def test_port_control_unrest_and_a_pirate_haven_only_in_an_ottoman_port():
    s, _ = edit(state(), {"kind": "port", "port": "P3", "controller": "ottoman", "pirate_haven": True})
    assert s.ports["P3"].controller == "ottoman" and s.ports["P3"].pirate_haven
    s, _ = edit(s, {"kind": "port", "port": "P3", "unrest": True})
    assert s.ports["P3"].unrest and s.ports["P3"].pirate_haven
    assert "Pirate Haven is an Ottoman-controlled port" in str(
        refused(s, {"kind": "port", "port": "P1", "controller": "hapsburg", "pirate_haven": True}))
    assert str(refused(s, {"kind": "port", "port": "Z1", "controller": "hapsburg"})) == "Z1 is not a port of this map"
    assert "give one" in str(refused(s, {"kind": "port", "port": "P1", "unrest": True}))


def test_barbary_pirates_hands_counters_and_piracy_vp():
    s, _ = edit(state(), {"kind": "barbary_pirates"})
    assert s.barbary_pirates
    s, _ = edit(s, {"kind": "power", "power": "ottoman", "hand_size": 4, "piracy_vp": 3, "corsairs": 5})
    ottomans = s.powers["ottoman"]
    assert (ottomans.hand_size, ottomans.piracy_vp, ottomans.counters[UnitType.CORSAIR]) == (4, 3, 5)
    assert "only the Ottomans score piracy VP" in str(refused(s, {"kind": "power", "power": "france", "piracy_vp": 1}))
    assert "field piracy_vp" in str(refused(s, {"kind": "power", "power": "ottoman", "piracy_vp": 11}))


def test_H_OP_11_leader_ratings_and_H_OP_26_placing_a_leader():
    s = state(leader("doria", "hapsburg", "turn_track:2"))
    s, note = edit(s, {"kind": "leader", "leader": "doria", "battle_rating": 2, "location": "P1"})
    assert (s.leaders["doria"].battle_rating, s.leaders["doria"].location) == (2, "P1")
    assert note == "Doria: battle_rating 2, location P1"
    assert "is not a space of this map" in str(refused(s, {"kind": "leader", "leader": "doria", "location": "Atlantis"}))
    assert "the leaders are Doria" in str(refused(s, {"kind": "leader", "leader": "barbarossa", "battle_rating": 1}))


def test_a_units_orientation_controller_and_new_units():
    s = state(sq("v1", "venice", "Z1", owner="venice").model_copy(update={"controller": "hapsburg"}))
    s, _ = edit(s, {"kind": "unit", "unit": "v1", "orientation": "vertical", "controller": "france"})
    assert s.units["v1"].vertical and s.units["v1"].controller == "france"
    assert "only the Ottomans have corsairs" in str(
        refused(s, {"kind": "unit_add", "id": "x", "type": "corsair", "owner": "france", "location": "Z1"}))
    assert "a minor power" in str(refused(s, {"kind": "unit", "unit": "v1", "controller": "venice"}))
    s, note = edit(s, {"kind": "unit_add", "id": "h9", "type": "squadron", "owner": "hapsburg", "location": "P1"})
    assert s.units["h9"].controller == "hapsburg" and note == "added Hapsburgs squadron h9"


def test_H10_6_standing_orders_conditions_are_read_on_entry():
    s, note = edit(state(), {"kind": "standing", "power": "france", "intercept": "if moving_units <= 2",
                             "retreat_to": ["Z3", "Z1"], "piracy_rewards": ["vp", "card"]})
    orders = s.standing["france"]
    assert (orders.intercept, orders.retreat_to, orders.piracy_rewards) == ("if moving_units <= 2", ("Z3", "Z1"),
                                                                           ("vp", "card"))
    assert note == "France's standing orders: intercept, piracy_rewards, retreat_to"
    s, _ = edit(s, {"kind": "standing", "power": "france", "avoid": "never"})
    assert s.standing["france"].intercept == "if moving_units <= 2" and s.standing["france"].avoid == "never"
    assert "unknown fact 'enemy_cards'; visible facts are leader_rating" in str(refused(s, {"kind": "standing", "power": "france",
                                                         "intercept": "if enemy_cards > 2"}))
    assert "not a space of this map" in str(refused(s, {"kind": "standing", "power": "france", "avoid_to": ["Z6"]}))
    assert "give squadron, card and vp" in str(refused(s, {"kind": "standing", "power": "france",
                                                           "piracy_rewards": ["gold"]}))
    assert "own_first or allies_first" in str(refused(s, {"kind": "standing", "power": "france", "casualties": "mine"}))


def test_an_unknown_edit_names_the_edits_there_are():
    with pytest.raises(OrderRejected) as caught:
        RULES.parse_edit({"kind": "treasury"})
    assert str(caught.value).startswith("unknown moderator edit 'treasury'; the edits are power_add, war, alliance")


def test_edit_subjects_name_the_powers_and_the_unit_s_controller():
    s = state(sq("h1", "hapsburg", "Z1"))
    payload = {"kind": "unit", "unit": "h1", "orientation": "vertical"}
    after, _ = edit(s, payload)
    assert RULES.edit_subjects(s, after, RULES.parse_edit(payload)) == ["h1", "hapsburg"]
    payload = {"kind": "port", "port": "P1", "controller": "france"}
    before = state(ports={"P1": "hapsburg"})
    after, _ = edit(before, payload)
    assert RULES.edit_subjects(before, after, RULES.parse_edit(payload)) == ["france", "hapsburg"]


def test_faction_add_edit_adds_a_power():
    s, _ = edit(state(), RULES.faction_add_edit("scotland", "Scotland", "#123456"))
    assert ("scotland", "Scotland", "#123456") in RULES.factions(s)


def test_an_edit_after_a_lost_landing_is_not_refused_for_the_formation_off_the_board():
    """H4.2.4: a formation lost on landing is in the pool; the check after every edit accepts it."""
    from bot.rulesets.here_i_stand.rules.model import Formation
    from bot.rulesets.here_i_stand.rules.transport import landing_lost
    s = state().model_copy(update={"formations": {"army": Formation(id="army", power="hapsburg", land_units=4,
                                                                     location="PB")}})
    s, _ = landing_lost(s, "army")
    s, note = edit(s, {"kind": "barbary_pirates"})
    assert s.barbary_pirates and s.formations["army"].location == "pool"
