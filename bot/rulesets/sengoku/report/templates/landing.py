"""Templates of landing operations and evacuations (S3.7–S3.9, S8.5, S8.7, S9.5).

Public lines name who intercepted whom, the category and where the army
ended; stakes, dice and modifiers appear only in the rolling clan's lines
(R19).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.domain.text import escape
from bot.rulesets.sengoku.report.names import Names

RESULT = {"FH": "organised resistance (FH)", "FL": "the landing force is mauled (FL)",
          "SL": "good hunting (SL)", "SH": "extermination (SH)"}
STATE = {"full order": "in full order", "heavy_march": "after a heavy march", "disorder": "in disorder",
         "dispersed": "dispersed"}
CAUSE = {"storm": "storm", "interception": "interception", "melee": "melee at sea",
         "melee_extra": "melee at sea, extra loss"}


def _army(n: Names, army_id: str) -> str:
    for state in (n.after, n.before):
        if army_id in state.armies:
            return escape(state.armies[army_id].name)
    return escape(army_id)


def _what(e) -> str:
    return "evacuation" if e.evacuation else "landing"


def _sailed(e, n: Names) -> str:
    escort = f", escorted by {n.units(e.escorts)}" if e.escorts else ""
    mode = f" ({e.mode})" if not e.evacuation else ""
    return (f"{n.units(e.fleets)} sail{'s' if len(e.fleets) == 1 else ''} with {_army(n, e.army)} "
            f"({', '.join(e.detachments)}) for a {_what(e)}{mode}{escort}: "
            f"{' → '.join(n.area(a) for a in e.route)}.")


def _storm(e, n: Names) -> str:
    who = f" ({n.unit(e.fleet)})" if e.fleet else ""
    caught = "caught in the storm" if e.caught else "no storm"
    return f"  Storm check{who}: d6 [{e.face}] → {caught} (S3.9).   (key {e.key})"


def _lost(e, n: Names) -> str:
    dice = "·".join(map(str, e.faces))
    castle = "; not made good from castles" if e.non_replaceable else ""
    return (f"    {e.detachment} loses {e.lost} figure{'s' if e.lost != 1 else ''} ({CAUSE[e.cause]}, "
            f"[{dice}] = {e.rolled}) → {e.figures_after} left{castle}.   (key {e.key})")


def _rolled(e, n: Names) -> str:
    mods = " ".join(f"{v:+d} {label}" for label, v in e.modifiers)
    shift = f" → {e.category}" if e.category != e.base_category else ""
    direction = "pinning" if e.direction == "pin" else "pushing back"
    return (f"    {n.unit(e.unit)} intercepts ({e.stake} stake, {direction}) 2d6 [{'·'.join(map(str, e.faces))}] "
            f"{mods} = {e.total} → {e.base_category}{shift}   (key {e.key})")


def _intercepted(e, n: Names) -> str:
    empty = " (the army was not yet aboard)" if not e.troops_aboard else ""
    return (f"  {n.unit(e.unit)} intercepts the fleet of {n.unit(e.lead)} off {n.area(e.area)}: "
            f"{RESULT[e.category]}{empty}.")


def _pirates_intercepted(e, n: Names) -> str:
    empty = " (the army was not yet aboard)" if not e.troops_aboard else ""
    return (f"  Pirates intercept the fleet of {n.unit(e.lead)} off {n.area(e.area)}: "
            f"{RESULT[e.category]}{empty}.")


def _ended(e, n: Names) -> str:
    army, area = _army(n, e.army), n.area(e.area)
    state = ", " + STATE.get(e.state, e.state)
    figures = f"{e.figures} figure{'s' if e.figures != 1 else ''}"
    verb = "is evacuated to" if e.evacuation else "lands at"
    return {
        "landed": f"  {army} {verb} {area}: {figures}{state}.",
        "pinned": f"  {army} is pinned to {area} and lands there: {figures}{state}.",
        "pushed_back": f"  {army} is pushed back to {area} and lands there: {figures}{state}.",
        "retreated": f"  {army} turns back and lands again at {area}: {figures}{state}.",
        "dispersed": f"  {army}'s survivors are cast ashore at {area}: {figures}{state}.",
        "stopped": f"  The {_what(e)} of {army} ends before the army embarked; it stays at {area}.",
    }[e.outcome]


def _damaged(e, n: Names) -> str:
    when = "damaged" if e.when == "now" else "damaged at the end of the turn"
    return f"  {n.units(e.units)} {'is' if len(e.units) == 1 else 'are'} {when}: {e.cause}."


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "operation_sailed": _sailed,
    "storm_checked": _storm,
    "storm_struck": lambda e, n: f"  The fleet of {n.unit(e.lead)} is caught in a storm (S3.9).",
    "figures_lost": _lost,
    "landing_ready": lambda e, n: f"  {n.unit(e.lead)} waits off {n.area(e.area)} with the army, ready to land" + (
        " (it sails on after the quick landings, OP-14)." if e.trigger == "same_subphase"
        else " until the moderator or the land rules fire the landing (OP-14)."),
    "landing_lapsed": lambda e, n: f"The prepared landing of {n.unit(e.lead)} lapsed: {e.reason}.",
    "interception_barred": lambda e, n: f"  {n.unit(e.unit)} cannot intercept off {n.area(e.area)}: {e.reason}.",
    "interception_rolled": _rolled,
    "intercepted": _intercepted,
    "pirates_intercepted": _pirates_intercepted,
    "fleets_damaged": _damaged,
    "fleets_lost": lambda e, n: f"  {n.units(e.units)} {'is' if len(e.units) == 1 else 'are'} lost off "
                                f"{n.area(e.area)}: {e.cause}.",
    "army_split": lambda e, n: f"  {', '.join(e.detachments)} of {_army(n, e.army)} stay behind at "
                               f"{n.area(e.area)} without a leader (S3.7.2).",
    "operation_ended": _ended,
    "evacuation_ready": lambda e, n: f"  {n.units(e.fleets)} stay off {n.area(e.area)} until the end of the "
                                     f"sub-phase, ready to evacuate the army this turn (S3.8.5).",
    "fleets_met": lambda e, n: f"  Off {n.area(e.area)} the landing fleets of {n.units(e.leads)} crash into each "
                               f"other (S8.7)" + (f": exchange {e.exchange}." if e.exchange > 1 else "."),
    "melee_decided": lambda e, n: f"  {n.unit(e.lead)} " + (
        "turns back to its own coast." if e.decision == "retreat" else "keeps on for the landing zone."),
}
