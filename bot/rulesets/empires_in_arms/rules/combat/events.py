"""Events of EiA naval combat, for the report to word (one template per ``kind``).  The EiA board is
open (squadron counters lie face up; chapter 13 hides nothing in combat), so every battle's dice,
results, losses and outcome are public."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.domain.events import Audience, Event


SideLiteral = Literal["active", "inactive"]


def public() -> Audience:
    return Audience.everyone()


class _Public(Event):
    audience: Audience = Field(default_factory=public)


class _Sides(_Public):
    """Who fought: each side's nations, lead nation first, so that one event reads on its own."""

    active: tuple[str, ...]
    inactive: tuple[str, ...]


class BattleBegan(_Public):
    """E8.1 / E10.1 / E13.1 / E12.2 / E14.1: a battle (or a battery's fire) begins at ``place``."""

    kind: Literal["eia_battle_began"] = "eia_battle_began"
    battle: str  # BattleKind value
    place: str
    zone: str
    active_nations: tuple[str, ...]
    inactive_nations: tuple[str, ...]
    active_squadrons: tuple[str, ...]
    inactive_squadrons: tuple[str, ...]
    battery_dice: int = 0
    fortress: bool = False


class RoundRolled(_Sides):
    """E8.4–E8.6: a round's dice, each side's count and faces, and the 5s each side received (E8.5).
    Round 0: the battery's fire before the battle (E10.2, E12.2, E13.1)."""

    kind: Literal["eia_round_rolled"] = "eia_round_rolled"
    place: str
    round: int
    active_count: int
    inactive_count: int
    battery_count: int
    active_dice: tuple[int, ...]
    inactive_dice: tuple[int, ...]
    battery_dice: tuple[int, ...]
    fives_to_active: int
    fives_to_inactive: int
    evasion_bonus: SideLiteral | None = None  # E6.5: the side that rolled one extra die this round



class RoundDecided(_Sides):
    """A round's results (E-OP-13: entered by the moderators or given by the combat module), the totals
    compared (E10.3 adds the battery to the defender) and the round's winner ("tie": another round)."""

    kind: Literal["eia_round_decided"] = "eia_round_decided"
    place: str
    round: int
    active_result: int
    inactive_result: int
    battery_result: int
    active_total: int
    inactive_total: int
    winner: str | None  # active | inactive | tie; None for a battery's fire alone
    entered_by: str  # module | moderators
    rule: str = ""  # the rule that decided a winner the totals did not (E-OP-19)


class SquadronsLost(_Public):
    """Squadrons (or, in a landing, convoy items) lost: in a round (``round``), or destroyed by the outcome
    (``round`` None: E10.5 the port's fleet, E14.3 outfitting squadrons beaten)."""

    kind: Literal["eia_squadrons_lost"] = "eia_squadrons_lost"
    place: str
    side: str  # active | inactive
    nations: tuple[str, ...]  # that side's
    squadrons: tuple[str, ...]
    round: int | None = None
    rule: str = ""  # E10.5, E14.3, E12.5 (landing losses booked as round-1 losses)


class BattleDecided(_Sides):
    """E9: the winner and where each side goes (``placements``: side → how, see types.Placement)."""

    kind: Literal["eia_battle_decided"] = "eia_battle_decided"
    place: str
    winner: str | None  # active | inactive; None for a battery's fire alone
    rounds: int
    placements: dict[str, str]
    rule: str = ""


# Every event kind of combat, for the ruleset's event registry (rules/steps.py ``combat_event_types``).
EVENT_TYPES: tuple[type[Event], ...] = (BattleBegan, RoundRolled, RoundDecided, SquadronsLost, BattleDecided)
