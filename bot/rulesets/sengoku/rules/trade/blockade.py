"""Blockades of trade, lines of communication and straits (S4.3, S6, OP-20,
OP-25, OP-30, S12.5 4.1 and 6.6).

A squadron blocks while it cruises: it is on station (``station`` and
``location`` the same province) on a cruise order.  W3 squadrons at their
targets and LoC sweepers do not block (S4.1 table, S4.7.1).  For every clan at
war with its owner a cruiser blocks (OP-20):

* (a) every LoC whose path includes its province;
* (b) trade and communications from the port of its province, when an enemy
  of the cruiser owns the province (S4.3.3);
* (c) the straits: off the opposite province, the LoCs through the strait and
  the crossing (S6.2, already covered by (a) for the LoCs); off an island-side
  province, every LoC with an endpoint on the island and the crossing (S6.3).

With ``mutual_presence_blocks = false`` a cruiser does not block a clan that
has a cruiser of its own (or an ally's) at the same coast (OP-25).

The queries take the state, not the context, so validation can ask them about
the start-of-planning position (S2.2, OP-06).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.domain.gamemap import GameMap
from bot.domain.text import N_, Phrase, Phrases
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.index import IndexMismatch, StateIndex, index_of
from bot.rulesets.sengoku.rules.model.events_trade import (
    BlockadeLifted,
    CrossingBlocked,
    LocCut,
    LocTaskCancelled,
    PortBlockaded,
    TradeBlocked,
)
from bot.rulesets.sengoku.rules.model.model import SengokuState, Squadron, UnitState
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings


def cruisers_at(state: SengokuState, area: str) -> list[Squadron]:
    # Called for every area of every LoC: during a resolution the squadrons on station come from
    # the index (model/index.py), outside one (validation at /order) from a scan.
    index = index_of(state)
    if index is not None:
        return [sq for sq in index.on_station(area) if _cruising(sq)]
    found = [(key, sq) for key, sq in state.squadrons.items()
             if sq.station == area and sq.location == area and _cruising(sq)]
    return [sq for _, sq in sorted(found, key=lambda pair: pair[0])]


def _cruising(sq: Squadron) -> bool:
    return sq.state is UnitState.ACTIVE and not sq.dispersed and (sq.standing or {}).get("kind") == "sq_cruise"


def blocks_for(state: SengokuState, settings: SengokuSettings, sq: Squadron, clan: str) -> bool:
    """OP-20: only clans at war with the cruiser's owner; OP-25 mutual presence."""
    if not state.at_war(sq.owner, clan):
        return False
    if settings.mutual_presence_blocks:
        return True
    return not any(state.at_war(other.owner, sq.owner) and state.friendly(other.owner, clan)
                   for other in cruisers_at(state, sq.station))


def path_blockers(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, path: list[str],
                  clan: str) -> list[str]:
    """Cruisers blocking a LoC with this path for ``clan``: OP-20 (a) and S6.3."""
    return _blocking(state, settings, path_cruisers(state, gamemap, path), clan)


def path_cruisers(state: SengokuState, gamemap: GameMap, path: list[str]) -> list[Squadron]:
    """Cruisers that may block a LoC with this path, for any clan: on the path (OP-20 a) and off the
    island of one of its ends (S6.3).  Whom each blocks is ``blocks_for``'s; the snapshot asks this
    once per LoC rather than once per LoC and clan."""
    found = [sq for area in path for sq in cruisers_at(state, area)]
    islands = {_island_of(gamemap, end) for end in ((path[0], path[-1]) if path else ())}
    for strait in gamemap.straits.values():
        if strait.small_island in islands:
            for side in strait.island_side:  # S6.3: all communications from the island
                found += cruisers_at(state, side)
    return found


def _blocking(state: SengokuState, settings: SengokuSettings, cruisers: list[Squadron], clan: str) -> list[str]:
    return sorted({sq.id for sq in cruisers if blocks_for(state, settings, sq, clan)})


