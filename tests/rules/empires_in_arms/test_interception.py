"""Interception, evasion, patrols and their roll (E5–E7, EX1, EX7, EX8), step by step."""

from __future__ import annotations

from bot.rulesets.empires_in_arms.rules.model import DESTROYED
from tests.rules.empires_in_arms.conftest import of_kind, play, state_of

BRITISH_IN_Z2 = {"b1": {"nation": "britain", "location": "z2"}, "b2": {"nation": "britain", "location": "z2"},
                 "b3": {"nation": "britain", "location": "z2"}}
FRENCH_AT_P1 = {"f1": {"nation": "france", "location": "p1"}, "f2": {"nation": "france", "location": "p1"},
                "f3": {"nation": "france", "location": "p1", "status": "requires_outfitting"}}
MOVE = ("france", {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2"], "evade": "no"})
KEY = "eia:1:intercept:z2:britain"


def test_ex8_a_move_nobody_intercepts_costs_its_maneuvers_and_ceil_ko():
    """EX8: P1 → Z1 → Z2 → P2 is 3 maneuvers = 2 KO (ko_rounding ceil); no enemy: one step."""
    state = state_of(FRENCH_AT_P1, impulse={"active": "france", "ko": {"france": 5}})
    state, events, asked = play(state, [("france", {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2", "p2"]})], {})
    assert asked == []
    assert {state.squadrons[s].location for s in ("f1", "f2", "f3")} == {"p2"}
    spent = of_kind(events, "eia_maneuvers_spent")[-1]
    assert (spent.maneuvers, spent.ko, spent.ko_left) == (3, 2, 3)
    assert state.impulse.active == "britain" and state.impulse.number == 2  # the next nation's impulse
    assert all(s.maneuvers_spent == 0 for s in state.squadrons.values())


def test_ex1_interception_succeeds_on_ten_with_the_british_two():
    """EX1: [4, 4] = 8 + 2 = 10 > 9: intercepted; the inactive British are asked (E-OP-09)."""
    state = state_of({**FRENCH_AT_P1, **BRITISH_IN_Z2})
    rounds = {"eia:1:battle:z2:r1:active": [1] * 5, "eia:1:battle:z2:r1:inactive": [1] * 9}
    _, events, asked = play(state, [MOVE], {KEY: [4, 4], **rounds}, answers=[{"intercept:britain": "yes"}])
    assert asked[0].kind == "intercept" and asked[0].questions[0].faction == "britain"
    roll = of_kind(events, "eia_interception_rolled")[0]
    assert (roll.faces, roll.modifiers, roll.total, roll.success) == ((4, 4), {"britain": 2}, 10, True)


def test_ex1_nine_is_not_above_nine():
    state = state_of({**FRENCH_AT_P1, **BRITISH_IN_Z2})
    state, events, _ = play(state, [MOVE], {KEY: [3, 4]}, answers=[{"intercept:britain": "yes"}])
    roll = of_kind(events, "eia_interception_rolled")[0]
    assert (roll.total, roll.success) == (9, False)
    assert state.squadrons["f1"].location == "z2"  # failed: the French go on


def test_ex1_blockading_adds_one():
    """EX1: the British control Z (E7 footnote): [3, 4] = 7 + 2 + 1 = 10."""
    state = state_of({**FRENCH_AT_P1, **BRITISH_IN_Z2}, zone_control={"z2": "britain"})
    rounds = {"eia:1:battle:z2:r1:active": [1] * 5, "eia:1:battle:z2:r1:inactive": [1] * 9}
    _, events, _ = play(state, [MOVE], {KEY: [3, 4], **rounds}, answers=[{"intercept:britain": "yes"}])
    roll = of_kind(events, "eia_interception_rolled")[0]
    assert (roll.modifiers, roll.total, roll.success) == ({"britain": 2, "blockading": 1}, 10, True)


def test_no_answer_is_no_interception_by_default():
    """E-OP-09: the default at the deadline is no interception; no roll is made."""
    state = state_of({**FRENCH_AT_P1, **BRITISH_IN_Z2})
    state, events, asked = play(state, [MOVE], {})
    assert asked[0].questions[0].default == "no" and asked[0].questions[0].default_rule == "E-OP-09"
    assert of_kind(events, "eia_interception_declined")[0].nation == "britain"
    assert of_kind(events, "eia_answer_applied")[0].source == "default"
    assert state.squadrons["f1"].location == "z2"


def test_a_standing_order_intercepts_without_asking():
    state = state_of({**FRENCH_AT_P1, **BRITISH_IN_Z2}, standing={"britain": {"intercept": "if enemy_dice <= 6"}})
    _, events, asked = play(state, [MOVE], {KEY: [3, 4]})
    assert [s.kind for s in asked] == ["intercept"]  # opened, and answered at once (5 French dice ≤ 6)
    assert of_kind(events, "eia_answer_applied")[0].source == "standing"
    assert of_kind(events, "eia_interception_rolled")[0].success is False


def test_interception_then_failed_evasion_then_a_moderator_entered_round():
    """EX2's chain: intercepted, evasion [5, 3] + 1 = 9 fails (E6.5 +1 die to the British), round 1
    dice British 3×3 + 1 = 10, French 2 + 2 + 1 = 5; the moderators enter the round: British win;
    the French lose f3, and the rest are placed in the nearest friendly port (E9.2)."""
    move = ("france", {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2"], "evade": "yes"})
    state = state_of({**FRENCH_AT_P1, **BRITISH_IN_Z2})
    dice = {KEY: [4, 4], "eia:1:evade:z2:france": [5, 3],
            "eia:1:battle:z2:r1:active": [1, 2, 3, 4, 6], "eia:1:battle:z2:r1:inactive": [6] * 10}
    form = {"active_result": 0, "inactive_result": 3, "active_losses": "f3", "inactive_losses": "",
            "winner": 2}
    state, events, asked = play(state, [move], dice, answers=[{"intercept:britain": "yes"}, {}, {"combat_r1": form},
                                                              {"nearest_port:france": "p2"}])
    # P2 (French) and C (Spanish, allied: E-OP-22) are equally near: the loser chooses (E-OP-18)
    assert [s.kind for s in asked] == ["intercept", "cards", "round", "nearest_port"]
    assert asked[-1].questions[0].default == "c"
    evasion = [e for e in of_kind(events, "eia_interception_rolled") if e.purpose == "evasion"][0]
    assert (evasion.total, evasion.success) == (9, False)
    rolled = of_kind(events, "eia_round_rolled")[0]
    assert (rolled.active_count, rolled.inactive_count) == (5, 10)
    assert state.squadrons["f3"].location == DESTROYED
    assert [e.squadrons for e in of_kind(events, "eia_squadrons_lost")] == [("f3",)]
    assert of_kind(events, "eia_squadrons_destroyed") == []  # told once, by the round's loss (E8.2)
    assert {state.squadrons[s].location for s in ("f1", "f2")} == {"p2"}  # nearest French port from Z2
    assert "f1" in state.impulse.placed or state.impulse.active == "britain"


def test_a_successful_evasion_goes_on_and_is_not_intercepted_again_there():
    """E6.4 / E-OP-11: the active fleet evades and continues its plan."""
    move = ("france", {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2", "p2"], "evade": "yes"})
    state = state_of({**FRENCH_AT_P1, **BRITISH_IN_Z2})
    dice = {KEY: [6, 6], "eia:1:evade:z2:france": [6, 5], KEY + "#2": [1, 1]}
    state, events, asked = play(state, [move], dice, answers=[{"intercept:britain": "yes"}, {"intercept:britain": "yes"}])
    assert of_kind(events, "eia_evaded")[0].place == "z2"
    # entering P2 (a port of Z2) is another entry: the British may try again (E5.2), and fail
    assert [s.kind for s in asked] == ["intercept", "intercept"]
    assert state.squadrons["f1"].location == "p2"


def test_breakout_evasion_returns_to_the_port():
    """E6.3 / EX8: leaving P1 into Z1 an enemy controls is a breakout; evading returns the fleet to P1."""
    british = {"b1": {"nation": "britain", "location": "z1"}}
    move = ("france", {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2"], "evade": "yes"})
    state = state_of({**FRENCH_AT_P1, **british}, zone_control={"z1": "britain"})
    dice = {"eia:1:intercept:z1:britain": [6, 6], "eia:1:evade:z1:france": [6, 6]}
    state, events, _ = play(state, [move], dice, answers=[{"intercept:britain": "yes"}])
    assert of_kind(events, "eia_evaded")[0].breakout is True
    assert state.squadrons["f1"].location == "p1"


def test_ex7_one_patrol_maneuver_rolls_once_per_stack():
    """EX7 / E4.5 / E-OP-07: British patrol Z2 with a French and a Spanish stack: [3, 4] + 2 = 9
    misses the French, [5, 3] + 2 = 10 finds the Spanish; the Spanish fail to evade [2, 2]."""
    squadrons = {"b1": {"nation": "britain", "location": "z2"}, "fr": {"nation": "france", "location": "z2"},
                 "sp": {"nation": "spain", "location": "z2"}}
    state = state_of(squadrons, active="britain")
    dice = {"eia:1:patrol:z2:britain:france": [3, 4], "eia:1:patrol:z2:britain:spain": [5, 3],
            "eia:1:evade:z2:spain": [2, 2], "eia:1:battle:z2:r1:active": [1, 1, 1, 1],
            "eia:1:battle:z2:r1:inactive": [2]}
    form = {"active_result": 2, "inactive_result": 0, "winner": 1}
    state, events, asked = play(state, [("britain", {"kind": "patrol", "zone": "z2"})], dice,
                                answers=[{"evade:spain": "yes"}, {}, {"combat_r1": form}])
    rolls = of_kind(events, "eia_interception_rolled")
    assert [(r.purpose, r.total, r.success) for r in rolls] == [("patrol", 9, False), ("patrol", 10, True),
                                                                ("evasion", 4, False)]
    began = of_kind(events, "eia_battle_began")[0]
    assert began.inactive_squadrons == ("sp",)  # the French stack is ignored
    assert of_kind(events, "eia_round_rolled")[0].active_count == 4  # 3 + 1 (E6.5)
    assert state.squadrons["sp"].location == "c"  # the nearest Spanish port


def test_two_plans_intercepted_by_the_same_stack_roll_under_two_keys():
    """Found by the property tests: two French fleets (from P1 and S) enter Z1, and the British stack
    there tries each time; the impulse, not the plan, counts the rolls (``#2``), since every roll
    needs its own key."""
    state = state_of({"f1": {"nation": "france", "location": "p1"}, "f2": {"nation": "france", "location": "s"},
                      "b1": {"nation": "britain", "location": "z1"}},
                     standing={"britain": {"intercept": "always"}}, port_control={"p1": "france", "s": "france"})
    plans = [("france", {"kind": "move_fleet", "at": "p1", "path": ["z1"]}),
             ("france", {"kind": "move_fleet", "at": "s", "path": ["z1"]})]
    dice = {"eia:1:intercept:z1:britain": [1, 1], "eia:1:intercept:z1:britain#2": [1, 2]}
    state, events, _ = play(state, plans, dice)
    assert [r.faces for r in of_kind(events, "eia_interception_rolled")] == [(1, 1), (1, 2)]
    assert state.squadrons["f1"].location == state.squadrons["f2"].location == "z1"


def test_a_plan_that_no_longer_holds_is_told_to_its_nation_and_the_next_runs():
    """E17: the second plan names the fleet at P1, which the first has just moved away: it is not
    carried out (its nation is told why, privately), nothing is spent, and the impulse goes on."""
    state = state_of({"f1": {"nation": "france", "location": "p1"}})
    plans = [("france", {"kind": "move_fleet", "at": "p1", "path": ["z1"]}),
             ("france", {"kind": "move_fleet", "at": "p1", "squadrons": ["f1"], "path": ["z1", "z2"]})]
    state, events, _ = play(state, plans, {})
    refused = of_kind(events, "eia_plan_not_carried")[0]
    assert refused.audience.factions == ("france",) and refused.rule == "E2.1"
    assert state.squadrons["f1"].location == "z1" and state.impulse.active == "britain"


def test_e9_3_beaten_while_leaving_a_port_returns_to_it_without_a_blockade():
    """E9.3, seed [L45] "Флот разбитый при выходе из Порта возвращается в этот Порт": any fleet beaten
    while leaving a port goes back to that port, not only a breakout (E6.3's blockade).  France leaves
    S into Z1 (nobody controls Z1); the British there intercept, the French do not evade and lose:
    back to S, although P1 (also French, also in Z1) comes first in map order as E9.2's nearest."""
    british = {"b1": {"nation": "britain", "location": "z1"}}
    french = {"f1": {"nation": "france", "location": "s"}}
    state = state_of({**british, **french}, port_control={"p1": "france", "s": "france", "p2": "france"})
    move = ("france", {"kind": "move_fleet", "at": "s", "path": ["z1", "z2"], "evade": "no"})
    dice = {"eia:1:intercept:z1:britain": [4, 4], "eia:1:battle:z1:r1:active": [1, 2],
            "eia:1:battle:z1:r1:inactive": [1, 2, 3]}
    form = {"active_result": 0, "inactive_result": 1, "winner": 2}
    state, events, asked = play(state, [move], dice, answers=[{"intercept:britain": "yes"}, {}, {"combat_r1": form}])
    assert "nearest_port" not in [s.kind for s in asked]
    assert state.squadrons["f1"].location == "s"
    decided = of_kind(events, "eia_battle_decided")[0]
    assert decided.placements["active"] == "return_to_port"


def test_e9_4_beaten_while_entering_a_port_retreats_to_another_port():
    """E9.4, seed [L45] "Флот, разбитый при попытке войти в Порт, должен отступить в другой Порт": a
    fleet intercepted on entering a port (E5.2: by the fleets of that port's zone) and beaten may not end
    in that port.  France in Z2 enters its own P2; the British in Z2 intercept and win: France retreats to
    P1 (two maneuvers away), never P2 (one), which E9.2's nearest alone would give."""
    british = {"b1": {"nation": "britain", "location": "z2"}}
    french = {"f1": {"nation": "france", "location": "z2"}}
    state = state_of({**british, **french}, port_control={"p1": "france", "p2": "france"})
    move = ("france", {"kind": "move_fleet", "at": "z2", "path": ["p2"], "evade": "no"})
    dice = {"eia:1:intercept:z2:britain": [4, 4], "eia:1:battle:z2:r1:active": [1, 2],
            "eia:1:battle:z2:r1:inactive": [1, 2, 3]}
    form = {"active_result": 0, "inactive_result": 1, "winner": 2}
    state, events, _ = play(state, [move], dice, answers=[{"intercept:britain": "yes"}, {}, {"combat_r1": form}])
    assert state.squadrons["f1"].location == "p1"
    placed = of_kind(events, "eia_fleet_placed")[0]
    assert (placed.destination, placed.rule) == ("p1", "E9.4")


def test_e9_3_a_fleet_beaten_at_a_strait_is_not_leaving_a_port():
    """E9.3 [L45] is for a fleet beaten as it leaves a port; one that left P2 earlier and is beaten by the
    strait's automatic interception (E13.2) goes to the nearest port (E9.2): R, in the battle's zone Z3."""
    russians = {"r1": {"nation": "russia", "location": "p2"}}
    turks = {"t1": {"nation": "turkey", "location": "f"}}
    state = state_of({**russians, **turks}, active="russia",
                     port_control={"p2": "russia", "r": "russia", "f": "turkey"})
    move = ("russia", {"kind": "move_fleet", "at": "p2", "path": ["z2", "z3"], "evade": "no"})
    dice = {"eia:1:battery:f:r0": [1, 2, 3, 4], "eia:1:battle:z3:r1:active": [1],
            "eia:1:battle:z3:r1:inactive": [2]}
    battery = {"battery_result": 0, "active_losses": ""}
    form = {"active_result": 0, "inactive_result": 1, "winner": 2}
    state, events, _ = play(state, [move], dice, answers=[{"combat_r0": battery}, {}, {"combat_r1": form}])
    assert state.squadrons["r1"].location == "r"
    assert of_kind(events, "eia_fleet_placed")[0].rule == "E9.2"
