"""The three things a case can run: a whole turn, one battle, or a list of
order submissions checked against validation (V1–V5)."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from bot.engine.ruleset import OrderRejected, SubmittedOrder

Orders = dict[str, list[dict[str, Any]]] | list[dict[str, Any]]


def slot_of(ruleset, payload: dict[str, Any]) -> str:
    """The slot the bot would store ``payload`` under; a payload the rules cannot read (a case
    may give one on purpose, to see it fall back) keeps its bare unit."""
    try:
        return ruleset.order_slot(ruleset.parse_order(payload))
    except (OrderRejected, ValueError):
        return str(payload.get("unit"))


def submitted_orders(ruleset, orders: Orders) -> list[SubmittedOrder]:
    """Per clan (file order within each clan, clans in file order) or one flat
    list whose entries name their ``clan``: the list's order is the submission
    order that decides port capacity (R4, OP-05)."""
    if isinstance(orders, dict):
        flat = [(clan, payload) for clan, payloads in orders.items() for payload in payloads]
    else:
        flat = [(entry["clan"], {k: v for k, v in entry.items() if k != "clan"}) for entry in orders]
    return [SubmittedOrder(faction=clan, unit=slot_of(ruleset, payload), seq=seq, payload=payload)
            for seq, (clan, payload) in enumerate(flat, start=1)]


def run_turn(ruleset, state, gamemap, settings, dice, orders: Orders):
    """The turn, and the state at each moment a moderator may ask about
    (``during``): after each sub-phase and just before the Turn End Phase,
    when the per-turn flags (dispersed, repaired_this_turn, evac_ready,
    damage_pending_turn_end) are still set."""
    moments: dict[str, Any] = {}
    submitted = submitted_orders(ruleset, orders)
    _known_clans(state, submitted)
    with _watching(ruleset.id, moments):
        result = ruleset.resolve(state, gamemap, settings, submitted, dice)
    return result.state, result.events, moments


def _known_clans(state, submitted: list[SubmittedOrder]) -> None:
    """An order of a clan the state has not would only fall back, and the case fail far from the typo."""
    clans = getattr(state, "clans", None)
    if clans is None:
        return
    for order in submitted:
        if order.faction not in clans:
            raise ValueError(f"orders name the clan {order.faction!r}, which the case's state has not; its clans: "
                             f"{', '.join(sorted(clans))}")


@contextlib.contextmanager
def _watching(ruleset_id: str, moments: dict[str, Any]):
    """Snapshots taken by wrapping the Sengoku turn's steps for this one call:
    the rules run unchanged, the runner only copies the state between steps."""
    if ruleset_id != "sengoku":
        yield
        return
    from bot.rulesets.sengoku.rules.turn import resolve as turn

    run_subphase, turn_end = turn._run_subphase, turn._turn_end
    mine = threading.get_ident()  # a turn resolved meanwhile in another thread is not this case's

    def subphase(ctx, name, orders):
        run_subphase(ctx, name, orders)
        if threading.get_ident() == mine:
            moments[name] = ctx.state.model_copy(deep=True)

    def before_turn_end(ctx):
        if threading.get_ident() == mine:
            moments["turn_end"] = ctx.state.model_copy(deep=True)
        turn_end(ctx)

    turn._run_subphase, turn._turn_end = subphase, before_turn_end
    try:
        yield
    finally:
        turn._run_subphase, turn._turn_end = run_subphase, turn_end


def run_battle(state, gamemap, settings, dice, spec: dict[str, Any]):
    """One Sengoku battle (S8.6.7) between the two sides the case lists."""
    from bot.rulesets.sengoku.rules.battle.battle import fight
    from bot.rulesets.sengoku.rules.battle.sides import BattleSide, Fighter
    from bot.rulesets.sengoku.rules.model.context import Ctx
    from bot.rulesets.sengoku.rules.model.model import Manoeuvre, Stake
    from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy

    ctx = Ctx(state=state.model_copy(deep=True), gamemap=gamemap, settings=settings, dice=dice)
    ctx.veterans = {c.id for c in ctx.state.characters.values() if c.is_veteran(ctx.state.turn)}
    ctx.art_active = {c.id for c in ctx.state.characters.values() if c.art_active()}
    sides = []
    for side in spec["sides"]:
        fighters = [Fighter(f["unit"], side["clan"], Stake(f.get("stake", "low")),
                            Stake(f["stake_later"]) if f.get("stake_later") else None,
                            bool(f.get("port_defender", False))) for f in side["fighters"]]
        manoeuvre = Manoeuvre(side["manoeuvre"]) if side.get("manoeuvre") else None
        sides.append(BattleSide(side["clan"], fighters, manoeuvre, PairingPolicy(**side.get("pairing", {}))))
    fight(ctx, spec.get("id", "b1"), spec["area"], (sides[0], sides[1]), port=spec.get("port"))
    return ctx.state, ctx.events


def run_submissions(ruleset, state, gamemap, settings, submissions: list[dict[str, Any]]) -> list[str]:
    """Each entry: faction, order, and ``refused: <fragment>`` or ``warns: <fragment>`` or neither."""
    problems, accepted = [], []
    for index, entry in enumerate(submissions, start=1):
        label = f"submission {index} ({entry['order'].get('kind')} {entry['order'].get('unit')})"
        try:
            order = ruleset.parse_order(entry["order"])
            warnings = ruleset.validate_order(state, gamemap, settings, entry["faction"], order, accepted)
        except OrderRejected as exc:
            if "refused" not in entry:
                problems.append(f"{label}: expected to be accepted, was refused: {exc}")
            elif entry["refused"] not in str(exc):
                problems.append(f"{label}: refused with {str(exc)!r}, expected a message containing "
                                f"{entry['refused']!r}")
            continue
        if "refused" in entry:
            problems.append(f"{label}: expected a refusal containing {entry['refused']!r}, was accepted")
        elif "warns" in entry and not any(entry["warns"] in w for w in warnings):
            problems.append(f"{label}: expected a warning containing {entry['warns']!r}, got {warnings}")
        accepted.append(SubmittedOrder(faction=entry["faction"], unit=ruleset.order_slot(order), seq=index,
                                       payload=entry["order"]))
    return problems
