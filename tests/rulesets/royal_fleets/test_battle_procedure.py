"""One case per step of the battle procedure (U6.2), per open point whose setting changes the outcome
(default and flipped), and per input check; scripted dice, exact outcomes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.engine.dice import ScriptedDice
from bot.rulesets.royal_fleets.rules.battle import (
    BattleInputError, BattleSettings, BattleSide, RetreatPlan, Targeting, battle_event_types, fight)
from tests.rulesets.royal_fleets.battle_kit import KEY, healths, initiative, kinds, retreat, run, ship, side


def frigates(faction: str, n: int, **fields) -> BattleSide:
    return side(faction, *((f"{faction}{i}", "frigate") for i in range(1, n + 1)), **fields)


# --- U6.2.1 initiative, U-OP-16 -------------------------------------------------------------------

def test_initiative_tie_reroll_until_it_differs():
    """initiative_tie = reroll: 3-3, then 2-5 → the defender gets +10%: 8 × 1.1 = 8.8 → 9."""
    script = {**initiative(1, 3, 3), f"{KEY}:r1:initiative:attacker:reroll1": 2,
              f"{KEY}:r1:initiative:defender:reroll1": 5}
    result = run(frigates("a", 2), frigates("b", 2), script, max_rounds=1, initiative_tie="reroll")
    r1 = result.rounds[0]
    assert r1.bonus_side == "defender" and [r.total for r in r1.initiative] == [3, 3, 2, 5]
    assert (r1.attacks["attacker"].attack, r1.attacks["defender"].attack) == (8, 9)


def test_initiative_reroll_gives_up_after_the_limit():
    script = {**initiative(1, 3, 3), f"{KEY}:r1:initiative:attacker:reroll1": 4,
              f"{KEY}:r1:initiative:defender:reroll1": 4}
    result = run(frigates("a", 2), frigates("b", 2), script, max_rounds=1, initiative_tie="reroll",
                 initiative_rerolls=1)
    assert result.rounds[0].bonus_side is None
    [default] = [e for e in result.events if e.kind == "battle_default_applied" and e.rule == "U-OP-16"]
    assert default.values == {"count": "2"}


# --- U6.2.2-U6.2.3 attack, U-OP-17 ----------------------------------------------------------------

@pytest.mark.parametrize("rounding, attack", [("half_up", 7), ("half_even", 6), ("down", 6)])
def test_rounding_of_a_half_total(rounding, attack):
    """Flute at 6/12 (halved: 1.5) + flute 3 + galleass 2 = 6.5, no bonus (U-OP-17)."""
    a = side("a", ("a1", "flute", 6), ("a2", "flute"), ("a3", "galleass"))
    result = run(a, frigates("b", 2), initiative(1, 1, 2), max_rounds=1, rounding=rounding)
    assert result.rounds[0].attacks["attacker"].subtotal == Fraction(13, 2)
    assert result.rounds[0].attacks["attacker"].attack == attack


def test_the_bonus_applies_to_the_unrounded_sum():
    """U6.2.3, U8.4: 6.5 × 1.1 = 7.15 → 7 (rounding 6.5 and 0.65 apart would give 7 + 1)."""
    a = side("a", ("a1", "flute", 6), ("a2", "flute"), ("a3", "galleass"))
    result = run(a, frigates("b", 2), initiative(1, 2, 1), max_rounds=1)
    assert result.rounds[0].attacks["attacker"].bonus and result.rounds[0].attacks["attacker"].attack == 7


def test_halving_at_exactly_half_and_not_above():
    """U6.2.2 (derived, U8.3): 6/12 is halved, 7/12 is not."""
    a = side("a", ("a1", "frigate", 6), ("a2", "frigate", 7))
    result = run(a, frigates("b", 1), initiative(1, 1, 2), max_rounds=1)
    assert result.rounds[0].attacks["attacker"].effective == {"a1": 2, "a2": 4}
    assert result.rounds[0].attacks["attacker"].halved == ("a1",)


# --- U6.2.4 damage: round 3 and later, U-OP-20 ---------------------------------------------------------

def _three_rounds(b_targeting: Targeting):
    """A = ship of the line, galleon, frigate; B = 4 frigates, which win every initiative.
    R1: A 16 → B 8, 8, 8, 8; B round(16 × 1.1) = 18 → 6 each → A 14, 11, 6.
    R2: A 6 + 6 + 2 = 14 → B 4, 4, 5, 5; B 18 again → A 8, 5, 0 (the frigate sinks).
    R3 starts with A's ship of the line at 8/20 and galleon at 5/17 (3 and 3: equal attack, the ship
    of the line stronger by maximum health) and B's attack round(4 × 2 × 1.1) = 9."""
    a = side("a", ("sol", "line"), ("gn", "galleon"), ("fr", "frigate"))
    b = side("b", *((f"b{i}", "frigate") for i in range(1, 5)), targeting=b_targeting)
    result = run(a, b, {**initiative(1, 1, 6), **initiative(2, 1, 6), **initiative(3, 1, 6)}, max_rounds=3)
    r3 = result.rounds[2]
    assert (r3.health_before["sol"], r3.health_before["gn"], r3.attacks["defender"].attack) == (8, 5, 9)
    return result, r3.attacks["defender"]


