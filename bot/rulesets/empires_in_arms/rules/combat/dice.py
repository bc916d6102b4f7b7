"""How many combat dice a side rolls in a round (E8.4–E8.7), and the round's rolls.

The derived formula of E8.7:
``dice(X, r) = max(floor, Σ_squadrons max(0, capped_base − outfitting) + [r = 1 and E6.5 bonus] − fives(X, < r))``
with ``capped_base = min(own nation's dice, commander nation's dice)`` (E4.2, per squadron E-OP-06).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.domain.text import N_, Phrase
from bot.engine.dice import MAX_DICE, Dice

from .types import (
    ACTIVE,
    INACTIVE,
    REQUIRES_OUTFITTING,
    UNDER_CONSTRUCTION,
    Battle,
    BattleKind,
    BattleSide,
    CombatError,
    CombatSettings,
    CombatSquadron,
    RoundDice,
    RoundRecord,
    SideRole,
)

# The moderators' command that sets a nation's dice (E4's /empires-in-arms group); named in E-OP-15's refusal.
DICE_COMMAND = "/empires-in-arms dice"

# Kinds whose batteries fire before the battle (round 0): E10.2, E12.2, E13.1.
BATTERY_FIRST = (BattleKind.PORT, BattleKind.STRAIT, BattleKind.LANDING)


def nation_dice(nationality: str, settings: CombatSettings, names: dict[str, str] | None = None,
                nation: str = "") -> int:
    """E8.4's dice per squadron of ``nationality``; E-OP-15: an unlisted one is refused, never guessed
    (the refusal names the nation, ``nation``'s name, and the moderators' command)."""
    table = settings.naval_dice_per_squadron
    if nationality not in table:
        who = (names or {}).get(nation or nationality, nation or nationality)
        raise CombatError(Phrase(
            N_("No combat dice per squadron are set for {nation}'s squadrons (E8.4, E-OP-15): a moderator sets "
            "them with {command} before this battle can be fought."), nation=who, command=DICE_COMMAND))
    return table[nationality]


def squadron_dice(squadron: CombatSquadron, side: BattleSide, settings: CombatSettings,
                  names: dict[str, str] | None = None) -> int:
    """One squadron's dice: E8.4 capped by the armada commander's (E4.2), less E8.6's outfitting."""
    if squadron.status == UNDER_CONSTRUCTION:
        return settings.under_construction_dice  # E-OP-17 / E-OP-19 placeholder (EX5)
    base = nation_dice(squadron.dice_key, settings, names, squadron.nation)
    commander = squadron.commander_nationality or side.commander_nationality or side.commander_nation
    if commander:
        base = min(base, nation_dice(commander, settings, names, commander))
    penalty = 0
    if squadron.status == REQUIRES_OUTFITTING:
        penalty = settings.outfitting_penalty
        if side.lost_port and settings.loss_of_port_penalty_stacks:
            penalty += settings.outfitting_penalty  # E14.3, only if E-OP-25 is set to stack
    return max(0, base - penalty)


def fives_received(role: SideRole, rounds: Iterable[RoundRecord], side: BattleSide) -> int:
    """E8.5 / E-OP-16: the 5s the other side (and a battery firing at the active side) rolled against
    ``role`` in the rounds fought so far, plus those received before the battle (a strait's battery)."""
    counted = sum(r.dice.fives_to_active if role == ACTIVE else r.dice.fives_to_inactive for r in rounds)
    return side.fives_before + counted


def side_dice(battle: Battle, role: SideRole, round_no: int, rounds: tuple[RoundRecord, ...],
              lost: Iterable[str], settings: CombatSettings) -> int:
    """The dice ``role`` rolls in ``round_no`` (≥ 1): its surviving squadrons' (E10.3: "the surviving
    active squadrons"), E6.5's extra die in round 1, less the 5s received in earlier rounds, floor 0."""
    side = battle.side(role)
    gone = set(lost)
    total = sum(squadron_dice(s, side, settings, battle.names) for s in side.squadrons if s.id not in gone)
    if round_no == 1 and side.evasion_failed_bonus:
        total += 1
    return max(settings.demoralisation_floor, total - fives_received(role, rounds, side))


def battery_fires(battle: Battle, round_no: int) -> bool:
    """Round 0 before a port battle, a strait or a landing; rounds 1 and 2 of a port battle (E10.3–4)."""
    if battle.battery is None or battle.kind not in BATTERY_FIRST:
        return False
    return round_no == 0 or battle.kind == BattleKind.PORT


def dice_key(battle: Battle, round_no: int, who: str) -> str:
    """The plan's stable keys: ``eia:<impulse>:battle:<place>:r<n>:<side>``, ``eia:<impulse>:battery:<place>:r<n>``."""
    if who == "battery":
        return f"eia:{battle.impulse}:battery:{battle.dice_place}:r{round_no}"
    return f"eia:{battle.impulse}:battle:{battle.dice_place}:r{round_no}:{who}"


def roll_round(battle: Battle, round_no: int, rounds: tuple[RoundRecord, ...], lost: Iterable[str],
               settings: CombatSettings, dice: Dice) -> RoundDice:
    """Roll one round: each side's dice (none in round 0, the battery's fire alone), then the battery's.
    A count of 0 rolls nothing (an empty port's fleet, a side demoralised to 0)."""
    lost = tuple(lost)
    counts = {ACTIVE: 0, INACTIVE: 0}
    if round_no >= 1:
        counts = {role: side_dice(battle, role, round_no, rounds, lost, settings) for role in (ACTIVE, INACTIVE)}
    battery = battle.battery.dice if battery_fires(battle, round_no) and battle.battery else 0
    faces = {who: _roll(dice, dice_key(battle, round_no, who), n)
             for who, n in ((ACTIVE, counts[ACTIVE]), (INACTIVE, counts[INACTIVE]), ("battery", battery))}
    return RoundDice(round_no=round_no, active_count=counts[ACTIVE], inactive_count=counts[INACTIVE],
                     battery_count=battery, active=faces[ACTIVE], inactive=faces[INACTIVE], battery=faces["battery"])


def _roll(dice: Dice, key: str, count: int) -> tuple[int, ...]:
    if count <= 0:
        return ()
    if count > MAX_DICE:
        raise CombatError(f"{count} combat dice in one roll: at most {MAX_DICE} can be rolled ({key})")
    return tuple(dice.roll(key, f"{count}d6").faces)
