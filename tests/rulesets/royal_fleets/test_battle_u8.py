"""U8 / UX1: the source's worked battle [seed L324-L338], Spain against the United Provinces, with
the dice the text supposes ("the Dutch won the roll in the first and third rounds, the Spanish in the
second") and no retreats.  Every cell of the printed table is reproduced except the three that follow
from the source's own slip in round 1 (U8.4): the Dutch lost 20 health there, not Spain's 22.

The seed and the spec agree on everything this example shows; the seed's table was read against the
spec's transcription (U8.1) cell by cell.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.engine.dice import DiceError
from tests.rulesets.royal_fleets.battle_kit import KEY, initiative, kinds, run, side

from bot.rulesets.royal_fleets.rules.battle import Targeting

SPAIN = ("gs1", "gs2", "gn1", "gn2", "gn3")  # 2 galleasses, 3 galleons, in the fleet-list order of the source
DUTCH = ("fl1", "fl2", "fr1", "fr2", "sol")  # 2 flutes, 2 frigates, 1 ship of the line

# The dice of UX1: R1 Spain 2, Dutch 5; R2 Spain 6, Dutch 3; R3 Spain 1, Dutch 4.
THREE_ROUNDS = {**initiative(1, 2, 5), **initiative(2, 6, 3), **initiative(3, 1, 4)}

# The printed table [L330-L336]: attack per round, and health at the start of each round.
PRINTED = {
    "spain_attack": (22, 22, 12),
    "spain_health": ((8, 8, 17, 17, 17), (4, 4, 13, 12, 12), (0, 0, 9, 8, 8)),
    "dutch_attack": (22, 20, 14),
    "dutch_health": ((12, 12, 12, 12, 20), (8, 8, 8, 8, 16), (4, 4, 4, 3, 11)),
}


def sides(spain_choice=("fr2",), dutch_choice=("gn3", "gn2"), spain_by_round=None):
    """UX1: each side's choice among identical ships as the source table shows it: the later ships in
    list order take the extra damage (the Dutch put it on galleons 2 and 3, Spain on frigate 2)."""
    spain = side("spain", ("gs1", "galleass"), ("gs2", "galleass"), ("gn1", "galleon"), ("gn2", "galleon"),
                 ("gn3", "galleon"), origin="Y",
                 targeting=Targeting(identical_first=spain_choice, identical_by_round=spain_by_round or {}))
    dutch = side("dutch", ("fl1", "flute"), ("fl2", "flute"), ("fr1", "frigate"), ("fr2", "frigate"),
                 ("sol", "line"), targeting=Targeting(identical_first=dutch_choice))
    return spain, dutch


def table(result):
    rounds = result.rounds[:3]
    return {
        "spain_attack": tuple(r.attacks["attacker"].attack for r in rounds),
        "spain_health": tuple(tuple(r.health_before[s] for s in SPAIN) for r in rounds),
        "dutch_attack": tuple(r.attacks["defender"].attack for r in rounds),
        "dutch_health": tuple(tuple(r.health_before[s] for s in DUTCH) for r in rounds),
    }


def test_ux1_three_rounds_match_the_source_table_but_for_its_round_1_slip():
    result = run(*sides(), THREE_ROUNDS, max_rounds=3)
    got = table(result)
    assert got == {
        "spain_attack": (22, 22, 12),
        "spain_health": ((8, 8, 17, 17, 17), (4, 4, 13, 12, 12), (0, 0, 9, 8, 8)),
        "dutch_attack": (22, 20, 11),
        "dutch_health": ((12, 12, 12, 12, 20), (8, 8, 8, 7, 15), (4, 4, 4, 2, 10)),
    }
    # U8.4: exactly three cells differ from the print, all from the 2 points of damage it dropped in round 1.
    differ = sorted((row, i) for row in PRINTED for i in range(3) if PRINTED[row][i] != got[row][i])
    assert differ == [("dutch_attack", 2), ("dutch_health", 1), ("dutch_health", 2)]
    assert sum(PRINTED["dutch_health"][0]) - sum(PRINTED["dutch_health"][1]) == 20  # the print: 20 lost
    assert sum(got["dutch_health"][0]) - sum(got["dutch_health"][1]) == 22  # the rules: Spain's attack of 22


def test_ux1_the_formulas_of_each_cell():
    """U8.2: "22+63" is 2·2 + 6·3; "(1,52+22+6)*1,1" is (1.5·2 + 2·2 + 6) × 1.1 — here with the
    corrected ship of the line at exactly half (10/20 → 3), U8.4."""
    r1, r2, r3 = run(*sides(), THREE_ROUNDS, max_rounds=3).rounds
    assert (r1.attacks["attacker"].subtotal, r1.attacks["attacker"].bonus) == (22, False)
    assert (r1.attacks["defender"].subtotal, r1.attacks["defender"].bonus) == (20, True)  # 20 × 1.1 = 22
    assert r2.attacks["attacker"].effective == {"gs1": 1, "gs2": 1, "gn1": 6, "gn2": 6, "gn3": 6}  # 4/8: halved
    assert (r2.attacks["attacker"].subtotal, r2.attacks["attacker"].bonus) == (20, True)  # 20 × 1.1 = 22
    assert r3.attacks["attacker"].effective == {"gn1": 6, "gn2": 3, "gn3": 3}  # 9/17 full, 8/17 halved
    assert r3.attacks["defender"].effective == {"fl1": Fraction(3, 2), "fl2": Fraction(3, 2), "fr1": 2, "fr2": 2,
                                                "sol": 3}
    assert r3.attacks["defender"].subtotal == 10 and r3.bonus_side == "defender"  # 10 × 1.1 = 11
    assert [r.bonus_side for r in (r1, r2, r3)] == ["defender", "attacker", "defender"]


def test_ux1_the_other_spanish_choice_in_round_2_gives_the_other_row_of_u8_4():
    """U8.4: "4 – 4 – 4 – 2 – 10 or 4 – 4 – 3 – 3 – 10", by which frigate Spain gives the extra point.
    Frigate 1 at 8 and frigate 2 at 7 are equal by the default key (attack 4, max health 12)."""
    result = run(*sides(spain_by_round={2: ("fr1",)}), THREE_ROUNDS, max_rounds=3)
    assert tuple(result.rounds[2].health_before[s] for s in DUTCH) == (4, 4, 3, 3, 10)


def test_strength_by_current_health_makes_the_healthier_frigate_the_stronger():
    """U-OP-18 flipped (strength_key = attack_then_current_health): in round 2 frigate 1 (8) ranks
    above frigate 2 (7) whatever Spain chose, so it takes the extra point."""
    result = run(*sides(), THREE_ROUNDS, max_rounds=3, strength_key="attack_then_current_health")
    assert tuple(result.rounds[2].health_before[s] for s in DUTCH) == (4, 4, 3, 3, 10)


def test_u8_played_to_its_end():
    """"And so on until a winner is determined" [L338], with made-up dice for rounds 4 and 5.
    R3 (the even rule, U-OP-20 default): Spain 12 on the Dutch 4,4,4,2,10 → 2 each and one more to the
    ship of the line and frigate 2; frigate 2 (2) sinks and its extra 1 goes to the ship of the line
    (U-OP-19 redistribute) → 2,2,2,0,6.  The Dutch 11 on 9,8,8 → 3 each, one more to galleon 1 and
    galleon 3 → 5,5,4.
    R4 (tie 3-3, no bonus): Spain 3+3+3 = 9 on the Dutch 1.5+1.5+2+3 → 2 each and one more to the ship
    of the line → flutes and frigate 1 sink, the ship of the line 3.  The Dutch 8 on three equal
    galleons → 3 to galleons 3 and 2 (their choice), 2 to galleon 1 → 3,2,1: galleon 3 leaves the battle.
    R5 (Spain 4-2): Spain round(6 × 1.1) = 7 on the ship of the line (3): it sinks, 4 points find no
    ship.  The Dutch 3 on galleons 2 and 1 → 2 and 1: galleon 2 sinks, galleon 1 is at 2.
    The Dutch have no ship left: Spain wins; galleon 3 at 1 health stays Spanish (its side won)."""
    script = {**THREE_ROUNDS, **initiative(4, 3, 3), **initiative(5, 4, 2)}
    result = run(*sides(), script)
    assert [tuple(r.health_after[s] for s in SPAIN + DUTCH) for r in result.rounds[2:]] == [
        (0, 0, 5, 5, 4, 2, 2, 2, 0, 6), (0, 0, 3, 2, 1, 0, 0, 0, 0, 3), (0, 0, 2, 0, 1, 0, 0, 0, 0, 0)]
    assert [r.attacks["attacker"].attack for r in result.rounds] == [22, 22, 12, 9, 7]
    assert [r.attacks["defender"].attack for r in result.rounds] == [22, 20, 11, 8, 3]
    assert result.rounds[4].attacks["attacker"].lost == 4
    assert (result.outcome, result.ending, result.winner) == ("attacker_won", "eliminated", "attacker")
    assert {s: (f.status, f.faction) for s, f in result.ships.items() if f.health} == {
        "gn1": ("active", "spain"), "gn3": ("out_of_battle", "spain")}
    assert result.captures == () and result.retreats == ()  # nothing of the Dutch is left to retreat
    assert [(a.faction, a.points, a.reason) for a in result.exhaustion] == [("dutch", 10, "defeated")]
    assert kinds(result).count("battle_ship_sunk") == 8 and kinds(result)[-2:] == ["battle_exhaustion", "battle_ended"]


def test_one_die_too_few_or_too_many_fails():
    """The battle asks for exactly the dice of its rounds: a script with a round missing fails on the
    unplanned key, a script with an extra roll fails as unused."""
    with pytest.raises(DiceError, match=f"unplanned roll '{KEY}:r3:initiative:attacker'"):
        run(*sides(), {**initiative(1, 2, 5), **initiative(2, 6, 3)}, max_rounds=3)
    with pytest.raises(DiceError, match=f"never made: {KEY}:r4:initiative:attacker"):
        run(*sides(), {**THREE_ROUNDS, f"{KEY}:r4:initiative:attacker": 1}, max_rounds=3)
