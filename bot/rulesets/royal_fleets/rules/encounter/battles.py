"""An encounter in a sea area (U5): avoidance (U5.3), support (U5.2), the battle itself through
``rules/battle`` (R3's ``fight``: U6, U6.3, U7.4), and what follows on the map: ships sunk and
captured, retreats and surrenders (U7.1-U7.3), blockades lifted (U-OP-11), troops lost with their
ships (U-OP-30), escorted transports left alone (U9.5).
"""

from __future__ import annotations

from fractions import Fraction

from bot.domain.events import Audience
from bot.rulesets.royal_fleets.rules.battle import (BattleResult, BattleSettings, BattleShip, BattleSide,
                                                    RetreatPlan, Targeting, fight)
from bot.rulesets.royal_fleets.rules.encounter import routes
from bot.rulesets.royal_fleets.rules.model.cargo import (after_losses, capture_unescorted, strand_transports,
                                                             surrender_cargo)
from bot.rulesets.royal_fleets.rules.model.fleet_ops import add_ships, drop_empty, remove_ship
from bot.rulesets.royal_fleets.rules.encounter.sides import Sides, sides_in
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import (BattleSupported, FleetAvoidedBattle, FleetRetreated,
                                                          FleetSurrendered, ModeratorNeeded, ShipLeftPlay)
from bot.rulesets.royal_fleets.rules.model.ships import base_attack, battle_gaps, fleet_attack, max_health
from bot.rulesets.royal_fleets.rules.model.state import Fleet
from bot.rulesets.royal_fleets.rules.orders.orders import BattlePlan

MAX_CHAIN = 3  # a cornered fleet attacking (U7.3) may itself be cornered; the chain stops here


def encounters(ctx: Ctx, areas: list[str], step: int) -> None:
    for area in sorted(set(areas)):
        encounter(ctx, area, step)


def encounter(ctx: Ctx, area: str, step: int, depth: int = 0) -> None:
    """Every battle the area holds after this step, one pair of sides at a time; a pair that fought
    and is still there (no winner: U-OP-23) does not fight again this step."""
    for _ in range(len(ctx.state.fleets_in(area))):
        sides = sides_in(ctx, area, step)
        if sides is None:
            return
        pair = (step, frozenset((sides.lead_attacker.id, sides.lead_defender.id)))
        if pair in ctx.fought:
            return
        ctx.fought.add(pair)
        _avoid(ctx, sides, step)
        if not sides.attackers or not sides.defenders:
            continue
        gaps = battle_gaps(ctx.settings, sides.attackers + sides.defenders)
        if gaps:  # U-OP-01: the bot does not guess ship values; the fleets stop, a moderator fills them in
            ctx.emit(ModeratorNeeded(what="U-OP-01", subject=area, detail=", ".join(gaps), rule="U-OP-01"))
            ctx.stopped.update(f.id for f in sides.attackers + sides.defenders)
            return
        _battle(ctx, sides, step, depth)


def plan_of(ctx: Ctx, fleet: Fleet) -> BattlePlan:
    return ctx.plans.get(fleet.id) or BattlePlan()


# --- U5.3 avoiding battle -------------------------------------------------------------------------

def _avoid(ctx: Ctx, sides: Sides, step: int) -> None:
    enemy_origin = {"attackers": None, "defenders": ctx.came_from.get(sides.lead_attacker.id)}
    for name, enemies_name in (("attackers", "defenders"), ("defenders", "attackers")):
        fleets, enemies = getattr(sides, name), getattr(sides, enemies_name)
        for fleet in list(fleets):
            destination = _avoids_to(ctx, fleet, enemies, sides.area, enemy_origin[name])
            if destination is not None:
                fleets.remove(fleet)
                routes.relocate(ctx, fleet, destination, "left")
                ctx.mp[fleet.id] -= 1  # U-OP-14: avoiding costs 1 MP
                ctx.moved_in[fleet.id] = step
                ctx.stopped.add(fleet.id)
                ctx.emit(FleetAvoidedBattle(audience=ctx.audience(fleet.commander, *[e.commander for e in enemies]),
                                            fleet=fleet.id, faction=fleet.commander, area=sides.area,
                                            to_area=destination, rule="U5.3"))


