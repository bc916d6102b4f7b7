"""Templates of trade fleets, LoCs, straits, blockades and repair (S3, S4.3,
S4.9, S6, S8.1).  Public lines about pirates never name the fleet or its
owner (S8.1.2, OP-49)."""

from __future__ import annotations

from typing import Callable

from bot.domain.events import Event
from bot.rulesets.sengoku.report.names import Names

TASKS = {"tf_piracy": "piracy", "tf_plunder": "plunder"}


def _when(subphase: str) -> str:
    return "at the start of planning" if subphase == "start" else f"in {subphase}"


def _clans(n: Names, clans: list[str]) -> str:
    return ", ".join(n.clan(c) for c in clans)


def _loc_name(n: Names, loc: str) -> str:
    """A map LoC by name; a kept LoC not on the map (``port-area``) by its ends."""
    if loc in n.map.locs:
        return n.map.locs[loc].name
    port, _, area = loc.partition("-")
    return f"{n.port(port)}–{n.area(area)}" if area else loc


def _lifted(e, n: Names) -> str:
    if e.what == "port":
        return f"The blockade of {n.port(e.id)} is lifted ({e.subphase})."
    if e.what == "loc":
        return f"The line of communication {_loc_name(n, e.id)} is open again ({e.subphase})."
    return f"The crossing of {n.map.straits[e.id].name} is open again ({e.subphase})."


def _stayed_idle(e, n: Names) -> str:
    where = "; ".join(f"{n.unit(u)} off {n.area(a)}" for a, u in e.blockers)
    return (f"{n.unit(e.fleet)} did not sail for {TASKS.get(e.task, e.task)} off {n.area(e.target)} "
            f"({e.subphase}): the path was not clear ({where}). It stays idle; the task is cancelled (S3.4.2, OP-10).")


def _looted(e, n: Names) -> str:
    return (f"{n.unit(e.fleet)} plundered the coast of {n.area(e.area)}: 2d6 [{'·'.join(map(str, e.faces))}] = "
            f"{e.rice} rice brought to {n.port(e.port)} (S3.5.3, OP-12)   (key {e.key})")


def _repaired(e, n: Names) -> str:
    hds = "".join(f"; {n.unit(hd)} {a} → {b}" for hd, a, b in e.heavy)
    return f"{n.unit(e.unit)} repaired in port ({e.subphase}): damage {e.before} → {e.after}{hds} (OP-18)."


def _trade(e, n: Names) -> str:
    host = f", for the host {n.clan(e.beneficiary)} (S2.4)" if e.beneficiary != e.owner else ""
    blocked = f"blocked in {', '.join(e.blocked_in)}" if e.blocked_in else "not blocked"
    return f"Trade: {n.unit(e.fleet)} traded from {n.port(e.port)} since {e.since}{host}; {blocked} (OP-03)."


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "port_blockaded": lambda e, n: f"{n.port(e.port)} is blockaded {_when(e.subphase)} by {n.units(e.by)}: "
                                   f"its trade and communications are cut for {n.clan(e.owner)} (S4.3.3).",
    "loc_cut": lambda e, n: f"The line of communication {_loc_name(n, e.loc)} is cut {_when(e.subphase)} for "
                            f"{_clans(n, e.for_clans)} by {n.units(e.by)} (OP-20, S6).",
    "crossing_blocked": lambda e, n: f"The crossing of {n.map.straits[e.strait].name} is blocked "
                                     f"{_when(e.subphase)} for {_clans(n, e.for_clans)} by {n.units(e.by)} (S6).",
    "blockade_lifted": _lifted,
    "trade_blocked": lambda e, n: "",  # summed up by trade_recorded at turn end
    "fleet_sailed": lambda e, n: f"{n.unit(e.fleet)} sails for {TASKS.get(e.task, e.task)} ({e.subphase}): "
                                 f"{' → '.join(n.area(a) for a in e.route)}.",
    "fleet_stayed_idle": _stayed_idle,
    "pirates_present": lambda e, n: f"Pirates are operating off {n.port(e.port)} ({e.subphase}).",
    "piracy_clash": lambda e, n: f"{n.units(e.by)} fell on pirates off {n.port(e.port)} ({e.subphase}): the "
                                 f"pirates were damaged and driven home (S8.1).",
    "pirate_identified": lambda e, n: f"The pirates caught off {n.port(e.port)} by {n.units(e.by)} were "
                                      f"{n.unit(e.fleet)} of {n.clan(e.owner)}: damaged, back to "
                                      f"{n.port(e.back_to)}; their piracy yields nothing (S8.1.2).",
    "plunder_looted": _looted,
    "plunder_hindered": lambda e, n: f"{n.unit(e.fleet)} was hindered off {n.area(e.area)} by {n.units(e.by)}: "
                                     f"no plunder ({e.subphase}, OP-12 a).",
    "loc_task_cancelled": lambda e, n: f"{n.unit(e.fleet)} could not keep the line of communication "
                                       f"{_loc_name(n, e.loc)} open: blocked by {n.units(e.by)} in {e.subphase}; "
                                       f"the task is cancelled (S3.6.2).",
    "loc_secured": lambda e, n: f"{n.unit(e.fleet)} kept the line of communication {_loc_name(n, e.loc)} open "
                                f"all turn: it is active from turn {e.active_from_turn} (S3.6.2).",
    "trade_recorded": _trade,
    "piracy_recorded": lambda e, n: f"Piracy: {n.unit(e.fleet)} pirated off {n.port(e.port)} since {e.since}; "
                                    f"its share of the loot is settled at Turn Start (S3.4.4, OP-03).",
    "fleet_returned": lambda e, n: f"{n.unit(e.fleet)} returns to {n.port(e.port)}.",
    "fleet_repaired": lambda e, n: f"{n.unit(e.fleet)} is repaired at {n.port(e.port)} ({e.subphase}, S3.2.6).",
    "squadron_repaired": _repaired,
}


def _locs_cut(events, n: Names) -> str:
    """One line for the lines cut at one moment, grouped by who cuts them for whom."""
    groups: dict[tuple, list[str]] = {}
    for e in events:
        groups.setdefault((tuple(e.by), tuple(e.for_clans)), []).append(_loc_name(n, e.loc))
    parts = [f"by {n.units(list(by))} for {_clans(n, list(clans))}: {', '.join(locs)}"
             for (by, clans), locs in groups.items()]
    return f"Lines of communication cut {_when(events[0].subphase)} (OP-20, S6) — " + "; ".join(parts) + "."


GROUPED = {"loc_cut": _locs_cut}
