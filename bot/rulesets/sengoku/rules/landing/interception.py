"""Interception of a fleet carrying out a landing or an evacuation (S8.5, S5.8,
S9.5, OP-38, OP-46, R12, R15).

At each coast of its route the operation meets the enemy squadrons already
there (S5.4 b).  Its escorts meet them first, as any squadrons do: the enemy
may want battle, the escorts accept or avoid (S5.8: they never start one).
Then an enemy squadron may intercept the fleets if it is eligible (a cruiser
with ``intercept_landings``, or a W3 squadron at its target, OP-38 g) and
either the fleets had no escort there, or it fought the escort and none of
the escort is left in line (S8.5.2).  A squadron that did not fight the escort
cannot intercept (R15).  One 2d6 per interceptor, Table S8.5-A decides.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import casualties
from bot.rulesets.sengoku.rules.battle.battle_roll import base_category, shifted
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.battle.encounter import meet
from bot.rulesets.sengoku.rules.model.events import CharacterHarmed, DefaultApplied
from bot.rulesets.sengoku.rules.model.events_landing import (
    FleetsDamaged,
    FleetsLost,
    Intercepted,
    InterceptionBarred,
    InterceptionRolled,
    PiratesIntercepted,
)
from bot.rulesets.sengoku.rules.landing.landing_ops import (
    Op,
    characters_aboard,
    damage_fleets,
    escorts_in_line,
    finish,
    fleets_of,
    live_detachments,
    lose_figures,
)
from bot.rulesets.sengoku.rules.movement.missions import W3_KINDS
from bot.rulesets.sengoku.rules.model.model import ArmyFlag, Category, NavalEvent, Stake, UnitState
from bot.rulesets.sengoku.rules.movement.movement import stationed_at
from bot.rulesets.sengoku.rules.model.tables import INTERCEPTION_LOSS_DICE, INTERCEPTION_RISK

RISK_TABLE = {Category.FL: "S9.5-A", Category.FH: "S9.5-B", Category.SL: "S9.5-C", Category.SH: "S9.5-D"}


def at_coast(ctx: Ctx, battle_prefix: str, area: str, ops: list[Op]) -> None:
    """Every operation at ``area`` meets the hostile squadrons lying there."""
    casualties.new_engagement(ctx)  # R9: escort fight and interception are one engagement
    for clan in sorted({op.clan for op in ops}):
        mine = sorted((op for op in ops if op.clan == clan), key=lambda op: op.lead)
        enemies: dict[str, list[str]] = {}
        for unit in stationed_at(ctx, area, exclude=set()):
            owner = ctx.state.squadrons[unit].owner
            if ctx.state.at_war(owner, clan):
                enemies.setdefault(owner, []).append(unit)
        for enemy_clan in sorted(enemies):
            entitled = _escort_fight(ctx, battle_prefix, area, clan, mine, enemy_clan, enemies[enemy_clan])
            for op in mine:
                for unit in entitled[op.label]:
                    intercept(ctx, op, unit, area)


def _escort_fight(ctx: Ctx, prefix: str, area: str, clan: str, ops: list[Op], enemy_clan: str,
                  units: list[str]) -> dict[str, list[str]]:
    """S5.8, S8.5.2, R15: who may intercept each operation after its escorts met the enemy."""
    eligible = [u for u in units if may_intercept(ctx, u)]
    escorted = {op.label: escorts_in_line(ctx, op) for op in ops if op.sailing}
    escorts = sorted({u for group in escorted.values() for u in group})
    fought: list[str] = []
    if escorts:
        first, second = sorted([clan, enemy_clan])
        sides = ((clan, escorts), (enemy_clan, units)) if first == clan else ((enemy_clan, units), (clan, escorts))
        fighters = meet(ctx, f"{prefix}-{first}-{second}", area, sides)
        fought = fighters[1] if first == clan else fighters[0]
    entitled = {}
    for op in ops:
        if not op.sailing:
            entitled[op.label] = []
        elif not escorted.get(op.label):
            entitled[op.label] = [u for u in eligible if _in_play(ctx, u)]
        else:
            for unit in eligible:
                if unit not in fought:
                    ctx.emit(InterceptionBarred(audience=Audience.of(enemy_clan), operation=op.label, unit=unit,
                                                area=area, reason="it did not fight the escort (R15)"))
            covered = escorts_in_line(ctx, op)  # an escort still in line covers the fleets
            entitled[op.label] = [] if covered else [u for u in eligible if u in fought and _in_play(ctx, u)]
    return entitled


def may_intercept(ctx: Ctx, unit: str) -> bool:
    """OP-38 (g): cruisers with intercept_landings; W3 squadrons at their targets."""
    order = ctx.orders.get(unit)
    if order is None:
        return False
    if order.kind == "sq_cruise":
        return order.intercept_landings
    return order.kind in W3_KINDS and ctx.settings.interceptors == "cruisers_and_w3"


def _in_play(ctx: Ctx, unit: str) -> bool:
    sq = ctx.state.squadrons[unit]
    return sq.state is UnitState.ACTIVE and not sq.dispersed


def intercept(ctx: Ctx, op: Op, unit: str, area: str) -> None:
    """S8.5.3 and Table S8.5-A; OP-38 (c): FH and FL let the operation go on."""
    if not op.sailing or not _in_play(ctx, unit) or unit in op.intercepted_by:
        return  # OP-38 (c): each squadron gets one chance at an operation
    if op.interceptions and not ctx.settings.multiple_interceptions:
        return
    op.interceptions += 1
    op.intercepted_by.add(unit)
    sq = ctx.state.squadrons[unit]
    stake, direction = _choices(ctx, unit)
    rolled = _roll(ctx, op, unit, stake, direction)
    category = Category[rolled.category]
    # OP-49, S8.1.2: a pirate's owner is secret.  Everyone learns that pirates intercepted the
    # fleet; the pirate, its owner and what follows from them (its fate, a captor) stay with
    # the two clans, as in a battle with pirates (encounter.meet).
    pirate = getattr(ctx.orders.get(unit), "kind", None) == "sq_piracy"
    if pirate:
        ctx.emit(PiratesIntercepted(audience=Audience.everyone(), operation=op.label, lead=op.lead, area=area,
                                    category=category.name, troops_aboard=op.aboard))
    previous = ctx.secret_between
    ctx.secret_between = tuple(sorted({sq.owner, op.clan})) if pirate else previous
    try:
        ctx.emit(Intercepted(audience=ctx.public(), operation=op.label, lead=op.lead, unit=unit, area=area,
                             category=category.name, troops_aboard=op.aboard))
        ctx.emit(rolled)
        _intercepted(ctx, op, unit, area, category, direction)
    finally:
        ctx.secret_between = previous


def _intercepted(ctx: Ctx, op: Op, unit: str, area: str, category: Category, direction: str) -> None:
    sq = ctx.state.squadrons[unit]
    _leader_history(ctx, sq, category)
    if op.aboard:
        _troop_losses(ctx, op, unit, category)
        _character_risks(ctx, op, unit, category)
    else:
        ctx.emit(DefaultApplied(rule="S8.5-A", detail=f"{op.label}: intercepted before the army boarded, so "
                                                      f"only the fleet results apply"))
    _results(ctx, op, unit, area, category, direction)


def _choices(ctx: Ctx, unit: str) -> tuple[Stake, str]:
    order = ctx.orders.get(unit)
    if order is not None and order.kind == "sq_cruise":
        return order.intercept_stake, order.intercept_direction
    ctx.emit(DefaultApplied(rule="OP-38 (a)", detail=f"{unit} has no interception orders: low stake, "
                                                     f"pushing the fleets back"))
    return Stake.LOW, "push_back"


def _roll(ctx: Ctx, op: Op, unit: str, stake: Stake, direction: str) -> InterceptionRolled:
    """S8.5.3: 2d6 + XP − damage + 1 per HD + leader; no heavy shift (OP-38 b)."""
    sq = ctx.state.squadrons[unit]
    heavy = len(ctx.state.hds_of(unit))
    mods = [(label, value) for label, value in (("XP", sq.experience), ("dmg", -sq.damage), ("HD", heavy),
                                                 ("leader", _leader_modifier(ctx, sq.leader))) if value]
    key = f"intercept:{op.label}:{unit}"
    faces = ctx.roll(key, "2d6").faces
    total = sum(faces) + sum(value for _, value in mods)
    base = base_category(stake, total, ctx.settings)
    category = shifted(base, 1) if heavy and ctx.settings.interception_heavy_shift else base
    return InterceptionRolled(audience=Audience.of(sq.owner), operation=op.label, unit=unit, stake=stake.value,
                              direction=direction, key=key, faces=list(faces), modifiers=mods, total=total,
                              base_category=base.name, category=category.name)


def _leader_modifier(ctx: Ctx, leader: str | None) -> int:
    """S9.2, L140: the novice's −1 applies to interception too."""
    if leader is None:
        return 0
    return 1 if leader in ctx.veterans else -1


