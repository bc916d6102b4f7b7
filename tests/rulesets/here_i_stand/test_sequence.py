"""Impulses across powers (rules/sequence.py, docs/decisions.md): one Fleetwright turn is a segment
of impulses; the next power in Impulse Order (H-OP-18) takes its impulse when one is over; a power
that passes spends nothing; every power passing in a row ends the action phase and the next HIS turn
begins (H6.3.3), its naval leaders back from the Turn Track asked where to enter (H-OP-26)."""

from __future__ import annotations

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import SubmittedOrder
from bot.engine.steps import ORDERS, Answer, AnswerSource
from bot.rulesets.here_i_stand.rules.events import CpSpent
from bot.rulesets.here_i_stand.rules.model import HisState, turn_track
from bot.rulesets.here_i_stand.rules.ruleset import HereIStandRuleset
from bot.rulesets.here_i_stand.rules.sequence import REENTRY, ImpulseSequence
from bot.rulesets.here_i_stand.rules.sequence_events import (
    ActionPhaseEnded,
    ImpulseOpened,
    ImpulsePassed,
    LeaderReturned,
    LeaderWaits,
)
from bot.rulesets.here_i_stand.rules.settings import HisSettings
from tests.rules.here_i_stand.helpers import MAP, leader, sq, state

SEQ = ImpulseSequence()
SETTINGS = HisSettings()
MAJORS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")  # the spec's Impulse Order


class Played:
    def __init__(self, result, resolved, settings):
        self.state = HisState.model_validate_json(result.state.model_dump_json())  # as the store keeps it
        self.events = result.events
        self.next = SEQ.after(self.state, settings, resolved)

    def of(self, kind):
        return [e for e in self.events if isinstance(e, kind)]


def play(s: HisState, orders=(), answers=None, settings=SETTINGS, step=None, dice=None) -> Played:
    step = step or SEQ.first(s, settings)
    submitted = [SubmittedOrder(faction=f, unit="impulse:action", seq=i, payload=p) for i, (f, p) in enumerate(orders)]
    given = [Answer(question=q, value=v, source=AnswerSource.FACTION) for q, v in (answers or {}).items()]
    return Played(SEQ.resolve_step(s, MAP, settings, step, submitted, given, ScriptedDice(script=dict(dice or {}))),
                  step, settings)


def passing(s: HisState) -> Played:
    return play(s, [(s.impulse.active_power, {"kind": "pass"})])


def test_a_pass_spends_nothing_and_the_next_power_in_impulse_order_takes_its_impulse():
    s = state(active="hapsburg", cp=2, cp_next={"england": 3})
    played = passing(s)
    assert [(e.power, e.impulse) for e in played.of(ImpulsePassed)] == [("hapsburg", 1)]
    assert [(e.power, e.impulse, e.cp) for e in played.of(ImpulseOpened)] == [("england", 2, 3)]
    impulse = played.state.impulse
    assert (impulse.active_power, impulse.number, impulse.cp_remaining, impulse.passes) == ("england", 2, 3, 1)
    assert played.state.cp_next == {}  # the CP the moderators entered are used once
    assert played.next.kind == ORDERS and played.next.actors == ["england"]
    assert "pass" in played.next.order_kinds


def test_an_impulse_whose_cp_are_spent_ends_and_is_no_pass():
    s = state(sq("h1", "hapsburg", "Z1"), active="hapsburg", cp=2,
              power_extra={"hapsburg": {"counters": {"squadron": 2}}}, ports={"P1": "hapsburg"})
    played = play(s, [("hapsburg", {"kind": "build_squadron", "port": "P1"})])
    assert [e.cp for e in played.of(CpSpent)] == [2]
    assert played.of(ImpulsePassed) == []
    assert (played.state.impulse.active_power, played.state.impulse.passes) == ("england", 0)


def test_cp_left_after_an_action_the_same_power_acts_again():
    s = state(active="hapsburg", cp=3, power_extra={"hapsburg": {"counters": {"squadron": 2}}}, ports={"P1": "hapsburg"})
    played = play(s, [("hapsburg", {"kind": "build_squadron", "port": "P1"})])
    assert played.state.impulse.active_power == "hapsburg" and played.state.impulse.cp_remaining == 1
    assert played.next.actors == ["hapsburg"] and played.of(ImpulseOpened) == []
    played = passing(played.state)  # ends the impulse; it acted, so it is no pass in the row
    assert played.of(ImpulsePassed) == [] and played.state.impulse.passes == 0


def test_every_power_passing_in_a_row_ends_the_action_phase_and_the_fleetwright_turn():
    s = state(sq("h1", "hapsburg", turn_track(2)), active="ottoman", cp=0,
              power_extra={"ottoman": {"janissaries_used": True}})
    for power in MAJORS[:-1]:
        played = passing(s)
        assert played.next is not None and played.state.impulse.active_power != power
        s = played.state
    played = passing(s)
    assert [e.turn for e in played.of(ActionPhaseEnded)] == [1]
    assert played.next is None  # the Fleetwright turn is over
    after = played.state
    assert (after.turn, after.impulse.active_power, after.impulse.number, after.impulse.passes) == (2, "ottoman", 1, 0)
    assert after.units["h1"].location == "pool"  # H6.3.3
    assert not after.powers["ottoman"].janissaries_used  # once a turn (H3.3.6 (a))
    # the next Fleetwright turn opens with the first power's action step
    assert SEQ.first(after, SETTINGS).actors == ["ottoman"]


