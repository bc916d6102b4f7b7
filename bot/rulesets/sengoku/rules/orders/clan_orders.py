"""Clan-wide orders (S12.4): the standing clan policy and redeeming capture
credits.

``clan_policy`` (unit = the clan id) holds the clan's pairing policy (OP-39 c),
its battle priority when three or more sides meet (S5.9, OP-29 c) and what
happens to its squadrons if its last port falls (S2.6, OP-07 a).  It is a
standing order: kept in the state until the clan sends another.

``redeem_capture`` (unit = the credit id) builds a new squadron or heavy
detachment for 1 DP + 3 RP at one of the clan's ports, only on the turn after
the capture (S8.4.6, OP-36, R6); the S2.3 port limit applies.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.domain.gamemap import GameMap
from bot.domain.text import N_, Phrase, quote
from bot.engine.ruleset import OrderRejected, SubmittedOrder
from bot.rulesets.sengoku.rules.orders.basing import FULL_PORT, MAX_UNITS, occupancy
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import OrderFellBack
from bot.rulesets.sengoku.rules.model.events_turn import ClanPolicySet, CreditRedeemed
from bot.rulesets.sengoku.rules.model.model import (
    CaptureCredit,
    HeavyDetachment,
    SengokuState,
    Squadron,
    UnitState,
)
from bot.rulesets.sengoku.rules.orders.orders import ClanPolicy, RedeemCapture
from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

COST_DP, COST_RP = 1, 3  # S8.4.6 [L96, L100]


def policy_of(state: SengokuState, clan: str) -> ClanPolicy:
    """The clan's standing policy, or the Proposals' defaults."""
    stored = state.clan_policies.get(clan)
    return ClanPolicy.model_validate(stored) if stored else ClanPolicy(unit=clan)


def apply_policies(ctx: Ctx, orders: list[ClanPolicy]) -> None:
    """New policies replace the stored ones; every clan's pairing policy goes to
    ``ctx.clan_policies`` for the battles (encounter._side)."""
    for order in orders:
        ctx.state.clan_policies[order.unit] = order.model_dump(mode="json", exclude={"subphase"})
        ctx.emit(ClanPolicySet(audience=Audience.of(order.unit), clan=order.unit, summary=_summary(order)))
    for clan in ctx.state.clans:
        policy = policy_of(ctx.state, clan)
        ctx.clan_policies[clan] = PairingPolicy(own_order=policy.pairing_own_order, target=policy.pairing_target)


def _summary(order: ClanPolicy) -> str:
    priority = ", ".join(order.multi_clan_priority) or "default (most squadrons first)"
    last_port = "lose" if order.on_last_port_lost == "lose" else f"hand over to {order.transfer_to or 'the captor'}"
    return (f"pairing {order.pairing_own_order.replace('_', ' ')}, target {order.pairing_target.replace('_', ' ')}; "
            f"battle priority {priority}; if the last port falls: {last_port}")


# --- validation (V1 for clan orders) -------------------------------------------------------------

def check_clan_order(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, faction: str,
                     order, others: list[SubmittedOrder] | None) -> list[str]:
    if isinstance(order, ClanPolicy):
        return _check_policy(state, faction, order)
    return _check_redeem(state, gamemap, settings, faction, order, others or [])


def _check_policy(state: SengokuState, faction: str, order: ClanPolicy) -> list[str]:
    if order.unit != faction:
        raise OrderRejected(N_("a clan policy is given for your own clan, {clan}, not for {other} (V1)"), rule="V1",
                            clan=_clan_name(state, faction), other=quote(_clan_name(state, order.unit)))
    for clan in order.multi_clan_priority:
        if clan not in state.clans:
            raise OrderRejected(N_("multi_clan_priority names {clan}, which is not a clan; clans: {clans} (S5.9)"),
                                rule="S5.9", clan=quote(clan),
                                clans=", ".join(sorted(c.name for c in state.clans.values())))
        if clan == faction:
            raise OrderRejected(N_("multi_clan_priority lists the clans to fight, in order; your own clan is not "
                                   "one of them (S5.9)"), rule="S5.9")
    warnings = []
    if order.transfer_to is not None:
        if order.transfer_to not in state.clans or not state.at_war(faction, order.transfer_to):
            raise OrderRejected(N_("transfer_to: squadrons can only be handed over to an enemy, a clan you are at "
                                   "war with; {clan} is not (S2.6, OP-07)"), rule="S2.6",
                                clan=quote(_clan_name(state, order.transfer_to)))
        if order.on_last_port_lost == "lose":
            warnings.append("transfer_to applies only with on_last_port_lost: transfer; ignored (R18)")
    return warnings


def _check_redeem(state: SengokuState, gamemap: GameMap, settings: SengokuSettings, faction: str,
                  order: RedeemCapture, others: list[SubmittedOrder]) -> list[str]:
    credit = _credit(state, faction, order.unit)
    _check_credit_turn(state, credit)
    port = gamemap.ports.get(order.port)
    if port is None:
        raise OrderRejected(N_("there is no port {port} on this map (S8.4.6)"), rule="S8.4.6", port=quote(order.port))
    if state.ports[order.port].owner != faction or state.ports[order.port].destroyed:
        raise OrderRejected(N_("a captured prize is rebuilt at one of your own ports; {port} is not one (S8.4.6)"),
                            rule="S8.4.6", port=port.name)
    pending = [s for s in others if s.payload.get("kind") == "redeem_capture" and s.faction == faction]
    problem = resources_problem(state, faction, 1 + len(pending)) or _attach_problem(state, faction, order, port.name)
    problem = problem or capacity_problem(state, settings, order, port.name, pending)
    if problem:
        raise OrderRejected(problem, rule="S8.4.6")
    if order.attach_to and order.build == "squadron":
        return ["attach_to applies only to a new heavy detachment; ignored (R18)"]
    return []


def _credit(state: SengokuState, faction: str, credit_id: str) -> CaptureCredit:
    credit = next((c for c in state.credits if c.id == credit_id), None)
    if credit is None or credit.holder != faction:  # one message: credit ids are predictable (V1)
        raise OrderRejected(N_("your clan has no capture credit {credit}; your last report lists your "
                               "credits (S8.4.6, V1)"), rule="V1", credit=repr(credit_id))
    if credit.void:
        raise OrderRejected(N_("{credit} is void: every squadron that held it was dispersed or destroyed later in "
                               "turn {turn} (S8.4.6, R3)"), rule="S8.4.6", credit=state.credit_name(credit_id),
                            turn=credit.turn_captured)
    return credit


def _check_credit_turn(state: SengokuState, credit: CaptureCredit) -> None:
    due = credit.turn_captured + 1
    if state.turn < due:
        raise OrderRejected(N_("{credit} can only be redeemed on turn {turn}, the turn after its capture (S8.4.6)"),
                            rule="S8.4.6", credit=state.credit_name(credit.id), turn=due)
    if state.turn > due:
        raise OrderRejected(N_("{credit} could only be redeemed on turn {turn}, the turn after its capture; it has "
                               "expired (S8.4.6)"), rule="S8.4.6", credit=state.credit_name(credit.id), turn=due)


def resources_problem(state: SengokuState, faction: str, count: int = 1) -> Phrase | None:
    clan = state.clans[faction]
    if clan.development >= COST_DP * count and clan.rice >= COST_RP * count:
        return None
    text = (N_("not enough rice: 1 DP + 3 RP needed for each credit (S8.4.6); {clan} has {dp} DP and {rp} RP")
            if count > 1 else N_("not enough rice: 1 DP + 3 RP needed (S8.4.6); {clan} has {dp} DP and {rp} RP"))
    return Phrase(text, clan=clan.name, dp=clan.development, rp=clan.rice)


def _clan_name(state: SengokuState, clan: str | None) -> str:
    return state.clans[clan].name if clan in state.clans else str(clan)


def _attach_problem(state: SengokuState, faction: str, order: RedeemCapture, port_name: str) -> Phrase | None:
    if order.build != "heavy_detachment" or order.attach_to is None:
        return None
    sq = state.squadrons.get(order.attach_to)
    if sq is None or sq.owner != faction or sq.state is not UnitState.ACTIVE or sq.base_port != order.port:
        named = sq.name if sq is not None and sq.owner == faction else order.attach_to
        return Phrase(N_("attach_to: {unit} is not an active squadron of yours based at {port}"), unit=quote(named),
                      port=port_name)
    return None


def capacity_problem(state: SengokuState, settings: SengokuSettings, order: RedeemCapture, port_name: str,
                     pending: list[SubmittedOrder] = ()) -> Phrase | None:
    """S2.3: the new unit must fit the port's 5 fleet units (OP-05 settings for HDs)."""
    if not _counts(settings, order):
        return None
    more = sum(1 for s in pending if s.payload.get("port") == order.port)
    units = occupancy(state, settings, order.port).units + more
    if units >= MAX_UNITS:
        return Phrase(FULL_PORT, port=port_name, count=units)
    return None


