"""The Empires in Arms impulse map for one audience: the stacks of every nation (fleets at sea,
armadas, fleets in port), battles, interceptions, evasions, landings, batteries, zone control
and the ports it blockades, the straits' fortresses and who holds them, moves, placements after
a defeat and convoys.

What each audience sees (the board is open, as the events' audiences say, rules/events.py):

- moderators: everything, every stack in full (its squadrons and their status, E8.6, E-OP-17).
- a nation: its own stacks (its minors' too, E2.1) in full; every other stack by its nation and
  squadron count only; the events its audience includes (a convoy's route is its own nation's,
  E11) and none other.
- the public: every stack by its nation and squadron count; the public events.

Who holds a port and who controls a zone (E-OP-12, E14) is on the open board: the tint of a
port or a zone disc is its controller's colour.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.domain.viewer import PUBLIC, Viewer, as_viewer
from bot.i18n import messages
from bot.render.overlay import Highlight, Marker, Overlay, Route
from bot.report import ReportInput
from bot.rulesets.empires_in_arms.report.overlay_style import DOMAIN, vocabulary_in
from bot.rulesets.empires_in_arms.rules.map.model import EiaBoard
from bot.rulesets.empires_in_arms.rules.model import EiaState, Squadron, SquadronStatus

__all__ = ["overlay_for"]

GREY = "#808080"
# event kind -> the highlight it draws where it happened (its ``place``, ``zone`` or ``port``)
EVENT_RINGS = {
    "eia_evaded": "evasion", "eia_landing": "landing", "eia_port_lost": "port_lost",
    "eia_automatic_interception": "interception",
}
BATTERY_ONLY = ("strait", "landing")  # combat BattleKind: a battery's fire alone (E13.1, E12.2)


def _viewer(audience) -> Viewer:
    return audience if isinstance(audience, Viewer) else as_viewer(audience)


def overlay_for(data: ReportInput, audience: Viewer | str = PUBLIC) -> Overlay:
    """The map of ``data``'s impulse as ``audience`` may see it (module docstring)."""
    viewer = _viewer(audience)
    language = data.language_for(viewer)
    t = messages(language, DOMAIN)
    state: EiaState = data.after  # type: ignore[assignment]
    board: EiaBoard = data.gamemap  # type: ignore[assignment]
    events = [e for e in data.events if viewer.is_moderators or e.audience.sees(viewer.faction)]
    # The impulse reported is the one played: the state after its last step has opened the next one.
    played = getattr(data.before, "impulse", state.impulse)
    markers = _markers(state, board, viewer, t)
    highlights = _highlights(state, board, events, t)
    owners = _owners(state, board, markers, highlights)
    shown = {m.faction for m in markers} | set(owners.values())
    return Overlay(
        title=t._("{campaign} — impulse {impulse} of {nation}", campaign=data.campaign_name,
                  impulse=played.number, nation=_name(state, played.active)),
        subtitle=t._("what {who} knows at the end of the impulse", who=_who(state, viewer, t)),
        markers=markers,
        highlights=highlights,
        routes=_routes(state, board, events),
        area_owner=owners,
        # the key lists the nations the map shows, not every minor country of the scenario
        faction_colours={nid: n.colour for nid, n in state.nations.items() if nid in shown},
        faction_names={nid: n.name for nid, n in state.nations.items() if nid in shown},
        vocabulary=vocabulary_in(language),
        # Cards: a nation reads its own stacks (squadrons, status) as the moderators read every one,
        # another's as a row of its nation and squadron count only.
        units_as="cards",
        language=language,
    )


def _name(state: EiaState, nation: str | None) -> str:
    found = state.nations.get(nation or "")
    return found.name if found is not None else (nation or "")


def _who(state: EiaState, viewer: Viewer, t) -> str:
    if viewer.is_moderators:
        return t._("the moderators")
    if viewer.faction in state.nations:
        return _name(state, viewer.faction)
    return t._("the public")


def _owners(state: EiaState, board: EiaBoard, markers: list[Marker], highlights: list[Highlight]) -> dict[str, str]:
    """Who controls what, tinted in the controller's colour: every controlled zone (E-OP-12), and the
    ports the map has something on (a stack, a ring: a blockade, a battery, a port lost, E14). The
    other ports' holders are on the open board too, but eighty tints would bury the turn."""
    marked = {m.area for m in markers} | {h.area for h in highlights}
    owners = {p: n for p, n in sorted(state.port_control.items()) if p in board.ports and p in marked}
    owners.update({z: n for z, n in sorted(state.zone_control.items()) if z in board.zones})
    return owners


# --- stacks ----------------------------------------------------------------------------


def _sees_in_full(viewer: Viewer, powers: Iterable[str], squadrons: list[Squadron]) -> bool:
    """The moderators; a major power whose fleet (its minors' squadrons included, E2.1) is in the
    stack; a minor country only where its own squadrons are, never its major's stacks elsewhere."""
    if viewer.is_moderators:
        return True
    return viewer.faction is not None and (viewer.faction in powers or any(s.nation == viewer.faction
                                                                            for s in squadrons))


def _markers(state: EiaState, board: EiaBoard, viewer: Viewer, t) -> list[Marker]:
    """One token per stack (E4.4) in each place of the board, in the stacks' order."""
    markers: list[Marker] = []
    places = sorted({s.location for s in state.squadrons.values() if s.location in board.nodes})
    for place in places:
        for powers in state.stacks_at(place):
            squadrons = [s for p in powers for s in state.fleet(p, place)]
            shape = "fleet" if board.is_zone(place) else "in_port"
            markers.append(_stack_marker(state, viewer, t, place, powers, squadrons, shape))
    return markers


