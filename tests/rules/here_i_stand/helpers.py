"""A tiny Here I Stand map and state builders for the rules' tests (placeholder names Z…/P… as in
the spec's H11, so that no map fact is invented)."""

from __future__ import annotations

from bot.engine.dice import ScriptedDice
from bot.rulesets.here_i_stand.rules.geography import tiny_map
from bot.rulesets.here_i_stand.rules.model import (
    HisState,
    Impulse,
    NavalLeader,
    NavalUnit,
    PortState,
    Power,
    PowerKind,
    UnitType,
)

ZONES = ["Z1", "Z2", "Z3", "Z4", "Z5", "Z7", "Z8", "Z9", "Ionian Sea", "Tyrrhenian Sea", "S1", "S2"]
PORTS = {"P1": ["Z1"], "P3": ["Z2"], "P6": ["Z5"], "P7": ["Z8"], "P9a": ["Z9"], "P9b": ["Z9"],
         "Messina": ["Ionian Sea", "Tyrrhenian Sea"], "Malta": ["Ionian Sea"], "Corfu": ["Ionian Sea"],
         "PA": ["S1"], "PB": ["S2"], "PC": ["S1"], "Algiers": ["Z9"], "Istanbul": ["Z4"]}
BORDERS = [("Z1", "Z2"), ("Z2", "Z3"), ("Z4", "Z5"), ("Z5", "Z7"), ("Z7", "Z8"), ("S1", "S2"),
           ("Ionian Sea", "Tyrrhenian Sea"), ("Ionian Sea", "Z9")]
MAP = tiny_map(ZONES, PORTS, BORDERS, homes={"P6": "papacy", "P1": "hapsburg", "Istanbul": "ottoman",
                                             "PA": "hapsburg", "P7": "ottoman"},
               fortresses=frozenset({"Malta", "Corfu"}), algiers=frozenset({"Algiers"}))

NAMES = {"ottoman": "Ottomans", "hapsburg": "Hapsburgs", "england": "England", "france": "France",
         "papacy": "Papacy", "protestant": "Protestants", "knights": "Knights of St. John", "venice": "Venice"}


def powers(wars: list[tuple[str, str]] = (), **extra) -> dict[str, Power]:
    found = {}
    for pid, name in NAMES.items():
        kind = PowerKind.MINOR if pid in ("knights", "venice") else PowerKind.MAJOR
        enemies = frozenset({b for a, b in wars if a == pid} | {a for a, b in wars if b == pid})
        found[pid] = Power(id=pid, name=name, kind=kind, at_war_with=enemies, **extra.get(pid, {}))
    return found


def state(*things, wars=(), active="hapsburg", cp=1, ports=None, turn=1, **kw) -> HisState:
    units = {t.id: t for t in things if isinstance(t, NavalUnit)}
    leaders = {t.id: t for t in things if isinstance(t, NavalLeader)}
    control = {p: PortState(controller=c) for p, c in (ports or {}).items()}
    return HisState(turn=turn, powers=powers(wars, **kw.pop("power_extra", {})), units=units, leaders=leaders,
                    ports=control, impulse=Impulse(active_power=active, cp_remaining=cp), **kw)


def sq(uid: str, power: str, where: str, owner: str | None = None, vertical=False) -> NavalUnit:
    return NavalUnit(id=uid, type=UnitType.SQUADRON, owner=owner or power, controller=power, location=where,
                     vertical=vertical)


def cs(uid: str, where: str, vertical=False) -> NavalUnit:
    return NavalUnit(id=uid, type=UnitType.CORSAIR, owner="ottoman", controller="ottoman", location=where,
                     vertical=vertical)


def leader(lid: str, power: str, where: str, battle=0, piracy=0) -> NavalLeader:
    return NavalLeader(id=lid, name=lid.title(), power=power, location=where, battle_rating=battle,
                       piracy_rating=piracy)


def dice(**script) -> ScriptedDice:
    """Scripted dice keyed as the rules key them ('combat:Z7:england-france:attacker' …): pass a dict."""
    return ScriptedDice(script=dict(script))


def scripted(script: dict) -> ScriptedDice:
    return ScriptedDice(script=script)
