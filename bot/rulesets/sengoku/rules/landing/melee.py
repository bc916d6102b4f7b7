"""Two landing operations of hostile clans meeting at sea (S8.7, S5.8, OP-28, OP-41).

They meet when they end a step at the same coast or swap coasts (S5.4 a,
OP-24).  Escorts may start a battle only against each other, met that way
(S5.8, OP-28); an escort that declines is not dispersed by default.  The
fleets fight only if neither has an escort left in line (S8.7.2, OP-41 f);
if one side's escort survives the escort battle, it may intercept the other
fleet (OP-41 e).  Evacuations and fleets sailing empty to their embarkation
coast do not melee (S8.7 speaks of landing fleets carrying armies).
"""

from __future__ import annotations

from itertools import cycle, islice

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import casualties
from bot.rulesets.sengoku.rules.battle.battle import fight
from bot.rulesets.sengoku.rules.battle.sides import BattleSide, Fighter, clan_names, order_of, visible_facts
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.battle.encounter import accepts_battle
from bot.rulesets.sengoku.rules.model.events import Avoided, Declined, DefaultApplied, Met
from bot.rulesets.sengoku.rules.model.events_landing import FleetsMet, MeleeDecided
from bot.rulesets.sengoku.rules.landing.interception import intercept
from bot.rulesets.sengoku.rules.landing.landing_ops import (
    Op,
    characters_aboard,
    damage_fleets,
    detachment,
    escorts_in_line,
    finish,
    live_detachments,
    lose_figures,
)
from bot.rulesets.sengoku.rules.model.model import Stake
from bot.rulesets.sengoku.rules.orders.policy import parse_policy
from bot.rulesets.sengoku.rules.model.tables import BATTLE_RISK


def meetings(ctx: Ctx, ops: list[Op], prefix: str, step: int, swaps: list[tuple[str, Op, Op]]) -> None:
    sailing = sorted((op for op in ops if op.sailing and op.kind == "landing"), key=lambda op: op.lead)
    pairs = [(a.area, a, b) for i, a in enumerate(sailing) for b in sailing[i + 1:] if a.area == b.area]
    for area, a, b in sorted(pairs + swaps, key=lambda p: (p[0], p[1].lead, p[2].lead)):
        if a.sailing and b.sailing and ctx.state.at_war(a.clan, b.clan) and b.label not in a.met:
            a.met.add(b.label)
            b.met.add(a.label)
            # The prefix is lower-case already; ids keep their case in every key (docs/scenarios.md).
            _meet(ctx, f"{prefix}-{area}-s{step}-{a.lead}-{b.lead}", area, a, b)


def swaps(ctx: Ctx, ops: list[Op], before: dict[str, str]) -> list[tuple[str, Op, Op]]:
    """OP-24: two operations that crossed meet at the coast entered by the lower lead fleet id."""
    sailing = sorted((op for op in ops if op.sailing and op.kind == "landing"), key=lambda op: op.lead)
    return [(a.area, a, b) for i, a in enumerate(sailing) for b in sailing[i + 1:]
            if before[a.label] == b.area and before[b.label] == a.area != b.area]


def _meet(ctx: Ctx, battle_id: str, area: str, a: Op, b: Op) -> None:
    if not (a.aboard and b.aboard):
        return
    covers = (escorts_in_line(ctx, a), escorts_in_line(ctx, b))
    if covers[0] and covers[1]:
        fought = _escort_clash(ctx, battle_id, area, (a, b), covers)
        covers = (escorts_in_line(ctx, a), escorts_in_line(ctx, b))
        if covers[0] and covers[1]:
            return
        for winner, loser, cover in ((a, b, covers[0]), (b, a, covers[1])):
            for unit in cover:
                if unit in fought:
                    intercept(ctx, loser, unit, area)  # OP-41 (e)
    if not covers[0] and not covers[1] and a.sailing and b.sailing:
        fleet_melee(ctx, area, a, b)


def _escort_clash(ctx: Ctx, battle_id: str, area: str, ops: tuple[Op, Op],
                  covers: tuple[list[str], list[str]]) -> list[str]:
    """OP-28: escorts fight each other only if one wants to; the other may decline
    without being dispersed (``escort_decline_without_dispersal``)."""
    ctx.emit(Met(audience=Audience.everyone(), area=area, sides={ops[0].clan: covers[0], ops[1].clan: covers[1]}))
    wants = [[u for u in covers[i] if _escort_wants(ctx, u, covers[i], covers[1 - i])] for i in (0, 1)]
    if not wants[0] and not wants[1]:
        ctx.emit(Declined(audience=Audience.everyone(), area=area, units=covers[0] + covers[1]))
        return []
    fighters: tuple[list[str], list[str]] = ([], [])
    for i in (0, 1):
        for unit in covers[i]:
            if unit in wants[i] or (wants[1 - i] and accepts_battle(ctx, unit, covers[i], covers[1 - i])):
                fighters[i].append(unit)
            elif wants[1 - i]:
                dispersed = not ctx.settings.escort_decline_without_dispersal
                ctx.emit(Avoided(audience=Audience.everyone(), area=area, unit=unit, dispersed=dispersed))
                if dispersed:
                    casualties.disperse(ctx, unit, area)
    if fighters[0] and fighters[1]:
        fight(ctx, battle_id, area, tuple(BattleSide(ops[i].clan, [_fighter(ctx, u, ops[i].clan)
                                                                     for u in fighters[i]]) for i in (0, 1)))
    return fighters[0] + fighters[1]