def _counts(settings: SengokuSettings, order: RedeemCapture) -> bool:
    if order.build == "squadron":
        return True
    if order.attach_to:
        return settings.attached_hd_counts_as_fleet_unit
    return settings.standalone_hd_counts_as_fleet_unit


# --- redemption at turn start (S12.5 step 3) -----------------------------------------------------

def redeem(ctx: Ctx, order: RedeemCapture) -> None:
    """Build the unit and pay; refused (S12.4 fallback) if the rice or the room ran out
    because of an earlier redemption this turn."""
    state = ctx.state
    credit = next((c for c in state.credits if c.id == order.unit), None)
    if credit is None:  # a second order for a credit redeemed a moment ago
        ctx.emit(OrderFellBack(audience=Audience.moderators(), unit=order.unit, order=order.kind,
                               reason=f"capture credit {order.unit} is already redeemed", fallback="not redeemed"))
        return
    port_name = ctx.gamemap.ports[order.port].name
    problem = resources_problem(state, credit.holder) or capacity_problem(state, ctx.settings, order, port_name)
    if problem:
        ctx.emit(OrderFellBack(audience=Audience.of(credit.holder), unit=order.unit, order=order.kind,
                               reason=problem, fallback="not redeemed"))
        return
    clan = state.clans[credit.holder]
    clan.development -= COST_DP
    clan.rice -= COST_RP
    unit_id = _new_unit_id(state, credit)
    area = ctx.gamemap.ports[order.port].area
    if order.build == "squadron":
        state.squadrons[unit_id] = Squadron(id=unit_id, name=order.name or unit_id, owner=credit.holder,
                                            base_port=order.port, location=area)
    else:
        state.heavy[unit_id] = HeavyDetachment(id=unit_id, owner=credit.holder, base_port=order.port,
                                               attached_to=order.attach_to)
    state.credits.remove(credit)
    ctx.emit(CreditRedeemed(audience=Audience.of(credit.holder), clan=credit.holder, credit=credit.id,
                            build=order.build, unit=unit_id, port=order.port, attached_to=order.attach_to))


def _new_unit_id(state: SengokuState, credit: CaptureCredit) -> str:
    """Stable: from the credit (``credit:2:B`` → ``prize-2-B``)."""
    base = "prize-" + credit.id.removeprefix("credit:").replace(":", "-")
    taken = set(state.squadrons) | set(state.heavy) | set(state.fleets)
    unit_id, n = base, 2
    while unit_id in taken:
        unit_id, n = f"{base}-{n}", n + 1
    return unit_id
