"""Helpers of the naval battle tests (U6): the U6.1 example ship values, sides, and a fight with
scripted dice that fails on one die too many (ScriptedDice refuses an unplanned key) or too few
(``assert_all_used``)."""

from __future__ import annotations

from bot.engine.dice import ScriptedDice
from bot.rulesets.royal_fleets.rules.battle import BattleSettings, BattleShip, BattleSide, fight

# U6.1: derived, non-normative placeholder values (attack, max health), from the source's example (U8.2).
TYPES = {"galleass": (2, 8), "galleon": (6, 17), "flute": (3, 12), "frigate": (4, 12), "line": (6, 20)}
KEY = "battle:X"


def ship(ship_id: str, type_: str, faction: str, fleet: str, health: int | None = None) -> BattleShip:
    attack, max_health = TYPES[type_]
    return BattleShip(id=ship_id, type=type_, faction=faction, fleet=fleet, attack=attack,
                      health=max_health if health is None else health, max_health=max_health)


def side(faction: str, *ships: tuple, **fields) -> BattleSide:
    """``side("spain", ("gs1", "galleass"), ("gn1", "galleon", 9), ...)``: one fleet ``<faction>-fleet``."""
    return BattleSide(factions=fields.pop("factions", (faction,)),
                      ships=tuple(ship(s[0], s[1], faction, f"{faction}-fleet", *s[2:]) for s in ships), **fields)


def initiative(round_: int, attacker: int, defender: int) -> dict[str, int]:
    return {f"{KEY}:r{round_}:initiative:attacker": attacker, f"{KEY}:r{round_}:initiative:defender": defender}


def retreat(round_: int, attacker: int, defender: int) -> dict[str, int]:
    return {f"{KEY}:r{round_}:retreat:attacker": attacker, f"{KEY}:r{round_}:retreat:defender": defender}


def run(attacker: BattleSide, defender: BattleSide, script: dict, **settings):
    dice = ScriptedDice({**script})
    result = fight(attacker, defender, BattleSettings(**settings), dice, area="X")
    dice.assert_all_used()
    return result


def healths(result, round_: int | None = None) -> dict[str, int]:
    """Every ship's health at the end of ``round_`` (default: after the battle)."""
    if round_ is None:
        return {ship: fate.health for ship, fate in result.ships.items()}
    return dict(result.rounds[round_ - 1].health_after)


def kinds(result) -> list[str]:
    return [event.kind for event in result.events]
