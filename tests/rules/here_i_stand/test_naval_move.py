"""The naval move's declaration (H2.5, H10.1), placement (H2.6.2) and who may react (H2.6.4, H2.6.5)."""

import pytest

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.geography import tiny_map
from bot.rulesets.here_i_stand.rules.model import NavalLeader
from bot.rulesets.here_i_stand.rules.naval_move import (
    NavalMoveOrder,
    avoidances,
    execute_move,
    intercept,
    interception_attempts,
    validate_move,
)
from bot.rulesets.here_i_stand.rules.settings import HisSettings, LoserBan

from .helpers import MAP, leader, sq, state

SETTINGS = HisSettings()


def order(*groups):
    return NavalMoveOrder(groups=[{"units": list(u), "leaders": list(ls), "to": to} for u, ls, to in groups])


def refused(s, o, gamemap=MAP, settings=SETTINGS):
    with pytest.raises(OrderRejected) as caught:
        validate_move(s, gamemap, settings, o)
    return caught.value.rule


def test_H2_1_1_a_naval_move_costs_one_cp():
    assert refused(state(sq("h1", "hapsburg", "Z1"), cp=0), order((["h1"], [], "Z2"))) == "H2.1.1"


def test_H2_5_1_only_to_an_adjacent_space():
    assert refused(state(sq("h1", "hapsburg", "Z1")), order((["h1"], [], "Z3"))) == "H2.5.1"


def test_H2_5_2_another_powers_port_only_against_enemy_naval_units():
    s = state(sq("h1", "hapsburg", "Z2"), ports={"P3": "france"}, wars=[("hapsburg", "france")])
    assert refused(s, order((["h1"], [], "P3"))) == "H2.5.2"
    validate_move(s.with_units(sq("f1", "france", "P3")), MAP, SETTINGS, order((["h1"], [], "P3")))
    allied = state(sq("h1", "hapsburg", "Z2"), ports={"P3": "england"})
    assert refused(allied, order((["h1"], [], "P3"))) == "H2.5.2"


def test_H2_5_5_venetian_units_and_doria_never_enter_the_atlantic():
    gamemap = tiny_map(["Z1", "Atlantic Ocean"], {}, [("Z1", "Atlantic Ocean")])
    s = state(sq("v1", "hapsburg", "Z1", owner="venice"))
    assert refused(s, order((["v1"], [], "Atlantic Ocean")), gamemap) == "H2.5.5"
    doria = NavalLeader(id="doria", name="Andrea Doria", power="hapsburg", location="Z1", no_atlantic=True)
    s = state(sq("h1", "hapsburg", "Z1"), doria)
    assert refused(s, order((["h1"], ["doria"], "Atlantic Ocean")), gamemap) == "H2.5.5"


def test_H2_5_4_losers_may_not_move_again_this_impulse():
    s = state(sq("h1", "hapsburg", "Z1").model_copy(update={"lost_combat_in_impulse": 1}))
    assert refused(s, order((["h1"], [], "Z2"))) == "H2.5.4"


def test_H2_5_3_H_OP_04_a_leader_left_alone_follows_the_largest_group_and_never_moves_alone():
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "Z1"), sq("h3", "hapsburg", "Z1"),
              leader("doria", "hapsburg", "Z1"), ports={"P1": "hapsburg"})
    groups = validate_move(s, MAP, SETTINGS, order((["h1"], [], "P1"), (["h2", "h3"], [], "Z2")))
    assert [g.leaders for g in groups] == [(), ("doria",)]
    groups = validate_move(s, MAP, SETTINGS, order((["h1"], [], "P1")))  # h2, h3 stay with it
    assert [g.leaders for g in groups] == [()]
    groups = validate_move(s, MAP, SETTINGS, order((["h1", "h2", "h3"], ["doria"], "Z2")))
    assert [g.leaders for g in groups] == [("doria",)]
    assert refused(s, order(([], ["doria"], "Z2"))) == "H-OP-05"


def test_H2_6_2_placement_vertical_in_an_empty_zone_as_friends_lie_and_normal_in_port():
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "Z1"), sq("h3", "hapsburg", "Z3"),
              sq("h4", "hapsburg", "Z2"), ports={"P1": "hapsburg"}, cp=1)
    groups = validate_move(s, MAP, SETTINGS, order((["h1"], [], "Z2"), (["h2"], [], "P1")))
    after, _ = execute_move(s, MAP, groups)
    assert (after.units["h1"].vertical, after.units["h2"].vertical) == (False, False)  # (b) on h4; (a) port
    groups = validate_move(s, MAP, SETTINGS, order((["h4"], [], "Z1"), (["h3"], [], "Z2")))
    after, _ = execute_move(s, MAP, groups)
    assert after.units["h4"].vertical is False  # onto h1, h2 that stay
    assert after.units["h3"].vertical is True  # h4 leaves Z2 at the same time: nobody stays there (c)


def moved_into_z2(*extra, **kw):
    s = state(sq("h1", "hapsburg", "Z1"), *extra, wars=[("hapsburg", "france"), ("hapsburg", "ottoman")], **kw)
    groups = validate_move(s, MAP, SETTINGS, order((["h1"], [], "Z2")))
    after, _ = execute_move(s, MAP, groups)
    return after, groups


def test_H_OP_10_no_interception_into_a_space_holding_the_interceptors_own_units():
    after, groups = moved_into_z2(sq("f1", "france", "Z3"), sq("f2", "france", "P3"))
    assert [a.id for a in interception_attempts(after, MAP, SETTINGS, groups)] == [
        "intercept:france:Z3:Z2", "intercept:france:P3:Z2"]  # equal stacks: map order
    after = after.with_units(sq("f9", "france", "Z2"))
    assert interception_attempts(after, MAP, SETTINGS, groups) == []
    lax = HisSettings(intercept_into_own_units_forbidden=False)
    assert len(interception_attempts(after, MAP, lax, groups)) == 2


