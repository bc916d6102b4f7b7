"""E9.2 / E9.4: the loser's port (E-OP-18).  The nearest friendly port by maneuvers from the battle's zone,
ignoring enemy fleets (a placement, not a move: no interception on the way); equally near ports are the
loser's choice (a prompt, default the first in map order); none: the moderators place the fleet."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.domain.text import N_
from bot.engine.steps import Choice, Question, Wording

from .types import Placement

RULE = "E-OP-18"


def nearest_ports(zone: str, friendly_ports: Sequence[str], distance: Callable[[str, str], int | None],
                  placement: Placement | None = None) -> tuple[str, ...]:
    """The equally nearest of ``friendly_ports`` (in map order) from ``zone``; ``distance`` in maneuvers
    (None: unreachable).  E9.4: the port the fleet attacked is never one of them.  Empty: none (MOD)."""
    excluded = placement.excluded_port if placement else None
    reach = [(d, p) for p in friendly_ports if p != excluded and (d := distance(zone, p)) is not None]
    if not reach:
        return ()
    best = min(d for d, _ in reach)
    return tuple(p for d, p in reach if d == best)


def nearest_port_question(question_id: str, nation: str, ports: Sequence[str],
                          names: dict[str, str]) -> Question | None:
    """The loser's choice among equally near ports (E9.2); None when there is nothing to choose."""
    if len(ports) < 2:
        return None
    return Question(
        id=question_id, faction=nation,
        text=Wording(msgid=N_("Your fleet lost the battle and retreats to the nearest port (E9.2); these are "
                              "equally near: which one?")),
        choices=[Choice(value=p, label=Wording(msgid=N_("Port {port}"), values={"port": names.get(p, p)}))
                 for p in ports],
        default=ports[0], default_rule=RULE, facts={"ports": list(ports)})
