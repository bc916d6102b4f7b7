"""EiA naval combat (E8–E10, E12.2/E12.5, E13.1, E14.3) with the worked examples EX2, EX3, EX5 and the combat
halves of EX9 and EX10.  Scripted dice: every roll the code makes is planned (an unplanned key fails) and every
planned roll is made (``assert_all_used``); where the combat module decides (E-OP-13), its outputs are inputs."""

import pytest

from bot.engine.dice import DiceError, ScriptedDice
from bot.rulesets.empires_in_arms.rules.combat import (
    DICE_COMMAND,
    Battery,
    Battle,
    BattleKind,
    BattleSide,
    CombatError,
    CombatSettings,
    CombatSquadron,
    ModeratorEnteredCombat,
    RoundResult,
    ScriptedCombat,
    advance,
    enter_round,
    open_battle,
    side_dice,
)
from bot.rulesets.empires_in_arms.rules.combat.events import BattleDecided, RoundDecided, RoundRolled, SquadronsLost

SETTINGS = CombatSettings()
NAMES = {"britain": "Great Britain", "france": "France", "spain": "Spain", "russia": "Russia", "turkey": "Turkey",
         "austria": "Austria"}


def sq(sid, nation, status="ready"):
    return CombatSquadron(id=sid, nation=nation, status=status)


def side(nation, *squadrons, **kw):
    return BattleSide(nations=(nation,), squadrons=tuple(squadrons), **kw)


def battle(active, inactive, kind=BattleKind.INTERCEPTION, place="z", battery=None):
    return Battle(impulse="7", kind=kind, place=place, zone="z", active=active, inactive=inactive, battery=battery,
                  names=NAMES)


def run(fight, script, results, settings=SETTINGS):
    dice = ScriptedDice(script)
    state, events = open_battle(fight)
    state, more = advance(state, ScriptedCombat(results), dice, settings)
    dice.assert_all_used()
    return state, events + more


def rolled(events):
    return {e.round: e for e in events if isinstance(e, RoundRolled)}


def key(round_no, who, place="z"):
    return f"eia:7:battle:{place}:r{round_no}:{who}"


def french_ex2():
    """EX2: France (active) intercepted by Britain; one French squadron requires outfitting."""
    return side("france", sq("f1", "france"), sq("f2", "france"), sq("f3", "france", "requires_outfitting"))


def british_ex2():
    return side("britain", sq("b1", "britain"), sq("b2", "britain"), sq("b3", "britain"), evasion_failed_bonus=True)


# EX2 / EX3: the failed evasion's extra die (E6.5), outfitting (E8.6), demoralisation (E8.5, E-OP-16)
def test_EX2_EX3_dice_per_round_with_extra_die_outfitting_and_fives():
    fight = battle(french_ex2(), british_ex2())
    state, events = run(fight, {
        key(1, "inactive"): "10d6: 5 5 6 1 2 3 4 6 2 1",  # EX3: two 5s against the French
        key(1, "active"): "5d6: 1 2 3 4 6",
        key(2, "inactive"): "9d6: 5 1 1 1 1 1 1 1 1",  # one more 5
        key(2, "active"): "3d6: 1 2 3",
        key(3, "inactive"): "9d6: 1 1 1 1 1 1 1 1 1",
        key(3, "active"): "2d6: 1 2",
    }, {1: RoundResult(winner="tie"), 2: RoundResult(winner="tie"), 3: RoundResult(winner="inactive")})
    counts = {r: (e.active_count, e.inactive_count) for r, e in rolled(events).items()}
    # EX2: round 1 British 3×3+1 = 10, French 2+2+(2−1) = 5; round 2 British 9 (no 5s received)
    # EX3: French round 2 = 5 − 2 = 3, round 3 = 5 − 3 = 2 (cumulative)
    assert counts == {1: (5, 10), 2: (3, 9), 3: (2, 9)}
    assert rolled(events)[1].evasion_bonus == "inactive"
    assert rolled(events)[1].fives_to_active == 2
    assert state.outcome.winner == "inactive"


