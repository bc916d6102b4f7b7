"""Standing orders checked again at the start of a resolution (S12.4).

Two kinds of order stay in the state from turn to turn: a squadron's standing cruise
(S4.3.4) and a clan's standing policy (S5.9, S2.6, OP-39).  Each was valid when given, but
the map, the relations, the state (a moderator's edit, an old import) or the order models
may have changed since.  One that no longer holds falls back as an invalid new order does
(S12.4): the squadron lies idle (back at its base), the clan gets the default policy.  The
clan is told privately, the moderator log shows it, and the moderator may give a new order.
Nothing stored can stop the turn from resolving.
"""

from __future__ import annotations

from pydantic import ValidationError

from bot.domain.events import Audience
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.orders import new_orders
from bot.rulesets.sengoku.rules.orders.clan_orders import check_clan_order
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import OrderFellBack
from bot.rulesets.sengoku.rules.orders.orders import ClanPolicy, Cruise, SquadronIdle
from bot.rulesets.sengoku.rules.orders.policy import parse_policy
from bot.rulesets.sengoku.rules.orders.validate_routes import coastal_area


def check(ctx: Ctx, replaced: set[str]) -> None:
    """Fall back from every standing order that no longer holds; ``replaced``: the squadrons and
    clans whose valid new order takes the standing one's place from the start of the turn."""
    for sq in ctx.state.squadrons.values():
        if sq.standing and sq.id not in replaced and (problem := _cruise_problem(ctx, sq)):
            ctx.emit(OrderFellBack(audience=Audience.of(sq.owner), unit=sq.id, order="sq_cruise (standing)",
                                   reason=problem, fallback="idle"))
            new_orders.retask(ctx, SquadronIdle(unit=sq.id))  # S4.3.4: the cruise ends; home to its base
    for clan, stored in list(ctx.state.clan_policies.items()):
        if clan not in replaced and (problem := _policy_problem(ctx, clan, stored)):
            del ctx.state.clan_policies[clan]
            ctx.emit(OrderFellBack(audience=Audience.of(clan), unit=clan, order="clan_policy (standing)",
                                   reason=problem, fallback="the default clan policy"))


def standing_cruise(sq) -> Cruise | None:
    """The squadron's standing cruise as an order, or None if it has none or it does not read."""
    try:
        return Cruise.model_validate(sq.standing) if sq.standing else None
    except ValidationError:
        return None


def _cruise_problem(ctx: Ctx, sq) -> str | None:
    try:
        order = Cruise.model_validate(sq.standing)
    except ValidationError as exc:
        return f"the standing cruise order no longer reads ({_errors(exc)})"
    if order.unit != sq.id:
        return "the standing cruise order is not this squadron's"
    if not coastal_area(ctx.gamemap, order.target):
        return f"its target {order.target!r} is not a coastal province of this map (S12.4, SQ_CRUISE)"
    try:  # V5: read when the squadron meets an enemy; a policy that does not read would stop the turn there
        if order.want_battle != "default":
            parse_policy(order.want_battle, "want_battle")
        parse_policy(order.when_enemy_wants, "when_enemy_wants", yes="accept", no="avoid")
        parse_policy(order.withdraw_if, "withdraw_if")
    except OrderRejected as exc:
        return str(exc)
    return None


def _policy_problem(ctx: Ctx, clan: str, stored: dict) -> str | None:
    try:
        order = ClanPolicy.model_validate(stored)
        check_clan_order(ctx.state, ctx.gamemap, ctx.settings, clan, order, None)  # V1, S5.9, S2.6
    except ValidationError as exc:
        return f"the standing clan policy no longer reads ({_errors(exc)})"
    except OrderRejected as exc:
        return str(exc)
    return None


def _errors(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'order'}: {e['msg']}" for e in exc.errors())
