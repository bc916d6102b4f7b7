"""A battle round by round (E8, E10, E12.2/E12.5, E13.1, E14.3) and its consequences (E9).

The impulse's steps drive it: ``open_battle`` then ``advance`` (rolls the next round and asks the combat
module; stops when the moderators must enter a round, ``state.awaiting``, or when it is over), then, for
a moderators' form, ``enter_round`` with the ``RoundResult`` read from it (``form.read_form``) and
``advance`` again.  Rounds: 0 is a battery's fire before the battle (E10.2, E12.2, E13.1); from 1 the
fleets fight.  A strait's or a landing's battery fire is a battle of round 0 alone.
"""

from __future__ import annotations

from bot.domain.events import Event
from bot.domain.text import N_, Phrase
from bot.engine.dice import Dice

from . import events as ev
from .dice import BATTERY_FIRST, roll_round
from .types import (
    ACTIVE,
    INACTIVE,
    REQUIRES_OUTFITTING,
    TIE,
    Battle,
    BattleKind,
    BattleOutcome,
    BattleState,
    CombatError,
    CombatModule,
    CombatSettings,
    Placement,
    RoundDice,
    RoundRecord,
    RoundResult,
    SideRole,
    Winner,
)

ROLES: tuple[SideRole, SideRole] = (ACTIVE, INACTIVE)
PORT_ROUNDS = 2  # E10.3–E10.4: round 1, and a second round after a tie


def open_battle(battle: Battle) -> tuple[BattleState, list[Event]]:
    """E8.1 / E10.1 / E12.2 / E13.1: the battle begins (nothing is rolled yet)."""
    began = ev.BattleBegan(
        battle=battle.kind.value, place=battle.place, zone=battle.zone,
        active_nations=battle.active.nations, inactive_nations=battle.inactive.nations,
        active_squadrons=tuple(s.id for s in battle.active.squadrons),
        inactive_squadrons=tuple(s.id for s in battle.inactive.squadrons),
        battery_dice=battle.battery.dice if battle.battery else 0,
        fortress=bool(battle.battery and battle.battery.fortress))
    return BattleState(battle=battle), [began]


def first_round(battle: Battle) -> int:
    return 0 if battle.battery is not None and battle.kind in BATTERY_FIRST else 1


def next_round(state: BattleState) -> int:
    return state.rounds[-1].dice.round_no + 1 if state.rounds else first_round(state.battle)


def advance(state: BattleState, module: CombatModule, dice: Dice,
            settings: CombatSettings) -> tuple[BattleState, list[Event]]:
    """Fight on until the moderators must enter a round (``awaiting``) or the battle is over."""
    out: list[Event] = []
    while not state.over and state.awaiting is None:
        round_no = next_round(state)
        rolled = roll_round(state.battle, round_no, state.rounds, state.lost, settings, dice)
        out.append(_rolled_event(state.battle, rolled))
        result = module.round(state.battle, round_no, rolled)
        state = state.model_copy(update={"awaiting": rolled})
        if result is not None:
            state, more = _apply(state, result, "module", settings)
            out += more
    return state, out


def enter_round(state: BattleState, result: RoundResult,
                settings: CombatSettings) -> tuple[BattleState, list[Event]]:
    """The moderators' results for the awaited round (E-OP-13)."""
    if state.awaiting is None:
        raise CombatError(N_("No round of this battle is waiting for results."))
    return _apply(state, result, "moderators", settings)


def _sides(battle: Battle) -> dict[str, tuple[str, ...]]:
    return {"active": battle.active.nations, "inactive": battle.inactive.nations}


def _rolled_event(battle: Battle, rolled: RoundDice) -> ev.RoundRolled:
    bonus = next((r for r in ROLES if rolled.round_no == 1 and battle.side(r).evasion_failed_bonus), None)
    return ev.RoundRolled(
        **_sides(battle), place=battle.place, round=rolled.round_no, active_count=rolled.active_count,
        inactive_count=rolled.inactive_count, battery_count=rolled.battery_count, active_dice=rolled.active,
        inactive_dice=rolled.inactive, battery_dice=rolled.battery, fives_to_active=rolled.fives_to_active,
        fives_to_inactive=rolled.fives_to_inactive, evasion_bonus=bonus)


