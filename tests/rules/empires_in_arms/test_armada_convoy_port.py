"""Armadas and their caps (E3, E4, EX4), convoys and landings (E11, E12, EX6), the loss of a port
(E14, EX9), a fortified strait (E13, EX10), orders refused when given (E17)."""

from __future__ import annotations

import pytest

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import OrderRejected
from bot.rulesets.empires_in_arms.rules import naval as nv
from bot.rulesets.empires_in_arms.rules.edits import apply_edit, parse_edit
from bot.rulesets.empires_in_arms.rules.model import DESTROYED
from bot.rulesets.empires_in_arms.rules.orders import parse_order
from bot.rulesets.empires_in_arms.rules.phases import Context
from bot.rulesets.empires_in_arms.rules.settings import CapMode, EiaSettings
from bot.rulesets.empires_in_arms.rules.validate import validate
from tests.rules.empires_in_arms.conftest import NATIONS, of_kind, play, state_of, tiny

ALLIED = {**NATIONS, "britain": {"name": "Great Britain", "at_war_with": ["france"], "allied_with": ["spain"]},
          "spain": {"name": "Spain", "allied_with": ["britain"]}}
ARMADA = {"g1": {"nation": "britain", "location": "z2"}, "g2": {"nation": "britain", "location": "z2"},
          "s1": {"nation": "spain", "location": "z2"}}


def armada_state(commander: str | None):
    return state_of(ARMADA, nations=ALLIED, armadas={"a": {"location": "z2", "powers": ["britain", "spain"],
                                                           "commander": commander}})


@pytest.mark.parametrize("top, dice, modifier", [("spain", 3, {"britain": 0}), ("britain", 7, {"britain": 2})])
def test_ex4_the_commanders_dice_and_modifier_cap_the_armada(top, dice, modifier):
    """EX4 / E4.2 (E-OP-06 per squadron): a Spanish commander: 1 + 1 + 1 dice, modifier 0; a British
    one: 3 + 3 + 1 (the Spaniard keeps its own), modifier +2."""
    state = armada_state("s1" if top == "spain" else "g1")
    squadrons = state.squadrons_at("z2")
    assert nv.capped_dice(state, EiaSettings(), squadrons, top) == dice
    assert nv.modifiers(state, EiaSettings(), squadrons, top, "z3") == modifier


def test_e_op_06_per_fleet_reading_changes_the_dice():
    """E-OP-06 flipped: per fleet, a Spanish commander's 1 die is below the fleet's mean: all roll 1."""
    state = armada_state("s1")
    settings = EiaSettings(cap_mode=CapMode.PER_FLEET)
    assert nv.capped_dice(state, settings, state.squadrons_at("z2"), "spain") == 3


def test_ex4_without_agreement_the_power_with_most_dice_commands():
    """EX4 / E3.1.2 / E-OP-03: Spain orders its squadron on top; Britain has not agreed (no standing
    armada_agree): Britain (6 dice) against Spain (1) commands."""
    state = armada_state(None).model_copy(update={"impulse": armada_state(None).impulse.model_copy(
        update={"active": "spain"})})
    state, events, _ = play(state, [("spain", {"kind": "armada_command", "armada": "a", "squadron": "s1"})], {})
    command = of_kind(events, "eia_armada_command")[0]
    assert (command.nation, command.rule) == ("britain", "E3.1.2")


def test_ex4_with_agreement_the_nation_takes_command():
    state = state_of(ARMADA, nations=ALLIED, active="spain", standing={"britain": {"armada_agree": "always"}},
                     armadas={"a": {"location": "z2", "powers": ["britain", "spain"]}})
    state, events, _ = play(state, [("spain", {"kind": "armada_command", "armada": "a", "squadron": "s1"})], {})
    assert of_kind(events, "eia_armada_command")[0].squadron == "s1"
    assert state.armadas["a"].commander == "s1"


