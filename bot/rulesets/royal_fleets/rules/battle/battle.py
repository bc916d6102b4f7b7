"""The battle loop (U6.2): rounds until a side gets away or has no ship left in the battle.

A ship's state is its health: 2 or more, in the battle; exactly 1, out of the battle (U6.2.5);
0, sunk.  Both sides' damage of a round is computed from the health at its start and applied at
once (U6.2.4, derived from the example's round 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from bot.domain.events import Audience, Event
from bot.domain.text import N_
from bot.engine.dice import Dice, Roll
from bot.rulesets.royal_fleets.rules.battle import damage as dmg
from bot.rulesets.royal_fleets.rules.battle.check import BattleInputError, check_sides
from bot.rulesets.royal_fleets.rules.battle.events import (
    BattleAllocationRefused, BattleAttack, BattleDefaultApplied, BattleInitiative, BattleMutualWithdrawal,
    BattleRetreatDeclared, BattleRetreatRolled, BattleShipLeft, BattleShipSunk, BattleStarted)
from bot.rulesets.royal_fleets.rules.battle.inputs import (
    SIDES, BattleSettings, BattleShip, BattleSide, Side, other)
from bot.rulesets.royal_fleets.rules.battle.outcome import Ended, settle
from bot.rulesets.royal_fleets.rules.battle.results import BattleResult, RoundRecord, SideAttack
from bot.rulesets.royal_fleets.rules.battle.retreat import declaration

__all__ = ["BattleInputError", "fight"]


def fight(attacker: BattleSide, defender: BattleSide, settings: BattleSettings, dice: Dice, *,
          area: str, key: str | None = None) -> BattleResult:
    """Fight the battle in ``area`` to its end.  ``key`` prefixes every dice key (default
    ``battle:<area>``; give another when one area sees two battles in a turn, so that no key
    repeats).  Raises BattleInputError, before any die, when the sides cannot fight as given."""
    sides = {"attacker": attacker, "defender": defender}
    check_sides(sides, settings)
    battle = _Battle(sides, settings, dice, key or f"battle:{area}", area)
    battle.start()
    ended = battle.initial_end()
    while ended is None:
        ended = battle.stalemate() or battle.play_round()
    return settle(battle.sides, settings, ended, battle.health, battle.rounds, battle.events, area, battle.key)


@dataclass
class _Battle:
    sides: dict[Side, BattleSide]
    settings: BattleSettings
    dice: Dice
    key: str
    area: str
    health: dict[str, int] = field(default_factory=dict)
    rounds: list[RoundRecord] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    start_health: dict[Side, int] = field(default_factory=dict)
    participants: Audience = field(default_factory=Audience.moderators)

    def start(self) -> None:
        self.health = {ship.id: ship.health for side in SIDES for ship in self.sides[side].ships}
        self.start_health = {side: sum(s.health for s in self.sides[side].ships) for side in SIDES}
        self.participants = Audience.of(*self.sides["attacker"].factions, *self.sides["defender"].factions)
        self.emit(BattleStarted(
            audience=Audience.everyone(), battle=self.key, area=self.area,
            factions={s: list(self.sides[s].factions) for s in SIDES},
            ships={s: [ship.id for ship in self.sides[s].ships] for s in SIDES},
            supporters={s: sorted(self.sides[s].supporters) for s in SIDES if self.sides[s].supporters}))

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def default(self, round_: int | None, rule: str, detail: str, **values: object) -> None:
        self.emit(BattleDefaultApplied(battle=self.key, round=round_, rule=rule, detail=detail,
                                       values={k: str(v) for k, v in values.items()}))

    def in_battle(self, side: Side) -> list[BattleShip]:
        return [ship for ship in self.sides[side].ships if self.health[ship.id] >= 2]

    def initial_end(self) -> Ended | None:
        """A side that comes with no ship able to fight (all at 1 health) has lost before round 1."""
        return self.elimination(0)

    def elimination(self, round_: int) -> Ended | None:
        """U6.2.7 (b): a side with no ship left in the battle has lost; both at once: U-OP-23."""
        empty = [side for side in SIDES if not self.in_battle(side)]
        if len(empty) == 2:
            self.default(round_, "U-OP-23", N_("Both sides lost their last ships in the battle in the same round: no "
                                               "winner; ships at 1 health stay with their owners."))
            return Ended("mutual_wipeout", None)
        return Ended("eliminated", other(empty[0])) if empty else None

    def stalemate(self) -> Ended | None:
        """Neither side could deal a point even with the bonus (attacks below 1 rounded down): the
        battle would never end, so it stops undecided before the round (U-OP-23; a moderator rules)."""
        bonus = self.settings.initiative_bonus
        if any(dmg.side_total(self.next_attack(side), bonus, self.settings.rounding) for side in SIDES):
            return None
        round_ = len(self.rounds) + 1
        self.default(round_, "U-OP-23", N_("Neither side can deal damage any more: the battle stops before round "
                                           "{round} with no winner; a moderator rules."), round=round_)
        return Ended("stalemate", None)

    # --- one round ------------------------------------------------------------------------------

    def play_round(self) -> Ended | None:
        round_ = len(self.rounds) + 1
        before = dict(self.health)
        initiative, bonus_side = self.initiative(round_)
        attacks = {side: self.attack(round_, side, bonus_side == side, before) for side in SIDES}
        for side in SIDES:  # simultaneous (U6.2.4): both computed from ``before``, then applied
            for ship, amount in attacks[side].damage.items():
                self.health[ship] -= amount
        sunk = tuple(s for s in before if before[s] > 0 and self.health[s] == 0)
        left = tuple(s for s in before if before[s] >= 2 and self.health[s] == 1)
        for side in SIDES:
            self.emit(BattleAttack(audience=self.participants, battle=self.key, round=round_,
                                   health_after={s: self.health[s] for s in attacks[side].damage},
                                   **attacks[side].model_dump()))
        self.report_losses(round_, sunk, left)
        ended = self.elimination(round_)
        declared, rolls, retreated = ((), (), None)
        if ended is None:
            declared, rolls, retreated, ended = self.retreats(round_)
        self.rounds.append(RoundRecord(
            round=round_, initiative=initiative, bonus_side=bonus_side, attacks=attacks,
            health_before=before, health_after=dict(self.health), sunk=sunk, left_battle=left,
            retreat_declared=declared, retreat_rolls=rolls, retreated=retreated))
        return ended or self.round_limit(round_)

    def round_limit(self, round_: int) -> Ended | None:
        if self.settings.max_rounds is None or round_ < self.settings.max_rounds:
            return None
        self.default(round_, "U-OP-23", N_("The battle was stopped after round {round} (the round limit): no "
                                           "winner; a moderator rules."), round=round_)
        return Ended("round_limit", None)

    def report_losses(self, round_: int, sunk: tuple[str, ...], left: tuple[str, ...]) -> None:
        faction = {ship.id: ship.faction for side in SIDES for ship in self.sides[side].ships}
        for ship in sunk:
            self.emit(BattleShipSunk(audience=Audience.everyone(), battle=self.key, round=round_, ship=ship,
                                     faction=faction[ship]))
        for ship in left:
            self.emit(BattleShipLeft(audience=Audience.everyone(), battle=self.key, round=round_, ship=ship,
                                     faction=faction[ship]))

    def initiative(self, round_: int) -> tuple[tuple[Roll, ...], Side | None]:
        """U6.2.1: both roll; the higher gets +10% this round.  A tie: U-OP-16."""
        rolls: list[Roll] = []
        throws = 1 + (self.settings.initiative_rerolls if self.settings.initiative_tie == "reroll" else 0)
        for throw in range(throws):
            suffix = f":reroll{throw}" if throw else ""
            pair = {side: self.dice.roll(f"{self.key}:r{round_}:initiative:{side}{suffix}",
                                         self.settings.initiative_die) for side in SIDES}
            rolls += [pair["attacker"], pair["defender"]]
            if pair["attacker"].total != pair["defender"].total:
                winner: Side | None = max(SIDES, key=lambda s: pair[s].total)
                break
        else:
            winner = None
            detail = (N_("Initiative tied: neither side gets the bonus this round.") if throws == 1 else
                      N_("Initiative tied {count} times: neither side gets the bonus this round."))
            self.default(round_, "U-OP-16", detail, count=throws)
        self.emit(BattleInitiative(
            audience=self.participants, battle=self.key, round=round_, bonus_side=winner,
            dice=[{"attacker": a.total, "defender": d.total} for a, d in zip(rolls[::2], rolls[1::2])],
            keys=[{"attacker": a.key, "defender": d.key} for a, d in zip(rolls[::2], rolls[1::2])]))
        return tuple(rolls), winner

    def attack(self, round_: int, side: Side, bonus: bool, before: dict[str, int]) -> SideAttack:
        """U6.2.2-U6.2.4: the side's attack from its ships' health at the start of the round, and
        where it goes among the enemy ships still in the battle."""
        ships = self.in_battle(side)
        effective = {ship.id: dmg.effective_attack(ship, before[ship.id]) for ship in ships}
        subtotal = sum(effective.values(), Fraction(0))
        total = dmg.side_total(subtotal, self.settings.initiative_bonus if bonus else None, self.settings.rounding)
        mode, dealt, used, lost = self.allocate(round_, side, total, before)
        halved = tuple(s.id for s in ships if effective[s.id] < s.attack)
        return SideAttack(side=side, effective=effective, halved=halved, subtotal=subtotal, bonus=bonus,
                          attack=total, used=used, allocation=mode, damage=dealt, lost=lost)

    def allocate(self, round_: int, side: Side, total: int, before: dict[str, int]):
        targeting = self.sides[side].targeting
        targets = [ship for ship in self.sides[other(side)].ships if before[ship.id] >= 2]
        choice = targeting.identical_by_round.get(round_, targeting.identical_first)
        order = dmg.strength_order(targets, before, choice, self.settings.strength_key)
        if round_ > self.settings.full_attack_rounds:
            chosen = self.chosen(round_, side, total, targets, before)
            if chosen is not None:
                return chosen
            focused = self.focused(targeting, order, total, before)
            if focused is not None:
                return focused
            if targeting.from_round_3 != "even":
                dealt = dmg.concentrate(total, order, before, spare_one=targeting.from_round_3 == "capture")
                used = sum(dealt.values())
                return targeting.from_round_3, dealt, used, 0 if targeting.from_round_3 == "capture" else total - used
            if "from_round_3" not in targeting.model_fields_set and round_ == self.settings.full_attack_rounds + 1:
                self.default(round_, "U-OP-20", N_("{faction} gave no targeting from round {round}: its full attack "
                                                   "is spread evenly, as in the first rounds."),
                             faction=self.sides[side].factions[0], round=round_)
        if order:
            favoured = dmg.split_tie(order, before, total % len(order), choice, self.settings.strength_key)
            if favoured:
                self.default(round_, "U-OP-18", N_("{faction} chose no ship among identical ones: the extra damage "
                                                   "went to {ships} (list order)."),
                             faction=self.sides[side].factions[0], ships=", ".join(favoured))
        dealt, lost = dmg.spread(total, order, before, self.settings.overflow == "redistribute")
        return "even", dealt, total, lost

    def focused(self, targeting, order: list[BattleShip], total: int, before: dict[str, int]):
        """U6.2.4.2: the side's standing focus, the named enemy ships still in the battle first, in
        its order; what is left goes by ``from_round_3`` among the others.  None: nobody named is left."""
        first = [ship for name in targeting.focus for ship in order if ship.id == name]
        if not first:
            return None
        capture = targeting.from_round_3 == "capture"
        dealt = dmg.concentrate(total, first, before, spare_one=capture)
        left, rest = total - sum(dealt.values()), [ship for ship in order if ship not in first]
        if left and rest and targeting.from_round_3 == "even":
            more, _ = dmg.spread(left, rest, before, self.settings.overflow == "redistribute")
        elif left and rest:
            more = dmg.concentrate(left, rest, before, spare_one=capture)
        else:
            more = {}
        dealt = {**dealt, **{ship: d for ship, d in more.items() if d}}
        used = sum(dealt.values())
        return "focus", dealt, used, 0 if capture else total - used

    def chosen(self, round_: int, side: Side, total: int, targets: list[BattleShip], before: dict[str, int]):
        """U6.2.4.2: the side's own allocation for this round, if it gave one that still fits;
        damage beyond a target's health is lost (U-OP-19)."""
        allocation = self.sides[side].targeting.allocations.get(round_)
        if allocation is None:
            return None
        in_battle = {ship.id for ship in targets}
        gone = sorted(ship for ship in allocation if ship not in in_battle and allocation[ship])
        used = sum(allocation.values())
        refusal = None
        if gone:
            refusal = (N_("{ships} no longer in the battle"), {"ships": ", ".join(gone)})
        elif used > total:
            refusal = (N_("it deals {used} damage, more than the side's attack of {attack}"),
                       {"used": str(used), "attack": str(total)})
        if refusal is not None:
            fallback = self.sides[side].targeting.from_round_3
            self.emit(BattleAllocationRefused(audience=Audience.of(*self.sides[side].factions), battle=self.key,
                                              round=round_, side=side, reason=refusal[0], values=refusal[1],
                                              fallback=fallback))
            return None
        dealt = {ship: min(d, before[ship]) for ship, d in allocation.items() if d}
        return "explicit", dealt, used, used - sum(dealt.values())

    # --- the round's end ----------------------------------------------------------------------------

    def retreats(self, round_: int):
        """U6.2.6: each side's declaration (secret, U-OP-22), then the roll or the mutual rule."""
        declared: list[Side] = []
        for side in SIDES:
            trigger = declaration(self.sides[side].retreat_plan, round_, self.health_share(side),
                                  self.next_attack(side), self.next_attack(other(side)))
            if trigger is not None:
                declared.append(side)
                self.emit(BattleRetreatDeclared(audience=Audience.of(*self.sides[side].factions), battle=self.key,
                                                round=round_, side=side, trigger=trigger))
        if not declared:
            return (), (), None, None
        if len(declared) == 2 and self.settings.mutual_retreat == "both_withdraw":
            self.emit(BattleMutualWithdrawal(audience=self.participants, battle=self.key, round=round_))
            self.default(round_, "U-OP-22", N_("Both sides declared a retreat: both withdraw, with no roll, no winner "
                                               "and no captures."))
            return tuple(declared), (), None, Ended("mutual_withdrawal", None)
        rolls = {side: self.dice.roll(f"{self.key}:r{round_}:retreat:{side}", self.settings.retreat_die)
                 for side in SIDES}
        high = max(SIDES, key=lambda s: rolls[s].total)
        got_away = high if high in declared and rolls[high].total > rolls[other(high)].total else None
        self.emit(BattleRetreatRolled(audience=self.participants, battle=self.key, round=round_,
                                      retreating=declared, dice={s: rolls[s].total for s in SIDES},
                                      keys={s: rolls[s].key for s in SIDES}, retreated=got_away))
        ended = None if got_away is None else Ended("retreat", other(got_away))
        return tuple(declared), (rolls["attacker"], rolls["defender"]), got_away, ended

    def health_share(self, side: Side) -> Fraction:
        return Fraction(sum(self.health[s.id] for s in self.in_battle(side)), self.start_health[side])

    def next_attack(self, side: Side) -> Fraction:
        return sum((dmg.effective_attack(s, self.health[s.id]) for s in self.in_battle(side)), Fraction(0))