def test_round_3_default_is_the_even_rule_with_full_attack():
    """9 on 8 and 5 → 5 and 4 (the ship of the line takes the extra point) → 3 and 1; for moderators,
    the default of U-OP-20 for each side."""
    result, attack = _three_rounds(Targeting())
    assert (attack.allocation, attack.damage, attack.used, attack.lost) == ("even", {"sol": 5, "gn": 4}, 9, 0)
    assert (healths(result)["sol"], healths(result)["gn"]) == (3, 1)
    assert [e.values["faction"] for e in result.events if e.kind == "battle_default_applied"
            and e.rule == "U-OP-20"] == ["a", "b"]


def test_round_3_concentrate_on_the_strongest():
    """8 sink the ship of the line, the 1 left goes to the galleon."""
    result, attack = _three_rounds(Targeting(from_round_3="concentrate"))
    assert (attack.allocation, attack.damage, attack.used) == ("concentrate", {"sol": 8, "gn": 1}, 9)
    assert result.ships["sol"].status == "sunk" and healths(result)["gn"] == 4


def test_round_3_capture_brings_the_strongest_down_to_one_health_first():
    """U6.2.4.2 "not sink but capture": 7 to the ship of the line (8 → 1), the other 2 to the galleon."""
    result, attack = _three_rounds(Targeting(from_round_3="capture"))
    assert (attack.allocation, attack.damage, attack.used) == ("capture", {"sol": 7, "gn": 2}, 9)
    assert result.ships["sol"].status == "out_of_battle" and healths(result)["gn"] == 3


def test_round_3_own_allocation_may_use_less_than_the_full_attack():
    result, attack = _three_rounds(Targeting(allocations={3: {"sol": 7}}))
    assert (attack.allocation, attack.damage, attack.used, attack.lost) == ("explicit", {"sol": 7}, 7, 0)
    assert healths(result)["sol"] == 1 and healths(result)["gn"] == 5


def test_round_3_damage_beyond_a_target_s_health_is_lost():
    """U-OP-19: from round 3 the damaging player allocates; 9 on the galleon (5): 4 are lost."""
    result, attack = _three_rounds(Targeting(allocations={3: {"gn": 9}}))
    assert (attack.damage, attack.used, attack.lost) == ({"gn": 5}, 9, 4)
    assert result.ships["gn"].status == "sunk" and healths(result)["sol"] == 8


