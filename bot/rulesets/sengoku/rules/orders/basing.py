"""Basing and port capacity (S2.1–S2.5, OP-05, R4).

At most 5 fleet units at a port, at most 3 of them trade fleets, all clans
together.  Departures are applied first; arrivals then in submission order,
and an arrival that would break a limit is refused (the unit keeps its base).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.events import Audience
from bot.domain.text import N_, Phrase
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import Based, BaseRefused
from bot.rulesets.sengoku.rules.model.model import SengokuState, UnitState
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

MAX_UNITS = 5
MAX_TRADE_FLEETS = 3


@dataclass
class Occupancy:
    units: int = 0
    trade_fleets: int = 0


def occupancy(state: SengokuState, settings: SengokuSettings, port: str,
              leaving: set[str] = frozenset()) -> Occupancy:
    """What counts toward the limit at ``port`` (OP-05 settings)."""
    occ = Occupancy()
    counted = {UnitState.ACTIVE} | ({UnitState.MOTHBALLED} if settings.mothballed_count_for_capacity else set())
    for fleet in state.fleets.values():
        if fleet.base_port == port and fleet.state in counted and fleet.id not in leaving:
            occ.units += 1
            occ.trade_fleets += 1
    for sq in state.squadrons.values():
        if sq.base_port == port and sq.state in counted and sq.id not in leaving:
            occ.units += 1
    for hd in state.heavy.values():
        if hd.base_port != port or hd.state not in counted or hd.id in leaving:
            continue
        attached = hd.attached_to is not None
        if (attached and settings.attached_hd_counts_as_fleet_unit) or (
                not attached and settings.standalone_hd_counts_as_fleet_unit):
            occ.units += 1
    return occ


FULL_PORT = N_("port {port} already holds {count} fleet units; the limit is 5 (S2.3)")


def capacity_problem(state: SengokuState, settings: SengokuSettings, port: str, is_trade_fleet: bool,
                     port_name: str, leaving: set[str] = frozenset()) -> Phrase | None:
    """The S2.3 message for one more unit at ``port``, or None if it fits."""
    occ = occupancy(state, settings, port, leaving)
    if is_trade_fleet and occ.trade_fleets >= MAX_TRADE_FLEETS:
        return Phrase(N_("port {port} already holds {count} trade fleets; the limit is 3 (S2.3)"), port=port_name,
                      count=occ.trade_fleets)
    if occ.units >= MAX_UNITS:
        return Phrase(FULL_PORT, port=port_name, count=occ.units)
    return None


def apply_basing(ctx: Ctx, base_orders: list[tuple[int, object]]) -> None:
    """``base_orders``: (submission seq, Base order) pairs."""
    origin = {order.unit: _unit(ctx.state, order.unit).base_port for _, order in base_orders}
    departing = {unit for unit, port in origin.items()
                 if port != next(o.port for _, o in base_orders if o.unit == unit)}
    for _, order in sorted(base_orders, key=lambda pair: pair[0]):
        unit = _unit(ctx.state, order.unit)
        if unit.base_port == order.port:
            continue
        port_name = ctx.gamemap.ports[order.port].name
        # R4: departures first; a unit still at its old base but ordered away has freed its place.
        leaving = {u for u in departing if _unit(ctx.state, u).base_port == origin[u]}
        problem = capacity_problem(ctx.state, ctx.settings, order.port, order.unit in ctx.state.fleets,
                                   port_name, leaving)
        if problem:
            ctx.emit(BaseRefused(audience=Audience.of(unit.owner), unit=unit.id, port=order.port,
                                 reason=problem))
            continue
        previous = unit.base_port
        rebase(ctx.state, ctx.gamemap, unit, order.port)
        agreement = ctx.state.basing_agreement(unit.owner, order.port)  # S2.4: the report names it
        seen_by = [unit.owner] + ([agreement.host] if agreement else [])  # the host sees its guests arrive
        ctx.emit(Based(audience=Audience.of(*seen_by), unit=unit.id,
                       port=order.port, previous=previous, host=agreement.host if agreement else None,
                       agreement_turn=agreement.turn if agreement else None))


def rebase(state: SengokuState, gamemap, unit, port: str) -> None:
    """The unit (and its attached heavy detachments) is based at ``port`` from now on."""
    unit.base_port = port
    if hasattr(unit, "location"):
        unit.location = gamemap.ports[port].area
    _move_attached(state, unit.id, port)


def planned_bases(state: SengokuState, gamemap, faction: str, others) -> SengokuState:
    """The state as this turn's accepted BASE orders of ``faction`` leave it (S2.1: ships are based
    at the chosen port "this turn", so every task is judged there).  ``others`` are the stored
    orders, in submission order; ``state`` itself is not changed."""
    bases = [(sub.payload.get("unit"), sub.payload.get("port")) for sub in sorted(  # filtered first: 1,500 orders at L
        (s for s in others if s.faction == faction and s.payload.get("kind") == "base"), key=lambda s: s.seq)]
    bases = [(unit_id, port) for unit_id, port in bases if port in gamemap.ports and state.unit_owner(unit_id) == faction]
    if not bases:
        return state
    probe = state.model_copy(deep=True)
    for unit_id, port in bases:
        rebase(probe, gamemap, _unit(probe, unit_id), port)
    return probe


def _unit(state: SengokuState, unit_id: str):
    for table in (state.squadrons, state.fleets, state.heavy):
        if unit_id in table:
            return table[unit_id]
    raise KeyError(unit_id)


def _move_attached(state: SengokuState, unit_id: str, port: str) -> None:
    for hd in state.heavy.values():
        if hd.attached_to == unit_id:
            hd.base_port = port