def _island_of(gamemap: GameMap, area: str) -> str | None:
    return gamemap.areas[area].island if area in gamemap.areas else None


def loc_path(state: SengokuState, gamemap: GameMap, loc_id: str) -> list[str] | None:
    """A map LoC, or an active LoC to a portless province (S3.6.2)."""
    if loc_id in gamemap.locs:
        return list(gamemap.locs[loc_id].path)
    for active in state.active_locs:
        if active.id == loc_id:
            return list(active.path)
    return None


def loc_blockers(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, loc_id: str,
                 clan: str) -> list[str]:
    path = loc_path(state, gamemap, loc_id)
    return path_blockers(state, gamemap, settings, path, clan) if path else []


def blocked_for(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, loc_id: str,
                clan: str) -> bool:
    """S4.3, S6, OP-20: is this LoC cut for ``clan``?"""
    return bool(loc_blockers(state, gamemap, settings, loc_id, clan))


def port_blockers(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, port_id: str,
                  clan: str) -> list[str]:
    """S4.3.3: cruisers off an enemy province cut all trade and communications
    from its port, for ``clan`` (OP-20 b)."""
    port = gamemap.ports.get(port_id)
    if port is None or state.ports[port_id].destroyed:
        return []
    owner = state.area_owner.get(port.area)
    return [sq.id for sq in cruisers_at(state, port.area)
            if owner is not None and state.at_war(sq.owner, owner) and blocks_for(state, settings, sq, clan)]


def crossing_blockers(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, strait_id: str,
                      clan: str) -> list[str]:
    """S6.2, S6.3: cruisers off either side block the crossing (OP-30 b)."""
    strait = gamemap.straits[strait_id]
    if not strait.crossing:
        return []
    found = []
    for area in [strait.opposite, *strait.island_side]:
        found += [sq.id for sq in cruisers_at(state, area) if blocks_for(state, settings, sq, clan)]
    return sorted(set(found))


def crossing_blocked(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, strait_id: str,
                     clan: str) -> bool:
    """For the land module: can ``clan`` use the strait's crossing?"""
    return bool(crossing_blockers(state, gamemap, settings, strait_id, clan))


def port_links(gamemap: GameMap, from_port: str, to_port: str) -> list[tuple[str, list[str]]]:
    """Port-to-port LoCs between two ports (they exist automatically, L31): a
    map LoC between them, or the stretch of a map LoC passing both; if the map
    has none, the shortest coastal route (Interpretation)."""
    a, b = gamemap.ports[from_port].area, gamemap.ports[to_port].area
    links = []
    for loc_id, loc in sorted(gamemap.locs.items()):
        if loc.to_port is None or a not in loc.path or b not in loc.path:
            continue
        i, j = loc.path.index(a), loc.path.index(b)
        links.append((loc.name, loc.path[i:j + 1] if i <= j else loc.path[j:i + 1][::-1]))
    if not links and (route := gamemap.coast_path(a, b)):
        links.append((COASTAL_ROUTE, route))
    return links


COASTAL_ROUTE = N_("the coastal route")  # a link along the coast, no named LoC (S2.2)


def rebase_problem(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, unit,
                   port_id: str) -> Phrase | None:
    """S2.2, OP-06: re-basing needs an unblocked LoC from the current base,
    judged on the position at the start of planning (the state given)."""
    base = unit.base_port
    if base is None or base == port_id or base not in gamemap.ports or port_id not in gamemap.ports:
        return None
    names = (gamemap.ports[base].name, gamemap.ports[port_id].name)
    links = port_links(gamemap, base, port_id)
    if not links:
        return Phrase(N_("there is no line of communication from {base} to {port}; ships re-base only along "
                         "one (S2.2)"), base=names[0], port=names[1])
    cut = []
    for name, path in links:
        blockers = path_blockers(state, gamemap, settings, path, unit.owner)
        if not blockers:
            return None
        cut.append(Phrase(N_("{route} by {blockers}"), route=Phrase(name) if name == COASTAL_ROUTE else name,
                          blockers=Phrases([_where(state, gamemap, u) for u in blockers], ", ")))
    return Phrase(N_("every line of communication from {base} to {port} is blocked ({cut}); ships re-base only to "
                     "a port with an unblocked line of communication from their base, as it stands at the start "
                     "of planning (S2.2, OP-06)"), base=names[0], port=names[1], cut=Phrases(cut))