def _avoids_to(ctx: Ctx, fleet: Fleet, enemies: list[Fleet], area: str, excluded: str | None) -> str | None:
    plan = plan_of(ctx, fleet)
    if plan.avoid == "fight" or ctx.mp.get(fleet.id, 0) < 1:  # U5.3: no MP left, no avoiding
        return None
    if plan.avoid == "outmatched" and not _outmatched(ctx, fleet, enemies, plan.avoid_margin_pct):
        return None
    legal = routes.free_neighbours(ctx, fleet, area, excluded)
    return routes.choose(ctx, fleet, legal, (plan.avoid_to,) if plan.avoid_to else ()) if legal else None


def _outmatched(ctx: Ctx, fleet: Fleet, enemies: list[Fleet], margin_pct: int) -> bool:
    ours = fleet_attack(ctx.settings, fleet)
    theirs = [fleet_attack(ctx.settings, e) for e in enemies]
    if ours is None or any(t is None for t in theirs):
        return False
    return sum(theirs, Fraction(0)) > ours * (1 + Fraction(margin_pct, 100))


# --- U5.2 support ---------------------------------------------------------------------------------

def _supporters(ctx: Ctx, sides: Sides) -> dict[str, list[Fleet]]:
    joined: dict[str, list[Fleet]] = {"attacker": [], "defender": []}
    fighting = {f.id for f in sides.attackers + sides.defenders}
    leads = {"attacker": sides.lead_attacker.commander, "defender": sides.lead_defender.commander}
    for fleet_id, order in sorted(ctx.orders.items()):
        fleet = ctx.fleet(fleet_id)
        if order.kind != "support" or order.area != sides.area or fleet is None or fleet_id in fighting:
            continue
        side = _supported_side(ctx, fleet, order.side, sides, leads)
        if side is None or fleet.location not in ctx.sea.adjacent(sides.area):
            continue
        if ctx.supports.get(fleet_id, 0) >= ctx.settings.support_battles_per_turn:
            continue
        joined[side].append(fleet)
        ctx.supports[fleet_id] = ctx.supports.get(fleet_id, 0) + 1
        fleet.mp_debt_next_turn += 1  # U5.2: 1 MP of its next turn
        ctx.emit(BattleSupported(audience=Audience.everyone(), fleet=fleet_id, faction=fleet.commander,
                                 area=sides.area, side=order.side, rule="U5.2"))
    return joined


def _supported_side(ctx: Ctx, fleet: Fleet, faction: str, sides: Sides, leads: dict[str, str]) -> str | None:
    for side, fleets in (("attacker", sides.attackers), ("defender", sides.defenders)):
        if faction in {f.commander for f in fleets}:
            opponent = leads["defender" if side == "attacker" else "attacker"]
            if ctx.state.at_war(fleet.commander, faction) or ctx.state.friendly(fleet.commander, opponent):
                return None
            return side
    return None


# --- the battle -----------------------------------------------------------------------------------

def battle_settings(ctx: Ctx) -> BattleSettings:
    s = ctx.settings
    return BattleSettings(initiative_tie=s.initiative_tie, rounding=s.rounding, strength_key=s.strength_key,
                          overflow=s.overflow, capture_when_wiped_out=s.capture_when_wiped_out,
                          mutual_retreat=s.mutual_retreat, war_exhaustion_per_defeat=s.war_exhaustion_per_defeat,
                          exhaustion_for_in_battle_retreat=s.exhaustion_for_in_battle_retreat,
                          battle_mp_cost=s.battle_mp_cost)