@pytest.mark.parametrize("every_fleet, maneuvers, ko", [(True, 6, 3), (False, 4, 2)])
def test_e3_2_1_an_armada_pays_an_extra_maneuver_per_fleet(every_fleet, maneuvers, ko):
    """E3.2.1 / E-OP-05 (placeholder 1 per fleet).  Seed [L13] "тратя лишние маневры за каждый флот в ее
    составе": two fleets pay 1 + 2 = 3 maneuvers an entry, Z2 → Z3 → R = 6 = 3 KO (the default); the
    spec's placeholder (``armada_extra_for_every_fleet`` off), beyond the commander's: 2 an entry, 4 = 2 KO."""
    state = armada_state("g1").model_copy(update={"impulse": armada_state("g1").impulse.model_copy(
        update={"active": "britain"})})
    move = ("britain", {"kind": "move_fleet", "at": "z2", "armada": "a", "path": ["z3", "r"]})
    state, events, _ = play(state, [move], {}, settings=EiaSettings(armada_extra_for_every_fleet=every_fleet))
    assert {state.squadrons[s].location for s in ARMADA} == {"r"}
    spent = of_kind(events, "eia_maneuvers_spent")[-1]
    assert (spent.maneuvers, spent.ko) == (maneuvers, ko)


# -- convoys (EX6) ------------------------------------------------------------------------------

FRENCH_ITEMS = {f"u{i}": {"nation": "france", "location": "p1"} for i in range(1, 7)}


def convoy_state(**more):
    return state_of({}, land=FRENCH_ITEMS, **more)


def check(state, payload):
    return validate(state, tiny(), EiaSettings(), "france", parse_order(payload), [])


def test_ex6_a_convoy_of_four_items_costs_one_ko_per_entry():
    """EX6: A (P1, in Z1) → Z1 → Z2 → B (P2): 3 KO."""
    state = convoy_state(impulse={"active": "france", "ko": {"france": 5}})
    order = {"kind": "convoy", "items": ["u1", "u2", "u3", "u4"], "path": ["p1", "z1", "z2", "p2"]}
    assert check(state, order) == []
    state, events, _ = play(state, [("france", order)], {})
    assert of_kind(events, "eia_convoy_sailed")[0].ko == 3 and state.impulse.ko["france"] == 2
    assert state.land["u1"].location == "p2"


@pytest.mark.parametrize("change, rule", [
    ("enemy_fleet", "E11.6"), ("six_items", "E11.2"), ("second_convoy", "E11.4"), ("moved_by_land", "E11.3")])
def test_ex6_convoys_refused(change, rule):
    order = {"kind": "convoy", "items": ["u1", "u2", "u3", "u4"], "path": ["p1", "z1", "z2", "p2"]}
    state = convoy_state()
    if change == "enemy_fleet":
        state = state_of({"b1": {"nation": "britain", "location": "z2"}}, land=FRENCH_ITEMS)
    elif change == "six_items":
        order["items"] = [f"u{i}" for i in range(1, 7)]
    elif change == "second_convoy":
        state = state.model_copy(update={"impulse": state.impulse.model_copy(update={"convoy_used": ("france",)})})
    else:
        state = state.model_copy(update={"land": {**state.land, "u1": state.land["u1"].model_copy(
            update={"moved_by_land": True})}})
    with pytest.raises(OrderRejected) as refused:
        check(state, order)
    assert refused.value.rule == rule


def test_ex6_a_landing_needs_control_of_the_zone():
    """E12.1: C is Spanish; France at war with... here Britain's port, France needs Z2's control."""
    state = state_of({}, land=FRENCH_ITEMS, port_control={"p1": "france", "p2": "france", "c": "britain",
                                                           "f": "turkey"})
    order = {"kind": "convoy", "items": ["u1"], "path": ["p1", "z1", "z2", "c"]}
    with pytest.raises(OrderRejected, match=r"E12\.1"):
        check(state, order)
    state = state.model_copy(update={"zone_control": {"z2": "france"}})
    assert check(state, order) == []


