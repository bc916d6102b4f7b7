"""Who fights whom when fleets of factions at war share a sea area (U5.1, U-OP-12).

The fleet that moved into the area at this step attacks; a fleet already there (or blockading
from there) defends.  If every fleet involved moved in at the same step, the one with more MP left
attacks, a tie by a die (U-OP-12's proposal; a moderator may overrule the result afterwards).
Fleets join the side they are not at war with and whose enemy they are at war with; a fleet at war
with both sides sits out this battle (the next step's check finds it again).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import DefaultApplied
from bot.rulesets.royal_fleets.rules.model.state import Fleet


@dataclass
class Sides:
    area: str
    attackers: list[Fleet] = field(default_factory=list)
    defenders: list[Fleet] = field(default_factory=list)

    @property
    def lead_attacker(self) -> Fleet:
        return self.attackers[0]

    @property
    def lead_defender(self) -> Fleet:
        return self.defenders[0]


def at_war_here(ctx: Ctx, area: str) -> bool:
    fleets = ctx.state.fleets_in(area)
    return any(ctx.state.at_war(a.commander, b.commander) for a in fleets for b in fleets)


def sides_in(ctx: Ctx, area: str, step: int) -> Sides | None:
    fleets = sorted(ctx.state.fleets_in(area), key=lambda f: f.id)
    pairs = [(a, b) for a in fleets for b in fleets if ctx.state.at_war(a.commander, b.commander)]
    if not pairs:
        return None
    movers = [f for f in fleets if ctx.moved_in.get(f.id) == step and step != 0]  # step -1: an interception
    holders = [f for f in fleets if f not in movers]
    pair = _lead_pair(ctx, area, step, movers, holders, pairs)
    sides = Sides(area, attackers=[pair[0]], defenders=[pair[1]])
    for fleet in fleets:
        if fleet in pair:
            continue
        side = _side_for(ctx, fleet, pair)
        if side is not None:
            (sides.attackers if side == "attacker" else sides.defenders).append(fleet)
    return sides


def _lead_pair(ctx: Ctx, area: str, step: int, movers, holders, pairs) -> tuple[Fleet, Fleet]:
    for defender in holders:  # a mover attacks a fleet that was there (U-OP-12)
        attacker = next((m for m in movers if ctx.state.at_war(m.commander, defender.commander)), None)
        if attacker is not None:
            return attacker, defender
    a, b = pairs[0]
    left_a, left_b = ctx.mp.get(a.id, 0), ctx.mp.get(b.id, 0)
    if left_a != left_b:
        return (a, b) if left_a > left_b else (b, a)
    if (step, frozenset((a.id, b.id))) in ctx.fought:
        return a, b  # they fought at this step already (the caller stops): no second die
    if not movers:  # U-OP-12 / U11.7: at war while sharing the area: the fleet with a move order attacks
        moving = [f for f in (a, b) if getattr(ctx.orders.get(f.id), "kind", "") in ("move", "blockade")]
        if len(moving) == 1:
            return (a, b) if moving[0] is a else (b, a)
    roll = ctx.dice.roll(ctx.key(f"encounter:{area}:t{ctx.state.turn}:s{step}:attacker"), "d2")
    chosen = (a, b) if roll.total == 1 else (b, a)
    ctx.emit(DefaultApplied(what="U-OP-12", subject=area, choice=chosen[0].id, rule="U-OP-12"))
    return chosen


def _side_for(ctx: Ctx, fleet: Fleet, pair: tuple[Fleet, Fleet]) -> str | None:
    war = ctx.state.at_war
    attacker, defender = pair
    if war(fleet.commander, defender.commander) and not war(fleet.commander, attacker.commander):
        return "attacker"
    if war(fleet.commander, attacker.commander) and not war(fleet.commander, defender.commander):
        return "defender"
    return None
