"""A battle in port through the impulse (E10, E-OP-20, EX5 with the combat module's outputs as
inputs), the combat seam (E-OP-13), open points flipped (E-OP-08, E-OP-22, E-OP-02), moderator edits."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.empires_in_arms.rules.combat import RoundResult, ScriptedCombat
from bot.rulesets.empires_in_arms.rules.edits import apply_edit, parse_edit
from bot.rulesets.empires_in_arms.rules.model import DESTROYED
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings, FriendlyPorts, InterceptorMode
from tests.rules.empires_in_arms.conftest import NATIONS, of_kind, play, state_of, tiny

EX5 = {"b1": {"nation": "britain", "location": "z3"}, "b2": {"nation": "britain", "location": "z3"},
       "t1": {"nation": "turkey", "location": "f"}, "t2": {"nation": "turkey", "location": "f",
                                                           "status": "under_construction"}}
WAR = {**NATIONS, "britain": {"name": "Great Britain", "at_war_with": ["turkey"]}}
NO_CARDS = EiaSettings(ask_combat_cards=False)


def test_ex5_a_port_battle_through_the_impulse_with_the_modules_results():
    """EX5 (shape): Britain enters Turkish fortress F: battery R0 = 1, round 1 tie (3 = 1 + 1 + 1),
    round 2 British 2 against 1 + 0: the British win; both Turkish squadrons are destroyed (E10.5),
    the British are placed in F's zone (E-OP-20) and the plan goes on (nothing else to do)."""
    state = state_of(EX5, nations=WAR, active="britain")
    module = ScriptedCombat({0: RoundResult(battery_result=1),
                             1: RoundResult(active_result=3, inactive_result=1, battery_result=1),
                             2: RoundResult(active_result=2, inactive_result=1, battery_result=0)})
    dice = {"eia:1:battery:f:r0": [5, 2, 3, 6], "eia:1:battle:f:r1:active": [1, 2, 3, 4, 6],
            "eia:1:battle:f:r1:inactive": [1], "eia:1:battery:f:r1": [1, 2, 3, 4],
            "eia:1:battle:f:r2:active": [1, 2, 3, 4, 6], "eia:1:battle:f:r2:inactive": [1],
            "eia:1:battery:f:r2": [1, 2, 3, 4]}
    state, events, asked = play(state, [("britain", {"kind": "move_fleet", "at": "z3", "path": ["f"]})], dice,
                                settings=NO_CARDS, module=module)
    assert asked == []  # the module answered every round: no moderators' step (E-OP-13's seam)
    assert [e.round for e in of_kind(events, "eia_round_rolled")] == [0, 1, 2]
    assert of_kind(events, "eia_round_rolled")[1].active_count == 5  # 2 × 3 − one 5 of the battery
    assert state.squadrons["t1"].location == state.squadrons["t2"].location == DESTROYED
    assert {e.rule for e in of_kind(events, "eia_squadrons_lost")} == {"E10.5"}
    assert of_kind(events, "eia_squadrons_destroyed") == []  # told once, by the battle (E10.5)
    assert state.squadrons["b1"].location == "z3"
    assert of_kind(events, "eia_fleet_placed")[0].rule == "E-OP-20"


def test_the_default_module_asks_the_moderators_and_waits():
    """E-OP-13: ModeratorEnteredCombat returns nothing: a moderators' step with a form, no default."""
    state = state_of(EX5, nations=WAR, active="britain")
    _, _, asked = play(state, [("britain", {"kind": "move_fleet", "at": "z3", "path": ["f"]})],
                       {"eia:1:battery:f:r0": [5, 2, 3, 6]}, settings=NO_CARDS)
    assert asked[-1].kind == "round" and asked[-1].moderators and asked[-1].actors == []
    question = asked[-1].questions[0]
    assert question.faction is None and question.default is None and question.form
    assert asked[-1].deadline.hours is None


SEAS = {"f1": {"nation": "france", "location": "p1"}, "b1": {"nation": "britain", "location": "z1"},
        "r1": {"nation": "russia", "location": "z1"}}


