"""A squadron battle fought in rounds (S8.6.7; S8.2–S8.4, S9.1, S9.3, S9.4).

Every battle, one against one included, is fought in rounds (OP-33).  A side
is a clan (allies together, OP-29).  This module runs the rounds; losses and
character risks are applied by ``casualties``.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import battle_rounds, casualties
from bot.rulesets.sengoku.rules.battle.sides import BattleOutcome, BattleSide, Fighter, admiral_rank
from bot.rulesets.sengoku.rules.battle.battle_roll import (
    RollInput,
    RollResult,
    better_of,
    compare,
    make_roll,
    shifted,
)
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import (
    BattleBegan,
    BattleEnded,
    ManoeuvreUsed,
    PairDecided,
    PairingMade,
    PairSeen,
    SquadronRolled,
)
from bot.rulesets.sengoku.rules.orders.manoeuvres import RoundOneEffects, effects
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.orders.pairing import (
    Pairing,
    add_helpers,
    pair_alternating,
    pair_by_chooser,
)


def fight(ctx: Ctx, battle_id: str, area: str, sides: tuple[BattleSide, BattleSide],
          port: str | None = None) -> BattleOutcome:
    clans = [s.clan for s in sides]
    ctx.battle_leaders = {}
    ctx.emit(BattleBegan(audience=ctx.public(), battle=battle_id, area=area, port_defence=port,
                         sides={s.clan: [f.unit for f in s.fighters] for s in sides}))
    _announce_manoeuvres(ctx, battle_id, sides)
    fought: set[str] = set()
    round_no, single_round, pair_winner = 0, False, None
    while all(_in_line(ctx, side) for side in sides):
        single_round = round_no == 1 and not _repeat(ctx, sides)
        if round_no == ctx.settings.max_rounds or single_round:
            break
        if round_no:
            battle_rounds.between_rounds(ctx, battle_id, area, sides, round_no)  # OP-33: withdrawal
            if not all(_in_line(ctx, side) for side in sides):
                break
        round_no += 1
        pair_winner = _fight_round(ctx, battle_id, area, sides, round_no, fought)
    lines = (_in_line(ctx, sides[0]), _in_line(ctx, sides[1]))
    winner = 0 if lines[0] and not lines[1] else 1 if lines[1] and not lines[0] else None
    if single_round:
        winner = pair_winner  # OP-33 with repeat_rounds_in_1v1 = false: the one pair decides (S8.3)
    capped = bool(lines[0] and lines[1]) and not single_round
    casualties.grant_experience(ctx, fought)
    casualties.record_leaders(ctx, sides, fought, winner, lines)
    ctx.emit(BattleEnded(audience=ctx.public(), battle=battle_id, area=area, rounds=round_no,
                         winner=clans[winner] if winner is not None else None, capped=capped))
    if capped:  # OP-33: the max_rounds cut-off goes to the moderators
        battle_rounds.flag_round_cap(ctx, battle_id, area, round_no, [f.unit for line in lines for f in line])
    return BattleOutcome(winner=winner, rounds=round_no, fought=fought,
                         survivors=([f.unit for f in lines[0]], [f.unit for f in lines[1]]))


def _repeat(ctx: Ctx, sides: tuple[BattleSide, BattleSide]) -> bool:
    single = all(len(s.fighters) == 1 for s in sides)
    return ctx.settings.repeat_rounds_in_1v1 or not single


def _in_line(ctx: Ctx, side: BattleSide) -> list[Fighter]:
    """S8.6.1: dispersed, destroyed and captured squadrons have left."""
    out = []
    for fighter in side.fighters:
        sq = ctx.state.squadrons[fighter.unit]
        if sq.state is UnitState.ACTIVE and not sq.dispersed:
            out.append(fighter)
    return out


def _announce_manoeuvres(ctx: Ctx, battle_id: str, sides: tuple[BattleSide, BattleSide]) -> None:
    for i, side in enumerate(sides):
        if side.manoeuvre is None:
            continue
        _, cancelled = effects(sides[1 - i].manoeuvre, side.manoeuvre, False)
        ctx.emit(ManoeuvreUsed(audience=ctx.public(), battle=battle_id, clan=side.clan,
                               manoeuvre=side.manoeuvre.value, cancelled=cancelled))


def _fight_round(ctx: Ctx, battle_id: str, area: str, sides: tuple[BattleSide, BattleSide],
                 round_no: int, fought: set[str]) -> int | None:
    """One round (S8.6.7); returns the winner of its last pair (the only one in 1 vs 1)."""
    lines = (_in_line(ctx, sides[0]), _in_line(ctx, sides[1]))
    pairing = _pair(ctx, battle_id, round_no, sides, lines)
    ctx.emit(PairingMade(audience=ctx.public(), battle=battle_id, round=round_no,
                         pairs=[[p[0], p[1]] for p in pairing.pairs], reserves=pairing.reserves,
                         chooser=pairing.chooser))
    round_one = _round_one_effects(ctx, sides, pairing.pairs) if round_no == 1 else {}
    by_unit = {f.unit: f for line in lines for f in line}
    winner = None
    for pair in pairing.pairs:
        winner = _fight_pair(ctx, battle_id, area, round_no, pair, by_unit, round_one, sides)
        fought.update(pair[0] + pair[1])
    return winner


def _pair(ctx: Ctx, battle_id: str, round_no: int, sides: tuple[BattleSide, BattleSide],
          lines: tuple[list[Fighter], list[Fighter]]) -> Pairing:
    units = ([f.unit for f in lines[0]], [f.unit for f in lines[1]])
    policies = (sides[0].policy, sides[1].policy)
    chooser = _chooser(ctx, lines)
    if chooser is not None:
        pairs = pair_by_chooser(ctx.state, units, chooser, policies)
        label = sides[chooser].clan
    else:
        first = ctx.roll(f"pairing:{battle_id}:r{round_no}", "d2").total - 1  # R16
        pairs = pair_alternating(ctx.state, units, first, policies)
        label = f"alternating, {sides[first].clan} first"
    reserves = add_helpers(pairs, units, ctx.state, policies)
    return Pairing(pairs=pairs, reserves=reserves, chooser=label)


def _chooser(ctx: Ctx, lines: tuple[list[Fighter], list[Fighter]]) -> int | None:
    if all(len(line) == 1 for line in lines):
        return 0  # a single pair: nothing to choose
    for trait in (ctx.art_active, ctx.veterans):
        has = [any(ctx.state.squadrons[f.unit].leader in trait for f in line) for line in lines]
        if has[0] != has[1]:
            return 0 if has[0] else 1
    return None


def _round_one_effects(ctx: Ctx, sides: tuple[BattleSide, BattleSide],
                       pairs: list[tuple[list[str], list[str]]]) -> dict[str, RoundOneEffects]:
    """S9.3 round-1 effects on each squadron that fights.  OP-45 (c): with
    ``manoeuvre_scope = own_squadron`` a manoeuvre covers only the admiral's
    squadron and reaches only the enemies paired against it.  R5: "the enemy
    has no heavy ships" is judged for the whole side or per squadron."""
    admirals = [_manoeuvre_unit(ctx, side) for side in sides]
    side_heavy = [any(ctx.state.hds_of(f.unit) for f in _in_line(ctx, side)) for side in sides]
    whole_side = ctx.settings.manoeuvre_scope == "side"
    per_squadron = ctx.settings.feigned_retreat_penalty_scope == "per_squadron"
    result: dict[str, RoundOneEffects] = {}
    for pair in pairs:
        for i in (0, 1):
            enemy = sides[1 - i].manoeuvre if whole_side or admirals[1 - i] in pair[1 - i] else None
            for unit in pair[i]:
                own = sides[i].manoeuvre if whole_side or unit == admirals[i] else None
                heavy = bool(ctx.state.hds_of(unit)) if per_squadron else side_heavy[i]
                result[unit], _ = effects(own, enemy, heavy)
    return result


