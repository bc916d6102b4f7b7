"""The Here I Stand map for one audience: every stack with its leaders and their orientation
(H0.1: a vertical unit has just arrived and may be intercepted), each port in its controller's
colour, pirate havens, the piracy markers of the turn, unrest and sieges, the Turn Track's box
with what waits there, and what the audience saw happen: moves, interceptions, avoid battle,
retreats, combats, piracy, builds and naval transport.

Who sees what: the board is open, as the game's is (every counter on the map face up; the only
hidden things are the cards, H-OP-35, and standing orders, H10.6, which are never drawn), so every
audience sees every stack; the events drawn are those its report shows (an event's audience).
"""

from __future__ import annotations

from collections import defaultdict

from bot.domain.viewer import PUBLIC, Viewer, as_viewer
from bot.i18n import messages
from bot.render.overlay import Highlight, Marker, Overlay, Route
from bot.report import ReportInput
from bot.rulesets.here_i_stand.report.overlay_style import DOMAIN, POWER_COLOURS, vocabulary_in

__all__ = ["overlay_for"]

GREY = "#808080"
TRACK = "turn_track:"  # model.TURN_TRACK: a unit lost until the start of that turn (H3.3.10)


def overlay_for(data: ReportInput, audience: Viewer | str = PUBLIC) -> Overlay:
    """The map of ``data`` (its ``after`` a ``HisState``, its ``gamemap`` the board) for ``audience``."""
    viewer = audience if isinstance(audience, Viewer) else as_viewer(audience)
    language = data.language_for(viewer)
    t = messages(language, DOMAIN)
    state, names = data.after, _names(data.after, t)
    events = [e for e in data.events if viewer.is_moderators or e.audience.sees(viewer.faction)]
    return Overlay(
        title=t._("{campaign} — turn {turn}, impulse {impulse}", campaign=data.campaign_name, turn=state.turn,
                  impulse=state.impulse.number),
        subtitle=t._("{power} to act — map for {who}",
                     power=names.get(state.impulse.active_power, state.impulse.active_power), who=_who(viewer, names, t)),
        markers=_markers(data, names, t),
        highlights=_highlights(data, events, names, t),
        routes=_routes(data, events),
        area_owner={p: held.controller for p, held in sorted(state.ports.items()) if p in data.gamemap.nodes},
        faction_colours=_colours(state),
        faction_names=names,
        vocabulary=vocabulary_in(language),
        units_as="cards",
        language=language,
    )


def _who(viewer: Viewer, names: dict[str, str], t) -> str:
    if viewer.is_moderators:
        return t._("the moderators")
    if viewer.faction is not None:
        return names.get(viewer.faction, viewer.faction)
    return t._("the public")


def _names(state, t) -> dict[str, str]:
    """Every power's name, and the holders of ports that are no power of the game."""
    found = {pid: p.name for pid, p in state.powers.items()}
    # The board's holders that a scenario may leave out of its powers (the minors, the Knights).
    others = {"knights": t._("Knights of St. John"), "independent": t._("independent"), "genoa": t._("Genoa"),
              "venice": t._("Venice"), "scotland": t._("Scotland"), "hungary": t._("Hungary")}
    for held in state.ports.values():
        found.setdefault(held.controller, others.get(held.controller, held.controller))
    return found


def _colours(state) -> dict[str, str]:
    ids = {*state.powers, *(held.controller for held in state.ports.values())}
    return {pid: getattr(state.powers.get(pid), "colour", None) or POWER_COLOURS.get(pid, GREY) for pid in sorted(ids)}


def _colour(state, power: str) -> str:
    return _colours(state).get(power, POWER_COLOURS.get(power, GREY))


# --- stacks ------------------------------------------------------------------------------------


def _markers(data: ReportInput, names: dict[str, str], t) -> list[Marker]:
    state, on_map = data.after, data.gamemap.nodes
    track = next(iter(data.gamemap.entries("tracks")), None)
    markers: list[Marker] = []
    stacks: dict[tuple[str, str, str], int] = defaultdict(int)
    for unit in state.units.values():
        if unit.location in on_map:
            stacks[(unit.location, unit.controller, unit.type + ("_vertical" if unit.vertical else ""))] += 1
    for (space, power, shape), count in sorted(stacks.items()):
        markers.append(Marker(area=space, label=names.get(power, power), faction=power, colour=_colour(state, power),
                              shape=shape, count=count))
    for leader in sorted(state.leaders.values(), key=lambda x: x.id):
        if leader.location in on_map:
            markers.append(Marker(area=leader.location, label=leader.name, faction=leader.power,
                                  colour=_colour(state, leader.power), shape="leader",
                                  detail=_ratings(leader, t)))
    for formation in sorted(state.formations.values(), key=lambda f: f.id):
        if formation.location in on_map:
            markers.append(Marker(area=formation.location, label=names.get(formation.power, formation.power),
                                  faction=formation.power, colour=_colour(state, formation.power), shape="formation",
                                  detail=t.n_("{n} land unit", "{n} land units", formation.land_units,
                                              n=formation.land_units)))
    if track is not None:
        markers += _on_the_track(state, track, names, t)
    return markers


