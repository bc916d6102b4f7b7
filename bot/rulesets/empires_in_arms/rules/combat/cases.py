"""A case procedure ``naval_battle`` (docs/scenarios.md, a plug-in's ``case_procedures``): one battle
fought on a case's state, with the combat module's outputs (EX5: "combat-module outputs are test
inputs") or the moderators' form values as its inputs, round by round.  It returns the battle's events
and the state unchanged: applying an outcome (E9's placements) is the impulse's, not combat's.

Reads the model duck-typed (``state.squadrons[id]`` with ``nation``/``status``/``label``,
``state.nations[id]`` with ``name``/``nationality_key``, ``state.port_control``) and the board
(``name_of``, ``zone_of``, ``is_fortress``): combat imports neither.

Section::

    naval_battle:
      impulse: "1"                 # the dice keys' impulse (default "1")
      kind: port                   # interception | patrol | port | strait | landing | loss_of_port
      place: p2                    # the zone, the port (port, landing) or the strait
      zone: z2                     # default: the place's zone (a port's), or the place
      battery_port: f              # strait: the fortress port firing (E13.1); port/landing: the place
      active: {squadrons: [b1, b2], commander: britain, evasion_failed_bonus: false, left_port: null,
               lost_port: false, fives_before: 0}
      inactive: {squadrons: [f1]}
      results: {0: {battery_result: 1}, 1: {active_result: 3, inactive_result: 1, battery_result: 1}}
      form: {1: {active_result: 2, inactive_result: 1, active_losses: "Victory", winner: 1}}
"""

from __future__ import annotations

from typing import Any

from bot.domain.events import Event
from bot.engine.dice import Dice

from .battle import advance, enter_round, open_battle
from .form import read_form
from .types import (
    Battery,
    Battle,
    BattleKind,
    BattleSide,
    CombatError,
    CombatSettings,
    CombatSquadron,
    RoundResult,
    ScriptedCombat,
)

SIDE_FLAGS = ("evasion_failed_bonus", "left_port", "lost_port", "fives_before")


def naval_battle(state: Any, gamemap: Any, settings: Any, dice: Dice,
                 section: dict[str, Any]) -> tuple[Any, list[Event]]:
    combat = CombatSettings.of(settings)
    battle = battle_of(state, gamemap, combat, section)
    module = ScriptedCombat({int(r): RoundResult(**v) for r, v in (section.get("results") or {}).items()})
    forms = {int(r): v for r, v in (section.get("form") or {}).items()}
    fight, events = open_battle(battle)
    fight, more = advance(fight, module, dice, combat)
    events += more
    while fight.awaiting is not None and fight.awaiting.round_no in forms:
        fight, more = enter_round(fight, read_form(fight, forms[fight.awaiting.round_no]), combat)
        events += more
        fight, more = advance(fight, module, dice, combat)
        events += more
    return state, events


def battle_of(state: Any, board: Any, settings: CombatSettings, section: dict[str, Any]) -> Battle:
    kind = BattleKind(section.get("kind", BattleKind.INTERCEPTION))
    place = section["place"]
    zone = section.get("zone") or board.zone_of(place) or place
    sides = {role: side_of(state, section.get(role) or {}) for role in ("active", "inactive")}
    names = {n: state.nations[n].name for n in state.nations}
    names |= {place: board.name_of(place), zone: board.name_of(zone)}
    return Battle(impulse=str(section.get("impulse", "1")), kind=kind, place=place, zone=zone,
                  active=sides["active"], inactive=sides["inactive"],
                  battery=battery_of(state, board, settings, kind, place, section.get("battery_port")), names=names)


def side_of(state: Any, spec: dict[str, Any]) -> BattleSide:
    squadrons = tuple(_squadron(state, sid) for sid in spec.get("squadrons") or ())
    nations = tuple(dict.fromkeys(state.major_of(s.nation) if hasattr(state, "major_of") else s.nation
                                  for s in squadrons)) or tuple(spec.get("nations") or ())
    commander = spec.get("commander")
    flags = {k: spec[k] for k in SIDE_FLAGS if k in spec}
    return BattleSide(nations=nations, squadrons=squadrons, commander_nation=commander,
                      commander_nationality=_nationality(state, commander) if commander else None, **flags)


def _squadron(state: Any, sid: str) -> CombatSquadron:
    if sid not in state.squadrons:
        raise CombatError(f"no squadron {sid!r} in the case's state; its squadrons: {', '.join(state.squadrons)}")
    found = state.squadrons[sid]
    return CombatSquadron(id=sid, name=found.label, nation=found.nation, nationality=_nationality(state, found.nation),
                          status=str(found.status))


def _nationality(state: Any, nation: str) -> str:
    known = state.nations.get(nation)
    return getattr(known, "nationality_key", nation) if known is not None else nation


def battery_of(state: Any, board: Any, settings: CombatSettings, kind: BattleKind, place: str,
               battery_port: str | None) -> Battery | None:
    """E10.2 / E12.2: the port's batteries, 2 dice or 4 for a fortress; E13.1 (E-OP-24): the strait's
    fortress, the strait's CFG dice."""
    if kind not in (BattleKind.PORT, BattleKind.LANDING, BattleKind.STRAIT):
        return None
    port = battery_port or place
    fortress = bool(board.is_fortress(port))
    if kind == BattleKind.STRAIT:
        dice = settings.strait_battery_dice
    else:
        dice = settings.fortress_battery_dice if fortress else settings.port_battery_dice
    owner = (getattr(state, "port_control", {}) or {}).get(port, "")
    return Battery(place=port, owner=owner, fortress=fortress, dice=dice)
