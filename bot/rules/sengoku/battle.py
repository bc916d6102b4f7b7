"""A squadron battle fought in rounds (S8.6.7; S8.2–S8.4, S9.1, S9.3, S9.4).

Every battle, one against one included, is fought in rounds (OP-33).  A side
is a clan (allies together, OP-29).  This module runs the rounds; losses and
character risks are applied by ``casualties``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.domain.events import Audience
from bot.rules.sengoku import casualties
from bot.rules.sengoku.battle_roll import RollInput, RollResult, better_of, compare, make_roll
from bot.rules.sengoku.context import Ctx
from bot.rules.sengoku.events import (BattleBegan, BattleEnded, ManoeuvreUsed, PairDecided,
                                      PairingMade, SquadronRolled)
from bot.rules.sengoku.manoeuvres import RoundOneEffects, effects
from bot.rules.sengoku.model import Manoeuvre, Stake, UnitState
from bot.rules.sengoku.pairing import Pairing, PairingPolicy, add_helpers, pair_alternating, pair_by_chooser


@dataclass
class Fighter:
    unit: str
    clan: str
    stake: Stake
    stake_later: Stake | None = None
    port_defender: bool = False

    def stake_for(self, round_no: int) -> Stake:
        return self.stake_later if round_no > 1 and self.stake_later else self.stake


@dataclass
class BattleSide:
    clan: str
    fighters: list[Fighter]
    manoeuvre: Manoeuvre | None = None
    policy: PairingPolicy = field(default_factory=PairingPolicy)


@dataclass
class BattleOutcome:
    winner: int | None
    rounds: int
    fought: set[str]
    survivors: tuple[list[str], list[str]]
    losers_in_port: list[str] = field(default_factory=list)


def fight(ctx: Ctx, battle_id: str, area: str, sides: tuple[BattleSide, BattleSide],
          port: str | None = None) -> BattleOutcome:
    clans = [s.clan for s in sides]
    ctx.battle_leaders = {}
    ctx.emit(BattleBegan(audience=Audience.everyone(), battle=battle_id, area=area, port_defence=port,
                         sides={s.clan: [f.unit for f in s.fighters] for s in sides}))
    _announce_manoeuvres(ctx, battle_id, sides)
    fought: set[str] = set()
    round_no = 0
    while all(_in_line(ctx, side) for side in sides):
        if round_no == ctx.settings.max_rounds or (round_no == 1 and not _repeat(ctx, sides)):
            break
        round_no += 1
        _fight_round(ctx, battle_id, area, sides, round_no, fought)
    lines = (_in_line(ctx, sides[0]), _in_line(ctx, sides[1]))
    winner = 0 if lines[0] and not lines[1] else 1 if lines[1] and not lines[0] else None
    capped = bool(lines[0] and lines[1])
    casualties.grant_experience(ctx, fought)
    casualties.record_leaders(ctx, sides, fought, winner, lines)
    ctx.emit(BattleEnded(audience=Audience.everyone(), battle=battle_id, area=area, rounds=round_no,
                         winner=clans[winner] if winner is not None else None, capped=capped))
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
        _, cancelled = effects(sides[1 - i].manoeuvre, side.manoeuvre, False, False)
        ctx.emit(ManoeuvreUsed(audience=Audience.everyone(), battle=battle_id, clan=side.clan,
                               manoeuvre=side.manoeuvre.value, cancelled=cancelled))


def _fight_round(ctx: Ctx, battle_id: str, area: str, sides: tuple[BattleSide, BattleSide],
                 round_no: int, fought: set[str]) -> None:
    lines = (_in_line(ctx, sides[0]), _in_line(ctx, sides[1]))
    pairing = _pair(ctx, battle_id, round_no, sides, lines)
    ctx.emit(PairingMade(audience=Audience.everyone(), battle=battle_id, round=round_no,
                         pairs=[[p[0], p[1]] for p in pairing.pairs], reserves=pairing.reserves,
                         chooser=pairing.chooser))
    round_one = _round_one_effects(ctx, sides) if round_no == 1 else None
    by_unit = {f.unit: f for line in lines for f in line}
    for pair in pairing.pairs:
        _fight_pair(ctx, battle_id, area, round_no, pair, by_unit, round_one, sides)
        fought.update(pair[0] + pair[1])


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


def _round_one_effects(ctx: Ctx, sides: tuple[BattleSide, BattleSide]) -> tuple[RoundOneEffects, RoundOneEffects]:
    heavy = [any(ctx.state.hds_of(f.unit) for f in _in_line(ctx, s)) for s in sides]
    first, _ = effects(sides[0].manoeuvre, sides[1].manoeuvre, heavy[1], heavy[0])
    second, _ = effects(sides[1].manoeuvre, sides[0].manoeuvre, heavy[0], heavy[1])
    return first, second


def _fight_pair(ctx: Ctx, battle_id: str, area: str, round_no: int, pair: tuple[list[str], list[str]],
                by_unit: dict[str, Fighter], round_one, sides) -> None:
    rolls = ([_roll(ctx, battle_id, round_no, by_unit[u], round_one, 0) for u in pair[0]],
             [_roll(ctx, battle_id, round_no, by_unit[u], round_one, 1) for u in pair[1]])
    chosen = [rolls[i][0] if len(rolls[i]) == 1 else better_of(*rolls[i]) for i in (0, 1)]
    shifts = [1 if len(pair[i]) == 2 else 0 for i in (0, 1)]  # S8.6.5
    winner, tiebreak = compare(chosen[0], chosen[1], shifts[0], shifts[1], ctx.settings)
    ctx.emit(PairDecided(audience=Audience.everyone(), battle=battle_id, round=round_no,
                         sides=[pair[0], pair[1]], winner=winner, tiebreak=tiebreak,
                         categories=[_shifted_name(chosen[i], shifts[i]) for i in (0, 1)]))
    leaders = {u: ctx.state.squadrons[u].leader for u in pair[0] + pair[1]}
    ctx.battle_leaders.update({u: c for u, c in leaders.items() if c and u not in ctx.battle_leaders})
    for i in (0, 1):
        won = winner == i
        enemy_clan = sides[1 - i].clan
        for roll in rolls[i]:
            effect = round_one[i] if round_one else None
            casualties.apply_loss(ctx, battle_id, area, round_no, by_unit[roll.unit], won, effect,
                                  enemy_clan, holders=pair[1 - i])
    for i in (0, 1):
        for roll in rolls[i]:
            casualties.leader_risk(ctx, battle_id, round_no, roll.unit, winner == i, roll.stake,
                                   sides[1 - i].clan, leaders[roll.unit])


def _shifted_name(roll: RollResult, shift: int) -> str:
    from bot.rules.sengoku.battle_roll import shifted
    return shifted(roll.category, shift).name


def _roll(ctx: Ctx, battle_id: str, round_no: int, fighter: Fighter, round_one, side: int) -> RollResult:
    sq = ctx.state.squadrons[fighter.unit]
    effect = round_one[side] if round_one else RoundOneEffects()
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
