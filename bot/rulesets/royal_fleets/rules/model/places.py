"""Questions about places that several procedures ask (hiring, repair, blockade, trade posts)."""

from __future__ import annotations

from bot.rulesets.royal_fleets.rules.map.model import RoyalMap
from bot.rulesets.royal_fleets.rules.model.state import RoyalState


def open_friendly_port(state: RoyalState, sea: RoyalMap, faction: str, area: str) -> str | None:
    """U3.1: an unblocked port of an own or allied province opening onto ``area`` (the first, by id)."""
    blocked = state.blockaded_ports()
    for port in sea.ports_on(area):
        owner = state.owner_of(sea.port_province(port) or "")
        if owner is not None and state.friendly(faction, owner) and port not in blocked:
            return port
    return None


def has_unblocked_port(state: RoyalState, sea: RoyalMap, faction: str) -> bool:
    """U10.4: at least one of the faction's ports anywhere is not blockaded."""
    blocked = state.blockaded_ports()
    return any(port not in blocked for port in state.ports_of(faction, sea))


def port_owner(state: RoyalState, sea: RoyalMap, port: str) -> str | None:
    return state.owner_of(sea.port_province(port) or "")