def _apply(state: BattleState, result: RoundResult, entered_by: str,
           settings: CombatSettings) -> tuple[BattleState, list[Event]]:
    battle, rolled = state.battle, state.awaiting
    assert rolled is not None
    _check_losses(state, result)
    active_total, inactive_total = _totals(state, result)
    winner, rule = _round_winner(battle, rolled.round_no, result, active_total, inactive_total, settings)
    record = RoundRecord(dice=rolled, result=result, active_total=active_total, inactive_total=inactive_total,
                         winner=winner, entered_by=entered_by)
    lost = state.lost + result.active_losses + result.inactive_losses
    state = state.model_copy(update={"rounds": state.rounds + (record,), "awaiting": None, "lost": lost})
    out: list[Event] = [ev.RoundDecided(
        **_sides(battle), place=battle.place, round=rolled.round_no, active_result=result.active_result,
        inactive_result=result.inactive_result, battery_result=result.battery_result, active_total=active_total,
        inactive_total=inactive_total, winner=winner, entered_by=entered_by, rule=rule)]
    out += _loss_events(battle, rolled.round_no, result)
    decided = _decided(battle, rolled.round_no, winner)
    if decided is False:
        decided = _nobody_left(state)
    if decided is not False:
        by_outcome = _destroyed_by_outcome(state, decided)
        outcome = _outcome(state, decided, by_outcome, rule)
        state = state.model_copy(update={"outcome": outcome})
        out += _ending_events(battle, outcome, by_outcome)
    return state, out


def _check_losses(state: BattleState, result: RoundResult) -> None:
    """Losses name the side's own squadrons, still afloat, each once (a form's names are read by
    ``form.read_form``; a module's ids are checked here)."""
    for role, losses in ((ACTIVE, result.active_losses), (INACTIVE, result.inactive_losses)):
        afloat = [s.id for s in state.battle.side(role).squadrons if s.id not in state.lost]
        wrong = [x for x in losses if x not in afloat] + [x for x in set(losses) if losses.count(x) > 1]
        if wrong:
            names = ", ".join(state.battle.name(x) for x in afloat) or "none"
            raise CombatError(Phrase(N_("{side}'s losses name {wrong}, which is not one of its squadrons afloat "
                                     "(they are: {names})."), side=_side_name(state.battle, role),
                                     wrong=state.battle.name(wrong[0]), names=names))


def _side_name(battle: Battle, role: SideRole) -> str:
    return " + ".join(battle.name(n) for n in battle.side(role).nations)


def _totals(state: BattleState, result: RoundResult) -> tuple[int, int]:
    """E10.3: in a port, the defender's total is its fleet's result plus this round's battery result, and
    in round 1 also the pre-battle battery's (never again in round 2: E10.4)."""
    battle, round_no = state.battle, state.awaiting.round_no if state.awaiting else 0
    inactive = result.inactive_result
    if battle.kind == BattleKind.PORT and round_no >= 1:
        inactive += result.battery_result
        if round_no == 1:
            inactive += sum(r.result.battery_result for r in state.rounds if r.dice.round_no == 0)
    return result.active_result, inactive


def _round_winner(battle: Battle, round_no: int, result: RoundResult, active_total: int, inactive_total: int,
                  settings: CombatSettings) -> tuple[Winner | None, str]:
    if round_no == 0:
        return None, ""  # a battery's fire decides nothing
    if battle.kind == BattleKind.PORT:
        by_totals: Winner = (ACTIVE if active_total > inactive_total
                             else INACTIVE if inactive_total > active_total else TIE)
        if result.winner is not None and result.winner != by_totals:
            raise CombatError(Phrase(N_("In a port battle the totals decide the round (E10.3): {active} {a} against "
                                     "{inactive} {i}; leave the winner out."), active=_side_name(battle, ACTIVE),
                                     a=active_total, inactive=_side_name(battle, INACTIVE), i=inactive_total))
        if by_totals == TIE and round_no >= PORT_ROUNDS:
            return settings.second_tie_winner, "E-OP-19"  # a second tie: the proposal "defender wins"
        return by_totals, ""
    if result.winner is None:
        raise CombatError(N_("Enter the round's winner (E-OP-13): the active side, the inactive side, or a tie "
                          "(another round is fought)."))
    return result.winner, ""


def _decided(battle: Battle, round_no: int, winner: Winner | None) -> SideRole | None | bool:
    """The battle's winner once it is over; None: over without a winner (a battery's fire alone);
    False: another round follows."""
    if round_no == 0:
        return None if battle.kind in (BattleKind.STRAIT, BattleKind.LANDING) else False
    return False if winner == TIE or winner is None else winner