def _side(ctx: Ctx, fleets: list[Fleet], support: list[Fleet], origin: str | None) -> BattleSide:
    plan = plan_of(ctx, fleets[0])
    ships = [BattleShip(id=s.id, type=s.type, faction=f.commander, fleet=f.id, attack=base_attack(ctx.settings, s),
                        health=s.health, max_health=max_health(ctx.settings, s))
             for f in fleets + support for s in f.ships if s.health > 0]
    retreat = RetreatPlan(after_round=plan.retreat_after_round,
                          health_below=Fraction(plan.retreat_below_pct, 100) if plan.retreat_below_pct else None)
    factions = tuple(dict.fromkeys(f.commander for f in fleets + support))
    return BattleSide(factions=factions, ships=tuple(ships), retreat_plan=retreat,
                      targeting=Targeting(from_round_3=plan.targeting, focus=plan.focus), origin=origin,
                      supporters=frozenset(f.id for f in support))


def _aimed(own: BattleSide, enemy: BattleSide) -> BattleSide:
    """The focus keeps the enemy ships of this battle only (the plan is the fleet's for the turn,
    it may name ships that fight elsewhere or not at all: U6.2.4.2)."""
    present = {ship.id for ship in enemy.ships}
    focus = tuple(ship for ship in own.targeting.focus if ship in present)
    return own.model_copy(update={"targeting": own.targeting.model_copy(update={"focus": focus})})


def _battle(ctx: Ctx, sides: Sides, step: int, depth: int) -> None:
    support = _supporters(ctx, sides)
    origin = ctx.came_from.get(sides.lead_attacker.id) if ctx.moved_in.get(sides.lead_attacker.id) == step else None
    attacker = _side(ctx, sides.attackers, support["attacker"], origin)
    defender = _side(ctx, sides.defenders, support["defender"], None)
    attacker, defender = _aimed(attacker, defender), _aimed(defender, attacker)
    ctx.battles += 1
    key = f"battle:{sides.area}" if ctx.battles == 1 else f"battle:{sides.area}:b{ctx.battles}"
    result: BattleResult = (ctx.fight or fight)(attacker, defender, battle_settings(ctx), ctx.dice,
                                                area=sides.area, key=key)
    ctx.events.extend(result.events)
    everyone = sides.attackers + sides.defenders + support["attacker"] + support["defender"]
    _apply_fates(ctx, result, everyone, sides)
    for award in result.exhaustion:  # U7.4 (R3 reports it)
        faction = ctx.state.factions.get(award.faction)
        if faction is not None:
            faction.war_exhaustion += award.points
    for fleet in everyone:
        ctx.mp[fleet.id] = max(0, ctx.mp.get(fleet.id, 0) - result.mp_cost)  # U-OP-26
    for fleet in sides.attackers + sides.defenders:
        ctx.stopped.add(fleet.id)  # U14: a move stops on battle
    _retreats(ctx, result, sides, step, depth)
    for fleet in everyone:
        after_losses(ctx, fleet)
        if not fleet.ships:
            strand_transports(ctx, fleet)
    drop_empty(ctx)
    capture_unescorted(ctx, sides.area)


def _apply_fates(ctx: Ctx, result: BattleResult, fleets: list[Fleet], sides: Sides) -> None:
    by_fleet = {f.id: f for f in fleets}
    for ship_id, fate in sorted(result.ships.items()):
        fleet = next((f for f in by_fleet.values() if any(s.id == ship_id for s in f.ships)), None)
        if fleet is None:
            continue
        ship = next(s for s in fleet.ships if s.id == ship_id)
        if fate.status == "sunk":
            remove_ship(ctx, fleet, ship_id)
            ctx.emit(ShipLeftPlay(audience=Audience.everyone(), ship=ship_id, ship_type=ship.type, fleet=fleet.id,
                                  faction=fleet.commander, how="sunk", rule="U6.2.5"))
        elif fate.status == "captured":
            remove_ship(ctx, fleet, ship_id)
            captor = by_fleet.get(fate.fleet or "") or _winner_lead(sides, result)
            add_ships(ctx, captor, [ship.model_copy(update={"health": fate.health, "unpaid": False})])
            ctx.emit(ShipLeftPlay(audience=Audience.everyone(), ship=ship_id, ship_type=ship.type, fleet=fleet.id,
                                  faction=fleet.commander, how="captured", rule="U6.3"))
        else:
            ship.health = fate.health