def test_EX2_one_roll_too_many_or_too_few_fails():
    fight = battle(french_ex2(), british_ex2())
    state, _ = open_battle(fight)
    with pytest.raises(DiceError, match="unplanned roll"):  # the code asks for a roll the case did not plan
        advance(state, ModeratorEnteredCombat(), ScriptedDice({key(1, "active"): "5d6: 1 1 1 1 1"}), SETTINGS)
    dice = ScriptedDice({key(1, "active"): "5d6: 1 1 1 1 1", key(1, "inactive"): "10d6: 1 1 1 1 1 1 1 1 1 1",
                         key(2, "active"): "5d6: 1 1 1 1 1"})
    advance(state, ModeratorEnteredCombat(), dice, SETTINGS)
    with pytest.raises(DiceError, match="never made"):
        dice.assert_all_used()


def test_E8_5_floor_0_and_no_roll_for_no_dice():
    # E-OP-16: a side demoralised below 0 rolls 0 dice (no roll at all), never a negative count
    fight = battle(side("spain", sq("s1", "spain")), side("britain", sq("b1", "britain")))
    dice = ScriptedDice({key(1, "active"): "1d6: 2", key(1, "inactive"): "3d6: 5 5 5",
                         key(2, "inactive"): "3d6: 1 1 1"})
    state, _ = open_battle(fight)
    state, events = advance(state, ScriptedCombat({1: RoundResult(winner="tie"), 2: RoundResult(winner="inactive")}),
                            dice, SETTINGS)
    dice.assert_all_used()
    assert (rolled(events)[2].active_count, rolled(events)[2].active_dice) == (0, ())


def test_E4_2_armada_cap_per_squadron():
    # EX4's armada under a Spanish commander: every squadron at most Spain's 1 die; under a British one, own dice
    armada = (sq("b1", "britain"), sq("b2", "britain"), sq("s1", "spain"))
    spanish = BattleSide(nations=("spain", "britain"), squadrons=armada, commander_nation="spain",
                         commander_nationality="spain")
    british = BattleSide(nations=("britain", "spain"), squadrons=armada, commander_nation="britain",
                         commander_nationality="britain")
    other = side("france", sq("f1", "france"))
    assert side_dice(battle(spanish, other), "active", 1, (), (), SETTINGS) == 3
    assert side_dice(battle(british, other), "active", 1, (), (), SETTINGS) == 7


def test_E_OP_15_unlisted_nation_is_refused_by_name_with_the_command():
    fight = battle(side("austria", sq("a1", "austria")), side("france", sq("f1", "france")))
    state, _ = open_battle(fight)
    with pytest.raises(CombatError) as refused:
        advance(state, ModeratorEnteredCombat(), ScriptedDice({}), SETTINGS)
    assert "Austria" in str(refused.value) and DICE_COMMAND in str(refused.value)
    assert "austria" not in str(refused.value)  # users read names, never ids


# EX5: a battle in a fortress port, batteries first, the tie's second round (combat-module outputs are inputs)
def ex5(results, script_extra=None):
    fight = battle(side("britain", sq("b1", "britain"), sq("b2", "britain")),
                   side("france", sq("f1", "france"), sq("f2", "france", "under_construction")),
                   kind=BattleKind.PORT, place="p", battery=Battery(place="p", owner="france", fortress=True, dice=4))
    script = {"eia:7:battery:p:r0": "4d6: 5 2 3 6",
              key(1, "active", "p"): "5d6: 1 2 3 4 6", key(1, "inactive", "p"): "2d6: 1 2",
              "eia:7:battery:p:r1": "4d6: 1 2 3 4"}
    script |= script_extra or {}
    return run(fight, script, results)


ROUND2 = {key(2, "active", "p"): "5d6: 1 2 3 4 6", key(2, "inactive", "p"): "2d6: 1 2",
          "eia:7:battery:p:r2": "4d6: 1 2 3 4"}


