"""A ship's values from the campaign's ship-type table (U6.1, U-OP-15) and what the rules derive
from them: effective attack (U6.2.2), a fleet's attack and capacity, and which values are missing."""

from __future__ import annotations

from fractions import Fraction

from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings
from bot.rulesets.royal_fleets.rules.model.state import Fleet, Ship


def max_health(settings: RoyalSettings, ship: Ship) -> int | None:
    row = settings.ship_types.get(ship.type)
    return None if row is None or row.max_health is None else row.max_health + ship.health_bonus


def base_attack(settings: RoyalSettings, ship: Ship) -> Fraction | None:
    row = settings.ship_types.get(ship.type)
    return None if row is None or row.attack is None else row.attack + ship.attack_bonus


def effective_attack(settings: RoyalSettings, ship: Ship) -> Fraction | None:
    """U6.2.2: halved at half health or below (derived from U8: 4 of 8 is halved, 9 of 17 is not)."""
    attack, top = base_attack(settings, ship), max_health(settings, ship)
    if attack is None or top is None:
        return None
    return attack / 2 if 2 * ship.health <= top else attack


def fleet_attack(settings: RoyalSettings, fleet: Fleet) -> Fraction | None:
    """The fleet's attack without the initiative bonus (for a standing 'avoid when outmatched')."""
    values = [effective_attack(settings, s) for s in fleet.ships if s.health > 1]
    return None if any(v is None for v in values) else sum(values, Fraction(0))


def capacity(settings: RoyalSettings, fleet: Fleet) -> int | None:
    """U9.2 / U-OP-28: army units the fleet carries; None while a ship type's capacity is unset."""
    values = [settings.ship_types[s.type].capacity_units if s.type in settings.ship_types else None
              for s in fleet.ships]
    return None if any(v is None for v in values) else sum(values)


def cargo_units(fleet: Fleet) -> int:
    return sum(c.units for c in fleet.cargo)


def battle_gaps(settings: RoyalSettings, fleets: list[Fleet]) -> list[str]:
    """The setting paths a battle of these fleets needs and nobody set (U-OP-01), and the ships whose
    values cannot fight (an upgrade taking attack to 0 or health below 1, health above the maximum
    after a table change, U-OP-15): a moderator corrects them rather than the turn failing."""
    gaps = []
    for ship in (s for f in fleets for s in f.ships):
        row = settings.ship_types.get(ship.type)
        for field in ("attack", "max_health"):
            if row is None or getattr(row, field) is None:
                path = f"ship_types.{ship.type}.{field}"
                if path not in gaps:
                    gaps.append(path)
        attack, top = base_attack(settings, ship), max_health(settings, ship)
        if attack is not None and attack <= 0:
            gaps.append(f"ships.{ship.id}.attack_bonus")
        if top is not None and not 1 <= ship.health <= top:
            gaps.append(f"ships.{ship.id}.health" if top >= 1 else f"ships.{ship.id}.health_bonus")
    return gaps


def has_galleass(settings: RoyalSettings, fleet: Fleet) -> bool:
    """U10.2 / U-OP-35: a ship whose type may not cross between the maps nor occupy a trade post."""
    return any(not settings.ship_types[s.type].can_cross_maps or not settings.ship_types[s.type].can_occupy_trade_post
               for s in fleet.ships if s.type in settings.ship_types)


def can_hold_trade_post(settings: RoyalSettings, fleet: Fleet) -> bool:
    return any(s.type in settings.ship_types and settings.ship_types[s.type].can_occupy_trade_post
               for s in fleet.ships)
