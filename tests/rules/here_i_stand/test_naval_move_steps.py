"""The naval move procedure H2.6 as a chain of steps (issue 12): H11.2 and H11.3 run step by step,
each reaction a question with its named default (H-OP-09, -13, -15, -19, -20, -23, -24, -25) or a
standing answer (H10.6)."""

from bot.engine.steps import ORDERS, AnswerSource
from bot.rulesets.here_i_stand.rules.events import (
    AnswerApplied,
    AvoidRolled,
    CombatDecided,
    InterceptionRolled,
    MoveCancelled,
    Retreated,
    UnitsLost,
)
from bot.rulesets.here_i_stand.rules.model import turn_track
from bot.rulesets.here_i_stand.rules.records import StandingOrders
from bot.rulesets.here_i_stand.rules.settings import HisSettings

from .chain import STEPS, run
from .helpers import cs, sq, state

SETTINGS = HisSettings()


def h11_2(**kw):
    return state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "Z1"), sq("o1", "ottoman", "P3"),
                 sq("o2", "ottoman", "P3"), cs("c1", "P3"), sq("f1", "france", "Z3"),
                 wars=[("hapsburg", "ottoman"), ("hapsburg", "france")], active="hapsburg", cp=1,
                 ports={"P3": "ottoman", "P1": "hapsburg"}, **kw)


MOVE = ("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1", "h2"], "to": "Z2"}]})


def test_H11_2_first_power_fails_the_second_intercepts_and_wins_step_by_step():
    s = h11_2()
    step = STEPS.first(s, SETTINGS)
    assert step.kind == ORDERS and step.actors == ["hapsburg"]
    # H2.6.1-2: declared and carried out; vertical in the empty Z2
    ran = run(s, SETTINGS, step, orders=[MOVE])
    assert ran.state.units["h1"].vertical and ran.state.impulse.cp_remaining == 0
    # H2.6.3: every other major power may play Foul Weather; nobody does (default H-OP-09)
    assert ran.next.kind == "foul_weather"
    assert [q.id for q in ran.next.questions] == [f"foul_weather:{p}" for p in
                                                  ("ottoman", "england", "france", "papacy", "protestant")]
    ran = run(ran.state, SETTINGS, ran.next)
    assert {e.rule for e in ran.of(AnswerApplied)} == {"H-OP-09"}
    # H2.6.4: both enemy stacks adjacent to Z2 are asked; Impulse Order: Ottomans first
    assert ran.next.kind == "interception"
    assert [(q.id, q.faction) for q in ran.next.questions] == [("intercept:ottoman:P3:Z2", "ottoman"),
                                                               ("intercept:france:Z3:Z2", "france")]
    ran = run(ran.state, SETTINGS, ran.next, {"intercept:ottoman:P3:Z2": "yes", "intercept:france:Z3:Z2": "yes"},
              dice={"intercept:ottoman:P3:Z2": "2d6: 4 4", "intercept:france:Z3:Z2": "2d6: 6 3"})
    assert [(e.power, e.total, e.success) for e in ran.of(InterceptionRolled)] == [("ottoman", 8, False),
                                                                                  ("france", 9, True)]
    assert ran.state.units["f1"].location == "Z2"
    # H2.6.5: nobody may avoid (interception there); H2.6.6 rotate; H2.6.7: the combat's cards (H-OP-19)
    assert ran.next.kind == "combat_cards" and ran.next.moderators and ran.next.questions[0].faction is None
    ran = run(ran.state, SETTINGS, ran.next, dice={"combat:Z2:hapsburg-france:attacker": "4d6: 6 2 3 1",
                                                   "combat:Z2:hapsburg-france:defender": "2d6: 5 6"})
    assert not any(u.vertical for u in ran.state.units.values())
    assert ran.next.kind == "response_cards"
    ran = run(ran.state, SETTINGS, ran.next)
    # H3.3.7-9: France wins; the Hapsburgs lose one squadron and choose where the other retreats
    assert ran.next.kind == "combat_result"
    [retreat] = ran.next.questions
    assert (retreat.id, [c.value for c in retreat.choices], retreat.default) == ("retreat:hapsburg", ["Z1", "Z3"], "Z1")
    ran = run(ran.state, SETTINGS, ran.next)
    assert [e.winner for e in ran.of(CombatDecided)] == ["france"]
    assert [(e.units, e.to) for e in ran.of(UnitsLost)] == [(("h1",), turn_track(2))]
    assert [(e.units, e.destination) for e in ran.of(Retreated)] == [(("h2",), "Z1")]
    assert ran.state.units["h2"].lost_combat_in_impulse == 1
    assert [u.id for u in ran.state.units_at("Z2")] == ["f1"]
    assert ran.next is None and ran.state.pending is None  # no CP left: the impulse is over