@pytest.mark.parametrize("mode, rolls", [(InterceptorMode.FIRST_SUCCESS, 1), (InterceptorMode.ALL, 2)])
def test_e_op_08_the_first_success_ends_the_interception_step(mode, rolls):
    """E-OP-08: Britain then Russia (impulse order) both want to intercept; Britain succeeds first:
    Russia does not roll (first_success); with ``all`` it rolls too and fights alongside."""
    state = state_of(SEAS, standing={"britain": {"intercept": "always"}, "russia": {"intercept": "always"}})
    dice = {"eia:1:intercept:z1:britain": [6, 6]}
    if mode == InterceptorMode.ALL:
        dice["eia:1:intercept:z1:russia"] = [6, 6]
    settings = EiaSettings(multi_interceptor_mode=mode, ask_combat_cards=False)
    _, events, _ = play(state, [("france", {"kind": "move_fleet", "at": "p1", "path": ["z1"], "evade": "no"})],
                        {**dice, "eia:1:battle:z1:r1:active": [1, 2], "eia:1:battle:z1:r1:inactive": [1] * (
                            3 + (1 if rolls == 2 else 0))}, settings=settings)
    assert len(of_kind(events, "eia_interception_rolled")) == rolls


@pytest.mark.parametrize("friendly, asked_kinds", [(FriendlyPorts.OWN_OR_ALLIED, ["round", "nearest_port"]),
                                                   (FriendlyPorts.OWN, ["round"])])
def test_e_op_22_own_ports_only_leaves_no_tie_to_ask(friendly, asked_kinds):
    """E-OP-22/-18: a beaten French fleet in Z2: P2 (French) and C (Spanish, allied) are equally near;
    with own ports only, P2 is the one: nothing to ask."""
    state = state_of({"f1": {"nation": "france", "location": "z2"}, "b1": {"nation": "britain", "location": "z1"}},
                     active="britain")
    settings = EiaSettings(friendly_ports=friendly, ask_combat_cards=False)
    dice = {"eia:1:patrol:z2:britain:france": [6, 6], "eia:1:battle:z2:r1:active": [1, 2, 3],
            "eia:1:battle:z2:r1:inactive": [1, 2]}
    form = {"active_result": 2, "inactive_result": 0, "winner": 1}
    state, _, asked = play(state, [("britain", {"kind": "move_fleet", "at": "z1", "path": ["z2"],
                                                "patrols": {"z2": 1}})], dice,
                           answers=[{}, {}, {"combat_r1": form}], settings=settings)
    assert [s.kind for s in asked] == ["intercept", "evade", *asked_kinds]  # the French may intercept first
    assert state.squadrons["f1"].location == ("p2" if friendly == FriendlyPorts.OWN else "c")  # E-OP-18 default


