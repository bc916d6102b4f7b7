"""What a round does to squadrons and leaders: loss rolls (S8.4), heavy
detachments (S8.4.5, OP-35), capture and credits (S8.4.6, OP-36), dispersal
(S8.4.7, OP-37), experience (S9.1) and character risk (S9.4)."""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle.sides import BattleSide, Fighter
from bot.rulesets.sengoku.rules.orders.clan_orders import COST_DP, COST_RP
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import (
    Captured,
    CharacterFate,
    CharacterHarmed,
    CreditGained,
    Destroyed,
    Dispersed,
    ExperienceGained,
    HeavyDetached,
    LossRolled,
)
from bot.rulesets.sengoku.rules.model.model import (
    CaptureCredit,
    CharacterStatus,
    NavalEvent,
    PendingCaptive,
    Stake,
    UnitState,
)
from bot.rulesets.sengoku.rules.orders.manoeuvres import RoundOneEffects
from bot.rulesets.sengoku.rules.model.tables import BATTLE_RISK, Harm, LossResult, loss_row


def apply_loss(ctx: Ctx, battle_id: str, area: str, round_no: int, fighter: "Fighter", won: bool,
               effect: "RoundOneEffects | None", enemy_clan: str, holders: list[str],
               enemy_won: bool | None = None) -> None:
    """``enemy_won``: whether the enemy won this fight; both sides can be defeated (S8.3 step 5)."""
    sq = ctx.state.squadrons[fighter.unit]
    stake = fighter.stake_for(round_no)
    if fighter.port_defender and not won:
        # S8.4.4 and R2: burnt in harbour on any defeat; no loss die is rolled.
        ctx.emit(LossRolled(audience=Audience.of(sq.owner), battle=battle_id, round=round_no, unit=sq.id,
                            won=won, stake=stake.value, key=None, face=None, result="burnt",
                            damage=0, damage_after=sq.damage))
        destroy_squadron(ctx, sq.id, area, "burnt in port (S8.4.4)", hds_survive=False)
        return
    key = f"loss:{battle_id}:{sq.id}:r{round_no}"
    face = ctx.roll(key, "d6").total
    modifier = effect.loss_roll_if_defeated if effect and not won else 0
    row = loss_row(won, stake, face + modifier)
    damage = 0 if row.result is LossResult.CAPTURED else _damage_after_manoeuvres(row.damage, won, effect,
                                                                                       enemy_won)
    ctx.emit(LossRolled(audience=Audience.of(sq.owner), battle=battle_id, round=round_no, unit=sq.id,
                        won=won, stake=stake.value, key=key, face=face, modifier=modifier,
                        result=row.result.value, damage=damage, damage_after=min(5, sq.damage + damage)))
    if row.result is LossResult.CAPTURED:
        capture_squadron(ctx, sq.id, area, enemy_clan, holders)
        return
    add_damage(ctx, sq.id, damage, area)
    if row.dispersed and ctx.state.squadrons[sq.id].state is UnitState.ACTIVE:
        disperse(ctx, sq.id, area)


def _damage_after_manoeuvres(damage: int, won: bool, effect: "RoundOneEffects | None",
                             enemy_won: bool | None = None) -> int:
    """OP-45 (d): manoeuvres change damage numbers only, never below 0."""
    if effect is None or (damage == 0 and won):
        return damage
    # S9.3-A Take the wind [L143]: "+1 to the enemy when WE win"; not when both are defeated
    enemy_won = (not won) if enemy_won is None else enemy_won
    extra = effect.damage_if_enemy_won if enemy_won else 0
    extra += effect.damage_if_defeated if not won else 0
    return max(0, damage + extra)


def add_damage(ctx: Ctx, unit: str, damage: int, area: str) -> None:
    """S8.4.3 destruction at 5; S8.4.5 each attached HD takes the same damage."""
    if damage <= 0:
        return
    sq = ctx.state.squadrons[unit]
    for hd in ctx.state.hds_of(unit):
        hd.damage = min(5, hd.damage + damage)
        if hd.damage >= 5:
            hd.state = UnitState.DESTROYED
            hd.attached_to = None
            ctx.emit(Destroyed(audience=Audience.of(sq.owner), unit=hd.id, area=area,
                               cause="heavy detachment reached 5 damage (OP-35)"))
    sq.damage = min(5, sq.damage + damage)
    if sq.damage >= 5:
        destroy_squadron(ctx, unit, area, "reached 5 damage (S8.4.3)",
                         hds_survive=ctx.settings.hd_survives_squadron_destruction)


