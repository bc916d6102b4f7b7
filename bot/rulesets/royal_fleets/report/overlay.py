"""The royal fleets turn map for one audience: fleets with their ships' health, battles,
blockades, transports, fleets in transit, trade posts and their controllers.

- moderators: every fleet in full, every move.
- a faction: its own fleets in full (each ship's health) and their moves, its fleets between the
  maps where they will appear; every other fleet on the map by its flag and ship count only.
- the public: every fleet on the map by its flag and ship count only.

The seed's reconnaissance rule for armies [L374], applied to fleets by analogy: "the only public
information about armies on the strategic map is the number of units".
"""

from __future__ import annotations

from bot.domain.viewer import PUBLIC, Viewer, as_viewer
from bot.i18n import messages
from bot.render.overlay import Highlight, Marker, Overlay, Route
from bot.report import ReportInput
from bot.rulesets.royal_fleets.report.names import DOMAIN
from bot.rulesets.royal_fleets.report.overlay_style import vocabulary_in


def _viewer(audience) -> Viewer:
    return audience if isinstance(audience, Viewer) else as_viewer(audience)


def overlay_for(data: ReportInput, audience: Viewer | str = PUBLIC) -> Overlay:
    viewer = _viewer(audience)
    language = data.language_for(viewer)
    t = messages(language, DOMAIN)
    events = [e for e in data.events if viewer.is_moderators or e.audience.sees(viewer.faction)]
    state = data.after
    return Overlay(
        title=t._("{campaign} — turn {turn}", campaign=data.campaign_name, turn=data.turn),
        subtitle=t._("what {who} knows at the end of the turn",
                     who=t._("the moderators") if viewer.is_moderators else
                     (state.factions[viewer.faction].name if viewer.faction in state.factions else t._("the public"))),
        markers=_markers(data, viewer, t),
        highlights=_highlights(data, events, t),
        routes=_routes(data, viewer, events),
        area_owner={p: prov.owner for p, prov in sorted(state.provinces.items()) if prov.owner},
        faction_colours={fid: f.colour for fid, f in state.factions.items()},
        faction_names={fid: f.name for fid, f in state.factions.items()},
        vocabulary=vocabulary_in(language),
        # Cards for every audience: a faction reads its own fleets (name, ships, health) as the moderators
        # read every fleet, another's as a row of its flag and ship count only; a card away from its sea
        # area carries the area's name and a leader line, where a lone badge could be read as a neighbour's.
        units_as="cards",
        language=language,
    )


def _sees_in_full(viewer: Viewer, fleet) -> bool:
    return viewer.is_moderators or (viewer.faction is not None and viewer.faction in fleet.owners)


def _markers(data: ReportInput, viewer: Viewer, t) -> list[Marker]:
    state, markers = data.after, []
    for fleet in sorted(state.fleets.values(), key=lambda f: f.id):
        full = _sees_in_full(viewer, fleet)
        area = fleet.location or (fleet.in_transit.to_area if fleet.in_transit and full else None)
        if area is None:
            continue  # between the maps, off the map for everyone but its owners (U10.1)
        colour = state.factions[fleet.commander].colour if fleet.commander in state.factions else "#808080"
        shape = ("in_transit" if fleet.in_transit else "pirates" if fleet.commander == "pirates"
                 else "carrying" if fleet.cargo and full else "fleet")
        detail = (t.n_("{n} ship, health {health}", "{n} ships, health {health}", len(fleet.ships),
                       health=" ".join(f"{s.health}" for s in fleet.ships))
                  if full else f"×{len(fleet.ships)}")
        faction = state.factions.get(fleet.commander)
        label = fleet.name if full else (faction.name if faction else fleet.commander)
        markers.append(Marker(area=area, label=label, faction=fleet.commander, colour=colour, shape=shape,
                              detail=detail))
    return markers


def _highlights(data: ReportInput, events, t) -> list[Highlight]:
    found: dict[tuple[str, str], str] = {}
    colours: dict[str, str | None] = {}
    for e in events:
        kind = {"battle_started": "battle", "blockade_set": "blockade", "embarked": "transport", "landed": "transport",
                "entered_transit": "transit"}.get(e.kind)
        area = getattr(e, "area", None)
        if kind and area and area in data.gamemap.nodes:
            found.setdefault((area, kind), "")
    for fleet in data.after.fleets.values():
        if fleet.blockading and fleet.location:
            found.setdefault((fleet.location, "blockade"), "")
    for post_id, post in sorted(data.gamemap.trade_posts.items()):
        controller = data.after.trade_posts.get(post_id)
        name = data.after.factions[controller].name if controller in data.after.factions else t._("nobody")
        found[(post.sea, "trade_post")] = f"{post.name}: {name}"
        colours[post.sea] = data.after.factions[controller].colour if controller in data.after.factions else None
    # A trade post's label in its controller's colour, so that whose it is reads at a glance.
    return [Highlight(area=a, kind=k, label=label, label_colour=colours.get(a) if k == "trade_post" else None)
            for (a, k), label in sorted(found.items())]


def _routes(data: ReportInput, viewer: Viewer, events) -> list[Route]:
    routes, voyages = [], _voyages(data, viewer, events)
    for e in events:
        if e.kind != "fleet_moved" or e.fleet in voyages:
            continue  # a transport's move is drawn as its voyage
        before = data.before.fleets.get(e.fleet)
        if before is None or before.location is None or not _sees_in_full(viewer, before):
            continue
        routes.append(Route(areas=[before.location, *e.path], colour=_colour(data, before), style="solid"))
    return routes + [Route(areas=areas, colour=_colour(data, data.before.fleets[fleet]), style="transport")
                     for fleet, areas in voyages.items() if len(areas) >= 2]


def _colour(data: ReportInput, fleet) -> str:
    return data.before.factions[fleet.commander].colour if fleet.commander in data.before.factions else "#808080"


def _voyages(data: ReportInput, viewer: Viewer, events) -> dict[str, list[str]]:
    """A transport's voyage (U9): the province it embarked from, the areas it sailed, the province
    it landed in; only for the fleet's owners and the moderators, as its moves are."""
    voyages: dict[str, list[str]] = {}
    for e in events:
        before = data.before.fleets.get(getattr(e, "fleet", ""))
        if before is None or before.location is None or not _sees_in_full(viewer, before):
            continue
        if e.kind == "embarked":
            voyages.setdefault(e.fleet, [before.location]).insert(0, e.province)
        elif e.kind == "fleet_moved" and (e.fleet in voyages or before.cargo):  # troops aboard from before
            voyages.setdefault(e.fleet, [before.location]).extend(e.path)
        elif e.kind == "landed":
            voyages.setdefault(e.fleet, [before.location]).append(e.province)
    return voyages
