"""A moderator records, or withdraws, a basing agreement (S2.4, S12.2).

S2.4 (seed L6): with an agreement made in the Diplomacy Phase, ships may be
based at another clan's port.  The players make it; the moderator records it
here, for one turn (by default the current one): S12.2 keeps (host clan,
port, turn), and the agreement lapses when that turn ends.  ``port`` None
covers every port of the host.  A guest based there counts toward the host
port's own limit of 5 fleet units and 3 trade fleets, all clans together
(OP-05 c).

Kept apart from the other edit kinds (moderator_edit_models.py), like
moderator_clan.py; the ruleset dispatches ``basing_agreement`` here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.domain.gamemap import GameMap
from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import BasingAgreement, SengokuState
from bot.rulesets.sengoku.rules.moderation.moderator_edit_models import _clan, _unknown, validated

KIND = "basing_agreement"


class BasingAgreementEdit(BaseModel):
    """Add or remove the agreement letting ``guest`` base ships at ``host``'s port (or all its ports)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["basing_agreement"] = KIND
    action: Literal["add", "remove"] = "add"
    host: str
    guest: str
    port: str | None = None
    turn: int | None = None
    reason: str | None = None


def parse_basing_edit(payload: dict[str, Any]) -> BasingAgreementEdit:
    return validated(BasingAgreementEdit.model_validate, payload, KIND)


def apply_basing_edit(state: SengokuState, gamemap: GameMap,
                      edit: BasingAgreementEdit) -> tuple[SengokuState, str]:
    """(new state, what changed); refuses unknown clans or ports, a clan hosting itself, a port not the
    host's, a past turn, or removing what was never agreed, and leaves ``state`` as it was."""
    host, guest = _clan(state, edit.host, "host"), _clan(state, edit.guest, "guest")
    if host.id == guest.id:
        raise OrderRejected(N_("{clan} is named as host and guest; a clan's ships need no agreement to base at its "
                               "own ports (S2.4); name two different clans"), clan=host.name)
    port = _port(state, gamemap, edit.port, host) if edit.port is not None else None
    turn = state.turn if edit.turn is None else edit.turn
    if turn < state.turn:
        raise OrderRejected(N_("turn {turn} is over; an agreement is made for the current turn ({current}) or a later "
                               "one (S2.4)"), turn=turn, current=state.turn)
    agreement = BasingAgreement(host=host.id, guest=guest.id, port=port, turn=turn)
    new = state.model_copy(deep=True)
    where = _where(gamemap, host.name, port)
    if edit.action == "add":
        unchanged = agreement in new.basing_agreements
        if not unchanged:
            new.basing_agreements.append(agreement)
        text = (f"{guest.name} may base ships at {where} in turn {turn}{' (unchanged)' if unchanged else ''} "
                f"(S2.4). They count toward the port's limit of 5 fleet units and 3 trade fleets together with "
                f"everyone else's (OP-05 c); trade fleets based there trade for {host.name}. The agreement "
                f"lapses when turn {turn} ends.")
    else:
        if agreement not in new.basing_agreements:
            raise OrderRejected(N_("no agreement lets {clan} base at {where} in turn {turn}; {listing}"),
                                clan=guest.name, where=where, turn=turn, listing=listing(new, gamemap))
        new.basing_agreements.remove(agreement)
        text = (f"{guest.name} may no longer base ships at {where} in turn {turn} (S2.4). Its ships based there "
                f"under it must re-base, or they are without a base at the resolution (S2.5).")
    return new, f"{text} {listing(new, gamemap)}"


def listing(state: SengokuState, gamemap: GameMap) -> str:
    """Every agreement recorded, for the moderator's reply."""
    if not state.basing_agreements:
        return "No basing agreements are recorded."
    lines = [f"{_name(state, a.guest)} at {_where(gamemap, _name(state, a.host), a.port)} (turn {a.turn})"
             for a in sorted(state.basing_agreements, key=lambda a: (a.turn, a.host, a.guest, a.port or ""))]
    return "Basing agreements: " + "; ".join(lines) + "."


def _port(state: SengokuState, gamemap: GameMap, port_id: str, host) -> str:
    port_id = port_id.strip()
    if port_id not in gamemap.ports:
        raise _unknown("port", port_id, {p.id: p.name for p in gamemap.ports.values()})
    owner = state.port_owner(port_id)
    if owner != host.id:
        raise OrderRejected(N_("{port} is not {clan}'s (it is {owner}'s); a clan agrees only to host ships at its own "
                               "ports (S2.4)"), port=gamemap.ports[port_id].name, clan=host.name,
                            owner=_name(state, owner))
    return port_id


def _where(gamemap: GameMap, host_name: str, port: str | None) -> str:
    return f"{host_name}'s port {gamemap.ports[port].name}" if port else f"every port of {host_name}"


def _name(state: SengokuState, clan: str | None) -> str:
    return state.clans[clan].name if clan in state.clans else (clan or "nobody")