def _leader_history(ctx: Ctx, sq, category: Category) -> None:
    """OP-43: no squadron XP; OP-44 (a) history and OP-45 (a) victory by setting."""
    leader = sq.leader
    if leader is None:
        return
    character = ctx.state.characters[leader]
    if ctx.settings.interception_counts_for_leader_history:
        character.naval_events.append(NavalEvent(turn=ctx.state.turn, kind="led_interception"))
    if ctx.settings.interception_counts_as_victory and category >= Category.SL:
        casualties.grant_victory(ctx, leader)


def _troop_losses(ctx: Ctx, op: Op, unit: str, category: Category) -> None:
    """OP-38 (d): one loss roll per transported detachment."""
    dice = INTERCEPTION_LOSS_DICE[category]
    for det_id in live_detachments(ctx, op):
        key = f"landloss:{op.label}:{unit}:{det_id}"
        lose_figures(ctx, op, det_id, "interception", key, ctx.roll(key, dice))


def _character_risks(ctx: Ctx, op: Op, unit: str, category: Category) -> None:
    """S9.5 on the interceptor's result; Table S9.5-B needs no roll (OP-46 e)."""
    table = INTERCEPTION_RISK[category]
    captor = ctx.state.squadrons[unit].owner
    for character in characters_aboard(ctx, op):
        if table is None:
            ctx.emit(CharacterHarmed(audience=Audience.of(op.clan), character=character, key=None, face=None,
                                     table=RISK_TABLE[category], harm="unharmed"))
            continue
        key = f"landrisk:{op.label}:{character}:{unit}"
        face = ctx.roll(key, "d6").total
        casualties.apply_harm(ctx, character, table[face], captor, key, face, RISK_TABLE[category])


