"""Piracy, transport, building and the combat's own questions as steps (H5.2 with H11.1, H4, H6,
H3.3.6, H3.3.8 with H-OP-23/-24, H2.6.7.3 and H-OP-16)."""

from bot.engine.steps import ORDERS
from bot.rulesets.here_i_stand.rules.building import start_of_turn
from bot.rulesets.here_i_stand.rules.events import (
    Built,
    CombatDecided,
    ExtraCombatDice,
    FightCancelled,
    LandingLost,
    PiracyReward,
    UnitKept,
)
from bot.rulesets.here_i_stand.rules.model import Formation, UnitType, turn_track
from bot.rulesets.here_i_stand.rules.records import StandingOrders
from bot.rulesets.here_i_stand.rules.settings import HisSettings

from .chain import STEPS, run
from .helpers import MAP, cs, leader, sq, state
from .test_piracy import ionian

SETTINGS = HisSettings()
QUICK = HisSettings(ask_combat_cards=False, ask_response_cards=False)
QUIET = {p: StandingOrders(foul_weather="never") for p in ("ottoman", "hapsburg", "england", "france", "papacy",
                                                           "protestant")}


def test_H11_1_as_steps_the_target_is_asked_hit_by_hit_and_the_last_hit_is_forced():
    s = ionian()
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS),
              orders=[("ottoman", {"kind": "initiate_piracy", "zone": "Ionian Sea", "target": "hapsburg"})],
              dice={"piracy:Ionian Sea:anti": "2d6: 5 3", "piracy:Ionian Sea:pirates": "2d6: 6 5"})
    [question] = ran.next.questions
    assert (question.id, question.faction, [c.value for c in question.choices], question.default) == (
        "piracy:1", "hapsburg", ["squadron:h1", "vp"], "vp")  # no card in hand; default order vp first (H-OP-34)
    # players read the squadron by its name, never its stored id (H5.2.5)
    assert question.choices[0].label.english() == f"The squadron {s.unit_name(s.units['h1'])} in " \
                                                   f"{MAP.name(s.units['h1'].location)}"
    assert "h1" not in question.choices[0].label.values.values()
    ran = run(ran.state, SETTINGS, ran.next, {"piracy:1": "squadron:h1"})
    assert [(e.hit, e.reward, e.unit) for e in ran.of(PiracyReward)] == [(1, "squadron", "h1"), (2, "vp", None)]
    assert ran.state.powers["ottoman"].piracy_vp == 1 and ran.next is None


def test_H_OP_34_a_standing_priority_answers_the_reward():
    s = ionian(standing={"hapsburg": StandingOrders(piracy_rewards=("squadron", "vp"))})
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS),
              orders=[("ottoman", {"kind": "initiate_piracy", "zone": "Ionian Sea", "target": "hapsburg"})],
              dice={"piracy:Ionian Sea:anti": "2d6: 5 3", "piracy:Ionian Sea:pirates": "2d6: 6 5"})
    ran = run(ran.state, SETTINGS, ran.next)
    assert ran.answers["piracy:1"].value == "squadron:h1" and ran.answers["piracy:1"].source == "standing"


def transport_state():
    s = state(sq("h1", "hapsburg", "S1"), active="hapsburg", cp=2, wars=[("hapsburg", "france")],
              ports={"PA": "hapsburg", "PC": "hapsburg"}, standing=QUIET)
    army = Formation(id="army", power="hapsburg", land_units=3, army_leaders=("alba",), location="PA")
    return s.model_copy(update={"formations": {"army": army}})


def test_H4_transport_then_the_moderators_enter_the_landing_battle_lost():
    s = transport_state()
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS),
              orders=[("hapsburg", {"kind": "naval_transport", "formation": "army", "path": ["PA", "S1", "PC"]})])
    assert ran.next.kind == "foul_weather"  # H4.2.1.5; every power's standing order says never
    assert all(STEPS.standing_answer(ran.state, ran.next, q) for q in ran.next.questions)
    ran = run(ran.state, SETTINGS, ran.next)
    assert ran.next.kind == "landing" and ran.next.questions[0].default == "stands"  # H-OP-27
    ran = run(ran.state, SETTINGS, ran.next, {"landing": "lost"})
    assert [e.leaders_captured for e in ran.of(LandingLost)] == [("alba",)]
    assert ran.next is None


