"""Changing fleets: ships joining (hired, bought over, captured: the cap U1.1 / U-OP-03), ships
leaving, fleets left with no ship taken off the map."""

from __future__ import annotations

from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.state import Fleet, Ship


def add_ships(ctx: Ctx, fleet: Fleet, ships: list[Ship]) -> list[Fleet]:
    """Add to ``fleet`` up to the cap; the rest form new fleets of the same faction in the same area
    (U-OP-03).  Returns every fleet that received ships."""
    cap = ctx.settings.fleet_cap
    room = max(0, cap - len(fleet.ships))
    fleet.ships.extend(ships[:room])
    touched = [fleet] if ships[:room] else []
    rest = ships[room:]
    while rest:
        extra = new_fleet(ctx, fleet.commander, fleet.location, f"{fleet.name} II", rest[:cap])
        touched.append(extra)
        rest = rest[cap:]
    return touched


def new_fleet(ctx: Ctx, faction: str, area: str | None, name: str, ships: list[Ship]) -> Fleet:
    fleet = Fleet(id=ctx.new_id("fleet"), name=name, owners=(faction,), commander=faction, ships=list(ships),
                  location=area)
    ctx.state.fleets[fleet.id] = fleet
    ctx.mp[fleet.id] = 0  # new this turn: it sails next turn
    ctx.stopped.add(fleet.id)
    return fleet


def remove_ship(ctx: Ctx, fleet: Fleet, ship_id: str) -> Ship | None:
    found = next((s for s in fleet.ships if s.id == ship_id), None)
    if found is not None:
        fleet.ships = [s for s in fleet.ships if s.id != ship_id]
    return found


def drop_empty(ctx: Ctx) -> None:
    """A fleet with no ship left is gone (its ships' events were emitted where they left)."""
    for fleet_id in [f.id for f in ctx.state.fleets.values() if not f.ships]:
        del ctx.state.fleets[fleet_id]