def test_minor_powers_take_no_impulse():
    s = state(active="protestant", cp=0)  # knights and venice are minor (helpers)
    assert passing(s).state.impulse.active_power == "ottoman"


def test_impulses_per_turn_caps_the_fleetwright_turn_and_the_next_goes_on_with_the_next_power():
    capped = HisSettings(impulses_per_turn=2)
    s = state(active="ottoman", cp=0)
    first = play(s, [("ottoman", {"kind": "pass"})], settings=capped)
    assert first.next is not None and first.state.impulse.active_power == "hapsburg"
    second = play(first.state, [("hapsburg", {"kind": "pass"})], settings=capped, step=first.next)
    assert second.next is None and second.state.impulse.active_power == "england"
    # the next Fleetwright turn: England's impulse, counted afresh
    third = play(second.state, [("england", {"kind": "pass"})], settings=capped)
    assert third.next is not None and third.state.impulse.opened == 2


def test_H_OP_18_the_cp_of_an_impulse_default_to_the_setting():
    played = passing(state(active="ottoman", cp=0))
    assert played.state.impulse.cp_remaining == 0
    played = play(state(active="ottoman", cp=0), [("ottoman", {"kind": "pass"})], settings=HisSettings(impulse_cp=2))
    assert played.state.impulse.cp_remaining == 2


def end_of_turn(*things, **kw) -> Played:
    """Every power but the last has passed: the last one's pass ends turn 1."""
    s = state(*things, active="protestant", cp=0, **kw)
    s = s.model_copy(update={"impulse": s.impulse.model_copy(update={"passes": len(MAJORS) - 1})})
    return passing(s)


def test_H_OP_26_a_leader_back_from_the_turn_track_is_placed_where_its_power_says():
    played = end_of_turn(leader("doria", "hapsburg", turn_track(2), battle=2), ports={"P1": "hapsburg", "PA": "hapsburg",
                                                                                      "PC": "hapsburg"})
    assert played.next is None  # the Fleetwright turn is over; re-entry opens the next one
    step = SEQ.first(played.state, SETTINGS)
    assert step.kind == REENTRY and step.actors == ["hapsburg"]
    [question] = step.questions
    # its home ports first (P1, PA), then its other ports, in map order; default the first
    assert (question.id, [c.value for c in question.choices], question.default, question.default_rule) == (
        "reenter:doria", ["P1", "PA", "PC"], "P1", "H-OP-26")
    placed = play(played.state, step=step, answers={"reenter:doria": "PC"})
    assert placed.state.leaders["doria"].location == "PC"
    assert [(e.leader, e.to) for e in placed.of(LeaderReturned)] == [("doria", "PC")]
    assert placed.next.kind == ORDERS and placed.next.actors == ["ottoman"]  # turn 2's first impulse


def test_H_OP_26_unanswered_the_default_port_and_a_port_lost_meanwhile_is_not_taken():
    played = end_of_turn(leader("doria", "hapsburg", turn_track(2)), ports={"P1": "hapsburg", "PC": "hapsburg"})
    step = SEQ.first(played.state, SETTINGS)
    default = Answer(question="reenter:doria", value="P1", source=AnswerSource.DEFAULT, rule="H-OP-26")
    result = SEQ.resolve_step(played.state, MAP, SETTINGS, step, [], [default], ScriptedDice(script={}))
    assert result.state.leaders["doria"].location == "P1"
    lost = played.state.model_copy(update={"ports": {"PC": played.state.ports["PC"]}})  # P1 taken meanwhile
    placed = play(lost, step=step, answers={"reenter:doria": "P1"})
    assert placed.state.leaders["doria"].location == "PC"


def test_H_OP_26_a_leader_whose_power_holds_no_port_waits_for_the_moderators():
    played = end_of_turn(leader("doria", "hapsburg", turn_track(2)))
    assert [(e.power, e.leader) for e in played.of(LeaderWaits)] == [("hapsburg", "doria")]
    assert played.state.next_step is None and played.state.leaders["doria"].location == turn_track(2)
    assert SEQ.first(played.state, SETTINGS).kind == ORDERS


def test_a_leader_due_later_stays_on_the_turn_track():
    played = end_of_turn(leader("doria", "hapsburg", turn_track(3)), ports={"P1": "hapsburg"})
    assert SEQ.first(played.state, SETTINGS).kind == ORDERS and played.of(LeaderWaits) == []


def test_the_plug_in_resolve_is_the_action_step_and_its_steps_the_sequence():
    ruleset = HereIStandRuleset()
    assert isinstance(ruleset.steps, ImpulseSequence)
    s = state(active="hapsburg", cp=0)
    result = ruleset.resolve(s, MAP, SETTINGS, [SubmittedOrder(faction="hapsburg", unit="impulse:action", seq=1,
                                                              payload={"kind": "pass"})], ScriptedDice(script={}))
    assert result.state.impulse.active_power == "england"
