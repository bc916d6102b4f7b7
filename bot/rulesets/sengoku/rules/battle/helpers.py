"""Idle squadrons helping in a battle off their own coast (S4.2.4, OP-19).

A squadron idle in port [L45] that is not repairing, not dispersed this
sub-phase (OP-37) and whose order says ``help_friendly_in_home_waters`` joins
a battle fought off the coast of the province of its base port, on the side
of its own clan or an ally (OP-19, OP-48), before the first round's pairing
(S8.6.1).  Interpretation: it joins only a side whose enemy it is at war
with, so that no clan is dragged into a battle with a clan it is at peace
with; and it never joins when both sides are friendly to it.
"""

from __future__ import annotations

from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events_turn import HelperJoined
from bot.rulesets.sengoku.rules.model.model import UnitState


def join(ctx: Ctx, battle_id: str, area: str, fighters: tuple[list[str], list[str]]) -> None:
    """Add the helpers to ``fighters`` (the squadrons of each side) in place."""
    in_battle = set(fighters[0]) | set(fighters[1])
    # A helper's home coast is ``area`` (_can_help): only squadrons based at a port there can help.
    based = [sq for port in ctx.gamemap.ports_in(area) for sq in ctx.index.based_at(port.id)]
    for sq in sorted(based, key=lambda s: s.id):
        if sq.id in in_battle or not _can_help(ctx, sq, area):
            continue
        side = _friendly_side(ctx, sq.owner, fighters)
        if side is None:
            continue
        fighters[side].append(sq.id)
        helped = ctx.state.squadrons[fighters[side][0]].owner
        ctx.emit(HelperJoined(audience=ctx.public(), battle=battle_id, unit=sq.id, helps=helped))


def _can_help(ctx: Ctx, sq, area: str) -> bool:
    order = ctx.orders.get(sq.id)
    if order is None or order.kind != "sq_idle" or not order.help_friendly_in_home_waters:
        return False  # S4.2.4: idle only, not repairing (sq_repair) and only if the owner wishes
    if sq.state is not UnitState.ACTIVE or sq.dispersed or sq.under_repair:
        return False
    home = ctx.base_area(sq.base_port)
    return home == area and sq.location == home


def _friendly_side(ctx: Ctx, clan: str, fighters: tuple[list[str], list[str]]) -> int | None:
    owners = [{ctx.state.squadrons[u].owner for u in side} for side in fighters]
    friendly = [any(c == clan or ctx.state.friendly(clan, c) for c in owners[i]) for i in (0, 1)]
    if friendly[0] == friendly[1]:
        return None
    side = 0 if friendly[0] else 1
    if not any(ctx.state.at_war(clan, c) for c in owners[1 - side]):
        return None
    return side
