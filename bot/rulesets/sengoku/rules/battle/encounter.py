"""Who fights when enemy squadrons meet (S5.4–S5.8).

Each squadron decides with its standing policy over the facts it may see
(S5.6): whether it wants battle, and whether it accepts a battle the enemy
wants.  Avoiding a battle the enemy wanted disperses (S5.5); a reinforced
squadron refusing a battle forced by ordinary squadrons also loses its heavy
ships (S5.7).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import casualties, helpers
from bot.rulesets.sengoku.rules.battle.battle import fight
from bot.rulesets.sengoku.rules.battle.sides import (
    BattleSide,
    Fighter,
    admiral_rank,
    clan_names,
    order_of,
    side_facts,
    visible_facts,
)
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import (
    Avoided,
    Declined,
    DefaultApplied,
    ForcedRefusal,
    Met,
    PiratesEngaged,
    RefusalSeen,
)
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy
from bot.rulesets.sengoku.rules.orders.policy import parse_policy

NEVER_START = {"sq_idle", "sq_repair", "sq_piracy", "sq_escort"}  # S4.2.3, S4.7.1, S5.8


def wants_battle(ctx: Ctx, unit: str, own: list[str], enemy: list[str], side: dict | None = None) -> bool:
    """``side``: the side's ``side_facts``, if the caller has them."""
    order = order_of(ctx, unit)
    if order.kind in NEVER_START:
        return False
    if order.kind == "sq_locsweep" and any(_is_cruiser(ctx, u) for u in enemy):
        return True  # S4.4.2: a LoC sweep engages every cruiser on its route
    text = order.want_battle
    if text == "default":
        text = "if enemy_count <= own_count"
        ctx.emit(DefaultApplied(rule="S5.5", detail=f"{unit}: engage policy '{text}' (no policy given)"))
    return parse_policy(text, "want_battle", clans=clan_names(ctx)).decide(visible_facts(ctx, unit, own, enemy, side))


def accepts_battle(ctx: Ctx, unit: str, own: list[str], enemy: list[str]) -> bool:
    order = order_of(ctx, unit)
    policy = parse_policy(order.when_enemy_wants, "when_enemy_wants", yes="accept", no="avoid",
                          clans=clan_names(ctx))
    return policy.decide(visible_facts(ctx, unit, own, enemy))


def _is_cruiser(ctx: Ctx, unit: str) -> bool:
    return order_of(ctx, unit).kind == "sq_cruise" and ctx.state.squadrons[unit].station is not None


def meet(ctx: Ctx, battle_id: str, area: str,
         sides: tuple[tuple[str, list[str]], tuple[str, list[str]]]) -> tuple[list[str], list[str]]:
    """Two hostile groups meet at ``area``: decide, disperse avoiders, fight.
    Returns the squadrons of each side that wanted or accepted battle (S8.5.2).

    A pirate's owner is secret (S8.1.2, OP-49): when a squadron on piracy is
    involved, the public learns only that pirates were engaged there."""
    units = [u for _, side in sides for u in side]
    if not any(order_of(ctx, u).kind == "sq_piracy" for u in units):
        return _meet(ctx, battle_id, area, sides)
    ctx.emit(PiratesEngaged(audience=Audience.everyone(), area=area))
    ctx.secret_between = tuple(sorted({ctx.state.squadrons[u].owner for u in units}))
    try:
        return _meet(ctx, battle_id, area, sides)
    finally:
        ctx.secret_between = ()