def test_H11_2_standing_orders_answer_the_interception_without_asking():
    standing = {"ottoman": StandingOrders(intercept="never", foul_weather="never"),
                "france": StandingOrders(intercept="if moving_units <= 2", foul_weather="never")}
    s = h11_2(standing=standing)
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[MOVE])
    ran = run(ran.state, SETTINGS, ran.next)
    # H10.6: a standing Foul Weather answer could tell what a hand holds: only its power reads it;
    # a default goes to its power (and the moderators)
    assert [(e.question, e.source, e.audience.public, e.audience.factions) for e in ran.of(AnswerApplied)] == [
        ("foul_weather:ottoman", "standing", False, ("ottoman",)), ("foul_weather:england", "default", False, ("england",)),
        ("foul_weather:france", "standing", False, ("france",)), ("foul_weather:papacy", "default", False, ("papacy",)),
        ("foul_weather:protestant", "default", False, ("protestant",))]
    interception = ran.next
    answers = {q.id: STEPS.standing_answer(ran.state, interception, q) for q in interception.questions}
    assert {k: (a.value, a.source) for k, a in answers.items()} == {
        "intercept:ottoman:P3:Z2": ("no", AnswerSource.STANDING), "intercept:france:Z3:Z2": ("yes", AnswerSource.STANDING)}
    ran = run(ran.state, SETTINGS, interception, dice={"intercept:france:Z3:Z2": "2d6: 6 3"})
    assert [e.power for e in ran.of(InterceptionRolled)] == ["france"]
    assert [e.audience.public for e in ran.of(AnswerApplied)] == [True, True]  # stated publicly (H10.6)


def test_H2_6_4_4_once_a_power_is_in_no_other_power_tries():
    s = h11_2()
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[MOVE])
    ran = run(ran.state, SETTINGS, ran.next)
    ran = run(ran.state, SETTINGS, ran.next, {"intercept:ottoman:P3:Z2": "yes", "intercept:france:Z3:Z2": "yes"},
              dice={"intercept:ottoman:P3:Z2": "2d6: 5 4"})  # the French roll is never made
    assert ran.state.units["f1"].location == "Z3" and ran.state.units["o1"].location == "Z2"


def h11_3():
    return state(cs("c1", "Z4"), cs("c2", "Z4"), cs("c3", "Z4"), sq("p1", "papacy", "Z5"),
                 wars=[("ottoman", "papacy")], active="ottoman", cp=1, ports={"P6": "papacy"})


OTTOMAN_MOVE = ("ottoman", {"kind": "naval_move", "groups": [{"units": ["c1", "c2", "c3"], "to": "Z5"}]})


def to_avoid(settings=SETTINGS):
    s = h11_3()
    ran = run(s, settings, STEPS.first(s, settings), orders=[OTTOMAN_MOVE])
    ran = run(ran.state, settings, ran.next)  # Foul Weather: nobody; interception: nobody can
    assert ran.next.kind == "avoid"
    [question] = ran.next.questions
    assert (question.id, [c.value for c in question.choices], question.default) == (
        "avoid:papacy:Z5", ["no", "Z4", "Z7", "P6"], "no")
    return ran


def test_H11_3_avoid_battle_fails_and_the_corsairs_win_step_by_step():
    ran = to_avoid()
    ran = run(ran.state, SETTINGS, ran.next, {"avoid:papacy:Z5": "P6"}, dice={"avoid:papacy:Z5": "2d6: 3 5"})
    assert [(e.total, e.success) for e in ran.of(AvoidRolled)] == [(8, False)]
    ran = run(ran.state, SETTINGS, ran.next, dice={"combat:Z5:ottoman-papacy:attacker": "3d6: 5 5 1",
                                                   "combat:Z5:ottoman-papacy:defender": "2d6: 6 4"})
    ran = run(ran.state, SETTINGS, ran.next)  # response cards: none; the result asks nothing
    assert ran.state.units["p1"].location == turn_track(2)
    assert [u.id for u in ran.state.units_at("Z5")] == ["c2", "c3"]  # H-OP-22 sequential
    assert ran.next is None


def test_H11_3_with_odd_first_the_corsairs_lose_nothing():
    flipped = HisSettings(ottoman_casualty_mode="odd_first", ask_combat_cards=False, ask_response_cards=False)
    ran = to_avoid(flipped)
    ran = run(ran.state, flipped, ran.next, {"avoid:papacy:Z5": "P6"},
              dice={"avoid:papacy:Z5": "2d6: 3 5", "combat:Z5:ottoman-papacy:attacker": "3d6: 5 5 1",
                    "combat:Z5:ottoman-papacy:defender": "2d6: 6 4"})
    assert [u.id for u in ran.state.units_at("Z5")] == ["c1", "c2", "c3"]
    assert ran.next is None


def test_H11_3_avoid_battle_succeeds_no_combat():
    ran = to_avoid()
    ran = run(ran.state, SETTINGS, ran.next, {"avoid:papacy:Z5": "P6"}, dice={"avoid:papacy:Z5": "2d6: 5 4"})
    assert ran.state.units["p1"].location == "P6"
    assert ran.next is None and not any(u.vertical for u in ran.state.units.values())


