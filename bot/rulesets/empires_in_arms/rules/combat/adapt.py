"""A ``Battle`` built from the game's state and board, read duck-typed so that combat imports neither:
``state.squadrons[id]`` (``nation``, ``status``, ``label``), ``state.nations[id]`` (``name``,
``nationality_key``), ``state.major_of``, ``state.port_control``; ``board.name_of``, ``zone_of``,
``is_fortress``.  The impulse's steps (and the ``naval_battle`` case procedure) call it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .types import Battery, Battle, BattleKind, BattleSide, CombatError, CombatSettings, CombatSquadron

SIDE_FLAGS = ("evasion_failed_bonus", "left_port", "entering_port", "lost_port", "fives_before")


def side_from(state: Any, squadron_ids: Iterable[str], *, commander: str | None = None,
              nations: Iterable[str] = (), commanders: dict[str, str] | None = None, **flags: Any) -> BattleSide:
    """One side: its squadrons, its nations (their majors, E2.1, in order of appearance; ``nations``
    when it has none, e.g. a strait's or an empty port's defender), E4.2's commander nation for the whole
    side (``commander``) or per squadron (``commanders``: squadron id → the commander nation of its stack,
    when a side holds several stacks, E4.5), and the flags."""
    per = {sid: _nationality(state, nation) for sid, nation in (commanders or {}).items()}
    squadrons = tuple(_squadron(state, sid).model_copy(update={"commander_nationality": per.get(sid)})
                      for sid in squadron_ids)
    majors = tuple(dict.fromkeys(_major(state, s.nation) for s in squadrons)) or tuple(nations)
    unknown = set(flags) - set(SIDE_FLAGS)
    if unknown:
        raise CombatError(f"unknown side flags {', '.join(sorted(unknown))}; known: {', '.join(SIDE_FLAGS)}")
    return BattleSide(nations=majors, squadrons=squadrons, commander_nation=commander,
                      commander_nationality=_nationality(state, commander) if commander else None, **flags)


def battle_from(state: Any, board: Any, settings: CombatSettings, *, impulse: str, kind: BattleKind | str,
                place: str, active: BattleSide, inactive: BattleSide, zone: str | None = None,
                battery_port: str | None = None, number: int = 1) -> Battle:
    """The battle at ``place`` (a zone; the port of a port battle or a landing; a strait), its zone (the
    port's, E-OP-20), its battery (E10.2, E12.2, E13.1) and the names users read."""
    kind = BattleKind(kind)
    zone = zone or board.zone_of(place) or place
    names = {n: state.nations[n].name for n in state.nations}
    names |= {place: board.name_of(place), zone: board.name_of(zone)}
    return Battle(impulse=str(impulse), kind=kind, place=place, zone=zone, number=number, active=active,
                  inactive=inactive, battery=battery_of(state, board, settings, kind, place, battery_port),
                  names=names)


def battery_of(state: Any, board: Any, settings: CombatSettings, kind: BattleKind, place: str,
               battery_port: str | None = None) -> Battery | None:
    """E10.2 / E12.2: the port's batteries, 2 dice or 4 for a fortress; E13.1 (E-OP-24): the strait's
    fortress port, the strait's CFG dice.  None for a battle at sea."""
    if kind not in (BattleKind.PORT, BattleKind.LANDING, BattleKind.STRAIT):
        return None
    port = battery_port or place
    fortress = bool(board.is_fortress(port))
    if kind == BattleKind.STRAIT:
        dice = settings.strait_battery_dice
    else:
        dice = settings.fortress_battery_dice if fortress else settings.port_battery_dice
    owner = (getattr(state, "port_control", None) or {}).get(port, "")
    return Battery(place=port, owner=owner, fortress=fortress, dice=dice)


def _squadron(state: Any, sid: str) -> CombatSquadron:
    if sid not in state.squadrons:
        raise CombatError(f"no squadron {sid!r} in the state; its squadrons: {', '.join(sorted(state.squadrons))}")
    found = state.squadrons[sid]
    return CombatSquadron(id=sid, name=found.label, nation=found.nation,
                          nationality=_nationality(state, found.nation), status=str(found.status))


def _major(state: Any, nation: str) -> str:
    return state.major_of(nation) if hasattr(state, "major_of") else nation


def _nationality(state: Any, nation: str) -> str:
    known = state.nations.get(nation)
    return getattr(known, "nationality_key", nation) if known is not None else nation
