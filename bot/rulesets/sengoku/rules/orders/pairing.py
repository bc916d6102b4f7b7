"""Pairing of squadrons in line for one round (S8.6.2, S8.6.3, OP-39).

A pair is ``(side0 members, side1 members)`` with one or two squadrons on each
side and never two on both.  The side that chooses is the one whose admiral
alone has the naval art; else the one whose admiral alone is a veteran; else
the sides take turns by experience tier, the first chooser drawn by a die
(R16: rolled only then).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from bot.rulesets.sengoku.rules.model.model import SengokuState


@dataclass
class PairingPolicy:
    """OP-39 (c): a clan's standing pairing choices over visible facts."""

    own_order: str = "strongest_first"   # or weakest_first
    target: str = "most_damaged"         # or least_damaged


@dataclass
class Pairing:
    pairs: list[tuple[list[str], list[str]]]
    reserves: list[str] = field(default_factory=list)
    chooser: str = "alternating"


def _own_key(state: SengokuState, policy: PairingPolicy) -> Callable[[str], tuple]:
    def key(unit: str) -> tuple:
        sq = state.squadrons[unit]
        strength = (-sq.experience, sq.damage, -len(state.hds_of(unit)))
        if policy.own_order == "weakest_first":
            strength = tuple(-v for v in strength)
        return (*strength, unit)
    return key


def _target_key(state: SengokuState, policy: PairingPolicy) -> Callable[[str], tuple]:
    def key(unit: str) -> tuple:
        sq = state.squadrons[unit]
        damage = -sq.damage if policy.target == "most_damaged" else sq.damage
        return (damage, 1 if state.hds_of(unit) else 0, unit)  # visible facts only (S5.6)
    return key


def pair_by_chooser(state: SengokuState, lines: tuple[list[str], list[str]], chooser: int,
                    policies: tuple[PairingPolicy, PairingPolicy]) -> list[tuple[list[str], list[str]]]:
    """The choosing side makes every pair; it need not follow the tiers."""
    small = 0 if len(lines[0]) <= len(lines[1]) else 1
    mine, theirs = list(lines[chooser]), list(lines[1 - chooser])
    mine.sort(key=_own_key(state, policies[chooser]))
    theirs.sort(key=_target_key(state, policies[chooser]))
    count = len(lines[small])
    pairs = []
    for own, enemy in zip(mine[:count], theirs[:count]):
        pairs.append(([own], [enemy]) if chooser == 0 else ([enemy], [own]))
    return pairs


def pair_alternating(state: SengokuState, lines: tuple[list[str], list[str]], first: int,
                     policies: tuple[PairingPolicy, PairingPolicy]) -> list[tuple[list[str], list[str]]]:
    """OP-39 (b): one choice = take the best-tier unpaired squadron and name its opponent."""
    small = 0 if len(lines[0]) <= len(lines[1]) else 1
    unpaired = [list(lines[0]), list(lines[1])]
    pairs: list[tuple[list[str], list[str]]] = []
    turn = first
    while unpaired[small]:
        side, taken = _highest_tier(state, unpaired, policies[turn], turn)
        other = 1 - side
        ranking = _own_key if other == turn else _target_key
        opponent = sorted(unpaired[other], key=ranking(state, policies[turn]))[0]
        unpaired[side].remove(taken)
        unpaired[other].remove(opponent)
        pairs.append(([taken], [opponent]) if side == 0 else ([opponent], [taken]))
        turn = 1 - turn
    return pairs


def _highest_tier(state: SengokuState, unpaired: list[list[str]], policy: PairingPolicy,
                  chooser: int) -> tuple[int, str]:
    top = max(state.squadrons[u].experience for side in unpaired for u in side)
    candidates = [(side, u) for side in (chooser, 1 - chooser) for u in unpaired[side]
                  if state.squadrons[u].experience == top]
    # Within a tier the chooser takes an enemy squadron first, by its target policy.
    enemy = [u for side, u in candidates if side != chooser]
    if enemy:
        return 1 - chooser, sorted(enemy, key=_target_key(state, policy))[0]
    own = sorted((u for _, u in candidates), key=_own_key(state, policy))
    return chooser, own[0]


def add_helpers(pairs: list[tuple[list[str], list[str]]], lines: tuple[list[str], list[str]],
                state: SengokuState, policies: tuple[PairingPolicy, PairingPolicy]) -> list[str]:
    """S8.6.3: extras help pairs (at most 2 against 1); beyond 2×, reserves.

    OP-39 (d) default: helpers join pairs in the order the pairs were formed.
    """
    paired = {u for pair in pairs for side in pair for u in side}
    reserves: list[str] = []
    for side in (0, 1):
        extras = sorted((u for u in lines[side] if u not in paired), key=_own_key(state, policies[side]))
        open_pairs = [p for p in pairs if len(p[1 - side]) == 1 and len(p[side]) == 1]
        for pair, helper in zip(open_pairs, extras):
            pair[side].append(helper)
        reserves += extras[len(open_pairs):]
    return reserves