def destroy_squadron(ctx: Ctx, unit: str, area: str, cause: str, hds_survive: bool) -> None:
    sq = ctx.state.squadrons[unit]
    sq.state = UnitState.DESTROYED
    sq.standing = None
    sq.station = None
    ctx.emit(Destroyed(audience=ctx.public(), unit=unit, area=area, cause=cause))
    for hd in ctx.state.hds_of(unit):
        hd.attached_to = None
        if hds_survive:
            hd.base_port = sq.base_port
            ctx.emit(HeavyDetached(audience=Audience.of(sq.owner), unit=hd.id, squadron=unit,
                                   back_to=sq.base_port))
        else:
            hd.state = UnitState.DESTROYED
            ctx.emit(Destroyed(audience=Audience.of(sq.owner), unit=hd.id, area=area, cause=cause))
    _leader_leaves(ctx, sq)


def capture_squadron(ctx: Ctx, unit: str, area: str, captor: str, holders: list[str]) -> None:
    """S8.4.6: the squadron and its HDs leave their owner; one credit each (R6)."""
    sq = ctx.state.squadrons[unit]
    captured = [unit] + [hd.id for hd in ctx.state.hds_of(unit)]
    sq.state = UnitState.CAPTURED
    sq.standing = None
    sq.station = None
    for hd in ctx.state.hds_of(unit):
        hd.state = UnitState.CAPTURED
        hd.attached_to = None
    ctx.emit(Captured(audience=ctx.public(), unit=unit, area=area, by=captor))
    for item in captured:
        credit_kind = "squadron" if item == unit else "heavy_detachment"
        grant_credit(ctx, captor, credit_kind, holders, item)
    _leader_leaves(ctx, sq)


def grant_credit(ctx: Ctx, clan: str, credit_kind: str, holders: list[str], source: str) -> None:
    """OP-36, R3: only capturers still active and not dispersed hold the credit; a
    capturer dispersed, destroyed or captured earlier in the same round does not
    (e.g. both sides defeated, S8.3 step 5)."""
    squadrons = ctx.state.squadrons
    keeping = [u for u in holders if u not in squadrons
               or (squadrons[u].state is UnitState.ACTIVE and not squadrons[u].dispersed)]
    credit = CaptureCredit(id=f"credit:{ctx.state.turn}:{source}", holder=clan, kind=credit_kind,
                           holders=keeping, turn_captured=ctx.state.turn, void=not keeping)
    ctx.state.credits.append(credit)
    if credit.void:
        return
    ctx.emit(CreditGained(audience=Audience.of(clan), clan=clan, credit=credit.id,
                          credit_kind=credit_kind, holders=list(keeping), prize=source,
                          redeemable_turn=credit.turn_captured + 1, cost_dp=COST_DP, cost_rp=COST_RP))


def disperse(ctx: Ctx, unit: str, area: str) -> None:
    """S5.5 step 3, OP-37: back to base, mission not done, cannot defend its port."""
    sq = ctx.state.squadrons[unit]
    sq.dispersed = True
    sq.standing = None
    sq.station = None
    ctx.orders.pop(unit, None)  # the mission ends undone; idle from now on
    sq.location = ctx.base_area(sq.base_port)
    for credit in ctx.state.credits:
        if unit in credit.holders and not credit.void:
            credit.holders.remove(unit)  # R3: a dispersed holder no longer holds
            credit.void = not credit.holders
    ctx.emit(Dispersed(audience=ctx.public(), unit=unit, area=area, back_to=sq.base_port))


def _leader_leaves(ctx: Ctx, sq) -> None:
    """R10: a leader not taken by his own risk roll escapes and leads nothing."""
    for credit in ctx.state.credits:
        if sq.id in credit.holders and not credit.void:
            credit.holders.remove(sq.id)  # R3
            credit.void = not credit.holders
    sq.leader = None


