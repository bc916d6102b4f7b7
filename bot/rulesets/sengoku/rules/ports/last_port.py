"""A clan left with no ports (S2.6, OP-07; S12.5 4.4).

Port ownership changes come from the land side (the state), so this is found
at the start of resolution: a clan none of whose ports is still standing.

* Squadrons (and heavy detachments) are **lost**, unless the clan's standing
  ``clan_policy`` says ``on_last_port_lost: transfer``: then they pass to
  ``transfer_to`` or, by default, to the captor of the port they were based
  at (OP-07 a).
* Trade fleets pass to the clan that captured the port they were based at.
* OP-07 (c): the seed [L8] says "squadrons are lost" with no exception, so
  squadrons based at an ally's port are lost too unless the moderator sets
  ``foreign_based_squadrons_survive_last_port_loss``.  For trade fleets based
  abroad the seed is silent (its parenthesis assumes the last port was their
  base) and the Proposal fills the gap: ``foreign_based_survive_last_port_loss``
  (default true) keeps their foreign base.
* OP-07 (b): S2.6 overrides S2.5 (no mothballing instead); mothballed units
  of such a clan are treated the same way.

A unit handed over keeps its base if the new owner holds that port, else it
is without a base and S2.5 applies to it for its new owner.  Orders its old
owner gave it lapse (``ctx.orders_lapsed``).
"""

from __future__ import annotations

from collections import Counter

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.orders.clan_orders import policy_of
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import DefaultApplied
from bot.rulesets.sengoku.rules.model.events_turn import (
    KeptForeignBase,
    LastPortLost,
    UnitHandedOver,
    UnitLost,
)
from bot.rulesets.sengoku.rules.model.model import SengokuState, UnitState

HELD = (UnitState.ACTIVE, UnitState.MOTHBALLED)


def has_base(state: SengokuState, unit) -> bool:
    """S2.1, S2.4: a standing port of its own clan, of a clan whose basing agreement for this turn
    covers it, or of an ally (the agreement of S2.4 is taken to exist between allies)."""
    port = state.ports.get(unit.base_port) if unit.base_port else None
    if port is None or port.destroyed or port.owner is None:
        return False
    return (port.owner == unit.owner or state.friendly(unit.owner, port.owner)
            or state.basing_agreement(unit.owner, port.id) is not None)


def own_ports(state: SengokuState, clan: str) -> list[str]:
    return sorted(p.id for p in state.ports.values() if p.owner == clan and not p.destroyed)


def settle_clans_without_ports(ctx: Ctx) -> None:
    for clan in sorted(ctx.state.clans):
        units = _units_of(ctx.state, clan)
        if own_ports(ctx.state, clan) or not units:
            continue
        ctx.emit(LastPortLost(audience=Audience.everyone(), clan=clan))
        captor = _main_captor(ctx.state, clan, units)
        for unit in units:
            if unit.id in ctx.state.fleets:
                _settle_fleet(ctx, unit, captor)
            else:
                _settle_warship(ctx, unit, captor)


def _units_of(state: SengokuState, clan: str) -> list:
    units = [u for u in list(state.squadrons.values()) + list(state.fleets.values())
             if u.owner == clan and u.state in HELD]
    units += [hd for hd in state.heavy.values() if hd.owner == clan and hd.state in HELD and hd.attached_to is None]
    return sorted(units, key=lambda u: u.id)


def _captor(state: SengokuState, clan: str, unit) -> str | None:
    """The enemy now holding the port the unit was based at."""
    port = state.ports.get(unit.base_port) if unit.base_port else None
    if port is None or port.owner is None or not state.at_war(clan, port.owner):
        return None
    return port.owner


def _main_captor(state: SengokuState, clan: str, units: list) -> str | None:
    """The captor of most of the clan's former bases (ties: clan id): the
    receiver for units whose own base tells nothing (abroad, mothballed)."""
    counts = Counter(c for c in (_captor(state, clan, u) for u in units) if c)
    if not counts:
        return None
    top = max(counts.values())
    return min(c for c, n in counts.items() if n == top)


def _abroad(state: SengokuState, unit) -> bool:
    return unit.state is UnitState.ACTIVE and has_base(state, unit)


def _settle_fleet(ctx: Ctx, fleet, captor: str | None) -> None:
    if _abroad(ctx.state, fleet) and ctx.settings.foreign_based_survive_last_port_loss:
        ctx.emit(KeptForeignBase(audience=Audience.of(fleet.owner), unit=fleet.id, port=fleet.base_port))
        return
    receiver = _captor(ctx.state, fleet.owner, fleet) or captor
    if receiver is None:
        _lose(ctx, fleet, "no captor to receive it")
        return
    _hand_over(ctx, fleet, receiver)


def _settle_warship(ctx: Ctx, unit, captor: str | None) -> None:
    if _abroad(ctx.state, unit) and ctx.settings.foreign_based_squadrons_survive_last_port_loss:
        ctx.emit(KeptForeignBase(audience=Audience.of(unit.owner), unit=unit.id, port=unit.base_port))
        return
    policy = policy_of(ctx.state, unit.owner)
    if policy.on_last_port_lost == "lose":
        _lose(ctx, unit, None)
        return
    receiver = policy.transfer_to or _captor(ctx.state, unit.owner, unit) or captor
    if receiver is None or not ctx.state.at_war(unit.owner, receiver):
        _lose(ctx, unit, "no enemy to hand it over to")
        return
    if policy.transfer_to is None:
        ctx.emit(DefaultApplied(rule="OP-07 (a)", detail=f"{unit.id} handed over to the captor, {receiver}"))
    _hand_over(ctx, unit, receiver)


def _lose(ctx: Ctx, unit, why: str | None) -> None:
    clan = unit.owner
    for item in [unit] + _attached(ctx.state, unit.id):
        item.state = UnitState.LOST
        ctx.orders_lapsed.add(item.id)
    _clear_orders(unit)
    if why:
        ctx.emit(DefaultApplied(rule="S2.6", detail=f"{unit.id} lost: {why}"))
    ctx.emit(UnitLost(audience=Audience.everyone(), unit=unit.id, clan=clan))


def _hand_over(ctx: Ctx, unit, receiver: str) -> None:
    giver = unit.owner
    for item in [unit] + _attached(ctx.state, unit.id):
        item.owner = receiver
        ctx.orders_lapsed.add(item.id)
    _clear_orders(unit)
    ctx.emit(UnitHandedOver(audience=Audience.everyone(), unit=unit.id, from_clan=giver, to_clan=receiver,
                            port=unit.base_port))


def _clear_orders(unit) -> None:
    if hasattr(unit, "station"):
        unit.station, unit.standing, unit.leader = None, None, None


def _attached(state: SengokuState, unit_id: str) -> list:
    return [hd for hd in state.heavy.values() if hd.attached_to == unit_id]