def _manoeuvre_unit(ctx: Ctx, side: BattleSide) -> str | None:
    """OP-45 (b): the squadron of the admiral whose manoeuvre the side uses
    (ranked as in OP-29), unless the caller named it."""
    if side.manoeuvre is None or side.manoeuvre_unit:
        return side.manoeuvre_unit
    able = [f.unit for f in side.fighters if ctx.state.squadrons[f.unit].leader in ctx.art_active
            and getattr(ctx.orders.get(f.unit), "manoeuvre", side.manoeuvre) == side.manoeuvre]
    return max(able, key=lambda unit: admiral_rank(ctx, unit), default=None)


def _fight_pair(ctx: Ctx, battle_id: str, area: str, round_no: int, pair: tuple[list[str], list[str]],
                by_unit: dict[str, Fighter], round_one: dict[str, RoundOneEffects], sides) -> int | None:
    rolls = ([_roll(ctx, battle_id, round_no, by_unit[u], round_one.get(u)) for u in pair[0]],
             [_roll(ctx, battle_id, round_no, by_unit[u], round_one.get(u)) for u in pair[1]])
    chosen = [rolls[i][0] if len(rolls[i]) == 1 else better_of(*rolls[i]) for i in (0, 1)]
    shifts = [1 if len(pair[i]) == 2 else 0 for i in (0, 1)]  # S8.6.5
    winner, tiebreak = compare(chosen[0], chosen[1], shifts[0], shifts[1], ctx.settings)
    categories = [_shifted_name(chosen[i], shifts[i]) for i in (0, 1)]
    # R19, S5.6: everyone sees the categories and the winner; which S8.3 step broke a tie
    # (totals, experience, heavy detachments) stays with the moderators.
    ctx.emit(PairSeen(audience=ctx.public(), battle=battle_id, round=round_no,
                      sides=[pair[0], pair[1]], winner=winner, categories=categories))
    ctx.emit(PairDecided(audience=Audience.moderators(), battle=battle_id, round=round_no,
                         sides=[pair[0], pair[1]], winner=winner, tiebreak=tiebreak, categories=categories))
    leaders = {u: ctx.state.squadrons[u].leader for u in pair[0] + pair[1]}
    ctx.battle_leaders.update({u: c for u, c in leaders.items() if c and u not in ctx.battle_leaders})
    for i in (0, 1):
        won = winner == i
        enemy_clan = by_unit[pair[1 - i][0]].clan  # OP-29 (b): on an allied side, the clan it fought
        for roll in rolls[i]:
            casualties.apply_loss(ctx, battle_id, area, round_no, by_unit[roll.unit], won,
                                  round_one.get(roll.unit), enemy_clan, holders=pair[1 - i],
                                  enemy_won=winner == 1 - i)
    for i in (0, 1):
        for roll in rolls[i]:
            casualties.leader_risk(ctx, battle_id, round_no, roll.unit, winner == i, roll.stake,
                                   by_unit[pair[1 - i][0]].clan, leaders[roll.unit])
    return winner