def test_an_inactive_nation_may_only_give_standing_orders():
    state = convoy_state()
    with pytest.raises(OrderRejected, match="standing orders"):
        validate(state, tiny(), EiaSettings(), "britain", parse_order({"kind": "patrol", "zone": "z1"}), [])
    assert validate(state, tiny(), EiaSettings(), "britain",
                    parse_order({"kind": "standing", "intercept": "if enemy_dice <= 4"}), []) == []
    with pytest.raises(OrderRejected):
        validate(state, tiny(), EiaSettings(), "britain", parse_order({"kind": "standing", "evade": "if secret > 1"}),
                 [])


def test_a_path_that_is_not_one_maneuver_a_step_is_refused():
    state = state_of({"f1": {"nation": "france", "location": "p1"}})
    with pytest.raises(OrderRejected, match=r"E2\.2"):
        check(state, {"kind": "move_fleet", "at": "p1", "path": ["z2"]})
    with pytest.raises(OrderRejected, match="KO"):
        check(state.model_copy(update={"impulse": state.impulse.model_copy(update={"ko": {"france": 1}})}),
              {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2", "p2"]})


# -- loss of a port (EX9) -------------------------------------------------------------------------

EX9 = {"A": {"nation": "spain", "location": "s"}, "B": {"nation": "spain", "location": "s",
                                                        "status": "requires_outfitting"},
       "C": {"nation": "spain", "location": "s", "status": "under_construction"},
       "fr1": {"nation": "france", "location": "z1"}, "fr2": {"nation": "france", "location": "z1"}}
WAR = {**NATIONS, "france": {"name": "France", "at_war_with": ["spain"]}, "spain": {"name": "Spain"}}


def test_ex9_the_loss_of_a_port():
    """EX9: France takes Spanish S (in Z1) by land; C (under construction) is destroyed; A and B
    put to sea; French interception [4, 5] + 1 + 1 = 11; Spanish evasion [3, 3] fails; round 1 dice
    French 2 + 2 + 1 = 5, Spanish 1 + 0 = 1; the Spanish lose: B destroyed (E14.3), A to the
    nearest Spanish port."""
    state = state_of(EX9, nations=WAR, zone_control={"z1": "france"},
                     port_control={"s": "spain", "p1": "france", "p2": "france", "c": "spain", "f": "turkey"})
    state, note = apply_edit(state, tiny(), parse_edit({"kind": "lose_port", "port": "s", "nation": "france"}))
    assert state.squadrons["C"].location == DESTROYED and state.squadrons["A"].location == "z1"
    assert state.next_step.kind == "intercept" and state.next_step.questions[0].faction == "france"
    dice = {"eia:1:intercept:z1:france": [4, 5], "eia:1:evade:z1:spain": [3, 3],
            "eia:1:battle:z1:r1:active": [2], "eia:1:battle:z1:r1:inactive": [1, 2, 3, 4, 6]}
    form = {"active_result": 0, "inactive_result": 2, "winner": 2}
    from tests.rules.empires_in_arms.conftest import play_from
    state, events, asked = play_from(state, dice, answers=[{"intercept:france": "yes"}, {"evade:mover": "yes"}, {},
                                                           {"combat_r1": form}])
    roll = of_kind(events, "eia_interception_rolled")[0]
    assert (roll.total, roll.modifiers) == (11, {"france": 1, "blockading": 1})
    rolled = of_kind(events, "eia_round_rolled")[0]
    assert (rolled.active_count, rolled.inactive_count) == (1, 5)
    assert state.squadrons["B"].location == DESTROYED
    assert state.squadrons["A"].location == "c"  # the nearest Spanish port from Z1 (C, 2 maneuvers)
    told = [s for e in events if e.kind in ("eia_squadrons_destroyed", "eia_squadrons_lost") for s in e.squadrons]
    assert sorted(told) == ["B", "C"]  # every squadron leaving play told, and told once (E14.2, E14.3)
    assert asked[-1].kind == "orders"  # then the active nation's orders


# -- a fortified strait (EX10) --------------------------------------------------------------------

def test_ex10_battery_then_automatic_interception_then_evasion():
    """EX10: Russians pass the Narrows (Z2 → Z3) held by Turkish fortress F with 2 Turkish squadrons:
    4 battery dice (the moderators enter no losses), automatic interception (no roll), evasion
    [6, 4] = 10 succeeds: the Russians go on into Z3."""
    squadrons = {f"r{i}": {"nation": "russia", "location": "z2"} for i in range(1, 4)}
    squadrons |= {"t1": {"nation": "turkey", "location": "f"}, "t2": {"nation": "turkey", "location": "f"}}
    state = state_of(squadrons, active="russia")
    dice = {"eia:1:battery:f:r0": [1, 2, 3, 4], "eia:1:evade:z3:russia": [6, 4]}
    move = ("russia", {"kind": "move_fleet", "at": "z2", "path": ["z3"], "evade": "yes"})
    battery = {"battery_result": 0, "active_losses": ""}
    state, events, asked = play(state, [move], dice, answers=[{"combat_r0": battery}, {}])
    assert [s.kind for s in asked][:1] == ["round"]
    assert of_kind(events, "eia_automatic_interception")[0].squadrons == ("t1", "t2")
    assert [e.success for e in of_kind(events, "eia_interception_rolled")] == [True]
    assert {state.squadrons[f"r{i}"].location for i in range(1, 4)} == {"z3"}


def test_e_op_15_an_unlisted_nation_waits_for_the_moderators():
    """E-OP-15: no dice for Prussia: the battle does not guess; the moderators are asked to set them."""
    nations = {**NATIONS, "prussia": {"name": "Prussia", "at_war_with": ["france"]}}
    squadrons = {"f1": {"nation": "france", "location": "p1"}, "pr": {"nation": "prussia", "location": "z1"}}
    state = state_of(squadrons, nations=nations, impulse_order=["france", "prussia"])
    dice = {"eia:1:intercept:z1:prussia": [6, 6]}
    state, events, asked = play(state, [("france", {"kind": "move_fleet", "at": "p1", "path": ["z1"],
                                                    "evade": "no"})], dice, answers=[{"intercept:prussia": "yes"}])
    assert asked[-1].kind == "dice_missing" and asked[-1].questions[0].default is None
    notice = of_kind(events, "eia_moderators_notice")[-1]
    assert notice.rule == "E-OP-15" and notice.audience.public is False and notice.audience.factions == ()
    worded = notice.reason.format(**notice.values)
    assert "Prussia" in worded and "/empires-in-arms dice" in worded


def test_e12_a_landing_takes_the_batterys_fire_then_the_survivors_are_placed():
    """E12.1–E12.3 (EX6): France controls Z2 and lands two units in British C (not a fortress): the
    battery fires 2 dice (E12.2), the moderators enter one unit lost (combat's round 0, booked as a
    round-1 loss, E12.5); the survivor is placed in C (E12.3)."""
    state = state_of({}, land={"u1": {"nation": "france", "location": "p1"},
                               "u2": {"nation": "france", "location": "p1", "name": "Guard"}},
                     zone_control={"z2": "france"},
                     port_control={"p1": "france", "p2": "france", "c": "britain", "f": "turkey"})
    order = {"kind": "convoy", "items": ["u1", "u2"], "path": ["p1", "z1", "z2", "c"]}
    state, events, asked = play(state, [("france", order)], {"eia:1:battery:c:r0": [5, 1]},
                                answers=[{"combat_r0": {"battery_result": 1, "active_losses": "Guard"}}])
    assert [s.kind for s in asked] == ["round"]
    assert of_kind(events, "eia_battle_began")[0].battery_dice == 2
    lost = of_kind(events, "eia_squadrons_lost")[0]
    assert (lost.squadrons, lost.round, lost.rule) == (("u2",), 1, "E12.5")
    landing = of_kind(events, "eia_landing")[0]
    assert (landing.port, landing.items, landing.enemy_present) == ("c", ("u1",), False)
    assert state.land["u1"].location == "c" and state.land["u2"].location == "lost"


def test_e12_6_the_retreat_port_lies_in_a_zone_the_convoy_passed():
    """E12.6, seed [L57] "в любой Дружественный Порт в любой Зоне, через которую они проходили в этот
    Импульс": France lands in C from P1 through Z1 and Z2; R (French, in Z3) was not passed: refused and
    nothing kept; P1 (in Z1) is kept."""
    from tests.rules.empires_in_arms.conftest import of_kind, play, state_of
    land = {"u1": {"nation": "france", "location": "p1"}}
    convoy = ("france", {"kind": "convoy", "items": ["u1"], "path": ["p1", "z1", "z2", "c"]})
    answers = [{"combat_r0": {"battery_result": 0, "active_losses": ""}}]
    for port, kept in (("r", None), ("p1", "p1")):
        state = state_of({}, land=land, zone_control={"z2": "france"},
                         port_control={"p1": "france", "r": "france", "c": "britain"})
        retreat = ("france", {"kind": "landing_retreat", "port": port})
        state, events, _ = play(state, [retreat, convoy], {"eia:1:battery:c:r0": [1, 2]}, answers=answers)
        assert state.impulse.landing_retreat == kept or state.impulse.active != "france"
        refused = [e for e in of_kind(events, "eia_plan_not_carried") if e.rule == "E12.6"]
        assert bool(refused) == (kept is None)


def test_e_op_13_a_refused_round_entry_is_asked_again_with_the_reason():
    """E-OP-13 (EX10's strait): the moderators name a squadron not in the battle; the same round is
    asked again, its question saying why, and the right entry then settles it."""
    squadrons = {"r1": {"nation": "russia", "location": "z2"}, "t1": {"nation": "turkey", "location": "f"}}
    state = state_of(squadrons, active="russia")
    dice = {"eia:1:battery:f:r0": [1, 2, 3, 4], "eia:1:evade:z3:russia": [6, 4]}
    move = ("russia", {"kind": "move_fleet", "at": "z2", "path": ["z3"], "evade": "yes"})
    wrong = {"battery_result": 1, "active_losses": "Nobody"}
    right = {"battery_result": 0, "active_losses": ""}
    state, events, asked = play(state, [move], dice, answers=[{"combat_r0": wrong}, {"combat_r0": right}, {}])
    assert [s.kind for s in asked][:2] == ["round", "round"]
    first, again = (s.questions[0].text.english() for s in asked[:2])
    assert "refused" not in first and "Your last entry was refused" in again and "Nobody" in again
    assert of_kind(events, "eia_moderators_notice")[0].rule == "E-OP-13"


def _refusal(state, payload) -> str:
    with pytest.raises(OrderRejected) as refused:
        check(state, payload)
    return refused.value.msgid.format(**refused.value.values)


def test_e17_refusals_name_places_and_own_squadrons_never_ids():
    """E17: users read names; another nation's squadron is echoed as typed (no more than a missing one)."""
    state = state_of({"f1": {"nation": "france", "location": "p1", "name": "Ponant"},
                      "f2": {"nation": "france", "location": "z1", "name": "Levant"},
                      "b1": {"nation": "britain", "location": "p1", "name": "Victory"}})
    assert _refusal(state, {"kind": "move_fleet", "at": "p1", "path": ["z2"]}).endswith("P1 → Z2 is not")
    assert _refusal(state, {"kind": "move_fleet", "at": "p1", "path": ["z1"], "patrols": {"z2": 1}}).endswith(
        "Z2 is not")
    assert _refusal(state, {"kind": "move_fleet", "at": "p1", "path": ["z1"], "drop": {"z2": ["f1"]}}).startswith(
        "squadrons are dropped or picked up at a place of the path; Z2 is not")
    assert _refusal(state, {"kind": "move_fleet", "at": "p1", "squadrons": ["f2"], "path": ["z1"]}) == \
        "Levant is not a squadron of your fleet at P1"
    mine_elsewhere, theirs = (_refusal(state, {"kind": "move_fleet", "at": "p1", "squadrons": [s], "path": ["z1"]})
                              for s in ("b1", "nobody"))
    assert mine_elsewhere == "“b1” is not a squadron of your fleet at P1" and "Victory" not in mine_elsewhere
    assert theirs == "“nobody” is not a squadron of your fleet at P1"
    assert _refusal(state, {"kind": "move_fleet", "at": "p1", "path": ["z1"], "drop": {" ": ["f1"]}}).startswith(
        "a drop or pick-up names no place")


@pytest.mark.parametrize("language", ["ru", "zh-TW", "ja"])
def test_e_op_13_a_refused_form_is_told_to_the_moderators_in_their_language(language):
    """The combat module's refusals are catalogued texts: the moderators' notice is worded in the reader's
    language, not left in English (bot/rulesets/empires_in_arms/report/templates.py ``_notice``)."""
    from bot.i18n import messages
    squadrons = {"r1": {"nation": "russia", "location": "z2"}, "t1": {"nation": "turkey", "location": "f"}}
    dice = {"eia:1:battery:f:r0": [1, 2, 3, 4], "eia:1:evade:z3:russia": [6, 4]}
    move = ("russia", {"kind": "move_fleet", "at": "z2", "path": ["z3"], "evade": "yes"})
    wrong = {"battery_result": "x", "active_losses": ""}
    right = {"battery_result": 0, "active_losses": ""}
    _, events, _ = play(state_of(squadrons, active="russia"), [move], dice,
                        answers=[{"combat_r0": wrong}, {"combat_r0": right}, {}])
    notice = of_kind(events, "eia_moderators_notice")[0]
    t = messages(language, "empires-in-arms")
    assert t._(notice.reason, **notice.values) != notice.reason.format(**notice.values)


def test_e11_convoy_refusals_name_the_place_the_step_and_own_items():
    """E11.5 / E2.2 / E11.1: the refusal says which place is not a port, which step is not one maneuver, and
    names the nation's own item (its name, never its id) or quotes what was typed."""
    land = {**FRENCH_ITEMS, "u1": {"nation": "france", "location": "p2", "name": "Guard"}}
    state = convoy_state().model_copy(update={"land": state_of({}, land=land).land})
    assert _refusal(state, {"kind": "convoy", "items": ["u2"], "path": ["p1", "z1", "atlantis"]}).endswith(
        "(E11.5); “atlantis” is not a port")
    assert _refusal(state, {"kind": "convoy", "items": ["u2"], "path": ["p1", "z2", "p2"]}).endswith("P1 → Z2 is not")
    route = ["p1", "z1", "z2", "p2"]
    assert _refusal(state, {"kind": "convoy", "items": ["u1"], "path": route}) == \
        "Guard is not one of your units or leaders in P1"
    assert _refusal(state, {"kind": "convoy", "items": ["**x**"], "path": route}) == \
        "“\\*\\*x\\*\\*” is not one of your units or leaders in P1"


def test_e2_3_a_drop_or_pick_up_of_a_squadron_that_is_not_the_nations_is_refused_when_given():
    """E2.3: resolution skips such a name silently; the order is refused when given instead, naming the
    nation's own squadron, quoting anything else (another nation's squadron reads as a missing one)."""
    state = state_of({"f1": {"nation": "france", "location": "p1", "name": "Ponant"},
                      "f2": {"nation": "france", "location": "z1", "name": "Levant"},
                      "b1": {"nation": "britain", "location": "z1", "name": "Victory"}})
    move = {"kind": "move_fleet", "at": "p1", "path": ["z1", "z2"]}
    assert _refusal(state, {**move, "drop": {"z1": ["f2"]}}) == \
        "Levant is not a squadron of the moving fleet, so it cannot be dropped (E2.3)"
    assert _refusal(state, {**move, "pickup": {"z1": ["b1"]}}).startswith("“b1” is not one of your squadrons")
    assert _refusal(state, {**move, "pickup": {"z1": ["@everyone"]}}).startswith("“@\u200beveryone” is not")
    assert check(state, {**move, "drop": {"z1": ["f1"]}}) == [] and check(state, {**move, "pickup": {"z1": ["f2"]}}) == []
