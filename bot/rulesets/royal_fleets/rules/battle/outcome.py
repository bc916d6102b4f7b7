"""What follows from how a battle ended (U6.2.7, U6.3, U7.1-U7.2, U7.4): the winner, captured
ships, the fleets that must retreat and where to, war exhaustion, every ship's fate."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.events import Audience, Event
from bot.rulesets.royal_fleets.rules.battle.events import BattleEnded, BattleExhaustion, BattleShipCaptured
from bot.rulesets.royal_fleets.rules.battle.inputs import SIDES, BattleSettings, BattleSide, Side, other
from bot.rulesets.royal_fleets.rules.battle.results import (
    BattleResult, Capture, Ending, ExhaustionAward, RetreatOrder, RoundRecord, ShipFate)


@dataclass(frozen=True)
class Ended:
    ending: Ending
    winner: Side | None


def settle(sides: dict[Side, BattleSide], settings: BattleSettings, ended: Ended, health: dict[str, int],
           rounds: list[RoundRecord], events: list[Event], area: str, key: str) -> BattleResult:
    loser = None if ended.winner is None else other(ended.winner)
    captures = _captures(sides, settings, ended, loser, health)
    for capture in captures:
        events.append(BattleShipCaptured(audience=Audience.everyone(), battle=key, ship=capture.ship,
                                         from_faction=capture.from_faction, to_faction=capture.to_faction,
                                         to_fleet=capture.to_fleet, health=capture.health))
    awards = _exhaustion(sides[loser], settings, ended) if loser else ()
    for award in awards:
        events.append(BattleExhaustion(audience=Audience.of(award.faction), battle=key, faction=award.faction,
                                       points=award.points, reason=award.reason))
    captured = {c.ship: c for c in captures}
    fates = _fates(sides, health, captured)
    sunk = [ship for ship, fate in fates.items() if fate.status == "sunk"]
    events.append(BattleEnded(audience=Audience.everyone(), battle=key, area=area, rounds=len(rounds),
                              outcome=_outcome(ended.winner), ending=ended.ending, winner=ended.winner,
                              sunk=sunk, captured=list(captured)))
    return BattleResult(area=area, key=key, rounds=tuple(rounds), outcome=_outcome(ended.winner),
                        ending=ended.ending, winner=ended.winner, loser=loser, ships=fates, captures=captures,
                        retreats=_retreats(sides, ended, loser, fates), exhaustion=awards,
                        mp_cost=settings.battle_mp_cost, events=tuple(events))


def _outcome(winner: Side | None):
    return "no_winner" if winner is None else f"{winner}_won"


def _captures(sides: dict[Side, BattleSide], settings: BattleSettings, ended: Ended, loser: Side | None,
              health: dict[str, int]) -> tuple[Capture, ...]:
    """U6.2.5, U6.3, U-OP-21: the loser's ships out of the battle at 1 health join the winner's
    fleet when the loser retreated, or when it had no ship left (CFG); never with no winner."""
    if loser is None or (ended.ending == "eliminated" and not settings.capture_when_wiped_out):
        return ()
    winner = sides[other(loser)]
    reason = "side_retreated" if ended.ending == "retreat" else "side_wiped_out"
    return tuple(Capture(ship=ship.id, from_faction=ship.faction, to_faction=winner.factions[0],
                         to_fleet=_captor_fleet(winner, health), health=1, reason=reason)
                 for ship in sides[loser].ships if health[ship.id] == 1)


def _captor_fleet(winner: BattleSide, health: dict[str, int]) -> str | None:
    """U6.3 "joins the winner's fleet": the first fleet of the leading faction still afloat in the
    battle area (a supporter stays in its own area, U5.2), else of any faction; the movement rules
    form a new fleet when there is none or it is full (U-OP-03)."""
    afloat = [s for s in winner.ships if health[s.id] > 0 and s.fleet not in winner.supporters]
    leading = [s for s in afloat if s.faction == winner.factions[0]]
    return (leading or afloat)[0].fleet if afloat else None


def _exhaustion(side: BattleSide, settings: BattleSettings, ended: Ended) -> tuple[ExhaustionAward, ...]:
    """U7.4, U-OP-25: 10 points for a naval defeat, to every faction of the losing side that had ships
    in the battle (or its leading faction only).  A successful retreat counts unless set otherwise;
    a later surrender (U7.3) is this same defeat, not another."""
    reason = "retreated" if ended.ending == "retreat" else "defeated"
    if not settings.war_exhaustion_per_defeat:
        return ()
    if reason == "retreated" and not settings.exhaustion_for_in_battle_retreat:
        return ()
    with_ships = {ship.faction for ship in side.ships}
    factions = [f for f in side.factions if f in with_ships]
    if settings.exhaustion_factions == "leading":
        factions = factions[:1]
    return tuple(ExhaustionAward(faction=f, points=settings.war_exhaustion_per_defeat, reason=reason)
                 for f in factions)


def _fates(sides: dict[Side, BattleSide], health: dict[str, int], captured: dict[str, Capture]) -> dict[str, ShipFate]:
    fates = {}
    for side in SIDES:
        for ship in sides[side].ships:
            left = health[ship.id]
            if ship.id in captured:
                c = captured[ship.id]
                fates[ship.id] = ShipFate(id=ship.id, side=side, faction=c.to_faction, fleet=c.to_fleet,
                                          health=left, status="captured")
                continue
            status = "sunk" if left == 0 else "out_of_battle" if left == 1 else "active"
            fates[ship.id] = ShipFate(id=ship.id, side=side, faction=ship.faction, fleet=ship.fleet, health=left,
                                      status=status)
    return fates


def _retreats(sides: dict[Side, BattleSide], ended: Ended, loser: Side | None,
              fates: dict[str, ShipFate]) -> tuple[RetreatOrder, ...]:
    """U7.1-U7.2: the losing side's fleets leave even with no MP (both sides' after a mutual
    withdrawal, U-OP-22); supporters stay in their own areas (U5.2).  None without a winner
    otherwise: after a mutual wipe-out or a round limit the moderator rules (U-OP-23)."""
    leaving = list(SIDES) if ended.ending == "mutual_withdrawal" else [loser] if loser else []
    origin = sides["attacker"].origin
    orders = []
    for side in leaving:
        by_fleet: dict[str, list[str]] = {}
        for ship in sides[side].ships:
            if fates[ship.id].status in ("active", "out_of_battle") and ship.fleet not in sides[side].supporters:
                by_fleet.setdefault(ship.fleet, []).append(ship.id)
        attacker = side == "attacker"
        for fleet, ships in by_fleet.items():
            orders.append(RetreatOrder(fleet=fleet, side=side, rule="to_origin" if attacker else "to_adjacent",
                                       origin=origin if attacker else None, excluded=None if attacker else origin,
                                       ships=tuple(ships)))
    return tuple(orders)
