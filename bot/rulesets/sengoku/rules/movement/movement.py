"""Deployment in waves, one coastal province per step (S5.2–S5.4, OP-24).

All squadrons of a wave move together, one province per step.  After each
step the encounters are found and resolved before the next step: a mover
meets enemies stationed where it stands, enemies of its wave that end the
step in the same province, and enemies it swaps provinces with.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.trade.coast_raids import island_guards
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import Moved, OnStation
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.battle.multi_side import resolve_site
from bot.rulesets.sengoku.rules.trade.trade_fleets import piracy_clashes


@dataclass
class Mover:
    unit: str
    route: list[str]
    mission: str
    step: int = 0
    stopped: bool = False

    @property
    def area(self) -> str:
        return self.route[self.step]

    @property
    def arrived(self) -> bool:
        return self.step == len(self.route) - 1


def run_wave(ctx: Ctx, wave: str, movers: list[Mover]) -> list[Mover]:
    """Move a wave to its targets; return the movers that arrived."""
    for mover in movers:
        ctx.emit(Moved(audience=Audience.of(ctx.state.squadrons[mover.unit].owner), unit=mover.unit,
                       route=mover.route, mission=mover.mission))
    _encounters(ctx, wave, 0, movers, _active(ctx, movers), swaps=[])  # step 0: a blockade of one's own port
    step = 0
    # Who is still under way is asked once per step (moving changes no squadron's state); who is
    # still in play, once more after the moves, for the crossings and the encounters alike.
    while going := [m for m in movers if not m.arrived and _moving(ctx, m)]:
        step += 1
        before = {m.unit: m.area for m in movers}
        for mover in going:
            mover.step += 1
            ctx.state.squadrons[mover.unit].location = mover.area
        active = _active(ctx, movers)
        _encounters(ctx, wave, step, movers, active, _swaps(ctx, active, before), before)
        piracy_clashes(ctx, step, movers)  # S8.1.2, OP-11: a squadron ending a step where pirates operate
    return [m for m in movers if _moving(ctx, m) and m.arrived]


def _active(ctx: Ctx, movers: list[Mover]) -> list[Mover]:
    return [m for m in movers if _moving(ctx, m)]


def _moving(ctx: Ctx, mover: Mover) -> bool:
    sq = ctx.state.squadrons[mover.unit]
    return sq.state is UnitState.ACTIVE and not sq.dispersed and not mover.stopped


def _swaps(ctx: Ctx, active: list[Mover], before: dict[str, str]) -> list[tuple[str, str, str]]:
    """Pairs of enemy movers (those still in play) that crossed; the meeting is placed at the
    province entered by the lower unit id (OP-24)."""
    found = []
    by_leg: dict[tuple[str, str], list[Mover]] = {}  # (from, to) → movers, in the wave's order
    for m in active:
        by_leg.setdefault((before[m.unit], m.area), []).append(m)
    for a in active:
        if a.area == before[a.unit]:
            continue  # stood still: crossed no one
        for b in by_leg.get((a.area, before[a.unit]), ()):  # b sailed the same leg the other way
            if a.unit < b.unit and ctx.state.at_war(_owner(ctx, a.unit), _owner(ctx, b.unit)):
                found.append((a.area, a.unit, b.unit))
    return found


def _owner(ctx: Ctx, unit: str) -> str:
    return ctx.state.squadrons[unit].owner


def stationed_at(ctx: Ctx, area: str, exclude: set[str]) -> list[str]:
    """Squadrons already at that coast: cruisers on station and W3 squadrons at targets."""
    return sorted(sq.id for sq in ctx.index.on_station(area)
                  if sq.state is UnitState.ACTIVE and not sq.dispersed and sq.id not in exclude
                  and not _swept(ctx, sq.id))


def _swept(ctx: Ctx, unit: str) -> bool:
    """OP-21: after its sweep a LoC sweeper is not present, unless loc_sweepers_persist."""
    order = ctx.orders.get(unit)
    return order is not None and order.kind == "sq_locsweep" and not ctx.settings.loc_sweepers_persist


def _encounters(ctx: Ctx, wave: str, step: int, movers: list[Mover], active: list[Mover],
                swaps: list[tuple[str, str, str]], before: dict[str, str] | None = None) -> None:
    """``active``: the movers still in play, in the wave's order."""
    groups: dict[str, set[str]] = {}
    resting: dict[str, set[str]] = {}
    for mover in active:
        if before is not None and before[mover.unit] == mover.area:
            # OP-24 (4), OP-25: arrived at an earlier step, it has stopped; it is only
            # "already at that coast" for squadrons that move in, never met again.
            resting.setdefault(mover.area, set()).add(mover.unit)
        else:
            groups.setdefault(mover.area, set()).add(mover.unit)
    for area, a, b in swaps:
        groups.setdefault(area, set()).update({a, b})
    moving_units = {m.unit for m in movers}
    position = {m.unit: i for i, m in enumerate(movers)}  # a group's movers in the wave's order, unscanned
    for area in sorted(groups):
        present = groups[area] | resting.get(area, set()) | set(stationed_at(ctx, area, moving_units))
        group = [movers[i] for i in sorted(position[u] for u in groups[area])]
        present |= island_guards(ctx, area, group)  # S6.3
        # S5.4, S5.9: sides, and the order of battles when three or more meet (multi_side)
        resolve_site(ctx, f"{ctx.subphase}-{wave}-{area}-s{step}".lower(), area, present, groups[area])


def take_station(ctx: Ctx, arrived: list[Mover]) -> None:
    """S4.3.4: cruisers stay on station until new orders, defeated or dispersed."""
    for mover in arrived:
        sq = ctx.state.squadrons[mover.unit]
        if mover.mission != "sq_cruise":
            sq.station = mover.area  # W3 squadrons stay at the target until turn end (OP-24 4)
            continue
        sq.station = mover.area
        port = ctx.gamemap.port_in(mover.area)
        owner = ctx.state.area_owner.get(mover.area)
        blocks = port.id if port and owner and ctx.state.at_war(sq.owner, owner) else None
        ctx.emit(OnStation(audience=Audience.everyone(), unit=sq.id, area=mover.area, blocks_port=blocks))
