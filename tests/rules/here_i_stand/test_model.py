"""H9: the model — powers, owner vs controller, war both ways, the pool and the Turn Track — and the
map interface (H2.3)."""

from bot.rulesets.here_i_stand.rules.geography import HisMap, tiny_map
from bot.rulesets.here_i_stand.rules.model import UnitType, track_turn, turn_track

from .helpers import MAP, sq, state


def test_H2_3_4_rule_2_5_pairs_are_never_adjacent_whatever_the_borders_say():
    gamemap = tiny_map(["Ionian Sea", "Tyrrhenian Sea", "Barbary Coast", "Atlantic Ocean", "Black Sea", "Aegean Sea"],
                       {}, [("Ionian Sea", "Tyrrhenian Sea"), ("Barbary Coast", "Atlantic Ocean"),
                            ("Aegean Sea", "Black Sea"), ("Ionian Sea", "Aegean Sea")])
    assert gamemap.adjacent("Ionian Sea") == ("Aegean Sea",)
    assert gamemap.adjacent("Tyrrhenian Sea") == ()
    assert gamemap.adjacent("Atlantic Ocean") == ()
    assert gamemap.adjacent("Black Sea") == ()


def test_H2_3_2_a_port_has_its_anchors_zones_and_a_zone_its_ports():
    assert isinstance(MAP, HisMap)
    assert MAP.adjacent("Messina") == ("Ionian Sea", "Tyrrhenian Sea")
    assert MAP.adjacent("Z2") == ("Z1", "Z3", "P3")


def test_H9_war_is_read_both_ways_and_nobody_is_at_war_with_itself():
    s = state(wars=[("hapsburg", "ottoman")])
    assert s.at_war("ottoman", "hapsburg") and s.at_war("hapsburg", "ottoman")
    assert not s.at_war("papacy", "ottoman") and not s.at_war("ottoman", "ottoman")


def test_H_OP_01_own_units_are_the_controllers_a_loaned_squadron_moves_with_its_borrower():
    loaned = sq("v1", "france", "Z1", owner="venice")
    s = state(loaned, sq("f1", "france", "Z1"))
    assert [u.id for u in s.units_at("Z1", "france")] == ["v1", "f1"]
    assert s.units_at("Z1", "venice") == []


def test_H6_3_the_pool_is_the_counter_mix_less_the_map_and_the_turn_track():
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", turn_track(4)),
              power_extra={"hapsburg": {"counters": {UnitType.SQUADRON: 3}}})
    assert s.pool("hapsburg", UnitType.SQUADRON) == 1
    assert track_turn(turn_track(4)) == 4 and track_turn("Z1") is None
