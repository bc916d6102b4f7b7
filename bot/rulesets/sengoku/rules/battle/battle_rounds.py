"""Between the rounds of a battle (OP-33): voluntary withdrawal, and the
``max_rounds`` cut-off referred to the moderators.

The Proposal allows no withdrawal (``allow_withdraw_between_rounds = false``).
When a moderator allows it, a squadron whose ``withdraw_if`` policy holds
after a round leaves the battle; withdrawing counts as avoiding (S5.5): the
squadron is dispersed.  The policy sees only what S5.6 allows, counted over
the squadrons still in line.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import casualties
from bot.rulesets.sengoku.rules.battle.sides import BattleSide, clan_names, order_of, visible_facts
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events_turn import RoundCapReached, Withdrew
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.orders.policy import parse_policy
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings


def check_withdraw_policy(settings: SengokuSettings, order, clans: dict[str, str] | None = None) -> list[str]:
    """V5 on the policy; R18: accepted and ignored while withdrawal is not allowed."""
    policy = parse_policy(order.withdraw_if, "withdraw_if", clans=clans)
    if policy.constant is False or settings.allow_withdraw_between_rounds:
        return []
    return [("withdraw_if applies only if the moderator allows withdrawal between rounds "
             "(allow_withdraw_between_rounds, OP-33); ignored (R18)")]


def between_rounds(ctx: Ctx, battle_id: str, area: str, sides: tuple[BattleSide, BattleSide],
                   round_no: int) -> None:
    """After round ``round_no``: squadrons whose policy says so withdraw, dispersed."""
    if not ctx.settings.allow_withdraw_between_rounds:
        return
    lines = [[f.unit for f in side.fighters if _in_line(ctx, f.unit)] for side in sides]
    leaving = []
    for index, line in enumerate(lines):
        for unit in line:
            policy = parse_policy(order_of(ctx, unit).withdraw_if, "withdraw_if", clans=clan_names(ctx))
            if policy.decide(visible_facts(ctx, unit, line, lines[1 - index])):
                leaving.append(unit)
    for unit in leaving:  # decided together on what all saw, then applied
        ctx.emit(Withdrew(audience=ctx.public(), battle=battle_id, round=round_no, unit=unit))
        casualties.disperse(ctx, unit, area)


def flag_round_cap(ctx: Ctx, battle_id: str, area: str, rounds: int, still_in_line: list[str]) -> None:
    """OP-33: both sides still in line after ``max_rounds``; the moderator decides."""
    ctx.emit(RoundCapReached(audience=Audience.moderators(), battle=battle_id, area=area, rounds=rounds,
                             still_in_line=still_in_line))


def _in_line(ctx: Ctx, unit: str) -> bool:
    sq = ctx.state.squadrons[unit]
    return sq.state is UnitState.ACTIVE and not sq.dispersed
