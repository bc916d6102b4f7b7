"""Templates of trade fleets, LoCs, straits, blockades and repair (S3, S4.3,
S4.9, S6, S8.1).  Public lines about pirates never name the fleet or its
owner (S8.1.2, OP-49)."""

from __future__ import annotations

from typing import Callable

from bot.domain.events import Event
from bot.i18n import N_
from bot.rulesets.sengoku.report.names import Names

# A fleet's task inside a sentence, one sentence per task: a language may word "for plunder" and
# "for piracy" differently (a noun here, where the order's "will plunder" is a verb).
SAILED = {"tf_piracy": N_("{fleet} sails for piracy ({subphase}): {route}."),
          "tf_plunder": N_("{fleet} sails for plunder ({subphase}): {route}.")}
STAYED = {"tf_piracy": N_("{fleet} did not sail for piracy off {area} ({subphase}): the path was not clear ({where}). "
                          "It stays idle; the task is cancelled (S3.4.2, OP-10)."),
          "tf_plunder": N_("{fleet} did not sail for plunder off {area} ({subphase}): the path was not clear "
                           "({where}). It stays idle; the task is cancelled (S3.4.2, OP-10).")}


def _when(n: Names, subphase: str) -> str:
    return n.t._("at the start of planning") if subphase == "start" else n.t._("in {subphase}", subphase=subphase)


def _clans(n: Names, clans: list[str]) -> str:
    return ", ".join(n.clan(c) for c in clans)


def _route(n: Names, route: list[str]) -> str:
    return " → ".join(n.area(a) for a in route)


def _loc_name(n: Names, loc: str) -> str:
    """A map LoC by name; a kept LoC not on the map (``port-area``) by its ends."""
    if loc in n.map.locs:
        return n.map.locs[loc].name
    port, _, area = loc.partition("-")
    return f"{n.port(port)}–{n.area(area)}" if area else loc


def _lifted(e, n: Names) -> str:
    if e.what == "port":
        return n.t._("The blockade of {port} is lifted ({subphase}).", port=n.port(e.id), subphase=e.subphase)
    if e.what == "loc":
        return n.t._("The line of communication {loc} is open again ({subphase}).", loc=_loc_name(n, e.id),
                     subphase=e.subphase)
    return n.t._("The crossing of {strait} is open again ({subphase}).", strait=n.map.straits[e.id].name,
                 subphase=e.subphase)


def _stayed_idle(e, n: Names) -> str:
    where = "; ".join(n.t._("{unit} off {area}", unit=n.unit(u), area=n.area(a)) for a, u in e.blockers)
    values = dict(fleet=n.unit(e.fleet), area=n.area(e.target), subphase=e.subphase, where=where)
    if e.task in STAYED:
        return n.t._(STAYED[e.task], **values)
    return (f"{values['fleet']} did not sail for {e.task} off {values['area']} ({e.subphase}): the path was not "
            f"clear ({where}). It stays idle; the task is cancelled (S3.4.2, OP-10).")  # no such task today


def _sailed(e, n: Names) -> str:
    values = dict(fleet=n.unit(e.fleet), subphase=e.subphase, route=_route(n, e.route))
    if e.task in SAILED:
        return n.t._(SAILED[e.task], **values)
    return f"{values['fleet']} sails for {e.task} ({e.subphase}): {values['route']}."  # no such task today


def _looted(e, n: Names) -> str:
    return n.t._("{fleet} plundered the coast of {area}: 2d6 [{faces}] = {rice} rice brought to {port} (S3.5.3, "
                 "OP-12)   (key {key})", fleet=n.unit(e.fleet), area=n.area(e.area),
                 faces="·".join(map(str, e.faces)), rice=e.rice, port=n.port(e.port), key=e.key)


def _repaired(e, n: Names) -> str:
    hds = "".join(f"; {n.unit(hd)} {a} → {b}" for hd, a, b in e.heavy)
    return n.t._("{unit} repaired in port ({subphase}): damage {before} → {after}{heavy} (OP-18).",
                 unit=n.unit(e.unit), subphase=e.subphase, before=e.before, after=e.after, heavy=hds)


