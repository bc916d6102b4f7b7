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

from bot.domain.events import Event
from bot.domain.viewer import Viewer, as_viewer
from bot.report import ReportInput


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
    return [e for e in data.events if viewer.sees(e.audience)]


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
LOST = {"destroyed": "destroyed", "captured": "captured"}


def _placements(event: Event, data: ReportInput) -> Iterator[tuple[str, str]]:
    place = _PLACES.get(event.kind)
    if place is None:
        return
    units, area = place(event, data)
    if area in data.gamemap.areas:
        for unit in units:
            yield unit, area


def sightings(data: ReportInput, audience: Viewer | str) -> dict[str, str]:
    """Unit id -> the area the audience last saw it in, for units it does not
    know in full (those are drawn from the state)."""
    seen: dict[str, str] = {}
    for event in visible_events(data, audience):
        for unit, area in _placements(event, data):
            if not knows_in_full(data, audience, unit):
                seen[unit] = area
    return seen


def losses(data: ReportInput, audience: Viewer | str) -> dict[str, tuple[str, str]]:
    """Squadron or fleet id -> (area, how) for units lost this turn in a visible event."""
    lost = {}
    for event in visible_events(data, audience):
        if event.kind in LOST and _is_ship(data, event.unit) and event.area in data.gamemap.areas:
            how = LOST[event.kind]
            if event.kind == "captured":
                clan = data.before.clans.get(event.by)
                how = f"captured by {clan.name if clan else event.by}"  # drawn on the map, not posted
            lost[event.unit] = (event.area, how)
    return lost


def _is_ship(data: ReportInput, unit_id: str) -> bool:
    return any(unit_id in state.squadrons or unit_id in state.fleets for state in (data.before, data.after))


def visible_units(data: ReportInput, audience: Viewer | str) -> dict[str, str]:
    """Every unit the audience's map may draw as an active token -> its area:
    the ones it knows in full where they are, the others where it saw them
    (a unit lost this turn is drawn as lost, not here)."""
    state = data.after
    out = {}
    for table in (state.squadrons, state.fleets):
        for unit_id, unit in table.items():
            if unit.state == "active" and unit.location and knows_in_full(data, audience, unit_id):
                out[unit_id] = unit.location
    for unit_id, area in sightings(data, audience).items():
        unit = state.squadrons.get(unit_id) or state.fleets.get(unit_id)
        if unit is not None and unit.state == "active":
            out[unit_id] = area
    return out
