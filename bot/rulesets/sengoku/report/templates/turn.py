"""Templates of the turn-structure events: clan orders, credits, units without
a base, the last port, helpers, three or more sides, withdrawal, the round
cap and the Turn End Phase (S2.5, S2.6, S4.2.4, S5.9, S8.4.6, OP-33, S12.5)."""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.domain.text import sentence
from bot.i18n import N_
from bot.rulesets.sengoku.report.names import Names

CAPTIVE_CHOICES = {"suicide": N_("commit suicide"), "remain_captive": N_("remain a captive")}  # OP-46 (c)
ANSWER_SOURCES = {"standing": N_("your standing order"), "faction": N_("your answer"),
                  "moderator": N_("a moderator's answer")}  # bot.engine.steps.AnswerSource, but the default

BASIS = {"admiral": N_("the most experienced admiral"), "squadron_experience": N_("the most experienced squadron"),
         "random": N_("a die (admirals and squadrons equal)")}


def _side(clans: list[str], n: Names) -> str:
    return n.t._(" and ").join(n.clan(c) for c in clans)


def _label(label: str, n: Names) -> str:
    return _side(label.split("+"), n)


def _battle_order(e, n: Names) -> str:
    t = n.t
    battles = t._("; then ").join(t._("{side} against {other}", side=_label(a, n), other=_label(b, n))
                                  for a, b in e.battles)
    return t._("Off {area} three or more hostile sides met; {clan} decides the order of battle (S5.9): {battles}.",
               area=n.area(e.area), clan=n.clan(e.decider), battles=battles)


def _captive_decided(e, n: Names) -> str:
    """OP-46 (c): the captives' step, as everyone who saw the capture reads it (never how it was answered)."""
    if e.suicide:
        return n.t._("{character}, a captive of {clan}, took their own life (S9.4).", character=n.character(e.character),
                     clan=n.clan(e.captor))
    return n.t._("{character} remains a captive of {clan}.", character=n.character(e.character), clan=n.clan(e.captor))


def _captive_answered(e, n: Names) -> str:
    """OP-46 (c): the clan's own line says whose answer it was, and whether it was the rules' default."""
    t = n.t
    choice = t._(CAPTIVE_CHOICES.get(e.choice, e.choice))
    if e.source == "default":
        source = t._("nobody answered by the deadline: the default of {rule}", rule=e.rule or "OP-46")
    else:
        source = t._(ANSWER_SOURCES.get(e.source, e.source))
    return t._("Captive {character}: {choice} ({source}).", character=n.character(e.character), choice=choice,
               source=source)


def _redeemed(e, n: Names) -> str:
    t = n.t
    joined = t._(", attached to {unit}", unit=n.unit(e.attached_to)) if e.attached_to else ""
    values = dict(credit=sentence(n.credit(e.credit)), port=n.port(e.port), joined=joined)
    if e.build == "squadron":
        return t._("{credit} is redeemed for 1 DP + 3 RP: new squadron {unit} at {port}{joined} (S8.4.6).",
                   unit=n.unit(e.unit), **values)
    # A heavy detachment has no name.
    return t._("{credit} is redeemed for 1 DP + 3 RP: new heavy detachment at {port}{joined} (S8.4.6).", **values)


def _mothballed(e, n: Names) -> str:
    default = n.t._(" (no order was given: mothballed by default, S2.5)") if e.by_default else ""
    return n.t._("{unit} has no base port and is mothballed off {area}{default}.", unit=n.unit(e.unit),
                 area=n.area(e.area), default=default)


def _handed_over(e, n: Names) -> str:
    return n.t._("{unit} passes from {clan} to {other} (S2.6).", unit=n.unit(e.unit), clan=n.clan(e.from_clan),
                 other=n.clan(e.to_clan))


def _naval_record(e, n: Names) -> str:
    t = n.t
    art = t._(" He now masters the naval art (S9.3).") if e.art_now_active else ""
    # English keeps its "(s)"; a language with plural forms words each count (n_).
    battles = t.n_("{n} naval battle(s)", "{n} naval battle(s)", e.battles)
    victories = t.n_("{n} victory(ies)", "{n} victory(ies)", e.victories)
    return t._("{character} led {battles} this turn and won {victories}; {total} in all.{art}",
               character=n.character(e.character), battles=battles, victories=victories,
               total=e.total_victories, art=art)


def _ranked(e, n: Names) -> str:
    basis = n.t._(BASIS[e.basis])
    return n.t._("S5.9 ranking off {area}: {ranking} decided by {basis} ({detail}).", area=n.area(e.area),
                 ranking=" > ".join(_label(r, n) for r in e.ranking), basis=basis, detail=n.text(e.detail))


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "clan_policy_set": lambda e, n: n.t._("Standing clan policy of {clan}: {summary}.", clan=n.clan(e.clan),
                                          summary=n.text(e.summary)),
    "credit_redeemed": _redeemed,
    "credit_expired": lambda e, n: n.t._("{credit} was not redeemed and has expired (S8.4.6).",
                                         credit=sentence(n.credit(e.credit))),
    "credit_voided": lambda e, n: n.t._("{credit} is void: {reason}.", credit=sentence(n.credit(e.credit)),
                                        reason=n.text(e.reason)),
    "mothballed": _mothballed,
    "disbanded": lambda e, n: n.t._("{unit} is disbanded (S2.5).", unit=n.unit(e.unit)),
    "last_port_lost": lambda e, n: n.t._("{clan} has no port left (S2.6).", clan=n.clan(e.clan)),
    "unit_lost": lambda e, n: n.t._("{unit} of {clan} is lost with the last port (S2.6).", unit=n.unit(e.unit),
                                    clan=n.clan(e.clan)),
    "unit_handed_over": _handed_over,
    "kept_foreign_base": lambda e, n: n.t._("{unit} keeps its base at {port} abroad (S2.4, OP-07 c).",
                                            unit=n.unit(e.unit), port=n.port(e.port)),
    "helper_joined": lambda e, n: n.t._("  {unit} comes out of port to help {clan} (S4.2.4).", unit=n.unit(e.unit),
                                        clan=n.clan(e.helps)),
    "sides_formed": lambda e, n: n.t._("Off {area} allies fight as one side: {sides} (OP-29).", area=n.area(e.area),
                                       sides="; ".join(_side(s, n) for s in e.sides)),
    "battle_order_decided": _battle_order,
    "decider_ranked": _ranked,
    "withdrew": lambda e, n: n.t._("  {unit} withdrew after round {round} and is dispersed (OP-33).",
                                   unit=n.unit(e.unit), round=e.round),
    "round_cap_reached": lambda e, n: n.t._(
        "Battle {battle} off {area} stopped after {rounds} rounds (max_rounds) with {units} still in line: a "
        "moderator must decide the outcome (OP-33).", battle=e.battle, area=n.area(e.area), rounds=e.rounds,
        units=n.units(e.still_in_line)),
    "returned_to_base": lambda e, n: n.t._("{unit} returns to {port}.", unit=n.unit(e.unit), port=n.port(e.port)),
    "naval_record": _naval_record,
    "captive_decided": _captive_decided,
    "captive_answered": _captive_answered,
}
