"""What an audience knows of the units on the Sengoku map (S12.6, R19, OP-49).

Like the reports, the map is a filter, not a second judgement of secrecy:
visibility is decided where each event is emitted (``Event.audience``), and
an audience knows a unit's whereabouts only from the events it may read.
A clan also knows its own units in full; moderators know everything.

A unit named in a visible event is *sighted* where that event places it; the
last sighting wins. Pirates are never named in public events (OP-49), so they
are never sighted by the public; the clan that catches one learns its owner
from ``pirate_identified`` (S8.1.2), and sees it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bot.domain.events import Event
from bot.domain.viewer import Viewer, as_viewer
from bot.report import ReportInput, per_turn


def check_audience(data: ReportInput, audience: Viewer | str) -> Viewer:
    """The audience as a ``Viewer`` (strings: see ``as_viewer``); refuses a clan not in the turn."""
    viewer = as_viewer(audience)
    clans = sorted(data.before.clans)
    if viewer.faction is not None and viewer.faction not in clans:
        raise ValueError(f"no map for audience {viewer.faction!r}: use 'public', 'moderators' or a "
                         f"clan id ({', '.join(clans)})")
    return viewer


def sees(event: Event, audience: Viewer | str) -> bool:
    return as_viewer(audience).sees(event.audience)


def visible_events(data: ReportInput, audience: Viewer | str) -> list[Event]:
    viewer = check_audience(data, audience)
    if viewer.is_moderators:
        return list(data.events)
    seen = seen_by_audience(data)
    return list(seen.public if viewer.faction is None else seen.clans[viewer.faction])


@dataclass(frozen=True)
class Seen:
    """The events the public may read and those each clan may, in the turn's order."""

    public: list[Event]
    clans: dict[str, list[Event]]


def seen_by_audience(data: ReportInput) -> Seen:
    """Who reads which event, sorted out once per turn for all its reports, maps and cards (not asked
    of each event once per clan: a large turn has ~10,000 events and 16 clans)."""
    return per_turn(data, "sengoku.seen", _seen)


def _seen(data: ReportInput) -> Seen:
    public: list[Event] = []
    clans: dict[str, list[Event]] = {clan: [] for clan in data.before.clans}
    everyone = list(clans.values())
    for event in data.events:
        audience = event.audience  # Audience.sees, for the public and every clan at once
        if audience.public:
            public.append(event)
            for events in everyone:
                events.append(event)
            continue
        for clan in audience.factions:
            events = clans.get(clan)
            if events is not None and (not events or events[-1] is not event):  # a clan named twice
                events.append(event)
    return Seen(public, clans)


def knows_in_full(data: ReportInput, audience: Viewer | str, unit_id: str) -> bool:
    """Own units (and every unit, for moderators) are drawn where the state has them; the public
    knows none in full, whatever a clan is called."""
    viewer = as_viewer(audience)
    return viewer.is_moderators or viewer.owns(data.after.unit_owner(unit_id))


def _port_area(data: ReportInput, port_id: str | None) -> str | None:
    port = data.gamemap.ports.get(port_id) if port_id else None
    return port.area if port else None


def _sides(event: Event) -> list[str]:
    return [u for units in event.sides.values() for u in units]


# kind -> (units named, the area the event puts them in)
_PLACES = {
    "met": lambda e, d: (_sides(e), e.area),
    "battle_began": lambda e, d: (_sides(e), e.area),
    "on_station": lambda e, d: ([e.unit], e.area),
    "moved": lambda e, d: ([e.unit], e.route[-1] if e.route else None),
    "dispersed": lambda e, d: ([e.unit], _port_area(d, e.back_to) or e.area),
    "intercepted": lambda e, d: ([e.unit, e.lead], e.area),
    "pirates_intercepted": lambda e, d: ([e.lead], e.area),
    "operation_ended": lambda e, d: ([e.lead], e.area),
    "landing_ready": lambda e, d: ([e.lead], e.area),
    "evacuation_ready": lambda e, d: (list(e.fleets), e.area),
    "fleets_met": lambda e, d: (list(e.leads), e.area),
    "port_attacked": lambda e, d: (list(e.units), _port_area(d, e.port)),
    "port_blockaded": lambda e, d: (list(e.by), _port_area(d, e.port)),
    "pirate_identified": lambda e, d: ([e.fleet], _port_area(d, e.back_to) or _port_area(d, e.port)),
    "fleet_sailed": lambda e, d: ([e.fleet], e.route[-1] if e.route else None),
    "fleet_returned": lambda e, d: ([e.fleet], _port_area(d, e.port)),
    "returned_to_base": lambda e, d: ([e.unit], _port_area(d, e.port)),
    "based": lambda e, d: ([e.unit], _port_area(d, e.port)),
    "coast_ravaged": lambda e, d: (list(e.units), e.area),
    "coast_plundered": lambda e, d: ([e.unit], e.area),
    "plunder_hindered": lambda e, d: ([e.fleet, *e.by], e.area),
}
PLACING_KINDS = frozenset(_PLACES)
LOST = {"destroyed": "destroyed", "captured": "captured"}


