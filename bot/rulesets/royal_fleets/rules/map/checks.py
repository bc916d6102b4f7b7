"""The royal fleets checks of a map file (U10, U-OP-34), after the core's (ids,
kinds, sheets, symmetric ``adjacent`` lists): what a sea area, a transition area
and its counterpart, a province, a port and a trade post must be. Each adds its
problems to the report and goes on, so a map author sees every problem at once,
each saying what is wrong and what would be right. Pure module; the draft map may
hold broken entries, so every lookup is guarded.
"""

from __future__ import annotations

from collections import deque

from bot.domain.gamemap_check import Report
from bot.rulesets.royal_fleets.rules.map.model import RoyalMap, SeaArea

__all__ = ["CHECKS"]


def _sheet(gm: RoyalMap, node_id: str) -> str | None:
    entry = gm.areas.get(node_id) or gm.provinces.get(node_id) or gm.ports.get(node_id)
    if entry is None:
        return None
    return entry.sheet or next(iter(gm.sheets), None)


# --- sea areas ---------------------------------------------------------------


def check_areas(gm: RoyalMap, rep: Report) -> None:
    for area_id, area in sorted(gm.areas.items()):
        entry = f"areas.{area_id}"
        for other in area.adjacent:
            if other in gm.areas and other != area_id and _sheet(gm, other) != _sheet(gm, area_id):
                rep.add(entry, f"adjacent lists {other!r}, which is on sheet {_sheet(gm, other)!r}: sheets are "
                               "joined only by a transition area and its counterpart (U10.1)")
        if not area.adjacent and not area.transition:
            rep.add(entry, "has no adjacent sea areas: a fleet could never enter or leave it (list them in "
                           "'adjacent')")
        _check_transition(gm, area_id, area, rep)


def _check_transition(gm: RoyalMap, area_id: str, area: SeaArea, rep: Report) -> None:
    entry = f"areas.{area_id}"
    if not area.transition:
        if area.counterpart is not None:
            rep.add(entry, f"has counterpart {area.counterpart!r} but is not a transition area (set "
                           "transition = true, or remove the counterpart)")
        return
    if area.counterpart is None:
        rep.add(entry, "is a transition area without a counterpart: name the analogous sea area of the other "
                       "sheet where an entering fleet appears next turn (counterpart = \"<area id>\", U10.1)")
        return
    if not rep.ref(entry, "counterpart", area.counterpart, "areas"):
        return
    other = gm.areas.get(area.counterpart)
    if other is None:
        return  # a broken entry: its own problems are reported
    if area.counterpart == area_id:
        rep.add(entry, "counterpart is the area itself: it must be a sea area of the other sheet")
    elif _sheet(gm, area.counterpart) == _sheet(gm, area_id):
        rep.add(entry, f"counterpart {area.counterpart!r} is on the same sheet {_sheet(gm, area_id)!r}: it must "
                       "be on the other sheet (U10.1)")
    if not other.transition:
        rep.add(entry, f"counterpart {area.counterpart!r} is not a transition area: set transition = true "
                       f"and counterpart = {area_id!r} on areas.{area.counterpart}")
    elif other.counterpart != area_id:
        named = "names none" if other.counterpart is None else f"names {other.counterpart!r}"
        rep.add(entry, f"counterpart {area.counterpart!r} {named} as its counterpart: set counterpart = "
                       f"{area_id!r} on areas.{area.counterpart} (the two must name each other)")


def check_reach(gm: RoyalMap, rep: Report) -> None:
    """Every sea area can be reached from every other, by moves and crossings: a fleet
    can reach any of them (a second sheet no transition joins is unplayable)."""
    areas = sorted(gm.areas)
    if not areas:
        return
    seen, queue = {areas[0]}, deque([areas[0]])
    while queue:
        here = gm.areas[queue.popleft()]
        nexts = [*here.adjacent, *([here.counterpart] if here.transition and here.counterpart else [])]
        for other in nexts:
            if other in gm.areas and other not in seen and here.id in _joins(gm.areas[other]):
                seen.add(other)
                queue.append(other)
    cut = [a for a in areas if a not in seen]
    if cut:
        rep.add("areas", f"{', '.join(cut)} cannot be reached from {areas[0]!r} by moves and transitions: join "
                         "them with 'adjacent' or a transition area and its counterpart")