@pytest.mark.parametrize("allocation, reason, values", [
    ({"sol": 10}, "more than the side's attack", {"used": "10", "attack": "9"}),
    ({"fr": 3, "sol": 3}, "no longer in the battle", {"ships": "fr"}),
])
def test_round_3_allocation_that_does_not_fit_is_refused_and_the_standing_order_used(allocation, reason, values):
    result, attack = _three_rounds(Targeting(allocations={3: allocation}, from_round_3="concentrate"))
    [refused] = [e for e in result.events if e.kind == "battle_allocation_refused"]
    assert (refused.round, refused.side, refused.fallback, refused.values) == (3, "defender", "concentrate", values)
    assert reason in refused.reason and refused.audience.factions == ("b",)
    assert (attack.allocation, attack.damage) == ("concentrate", {"sol": 8, "gn": 1})


# --- U6.2.5-U6.2.7 ends, U-OP-21, U-OP-22, U-OP-23 ----------------------------------------------------

def _wiped_out(**settings):
    """A: frigate at 8/12 (attack 4) and galleass at 6/8 (2); B: 2 galleons, which win the initiative:
    round(12 × 1.1) = 13 on A → 7 to the frigate (8 → 1: out of the battle), 6 to the galleass (sunk)."""
    a = side("a", ("a1", "frigate", 8), ("a2", "galleass", 6), origin="Y")
    b = side("b", ("b1", "galleon"), ("b2", "galleon"))
    return run(a, b, initiative(1, 1, 6), **settings)


def test_a_side_with_no_ship_left_in_the_battle_loses_and_its_one_health_ships_are_captured():
    result = _wiped_out()
    assert healths(result, 1)["a1"] == 1 and healths(result, 1)["a2"] == 0
    assert (result.ending, result.winner) == ("eliminated", "defender")
    assert [(c.ship, c.reason, c.to_fleet) for c in result.captures] == [("a1", "side_wiped_out", "b-fleet")]
    assert result.retreats == () and [x.reason for x in result.exhaustion] == ["defeated"]


def test_capture_when_wiped_out_off_keeps_the_ship_which_retreats():
    """U-OP-21 flipped: the seed's letter, "in case of retreat the winner captures them" [L320]."""
    result = _wiped_out(capture_when_wiped_out=False)
    assert result.captures == () and result.ships["a1"].status == "out_of_battle"
    [order] = result.retreats
    assert (order.fleet, order.rule, order.origin, order.ships) == ("a-fleet", "to_origin", "Y", ("a1",))


def test_both_declare_a_retreat_both_withdraw_without_a_roll():
    """U-OP-22 both_withdraw: no retreat dice are planned, so a roll would fail the test."""
    a = frigates("a", 2, retreat_plan=RetreatPlan(after_round=1), origin="Y")
    b = frigates("b", 2, retreat_plan=RetreatPlan(after_round=1))
    result = run(a, b, initiative(1, 2, 2))
    assert (result.ending, result.outcome, result.winner) == ("mutual_withdrawal", "no_winner", None)
    assert result.captures == () and result.exhaustion == ()
    assert [(o.fleet, o.rule, o.origin, o.excluded) for o in result.retreats] == [
        ("a-fleet", "to_origin", "Y", None), ("b-fleet", "to_adjacent", None, "Y")]
    assert "battle_mutual_withdrawal" in kinds(result)


def test_both_declare_with_roll_off_the_higher_gets_away_and_a_tie_fights_on():
    a = frigates("a", 2, retreat_plan=RetreatPlan(after_round=1), origin="Y")
    b = frigates("b", 2, retreat_plan=RetreatPlan(after_round=1))
    script = {**initiative(1, 2, 2), **retreat(1, 3, 3), **initiative(2, 2, 2), **retreat(2, 2, 6)}
    result = run(a, b, script, mutual_retreat="roll_off")
    assert [r.retreated for r in result.rounds] == [None, "defender"]
    assert (result.ending, result.winner, result.loser) == ("retreat", "attacker", "defender")
    assert [x.faction for x in result.exhaustion] == ["b"]


