"""Templates of the wave-W3 mission effects: port attacks (S8.8), ravage and
plunder (S4.6, OP-04), squadron piracy (S4.7, OP-23)."""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.rulesets.sengoku.report.names import Names


def _clans(clans: list[str], n: Names) -> str:
    return " and ".join(n.clan(c) for c in clans)


def _superiority(e, n: Names) -> str:
    parts = [f"guard {e.guard_figures}"]
    if e.repairing_squadrons:
        parts.append(f"{len(e.repairing_squadrons)} × 10 for {n.units(e.repairing_squadrons)} under repair")
    if e.repairing_heavy:
        parts.append(f"{len(e.repairing_heavy)} × 8 for heavy detachments {', '.join(e.repairing_heavy)} under repair")
    needed = f"more than {2 * e.defender_figures}" if e.strict else f"at least {2 * e.defender_figures}"
    verdict = "reached" if e.reached else "missed"
    return (f"  Twofold superiority at {n.port(e.port)} (S8.8.4): attackers {e.attacker_figures} vs defenders "
            f"{e.defender_figures} ({'; '.join(parts)}); needed {needed} → {verdict}.")


def _ravaged(e, n: Names) -> str:
    how = "undefended, " if e.undefended else ""
    if e.destroyed:
        return (f"  {n.port(e.port)} ({how}taken by {_clans(e.clans, n)}) is destroyed with its warehouses and "
                f"shipyard (S8.8.2).")
    return f"  {n.port(e.port)} ({how}taken by {_clans(e.clans, n)}) is ravaged; the port itself is spared."


def _leader(e, n: Names) -> str:
    if e.record == "victory":
        return (f"    {n.character(e.character)}: a successful port attack at {n.port(e.where)} counts as a "
                f"victory toward the naval art ({e.victories} so far, S9.3.1).")
    place = n.port(e.where) if e.where in n.map.ports else n.area(e.where)
    return (f"    {n.character(e.character)} destroyed ships at anchor at {place}: a veteran from next turn "
            f"(S9.2.3).")


def _loot(e, n: Names) -> str:
    place = n.port(e.place) if e.source == "port" else f"the coast of {n.area(e.place)}"
    return (f"    Loot from {place}: {e.dice} [{'·'.join(map(str, e.faces))}] = {e.total} RP for "
            f"{n.clan(e.clan)}   (key {e.key})")


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "port_attacked": lambda e, n: f"{_clans(e.clans, n)} attack{'s' if len(e.clans) == 1 else ''} "
                                  f"{n.port(e.port)} with {n.units(e.units)} (S8.8).",
    "port_attack_void": lambda e, n: f"  The attack on {n.port(e.port)} by {n.units(e.units)} ends: {e.reason}.",
    "heavy_in_port": lambda e, n: f"  {n.unit(e.unit)} defends {n.port(e.port)} " + (
        f"attached for the time being to {n.unit(e.attached_to)}" if e.attached_to
        else "as a squadron of its own, without special rules") + " (S8.8.3).",
    "superiority_checked": _superiority,
    "port_landing": lambda e, n: (f"  {_clans(e.clans, n)} land{'s' if len(e.clans) == 1 else ''} at "
                                  f"{n.port(e.port)} with twofold superiority (S8.8.4)." if e.landed else
                                  f"  No landing at {n.port(e.port)}: {_clans(e.clans, n)} lack"
                                  f"{'s' if len(e.clans) == 1 else ''} twofold superiority; only the ships at "
                                  f"anchor can be destroyed (S8.8.4)."),
    "port_ravaged": _ravaged,
    "looted": lambda e, n: f"  {n.clan(e.clan)} carries off loot from {n.port(e.place)} (S8.8.2).",
    "loot_rolled": _loot,
    "coast_ravaged": lambda e, n: f"{n.units(e.units)} ravage{'s' if len(e.units) == 1 else ''} the coast of "
                                  f"{n.area(e.area)} for {n.clan(e.clan)} (S4.6).",
    "coast_plundered": lambda e, n: f"{n.unit(e.unit)} plunders the coast of {n.area(e.area)} for "
                                    f"{n.clan(e.clan)} (S4.6).",
    "leader_record": _leader,
    "pirates_sighted": lambda e, n: f"Pirates are active near {n.port(e.port)} (S4.7).",
    "piracy_begun": lambda e, n: f"{n.unit(e.unit)} is pirating near {n.port(e.port)}; it stays there until the "
                                 f"end of the turn (S4.7).",
    "piracy_cancelled": lambda e, n: f"{n.unit(e.unit)}'s piracy near {n.port(e.port)} is cancelled: {e.reason}; "
                                     f"it takes no loot (S4.7.3).",
    "piracy_held": lambda e, n: f"{n.unit(e.unit)} pirated near {n.port(e.port)} until the end of the turn: its "
                                f"loot is shared at the Turn Start Phase (S4.7.4).",
    "pirates_at_port": lambda e, n: f"Hand-over (OP-03): pirate squadrons near {n.port(e.port)} on turn {e.turn}: "
                                    f"{n.units(e.units)} ({_clans(e.clans, n)}).",
}
