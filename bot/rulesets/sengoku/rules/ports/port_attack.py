"""Attack on a port (S8.8, OP-42, R2, R8, R9, R11, R17; S12.5 6.3).

Order of resolution (S8.8.1): the cruisers guarding the coast were met on the
way in (S5.4, encounter); here the attackers that arrived fight the warships
idle in the port (S8.8.3), then the twofold-superiority check is made if land
troops or ships under repair guard the port (S8.8.4), then the port is taken
(S8.8.2) or only the ships at anchor are lost (S8.8.4).

R8: an attack resolves once, in the sub-phase its order was given and the
squadron arrived; a squadron still at the port in a later sub-phase attacks
again only under a new port-attack order given there.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import casualties
from bot.rulesets.sengoku.rules.ports import port_defence
from bot.rulesets.sengoku.rules.ports.at_anchor import (
    dispersed_in_port,
    hostile,
    laid_up_fleets,
    mothballed_on,
    port_area,
    record_destroyed_at_anchor,
    record_victory,
    repairing_squadrons,
    sink,
    standalone_heavy,
)
from bot.rulesets.sengoku.rules.battle.battle import fight
from bot.rulesets.sengoku.rules.battle.sides import BattleSide, Fighter
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.index import IndexMismatch, StateIndex
from bot.rulesets.sengoku.rules.model.events import DefaultApplied
from bot.rulesets.sengoku.rules.model.events_w3 import (
    Looted,
    LootRolled,
    PortAttacked,
    PortAttackVoid,
    PortLanding,
    PortRavaged,
)
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy

TAKEN = "destroyed at anchor when the port was taken (S8.8.2)"
NO_LANDING = "destroyed at anchor; no landing for want of twofold superiority (S8.8.4)"


def run(ctx: Ctx) -> None:
    arrived = _arrived(ctx)
    for port in sorted(arrived):
        sides = _sides(ctx, arrived[port])
        if len(sides) > 1:
            ctx.emit(DefaultApplied(rule="OP-42 (i)", detail=f"{len(sides)} hostile sides attack {port}: one after "
                                    f"another in clan-id order (the S5.9 priority is not applied)"))
        for units in sides:
            _attack(ctx, port, units)


def _arrived(ctx: Ctx) -> dict[str, list[str]]:
    """Port-attack orders given this sub-phase whose squadron reached the port (R8)."""
    found: dict[str, list[str]] = {}
    for unit, order in sorted(ctx.orders.items()):
        if order.kind != "sq_attack_port" or order.subphase != ctx.subphase:
            continue
        sq = ctx.state.squadrons[unit]
        area = port_area(ctx, order.target_port)
        if sq.state is UnitState.ACTIVE and not sq.dispersed and sq.station == area and sq.location == area:
            found.setdefault(order.target_port, []).append(unit)
    return found


def _sides(ctx: Ctx, units: list[str]) -> list[list[str]]:
    """OP-42 (i), OP-29 (b): the attackers of one clan and its allies fight together."""
    sides: list[list[str]] = []
    for unit in sorted(units, key=lambda u: (_owner(ctx, u), u)):
        side = next((s for s in sides if all(ctx.state.friendly(_owner(ctx, unit), _owner(ctx, u)) for u in s)),
                    None)
        if side is None:
            sides.append([unit])
        else:
            side.append(unit)
    return sides


def _owner(ctx: Ctx, unit: str) -> str:
    return ctx.state.squadrons[unit].owner


def _attack(ctx: Ctx, port: str, units: list[str]) -> None:
    clans = sorted({_owner(ctx, u) for u in units})
    owner = ctx.state.ports[port].owner
    if ctx.state.ports[port].destroyed or owner is None or not hostile(ctx, owner, clans):
        ctx.emit(PortAttackVoid(audience=Audience.of(*clans), port=port, units=units,
                                reason="the port is already destroyed or no longer an enemy's"))
        return
    ctx.emit(PortAttacked(audience=Audience.everyone(), port=port, clans=clans, units=units))
    casualties.new_engagement(ctx)  # R9: the attack, its battle included, is one engagement
    if not _win_battle(ctx, port, units, clans):
        casualties.new_engagement(ctx)
        return
    in_line = _in_line(ctx, units)
    reached = port_defence.superiority(ctx, port, in_line, clans)
    if reached is False:
        ctx.emit(PortLanding(audience=Audience.everyone(), port=port, clans=clans, landed=False))
        _sink_all(ctx, port, in_line, clans, mothballed_on(ctx, port_area(ctx, port), clans)
                  + laid_up_fleets(ctx, port, clans), NO_LANDING)
    else:
        if reached:
            ctx.emit(PortLanding(audience=Audience.everyone(), port=port, clans=clans, landed=True))
        _take(ctx, port, in_line, clans, undefended=reached is None)
    casualties.new_engagement(ctx)


def _in_line(ctx: Ctx, units: list[str]) -> list[str]:
    return [u for u in units if ctx.state.squadrons[u].state is UnitState.ACTIVE
            and not ctx.state.squadrons[u].dispersed]


def _win_battle(ctx: Ctx, port: str, units: list[str], clans: list[str]) -> bool:
    """S8.8.3: beat the warships in port first; True if attackers are left and no defender is."""
    first_event = len(ctx.events)
    defence = port_defence.muster(ctx, port, clans)
    if not defence.line:
        return True
    # Only the sub-phase is lower-cased: ids keep their case in every key (docs/scenarios.md).
    battle_id = f"{ctx.subphase.lower()}-w3-{port}-{'-'.join(sorted(set(clans) | {defence.owner}))}"
    attack = _attack_side(ctx, units, clans)
    outcome = fight(ctx, battle_id, port_area(ctx, port), (attack, port_defence.side(ctx, defence)), port=port)
    port_defence.release(ctx, defence, first_event)
    if outcome.winner == 0:
        return True
    reason = ("the battle was undecided at the round limit; the moderator decides (OP-33)"
              if outcome.survivors[0] and outcome.survivors[1] else "the attack was beaten off (S8.8.3)")
    ctx.emit(PortAttackVoid(audience=Audience.everyone(), port=port, units=units, reason=reason))
    return False


def _attack_side(ctx: Ctx, units: list[str], clans: list[str]) -> BattleSide:
    fighters = []
    for unit in units:
        order = ctx.orders[unit]
        fighters.append(Fighter(unit, _owner(ctx, unit), order.stake, order.stake_later_rounds))
    lead = _lead_clan(ctx, units, clans)
    return BattleSide(lead, fighters, manoeuvre=port_defence.admiral_manoeuvre(ctx, units),
                      policy=ctx.clan_policies.get(lead, PairingPolicy()))


def _lead_clan(ctx: Ctx, units: list[str], clans: list[str]) -> str:
    """The clan with the most squadrons in the attack, then by id."""
    return min(clans, key=lambda c: (-sum(1 for u in units if _owner(ctx, u) == c), c))


def _take(ctx: Ctx, port: str, units: list[str], clans: list[str], undefended: bool) -> None:
    """S8.8.2 (and OP-42 c after twofold superiority): the port, unless the orders
    spare it (OP-42 a), and every enemy ship at anchor in it are destroyed —
    mothballed (R17), laid up, under repair (OP-42 g), dispersed back there (R11) —
    and the attackers take loot."""
    destroy = all(ctx.orders[u].destroy_port for u in units)
    if destroy:
        ctx.state.ports[port].destroyed = True
    ctx.emit(PortRavaged(audience=Audience.everyone(), port=port, clans=clans, destroyed=destroy,
                         undefended=undefended))
    victims = (mothballed_on(ctx, port_area(ctx, port), clans) + laid_up_fleets(ctx, port, clans)
               + repairing_squadrons(ctx, port, clans) + dispersed_in_port(ctx, port, clans))
    victims += [hd for hd in standalone_heavy(ctx, port, clans) if hd not in victims]
    _sink_all(ctx, port, units, clans, victims, TAKEN)
    _loot(ctx, port, units, clans)
    record_victory(ctx, units, port)


def _sink_all(ctx: Ctx, port: str, units: list[str], clans: list[str], victims: list[str], cause: str) -> None:
    area = port_area(ctx, port)
    for unit in victims:
        if _still_there(ctx, unit):
            sink(ctx, unit, area, cause, clans)
    if victims:
        record_destroyed_at_anchor(ctx, units, port)


def _still_there(ctx: Ctx, unit: str) -> bool:
    for table in (ctx.state.squadrons, ctx.state.heavy, ctx.state.fleets):
        if unit in table:
            return table[unit].state in (UnitState.ACTIVE, UnitState.MOTHBALLED)
    return False


def _looted(ctx: Ctx, key: str) -> bool:
    """Was this port looted this sub-phase (a LootRolled event with this key)?  Kept as a set rather
    than found by a scan of every event of the turn; the index check mode compares the two."""
    found = key in ctx.loot_keys
    if StateIndex.check and found != any(isinstance(e, LootRolled) and e.key == key for e in ctx.events):
        raise IndexMismatch(f"loot {key}: kept {found}, the events say otherwise")
    return found


def _loot(ctx: Ctx, port: str, units: list[str], clans: list[str]) -> None:
    """S8.8.2, OP-42 (b): one roll per attacked port per sub-phase, 5d6 if any
    attacking squadron has heavy ships, else 3d6; to the attacking clan."""
    dice = "5d6" if any(ctx.state.hds_of(u) for u in units) else "3d6"
    key = f"loot:{port}:{ctx.subphase.lower()}"
    if _looted(ctx, key):
        ctx.emit(DefaultApplied(rule="OP-42 (b)", detail=f"{port} was already looted in {ctx.subphase} by another "
                                f"side: one loot roll per port per sub-phase"))
        return
    roll = ctx.roll(key, dice)
    ctx.loot_keys.add(key)
    clan = _lead_clan(ctx, units, clans)
    if len(clans) > 1:
        ctx.emit(DefaultApplied(rule="OP-42 (b)", detail=f"loot of {port} ({roll.total} RP) credited to {clan}; "
                                f"the moderator splits it between the allies {', '.join(clans)}"))
    ctx.state.clans[clan].rice += roll.total
    ctx.emit(Looted(audience=Audience.everyone(), source="port", place=port, clan=clan))
    ctx.emit(LootRolled(audience=Audience.of(clan), source="port", place=port, clan=clan, units=units, key=key,
                        dice=dice, faces=list(roll.faces), total=roll.total))
