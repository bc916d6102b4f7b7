"""The orders step of an impulse resolved (E17): every nation's standing orders are kept (E-OP-09);
the active nation's armada commands and departures (E3.1.3, E3.2.2), its convoy (E11, E12), and its
movement plans queued in the order given, the first one started."""

from __future__ import annotations

from bot.domain.events import Audience, Event
from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.rulesets.empires_in_arms.rules import armada, convoy
from bot.rulesets.empires_in_arms.rules.events import PlanNotCarried
from bot.rulesets.empires_in_arms.rules.model import EiaState
from bot.rulesets.empires_in_arms.rules.orders import Standing, parse_order
from bot.rulesets.empires_in_arms.rules.phases import Context
from bot.rulesets.empires_in_arms.rules.records import Pending, StandingOrders

PLANS = ("move_fleet", "patrol")
COMMANDS = ("armada_command",)  # asked of the other powers first (E-OP-03), so queued before the moves


def open_orders(state: EiaState, context: Context, orders: list[SubmittedOrder]) -> tuple[EiaState, list[Event]]:
    events: list[Event] = []
    ordered = sorted(orders, key=lambda o: o.seq)
    for order in ordered:
        if order.payload.get("kind") == "standing" and order.faction in state.nations:
            given = Standing.model_validate(order.payload)
            kept = StandingOrders(**given.model_dump(exclude={"kind", "nation"}))
            state = state.model_copy(update={"standing": {**state.standing, order.faction: kept}})
    active = state.impulse.active
    mine = [o for o in ordered if o.faction == active and o.payload.get("kind") != "standing"]
    plans: list[dict] = []
    commands: list[dict] = []
    for order in mine:
        kind = order.payload.get("kind")
        try:
            if kind in PLANS:
                plans.append(dict(order.payload))
            elif kind in COMMANDS:
                commands.append(dict(order.payload))
            elif kind in ("leave_armada", "separate_stack"):
                state, more = armada.apply(state, context, active, parse_order(order.payload))
                events += more
            elif kind == "convoy":
                state, more, landing = convoy.run(state, context, active, parse_order(order.payload))
                events += more
                if landing is not None:
                    commands.append(landing)
            elif kind == "landing_retreat":
                _check_retreat(context, order.payload.get("port"), mine)
                impulse = state.impulse.model_copy(update={"landing_retreat": order.payload.get("port")})
                state = state.model_copy(update={"impulse": impulse})
        except OrderRejected as refused:
            events.append(not_carried(active, str(kind), refused))
    plans = commands + plans
    if state.pending is not None:  # a loss of port's chain (E14) opened by a moderator goes first
        pending = state.pending.model_copy(update={"then_orders": False, "resume": tuple(plans)})
        state = state.model_copy(update={"pending": pending})
    elif plans:
        state = state.model_copy(update={"pending": Pending(nation=active, phase="start", queue=tuple(plans))})
    return state, events


def _check_retreat(context: Context, port: str | None, mine: list[SubmittedOrder]) -> None:
    """E12.6, seed [L57]: landed formations retreat to a friendly port "in any zone they passed through this
    impulse": the zones of this impulse's convoy (its ports' zones included; the convoy is the active
    nation's one of E11.4, given in the same orders)."""
    board = context.board
    passed = {board.zone_of(place) or place for o in mine if o.payload.get("kind") == "convoy"
              for place in o.payload.get("path", ())}
    if not port or not board.is_port(port) or board.zone_of(port) not in passed:
        raise OrderRejected(N_("landed formations retreat to a friendly port in a zone their convoy passed through "
                               "this impulse (E12.6); {port} is not"), rule="E12.6",
                            port=board.name_of(port) if port and board.is_port(port) else str(port))


def not_carried(nation: str, kind: str, refused: OrderRejected) -> PlanNotCarried:
    values = {k: v if isinstance(v, int) else str(v) for k, v in refused.values.items()}
    return PlanNotCarried(audience=Audience.of(nation), nation=nation, order=kind, reason=refused.msgid,
                          values=values, rule=refused.rule or "")