def _results(ctx: Ctx, op: Op, unit: str, area: str, category: Category, direction: str) -> None:
    where = op.order.destination if direction == "pin" else op.order.origin
    if category is Category.FH:
        casualties.add_damage(ctx, unit, 1, area)  # destroyed at 5 (S8.4.3)
        damage_fleets(ctx, op, "organised resistance to an interception (S8.5-A FH)")
    elif category is Category.FL:
        pending = [f for f in fleets_of(ctx, op) if not ctx.state.fleets[f].damaged]
        for fleet in pending:
            ctx.state.fleets[fleet].damage_pending_turn_end = True
        if pending:
            ctx.emit(FleetsDamaged(audience=Audience.everyone(), units=pending, when="turn_end",
                                   cause="mauled by an interception (S8.5-A FL)"))
        _worsen(op, ArmyFlag.HEAVY_MARCH)
    elif category is Category.SL:
        damage_fleets(ctx, op, "good hunting by an interceptor (S8.5-A SL)")
        _worsen(op, ArmyFlag.DISORDER)
        finish(ctx, op, where, _pushed(op, direction))
    else:
        lost = fleets_of(ctx, op)
        for fleet in lost:
            ctx.state.fleets[fleet].state = UnitState.LOST
        ctx.emit(FleetsLost(audience=Audience.everyone(), units=lost, area=area,
                            cause="extermination by an interceptor (S8.5-A SH)"))
        _worsen(op, ArmyFlag.DISPERSED)
        finish(ctx, op, where, "dispersed" if op.aboard else "stopped")


def _worsen(op: Op, flag: ArmyFlag) -> None:
    if op.aboard:
        op.worsen(flag)


def _pushed(op: Op, direction: str) -> str:
    if not op.aboard:
        return "stopped"
    return "pinned" if direction == "pin" else "pushed_back"