def _shifted_name(roll: RollResult, shift: int) -> str:
    return shifted(roll.category, shift).name


def _roll(ctx: Ctx, battle_id: str, round_no: int, fighter: Fighter,
          effect: RoundOneEffects | None) -> RollResult:
    sq = ctx.state.squadrons[fighter.unit]
    effect = effect or RoundOneEffects()
    stake = fighter.stake_for(round_no)
    roll_input = RollInput(unit=sq.id, stake=stake, experience=sq.experience, damage=sq.damage,
                           heavy=len(ctx.state.hds_of(sq.id)), leader_modifier=_leader_modifier(ctx, sq.leader),
                           port_defence=fighter.port_defender, heavy_bonus_denied=effect.heavy_bonus_denied,
                           manoeuvre_modifiers=list(effect.roll_modifiers))
    key = f"battle:{battle_id}:{sq.id}:r{round_no}"
    faces = ctx.roll(key, "2d6").faces
    result = make_roll(roll_input, faces, ctx.settings)
    ctx.emit(SquadronRolled(audience=Audience.of(sq.owner), battle=battle_id, round=round_no, unit=sq.id,
                            stake=stake.value, key=key, faces=list(faces), modifiers=result.modifiers,
                            total=result.total, base_category=result.base_category.name,
                            category=result.category.name))
    return result


def _leader_modifier(ctx: Ctx, leader: str | None) -> int:
    """S9.2: −1 novice, +1 veteran, 0 without a leader; fixed for the turn (OP-44 b)."""
    if leader is None:
        return 0
    return 1 if leader in ctx.veterans else -1