def _winner_lead(sides: Sides, result: BattleResult) -> Fleet:
    return sides.lead_attacker if result.winner == "attacker" else sides.lead_defender


# --- U7.1-U7.3 after the battle -------------------------------------------------------------------

def _retreats(ctx: Ctx, result: BattleResult, sides: Sides, step: int, depth: int) -> None:
    winners = {"attacker": sides.attackers, "defender": sides.defenders}.get(result.winner, [])
    why = "lost_battle" if result.ending not in ("retreat", "mutual_withdrawal") else "retreated"
    for order in result.retreats:
        fleet = ctx.fleet(order.fleet)
        if fleet is None or not fleet.ships or fleet.location != sides.area:
            continue  # sunk or captured to the last ship, or a supporter (it stays where it is, U5.2)
        winner = next((w for w in winners if ctx.fleet(w.id) and w.ships), None)
        retreat(ctx, fleet, sides.area, order.rule, order.origin or ctx.came_from.get(fleet.id), order.excluded,
                winner, why, step, depth)


def retreat(ctx: Ctx, fleet: Fleet, area: str, rule: str, origin: str | None, excluded: str | None,
            winner: Fleet | None, why: str, step: int, depth: int) -> None:
    """U7.2: the attacker back where it came from, the defender to a free neighbour; U7.3 / U-OP-24
    when that is closed: attack a hostile neighbour (standing choice) or surrender."""
    plan = plan_of(ctx, fleet)
    if rule == "to_origin" and origin is not None:
        legal = [] if routes.hostile_in(ctx, fleet, origin) else [origin]
        cornered = [origin] if legal == [] else []
    else:
        legal = routes.free_neighbours(ctx, fleet, area, excluded)
        cornered = routes.hostile_neighbours(ctx, fleet, area, excluded)
    if legal:
        to_area = routes.choose(ctx, fleet, legal, plan.retreat_to)
        routes.relocate(ctx, fleet, to_area, why)
        ctx.emit(FleetRetreated(audience=Audience.everyone(), fleet=fleet.id, faction=fleet.commander,
                                from_area=area, to_area=to_area, rule="U7.2"))
        return
    if cornered and plan.if_cornered == "attack" and depth < MAX_CHAIN:
        target = routes.choose(ctx, fleet, cornered, plan.retreat_to)
        routes.relocate(ctx, fleet, target, why)
        ctx.emit(FleetRetreated(audience=Audience.everyone(), fleet=fleet.id, faction=fleet.commander,
                                from_area=area, to_area=target, rule="U7.3"))
        ctx.moved_in[fleet.id] = step  # it attacks there (U7.3)
        encounter(ctx, target, step, depth + 1)
        return
    surrender(ctx, fleet, area, winner)


def surrender(ctx: Ctx, fleet: Fleet, area: str, winner: Fleet | None) -> None:
    """U7.3: the whole fleet surrenders and joins the winner's fleet (U6.3, cap U-OP-03)."""
    routes.lift_blockades(ctx, fleet, "destroyed")
    ships = list(fleet.ships)
    to_faction = winner.commander if winner else ""
    ctx.emit(FleetSurrendered(audience=Audience.everyone(), fleet=fleet.id, faction=fleet.commander, area=area,
                              to_faction=to_faction, ships=tuple(s.id for s in ships), rule="U7.3"))
    surrender_cargo(ctx, fleet)
    strand_transports(ctx, fleet)
    for ship in ships:
        ctx.emit(ShipLeftPlay(audience=Audience.everyone(), ship=ship.id, ship_type=ship.type, fleet=fleet.id,
                              faction=fleet.commander, how="surrendered", rule="U7.3"))
    fleet.ships = []
    if winner is not None:
        add_ships(ctx, winner, [s.model_copy(update={"unpaid": False}) for s in ships])