def test_H2_6_4_only_powers_at_war_intercept_and_leaders_rating_counts():
    after, groups = moved_into_z2(sq("e1", "england", "Z3"), sq("o1", "ottoman", "P3"),
                                  leader("barbarossa", "ottoman", "P3", battle=2))
    [attempt] = interception_attempts(after, MAP, SETTINGS, groups)
    assert (attempt.power, attempt.rating, attempt.leaders) == ("ottoman", 2, ("barbarossa",))


def test_H_OP_06_wider_loser_ban_stops_interception_too():
    loser = sq("f1", "france", "Z3").model_copy(update={"lost_combat_in_impulse": 1})
    after, groups = moved_into_z2(loser)
    assert len(interception_attempts(after, MAP, SETTINGS, groups)) == 1
    assert interception_attempts(after, MAP, HisSettings(loser_ban_scope=LoserBan.ALL_NAVAL_MOVEMENT), groups) == []


def test_H2_6_5_no_avoid_when_the_mover_arrives_normal_or_into_a_port():
    s = state(sq("h1", "hapsburg", "Z1"), sq("h9", "hapsburg", "Z2"), sq("f1", "france", "Z2"),
              wars=[("hapsburg", "france")])
    groups = validate_move(s, MAP, SETTINGS, order((["h1"], [], "Z2")))
    after, _ = execute_move(s, MAP, groups)
    assert avoidances(after, MAP, SETTINGS, groups, {}) == []  # (b): the mover is not vertical


def test_H_OP_14_no_avoid_into_own_port_holding_enemy_navy():
    s = state(cs_papal := sq("p1", "papacy", "Z5"), sq("o1", "ottoman", "Z4"), sq("o2", "ottoman", "P6"),
              sq("o3", "ottoman", "Z7"), wars=[("ottoman", "papacy")], active="ottoman", ports={"P6": "papacy"})
    assert cs_papal.location == "Z5"
    groups = validate_move(s, MAP, SETTINGS, order((["o1"], [], "Z5")))
    after, _ = execute_move(s, MAP, groups)
    [found] = avoidances(after, MAP, SETTINGS, groups, {})
    assert found.destinations == ("Z4",)  # Z7 holds an enemy; P6 holds enemy navy (H-OP-14)


def test_H2_6_4_a_stack_that_intercepted_into_one_destination_cannot_intercept_again_from_the_space_it_left():
    # [ZH:L29–L30]: each attempt is made by units of a stack next to the destination.  B touches both
    # vertical destinations A and C; the Ottoman stack in B gets into A, so it is no longer in B to try
    # C (the old code rolled again and moved it on from A to C, leaving A marked "intercepted").
    gamemap = tiny_map(["A", "B", "C", "D", "E"], {}, [("A", "B"), ("B", "C"), ("C", "D"), ("A", "E")])
    s = state(sq("h1", "hapsburg", "E"), sq("h2", "hapsburg", "D"), sq("o1", "ottoman", "B"),
              sq("o2", "ottoman", "B"), wars=[("ottoman", "hapsburg")])
    groups = validate_move(s, gamemap, SETTINGS, order((["h1"], [], "A"), (["h2"], [], "C")))
    after, _ = execute_move(s, gamemap, groups)
    attempts = interception_attempts(after, gamemap, SETTINGS, groups)
    assert [a.id for a in attempts] == ["intercept:ottoman:B:A", "intercept:ottoman:B:C"]
    rolls = ScriptedDice(script={"intercept:ottoman:B:A": "2d6: 6 6"})  # no second roll is planned
    chosen = {a.id: a for a in attempts}
    chosen["intercept:ottoman:B:A"] = attempts[0].part(after, 1, 0)  # o1 only: o2 stays in B and may try C
    rolls.script["intercept:ottoman:B:C"] = "2d6: 5 3"
    done, events, intercepted = intercept(after, attempts, chosen, rolls, {})
    assert (done.units["o1"].location, done.units["o2"].location) == ("A", "B")  # o2 tried C with 8: failed
    assert [e.units for e in events] == [("o1",), ("o2",)] and intercepted == {"A": "ottoman"}
    rolls = ScriptedDice(script={"intercept:ottoman:B:A": "2d6: 6 6"})
    done, events, intercepted = intercept(after, attempts, {a.id: a for a in attempts}, rolls, {})
    assert (done.units["o1"].location, done.units["o2"].location) == ("A", "A")
    assert intercepted == {"A": "ottoman"}
    assert (events[-1].kind, events[-1].destination, events[-1].already_in) == ("his_interception_skipped", "C", "A")


def rejection(s, o):
    with pytest.raises(OrderRejected) as caught:
        validate_move(s, MAP, SETTINGS, o)
    return str(caught.value), caught.value.values


def test_H2_1_2_a_unit_not_yours_is_named_as_players_read_the_board_never_by_its_id():
    """The refusal said "f1 is not a naval unit of yours": a stored id.  The board is open (views.py),
    so another power's unit is named by its type, power and space; an unknown id only "not yours"."""
    s = state(sq("h1", "hapsburg", "Z1"), sq("f1", "france", "Z1"))
    text, values = rejection(s, order((["f1"], [], "Z2")))
    assert text == "a squadron of France in Z1 is not yours to move" and "f1" not in values.values()
    text, values = rejection(s, order((["nosuch"], [], "Z2")))
    assert text == "that is not a naval unit of yours; pick a space where yours stand" and values == {}
    text, _ = rejection(s, order((["h1"], [], "Z2"), (["h1"], [], "Z2")))
    assert text == "the same naval unit in Z1 is named twice; name each once"