def _joins(area: SeaArea) -> set[str]:
    return {*area.adjacent, *([area.counterpart] if area.transition and area.counterpart else [])}


def check_sheets(gm: RoyalMap, rep: Report) -> None:
    if len(gm.sheets) < 2:
        return
    for sheet_id in gm.sheets:
        if not any(a.transition and _sheet(gm, k) == sheet_id for k, a in gm.areas.items()):
            rep.add(f"sheets.{sheet_id}", "has no transition area: fleets could never sail to or from it "
                                          "(mark one with transition = true and a counterpart, U10.1)")


# --- provinces and ports -------------------------------------------------------


def check_provinces(gm: RoyalMap, rep: Report) -> None:
    for province_id, province in sorted(gm.provinces.items()):
        entry = f"provinces.{province_id}"
        seen: set[str] = set()
        for sea in province.seas:
            if sea in seen:
                rep.add(entry, f"seas lists {sea!r} twice")
                continue
            seen.add(sea)
            if not rep.ref(entry, "seas", sea, "areas"):
                continue
            if sea in gm.areas and _sheet(gm, sea) != _sheet(gm, province_id):
                rep.add(entry, f"seas lists {sea!r}, which is on sheet {_sheet(gm, sea)!r}, not on the "
                               f"province's sheet {_sheet(gm, province_id)!r}")


def check_ports(gm: RoyalMap, rep: Report) -> None:
    for port_id, port in sorted(gm.ports.items()):
        entry = f"ports.{port_id}"
        known_province = rep.ref(entry, "province", port.province, "provinces")
        if not rep.ref(entry, "sea", port.sea, "areas"):
            continue
        province = gm.provinces.get(port.province)
        if known_province and province is not None and port.sea not in province.seas:
            rep.add(entry, f"sea {port.sea!r} is not a sea area {port.province!r} borders (its seas: "
                           f"{', '.join(province.seas)})")
        if gm.areas.get(port.sea) is not None and gm.areas[port.sea].transition:
            rep.add(entry, f"sea {port.sea!r} is a transition area: a fleet entering it leaves the sheet "
                           "(U10.1), so the port could never be blockaded or reached; open it onto another area")
        if _sheet(gm, port_id) != _sheet(gm, port.province) and province is not None:
            rep.add(entry, f"is on sheet {_sheet(gm, port_id)!r} but its province {port.province!r} is on "
                           f"{_sheet(gm, port.province)!r}")


# --- trade posts -------------------------------------------------------------


def check_trade_posts(gm: RoyalMap, rep: Report) -> None:
    first_on: dict[str, str] = {}
    for post_id, post in sorted(gm.trade_posts.items()):
        entry = f"trade_posts.{post_id}"
        if post.sea in gm.provinces or post.sea in gm.ports:
            noun = "province" if post.sea in gm.provinces else "port"
            rep.add(entry, f"sea {post.sea!r} is a {noun}, not a sea area: a trade post is a sea area with the "
                           "East India Company logo (U10.4)")
            continue
        if not rep.ref(entry, "sea", post.sea, "areas"):
            continue
        if post.sea in first_on:
            rep.add(entry, f"sea area {post.sea!r} already is trade post {first_on[post.sea]!r} (one trade post per "
                           "sea area)")
        else:
            first_on[post.sea] = post_id
        area = gm.areas.get(post.sea)
        if area is not None and area.transition:
            rep.add(entry, f"sea {post.sea!r} is a transition area: a fleet entering it leaves the sheet (U10.1) "
                           "and could never stay on the trade post")
        if post.controller is not None and not post.controller.strip():
            rep.add(entry, "controller is empty: name the faction that controls it at the start, or leave the key "
                           "out (no one)")


CHECKS = (check_areas, check_reach, check_sheets, check_provinces, check_ports, check_trade_posts)
