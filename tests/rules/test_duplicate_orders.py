"""Two orders that want the same army, fleet or credit: the first applies,
the second falls back with a reason (S12.4); resolution never fails."""

from __future__ import annotations

from pathlib import Path

from bot.engine.dice import SeededDice
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import load_map_file
from bot.plugins import get_ruleset

RULESET = get_ruleset("sengoku")
MAP = load_map_file(Path(__file__).resolve().parent.parent / "scenarios" / "maps" / "channel.toml")

STATE = {
    "clans": {"red": {"name": "Red", "rice": 10, "development": 3}, "blue": {"name": "Blue"}},
    "relations": [["red", "blue", "at_war"]],
    "area_owner": {"west": "red", "wmid": "red", "east": "blue"},
    "fleets": {"T1": {"name": "T1", "owner": "red", "base_port": "wport"},
               "T2": {"name": "T2", "owner": "red", "base_port": "wport"}},
    "armies": {"a1": {"name": "First", "clan": "red", "area": "west",
                      "detachments": [{"id": "d0", "infantry": 10}, {"id": "d1", "infantry": 5}]}},
    "credits": [{"id": "credit:1:X", "holder": "red", "kind": "squadron", "holders": [], "turn_captured": 1}],
    "turn": 2,
}


def resolve(orders):
    state = RULESET.state_from_scenario(STATE, MAP, "test")
    submitted = [SubmittedOrder(faction="red", unit=o["unit"], seq=i, payload=o) for i, o in enumerate(orders)]
    result = RULESET.resolve(state, MAP, RULESET.settings_model(subphases=["SP1"]), submitted, SeededDice("s"))
    return result.state, [e for e in result.events if e.kind == "order_fell_back"]


def test_two_landings_for_one_army():
    _, fell_back = resolve([
        {"kind": "tf_landing", "unit": "T1", "army": "a1", "detachments": ["d0"], "origin": "west",
         "destination": "wmid"},
        {"kind": "tf_landing", "unit": "T2", "army": "a1", "origin": "west", "destination": "wmid"}])
    assert [(e.unit, "already sails" in e.reason) for e in fell_back] == [("T2", True)]


def test_two_evacuations_for_one_army():
    state, fell_back = resolve([
        {"kind": "tf_evacuation", "unit": "T1", "army": "a1", "origin": "west", "destination": "wmid"},
        {"kind": "tf_evacuation", "unit": "T2", "army": "a1", "origin": "west", "destination": "wmid"}])
    assert [(e.unit, "already sails" in e.reason) for e in fell_back] == [("T2", True)]
    assert state.armies["a1"].area == "wmid"


def test_two_redemptions_of_one_credit():
    state, fell_back = resolve([
        {"kind": "redeem_capture", "unit": "credit:1:X", "build": "squadron", "port": "wport"},
        {"kind": "redeem_capture", "unit": "credit:1:X", "build": "heavy_detachment", "port": "wport"}])
    assert len(state.squadrons) == 1 and not state.heavy
    assert [e.reason for e in fell_back] == ["capture credit credit:1:X is already redeemed"]
