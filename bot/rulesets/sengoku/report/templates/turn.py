"""Templates of the turn-structure events: clan orders, credits, units without
a base, the last port, helpers, three or more sides, withdrawal, the round
cap and the Turn End Phase (S2.5, S2.6, S4.2.4, S5.9, S8.4.6, OP-33, S12.5)."""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.domain.text import sentence
from bot.rulesets.sengoku.report.names import Names

BASIS = {"admiral": "the most experienced admiral", "squadron_experience": "the most experienced squadron",
         "random": "a die (admirals and squadrons equal)"}


def _side(clans: list[str], n: Names) -> str:
    return " and ".join(n.clan(c) for c in clans)


def _label(label: str, n: Names) -> str:
    return _side(label.split("+"), n)


def _battle_order(e, n: Names) -> str:
    battles = "; then ".join(f"{_label(a, n)} against {_label(b, n)}" for a, b in e.battles)
    return f"Off {n.area(e.area)} three or more hostile sides met; {n.clan(e.decider)} decides the order " \
           f"of battle (S5.9): {battles}."


def _redeemed(e, n: Names) -> str:
    what = f"squadron {n.unit(e.unit)}" if e.build == "squadron" else "heavy detachment"  # it has no name
    joined = f", attached to {n.unit(e.attached_to)}" if e.attached_to else ""
    return f"{sentence(n.credit(e.credit))} is redeemed for 1 DP + 3 RP: new {what} at " \
           f"{n.port(e.port)}{joined} (S8.4.6)."


def _mothballed(e, n: Names) -> str:
    default = " (no order was given: mothballed by default, S2.5)" if e.by_default else ""
    return f"{n.unit(e.unit)} has no base port and is mothballed off {n.area(e.area)}{default}."


def _handed_over(e, n: Names) -> str:
    return f"{n.unit(e.unit)} passes from {n.clan(e.from_clan)} to {n.clan(e.to_clan)} (S2.6)."


def _naval_record(e, n: Names) -> str:
    art = " He now masters the naval art (S9.3)." if e.art_now_active else ""
    return (f"{n.character(e.character)} led {e.battles} naval battle(s) this turn and won "
            f"{e.victories} victory(ies); {e.total_victories} in all.{art}")


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "clan_policy_set": lambda e, n: f"Standing clan policy of {n.clan(e.clan)}: {e.summary}.",
    "credit_redeemed": _redeemed,
    "credit_expired": lambda e, n: f"{sentence(n.credit(e.credit))} was not redeemed and has expired "
                                   f"(S8.4.6).",
    "credit_voided": lambda e, n: f"{sentence(n.credit(e.credit))} is void: {e.reason}.",
    "mothballed": _mothballed,
    "disbanded": lambda e, n: f"{n.unit(e.unit)} is disbanded (S2.5).",
    "last_port_lost": lambda e, n: f"{n.clan(e.clan)} has no port left (S2.6).",
    "unit_lost": lambda e, n: f"{n.unit(e.unit)} of {n.clan(e.clan)} is lost with the last port (S2.6).",
    "unit_handed_over": _handed_over,
    "kept_foreign_base": lambda e, n: f"{n.unit(e.unit)} keeps its base at {n.port(e.port)} abroad "
                                      f"(S2.4, OP-07 c).",
    "helper_joined": lambda e, n: f"  {n.unit(e.unit)} comes out of port to help {n.clan(e.helps)} (S4.2.4).",
    "sides_formed": lambda e, n: f"Off {n.area(e.area)} allies fight as one side: "
                                 f"{'; '.join(_side(s, n) for s in e.sides)} (OP-29).",
    "battle_order_decided": _battle_order,
    "decider_ranked": lambda e, n: f"S5.9 ranking off {n.area(e.area)}: "
                                   f"{' > '.join(_label(r, n) for r in e.ranking)} decided by {BASIS[e.basis]} "
                                   f"({e.detail}).",
    "withdrew": lambda e, n: f"  {n.unit(e.unit)} withdrew after round {e.round} and is dispersed (OP-33).",
    "round_cap_reached": lambda e, n: f"Battle {e.battle} off {n.area(e.area)} stopped after {e.rounds} rounds "
                                      f"(max_rounds) with {n.units(e.still_in_line)} still in line: a moderator "
                                      f"must decide the outcome (OP-33).",
    "returned_to_base": lambda e, n: f"{n.unit(e.unit)} returns to {n.port(e.port)}.",
    "naval_record": _naval_record,
}