def leader_risk(ctx: Ctx, battle_id: str, round_no: int, unit: str, won: bool, stake: Stake,
                enemy_clan: str, leader: str | None = None) -> None:
    """S9.4: a d6 for each character who led a squadron in this round."""
    if leader is None:
        return
    character = ctx.state.characters[leader]
    key = f"risk:{battle_id}:{leader}:r{round_no}"
    face = ctx.roll(key, "d6").total
    harm = BATTLE_RISK[(won, stake)][face]
    table = {(False, Stake.LOW): "S9.4-A", (False, Stake.HIGH): "S9.4-B",
             (True, Stake.LOW): "S9.4-C", (True, Stake.HIGH): "S9.4-D"}[(won, stake)]
    apply_harm(ctx, leader, harm, enemy_clan, key, face, table)
    if character.status is not CharacterStatus.FREE:
        squadron = ctx.state.squadrons[unit]
        if squadron.leader == leader:
            squadron.leader = None  # OP-44 (d): fights on without him


def apply_harm(ctx: Ctx, leader: str, harm: Harm, enemy_clan: str, key: str | None, face: int | None,
               table: str) -> None:
    character = ctx.state.characters[leader]
    if harm is Harm.WOUND:
        character.wounds += 1
    elif harm is Harm.TWO_WOUNDS:
        character.wounds += 2
    elif harm is Harm.KILLED or (harm is Harm.GENERAL_KILLED_COMMANDER_CAPTURED and character.kind == "general"):
        character.status = CharacterStatus.DEAD
    elif harm in (Harm.CAPTURED, Harm.GENERAL_KILLED_COMMANDER_CAPTURED):
        character.status = CharacterStatus.CAPTURED
        character.captor = enemy_clan
        # OP-46 (c): "may commit suicide" — the clan is asked in the captives' step after the turn.
        public = ctx.public()
        ctx.state.captives.append(PendingCaptive(character=leader,
                                                 seen_by=None if public.public else list(public.factions)))
    ctx.emit(CharacterHarmed(audience=Audience.of(character.clan), character=leader, key=key, face=face,
                             table=table, harm=harm.value, captor=character.captor))
    if character.status is not CharacterStatus.FREE:
        # R19: the public learns the fate, not the die.
        ctx.emit(CharacterFate(audience=ctx.public(), character=leader, status=character.status.value,
                               captor=character.captor))


def grant_experience(ctx: Ctx, fought: set[str]) -> None:
    """S9.1, OP-43: +1 once per battle to each squadron that fought a round and survived."""
    for unit in sorted(fought):
        sq = ctx.state.squadrons[unit]
        if sq.state is not UnitState.ACTIVE or sq.experience >= 2:
            continue
        before = sq.experience
        sq.experience = before + 1
        ctx.emit(ExperienceGained(audience=Audience.of(sq.owner), unit=unit, before=before,
                                  after=sq.experience))


def record_leaders(ctx: Ctx, sides: tuple["BattleSide", "BattleSide"], fought: set[str],
                   winner: int | None, lines) -> None:
    """S9.2 (veteran from next turn) and S9.3 (victories toward the naval art, OP-45 a)."""
    for index, side in enumerate(sides):
        for fighter in side.fighters:
            leader = ctx.battle_leaders.get(fighter.unit)
            if leader is None or fighter.unit not in fought:
                continue
            character = ctx.state.characters[leader]
            character.naval_events.append(NavalEvent(turn=ctx.state.turn, kind="led_battle"))
            still_in_line = any(f.unit == fighter.unit for f in lines[index])
            if winner == index and still_in_line and character.status is CharacterStatus.FREE:
                grant_victory(ctx, leader)


def new_engagement(ctx: Ctx) -> None:
    """R9: victories are counted once per leader per engagement; each entry
    point of an engagement (a battle at a place, a port attack, the meeting of
    a landing with what lies on its route) opens a new one."""
    ctx.victories_this_engagement = set()


def grant_victory(ctx: Ctx, leader: str) -> bool:
    """S9.3.1, OP-45 a, R9: one victory toward the naval art per engagement."""
    if leader in ctx.victories_this_engagement:
        return False
    ctx.victories_this_engagement.add(leader)
    ctx.state.characters[leader].victories += 1
    return True
