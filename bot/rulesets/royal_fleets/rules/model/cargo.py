"""Troops at sea when their ships fare badly (U9.5, U-OP-30).

U-OP-30 leaves it to moderators; the setting ``troops_on_lost_ships = lost`` applies the spec's
suggested house rule: troops beyond what the fleet's remaining ships can carry went down with the
sunk ships; troops aboard a surrendered fleet, and hired transports whose escort is gone while an
enemy fleet is there, are captured.  ``moderator`` only flags it.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import ModeratorNeeded, TransportCaptured, TroopsLost
from bot.rulesets.royal_fleets.rules.model.ships import capacity, cargo_units
from bot.rulesets.royal_fleets.rules.model.state import Cargo, Fleet


def lose_units(ctx: Ctx, army_id: str, count: int) -> int:
    """Take ``count`` units off the army (the last first); an army with none left is gone."""
    army = ctx.state.armies.get(army_id)
    if army is None or count <= 0:
        return 0
    taken = min(count, len(army.units))
    army.units = army.units[:len(army.units) - taken]
    if not army.units:
        del ctx.state.armies[army_id]
    return taken


def _by_rule(ctx: Ctx, fleet: Fleet, detail: str) -> bool:
    if ctx.settings.troops_on_lost_ships == "moderator":
        ctx.emit(ModeratorNeeded(what="U-OP-30", subject=fleet.id, detail=detail, rule="U-OP-30"))
        return False
    return True


def after_losses(ctx: Ctx, fleet: Fleet, how: str = "sunk") -> None:
    """After a battle: troops beyond the capacity left (all of them if no ship is left) are lost;
    ``how`` = "captured" where the ships left with their crews (pirates U3.4, buy-over U3.5)."""
    if not fleet.cargo:
        return
    room = capacity(ctx.settings, fleet) if fleet.ships else 0
    if room is None:  # a capacity never set: only a moderator can say
        ctx.emit(ModeratorNeeded(what="U-OP-28", subject=fleet.id, detail="capacity_units", rule="U-OP-28"))
        return
    excess = cargo_units(fleet) - room
    if excess <= 0 or not _by_rule(ctx, fleet, how):
        return
    kept: list[Cargo] = []
    for cargo in reversed(fleet.cargo):  # the last embarked go first
        lost = min(excess, cargo.units)
        excess -= lost
        if lost:
            lose_units(ctx, cargo.army, lost)
            ctx.emit(TroopsLost(audience=Audience.everyone(), army=cargo.army, units=lost, how=how, rule="U-OP-30"))
        if cargo.units - lost:
            kept.insert(0, cargo.model_copy(update={"units": cargo.units - lost}))
    fleet.cargo = kept


def surrender_cargo(ctx: Ctx, fleet: Fleet) -> None:
    if not fleet.cargo or not _by_rule(ctx, fleet, "captured"):
        return
    for cargo in fleet.cargo:
        lose_units(ctx, cargo.army, cargo.units)
        ctx.emit(TroopsLost(audience=Audience.everyone(), army=cargo.army, units=cargo.units, how="captured",
                            rule="U-OP-30"))
    fleet.cargo = []


def strand_transports(ctx: Ctx, fleet: Fleet) -> None:
    """The fleet no longer escorts its hired transports; they stay where they are, defenceless."""
    for transport_id in fleet.escorted_transports:
        if transport_id in ctx.state.transports:
            ctx.state.transports[transport_id].escort = None
    fleet.escorted_transports = []


def capture_unescorted(ctx: Ctx, area: str) -> None:
    """U9.5: an army on hired transports meeting an enemy combat fleet with no escort there is
    captured at once."""
    for transport_id, transport in sorted(ctx.state.transports.items()):
        army = ctx.state.armies.get(transport.army)
        if transport.location != area or army is None:
            continue
        escort = ctx.fleet(transport.escort) if transport.escort else None
        if escort is not None and escort.location == area and escort.ships:
            continue
        enemies = ctx.state.hostile_fleets(army.owner, area)
        if enemies:
            lose_units(ctx, transport.army, transport.units)
            del ctx.state.transports[transport_id]
            ctx.emit(TransportCaptured(audience=Audience.everyone(), army=transport.army, units=transport.units,
                                       area=area, by_faction=enemies[0].commander, rule="U9.5"))