def _nobody_left(state: BattleState) -> SideRole | bool:
    """A round that leaves one side nothing afloat ends the battle, whatever the round's own result: the
    other side wins (no round can be fought against nobody).  A port's defender fights on with its
    batteries alone (E-OP-19's empty port), so only the active side's wiping out ends a port battle."""
    def wiped(role: SideRole) -> bool:
        squadrons = state.battle.side(role).squadrons
        return bool(squadrons) and all(s.id in state.lost for s in squadrons)

    if wiped(ACTIVE):
        return INACTIVE
    if state.battle.kind != BattleKind.PORT and wiped(INACTIVE):
        return ACTIVE
    return False


def _loss_events(battle: Battle, round_no: int, result: RoundResult) -> list[Event]:
    out: list[Event] = []
    for role, losses in ((ACTIVE, result.active_losses), (INACTIVE, result.inactive_losses)):
        if losses:
            # E12.5: a landing's battery losses count as losses of the first round of the land combat
            landing = battle.kind == BattleKind.LANDING
            out.append(ev.SquadronsLost(place=battle.place, side=role, nations=battle.side(role).nations,
                                        squadrons=losses, round=1 if landing else round_no,
                                        rule="E12.5" if landing else ""))
    return out


def _outcome(state: BattleState, winner: SideRole | None, destroyed: tuple[str, ...], rule: str) -> BattleOutcome:
    battle = state.battle
    gone = set(state.lost) | set(destroyed)
    placements = tuple(_placement(battle, role, winner, gone) for role in ROLES)
    fought = sum(1 for r in state.rounds if r.dice.round_no >= 1)
    return BattleOutcome(winner=winner, destroyed=tuple(state.lost) + destroyed, placements=placements,
                         rounds=fought, winner_rule=rule)


def _destroyed_by_outcome(state: BattleState, winner: SideRole | None) -> tuple[str, ...]:
    """E10.5: a port that loses loses its whole fleet, squadrons under construction included; E14.3: a
    fleet put to sea from a lost port that is beaten loses its squadrons being outfitted."""
    battle = state.battle
    if winner is None:
        return ()
    loser = battle.side(INACTIVE if winner == ACTIVE else ACTIVE)
    afloat = [s for s in loser.squadrons if s.id not in state.lost]
    if battle.kind == BattleKind.PORT and winner == ACTIVE:
        return tuple(s.id for s in afloat)
    if loser.lost_port:
        return tuple(s.id for s in afloat if s.status == REQUIRES_OUTFITTING)
    return ()


def _placement(battle: Battle, role: SideRole, winner: SideRole | None, gone: set[str]) -> Placement:
    side = battle.side(role)
    left = tuple(s.id for s in side.squadrons if s.id not in gone)
    if not side.squadrons:  # nothing there to go anywhere (a strait's or an empty port's defenders)
        return Placement(side=role, how="stay")
    if not left:
        return Placement(side=role, how="destroyed")
    if winner is None:  # a battery's fire alone: the survivors go on (E12.3 placed in the port; E13.2 next)
        return Placement(side=role, how="continue" if role == ACTIVE else "stay", squadrons=left)
    if winner == role:
        if role == ACTIVE:  # E9.1; from a port, placed in its zone first (E10.5, E-OP-20)
            zone = battle.zone if battle.kind == BattleKind.PORT else None
            return Placement(side=role, how="continue", zone=zone, squadrons=left)
        return Placement(side=role, how="stay", squadrons=left)
    if side.left_port:  # E9.3
        return Placement(side=role, how="return_to_port", port=side.left_port, squadrons=left)
    if role == ACTIVE and battle.kind == BattleKind.PORT:  # E9.4
        return Placement(side=role, how="other_port", excluded_port=battle.place, squadrons=left)
    if side.entering_port:  # E9.4 [L45]: beaten "при попытке войти в Порт" by its zone's interceptors too
        return Placement(side=role, how="other_port", excluded_port=side.entering_port, squadrons=left)
    return Placement(side=role, how="nearest_port", squadrons=left)  # E9.2


def _ending_events(battle: Battle, outcome: BattleOutcome, by_outcome: tuple[str, ...]) -> list[Event]:
    out: list[Event] = []
    if by_outcome and outcome.winner is not None:
        loser = INACTIVE if outcome.winner == ACTIVE else ACTIVE
        rule = "E10.5" if battle.kind == BattleKind.PORT and outcome.winner == ACTIVE else "E14.3"
        out.append(ev.SquadronsLost(place=battle.place, side=loser, nations=battle.side(loser).nations,
                                    squadrons=by_outcome, rule=rule))
    return out + [ev.BattleDecided(**_sides(battle), place=battle.place, winner=outcome.winner, rounds=outcome.rounds,
                                 placements={p.side: p.how for p in outcome.placements}, rule=outcome.winner_rule)]
