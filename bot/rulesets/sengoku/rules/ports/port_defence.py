"""The port's side in a port attack: the battle line (S8.8.3, OP-34, OP-42 h)
and the twofold-superiority count (S8.8.4, OP-42 d–f).

Heavy detachments lying in the port on their own are either attached for the
time being to the defending squadrons, or each fights as a separate squadron
"without special rules" [L131].  The port's owner makes no choice during
resolution (S1.2), so the default decides: attach them, one after another, to
the defending squadrons in id order; only when no squadron defends does each
fight alone (DefaultApplied).  A detachment fighting alone is represented in
the battle by a stand-in squadron with its id, experience 0, its own damage
and no heavy bonus (OP-42 h); the stand-in is removed after the battle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.ports.at_anchor import (
    idle_defenders,
    port_area,
    repairing_heavy,
    repairing_squadrons,
    standalone_heavy,
)
from bot.rulesets.sengoku.rules.battle.sides import BattleSide, Fighter, admiral_rank, order_of
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import DefaultApplied, ExperienceGained
from bot.rulesets.sengoku.rules.model.events_w3 import HeavyInPort, SuperiorityChecked
from bot.rulesets.sengoku.rules.model.model import Squadron, UnitState
from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy

SQUADRON_FIGURES = 10  # S8.8.4 [L132]
HEAVY_FIGURES = 8


@dataclass
class Defence:
    port: str
    owner: str
    squadrons: list[str]
    attached: list[str] = field(default_factory=list)
    stand_ins: list[str] = field(default_factory=list)

    @property
    def line(self) -> list[str]:
        return self.squadrons + self.stand_ins


def muster(ctx: Ctx, port_id: str, clans: list[str]) -> Defence:
    """The port's battle line against the attacking ``clans``."""
    owner = ctx.state.ports[port_id].owner or ""
    defence = Defence(port_id, owner, idle_defenders(ctx, port_id, clans))
    heavy = standalone_heavy(ctx, port_id, clans)
    heavy = [hd for hd in heavy if not ctx.state.heavy[hd].under_repair]  # under repair: S8.8.4 instead
    if not heavy:
        return defence
    if defence.squadrons:
        for index, hd in enumerate(heavy):
            squadron = defence.squadrons[index % len(defence.squadrons)]
            ctx.state.heavy[hd].attached_to = squadron
            defence.attached.append(hd)
            ctx.emit(HeavyInPort(audience=Audience.of(ctx.state.heavy[hd].owner), port=port_id, unit=hd,
                                 attached_to=squadron))
        how = "attached for the time being to the defending squadrons in id order"
    else:
        for hd in heavy:
            _stand_in(ctx, port_id, hd)
            defence.stand_ins.append(hd)
        how = "each fights as a squadron of its own, at low stake"
    ctx.emit(DefaultApplied(rule="OP-42 (h)", detail=f"heavy detachments in {port_id} ({', '.join(heavy)}): {how}"))
    return defence


def _stand_in(ctx: Ctx, port_id: str, hd_id: str) -> None:
    hd = ctx.state.heavy[hd_id]
    name = ctx.state.heavy_name(hd_id, ctx.gamemap.ports[port_id].name if port_id in ctx.gamemap.ports else None)
    ctx.state.squadrons[hd_id] = Squadron(id=hd_id, name=name, owner=hd.owner,
                                          base_port=port_id, location=port_area(ctx, port_id), damage=hd.damage)
    ctx.emit(HeavyInPort(audience=Audience.of(hd.owner), port=port_id, unit=hd_id, attached_to=None))


def side(ctx: Ctx, defence: Defence) -> BattleSide:
    """OP-34: every defender in the port gets +1 and is burnt on defeat (S8.2.3, S8.4.4)."""
    fighters = []
    for unit in defence.line:
        order = order_of(ctx, unit)
        owner = ctx.state.squadrons[unit].owner
        fighters.append(Fighter(unit, owner, order.stake, order.stake_later_rounds, port_defender=True))
    return BattleSide(defence.owner, fighters, manoeuvre=admiral_manoeuvre(ctx, defence.squadrons),
                      policy=ctx.clan_policies.get(defence.owner, PairingPolicy()))


def admiral_manoeuvre(ctx: Ctx, units: list[str]):
    """OP-45 (b): the admiral's manoeuvre, only with an active art."""
    for unit in sorted(units, key=lambda u: admiral_rank(ctx, u), reverse=True):
        if order_of(ctx, unit).manoeuvre is not None and ctx.state.squadrons[unit].leader in ctx.art_active:
            return order_of(ctx, unit).manoeuvre
    return None


def release(ctx: Ctx, defence: Defence, first_event: int) -> None:
    """After the battle: attached HDs that survive are on their own again; a
    stand-in's damage and fate go back to its HD, which gains no experience (S9.1.3)."""
    for hd_id in defence.attached:
        hd = ctx.state.heavy[hd_id]
        if hd.state is UnitState.ACTIVE:
            hd.attached_to = None
    for hd_id in defence.stand_ins:
        stand_in = ctx.state.squadrons.pop(hd_id)
        hd = ctx.state.heavy[hd_id]
        hd.damage = stand_in.damage
        if stand_in.state is not UnitState.ACTIVE:
            hd.state = stand_in.state
    ctx.events[first_event:] = [e for e in ctx.events[first_event:]
                                if not (isinstance(e, ExperienceGained) and e.unit in defence.stand_ins)]


def attacker_figures(ctx: Ctx, attackers: list[str]) -> int:
    return sum(SQUADRON_FIGURES + HEAVY_FIGURES * len(ctx.state.hds_of(unit)) for unit in attackers)


def superiority(ctx: Ctx, port_id: str, attackers: list[str], clans: list[str]) -> bool | None:
    """S8.8.4, OP-42 (d–f): None if nothing guards the port (no troops, no ships
    under repair), else whether the attackers have twofold superiority."""
    port = ctx.state.ports[port_id]
    cavalry = min(port.land_guard_cavalry, port.land_guard)
    guard = port.land_guard + (ctx.settings.cavalry_weight_in_port_check - 1) * cavalry
    squadrons = repairing_squadrons(ctx, port_id, clans)
    heavy = repairing_heavy(ctx, port_id, clans, squadrons)
    defender = guard + SQUADRON_FIGURES * len(squadrons) + HEAVY_FIGURES * len(heavy)
    if defender == 0:
        return None
    attacker = attacker_figures(ctx, attackers)
    strict = ctx.settings.superiority_strict
    reached = attacker > 2 * defender if strict else attacker >= 2 * defender
    ctx.emit(SuperiorityChecked(port=port_id, attacker_figures=attacker, guard_figures=guard,
                                repairing_squadrons=squadrons, repairing_heavy=heavy, defender_figures=defender,
                                strict=strict, reached=reached))
    return reached