def test_H6_building_is_one_step_and_the_impulse_goes_on_with_cp_left():
    s = state(active="hapsburg", cp=3, ports={"P1": "hapsburg"},
              power_extra={"hapsburg": {"counters": {UnitType.SQUADRON: 1}}})
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[("hapsburg", {"kind": "build_squadron", "port": "P1"})])
    assert [e.port for e in ran.of(Built)] == ["P1"]
    assert ran.next.kind == ORDERS and ran.state.impulse.cp_remaining == 1


def test_H3_3_6_response_dice_and_janissaries_entered_by_the_moderators():
    s = state(sq("h1", "hapsburg", "Z1"), sq("o1", "ottoman", "Z2"), wars=[("hapsburg", "ottoman")], standing=QUIET)
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS),
              orders=[("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1"], "to": "Z2"}]})])
    ran = run(ran.state, SETTINGS, ran.next)  # foul weather: standing never
    assert ran.next.kind == "avoid"
    ran = run(ran.state, SETTINGS, ran.next)  # the Ottomans stay (default H-OP-15)
    assert ran.next.kind == "combat_cards"
    ran = run(ran.state, SETTINGS, ran.next, {"combat_cards": {"attacker_dice": 1, "defender_dice": 0}},
              dice={"combat:Z2:hapsburg-ottoman:attacker": "3d6: 1 1 1",
                    "combat:Z2:hapsburg-ottoman:defender": "2d6: 1 1"})
    ran = run(ran.state, SETTINGS, ran.next, {"response_cards": {"defender_dice": 2, "janissaries": 1}},
              dice={"combat:Z2:hapsburg-ottoman:defender:extra": "2d6: 5 6"})
    assert [(e.power, e.hits) for e in ran.of(ExtraCombatDice)] == [("ottoman", 2)]
    assert ran.state.powers["ottoman"].janissaries_used
    assert [e.winner for e in ran.of(CombatDecided)] == ["ottoman"]
    assert ran.state.units["h1"].location == turn_track(2)


def test_H_OP_24_and_H_OP_23_a_mixed_side_chooses_whose_units_go_and_the_keeper_its_unit():
    s = state(sq("f1", "france", "Z1"), sq("v1", "france", "Z1", owner="venice"), sq("o1", "ottoman", "Z2"),
              cs("c1", "Z2"), wars=[("france", "ottoman")], active="france", standing=QUIET)
    ran = run(s, QUICK, STEPS.first(s, QUICK),
              orders=[("france", {"kind": "naval_move", "groups": [{"units": ["f1", "v1"], "to": "Z2"}]})])
    ran = run(ran.state, QUICK, ran.next)  # foul weather
    assert ran.next.kind == "avoid"
    ran = run(ran.state, QUICK, ran.next, dice={"combat:Z2:france-ottoman:attacker": "4d6: 5 5 5 1",
                                                "combat:Z2:france-ottoman:defender": "3d6: 5 6 1"})
    # France 3 hits (wins): Ottomans lose 1 squadron + 1 corsair = all; Ottomans 2 hits: France loses 1 of 2
    assert ran.next.kind == "combat_result"
    assert [q.id for q in ran.next.questions] == ["casualties:france"]
    ran = run(ran.state, QUICK, ran.next, {"casualties:france": "allies_first"})
    assert ran.state.units["v1"].location == turn_track(2) and ran.state.units["f1"].location == "Z2"