def _meet(ctx: Ctx, battle_id: str, area: str,
          sides: tuple[tuple[str, list[str]], tuple[str, list[str]]]) -> tuple[list[str], list[str]]:
    ctx.emit(Met(audience=ctx.public(), area=area, sides={clan: units for clan, units in sides}))
    units = (sides[0][1], sides[1][1])
    # Asking who wants battle changes nothing, so each side's shared facts are found once.
    facts = [side_facts(ctx, units[i], units[1 - i]) for i in (0, 1)]
    wants = [[u for u in units[i] if wants_battle(ctx, u, units[i], units[1 - i], facts[i])] for i in (0, 1)]
    if not wants[0] and not wants[1]:
        ctx.emit(Declined(audience=ctx.public(), area=area, units=units[0] + units[1]))
        return ([], [])  # OP-25: nothing happens
    fighters = ([], [])
    for i in (0, 1):
        for unit in units[i]:
            if unit in wants[i] or _stays_for_battle(ctx, area, unit, units[i], units[1 - i], wants[1 - i],
                                                     sides[1 - i][0]):
                fighters[i].append(unit)
    if fighters[0] and fighters[1]:
        helpers.join(ctx, battle_id, area, fighters)  # S4.2.4, OP-19: before the first round's pairing
        fight(ctx, battle_id, area, (_side(ctx, sides[0][0], fighters[0]), _side(ctx, sides[1][0], fighters[1])))
    return fighters


def _stays_for_battle(ctx: Ctx, area: str, unit: str, own: list[str], enemy: list[str],
                      enemy_wanting: list[str], enemy_clan: str) -> bool:
    if not enemy_wanting:
        return False
    sq = ctx.state.squadrons[unit]
    forced_by_ordinary = ctx.state.hds_of(unit) and not any(ctx.state.hds_of(u) for u in enemy_wanting)
    if forced_by_ordinary:
        if order_of(ctx, unit).if_forced_by_ordinary == "accept":
            return True
        _refuse_forced(ctx, area, unit, enemy_clan, enemy_wanting)
        return False
    if accepts_battle(ctx, unit, own, enemy):
        return True
    ctx.emit(Avoided(audience=ctx.public(), area=area, unit=sq.id, dispersed=True))
    casualties.disperse(ctx, unit, area)
    return False


def _refuse_forced(ctx: Ctx, area: str, unit: str, enemy_clan: str, holders: list[str]) -> None:
    """S5.7, OP-27: heavy ships captured without a battle; dispersed too by default."""
    hds = ctx.state.hds_of(unit)
    for hd in hds:
        hd.state = UnitState.CAPTURED
        hd.attached_to = None
        casualties.grant_credit(ctx, enemy_clan, "heavy_detachment", list(holders), hd.id)
    owner = ctx.state.squadrons[unit].owner
    # R19, S12.6: the number of heavy detachments stays with the two clans; the public sees the refusal.
    ctx.emit(ForcedRefusal(audience=Audience.of(owner, enemy_clan), area=area, unit=unit, heavy_lost=len(hds),
                           to_clan=enemy_clan))
    ctx.emit(RefusalSeen(audience=ctx.public(), area=area, unit=unit, to_clan=enemy_clan))
    if ctx.settings.reinforced_refusal_also_disperses:
        casualties.disperse(ctx, unit, area)


def _side(ctx: Ctx, clan: str, units: list[str]) -> BattleSide:
    fighters = []
    for unit in units:
        order = order_of(ctx, unit)
        owner = ctx.state.squadrons[unit].owner  # OP-29 (b): allies share a side, each fights for its clan
        fighters.append(Fighter(unit, owner, order.stake, order.stake_later_rounds))
    return BattleSide(clan, fighters, manoeuvre=_admiral_manoeuvre(ctx, units),
                      policy=ctx.clan_policies.get(clan, PairingPolicy()))


def _admiral_manoeuvre(ctx: Ctx, units: list[str]):
    """OP-45 (b): one manoeuvre per side, the admiral's (the best-ranked
    leader, OP-29 a; ties by unit id), and only with an active art.  A
    manoeuvre ordered by a lower-ranked leader is not used."""
    if not units:
        return None
    admiral = min(units, key=lambda u: (tuple(-v for v in admiral_rank(ctx, u)), u))
    order = order_of(ctx, admiral)
    if order.manoeuvre is not None and ctx.state.squadrons[admiral].leader in ctx.art_active:
        return order.manoeuvre
    return None
