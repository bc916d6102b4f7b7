"""Templates of the impulse sequencing and leader re-entry events (rules/sequence.py), added by the
plug-in session (H2) so every event kind has words; worded like ``templates.py`` (a power's plural
English name never takes a verb: "Hapsburgs: pass …").  Same shape: ``(event, Names) -> str``, every
word a message id."""

from __future__ import annotations

from bot.rulesets.here_i_stand.report.names import Names


def _passed(e, n: Names) -> str:
    return n.t._("{power}: pass — impulse {impulse} ends with no naval action.", power=n.power(e.power),
                 impulse=e.impulse)


def _opened(e, n: Names) -> str:
    return n.t._("Impulse {impulse} — {power}, with {cp} CP.", impulse=e.impulse,
                 power=n.power(e.power), cp=e.cp)


def _phase_ended(e, n: Names) -> str:
    return n.t._("Every power passed in a row: the action phase of turn {turn} is over; turn {next} begins.",
                 turn=e.turn, next=e.turn + 1)


def _returned(e, n: Names) -> str:
    return n.t._("{leader} of {power} is back from the Turn Track in {port} (H-OP-26).", leader=n.leader(e.leader),
                 power=n.power(e.power), port=n.place(e.to))


def _waits(e, n: Names) -> str:
    return n.t._("{leader} of {power} is due back from the Turn Track, but {power} controls no port: the "
                 "moderators place the leader (H-OP-26).", leader=n.leader(e.leader), power=n.power(e.power))


SEQUENCE_TEMPLATES = {"his_impulse_passed": _passed, "his_impulse_opened": _opened,
                      "his_action_phase_ended": _phase_ended, "his_leader_returned": _returned,
                      "his_leader_waits": _waits}