def _placements(event: Event, data: ReportInput) -> Iterator[tuple[str, str]]:
    place = _PLACES.get(event.kind)
    if place is None:
        return
    units, area = place(event, data)
    if area in data.gamemap.areas:
        for unit in units:
            yield unit, area


def placements(data: ReportInput) -> dict[int, tuple[tuple[str, str], ...]]:
    """Each placing event's (unit, area) pairs, by ``id(event)``: where an event puts a unit does not
    depend on who reads it, so it is worked out once per turn for every audience's map."""
    return per_turn(data, "sengoku.placements", _all_placements)


def _all_placements(data: ReportInput) -> dict[int, tuple[tuple[str, str], ...]]:
    return {id(e): placed for e in data.events if e.kind in _PLACES and (placed := tuple(_placements(e, data)))}


def sightings(data: ReportInput, audience: Viewer | str, events: list[Event] | None = None) -> dict[str, str]:
    """Unit id -> the area the audience last saw it in, for units it does not
    know in full (those are drawn from the state).  ``events``: the audience's
    visible events, if the caller has them already."""
    seen: dict[str, str] = {}
    viewer = as_viewer(audience)
    if viewer.is_moderators:  # they know every unit in full
        return seen
    owner, placed = data.after.unit_owner, placements(data)
    for event in visible_events(data, viewer) if events is None else events:
        for unit, area in placed.get(id(event), ()):
            if not viewer.owns(owner(unit)):  # knows_in_full, for a clan or the public
                seen[unit] = area
    return seen


def losses(data: ReportInput, audience: Viewer | str,
           events: list[Event] | None = None) -> dict[str, tuple[str, str]]:
    """Squadron or fleet id -> (area, how) for units lost this turn in a visible event."""
    lost = {}
    for event in visible_events(data, audience) if events is None else events:
        if event.kind in LOST and _is_ship(data, event.unit) and event.area in data.gamemap.areas:
            how = LOST[event.kind]
            if event.kind == "captured":
                clan = data.before.clans.get(event.by)
                how = f"captured by {clan.name if clan else event.by}"  # drawn on the map, not posted
            lost[event.unit] = (event.area, how)
    return lost


def _is_ship(data: ReportInput, unit_id: str) -> bool:
    return any(unit_id in state.squadrons or unit_id in state.fleets for state in (data.before, data.after))


def visible_units(data: ReportInput, audience: Viewer | str, events: list[Event] | None = None) -> dict[str, str]:
    """Every unit the audience's map may draw as an active token -> its area:
    the ones it knows in full where they are, the others where it saw them
    (a unit lost this turn is drawn as lost, not here).  ``events``: as ``sightings``."""
    state = data.after
    viewer = as_viewer(audience)
    out = {}
    if viewer.faction is not None or viewer.is_moderators:  # the public knows no unit in full
        for table in (state.squadrons, state.fleets):
            for unit_id, unit in table.items():
                if unit.state == "active" and unit.location and knows_in_full(data, viewer, unit_id):
                    out[unit_id] = unit.location
    for unit_id, area in sightings(data, viewer, events).items():
        unit = state.squadrons.get(unit_id) or state.fleets.get(unit_id)
        if unit is not None and unit.state == "active":
            out[unit_id] = area
    return out