def test_EX5_port_battle_tie_then_british_win_destroys_both_french_squadrons():
    state, events = ex5({0: RoundResult(battery_result=1),
                         1: RoundResult(active_result=3, inactive_result=1, battery_result=1),
                         2: RoundResult(active_result=2, inactive_result=1, battery_result=0)}, ROUND2)
    dice = rolled(events)
    assert (dice[0].battery_count, dice[0].fives_to_active) == (4, 1)
    assert (dice[1].active_count, dice[1].inactive_count) == (5, 2)  # 2×3 − 1 five; French 2 (E-OP-17 placeholder)
    decided = {e.round: e for e in events if isinstance(e, RoundDecided)}
    assert (decided[1].active_total, decided[1].inactive_total, decided[1].winner) == (3, 3, "tie")  # 1 + R0 + R1
    assert (decided[2].active_total, decided[2].inactive_total, decided[2].winner) == (2, 1, "active")  # R0 not again
    outcome = state.outcome
    assert outcome.winner == "active" and outcome.destroyed == ("f1", "f2")  # E10.5: under construction too
    lost = [e for e in events if isinstance(e, SquadronsLost)]
    assert [(e.side, e.squadrons, e.rule) for e in lost] == [("inactive", ("f1", "f2"), "E10.5")]
    british = outcome.placements[0]
    assert (british.how, british.zone, british.squadrons) == ("continue", "z", ("b1", "b2"))  # E-OP-20


def test_EX5_british_lose_round_2_retreat_to_another_port():
    state, _ = ex5({0: RoundResult(battery_result=1),
                    1: RoundResult(active_result=3, inactive_result=1, battery_result=1),
                    2: RoundResult(active_result=1, inactive_result=1, battery_result=1)}, ROUND2)
    assert state.outcome.winner == "inactive"
    british, french = state.outcome.placements
    assert (british.how, british.excluded_port) == ("other_port", "p")  # E9.4
    assert (french.how, french.squadrons) == ("stay", ("f1", "f2"))


def test_E_OP_19_second_tie_defender_wins_by_default():
    state, events = ex5({0: RoundResult(battery_result=1),
                         1: RoundResult(active_result=3, inactive_result=1, battery_result=1),
                         2: RoundResult(active_result=1, inactive_result=1, battery_result=0)}, ROUND2)
    assert (state.outcome.winner, state.outcome.winner_rule) == ("inactive", "E-OP-19")
    assert [e.rule for e in events if isinstance(e, RoundDecided)][-1] == "E-OP-19"


def test_E10_round_1_decides_without_a_second_round():
    state, _ = ex5({0: RoundResult(battery_result=0), 1: RoundResult(active_result=4, inactive_result=1,
                                                                     battery_result=1)})
    assert (state.outcome.winner, state.outcome.rounds) == ("active", 1)


def test_E10_battery_losses_are_survivors_only_in_round_1():
    # E10.3: "the surviving active squadrons": b2 lost to the pre-battle battery rolls nothing in round 1
    fight = battle(side("britain", sq("b1", "britain"), sq("b2", "britain")), side("france"),
                   kind=BattleKind.PORT, place="p", battery=Battery(place="p", owner="france", dice=2))
    state, events = run(fight, {"eia:7:battery:p:r0": "2d6: 1 1", key(1, "active", "p"): "3d6: 1 2 3",
                                "eia:7:battery:p:r1": "2d6: 1 1"},
                        {0: RoundResult(battery_result=1, active_losses=("b2",)),
                         1: RoundResult(active_result=2, battery_result=0)})
    # E-OP-19: an empty port: only its batteries fight; 2 > 1 + 0 → the British take it
    assert rolled(events)[1].inactive_count == 0 and state.outcome.winner == "active"
    assert state.outcome.destroyed == ("b2",)


