"""Where a fleet may go when it avoids a battle (U5.3, U-OP-14) or retreats after one (U7.1-U7.3,
U-OP-24), and moving it there.

Neither goes into a transition area (that would take the fleet off the map, U10.1: a retreat or
an evasion is a move to a neighbouring area, not a crossing) nor, for a fleet with a galleass,
onto a trade post (U10.2): a choice of this bot, noted in docs/decisions.md.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import BlockadeLifted
from bot.rulesets.royal_fleets.rules.model.ships import has_galleass
from bot.rulesets.royal_fleets.rules.model.state import Fleet


def _enterable(ctx: Ctx, fleet: Fleet, area: str) -> bool:
    if ctx.sea.is_transition(area):
        return False
    return not (ctx.sea.is_trade_post(area) and has_galleass(ctx.settings, fleet))


def hostile_in(ctx: Ctx, fleet: Fleet, area: str) -> bool:
    return bool(ctx.state.hostile_fleets(fleet.commander, area))


def free_neighbours(ctx: Ctx, fleet: Fleet, area: str, excluded: str | None) -> list[str]:
    """U7.2: adjacent areas with no hostile fleet, not the one the attacker came from."""
    return [a for a in ctx.sea.adjacent(area)
            if a != excluded and _enterable(ctx, fleet, a) and not hostile_in(ctx, fleet, a)]


def hostile_neighbours(ctx: Ctx, fleet: Fleet, area: str, excluded: str | None) -> list[str]:
    """U7.3: the neighbours holding enemy fleets, which a cornered fleet may attack."""
    return [a for a in ctx.sea.adjacent(area)
            if a != excluded and _enterable(ctx, fleet, a) and hostile_in(ctx, fleet, a)]


def choose(ctx: Ctx, fleet: Fleet, legal: list[str], preferred: tuple[str, ...]) -> str:
    """The fleet's first preferred legal area; else (U-OP-24's default) the one with the fewest
    hostile neighbours, ties in the map's order (area id)."""
    for area in preferred:
        if area in legal:
            return area
    return min(legal, key=lambda a: (sum(hostile_in(ctx, fleet, n) for n in ctx.sea.adjacent(a)), a))


def relocate(ctx: Ctx, fleet: Fleet, to_area: str, why: str) -> None:
    """Move the fleet (and what it escorts) without MP: a retreat needs none (U7.1).  Leaving the
    area ends its blockades (U-OP-10, U-OP-11)."""
    lift_blockades(ctx, fleet, why)
    ctx.came_from[fleet.id] = fleet.location
    fleet.location = to_area
    for transport in fleet.escorted_transports:
        if transport in ctx.state.transports:
            ctx.state.transports[transport].location = to_area


def lift_blockades(ctx: Ctx, fleet: Fleet, why: str) -> None:
    for port in fleet.blockading:
        ctx.emit(BlockadeLifted(audience=Audience.everyone(),  # the counter leaves the coast (U4.2)
                                fleet=fleet.id, faction=fleet.commander, port=port, why=why, rule="U-OP-11"))
    fleet.blockading = []
