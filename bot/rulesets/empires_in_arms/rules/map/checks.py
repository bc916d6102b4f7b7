"""The Empires in Arms checks of a map file (E2.2, E13, E-OP-24), after the core's (ids,
kinds, symmetric ``adjacent`` lists): what a sea zone, a port and a strait must be. Each
adds its problems to the report and goes on, so a map author sees every problem at once,
each saying what is wrong and what would be right. Pure module; the draft map may hold
broken entries, so every lookup is guarded.
"""

from __future__ import annotations

from collections import deque

from bot.domain.gamemap_check import Report
from bot.rulesets.empires_in_arms.rules.map.model import EiaBoard

__all__ = ["CHECKS"]


# --- sea zones -----------------------------------------------------------------


def check_zones(gm: EiaBoard, rep: Report) -> None:
    for zone_id, zone in sorted(gm.zones.items()):
        if not zone.adjacent:
            rep.add(f"zones.{zone_id}", "has no adjacent sea zones: a fleet could never enter or leave it (list "
                                        "them in 'adjacent', E2.2)")
        for other in zone.adjacent:
            if other in gm.ports:
                rep.add(f"zones.{zone_id}", f"adjacent lists {other!r}, which is a port: a port lies in a zone "
                                            f"(set zone = {zone_id!r} on ports.{other}), it is not adjacent to one")


def check_reach(gm: EiaBoard, rep: Report) -> None:
    """Every zone can be reached from every other: a fleet can sail the whole board."""
    zones = sorted(gm.zones)
    if not zones:
        return
    seen, queue = {zones[0]}, deque([zones[0]])
    while queue:
        for other in gm.zones[queue.popleft()].adjacent:
            if other in gm.zones and other not in seen:
                seen.add(other)
                queue.append(other)
    cut = [z for z in zones if z not in seen]
    if cut:
        rep.add("zones", f"{', '.join(cut)} cannot be reached from {zones[0]!r}: join them with 'adjacent'")


# --- ports ---------------------------------------------------------------------


def check_ports(gm: EiaBoard, rep: Report) -> None:
    for port_id, port in sorted(gm.ports.items()):
        entry = f"ports.{port_id}"
        if port.zone in gm.ports:
            rep.add(entry, f"zone {port.zone!r} is a port: a port lies in a sea zone (E2.2)")
            continue
        rep.ref(entry, "zone", port.zone, "zones")


# --- straits (E13) ---------------------------------------------------------------


def check_straits(gm: EiaBoard, rep: Report) -> None:
    first_on: dict[frozenset[str], str] = {}
    for strait_id, strait in sorted(gm.straits.items()):
        entry = f"straits.{strait_id}"
        zones = _strait_zones(gm, entry, strait.zones, rep)
        if zones is not None:
            pair = frozenset(zones)
            if pair in first_on:
                rep.add(entry, f"joins the same zones as straits.{first_on[pair]}: one strait per pair of zones")
            else:
                first_on[pair] = strait_id
        seen: set[str] = set()
        for port_id in strait.controlling_ports:
            if port_id in seen:
                rep.add(entry, f"controlling_ports lists {port_id!r} twice")
                continue
            seen.add(port_id)
            _check_controller(gm, entry, port_id, zones, rep)


def _strait_zones(gm: EiaBoard, entry: str, zones: list[str], rep: Report) -> tuple[str, str] | None:
    """The strait's two zones if they are two known, different, adjacent zones; else reports why."""
    if len(zones) != 2:
        rep.add(entry, f"zones lists {len(zones)} zones: a strait joins exactly two adjacent sea zones "
                       "(zones = [\"<zone id>\", \"<zone id>\"], E-OP-24)")
        return None
    a, b = zones
    if a == b:
        rep.add(entry, f"zones lists {a!r} twice: a strait joins two different sea zones")
        return None
    if not all([rep.ref(entry, "zones", z, "zones") for z in zones]):
        return None
    if a in gm.zones and b in gm.zones and not (b in gm.zones[a].adjacent and a in gm.zones[b].adjacent):
        rep.add(entry, f"zones {a!r} and {b!r} are not adjacent: a fleet passes a strait moving from one to the "
                       f"other (E-OP-24), so list each in the other's 'adjacent'")
    return a, b


def _check_controller(gm: EiaBoard, entry: str, port_id: str, zones: tuple[str, str] | None, rep: Report) -> None:
    if not rep.ref(entry, "controlling_ports", port_id, "ports"):
        return
    port = gm.ports.get(port_id)
    if port is None:
        return  # a broken entry: its own problems are reported
    if zones is not None and port.zone not in zones:
        rep.add(entry, f"controlling port {port_id!r} lies in zone {port.zone!r}, not on the strait (its zones: "
                       f"{', '.join(zones)}): a strait is controlled from a port of one of its zones (E13.2)")
    if not port.fortress:
        rep.add(entry, f"controlling port {port_id!r} is no fortress: a strait is controlled by a fortress "
                       f"(E13.1); set fortress = true on ports.{port_id}, or name a fortress")


CHECKS = (check_zones, check_reach, check_ports, check_straits)
