"""The model (E16), the scenario builder and the order payloads (E17)."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.empires_in_arms.rules.orders import MoveFleet, order_slot, parse_order
from bot.rulesets.empires_in_arms.rules.scenario import build_state
from tests.rules.empires_in_arms.conftest import NATIONS, state_of, tiny


def test_a_fleet_is_a_major_power_with_its_minor_allies_in_one_place():
    """E2.1: a minor's squadrons join its major's fleet."""
    nations = {**NATIONS, "denmark": {"name": "Denmark", "kind": "minor", "major_ally": "france"}}
    state = build_state({"nations": nations, "impulse_order": ["france"], "impulse": {"active": "france"},
                         "squadrons": {"f1": {"nation": "france", "location": "z1"},
                                       "d1": {"nation": "denmark", "location": "z1"},
                                       "b1": {"nation": "britain", "location": "z1"}}}, tiny(), "t")
    assert sorted(s.id for s in state.fleet("france", "z1")) == ["d1", "f1"]
    assert state.stacks_at("z1") == [("france",), ("britain",)]
    assert state.enemies("denmark", "britain")


def test_the_scenario_lists_every_problem():
    with pytest.raises(ValueError) as refused:
        state_of({"x": {"nation": "prussia", "location": "nowhere"}})
    assert "nation prussia is not a nation" in str(refused.value)
    assert "nowhere is neither a zone nor a port" in str(refused.value)


def test_an_armada_of_one_power_or_of_enemies_is_refused():
    with pytest.raises(ValueError, match=r"E3\.1\.1"):
        state_of({"b1": {"nation": "britain", "location": "z1"}},
                 armadas={"a": {"location": "z1", "powers": ["britain", "france"]}})


def test_a_move_plan_reads_and_has_its_fleets_slot():
    order = parse_order({"kind": "move_fleet", "at": "p1", "path": ["z1", "z2"], "patrols": {"z2": 2},
                         "evade": "yes"})
    assert isinstance(order, MoveFleet) and order_slot(order) == "move:p1:all"


def test_a_bad_order_names_its_field():
    with pytest.raises(OrderRejected, match="patrols"):
        parse_order({"kind": "move_fleet", "at": "p1", "patrols": {"z2": 0}})
    with pytest.raises(OrderRejected, match="the orders are"):
        parse_order({"kind": "sail"})
