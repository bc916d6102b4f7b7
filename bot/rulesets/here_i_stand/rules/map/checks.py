"""The Here I Stand checks of a map file (H2.3, H6, H-OP-02, H-OP-31, H-OP-38), after the core's
(ids, kinds, symmetric ``adjacent`` lists): what a sea zone, a port and the Turn Track must be.
Each adds its problems to the report and goes on, so a map author sees every problem at once,
each saying what is wrong and what would be right. Pure module; the draft map may hold broken
entries, so every lookup is guarded.
"""

from __future__ import annotations

from collections import deque

from bot.domain.gamemap_check import Report
from bot.rulesets.here_i_stand.rules.geography import NOT_ADJACENT
from bot.rulesets.here_i_stand.rules.map.model import HisGameMap

__all__ = ["CHECKS", "POWERS"]

# Every power a port may be the home port of (H0.2, H6.3.1): the six major powers, then the minor
# powers of the board. The Knights of St. John hold fortresses (H5.2.2) but have no home ports.
POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant",
          "genoa", "venice", "scotland", "hungary")


def _zone_name(gm: HisGameMap, zone_id: str) -> str | None:
    zone = gm.sea_zones.get(zone_id)
    return zone.name if zone is not None else None


def check_sea_zones(gm: HisGameMap, rep: Report) -> None:
    anchored = {sea for port in gm.ports.values() for sea in port.seas}
    for zone_id, zone in sorted(gm.sea_zones.items()):
        entry = f"sea_zones.{zone_id}"
        for other in zone.adjacent:
            pair = frozenset({zone.name, _zone_name(gm, other)})
            if pair in NOT_ADJACENT:
                rep.add(entry, f"adjacent lists {other!r} ({_zone_name(gm, other)}), but {zone.name} and "
                               f"{_zone_name(gm, other)} are never adjacent (H2.3.4, rule 2.5): remove it from both "
                               "lists; a port anchored in both joins them")
            elif other in gm.ports:
                rep.add(entry, f"adjacent lists {other!r}, which is a port: a port names its sea zones in its own "
                               f"'seas' (ports.{other}.seas)")
        if not zone.adjacent and zone_id not in anchored:
            rep.add(entry, "borders no sea zone and no port lies in it: a naval unit could never enter or leave it "
                           "(list its neighbours in 'adjacent', or anchor a port in it)")


def check_reach(gm: HisGameMap, rep: Report) -> None:
    """Every sea zone can be reached from every other, by borders and through ports (the Black Sea
    only through Istanbul, H2.3.4): a board in two pieces is a typo."""
    zones = sorted(gm.sea_zones)
    if not zones:
        return
    through: dict[str, set[str]] = {z: {o for o in gm.sea_zones[z].adjacent if o in gm.sea_zones} for z in zones}
    for port in gm.ports.values():
        seas = [s for s in port.seas if s in gm.sea_zones]
        for sea in seas:
            through[sea] |= set(seas) - {sea}
    seen, queue = {zones[0]}, deque([zones[0]])
    while queue:
        for other in sorted(through[queue.popleft()]):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    cut = [z for z in zones if z not in seen]
    if cut:
        rep.add("sea_zones", f"{', '.join(cut)} cannot be reached from {zones[0]!r} by sea: join them with "
                             "'adjacent' or a port anchored in both")


def check_ports(gm: HisGameMap, rep: Report) -> None:
    for port_id, port in sorted(gm.ports.items()):
        entry = f"ports.{port_id}"
        _check_anchors(gm, entry, port.seas, rep)
        if port.home is not None and port.home not in POWERS:
            rep.add(entry, f"home {port.home!r} is not a power of the board (powers: {', '.join(POWERS)}); "
                           "leave the key out for a port that is no power's home port")
        if port.fortress and port.key:
            rep.add(entry, "is both a fortress and a key: a space is printed as one of them (H5.2.2, H-OP-31: only "
                           "fortresses roll against pirates); keep the one the board shows")
        if port.haven and port.algiers:
            rep.add(entry, "is Algiers and a pirate haven: Algiers builds corsairs without the event (H6.5.2); "
                           "'haven' marks the other ports the event \"Pirate Haven\" may choose")
    algiers = sorted(k for k, p in gm.ports.items() if p.algiers)
    if len(algiers) > 1:
        rep.add("ports", f"{', '.join(algiers)} are all marked algiers = true: the board has one Algiers (H6.5.2)")


def _check_anchors(gm: HisGameMap, entry: str, seas: list[str], rep: Report) -> None:
    if len(seas) > 2:
        rep.add(entry, f"seas lists {len(seas)} sea zones ({', '.join(seas)}): a port's anchors lie in one or two "
                       "sea zones (H2.3.2)")
    seen: set[str] = set()
    for sea in seas:
        if sea in seen:
            rep.add(entry, f"seas lists {sea!r} twice")
            continue
        seen.add(sea)
        if sea in gm.ports:
            rep.add(entry, f"seas lists {sea!r}, which is a port: a port's anchors lie in sea zones (H2.3.2)")
        else:
            rep.ref(entry, "seas", sea, "sea_zones")


def check_names(gm: HisGameMap, rep: Report) -> None:
    """Spaces are told apart by name: the settings name the Atlantic zones (H-OP-07), the rule 2.5
    pairs are names (H2.3.4), and players read names, never ids."""
    first: dict[str, str] = {}
    for section in ("sea_zones", "ports"):
        for entry_id, entry in sorted(gm.entries(section).items()):
            key = entry.name.strip().casefold()
            if key in first:
                rep.add(f"{section}.{entry_id}", f"name {entry.name!r} is already the name of {first[key]}: every "
                                                 "sea zone and port needs its own name")
            else:
                first[key] = f"{section}.{entry_id}"


def check_tracks(gm: HisGameMap, rep: Report) -> None:
    if len(gm.tracks) > 1:
        rep.add("tracks", f"{', '.join(sorted(gm.tracks))}: the board has one Turn Track (H3.3.10)")


CHECKS = (check_sea_zones, check_reach, check_ports, check_names, check_tracks)