def test_both_lose_their_last_ships_in_the_same_round():
    """U-OP-23.  Each side: ship of the line at 4/20 (3) and frigate at 2/12 (2) = 5, a tie, no bonus;
    5 on 4 and 2 → 3 and 2: both ships of the line at 1, both frigates sunk.  No winner; the 1-health
    ships stay with their owners; no retreat orders, captures or exhaustion."""
    a = side("a", ("a1", "line", 4), ("a2", "frigate", 2))
    b = side("b", ("b1", "line", 4), ("b2", "frigate", 2))
    result = run(a, b, initiative(1, 3, 3))
    assert healths(result) == {"a1": 1, "a2": 0, "b1": 1, "b2": 0}
    assert (result.ending, result.outcome) == ("mutual_wipeout", "no_winner")
    assert result.captures == () and result.retreats == () and result.exhaustion == ()
    assert {s: (f.status, f.faction) for s, f in result.ships.items()} == {
        "a1": ("out_of_battle", "a"), "a2": ("sunk", "a"), "b1": ("out_of_battle", "b"), "b2": ("sunk", "b")}


def test_a_side_that_comes_with_only_one_health_ships_loses_before_any_die():
    a = side("a", ("a1", "frigate", 1))
    result = run(a, frigates("b", 1), {})
    assert (result.rounds, result.ending, result.winner) == ((), "eliminated", "defender")
    assert [c.ship for c in result.captures] == ["a1"]


def test_round_limit_stops_the_battle_undecided():
    result = run(frigates("a", 2), frigates("b", 2), initiative(1, 1, 2), max_rounds=1)
    assert (result.ending, result.outcome, result.retreats, result.captures) == ("round_limit", "no_winner", (), ())


def test_a_battle_neither_side_can_damage_stops_before_any_die():
    """Attack 1/2 each, rounded down even with the bonus (0.55): the battle could never end."""
    weak = {"attack": Fraction(1, 2)}
    a = BattleSide(factions=("a",), ships=(ship("a1", "frigate", "a", "af").model_copy(update=weak),))
    b = BattleSide(factions=("b",), ships=(ship("b1", "frigate", "b", "bf").model_copy(update=weak),))
    result = run(a, b, {}, rounding="down")
    assert (result.rounds, result.ending, result.outcome) == ((), "stalemate", "no_winner")
    assert run(a, b, initiative(1, 1, 2), max_rounds=1).rounds[0].attacks["attacker"].attack == 1  # half up


# --- U6.2.6 retreat declarations ------------------------------------------------------------------------

def test_retreat_when_health_falls_below_a_share():
    """A (2 frigates, 24) after R1 has 24 − 9 = 15: 15/24 < 2/3 → declares; dice 6-1 → gets away."""
    a = frigates("a", 2, retreat_plan=RetreatPlan(health_below=Fraction(2, 3)))
    result = run(a, frigates("b", 2), {**initiative(1, 1, 6), **retreat(1, 6, 1)})
    assert result.rounds[0].retreat_declared == ("attacker",) and result.rounds[0].retreated == "attacker"
    [declared] = [e for e in result.events if e.kind == "battle_retreat_declared"]
    assert declared.trigger == "health_below"


def test_retreat_when_outgunned():
    """A's next attack 4 + 4 = 8 against B's 3 × 4 = 12: 2/3 < 3/4 → declares; 2-2 fails, fights on."""
    a = frigates("a", 2, retreat_plan=RetreatPlan(attack_ratio_below=Fraction(3, 4)))
    result = run(a, frigates("b", 3), {**initiative(1, 1, 6), **retreat(1, 2, 2)}, max_rounds=1)
    assert result.rounds[0].retreat_declared == ("attacker",) and result.rounds[0].retreated is None


def test_an_answer_for_a_round_overrides_the_standing_order():
    a = frigates("a", 2, retreat_plan=RetreatPlan(after_round=1, declarations={1: False}))
    result = run(a, frigates("b", 2), {**initiative(1, 1, 6), **initiative(2, 1, 6), **retreat(2, 1, 6)},
                 max_rounds=2)
    assert [r.retreat_declared for r in result.rounds] == [(), ("attacker",)]