def test_H_OP_09_foul_weather_played_and_the_moderators_cancel_the_move():
    s = h11_2()
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[MOVE])
    ran = run(ran.state, SETTINGS, ran.next, {"foul_weather:england": "yes"})
    assert ran.next.kind == "foul_weather_effect" and ran.next.questions[0].default == "stands"
    ran = run(ran.state, SETTINGS, ran.next, {"foul_weather_effect": "cancelled"})
    assert [e.by for e in ran.of(MoveCancelled)] == [("england",)]
    assert ran.state.units["h1"].location == "Z1" and not ran.state.units["h1"].vertical
    assert ran.state.impulse.cp_remaining == 0 and ran.next is None  # the CP is spent


def test_H10_1_an_action_not_carried_tells_the_power_why_and_asks_again():
    s = h11_2()
    bad = ("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1"], "to": "Z3"}]})  # Z3 not adjacent to Z1
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[bad])
    assert ran.next.kind == ORDERS  # its CP is not spent: it may give another action
    assert ran.state == s.model_copy(update={"next_step": ran.next})
    [refused] = ran.events
    assert refused.audience.factions == ("hapsburg",) and refused.rule == "H2.5.1"
    assert refused.reason == "naval units move only to an adjacent space (H2.3)"  # a message id


def test_a_move_with_cp_left_opens_the_next_action_of_the_impulse():
    s = state(sq("e1", "england", "Z7"), active="england", cp=2, power_extra={})
    s = s.model_copy(update={"powers": {p: v for p, v in s.powers.items() if p in ("england",)}})
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS),
              orders=[("england", {"kind": "naval_move", "groups": [{"units": ["e1"], "to": "Z8"}]})])
    assert ran.next.kind == ORDERS and ran.state.impulse.cp_remaining == 1  # nobody could react


def test_H2_6_4_2_the_owner_may_intercept_with_part_of_a_stack():
    s = h11_2()
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[MOVE])
    ran = run(ran.state, SETTINGS, ran.next)
    ottoman = ran.next.questions[0]
    assert [c.value for c in ottoman.choices] == ["no", "yes", "part:2:0", "part:1:1", "part:1:0", "part:0:1"]
    ran = run(ran.state, SETTINGS, ran.next, {"intercept:ottoman:P3:Z2": "part:1:1"},
              dice={"intercept:ottoman:P3:Z2": "2d6: 6 3"})
    assert [u.id for u in ran.state.units_at("Z2", "ottoman")] == ["o1", "c1"]
    assert ran.state.units["o2"].location == "P3"


def test_H_OP_25_a_beaten_interceptor_retreats_by_default_where_it_came_from():
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "Z1"), sq("f1", "france", "Z3"),
              sq("f2", "france", "Z3"), wars=[("hapsburg", "france")],
              standing={p: StandingOrders(foul_weather="never") for p in ("ottoman", "england", "france", "papacy",
                                                                             "protestant")})
    quick = HisSettings(ask_combat_cards=False, ask_response_cards=False)
    ran = run(s, quick, STEPS.first(s, quick), orders=[MOVE])
    ran = run(ran.state, quick, ran.next)
    ran = run(ran.state, quick, ran.next, {"intercept:france:Z3:Z2": "yes"}, dice={
        "intercept:france:Z3:Z2": "2d6: 6 6", "combat:Z2:hapsburg-france:attacker": "4d6: 5 1 1 1",
        "combat:Z2:hapsburg-france:defender": "4d6: 1 1 1 1"})
    [retreat] = ran.next.questions
    assert (retreat.id, retreat.default) == ("retreat:france", "Z3")  # not Z1, the first in map order


def test_H2_6_4_part_of_a_stack_may_take_its_leader_along_and_the_rating_counts():
    # [ZH:L17]: a naval leader may accompany ANY naval units leaving its space; H-OP-11: the rating of
    # the leaders moving with the interceptors counts.  The old code offered a part of a stack only
    # without its leaders (rating 0), so Barbarossa could never lead part of his stack.
    from .helpers import leader
    s = h11_2().with_leaders(leader("barbarossa", "ottoman", "P3", battle=1))
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[MOVE])
    ran = run(ran.state, SETTINGS, ran.next)  # no Foul Weather
    ottoman = next(q for q in ran.next.questions if q.id == "intercept:ottoman:P3:Z2")
    values = [c.value for c in ottoman.choices]
    assert values[:6] == ["no", "yes", "part:2:0", "part:2:0:leaders", "part:1:1", "part:1:1:leaders"]
    ran = run(ran.state, SETTINGS, ran.next, {"intercept:ottoman:P3:Z2": "part:2:0:leaders"},
              dice={"intercept:ottoman:P3:Z2": "2d6: 4 4"})
    [rolled] = ran.of(InterceptionRolled)
    assert (rolled.units, rolled.rating, rolled.total, rolled.success) == (("o1", "o2"), 1, 9, True)
    assert ran.state.leaders["barbarossa"].location == "Z2" and ran.state.units["c1"].location == "P3"