def test_E13_strait_battery_alone_then_the_survivors_go_on():
    fight = battle(side("russia", *(sq(f"r{i}", "russia") for i in (1, 2, 3))), side("turkey"),
                   kind=BattleKind.STRAIT, place="dardanelles",
                   battery=Battery(place="f", owner="turkey", fortress=True, dice=4))
    state, events = run(fight, {"eia:7:battery:dardanelles:r0": "4d6: 5 1 2 3"},
                        {0: RoundResult(battery_result=1, active_losses=("r3",))})
    assert state.outcome.winner is None and state.outcome.destroyed == ("r3",)
    assert (state.outcome.placements[0].how, state.outcome.placements[0].squadrons) == ("continue", ("r1", "r2"))
    assert rolled(events)[0].fives_to_active == 1


def test_EX10_failed_evasion_after_the_strait_dice():
    # EX10's battle after the automatic interception (E13.2): Russian 3, Turkish 2 + 1 (failed evasion) = 3
    fight = battle(side("russia", *(sq(f"r{i}", "russia") for i in (1, 2, 3))),
                   side("turkey", sq("t1", "turkey"), sq("t2", "turkey"), evasion_failed_bonus=True))
    state, events = run(fight, {key(1, "active"): "3d6: 1 2 3", key(1, "inactive"): "3d6: 1 2 3"},
                        {1: RoundResult(winner="inactive")})
    assert (rolled(events)[1].active_count, rolled(events)[1].inactive_count) == (3, 3)
    assert state.outcome.placements[0].how == "nearest_port"  # E9.2


def test_E12_2_E12_5_landing_battery_losses_booked_as_round_1():
    convoy = side("france", sq("c1", "france"), sq("c2", "france"))
    fight = battle(convoy, side("spain"), kind=BattleKind.LANDING, place="c",
                   battery=Battery(place="c", owner="spain", dice=2))
    state, events = run(fight, {"eia:7:battery:c:r0": "2d6: 6 4"},
                        {0: RoundResult(battery_result=2, active_losses=("c2",))})
    lost = next(e for e in events if isinstance(e, SquadronsLost))
    assert (lost.squadrons, lost.round, lost.rule) == (("c2",), 1, "E12.5")
    assert state.outcome.placements[0].squadrons == ("c1",)  # E12.3: the survivors are placed


# EX9: loss of a port (E14): the French blockader intercepted, the Spanish evasion failed
def ex9():
    spanish = side("spain", sq("A", "spain"), sq("B", "spain", "requires_outfitting"), lost_port=True)
    french = side("france", sq("f1", "france"), sq("f2", "france"), evasion_failed_bonus=True)
    return battle(french, spanish, kind=BattleKind.LOSS_OF_PORT)


def test_EX9_dice_and_the_beaten_outfitting_squadron_destroyed():
    state, events = run(ex9(), {key(1, "active"): "5d6: 1 2 3 4 6", key(1, "inactive"): "1d6: 2"},
                        {1: RoundResult(winner="active")})
    assert (rolled(events)[1].active_count, rolled(events)[1].inactive_count) == (5, 1)  # 2+2+1; 1 + max(0, 1−1)
    assert state.outcome.destroyed == ("B",)  # E14.3
    spanish = state.outcome.placements[1]
    assert (spanish.how, spanish.squadrons) == ("nearest_port", ("A",))  # E9.2
    assert [(e.squadrons, e.rule) for e in events if isinstance(e, SquadronsLost)] == [(("B",), "E14.3")]


def test_E_OP_25_loss_of_port_penalty_stacks_only_if_set():
    stacking = SETTINGS.model_copy(update={"loss_of_port_penalty_stacks": True})
    spanish = side("france", sq("B", "france", "requires_outfitting"), lost_port=True)
    fight = battle(side("spain", sq("s", "spain")), spanish)
    assert side_dice(fight, "inactive", 1, (), (), SETTINGS) == 1  # 2 − 1
    assert side_dice(fight, "inactive", 1, (), (), stacking) == 0  # 2 − 1 − 1


