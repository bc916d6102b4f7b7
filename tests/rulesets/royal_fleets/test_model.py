"""The royal fleets model, settings/campaign tables and order payloads (U13, U14, U-OP-01)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.model.settings import (RoyalSettings, ShipType, missing_values, require,
                                                             round_total)
from bot.rulesets.royal_fleets.rules.model.state import PIRATES, Faction, Relation, RoyalState
from bot.rulesets.royal_fleets.rules.orders.orders import MoveFleet, TransportOrder, order_slot, parse_order


def test_a_move_order_reads_with_its_standing_battle_plan():
    order = parse_order({"kind": "move", "fleet": "armada", "path": ["biscay", "channel"],
                         "plan": {"avoid": "outmatched", "retreat_after_round": 2, "if_cornered": "surrender"}})
    assert isinstance(order, MoveFleet) and order.path == ("biscay", "channel")
    assert order.plan.retreat_after_round == 2 and order.plan.targeting == "even"
    assert order_slot(order) == "unit:armada"


def test_a_bad_field_is_named_and_nothing_else_is_read():
    with pytest.raises(OrderRejected) as caught:
        parse_order({"kind": "transport", "fleet": "f", "army": "a", "hired_units": -1})
    assert "hired_units" in str(caught.value) and caught.value.rule == "U14"
    with pytest.raises(OrderRejected, match="Unknown order kind 'sail'"):
        parse_order({"kind": "sail", "fleet": "f"})


def test_side_orders_have_slots_of_their_own():
    assert order_slot(parse_order({"kind": "repair", "fleet": "f"})) == "unit:f#repair"
    assert order_slot(parse_order({"kind": "hire", "area": "biscay", "ships": ["galleon"]})) == "faction:hire:biscay"
    assert order_slot(parse_order({"kind": "upkeep"})) == "faction:upkeep"  # stored before: its old slot


def test_a_factions_own_orders_are_slotted_by_faction():
    """U14: the store keys a turn's orders by slot alone; a bare slot let one faction replace another's."""
    assert order_slot(parse_order({"kind": "upkeep", "faction": "spain"})) == "faction:spain:upkeep"
    assert order_slot(parse_order({"kind": "hire", "area": "biscay", "ships": ["galleon"], "faction": "dutch"})) \
        == "faction:dutch:hire:biscay"
    assert order_slot(parse_order({"kind": "join_command", "fleet": "f", "into": "g", "faction": "spain"})) \
        == "faction:spain:join:f"
    assert order_slot(parse_order({"kind": "retreat_to_ships", "army": "a", "fleet": "f", "faction": "spain"})) \
        == "faction:spain:retreat:a"
    assert isinstance(parse_order({"kind": "transport", "fleet": "f", "army": "a", "path": ["x"]}), TransportOrder)


def test_a_missing_table_value_is_refused_naming_it_and_its_setting():
    """U-OP-01: the bot never guesses a value the seed does not give."""
    settings = RoyalSettings(ship_types={"galleon": ShipType(name="galleon", attack=6, max_health=17)})
    with pytest.raises(OrderRejected) as caught:
        require(settings, "galleon", "price")
    assert str(caught.value) == ("This order needs the price of the galleon, which the campaign tables do not have "
                                 "yet: a moderator sets it with the setting `ship_types.galleon.price` (U-OP-01).")
    assert require(settings, "galleon", "attack") == Fraction(6)
    assert missing_values(settings) == ["ship_types.galleon.price", "ship_types.galleon.capacity_units",
                                        "transport_fee_per_unit_turn"]


def test_upkeep_repair_and_buy_over_follow_the_price():
    """UX8: price 1000 → upkeep 100, repair 500, buy-over 50 (U3.2, U3.3, U3.5)."""
    row = ShipType(name="galleon", price=1000)
    assert (row.upkeep(), row.repair_cost(), row.buy_over_price()) == (100, 500, 50)


@pytest.mark.parametrize(("mode", "value", "expected"), [
    ("half_up", Fraction(29, 2), 15), ("half_up", Fraction(143, 10), 14), ("half_even", Fraction(29, 2), 14),
    ("down", Fraction(149, 10), 14), ("half_up", Fraction(22), 22)])
def test_side_totals_round_the_campaigns_way(mode, value, expected):
    """U6.2.3 / U-OP-17."""
    assert round_total(value, RoyalSettings(rounding=mode)) == expected


def test_pirates_are_at_war_with_everyone():
    state = RoyalState(factions={"spain": Faction(name="Spain"), PIRATES: Faction(name="Pirates", moderated=True)},
                       relations=(("spain", "france", Relation.ALLIED),))
    assert state.at_war("spain", PIRATES) and state.friendly("spain", "france") and not state.at_war("spain", "x")
