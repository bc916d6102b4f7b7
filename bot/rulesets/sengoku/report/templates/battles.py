"""Templates of the events of encounters and battles (S5, S8, S9)."""

from __future__ import annotations

from typing import Callable

from bot.domain.events import Event
from bot.rulesets.sengoku.report.names import Names

HARM = {"unharmed": "unharmed", "wound": "1 wound", "two_wounds": "2 wounds", "captured": "captured",
        "killed": "killed", "general_killed_commander_captured": "killed (General) / captured (Commander)"}
LOSS = {"no_losses": "no real losses", "small_losses": "small losses", "heavy_losses": "heavy losses",
        "captured": "ships captured", "burnt": "burnt in harbour"}


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _met(e, n: Names) -> str:
    sides = " and ".join(f"{n.clan(c)} {_count(len(u), 'squadron')} ({n.units(u)})" for c, u in e.sides.items())
    return f"Off {n.area(e.area)}: {sides} met."


def _battle_ended(e, n: Names) -> str:
    result = f"{n.clan(e.winner)} won" if e.winner else "no winner: neither side kept a squadron in line"
    capped = " — stopped at the round limit; the moderator decides (OP-33)" if e.capped else ""
    return f"  Battle off {n.area(e.area)} over after {_count(e.rounds, 'round')}: {result}.{capped}"


def _pair(e, n: Names) -> str:
    """pair_seen, for everyone: categories and winner only (R19)."""
    left, right = (n.units(side) for side in e.sides)
    outcome = {0: f"{left} won", 1: f"{right} won", None: "both sides defeated (S8.3)"}[e.winner]
    return f"  Round {e.round}: {left} [{e.categories[0]}] vs {right} [{e.categories[1]}] → {outcome}."


def _tiebreak(e, n: Names) -> str:
    """pair_decided, for moderators: the S8.3 step that broke a tie; the round
    line itself comes from pair_seen."""
    if not e.tiebreak or e.winner is None:
        return ""
    return f"    (round {e.round}: tie broken on {e.tiebreak}, S8.3)"


def _rolled(e, n: Names) -> str:
    mods = "".join(f" {v:+d} {label}" for label, v in e.modifiers)
    shift = f" → {e.category}" if e.category != e.base_category else ""
    return (f"    {n.unit(e.unit)} ({e.stake} stake) 2d6 [{'·'.join(map(str, e.faces))}]{mods} = {e.total}"
            f" → {e.base_category}{shift}   (key {e.key})")


def _loss(e, n: Names) -> str:
    outcome = "won" if e.won else "lost"
    if e.face is None:
        return f"    {n.unit(e.unit)} {outcome}: {LOSS[e.result]} (S8.4.4), no loss die."
    mod = f" {e.modifier:+d}" if e.modifier else ""
    damage = f", damage {e.damage_after}" if e.result != "captured" else ""
    return (f"    {n.unit(e.unit)} {outcome} at {e.stake} stake: loss d6 [{e.face}]{mod} → {LOSS[e.result]}"
            f"{damage}   (key {e.key})")


def _harmed(e, n: Names) -> str:
    roll = f" d6 [{e.face}] on {e.table}:" if e.face is not None else f" ({e.table}):"
    captor = f" by {n.clan(e.captor)}" if e.captor and e.harm != "unharmed" else ""
    key = f"   (key {e.key})" if e.key else ""
    return f"    {n.character(e.character)}{roll} {HARM.get(e.harm, e.harm)}{captor}.{key}"


# Fall-backs that are what the unit does, not what it is ("keeps its base", S12.4 and S2.5).
_FALLBACK_VERBS = ("keeps ", "sails ")


def _fallback(what: str) -> str:
    return what if what.startswith(_FALLBACK_VERBS) else f"is {what}"


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "order_fell_back": lambda e, n: f"Order for {n.unit(e.unit)} ({e.order}) could not be carried out: "
                                    f"{e.reason}. It {_fallback(e.fallback)} instead.",
    "default_applied": lambda e, n: f"[{e.rule}] default applied: {e.detail}",
    "based": lambda e, n: (f"{n.unit(e.unit)} is now based at {n.port(e.port)} (was {n.port(e.previous)})"
                           + (f", under the basing agreement with {n.clan(e.host)} for turn {e.agreement_turn} "
                              f"(S2.4)." if e.host else ".")),
    "base_refused": lambda e, n: f"{n.unit(e.unit)} could not re-base to {n.port(e.port)}: {e.reason}.",
    "moved": lambda e, n: f"{n.unit(e.unit)} sails: {' → '.join(n.area(a) for a in e.route)}.",
    "on_station": lambda e, n: f"{n.unit(e.unit)} cruises off {n.area(e.area)}" + (
        f", blockading {n.port(e.blocks_port)} (S4.3.3)." if e.blocks_port else "."),
    "met": _met,
    "declined": lambda e, n: f"  Nobody sought battle off {n.area(e.area)}; all went on (OP-25).",
    "avoided": lambda e, n: f"  {n.unit(e.unit)} avoided battle and was dispersed (S5.5)." if e.dispersed
    else f"  {n.unit(e.unit)} declined battle without being dispersed (OP-28).",
    "forced_refusal": lambda e, n: f"  {n.unit(e.unit)} refused a battle forced by an ordinary squadron: "
                                   f"{_count(e.heavy_lost, 'heavy detachment')} lost to {n.clan(e.to_clan)} (S5.7).",
    "refusal_seen": lambda e, n: f"  {n.unit(e.unit)} refused a battle forced by an ordinary squadron and lost "
                                 f"its heavy ships to {n.clan(e.to_clan)} (S5.7).",
    "battle_began": lambda e, n: f"  Battle off {n.area(e.area)}" + (
        f" for the port of {n.port(e.port_defence)}" if e.port_defence else "") + ".",
    "pairing_made": lambda e, n: "",
    "manoeuvre_used": lambda e, n: f"  {n.clan(e.clan)} used the manoeuvre {e.manoeuvre.replace('_', ' ')}" + (
        f" (cancelled: {', '.join(e.cancelled)})" if e.cancelled else "") + ".",
    "squadron_rolled": _rolled,
    "pair_seen": _pair,
    "pair_decided": _tiebreak,
    "loss_rolled": _loss,
    "dispersed": lambda e, n: f"    {n.unit(e.unit)} is dispersed and returns to {n.port(e.back_to)}.",
    "destroyed": lambda e, n: f"    {n.unit(e.unit)} is destroyed: {e.cause}.",
    "captured": lambda e, n: f"    {n.unit(e.unit)} is captured by {n.clan(e.by)}.",
    "heavy_detached": lambda e, n: f"    {n.unit(e.unit)} survives its squadron and returns to "
                                   f"{n.port(e.back_to)} (OP-35).",
    "credit_gained": lambda e, n: f"    Capture credit ({e.credit_kind.replace('_', ' ')}) for {n.clan(e.clan)}, held "
                                  f"by {n.units(e.holders)}: next turn build a squadron or a heavy detachment "
                                  f"for 1 DP + 3 RP (S8.4.6).",
    "experience_gained": lambda e, n: f"    {n.unit(e.unit)} gains experience: {e.before} → {e.after}.",
    "character_harmed": _harmed,
    "pirates_engaged": lambda e, n: f"Off {n.area(e.area)}: war squadrons engaged pirates (their owner is not known).",
    "character_fate": lambda e, n: f"    {n.character(e.character)} was " + (
        f"captured by {n.clan(e.captor)}." if e.status == "captured" else "killed."),
    "battle_ended": _battle_ended,
}