def _trade(e, n: Names) -> str:
    t = n.t
    host = t._(", for the host {clan} (S2.4)", clan=n.clan(e.beneficiary)) if e.beneficiary != e.owner else ""
    blocked = (t._("blocked in {subphases}", subphases=", ".join(e.blocked_in)) if e.blocked_in
               else t._("not blocked"))
    return t._("Trade: {fleet} traded from {port} since {since}{host}; {blocked} (OP-03).", fleet=n.unit(e.fleet),
               port=n.port(e.port), since=e.since, host=host, blocked=blocked)


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "port_blockaded": lambda e, n: n.t._("{port} is blockaded {when} by {units}: its trade and communications are "
                                         "cut for {clan} (S4.3.3).", port=n.port(e.port), when=_when(n, e.subphase),
                                         units=n.units(e.by), clan=n.clan(e.owner)),
    "loc_cut": lambda e, n: n.t._("The line of communication {loc} is cut {when} for {clans} by {units} (OP-20, S6).",
                                  loc=_loc_name(n, e.loc), when=_when(n, e.subphase), clans=_clans(n, e.for_clans),
                                  units=n.units(e.by)),
    "crossing_blocked": lambda e, n: n.t._("The crossing of {strait} is blocked {when} for {clans} by {units} (S6).",
                                           strait=n.map.straits[e.strait].name, when=_when(n, e.subphase),
                                           clans=_clans(n, e.for_clans), units=n.units(e.by)),
    "blockade_lifted": _lifted,
    "trade_blocked": lambda e, n: "",  # summed up by trade_recorded at turn end
    "fleet_sailed": _sailed,
    "fleet_stayed_idle": _stayed_idle,
    "pirates_present": lambda e, n: n.t._("Pirates are operating off {port} ({subphase}).", port=n.port(e.port),
                                          subphase=e.subphase),
    "piracy_clash": lambda e, n: n.t._("{units} fell on pirates off {port} ({subphase}): the pirates were damaged and "
                                       "driven home (S8.1).", units=n.units(e.by), port=n.port(e.port),
                                       subphase=e.subphase),
    "pirate_identified": lambda e, n: n.t._(
        "The pirates caught off {port} by {units} were {fleet} of {clan}: damaged, back to {back_to}; their piracy "
        "yields nothing (S8.1.2).", port=n.port(e.port), units=n.units(e.by), fleet=n.unit(e.fleet),
        clan=n.clan(e.owner), back_to=n.port(e.back_to)),
    "plunder_looted": _looted,
    "plunder_hindered": lambda e, n: n.t._("{fleet} was hindered off {area} by {units}: no plunder ({subphase}, "
                                           "OP-12 a).", fleet=n.unit(e.fleet), area=n.area(e.area),
                                           units=n.units(e.by), subphase=e.subphase),
    "loc_task_cancelled": lambda e, n: n.t._(
        "{fleet} could not keep the line of communication {loc} open: blocked by {units} in {subphase}; the task is "
        "cancelled (S3.6.2).", fleet=n.unit(e.fleet), loc=_loc_name(n, e.loc), units=n.units(e.by),
        subphase=e.subphase),
    "loc_secured": lambda e, n: n.t._("{fleet} kept the line of communication {loc} open all turn: it is active from "
                                      "turn {turn} (S3.6.2).", fleet=n.unit(e.fleet), loc=_loc_name(n, e.loc),
                                      turn=e.active_from_turn),
    "trade_recorded": _trade,
    "piracy_recorded": lambda e, n: n.t._("Piracy: {fleet} pirated off {port} since {since}; its share of the loot is "
                                          "settled at Turn Start (S3.4.4, OP-03).", fleet=n.unit(e.fleet),
                                          port=n.port(e.port), since=e.since),
    "fleet_returned": lambda e, n: n.t._("{fleet} returns to {port}.", fleet=n.unit(e.fleet), port=n.port(e.port)),
    "fleet_repaired": lambda e, n: n.t._("{fleet} is repaired at {port} ({subphase}, S3.2.6).", fleet=n.unit(e.fleet),
                                         port=n.port(e.port), subphase=e.subphase),
    "squadron_repaired": _repaired,
}


def _locs_cut(events, n: Names) -> str:
    """One line for the lines cut at one moment, grouped by who cuts them for whom."""
    groups: dict[tuple, list[str]] = {}
    for e in events:
        groups.setdefault((tuple(e.by), tuple(e.for_clans)), []).append(_loc_name(n, e.loc))
    parts = [n.t._("by {units} for {clans}: {locs}", units=n.units(list(by)), clans=_clans(n, list(clans)),
                   locs=", ".join(locs)) for (by, clans), locs in groups.items()]
    return n.t._("Lines of communication cut {when} (OP-20, S6) — {parts}.", when=_when(n, events[0].subphase),
                 parts="; ".join(parts))


GROUPED = {"loc_cut": _locs_cut}