def test_H3_3_8_4_both_wiped_out_equal_dice_the_defender_keeps_the_unit_it_chooses():
    s = state(sq("h1", "hapsburg", "Z1"), leader("doria", "hapsburg", "Z1", battle=1), sq("o1", "ottoman", "Z2"),
              cs("c1", "Z2"), wars=[("hapsburg", "ottoman")], ports={"P3": "ottoman"}, standing=QUIET)
    ran = run(s, QUICK, STEPS.first(s, QUICK), orders=[
        ("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1"], "leaders": ["doria"], "to": "Z2"}]})])
    ran = run(ran.state, QUICK, ran.next)  # foul weather: standing never
    assert ran.next.kind == "avoid"
    ran = run(ran.state, QUICK, ran.next, dice={"combat:Z2:hapsburg-ottoman:attacker": "3d6: 5 5 5",
                                                "combat:Z2:hapsburg-ottoman:defender": "3d6: 5 6 1"})
    # 3 hits to 2: the Hapsburgs win; the Ottomans lose their squadron and corsair, the Hapsburgs their squadron;
    # both wiped out with 3 dice each: the defender keeps one and chooses which (H-OP-23), then retreats
    assert ran.next.kind == "combat_result"
    keep, retreat = ran.next.questions
    assert (keep.id, keep.default, [c.value for c in keep.choices]) == ("keep:ottoman", "squadron",
                                                                        ["squadron", "corsair"])
    assert (retreat.id, [c.value for c in retreat.choices]) == ("retreat:ottoman", ["Z1", "Z3", "P3"])
    ran = run(ran.state, QUICK, ran.next, {"keep:ottoman": "corsair", "retreat:ottoman": "P3"})
    assert [e.unit for e in ran.of(UnitKept)] == ["c1"]
    assert ran.state.units["c1"].location == "P3" and ran.state.units["o1"].location == turn_track(2)
    assert ran.state.leaders["doria"].location == turn_track(2)  # H3.3.10 (a)
    assert ran.next is None


def test_H2_6_7_3_two_enemy_powers_in_a_port_the_attacker_retreats_and_the_second_fight_is_off():
    s = state(sq("h1", "hapsburg", "Z2"), sq("h2", "hapsburg", "Z2"), sq("o1", "ottoman", "P3"),
              sq("f1", "france", "P3"), wars=[("hapsburg", "ottoman"), ("hapsburg", "france")],
              ports={"P3": "ottoman"}, standing=QUIET)
    ran = run(s, QUICK, STEPS.first(s, QUICK),
              orders=[("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1", "h2"], "to": "P3"}]})])
    ran = run(ran.state, QUICK, ran.next, dice={"combat:P3:hapsburg-ottoman:attacker": "4d6: 5 5 5 5",
                                                "combat:P3:hapsburg-ottoman:defender": "3d6: 1 1 1"})
    assert [(e.space, e.defender) for e in ran.of(FightCancelled)] == [("P3", "france")]  # H-OP-16
    assert ran.state.units["h1"].location == "Z2" and ran.state.units["f1"].location == "P3"
    assert ran.next is None


def test_H2_6_7_3_in_a_sea_zone_the_mover_fights_each_enemy_in_impulse_order_until_it_loses():
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "Z1"), sq("f1", "france", "Z2"),
              sq("e1", "england", "Z2"), leader("x", "france", "Z2"),
              wars=[("hapsburg", "england"), ("hapsburg", "france")], standing=QUIET)
    ran = run(s, QUICK, STEPS.first(s, QUICK),
              orders=[("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1", "h2"], "to": "Z2"}]})])
    ran = run(ran.state, QUICK, ran.next)  # foul weather
    assert ran.next.kind == "avoid" and [q.faction for q in ran.next.questions] == ["england", "france"]
    ran = run(ran.state, QUICK, ran.next, dice={
        "combat:Z2:hapsburg-england:attacker": "4d6: 5 5 1 1", "combat:Z2:hapsburg-england:defender": "2d6: 1 1",
        "combat:Z2:hapsburg-france:attacker": "4d6: 5 5 1 1", "combat:Z2:hapsburg-france:defender": "2d6: 1 1"})
    assert [e.winner for e in ran.of(CombatDecided)] == ["hapsburg", "hapsburg"]
    assert ran.state.leaders["x"].location == turn_track(2)


def test_H3_3_6_a_janissaries_once_a_turn_the_form_no_longer_offers_them():
    s = state(sq("h1", "hapsburg", "Z1"), sq("o1", "ottoman", "Z2"), wars=[("hapsburg", "ottoman")], standing=QUIET,
              power_extra={"ottoman": {"janissaries_used": True}})
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS),
              orders=[("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1"], "to": "Z2"}]})])
    ran = run(ran.state, SETTINGS, ran.next)
    ran = run(ran.state, SETTINGS, ran.next)  # the Ottomans stay
    ran = run(ran.state, SETTINGS, ran.next, dice={"combat:Z2:hapsburg-ottoman:attacker": "2d6: 1 1",
                                                   "combat:Z2:hapsburg-ottoman:defender": "2d6: 1 1"})
    assert [f.id for f in ran.next.questions[0].form] == ["attacker_dice", "defender_dice"]
    assert not start_of_turn(ran.state, 2)[0].powers["ottoman"].janissaries_used
