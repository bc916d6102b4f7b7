"""Merging and splitting fleets (U1.1, U1.2, U14 MERGE_FLEETS / SPLIT_FLEET, U-OP-02, U-OP-03).

A merge into another faction's fleet is joint command: it is asked this turn and takes effect
when that faction's ``join_command`` order accepts it in a later turn (U-OP-02: default, no
merge).  The fleet's commander stays the receiving faction; both are owners.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import FleetSplit, FleetsMerged, JointCommandAsked
from bot.rulesets.royal_fleets.rules.model.fleet_ops import new_fleet
from bot.rulesets.royal_fleets.rules.model.state import JointCommand


def answer_joins(ctx: Ctx, orders: list) -> None:
    for faction, order in orders:
        asked = next((j for j in ctx.state.pending_joins if j.fleet == order.fleet and j.into == order.into), None)
        if asked is None:
            continue
        ctx.state.pending_joins.remove(asked)
        joining, into = ctx.fleet(order.fleet), ctx.fleet(order.into)
        fits = joining and into and joining.location == into.location and into.commander == faction and \
            len(joining.ships) + len(into.ships) <= ctx.settings.fleet_cap
        answer = "accepted" if order.accept and fits else "refused"
        ctx.emit(JointCommandAsked(audience=Audience.of(asked.asked_by, faction), fleet=order.fleet, into=order.into,
                                   asked_by=asked.asked_by, answer=answer, rule="U-OP-02"))
        if answer == "accepted":
            _merge(ctx, joining, into)


def merges(ctx: Ctx, orders: list) -> None:
    for faction, order in orders:
        fleet, into = ctx.fleet(order.fleet), ctx.fleet(order.into)
        if fleet is None or into is None or fleet.location != into.location or fleet.location is None:
            continue
        if len(fleet.ships) + len(into.ships) > ctx.settings.fleet_cap:
            continue
        if into.commander == faction:
            _merge(ctx, fleet, into)
            continue
        ctx.state.pending_joins.append(JointCommand(fleet=fleet.id, into=into.id, asked_by=faction))
        ctx.emit(JointCommandAsked(audience=Audience.of(faction, into.commander), fleet=fleet.id, into=into.id,
                                   asked_by=faction, rule="U-OP-02"))


def _merge(ctx: Ctx, fleet, into) -> None:
    into.ships.extend(fleet.ships)
    into.cargo.extend(fleet.cargo)
    into.escorted_transports.extend(fleet.escorted_transports)
    into.owners = tuple(dict.fromkeys((*into.owners, *fleet.owners)))
    for transport in fleet.escorted_transports:
        if transport in ctx.state.transports:
            ctx.state.transports[transport].escort = into.id
    for army in ctx.state.armies.values():
        if army.aboard == fleet.id:
            army.aboard = into.id
    into.mp_debt_next_turn = max(into.mp_debt_next_turn, fleet.mp_debt_next_turn)
    del ctx.state.fleets[fleet.id]
    ctx.mp[into.id] = min(ctx.mp.get(into.id, 0), ctx.mp.pop(fleet.id, 0))  # the slower sets the pace
    ctx.emit(FleetsMerged(audience=Audience.of(*into.owners), fleet=fleet.id, into=into.id, owners=into.owners,
                          rule="U1.2"))


def splits(ctx: Ctx, orders: list) -> None:
    for faction, order in orders:
        fleet = ctx.fleet(order.fleet)
        if fleet is None or fleet.commander != faction:
            continue
        leaving = [s for s in fleet.ships if s.id in order.ships]
        if not leaving or len(leaving) == len(fleet.ships):
            continue
        fleet.ships = [s for s in fleet.ships if s.id not in order.ships]
        split = new_fleet(ctx, faction, fleet.location, order.name, leaving)
        ctx.mp[split.id] = ctx.mp.get(fleet.id, 0)  # it may sail on this turn with what the fleet had
        ctx.stopped.discard(split.id)
        split.mp_debt_next_turn = fleet.mp_debt_next_turn
        ctx.emit(FleetSplit(audience=Audience.of(faction), fleet=fleet.id, new_fleet=split.id,
                            ships=tuple(s.id for s in leaving), rule="U14"))
