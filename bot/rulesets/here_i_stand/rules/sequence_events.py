"""Events of the impulse sequencing and the leaders' re-entry (sequence.py), apart from events.py's
(one impulse's chain), so that one impulse's kinds stay as the rules' tests count them; the
plug-in's ``event_kinds`` is both."""

from __future__ import annotations

from typing import Literal

from bot.domain.events import Event


class ImpulsePassed(Event):
    """The power's impulse ended with no naval action carried out: it passed, spending nothing."""

    kind: Literal["his_impulse_passed"] = "his_impulse_passed"
    power: str
    impulse: int


class ImpulseOpened(Event):
    """The next power in Impulse Order takes its impulse (H-OP-18), with the CP it has for it."""

    kind: Literal["his_impulse_opened"] = "his_impulse_opened"
    power: str
    impulse: int
    cp: int


class ActionPhaseEnded(Event):
    """Every power passed in a row: the action phase of ``turn`` is over and ``turn + 1`` begins
    (H6.3.3: lost naval units back in the pool; H-OP-26: leaders on the Turn Track re-enter)."""

    kind: Literal["his_action_phase_ended"] = "his_action_phase_ended"
    turn: int


class LeaderReturned(Event):
    """H3.3.10 (c), H-OP-26: a naval leader back from the Turn Track, where its power placed it."""

    kind: Literal["his_leader_returned"] = "his_leader_returned"
    power: str
    leader: str
    to: str


class LeaderWaits(Event):
    """H-OP-26: a leader due back whose power controls no port to place it in: the moderators place it."""

    kind: Literal["his_leader_waits"] = "his_leader_waits"
    power: str
    leader: str


def sequence_event_kinds() -> dict[str, type[Event]]:
    return {c.model_fields["kind"].default: c for c in (ImpulsePassed, ImpulseOpened, ActionPhaseEnded,
                                                        LeaderReturned, LeaderWaits)}
