"""U6.2.4.2 / U14 BATTLE_ROUND from round 3 as a standing order of the fleet: a focus list of enemy
ships.  The battle itself (rules/battle); the order, its validation and its wiring are in
test_focus_orders.py."""

from __future__ import annotations

from bot.rulesets.royal_fleets.rules.battle import Targeting
from tests.rulesets.royal_fleets.battle_kit import healths
from tests.rulesets.royal_fleets.test_battle_procedure import _three_rounds


def test_focus_sinks_the_named_ship_first_and_spreads_the_rest():
    """R3: B's 9 on A's ship of the line 8 and galleon 5.  Focus on the galleon (not the stronger):
    5 sink it, the 4 left go evenly to the others (only the ship of the line): 8 → 4."""
    result, attack = _three_rounds(Targeting(focus=("gn",)))
    assert (attack.allocation, attack.damage, attack.used, attack.lost) == ("focus", {"gn": 5, "sol": 4}, 9, 0)
    assert result.ships["gn"].status == "sunk" and healths(result)["sol"] == 4


def test_focus_with_capture_spares_the_named_ship_at_one_health():
    """capture: the galleon 5 → 1 (4 damage), the 5 left down the ship of the line, sparing 1: 8 → 3."""
    result, attack = _three_rounds(Targeting(focus=("gn",), from_round_3="capture"))
    assert (attack.allocation, attack.damage, attack.used) == ("focus", {"gn": 4, "sol": 5}, 9)
    assert result.ships["gn"].status == "out_of_battle" and healths(result)["sol"] == 3


def test_focus_in_its_order_then_the_next_named():
    """Focus sol then gn: 8 sink the ship of the line, 1 to the galleon (5 → 4)."""
    result, attack = _three_rounds(Targeting(focus=("sol", "gn")))
    assert (attack.allocation, attack.damage) == ("focus", {"sol": 8, "gn": 1})


def test_focus_on_ships_no_longer_in_the_battle_falls_back_to_the_standing_rule():
    """The frigate sank in round 2: the focus names nobody left, the even rule applies as without it."""
    result, attack = _three_rounds(Targeting(focus=("fr",), from_round_3="even"))
    assert (attack.allocation, attack.damage) == ("even", {"sol": 5, "gn": 4})


def test_focus_does_not_apply_in_rounds_one_and_two():
    result, _ = _three_rounds(Targeting(focus=("gn",)))
    assert [r.attacks["defender"].allocation for r in result.rounds] == ["even", "even", "focus"]
