"""Attack and damage of one round (U6.2.2-U6.2.4): effective attack, the side total, which ship is
"stronger", and the ways a side's damage is dealt out.  Functions of numbers and ships only."""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Literal

from bot.rulesets.royal_fleets.rules.battle.inputs import BattleShip

Rounding = Literal["half_up", "half_even", "down"]
StrengthKey = Literal["attack_then_health", "attack_then_current_health"]


def effective_attack(ship: BattleShip, health: int) -> Fraction:
    """U6.2.2: the base attack, halved once health "has decreased by half".  Derived from the
    source's example (U8.3): at exactly half it is halved (galleass 4/8), above it is not (galleon
    9/17); the seed gives no further reduction."""
    return ship.attack / 2 if 2 * health <= ship.max_health else ship.attack


def round_total(value: Fraction, rounding: Rounding) -> int:
    """U6.2.3 / U-OP-17: only the side total is rounded ("results … rounded to integers" [L206];
    14.3 → 14 in the example); halved ship attacks such as 1.5 are summed unrounded."""
    floor = value.numerator // value.denominator
    rest = value - floor
    if rounding == "down" or rest < Fraction(1, 2):
        return floor
    if rest > Fraction(1, 2) or rounding == "half_up":
        return floor + 1
    return floor + (floor % 2)  # half_even


def side_total(subtotal: Fraction, bonus: Fraction | None, rounding: Rounding) -> int:
    """U6.2.3: the +10% of the initiative applies to the unrounded sum (U8.4)."""
    return round_total(subtotal * (1 + bonus) if bonus is not None else subtotal, rounding)


def _strength(ship: BattleShip, health: int, key: StrengthKey) -> tuple[Fraction, int]:
    return effective_attack(ship, health), ship.max_health if key == "attack_then_health" else health


def strength_order(targets: Iterable[BattleShip], health: dict[str, int], chosen_first: tuple[str, ...],
                   key: StrengthKey) -> list[BattleShip]:
    """U6.2.4.1 / U-OP-18: strongest first, by effective attack this round, then maximum health (or
    current health); among ships equal on both, the damaging side's choice (``chosen_first``), then
    list order (UX2: "default first two")."""
    pref = {ship: i for i, ship in enumerate(chosen_first)}
    ranked = sorted(enumerate(targets), key=lambda item: (
        tuple(-v for v in _strength(item[1], health[item[1].id], key)), pref.get(item[1].id, len(pref)), item[0]))
    return [ship for _, ship in ranked]


def split_tie(order: list[BattleShip], health: dict[str, int], extra: int, chosen_first: tuple[str, ...],
              key: StrengthKey) -> list[str]:
    """The ships that got the extra point by list order alone (no choice given) where the remainder
    boundary cut a group of equal ships: a default applied (U-OP-18), for the moderators' log."""
    if not 0 < extra < len(order):
        return []
    edge = _strength(order[extra - 1], health[order[extra - 1].id], key)
    if _strength(order[extra], health[order[extra].id], key) != edge:
        return []
    favoured = [s for s in order[:extra] if _strength(s, health[s.id], key) == edge]
    return [] if all(s.id in chosen_first for s in favoured) else [s.id for s in favoured]


def spread(amount: int, order: list[BattleShip], room: dict[str, int],
           redistribute: bool) -> tuple[dict[str, int], int]:
    """U6.2.4.1: ``amount`` as evenly as possible, ``floor(A/n)`` each and one more to each of the
    ``A mod n`` strongest (``order``).  A share beyond a ship's health sinks it; the excess is shared
    out again among the ships with health left by the same rule (U-OP-19 redistribute) or lost.
    Returns damage per ship and the damage lost."""
    damage = {ship.id: 0 for ship in order}
    open_ = [ship.id for ship in order if room[ship.id] > 0]
    left = amount
    while left and open_:
        base, extra = divmod(left, len(open_))
        excess = 0
        for i, ship in enumerate(open_):
            share = base + (1 if i < extra else 0)
            taken = min(share, room[ship] - damage[ship])
            damage[ship] += taken
            excess += share - taken
        if not redistribute:
            return damage, excess
        left = excess
        open_ = [ship for ship in open_ if damage[ship] < room[ship]]
    return damage, left


def concentrate(amount: int, order: list[BattleShip], room: dict[str, int], spare_one: bool) -> dict[str, int]:
    """U6.2.4.2 / U-OP-20: strongest first, each until it sinks (or, ``spare_one``, down to 1 health,
    to capture it, U6.2.5), then the next.  What is not dealt is not used."""
    damage = {}
    left = amount
    for ship in order:
        take = min(left, room[ship.id] - (1 if spare_one else 0))
        if take > 0:
            damage[ship.id] = take
            left -= take
    return damage
