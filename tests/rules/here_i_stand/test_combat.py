"""Naval combat, H3.3, with the worked examples H11.4–H11.6 and the casualty rows of H3.3.8 /
H-OP-22.  Scripted dice: every roll the code makes is planned, and every planned roll is made."""

import pytest

from bot.rulesets.here_i_stand.rules.combat import casualties, fight, open_combat
from bot.rulesets.here_i_stand.rules.events import CombatDecided, CombatRolled, Retreated, UnitKept, UnitsLost
from bot.rulesets.here_i_stand.rules.model import turn_track
from bot.rulesets.here_i_stand.rules.settings import CasualtyMode, HisSettings

from .helpers import MAP, cs, leader, scripted, sq, state

SETTINGS = HisSettings()


def run(s, space, attacker, defender, script, **kw):
    dice = scripted(script)
    after, events = fight(s, MAP, SETTINGS, space, attacker, defender, dice, **kw)
    dice.assert_all_used()
    return after, events


def test_H11_4_sea_zone_odd_hits_and_a_leader_eliminated():
    s = state(sq("e1", "england", "Z7"), sq("e2", "england", "Z7"), sq("e3", "england", "Z7"),
              leader("howard", "england", "Z7", battle=1), sq("f1", "france", "Z7"), sq("f2", "france", "Z7"),
              leader("fr", "france", "Z7", battle=1), wars=[("england", "france")], active="england")
    combat = open_combat(s, MAP, "Z7", "england", "france")
    assert (combat.attacker.dice, combat.defender.dice) == (7, 5)  # 3×2+1, 2×2+1 (H3.3.1-2)
    after, events = run(s, "Z7", "england", "france", {
        "combat:Z7:england-france:attacker": "7d6: 6 5 5 2 1 3 4",
        "combat:Z7:england-france:defender": "5d6: 6 5 1 2 3"})
    decided = next(e for e in events if isinstance(e, CombatDecided))
    assert (decided.winner, decided.attacker_hits, decided.defender_hits) == ("england", 3, 2)
    assert after.units["f1"].location == after.units["f2"].location == turn_track(2)
    assert after.leaders["fr"].location == turn_track(2)  # H3.3.10 (a): the force was wiped out
    assert [u.id for u in after.units_at("Z7", "england")] == ["e2", "e3"]
    assert after.leaders["howard"].location == "Z7"
    assert not any(isinstance(e, Retreated) for e in events)


def port_case():
    return state(sq("h1", "hapsburg", "P7"), sq("h2", "hapsburg", "P7"), sq("o1", "ottoman", "P7"),
                 wars=[("hapsburg", "ottoman")], ports={"P7": "ottoman"})


def test_H11_5_a_port_tie_goes_to_the_defender_and_the_attacker_retreats():
    after, events = run(port_case(), "P7", "hapsburg", "ottoman", {
        "combat:P7:hapsburg-ottoman:attacker": "4d6: 5 1 2 3",
        "combat:P7:hapsburg-ottoman:defender": "3d6: 6 2 3"}, attacker_from="Z8")  # 2 + 1 port die
    decided = next(e for e in events if isinstance(e, CombatDecided))
    assert decided.winner == "ottoman" and decided.tie
    assert after.units["h1"].location == turn_track(2)  # loser's odd hit: a squadron
    assert after.units["o1"].location == "P7"  # winner's odd hit ignored
    assert after.units["h2"].location == "Z8"
    assert after.units["h2"].lost_combat_in_impulse == 1  # H2.5.4


def test_H11_5_b_the_attacker_wins_in_port_and_still_retreats():
    after, events = run(port_case(), "P7", "hapsburg", "ottoman", {
        "combat:P7:hapsburg-ottoman:attacker": "4d6: 5 6 5 6",
        "combat:P7:hapsburg-ottoman:defender": "3d6: 1 2 3"}, attacker_from="Z8")
    assert after.units["o1"].location == turn_track(2)
    assert [after.units[u].location for u in ("h1", "h2")] == ["Z8", "Z8"]
    assert after.units["h1"].lost_combat_in_impulse is None  # the winner is no loser
    assert after.controller_of("P7") == "ottoman"


def test_H11_6_a_mutual_elimination_equal_dice_the_defender_keeps_one():
    s = state(sq("a1", "hapsburg", "Z1"), sq("d1", "france", "Z1"), wars=[("hapsburg", "france")])
    after, events = run(s, "Z1", "hapsburg", "france", {
        "combat:Z1:hapsburg-france:attacker": "2d6: 5 6", "combat:Z1:hapsburg-france:defender": "2d6: 6 6"})
    assert [e.unit for e in events if isinstance(e, UnitKept)] == ["d1"]
    assert after.units["d1"].location == "Z1" and after.units["a1"].location == turn_track(2)


def test_H11_6_b_mutual_elimination_more_dice_the_attacker_keeps_one_and_retreats():
    s = state(sq("a1", "hapsburg", "Z2"), leader("doria", "hapsburg", "Z2", battle=1), sq("d1", "france", "Z2"),
              wars=[("hapsburg", "france")])
    after, events = run(s, "Z2", "hapsburg", "france", {
        "combat:Z2:hapsburg-france:attacker": "3d6: 5 6 1", "combat:Z2:hapsburg-france:defender": "2d6: 5 5"},
        attacker_from="Z1")
    assert next(e for e in events if isinstance(e, CombatDecided)).winner == "france"
    assert [e.unit for e in events if isinstance(e, UnitKept)] == ["a1"]
    assert after.units["d1"].location == turn_track(2)
    assert (after.units["a1"].location, after.leaders["doria"].location) == ("Z1", "Z1")  # H3.3.9 (b)


