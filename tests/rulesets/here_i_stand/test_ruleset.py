"""The plug-in's Ruleset (rules/ruleset.py): order payloads read with a message naming the bad field,
validation through actions.validate_action on the real board (read through HisBoard), a scenario's
state with every problem listed, and what each power may list (views.py)."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.mapfiles import load_shipped_map
from bot.rulesets.here_i_stand.rules.board import board
from bot.rulesets.here_i_stand.rules.events import CombatDecided
from bot.rulesets.here_i_stand.rules.orders import ACTION_SLOT
from bot.rulesets.here_i_stand.rules.records import StandingOrders
from bot.rulesets.here_i_stand.rules.ruleset import HereIStandRuleset
from bot.rulesets.here_i_stand.rules.settings import HisSettings
from tests.rules.here_i_stand.helpers import MAP, sq, state

RULES = HereIStandRuleset()
BOARD = load_shipped_map("here-i-stand")


def test_an_order_is_read_by_its_kind_and_every_action_has_one_slot():
    move = RULES.parse_order({"kind": "naval_move", "groups": [{"units": ["h1"], "to": "ionian_sea"}]})
    assert RULES.order_slot(move) == RULES.order_slot(RULES.parse_order({"kind": "pass"})) == ACTION_SLOT
    assert not ACTION_SLOT.startswith("unit:")


@pytest.mark.parametrize("payload, message", [
    ({"kind": "sail"}, "unknown order 'sail'; the naval orders are naval_move, naval_transport, initiate_piracy"),
    ({"kind": "naval_move", "groups": []}, "naval_move: the field groups is not right"),
    ({"kind": "initiate_piracy", "zone": "ionian_sea"}, "initiate_piracy: the field target is not right"),
    ({"kind": "naval_transport", "formation": "a", "path": ["naples", "tunis"]}, "the field path is not right"),
])
def test_a_payload_that_cannot_be_read_names_its_field(payload, message):
    with pytest.raises(OrderRejected) as refused:
        RULES.parse_order(payload)
    assert message in str(refused.value)


def test_validation_reads_the_real_board_through_hisboard():
    s = RULES.state_from_scenario({"powers": {"ottoman": {}, "hapsburg": {}},
                                   "units": {"h1": {"type": "squadron", "owner": "hapsburg", "location": "messina"}},
                                   "impulse": {"active_power": "hapsburg", "cp_remaining": 1}}, BOARD, "t.yaml")
    ok = RULES.parse_order({"kind": "naval_move", "groups": [{"units": ["h1"], "to": "ionian_sea"}]})
    assert RULES.validate_order(s, BOARD, HisSettings(), "hapsburg", ok, []) == []
    far = RULES.parse_order({"kind": "naval_move", "groups": [{"units": ["h1"], "to": "aegean_sea"}]})
    with pytest.raises(OrderRejected, match="adjacent"):
        RULES.validate_order(s, BOARD, HisSettings(), "hapsburg", far, [])
    assert board(BOARD) is board(BOARD)  # wrapped once per map


def test_only_the_power_taking_its_impulse_passes():
    with pytest.raises(OrderRejected, match="only the power taking its impulse passes"):
        RULES.validate_order(state(active="hapsburg"), MAP, HisSettings(), "france", RULES.parse_order({"kind": "pass"}), [])


def test_a_scenario_state_lists_every_problem_at_once():
    raw = {"powers": {"ottoman": {"at_war_with": ["atlantis"]}, "venice": {"kind": "minor"}},
           "units": {"x1": {"type": "corsair", "owner": "venice", "location": "ionian_sea"},
                     "x2": {"type": "squadron", "owner": "ottoman", "location": "nowhere"},
                     "x3": {"type": "squadron", "owner": "venice", "location": "corfu"}},
           "ports": {"ionian_sea": {"controller": "ottoman"}}}
    with pytest.raises(ValueError) as refused:
        RULES.state_from_scenario(raw, BOARD, "bad.yaml")
    assert str(refused.value).splitlines() == [
        "bad.yaml: powers.ottoman: atlantis is not a power of this state (known: ottoman, venice)",
        "bad.yaml: units.x1: controlled by venice, a minor power; a major power controls a minor's units (H-OP-01)",
        "bad.yaml: units.x1: only the Ottomans have corsairs (H0.1)",
        "bad.yaml: units.x2: nowhere is not a space of the map, pool or turn_track:<turn>",
        "bad.yaml: units.x3: controlled by venice, a minor power; a major power controls a minor's units (H-OP-01)",
        "bad.yaml: ports.ionian_sea: not a port of the map"]


def test_the_impulse_defaults_to_the_first_power_of_the_impulse_order():
    s = RULES.state_from_scenario({"powers": {"france": {}, "hapsburg": {}}}, BOARD, "t.yaml")
    assert s.impulse.active_power == "hapsburg" and s.powers["france"].name == "france"


def test_a_power_s_standing_orders_are_its_own_to_list():
    s = state(sq("h1", "hapsburg", "Z1"), standing={"france": StandingOrders(intercept="always")})
    assert RULES.holdings(s, "france")["standing"]["intercept"] == "always"
    assert RULES.holdings(s, "hapsburg")["standing"] == {}
    assert RULES.holdings(s, "hapsburg")["impulse"]["cp_remaining"] == 1
    assert RULES.holdings(s, "france")["impulse"]["cp_remaining"] is None  # another power's impulse


def test_units_are_listed_by_name_never_by_id_alone():
    [view] = RULES.units(state(sq("hapsburg-squadron-2", "hapsburg", "Z1")), None)
    assert (view.name, view.owner, view.kind) == ("Hapsburgs squadron 2", "hapsburg", "squadron")


def test_relations_read_both_ways():
    assert RULES.relations(state(wars=[("france", "hapsburg")]), "hapsburg")["france"] == "at_war"


def test_a_stored_event_reads_back_as_its_kind():
    event = CombatDecided(space="z2", winner="france", loser="hapsburg", attacker_hits=1, defender_hits=2, tie=False)
    assert RULES.parse_event(event.model_dump(mode="json")) == event
    assert {"his_impulse_opened", "his_leader_returned", "his_combat_decided"} <= set(RULES.event_kinds())
