"""U6.2.4.2 / U14 BATTLE_ROUND from round 3 as the fleet's standing focus (BattlePlan.focus):
validation (only ships the faction sees; a hidden ship reads like a missing one), the wiring into
the battle and the report line."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.orders.orders import parse_order
from bot.rulesets.royal_fleets.rules.ruleset import RoyalFleetsRuleset
from bot.rulesets.royal_fleets.rules.validation.validate import validate
from tests.rulesets.royal_fleets.support import SEA, fleet, of_kind, order, run, settings, state
from tests.rulesets.royal_fleets.test_movement_and_encounters import initiative


def _shared_area():
    """Spain (ship of the line, galleon, frigate) and the Dutch (4 frigates) at war, both in X; the
    Spanish sail on and so fight there first (U-OP-12).  The Dutch win every initiative: the same
    numbers as test_battle_procedure._three_rounds (R3: their 9 on the ship of the line 8, galleon 5)."""
    return state(fleet("s", "spain", "x", "line", "galleon", "frigate"),
                 fleet("d", "dutch", "x", "frigate", "frigate", "frigate", "frigate"),
                 fleet("far", "spain", "cape", "galleon"))


DICE = {**initiative("x", 1, 1, 6), **initiative("x", 2, 1, 6), **initiative("x", 3, 1, 6),
        "battle:x:r3:retreat:attacker": 6, "battle:x:r3:retreat:defender": 1}
SPAIN = order("spain", 1, kind="move", fleet="s", path=["y"], plan={"retreat_after_round": 3})


def test_the_focus_is_used_from_round_3_and_said_in_the_report():
    result = run(_shared_area(), [SPAIN, order("dutch", 2, kind="hold", fleet="d", plan={"focus": ["s-2"]})], DICE)
    attacks = [e for e in of_kind(result, "battle_attack") if e.side == "defender"]
    assert [a.allocation for a in attacks] == ["even", "even", "focus"]
    assert attacks[2].damage == {"s-2": 5, "s-1": 4}
    assert [e.ship for e in of_kind(result, "battle_ship_sunk")] == ["s-3", "s-2"]
    assert [s.health for s in result.state.fleets["s"].ships] == [4]


def test_without_a_focus_the_even_rule_applies():
    """The same battle with the default (U-OP-20): 5 and 4, nothing sinks in round 3."""
    result = run(_shared_area(), [SPAIN, order("dutch", 2, kind="hold", fleet="d")], DICE)
    attacks = [e for e in of_kind(result, "battle_attack") if e.side == "defender"]
    assert attacks[2].allocation == "even" and attacks[2].damage == {"s-1": 5, "s-2": 4}


def test_the_focus_skips_ships_not_in_this_battle():
    """The fleet's plan may name a ship that is not in this battle (it sailed away): it is left out."""
    st = _shared_area()
    result = run(st, [SPAIN, order("dutch", 2, kind="hold", fleet="d", plan={"focus": ["s-3", "s-2"]})], DICE)
    attacks = [e for e in of_kind(result, "battle_attack") if e.side == "defender"]
    assert attacks[2].allocation == "focus" and attacks[2].damage == {"s-2": 5, "s-1": 4}  # s-3 sank in round 2


@pytest.mark.parametrize("ship", ["far-1", "no-such-ship", "d-1"])
def test_a_ship_the_faction_cannot_see_reads_like_one_that_does_not_exist(ship):
    """far-1 exists but is in another area, no-such-ship does not exist, d-1 is the faction's own:
    the same refusal, naming what was typed, and nothing about the hidden ship."""
    order_ = parse_order({"kind": "hold", "fleet": "d", "plan": {"focus": [ship]}})
    with pytest.raises(OrderRejected) as refused:
        validate(_shared_area(), SEA, settings(), "dutch", order_)
    assert refused.value.values == {"ship": ship} and refused.value.rule == "U6.2.4"
    assert "see no enemy ship" in refused.value.msgid


def test_a_focus_of_more_than_eight_ships_is_refused_by_the_order_model():
    with pytest.raises(OrderRejected) as refused:
        parse_order({"kind": "hold", "fleet": "d", "plan": {"focus": [f"s{i}" for i in range(9)]}})
    assert refused.value.values["field"] == "plan.focus"


def test_sighted_ships_are_the_other_factions_ships_in_the_factions_areas():
    rows = RoyalFleetsRuleset().holdings(_shared_area(), "dutch")["sighted_ships"]
    assert [(r["id"], r["fleet_name"], r["area"]) for r in rows] == [("s-1", "Fleet s", "x"), ("s-2", "Fleet s", "x"),
                                                                    ("s-3", "Fleet s", "x")]
    assert [r["id"] for r in RoyalFleetsRuleset().holdings(_shared_area(), "france")["sighted_ships"]] == []