def _where(state: SengokuState, gamemap: GameMap, unit: str) -> Phrase:
    sq = state.squadrons[unit]
    return Phrase(N_("{unit} off {area}"), unit=sq.name, area=gamemap.areas[sq.station].name)


# --- events: S12.5 4.1 (start of planning) and 6.6 (each sub-phase) ----------


def at_planning(ctx: Ctx) -> None:
    """S12.5 4.1: the blockades of the standing cruisers and straits (OP-06)."""
    _publish(ctx, "start")


def update(ctx: Ctx) -> None:
    """S12.5 6.6: blockade changes; trade blocked; TF_LOC cancelled (S3.6.2)."""
    _publish(ctx, ctx.subphase)
    _trade(ctx)
    _kept_locs(ctx)


def _snapshot(ctx: Ctx) -> dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]]:
    """What is blocked now: (kind, id) → (for clans, by cruisers)."""
    state, gm, settings = ctx.state, ctx.gamemap, ctx.settings
    clans = sorted(state.clans)
    found = {}
    for port_id in sorted(gm.ports):
        owner = state.ports[port_id].owner or state.area_owner.get(gm.ports[port_id].area)
        by = port_blockers(state, gm, settings, port_id, owner) if owner else []
        if by:
            found[("port", port_id)] = ((owner,), tuple(by))
    for loc_id in _public_locs(ctx):
        cruisers = path_cruisers(state, gm, path) if (path := loc_path(state, gm, loc_id)) else []
        if cruisers:  # none on or off its path: blocked for no clan
            _collect(found, ("loc", loc_id), clans, lambda c: _blocking(state, settings, cruisers, c))
    for strait_id in sorted(gm.straits):
        if _watched_crossing(state, gm, strait_id):  # no cruiser off either side: blocked for no clan
            _collect(found, ("crossing", strait_id), clans,
                     lambda c: crossing_blockers(state, gm, settings, strait_id, c))
    return found


def _watched_crossing(state: SengokuState, gamemap: GameMap, strait_id: str) -> bool:
    strait = gamemap.straits[strait_id]
    return strait.crossing and any(cruisers_at(state, area) for area in [strait.opposite, *strait.island_side])


def _collect(found: dict, key: tuple[str, str], clans: list[str], blockers_for) -> None:
    per_clan = {clan: blockers_for(clan) for clan in clans}
    hit = [clan for clan in clans if per_clan[clan]]
    if hit:
        found[key] = (tuple(hit), tuple(sorted({u for clan in hit for u in per_clan[clan]})))


def _public_locs(ctx: Ctx) -> list[str]:
    """Port-to-port LoCs of the map and LoCs to portless provinces active this turn."""
    ids = [loc_id for loc_id, loc in ctx.gamemap.locs.items() if loc.to_port is not None]
    ids += [a.id for a in ctx.state.active_locs if a.active_from_turn == ctx.state.turn]
    return sorted(set(ids))


def _previous(ctx: Ctx) -> dict[tuple[str, str], tuple]:
    """What this turn's blockade events so far add up to.  Only ``_publish`` emits them, and after
    each report they add up to its snapshot, which it keeps (``ctx.blockades``) rather than read the
    whole event list again; the index check mode (model/index.py) compares the two."""
    if StateIndex.check and ctx.blockades != _replayed(ctx):
        raise IndexMismatch(f"blockades kept {ctx.blockades!r} ≠ replayed {_replayed(ctx)!r}")
    return ctx.blockades