# --- U7: exhaustion, supporters, MP ------------------------------------------------------------------

def _allied_retreat(**settings):
    """A: England's frigate and the Dutch supporter's frigate (from an adjacent area, U5.2); Sweden
    listed with no ship.  A retreats after round 1: 6-1."""
    ships = (ship("e1", "frigate", "england", "e-fleet"), ship("d1", "frigate", "dutch", "d-fleet"))
    a = BattleSide(factions=("england", "dutch", "sweden"), ships=ships, supporters=frozenset({"d-fleet"}),
                   retreat_plan=RetreatPlan(after_round=1), origin="Y")
    return run(a, frigates("b", 2), {**initiative(1, 1, 6), **retreat(1, 6, 1)}, **settings)


def test_every_faction_of_the_losing_side_with_ships_gains_exhaustion_and_supporters_stay():
    result = _allied_retreat(battle_mp_cost=1)
    assert [(x.faction, x.points) for x in result.exhaustion] == [("england", 10), ("dutch", 10)]
    assert [o.fleet for o in result.retreats] == ["e-fleet"]  # the supporter stays in its area (U5.2)
    assert result.mp_cost == 1


def test_exhaustion_for_the_leading_faction_only_or_not_for_a_retreat():
    assert [x.faction for x in _allied_retreat(exhaustion_factions="leading").exhaustion] == ["england"]
    assert _allied_retreat(exhaustion_for_in_battle_retreat=False).exhaustion == ()


# --- input checks: refused whole, before any die -------------------------------------------------------

@pytest.mark.parametrize("attacker, defender, message", [
    (frigates("a", 1), BattleSide(factions=("a",), ships=(ship("z1", "frigate", "a", "f"),)), "a is on both sides"),
    (side("a", ("x", "frigate")), side("b", ("x", "frigate")), "Ship x is listed twice"),
    (BattleSide(factions=("a",), ships=(ship("a1", "frigate", "b", "f"),)), frigates("c", 1),
     "belongs to b, which is not among the factions of its side"),
    (BattleSide(factions=("a",), ships=(ship("a1", "frigate", "a", "f").model_copy(update={"health": 13}),)),
     frigates("b", 1), "has 13 health but at most 12"),
    (frigates("a", 1, supporters=frozenset({"nope"})), frigates("b", 1), "Supporting fleet nope"),
    (frigates("a", 1, targeting=Targeting(identical_first=("a1",))), frigates("b", 1),
     "names a1, which is not an enemy ship"),
    (frigates("a", 1, targeting=Targeting(allocations={2: {"b1": 3}})), frigates("b", 1),
     "allocations start with round 3"),
    (frigates("a", 1, targeting=Targeting(allocations={3: {"b1": -1}})), frigates("b", 1), "0 or more"),
])
def test_bad_input_is_refused_before_any_die(attacker, defender, message):
    dice = ScriptedDice({})
    with pytest.raises(BattleInputError, match=message):
        fight(attacker, defender, BattleSettings(), dice, area="X")
    assert dice.log == []


def test_the_key_prefix_names_every_roll():
    dice = ScriptedDice({"battle:X:s3:r1:initiative:attacker": 1, "battle:X:s3:r1:initiative:defender": 2})
    fight(frigates("a", 1), frigates("b", 1), BattleSettings(max_rounds=1), dice, area="X", key="battle:X:s3")
    dice.assert_all_used()


def test_every_event_emitted_has_a_declared_kind():
    result = _allied_retreat()
    assert set(kinds(result)) <= set(battle_event_types())


def test_a_bad_die_is_refused_in_the_settings():
    with pytest.raises(ValueError, match="bad die expression 'd1'"):
        BattleSettings(retreat_die="d1")