def test_e_op_02_a_squadron_that_spent_more_is_not_picked_up():
    """E-OP-02: f2 has spent 3 maneuvers, the fleet 1 on reaching Z1: f2 stays; f3 (0) joins."""
    state = state_of({"f1": {"nation": "france", "location": "p1"},
                      "f2": {"nation": "france", "location": "z1", "maneuvers_spent": 3},
                      "f3": {"nation": "france", "location": "z1"}})
    move = {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2"], "pickup": {"z1": ["f2", "f3"]}}
    state, events, _ = play(state, [("france", move)], {})
    assert state.squadrons["f3"].location == "z2" and state.squadrons["f2"].location == "z1"
    assert of_kind(events, "eia_squadrons_picked_up")[0].squadrons == ("f3",)


# -- moderator edits ------------------------------------------------------------------------------

def edit(state, payload):
    return apply_edit(state, tiny(), parse_edit(payload))


def test_edits_set_war_control_status_and_ko_and_say_so():
    state = state_of({"f1": {"nation": "france", "location": "p1"}})
    state, note = edit(state, {"kind": "relation", "a": "spain", "b": "russia", "relation": "war"})
    assert state.at_war("russia", "spain") and "war" in note
    state, _ = edit(state, {"kind": "zone_control", "zone": "z1", "nation": "france"})
    state, _ = edit(state, {"kind": "squadron", "id": "f1", "status": "requires_outfitting"})
    state, _ = edit(state, {"kind": "ko", "nation": "france", "ko": 4})
    assert (state.zone_control, state.squadrons["f1"].status.value, state.impulse.ko) == (
        {"z1": "france"}, "requires_outfitting", {"france": 4})


@pytest.mark.parametrize("payload, words", [
    ({"kind": "zone_control", "zone": "p1", "nation": "france"}, "not a zone"),
    ({"kind": "relation", "a": "france", "b": "prussia", "relation": "war"}, "prussia is not a nation"),
    ({"kind": "squadron", "id": "nope", "status": "ready"}, "no squadron nope"),
    ({"kind": "lose_port", "port": "p1", "nation": "france"}, "already"),
    ({"kind": "armada", "id": "a", "location": "z1", "powers": ["france", "britain"]}, "allied"),
])
def test_a_bad_edit_is_refused_saying_what_is_wrong_and_changes_nothing(payload, words):
    state = state_of({"f1": {"nation": "france", "location": "p1"}})
    before = state.model_dump()
    with pytest.raises(OrderRejected) as refused:
        edit(state, payload)
    assert words in str(refused.value)
    assert state.model_dump() == before


def test_losing_a_port_with_no_blockader_puts_to_sea_at_once():
    """E14.1 with nobody to intercept: no step opens; the events are told with the next resolution."""
    state = state_of({"A": {"nation": "spain", "location": "s"},
                      "C": {"nation": "spain", "location": "s", "status": "under_construction"}},
                     nations={**NATIONS, "france": {"name": "France", "at_war_with": ["spain"]}},
                     port_control={"s": "spain"})
    state, note = edit(state, {"kind": "lose_port", "port": "s", "nation": "france"})
    assert state.pending is None and state.squadrons["A"].location == "z1"
    assert state.squadrons["C"].location == DESTROYED and "1 destroyed" in note
    state, events, _ = play(state, [], {})
    assert [e.kind for e in events][:2] == ["eia_port_lost", "eia_squadrons_destroyed"]


def test_a_refused_combat_form_asks_the_same_round_again_saying_why():
    """E-OP-13: the moderators name a squadron that is not on the side: nothing changes, the round is
    asked again with the reason; the second entry is applied."""
    state = state_of(SEAS, standing={"britain": {"intercept": "always"}})
    dice = {"eia:1:intercept:z1:britain": [6, 6], "eia:1:battle:z1:r1:active": [1, 2],
            "eia:1:battle:z1:r1:inactive": [1, 2, 3]}
    wrong = {"active_result": 0, "inactive_result": 1, "active_losses": "b1", "winner": 2}
    right = {**wrong, "active_losses": "f1"}
    state, events, asked = play(state, [("france", {"kind": "move_fleet", "at": "p1", "path": ["z1"],
                                                    "evade": "no"})], dice,
                                answers=[{}, {"combat_r1": wrong}, {"combat_r1": right}], settings=NO_CARDS)
    assert [s.kind for s in asked] == ["intercept", "round", "round"]
    assert "refused" in asked[2].questions[0].text.english()
    assert of_kind(events, "eia_moderators_notice")[0].rule == "E-OP-13"
    assert state.squadrons["f1"].location == DESTROYED


def test_e9_3_a_fleet_beaten_breaking_out_returns_to_its_port():
    """E9.3 / EX8: Britain controls Z1; France leaves P1 (a breakout), is intercepted and beaten: back to P1."""
    state = state_of({"f1": {"nation": "france", "location": "p1"}, "b1": {"nation": "britain", "location": "z1"}},
                     zone_control={"z1": "britain"}, standing={"britain": {"intercept": "always"}})
    dice = {"eia:1:intercept:z1:britain": [6, 6], "eia:1:battle:z1:r1:active": [1, 2],
            "eia:1:battle:z1:r1:inactive": [1, 2, 3]}
    form = {"active_result": 0, "inactive_result": 1, "winner": 2}
    state, events, _ = play(state, [("france", {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2"],
                                                "evade": "no"})], dice, answers=[{}, {"combat_r1": form}],
                            settings=NO_CARDS)
    assert state.squadrons["f1"].location == "p1"
    assert of_kind(events, "eia_fleet_placed")[0].rule == "E9.3"


def test_e9_4_a_fleet_beaten_entering_a_port_retreats_to_another():
    """E9.4: Britain attacks Turkish R (in Z3); the port's battle is lost: Britain retreats to a
    friendly port other than R (P2, its ally's... here its own P2 in Z2)."""
    squadrons = {"b1": {"nation": "britain", "location": "z3"}, "t1": {"nation": "turkey", "location": "r"}}
    state = state_of(squadrons, nations=WAR, active="britain",
                     port_control={"p2": "britain", "r": "turkey", "f": "turkey"})
    module = ScriptedCombat({0: RoundResult(battery_result=2),
                             1: RoundResult(active_result=1, inactive_result=1, battery_result=1)})
    dice = {"eia:1:battery:r:r0": [1, 2], "eia:1:battle:r:r1:active": [1, 2, 3], "eia:1:battle:r:r1:inactive": [1],
            "eia:1:battery:r:r1": [1, 2]}
    state, events, asked = play(state, [("britain", {"kind": "move_fleet", "at": "z3", "path": ["r"]})], dice,
                                settings=NO_CARDS, module=module)
    assert state.squadrons["b1"].location == "p2"
    assert of_kind(events, "eia_fleet_placed")[0].rule == "E9.4"


@pytest.mark.parametrize("friendly_only", [True, False])
def test_e_op_18_no_friendly_port_goes_to_the_moderators_unless_any_port_will_do(friendly_only):
    """E-OP-18: a beaten French fleet in Z1 with no French or allied port: the moderators place it
    (it stays); flipped (nearest_port_friendly_only false): P1 and S, neither an enemy's, are equally
    near and the loser chooses (default P1, the first in map order)."""
    state = state_of({"f1": {"nation": "france", "location": "z1"}, "b1": {"nation": "britain", "location": "z2"}},
                     active="britain", port_control={})
    dice = {"eia:1:patrol:z1:britain:france": [6, 6], "eia:1:battle:z1:r1:active": [1, 2, 3],
            "eia:1:battle:z1:r1:inactive": [1, 2]}
    form = {"active_result": 2, "inactive_result": 0, "winner": 1}
    settings = EiaSettings(nearest_port_friendly_only=friendly_only, ask_combat_cards=False)
    state, events, asked = play(state, [("britain", {"kind": "move_fleet", "at": "z2", "path": ["z1"],
                                                     "patrols": {"z1": 1}})], dice,
                                answers=[{}, {}, {"combat_r1": form}], settings=settings)
    if friendly_only:
        assert state.squadrons["f1"].location == "z1" and of_kind(events, "eia_no_port_for_loser")
    else:
        assert asked[-1].kind == "nearest_port" and state.squadrons["f1"].location == "p1"


def test_e4_2_caps_each_found_stack_by_its_own_commander():
    """E4.2 with E4.5: Britain's patrol finds a Franco-Spanish armada under a Spanish commander and a
    separate Danish stack.  Each stack is capped by its own commander: the French squadron rolls 1
    (Spain's), the Spaniard 1, the Dane its own 2: 4 dice (not 3, as one commander for all would give)."""
    nations = {"britain": {"name": "Great Britain", "at_war_with": ["france", "spain", "denmark"]},
               "france": {"name": "France", "allied_with": ["spain", "denmark"]},
               "spain": {"name": "Spain", "allied_with": ["denmark"]}, "denmark": {"name": "Denmark"}}
    squadrons = {"b1": {"nation": "britain", "location": "z2"}, "f1": {"nation": "france", "location": "z2"},
                 "s1": {"nation": "spain", "location": "z2"}, "d1": {"nation": "denmark", "location": "z2"}}
    state = state_of(squadrons, nations=nations, active="britain", impulse_order=["britain", "france", "spain",
                                                                                    "denmark"],
                     armadas={"a": {"location": "z2", "powers": ["france", "spain"], "commander": "s1"}},
                     port_control={})
    dice = {"eia:1:patrol:z2:britain:france+spain": [6, 6], "eia:1:patrol:z2:britain:denmark": [6, 6],
            "eia:1:battle:z2:r1:active": [1, 2, 3], "eia:1:battle:z2:r1:inactive": [1, 2, 3, 4]}
    _, events, _ = play(state, [("britain", {"kind": "patrol", "zone": "z2"})], dice, settings=NO_CARDS)
    assert of_kind(events, "eia_round_rolled")[0].inactive_count == 4
