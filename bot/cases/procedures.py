"""What any ruleset's case can run: a whole turn, or a list of order submissions checked
against validation (V1–V5).  A ruleset adds its own (its plug-in's ``case_procedures``)."""

from __future__ import annotations

import contextlib
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
    order that decides what the rules decide by it (e.g. port capacity)."""
    if isinstance(orders, dict):
        flat = [(clan, payload) for clan, payloads in orders.items() for payload in payloads]
    else:
        flat = [(entry["clan"], {k: v for k, v in entry.items() if k != "clan"}) for entry in orders]
    return [SubmittedOrder(faction=clan, unit=slot_of(ruleset, payload), seq=seq, payload=payload)
            for seq, (clan, payload) in enumerate(flat, start=1)]


def run_turn(ruleset, state, gamemap, settings, dice, orders: Orders, watch=None):
    """The turn, and the state at each moment a moderator may ask about (``during``): those the
    ruleset's ``watch`` (its plug-in's ``case_moments``) records, if it has one."""
    moments: dict[str, Any] = {}
    submitted = submitted_orders(ruleset, orders)
    _known_clans(ruleset, state, submitted)
    with watch(moments) if watch else contextlib.nullcontext():
        result = ruleset.resolve(state, gamemap, settings, submitted, dice)
    return result.state, result.events, moments


def _known_clans(ruleset, state, submitted: list[SubmittedOrder]) -> None:
    """An order of a clan the state has not would only fall back, and the case fail far from the typo."""
    clans = {faction for faction, _, _ in ruleset.factions(state)}
    for order in submitted:
        if order.faction not in clans:
            raise ValueError(f"orders name the clan {order.faction!r}, which the case's state has not; its clans: "
                             f"{', '.join(sorted(clans))}")


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