def test_E9_3_beaten_breakout_returns_to_its_port():
    fight = battle(side("france", sq("f1", "france"), left_port="brest"), side("britain", sq("b1", "britain")))
    state, _ = run(fight, {key(1, "active"): "2d6: 1 1", key(1, "inactive"): "3d6: 1 1 1"},
                   {1: RoundResult(winner="inactive")})
    french, british = state.outcome.placements
    assert (french.how, french.port) == ("return_to_port", "brest") and british.how == "stay"


def test_moderators_enter_a_round_then_the_next_is_rolled():
    fight = battle(french_ex2(), british_ex2())
    dice = ScriptedDice({key(1, "inactive"): "10d6: 5 5 6 1 2 3 4 6 2 1", key(1, "active"): "5d6: 1 2 3 4 6",
                         key(2, "inactive"): "9d6: 1 1 1 1 1 1 1 1 1", key(2, "active"): "2d6: 1 2"})
    state, _ = open_battle(fight)
    state, events = advance(state, ModeratorEnteredCombat(), dice, SETTINGS)
    assert state.awaiting.round_no == 1 and not state.over  # waits for the moderators' form
    with pytest.raises(CombatError, match="winner"):
        enter_round(state, RoundResult(active_result=1, inactive_result=2), SETTINGS)
    with pytest.raises(CombatError, match="not one of its squadrons"):
        enter_round(state, RoundResult(winner="tie", active_losses=("b1",)), SETTINGS)
    state, events = enter_round(state, RoundResult(inactive_result=3, active_losses=("f3",), winner="tie"), SETTINGS)
    state, more = advance(state, ModeratorEnteredCombat(), dice, SETTINGS)
    dice.assert_all_used()
    assert rolled(more)[2].active_count == 2  # f1, f2: 4 dice − 2 fives
    state, events = enter_round(state, RoundResult(winner="inactive"), SETTINGS)
    assert isinstance(events[-1], BattleDecided) and state.outcome.destroyed == ("f3",)


def test_a_side_sunk_to_the_last_squadron_ends_the_battle():
    # the battery of EX5's fortress sinks both British squadrons before round 1: the port wins, nothing is rolled
    fight = battle(side("britain", sq("b1", "britain"), sq("b2", "britain")), side("france", sq("f1", "france")),
                   kind=BattleKind.PORT, place="p", battery=Battery(place="p", owner="france", fortress=True, dice=4))
    state, _ = run(fight, {"eia:7:battery:p:r0": "4d6: 6 6 6 6"},
                   {0: RoundResult(battery_result=2, active_losses=("b1", "b2"))})
    assert (state.outcome.winner, state.outcome.rounds) == ("inactive", 0)
    assert [p.how for p in state.outcome.placements] == ["destroyed", "stay"]
    # at sea, a round entered as a tie that sinks the last enemy squadron is a win
    fight = battle(side("britain", sq("b1", "britain")), side("spain", sq("s1", "spain")))
    state, _ = run(fight, {key(1, "active"): "3d6: 1 1 1", key(1, "inactive"): "1d6: 1"},
                   {1: RoundResult(winner="tie", inactive_losses=("s1",))})
    assert state.outcome.winner == "active" and state.outcome.destroyed == ("s1",)


def test_E4_5_two_stacks_in_one_side_each_capped_by_its_own_commander():
    # a patrol found a Spanish-commanded armada (2 British + 1 Spanish) and an independent British fleet:
    # the armada's squadrons roll 1 each (E4.2), the independent British squadron its own 3
    armada = [CombatSquadron(id=i, nation=n, commander_nationality="spain")
              for i, n in (("b1", "britain"), ("b2", "britain"), ("s1", "spain"))]
    both = BattleSide(nations=("spain", "britain"), squadrons=(*armada, sq("b3", "britain")))
    assert side_dice(battle(side("france", sq("f1", "france")), both), "inactive", 1, (), (), SETTINGS) == 3 + 3
