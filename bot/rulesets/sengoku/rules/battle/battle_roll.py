"""One squadron's stake roll and the comparison of two results (S8.2, S8.3).

    total = 2d6 + XP - DMG + 1 (port defence) + 2*HD + LDR + MAN
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rulesets.sengoku.rules.model.model import Category, Stake
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings


@dataclass
class RollInput:
    unit: str
    stake: Stake
    experience: int
    damage: int
    heavy: int
    leader_modifier: int = 0
    port_defence: bool = False
    heavy_bonus_denied: bool = False
    manoeuvre_modifiers: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class RollResult:
    unit: str
    stake: Stake
    faces: tuple[int, ...]
    modifiers: list[tuple[str, int]]
    total: int
    base_category: Category
    category: Category
    experience: int
    heavy: int

    @property
    def raw(self) -> int:
        return sum(self.faces)


def modifiers_of(roll: RollInput) -> list[tuple[str, int]]:
    mods: list[tuple[str, int]] = []
    if roll.experience:
        mods.append(("XP", roll.experience))
    if roll.damage:
        mods.append(("dmg", -roll.damage))
    if roll.port_defence:
        mods.append(("port defence", 1))  # S8.2.3: one +1, not two
    if roll.heavy and not roll.heavy_bonus_denied:
        mods.append(("HD", 2 * roll.heavy))  # S8.2.5
    if roll.leader_modifier:
        mods.append(("leader", roll.leader_modifier))  # S9.2
    mods.extend(roll.manoeuvre_modifiers)  # S9.3, round 1 only
    return mods


def base_category(stake: Stake, total: int, settings: SengokuSettings) -> Category:
    """OP-01: success if total >= the stake's target."""
    if stake is Stake.LOW:
        return Category.SL if total >= settings.stake_target.low else Category.FL
    return Category.SH if total >= settings.stake_target.high else Category.FH


def shifted(category: Category, shifts: int) -> Category:
    """Shifts add up and are capped at SH (S8.2 Interpretation)."""
    return Category(min(Category.SH, category + shifts))


def make_roll(roll: RollInput, faces: tuple[int, ...], settings: SengokuSettings) -> RollResult:
    mods = modifiers_of(roll)
    total = sum(faces) + sum(value for _, value in mods)
    base = base_category(roll.stake, total, settings)
    heavy_shift = 1 if roll.heavy and not roll.heavy_bonus_denied else 0
    return RollResult(unit=roll.unit, stake=roll.stake, faces=faces, modifiers=mods, total=total,
                      base_category=base, category=shifted(base, heavy_shift),
                      experience=roll.experience,
                      heavy=roll.heavy)  # OP-45 (d): Feigned retreat keeps the HD count for S8.3 step 4


def better_of(a: RollResult, b: RollResult) -> RollResult:
    """R13: by category after each roller's own heavy shift, then by total."""
    return a if (a.category, a.total) >= (b.category, b.total) else b


def compare(a: RollResult, b: RollResult, a_shift: int, b_shift: int,
            settings: SengokuSettings) -> tuple[int | None, str | None]:
    """S8.3: 0 if side a wins, 1 if side b wins, None if both are defeated.

    Returns the step that decided it, for the report.
    """
    roll_a = a.total if settings.tiebreak_roll == "modified_total" else a.raw
    roll_b = b.total if settings.tiebreak_roll == "modified_total" else b.raw
    steps = [
        ("category", shifted(a.category, a_shift), shifted(b.category, b_shift)),
        ("roll", roll_a, roll_b),
        ("experience", a.experience, b.experience),
        ("heavy detachments", a.heavy, b.heavy),
    ]
    for name, left, right in steps:
        if left != right:
            return (0 if left > right else 1), (None if name == "category" else name)
    return None, "all equal"