def _ratings(leader, t) -> str:
    parts = [t._("battle {n}", n=leader.battle_rating)]
    if leader.piracy_rating:
        parts.append(t._("piracy {n}", n=leader.piracy_rating))
    return ", ".join(parts)


def _on_the_track(state, track: str, names: dict[str, str], t) -> list[Marker]:
    """What waits on the Turn Track, by power and the turn it returns (H3.3.10, H6.3.3)."""
    waiting: dict[tuple[int, str], list[str]] = defaultdict(list)
    for unit in state.units.values():
        if unit.location.startswith(TRACK):
            waiting[(int(unit.location[len(TRACK):]), unit.owner)].append(unit.type)
    for leader in state.leaders.values():
        if leader.location.startswith(TRACK):
            waiting[(int(leader.location[len(TRACK):]), leader.power)].append(leader.name)
    return [Marker(area=track, label=names.get(power, power), faction=power, colour=_colour(state, power),
                   shape="turn_track", detail=t._("back on turn {turn}: {what}", turn=turn, what=_what(what, t)),
                   count=1)
            for (turn, power), what in sorted(waiting.items())]


def _what(items: list[str], t) -> str:
    squadrons, corsairs = items.count("squadron"), items.count("corsair")
    parts = [t.n_("{n} squadron", "{n} squadrons", squadrons, n=squadrons)] if squadrons else []
    parts += [t.n_("{n} corsair", "{n} corsairs", corsairs, n=corsairs)] if corsairs else []
    parts += sorted(i for i in items if i not in ("squadron", "corsair"))
    return ", ".join(parts)


# --- what happened, and the board's markers ---------------------------------------------------


def _highlights(data: ReportInput, events, names: dict[str, str], t) -> list[Highlight]:
    found: dict[tuple[str, str], str] = {}
    on_map = data.gamemap.nodes
    for e in events:
        for space, kind, label in _event_marks(e, names, t):
            if space in on_map:
                found.setdefault((space, kind), label)
    state = data.after
    for zone, turn in sorted(state.piracy_markers.items()):
        if turn == state.turn and zone in on_map:
            found.setdefault((zone, "piracy"), "")  # the zone's piracy marker (H5.2.1.4)
    for port, held in sorted(state.ports.items()):
        if port not in on_map:
            continue
        for flag, kind in ((held.pirate_haven, "pirate_haven"), (held.unrest, "unrest"), (held.besieged, "besieged")):
            if flag:
                found.setdefault((port, kind), "")
    return [Highlight(area=a, kind=k, label=label) for (a, k), label in sorted(found.items())]


def _event_marks(e, names: dict[str, str], t) -> list[tuple[str, str, str]]:
    kind = e.kind
    if kind == "his_combat_decided":
        return [(e.space, "combat", t._("{power} won", power=names.get(e.winner, e.winner)))]
    if kind == "his_interception" and e.success:
        return [(e.destination, "interception", "")]
    if kind == "his_avoid_battle" and e.success:
        return [(e.zone, "avoid", "")]
    if kind in ("his_anti_piracy", "his_piracy_rolled"):
        return [(e.zone, "piracy", "")]
    if kind == "his_built":
        return [(e.port, "built", "")]
    if kind == "his_transported" and e.path:
        return [(e.path[-1], "landing", "")]
    return []


def _routes(data: ReportInput, events) -> list[Route]:
    state, on_map, routes = data.after, data.gamemap.nodes, []
    for e in events:
        path, style = _route_of(e)
        if len(path) >= 2 and all(p in on_map for p in path):
            routes.append(Route(areas=list(path), colour=_colour(state, e.power), style=style))
    return routes


def _route_of(e) -> tuple[tuple[str, ...], str]:
    kind = e.kind
    if kind == "his_naval_moved":
        return (e.origin, e.destination), "move"
    if kind == "his_interception" and e.success:
        return (e.origin, e.destination), "intercept"
    if kind == "his_avoid_battle" and e.success:
        return (e.zone, e.destination), "withdraw"
    if kind == "his_retreated":
        return (e.origin, e.destination), "withdraw"
    if kind == "his_transported":
        return tuple(e.path), "transport"
    return (), ""
