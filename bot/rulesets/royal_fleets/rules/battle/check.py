"""Checks of a battle's input before the first die (U6): sides that cannot fight as given are
refused whole, saying what is wrong and what would be right."""

from __future__ import annotations

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.battle.inputs import (
    SIDES, BattleSettings, BattleShip, BattleSide, Side, other)


class BattleInputError(OrderRejected):
    """The sides cannot fight as given (a message id with values, like every refusal)."""


def check_sides(sides: dict[Side, BattleSide], settings: BattleSettings) -> None:
    seen: set[str] = set()
    for side in SIDES:
        for ship in sides[side].ships:
            if ship.id in seen:
                raise BattleInputError(N_("Ship {ship} is listed twice in the battle; every ship fights once, on "
                                          "one side."), rule="U6", ship=ship.id)
            seen.add(ship.id)
            _check_ship(sides[side], ship)
    both = set(sides["attacker"].factions) & set(sides["defender"].factions)
    if both:
        raise BattleInputError(N_("{faction} is on both sides of the battle; a faction fights on one side."),
                               rule="U5.1", faction=sorted(both)[0])
    for side in SIDES:
        _check_orders(side, sides, settings)


def _check_ship(battle_side: BattleSide, ship: BattleShip) -> None:
    if ship.health > ship.max_health:
        raise BattleInputError(N_("Ship {ship} has {health} health but at most {max_health}; health is between 1 "
                                  "and the ship's maximum."), rule="U6.1", ship=ship.id, health=ship.health,
                               max_health=ship.max_health)
    if ship.faction not in battle_side.factions:
        raise BattleInputError(N_("Ship {ship} belongs to {faction}, which is not among the factions of its side "
                                  "({factions}); list the faction on the side."), rule="U1.2", ship=ship.id,
                               faction=ship.faction, factions=", ".join(battle_side.factions))


def _check_orders(side: Side, sides: dict[Side, BattleSide], settings: BattleSettings) -> None:
    own, enemy_ids = sides[side], {ship.id for ship in sides[other(side)].ships}
    fleets = {ship.fleet for ship in own.ships}
    for fleet in sorted(own.supporters - fleets):
        raise BattleInputError(N_("Supporting fleet {fleet} has no ship on its side of the battle; a supporter's "
                                  "ships fight on the side it supports (U5.2)."), rule="U5.2", fleet=fleet)
    named = [own.targeting.identical_first, *own.targeting.identical_by_round.values(), own.targeting.focus]
    for ship in (ship for choice in named for ship in choice):
        if ship not in enemy_ids:
            raise BattleInputError(N_("The targeting names {ship}, which is not an enemy ship in this battle; name "
                                      "enemy ships only."), rule="U6.2.4", ship=ship)
    first = settings.full_attack_rounds + 1
    for round_, allocation in sorted(own.targeting.allocations.items()):
        if round_ < first:
            raise BattleInputError(N_("An allocation for round {round}: until round {first} the full attack is spread "
                                      "evenly, so allocations start with round {first}."), rule="U6.2.4",
                                   round=round_, first=first)
        for ship, damage in sorted(allocation.items()):
            if ship not in enemy_ids:
                raise BattleInputError(N_("The allocation for round {round} names {ship}, which is not an enemy ship "
                                          "in this battle; name enemy ships only."), rule="U6.2.4",
                                       round=round_, ship=ship)
            if damage < 0:
                raise BattleInputError(N_("The allocation for round {round} gives {ship} {damage} damage; damage is "
                                          "a whole number of 0 or more."), rule="U6.2.4", round=round_, ship=ship,
                                       damage=damage)
    if any(round_ < 1 for round_ in own.retreat_plan.declarations):
        raise BattleInputError(N_("A retreat declaration names a round before round 1; rounds count from 1."),
                               rule="U6.2.6")