def _replayed(ctx: Ctx) -> dict[tuple[str, str], tuple]:
    seen: dict[tuple[str, str], tuple] = {}
    for event in ctx.events:
        if isinstance(event, PortBlockaded):
            seen[("port", event.port)] = ((event.owner,), tuple(event.by))
        elif isinstance(event, (LocCut, CrossingBlocked)):
            key = ("loc", event.loc) if isinstance(event, LocCut) else ("crossing", event.strait)
            seen[key] = (tuple(event.for_clans), tuple(event.by))
        elif isinstance(event, BlockadeLifted):
            seen.pop((event.what, event.id), None)
    return seen


KINDS = ("port", "loc", "crossing")


def _publish(ctx: Ctx, when: str) -> None:
    """Emit only what changed since the last report of this turn."""
    now, before = _snapshot(ctx), _previous(ctx)
    everyone = Audience.everyone()
    for (what, ident), (clans, by) in sorted(now.items(), key=lambda item: (KINDS.index(item[0][0]), item[0][1])):
        if before.get((what, ident)) == (clans, by):
            continue
        if what == "port":
            ctx.emit(PortBlockaded(audience=everyone, port=ident, owner=clans[0], by=list(by), subphase=when))
        elif what == "loc":
            ctx.emit(LocCut(audience=everyone, loc=ident, for_clans=list(clans), by=list(by), subphase=when))
        else:
            ctx.emit(CrossingBlocked(audience=everyone, strait=ident, for_clans=list(clans), by=list(by),
                                     subphase=when))
    for what, ident in sorted(set(before) - set(now), key=lambda key: (KINDS.index(key[0]), key[1])):
        ctx.emit(BlockadeLifted(audience=everyone, what=what, id=ident, subphase=when))
    ctx.blockades = now


def trade_beneficiary(state: SengokuState, fleet) -> str:
    """S2.4: at another clan's port the trade goes to the host."""
    port = state.ports.get(fleet.base_port or "")
    return port.owner if port is not None and port.owner else fleet.owner


def _trade(ctx: Ctx) -> None:
    """S4.3.3, OP-03: record each trading fleet whose port is blockaded."""
    for unit, order in sorted(ctx.fleet_orders.items()):
        fleet = ctx.state.fleets[unit]
        if order.kind != "tf_trade" or fleet.state is not UnitState.ACTIVE or fleet.base_port is None:
            continue
        beneficiary = trade_beneficiary(ctx.state, fleet)
        by = port_blockers(ctx.state, ctx.gamemap, ctx.settings, fleet.base_port, beneficiary)
        if by:
            ctx.emit(TradeBlocked(audience=Audience.of(fleet.owner, beneficiary), fleet=unit,
                                  port=fleet.base_port, by=by, subphase=ctx.subphase))


def kept_loc(ctx: Ctx, fleet, order) -> tuple[str, list[str]]:
    """The LoC a TF_LOC order keeps: its map id if the map has it, else base→target."""
    path = list(order.path) or ctx.gamemap.coast_path(ctx.base_area(fleet.base_port) or "", order.target) or []
    for loc_id, loc in sorted(ctx.gamemap.locs.items()):
        if loc.from_port == fleet.base_port and loc.to_area == order.target and (loc.path == path):
            return loc_id, path
    return f"{fleet.base_port}-{order.target}", path


def _kept_locs(ctx: Ctx) -> None:
    """S3.6.2: a TF_LOC task is cancelled automatically when its LoC is blocked."""
    for unit, order in sorted(ctx.fleet_orders.items()):
        fleet = ctx.state.fleets[unit]
        if order.kind != "tf_loc" or fleet.state is not UnitState.ACTIVE:
            continue
        loc_id, path = kept_loc(ctx, fleet, order)
        by = path_blockers(ctx.state, ctx.gamemap, ctx.settings, path, fleet.owner)
        if by:
            ctx.fleet_orders.pop(unit)
            ctx.emit(LocTaskCancelled(audience=Audience.of(fleet.owner), fleet=unit, loc=loc_id,
                                      target=order.target, by=by, subphase=ctx.subphase))