def _stack_marker(state: EiaState, viewer: Viewer, t, place: str, powers: tuple[str, ...],
                  squadrons: list[Squadron], shape: str) -> Marker:
    armada = state.armada_of(powers[0], place) if len(powers) > 1 else None
    # Named by the nations whose squadrons are there: a minor's fleet (Sweden's, E2.1) is its own
    # on the map, though it sails with its major's; it flies its own colour when it is alone.
    flags = list(dict.fromkeys(s.nation for s in squadrons))
    commander = flags[0] if len(flags) == 1 else _commander(state, armada, powers)
    colour = state.nations[commander].colour if commander in state.nations else GREY
    names = ", ".join(_name(state, n) for n in flags)
    full = _sees_in_full(viewer, powers, squadrons)
    label = names
    if armada is not None:  # an armada's own name is its powers' business; others read whose it is
        shape, label = "armada", (armada.name if full and armada.name else t._("armada of {powers}", powers=names))
    detail = _detail(squadrons, t) if full else f"×{len(squadrons)}"
    return Marker(area=place, label=label, faction=commander, colour=colour, shape=shape, detail=detail)


def _commander(state: EiaState, armada, powers: tuple[str, ...]) -> str:
    """The nation whose colour the stack flies: its commanding squadron's power (E3.1), else the first."""
    if armada is not None and armada.commander in state.squadrons:
        return state.major_of(state.squadrons[armada.commander].nation)
    return powers[0]


def _detail(squadrons: list[Squadron], t) -> str:
    """The squadrons and, for those not ready, their status (E8.6, E10.5, E-OP-17)."""
    text = t.n_("{n} squadron", "{n} squadrons", len(squadrons))
    outfitting = sum(s.status == SquadronStatus.REQUIRES_OUTFITTING for s in squadrons)
    building = sum(s.status == SquadronStatus.UNDER_CONSTRUCTION for s in squadrons)
    if outfitting:
        text += ", " + t._("{n} requires outfitting", n=outfitting)
    if building:
        text += ", " + t._("{n} under construction", n=building)
    return text


# --- rings ------------------------------------------------------------------------------


def _place_of(event, board: EiaBoard) -> list[str]:
    """Where an event is drawn: its place, zone or port; a strait's at its controlling ports."""
    place = getattr(event, "place", None) or getattr(event, "zone", None) or getattr(event, "port", None)
    if place is None:
        return []
    if place in board.straits:
        return list(board.controlling_ports(place))
    return [place] if place in board.nodes else []


def _ring(event) -> str | None:
    """The ring an event draws, if any."""
    if event.kind == "eia_interception_rolled":
        return "interception" if event.success and event.purpose in ("interception", "patrol") else None
    if event.kind == "eia_battle_began":
        return "battery" if event.battle in BATTERY_ONLY else "battle"
    if event.kind == "eia_round_rolled":
        return "battery" if event.battery_count else None
    return EVENT_RINGS.get(event.kind)


def _highlights(state: EiaState, board: EiaBoard, events, t) -> list[Highlight]:
    found: dict[tuple[str, str], tuple[str, str | None]] = {}
    for e in events:
        for place in _place_of(e, board) if (kind := _ring(e)) else ():
            found.setdefault((place, kind), ("", None))
    for zone, nation in sorted(state.zone_control.items()):
        if zone not in board.zones:
            continue
        colour = state.nations[nation].colour if nation in state.nations else None
        found[(zone, "zone_control")] = (_name(state, nation), colour)
        for port in board.ports_in(zone):  # E7 footnote: it blockades every enemy port of the zone
            holder = state.port_control.get(port)
            if holder is not None and state.enemies(nation, holder):
                found[(port, "blockade")] = ("", None)
    for strait_id, strait in sorted(board.straits.items()):
        for port in strait.controlling_ports:
            holder = state.port_control.get(port)
            colour = state.nations[holder].colour if holder in state.nations else None
            found[(port, "strait_battery")] = (t._("{strait}: {nation}", strait=strait.name,
                                                   nation=_name(state, holder) or t._("nobody")), colour)
    return [Highlight(area=a, kind=k, label=label, label_colour=colour)
            for (a, k), (label, colour) in sorted(found.items())]


# --- routes -----------------------------------------------------------------------------


def _routes(state: EiaState, board: EiaBoard, events) -> list[Route]:
    """A fleet's entries chained into one route while each starts where the last ended (E2.2);
    a placement after a defeat (E9.2-E9.4) and a convoy's path (E11) each their own."""
    routes: list[tuple[str, list[str], str]] = []  # (nation, path, style)
    moving: dict[tuple[str, ...], tuple[str, list[str]]] = {}  # squadrons -> (nation, path so far)
    for e in events:
        if e.kind == "eia_fleet_moved":
            nation, path = moving.get(e.squadrons, (e.nation, []))
            if path and path[-1] == e.origin:
                path.append(e.destination)
                continue
            if path:
                routes.append((nation, path, "move"))
            moving[e.squadrons] = (e.nation, [e.origin, e.destination])
        elif e.kind == "eia_fleet_placed":
            routes.append((e.nation, [e.origin, e.destination], "placed"))
        elif e.kind == "eia_convoy_sailed":
            routes.append((e.nation, list(e.path), "convoy"))
    routes += [(nation, path, "move") for nation, path in moving.values()]
    return [_route(state, nation, path, style) for nation, path, style in routes
            if len(path) >= 2 and all(a in board.nodes for a in path)]


def _route(state: EiaState, nation: str, path: list[str], style: str) -> Route:
    major = state.major_of(nation)
    colour = state.nations[major].colour if major in state.nations else GREY
    return Route(areas=path, colour=colour, style=style)