def test_H3_3_9_b_no_legal_retreat_eliminates_the_loser_and_its_leader():
    s = state(sq("a1", "hapsburg", "Z2"), sq("a2", "hapsburg", "Z2"), leader("doria", "hapsburg", "Z2"),
              sq("f1", "france", "Z2"), sq("f2", "france", "Z1"), sq("f3", "france", "Z3"),
              wars=[("hapsburg", "france")], ports={"P3": "france"})  # Z1, Z3 hold enemies; P3 is France's
    after, events = run(s, "Z2", "hapsburg", "france", {
        "combat:Z2:hapsburg-france:attacker": "4d6: 1 1 1 1", "combat:Z2:hapsburg-france:defender": "2d6: 1 5"})
    assert after.units["a1"].location == after.units["a2"].location == turn_track(2)
    assert after.leaders["doria"].location == turn_track(2)
    assert [(e.units, e.rule) for e in events if isinstance(e, UnitsLost)] == [(("a1",), "H3.3.10"),
                                                                              (("a2",), "H3.3.9")]


def test_H3_3_5_a_side_without_dice_rolls_nothing():
    s = state(sq("a1", "hapsburg", "Z1"), wars=[("hapsburg", "france")])
    s = s.with_units(sq("d1", "france", "Z1"))
    combat = open_combat(s, MAP, "Z1", "hapsburg", "france")
    assert combat.defender.dice == 2


@pytest.mark.parametrize("hits, squadrons, corsairs, won, mode, expected", [
    (2, 1, 0, False, CasualtyMode.SEQUENTIAL, (1, 0)),  # H3.3.8.1
    (3, 2, 0, False, CasualtyMode.SEQUENTIAL, (2, 0)),  # H3.3.8.3 loser's odd hit
    (3, 2, 0, True, CasualtyMode.SEQUENTIAL, (1, 0)),  # H3.3.8.3 winner ignores it
    (5, 1, 3, False, CasualtyMode.SEQUENTIAL, (1, 3)),  # H3.3.8.2 corsairs after squadrons
    (1, 0, 3, True, CasualtyMode.SEQUENTIAL, (0, 1)),  # H-OP-22 sequential (H11.3)
    (1, 0, 3, True, CasualtyMode.ODD_FIRST, (0, 0)),  # H-OP-22 odd_first (H11.3 flipped)
    (3, 0, 3, False, CasualtyMode.ODD_FIRST, (0, 3)),  # a loser loses a corsair for the odd hit either way
    (4, 1, 0, False, CasualtyMode.SEQUENTIAL, (1, 0)),  # more hits than units: nothing left to take
])
def test_H3_3_8_casualty_rows(hits, squadrons, corsairs, won, mode, expected):
    assert casualties(hits, squadrons, corsairs, won, mode) == expected


def test_H11_3_combat_part_sequential_and_odd_first():
    s = state(cs("c1", "Z5"), cs("c2", "Z5"), cs("c3", "Z5"), sq("p1", "papacy", "Z5"),
              wars=[("ottoman", "papacy")], active="ottoman")
    script = {"combat:Z5:ottoman-papacy:attacker": "3d6: 5 5 1", "combat:Z5:ottoman-papacy:defender": "2d6: 6 4"}
    after, events = run(s, "Z5", "ottoman", "papacy", dict(script))
    assert after.units["p1"].location == turn_track(2)
    assert [u.id for u in after.units_at("Z5")] == ["c2", "c3"]
    flipped = HisSettings(ottoman_casualty_mode=CasualtyMode.ODD_FIRST)
    dice = scripted(dict(script))
    after, _ = fight(s, MAP, flipped, "Z5", "ottoman", "papacy", dice)
    assert [u.id for u in after.units_at("Z5")] == ["c1", "c2", "c3"]


def test_H3_3_1_only_the_highest_leader_counts_and_rolls_are_public():
    s = state(sq("e1", "england", "Z7"), leader("a", "england", "Z7", battle=2), leader("b", "england", "Z7", battle=1),
              sq("f1", "france", "Z7"), wars=[("england", "france")], active="england")
    assert open_combat(s, MAP, "Z7", "england", "france").attacker.dice == 4
    _, events = run(s, "Z7", "england", "france", {"combat:Z7:england-france:attacker": "4d6: 1 1 1 1",
                                                    "combat:Z7:england-france:defender": "2d6: 1 1"})
    rolled = next(e for e in events if isinstance(e, CombatRolled))
    assert rolled.audience.public


def test_H_OP_24_mixed_side_loses_its_own_nationality_first():
    s = state(sq("v1", "france", "Z1", owner="venice"), sq("f1", "france", "Z1"), sq("h1", "hapsburg", "Z1"),
              wars=[("hapsburg", "france")])
    after, _ = run(s, "Z1", "hapsburg", "france", {"combat:Z1:hapsburg-france:attacker": "2d6: 5 6",
                                                   "combat:Z1:hapsburg-france:defender": "4d6: 1 1 1 1"})
    assert after.units["f1"].location == turn_track(2)
    assert after.units["v1"].location == "Z2"  # the loser's survivor retreats (first legal space, H-OP-25)