def _escort_wants(ctx: Ctx, unit: str, own: list[str], enemy: list[str]) -> bool:
    text = order_of(ctx, unit).want_battle
    if text == "default":
        return False  # S5.5: an escort's default is never
    return parse_policy(text, "want_battle", clans=clan_names(ctx)).decide(visible_facts(ctx, unit, own, enemy))


def _fighter(ctx: Ctx, unit: str, clan: str) -> Fighter:
    order = order_of(ctx, unit)
    return Fighter(unit, clan, order.stake, order.stake_later_rounds)


def fleet_melee(ctx: Ctx, area: str, a: Op, b: Op) -> None:
    """S8.7.3–S8.7.5: one exchange; more only if both continue (OP-41 c)."""
    ctx.emit(FleetsMet(audience=Audience.everyone(), area=area, operations=[a.label, b.label], leads=[a.lead, b.lead]))
    _exchange(ctx, a, b, 1)
    for op in (a, b):
        ctx.emit(MeleeDecided(audience=Audience.everyone(), operation=op.label, lead=op.lead,
                              decision=op.order.on_fleet_melee))
    exchange = 1
    while a.order.on_fleet_melee == b.order.on_fleet_melee == "continue" and exchange <= ctx.settings.max_melee_rounds:
        exchange += 1
        ctx.emit(FleetsMet(audience=Audience.everyone(), area=area, operations=[a.label, b.label],
                           leads=[a.lead, b.lead], exchange=exchange))
        _exchange(ctx, a, b, exchange)
    for op in (a, b):
        if op.order.on_fleet_melee == "retreat":
            damage_fleets(ctx, op, "retreated from a melee of landing fleets (S8.7.4)")
            finish(ctx, op, op.order.origin, "retreated")  # back to its own coast, lands there (L126)
        else:
            op.damaged_on_landing = True  # L127: damaged after landing


def _exchange(ctx: Ctx, a: Op, b: Op, exchange: int) -> None:
    counts = {a.label: len(live_detachments(ctx, a)), b.label: len(live_detachments(ctx, b))}  # OP-41 (a)
    for op in (a, b):
        for det_id in live_detachments(ctx, op):
            key = f"melee:{op.label}:{det_id}:x{exchange}"
            lose_figures(ctx, op, det_id, "melee", key, ctx.roll(key, "2d6-2"))
    if counts[a.label] != counts[b.label]:
        smaller = a if counts[a.label] < counts[b.label] else b
        _extra_losses(ctx, smaller, abs(counts[a.label] - counts[b.label]), exchange)
    for op, enemy in ((a, b), (b, a)):
        _risks(ctx, op, enemy.clan, exchange)


def _extra_losses(ctx: Ctx, op: Op, hits: int, exchange: int) -> None:
    """OP-41 (b): one d3 per hit, on the detachments the smaller army's order lists."""
    chosen = [d for d in op.order.melee_extra_loss_allocation if d in op.carried]
    spread = sorted(live_detachments(ctx, op), key=lambda d: (-detachment(ctx, op, d).figures, d))
    if len(chosen) < hits and spread:
        ctx.emit(DefaultApplied(rule="OP-41 (b)", detail=f"{op.label}: extra melee losses spread one per "
                                                         f"detachment, largest first"))
    targets = iter(chosen + list(islice(cycle(spread), 10 * hits)))
    for number in range(1, hits + 1):
        target = next((d for d in targets if detachment(ctx, op, d).figures > 0), None)
        if target is None:
            return
        key = f"melee-extra:{op.label}:x{exchange}:{number}"
        lose_figures(ctx, op, target, "melee_extra", key, ctx.roll(key, "d3"))


def _risks(ctx: Ctx, op: Op, enemy_clan: str, exchange: int) -> None:
    """S8.7.5, OP-41 (d): as a squadron battle at low stake, defeat by default."""
    won = ctx.settings.melee_risk_table == "victory_low"
    table = "S9.4-C" if won else "S9.4-A"
    for character in characters_aboard(ctx, op):
        key = f"meleerisk:{op.label}:{character}:x{exchange}"
        face = ctx.roll(key, "d6").total
        casualties.apply_harm(ctx, character, BATTLE_RISK[(won, Stake.LOW)][face], enemy_clan, key, face, table)
