"""Read-only views of the state for listings and moderators (the ruleset protocol's units/roster)."""

from __future__ import annotations

from bot.engine.ruleset import UnitView
from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings
from bot.rulesets.royal_fleets.rules.model.state import RoyalState


def fleet_views(state: RoyalState, faction: str | None, settings: RoyalSettings | None = None) -> list[UnitView]:
    views = []
    for fleet in sorted(state.fleets.values(), key=lambda f: f.id):
        if faction is not None and faction not in fleet.owners:
            continue
        ships = ", ".join(f"{s.type} {s.health}" for s in fleet.ships)
        where = fleet.location or (f"in transit to {fleet.in_transit.to_area}" if fleet.in_transit else None)
        extra = []
        if fleet.blockading:
            extra.append("blockading " + ", ".join(fleet.blockading))
        if fleet.cargo:
            extra.append("carrying " + ", ".join(f"{c.units} units of {c.army}" for c in fleet.cargo))
        summary = "; ".join([f"{len(fleet.ships)} ships ({ships})", *extra])
        views.append(UnitView(id=fleet.id, name=fleet.name, owner=fleet.commander, kind="fleet",
                              location=fleet.location or (fleet.in_transit.to_area if fleet.in_transit else None),
                              summary=summary if where else summary))
    return views


def roster(state: RoyalState) -> dict[str, list[dict]]:
    units = [{"id": f.id, "name": f.name, "kind": "fleet", "owner": f.commander,
              "state": f.location or "in transit"} for f in sorted(state.fleets.values(), key=lambda f: f.id)]
    armies = [{"id": a.id, "name": a.name, "clan": a.owner, "area": a.province or f"aboard {a.aboard}"}
              for a in sorted(state.armies.values(), key=lambda a: a.id)]
    return {"units": units, "characters": [], "armies": armies}


def sighted_ships(state: RoyalState, faction: str) -> list[dict]:
    """The other factions' ships this faction can name (U6.2.4.2 focus): those of fleets in a sea
    area where it has a fleet.  A fleet next to it is only sighted, by its number of ships
    (FleetSighted), so its ships' names are not known; a fleet in transit is seen by nobody."""
    here = {f.location for f in state.fleets.values() if faction in f.owners and f.location}
    return [{"id": s.id, "name": s.name, "type": s.type, "fleet": f.id, "fleet_name": f.name, "owner": f.commander,
             "area": f.location}
            for f in sorted(state.fleets.values(), key=lambda f: f.id)
            if faction not in f.owners and f.location in here for s in f.ships if s.health > 0]
