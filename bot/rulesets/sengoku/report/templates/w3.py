"""Templates of the wave-W3 mission effects: port attacks (S8.8), ravage and
plunder (S4.6, OP-04), squadron piracy (S4.7, OP-23)."""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.rulesets.sengoku.report.names import Names


def _clans(clans: list[str], n: Names) -> str:
    return n.t._(" and ").join(n.clan(c) for c in clans)


def _superiority(e, n: Names) -> str:
    t = n.t
    parts = [t._("guard {figures}", figures=e.guard_figures)]
    if e.repairing_squadrons:
        parts.append(t._("{count} × 10 for {units} under repair", count=len(e.repairing_squadrons),
                         units=n.units(e.repairing_squadrons)))
    if e.repairing_heavy:
        parts.append(t._("{count} × 8 for heavy detachments {units} under repair", count=len(e.repairing_heavy),
                         units=", ".join(e.repairing_heavy)))
    needed = (t._("more than {figures}", figures=2 * e.defender_figures) if e.strict
              else t._("at least {figures}", figures=2 * e.defender_figures))
    verdict = t._("reached") if e.reached else t._("missed")
    return t._("  Twofold superiority at {port} (S8.8.4): attackers {attackers} vs defenders {defenders} ({parts}); "
               "needed {needed} → {verdict}.", port=n.port(e.port), attackers=e.attacker_figures,
               defenders=e.defender_figures, parts="; ".join(parts), needed=needed, verdict=verdict)


def _ravaged(e, n: Names) -> str:
    t = n.t
    values = dict(port=n.port(e.port), clans=_clans(e.clans, n))
    if e.destroyed:
        if e.undefended:
            return t._("  {port} (undefended, taken by {clans}) is destroyed with its warehouses and shipyard "
                       "(S8.8.2).", **values)
        return t._("  {port} (taken by {clans}) is destroyed with its warehouses and shipyard (S8.8.2).", **values)
    if e.undefended:
        return t._("  {port} (undefended, taken by {clans}) is ravaged; the port itself is spared.", **values)
    return t._("  {port} (taken by {clans}) is ravaged; the port itself is spared.", **values)


def _leader(e, n: Names) -> str:
    if e.record == "victory":
        return n.t._("    {character}: a successful port attack at {port} counts as a victory toward the naval art "
                     "({victories} so far, S9.3.1).", character=n.character(e.character), port=n.port(e.where),
                     victories=e.victories)
    place = n.port(e.where) if e.where in n.map.ports else n.area(e.where)
    return n.t._("    {character} destroyed ships at anchor at {place}: a veteran from next turn (S9.2.3).",
                 character=n.character(e.character), place=place)


def _loot(e, n: Names) -> str:
    place = (n.port(e.place) if e.source == "port"
             else n.t._("the coast of {area}", area=n.area(e.place)))
    return n.t._("    Loot from {place}: {dice} [{faces}] = {total} RP for {clan}   (key {key})", place=place,
                 dice=e.dice, faces="·".join(map(str, e.faces)), total=e.total, clan=n.clan(e.clan), key=e.key)


def _attacked(e, n: Names) -> str:
    return n.t.n_("{clans} attacks {port} with {units} (S8.8).", "{clans} attack {port} with {units} (S8.8).",
                  len(e.clans), clans=_clans(e.clans, n), port=n.port(e.port), units=n.units(e.units))


def _heavy_in_port(e, n: Names) -> str:
    if e.attached_to:
        return n.t._("  {unit} defends {port} attached for the time being to {squadron} (S8.8.3).",
                     unit=n.unit(e.unit), port=n.port(e.port), squadron=n.unit(e.attached_to))
    return n.t._("  {unit} defends {port} as a squadron of its own, without special rules (S8.8.3).",
                 unit=n.unit(e.unit), port=n.port(e.port))


def _port_landing(e, n: Names) -> str:
    values = dict(clans=_clans(e.clans, n), port=n.port(e.port))
    if e.landed:
        return n.t.n_("  {clans} lands at {port} with twofold superiority (S8.8.4).",
                      "  {clans} land at {port} with twofold superiority (S8.8.4).", len(e.clans), **values)
    return n.t.n_("  No landing at {port}: {clans} lacks twofold superiority; only the ships at anchor can be "
                  "destroyed (S8.8.4).",
                  "  No landing at {port}: {clans} lack twofold superiority; only the ships at anchor can be "
                  "destroyed (S8.8.4).", len(e.clans), **values)


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "port_attacked": _attacked,
    "port_attack_void": lambda e, n: n.t._("  The attack on {port} by {units} ends: {reason}.", port=n.port(e.port),
                                           units=n.units(e.units), reason=n.text(e.reason)),
    "heavy_in_port": _heavy_in_port,
    "superiority_checked": _superiority,
    "port_landing": _port_landing,
    "port_ravaged": _ravaged,
    "looted": lambda e, n: n.t._("  {clan} carries off loot from {port} (S8.8.2).", clan=n.clan(e.clan),
                                 port=n.port(e.place)),
    "loot_rolled": _loot,
    "coast_ravaged": lambda e, n: n.t.n_("{units} ravages the coast of {area} for {clan} (S4.6).",
                                         "{units} ravage the coast of {area} for {clan} (S4.6).", len(e.units),
                                         units=n.units(e.units), area=n.area(e.area), clan=n.clan(e.clan)),
    "coast_plundered": lambda e, n: n.t._("{unit} plunders the coast of {area} for {clan} (S4.6).",
                                          unit=n.unit(e.unit), area=n.area(e.area), clan=n.clan(e.clan)),
    "leader_record": _leader,
    "pirates_sighted": lambda e, n: n.t._("Pirates are active near {port} (S4.7).", port=n.port(e.port)),
    "piracy_begun": lambda e, n: n.t._("{unit} is pirating near {port}; it stays there until the end of the turn "
                                       "(S4.7).", unit=n.unit(e.unit), port=n.port(e.port)),
    "piracy_cancelled": lambda e, n: n.t._("{unit}'s piracy near {port} is cancelled: {reason}; it takes no loot "
                                           "(S4.7.3).", unit=n.unit(e.unit), port=n.port(e.port),
                                           reason=n.text(e.reason)),
    "piracy_held": lambda e, n: n.t._("{unit} pirated near {port} until the end of the turn: its loot is shared at "
                                      "the Turn Start Phase (S4.7.4).", unit=n.unit(e.unit), port=n.port(e.port)),
    "pirates_at_port": lambda e, n: n.t._("Hand-over (OP-03): pirate squadrons near {port} on turn {turn}: {units} "
                                          "({clans}).", port=n.port(e.port), turn=e.turn, units=n.units(e.units),
                                          clans=_clans(e.clans, n)),
}
