"""S2.1, OP-08: a unit's basing order and its task are kept apart, so the same
turn can re-base a damaged fleet to a port with timber and have it repair."""

from __future__ import annotations

from bot.rulesets.sengoku.rules.orders.orders import parse_order
from bot.rulesets.sengoku.rules.ruleset import SengokuRuleset


def test_a_base_order_does_not_replace_the_units_task():
    rules = SengokuRuleset()
    slots = {rules.order_slot(parse_order(payload)) for payload in (
        {"kind": "base", "unit": "F", "port": "wport"},
        {"kind": "tf_idle", "unit": "F", "repair": True},
        {"kind": "tf_trade", "unit": "F", "subphase": "SP2"})}
    assert slots == {"unit:F#base", "unit:F", "unit:F#SP2"}


def test_mothball_and_disband_share_the_basing_slot():
    """S2.5: they are the alternatives to a base for the turn; the last one given stands."""
    rules = SengokuRuleset()
    assert rules.order_slot(parse_order({"kind": "mothball", "unit": "F", "area": "west"})) == "unit:F#base"
    assert rules.order_slot(parse_order({"kind": "disband", "unit": "F"})) == "unit:F#base"
