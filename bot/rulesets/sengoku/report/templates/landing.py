"""Templates of landing operations and evacuations (S3.7–S3.9, S8.5, S8.7, S9.5).

Public lines name who intercepted whom, the category and where the army
ended; stakes, dice and modifiers appear only in the rolling clan's lines
(R19).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.domain.text import escape
from bot.i18n import N_
from bot.rulesets.sengoku.report.names import Names
from bot.rulesets.sengoku.report.templates.battles import modifiers, stake

RESULT = {"FH": N_("organised resistance (FH)"), "FL": N_("the landing force is mauled (FL)"),
          "SL": N_("good hunting (SL)"), "SH": N_("extermination (SH)")}
STATE = {"full order": N_("in full order"), "heavy_march": N_("after a heavy march"), "disorder": N_("in disorder"),
         "dispersed": N_("dispersed")}
CAUSE = {"storm": N_("storm"), "interception": N_("interception"), "melee": N_("melee at sea"),
         "melee_extra": N_("melee at sea, extra loss")}
MODES = {"quick": N_("quick"), "prepared": N_("prepared")}


def _army(n: Names, army_id: str) -> str:
    for state in (n.after, n.before):
        if army_id in state.armies:
            return escape(state.armies[army_id].name)
    return escape(army_id)


def _sailed(e, n: Names) -> str:
    t = n.t
    escort = t._(", escorted by {units}", units=n.units(e.escorts)) if e.escorts else ""
    values = dict(fleets=n.units(e.fleets), army=_army(n, e.army), detachments=", ".join(e.detachments),
                  escort=escort, route=" → ".join(n.area(a) for a in e.route))
    if e.evacuation:
        return t.n_("{fleets} sails with {army} ({detachments}) for a evacuation{escort}: {route}.",
                    "{fleets} sail with {army} ({detachments}) for a evacuation{escort}: {route}.",
                    len(e.fleets), **values)
    mode = t._(MODES[e.mode]) if e.mode in MODES else e.mode
    return t.n_("{fleets} sails with {army} ({detachments}) for a landing ({mode}){escort}: {route}.",
                "{fleets} sail with {army} ({detachments}) for a landing ({mode}){escort}: {route}.",
                len(e.fleets), mode=mode, **values)


def _storm(e, n: Names) -> str:
    t = n.t
    who = f" ({n.unit(e.fleet)})" if e.fleet else ""
    caught = t._("caught in the storm") if e.caught else t._("no storm")
    return t._("  Storm check{who}: d6 [{face}] → {caught} (S3.9).   (key {key})", who=who, face=e.face,
               caught=caught, key=e.key)


def _lost(e, n: Names) -> str:
    t = n.t
    castle = t._("; not made good from castles") if e.non_replaceable else ""
    return t.n_("    {detachment} loses {n} figure ({cause}, [{dice}] = {rolled}) → {left} left{castle}.   (key {key})",
                "    {detachment} loses {n} figures ({cause}, [{dice}] = {rolled}) → {left} left{castle}.   (key {key})",
                e.lost, detachment=e.detachment, cause=t._(CAUSE[e.cause]), dice="·".join(map(str, e.faces)),
                rolled=e.rolled, left=e.figures_after, castle=castle, key=e.key)


def _rolled(e, n: Names) -> str:
    t = n.t
    direction = t._("pinning") if e.direction == "pin" else t._("pushing back")
    shift = f" → {e.category}" if e.category != e.base_category else ""
    return t._("    {unit} intercepts ({stake} stake, {direction}) 2d6 [{faces}] {modifiers} = {total} → "
               "{category}{shift}   (key {key})", unit=n.unit(e.unit), stake=stake(n, e.stake), direction=direction,
               faces="·".join(map(str, e.faces)), modifiers=" ".join(modifiers(n, e.modifiers)), total=e.total,
               category=e.base_category, shift=shift, key=e.key)


def _result(e, n: Names) -> str:
    result = n.t._(RESULT[e.category])
    return result + (n.t._(" (the army was not yet aboard)") if not e.troops_aboard else "")


def _intercepted(e, n: Names) -> str:
    return n.t._("  {unit} intercepts the fleet of {lead} off {area}: {result}.", unit=n.unit(e.unit),
                 lead=n.unit(e.lead), area=n.area(e.area), result=_result(e, n))


def _pirates_intercepted(e, n: Names) -> str:
    return n.t._("  Pirates intercept the fleet of {lead} off {area}: {result}.", lead=n.unit(e.lead),
                 area=n.area(e.area), result=_result(e, n))


ENDED = {
    "landed": N_("  {army} lands at {area}: {figures}{state}."),
    "evacuated": N_("  {army} is evacuated to {area}: {figures}{state}."),
    "pinned": N_("  {army} is pinned to {area} and lands there: {figures}{state}."),
    "pushed_back": N_("  {army} is pushed back to {area} and lands there: {figures}{state}."),
    "retreated": N_("  {army} turns back and lands again at {area}: {figures}{state}."),
    "dispersed": N_("  {army}'s survivors are cast ashore at {area}: {figures}{state}."),
}


def _ended(e, n: Names) -> str:
    t = n.t
    army, area = _army(n, e.army), n.area(e.area)
    if e.outcome == "stopped":
        text = (N_("  The evacuation of {army} ends before the army embarked; it stays at {area}.") if e.evacuation
                else N_("  The landing of {army} ends before the army embarked; it stays at {area}."))
        return t._(text, army=army, area=area)
    state = ", " + (t._(STATE[e.state]) if e.state in STATE else e.state)
    figures = t.n_("{n} figure", "{n} figures", e.figures)
    outcome = "evacuated" if e.outcome == "landed" and e.evacuation else e.outcome
    return t._(ENDED[outcome], army=army, area=area, figures=figures, state=state)


def _damaged(e, n: Names) -> str:
    t = n.t
    values = dict(units=n.units(e.units), cause=n.text(e.cause))
    if e.when == "now":
        return t.n_("  {units} is damaged: {cause}.", "  {units} are damaged: {cause}.", len(e.units), **values)
    return t.n_("  {units} is damaged at the end of the turn: {cause}.",
                "  {units} are damaged at the end of the turn: {cause}.", len(e.units), **values)


def _waiting(e, n: Names) -> str:
    if e.trigger == "same_subphase":
        return n.t._("  {lead} waits off {area} with the army, ready to land (it sails on after the quick landings, "
                     "OP-14).", lead=n.unit(e.lead), area=n.area(e.area))
    return n.t._("  {lead} waits off {area} with the army, ready to land until the moderator or the land rules fire "
                 "the landing (OP-14).", lead=n.unit(e.lead), area=n.area(e.area))


def _fleets_met(e, n: Names) -> str:
    values = dict(area=n.area(e.area), leads=n.units(e.leads))
    if e.exchange > 1:
        return n.t._("  Off {area} the landing fleets of {leads} crash into each other (S8.7): exchange {exchange}.",
                     exchange=e.exchange, **values)
    return n.t._("  Off {area} the landing fleets of {leads} crash into each other (S8.7).", **values)


def _melee(e, n: Names) -> str:
    if e.decision == "retreat":
        return n.t._("  {lead} turns back to its own coast.", lead=n.unit(e.lead))
    return n.t._("  {lead} keeps on for the landing zone.", lead=n.unit(e.lead))


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "operation_sailed": _sailed,
    "storm_checked": _storm,
    "storm_struck": lambda e, n: n.t._("  The fleet of {lead} is caught in a storm (S3.9).", lead=n.unit(e.lead)),
    "figures_lost": _lost,
    "landing_ready": _waiting,
    "landing_lapsed": lambda e, n: n.t._("The prepared landing of {lead} lapsed: {reason}.", lead=n.unit(e.lead),
                                         reason=n.text(e.reason)),
    "interception_barred": lambda e, n: n.t._("  {unit} cannot intercept off {area}: {reason}.", unit=n.unit(e.unit),
                                              area=n.area(e.area), reason=n.text(e.reason)),
    "interception_rolled": _rolled,
    "intercepted": _intercepted,
    "pirates_intercepted": _pirates_intercepted,
    "fleets_damaged": _damaged,
    "fleets_lost": lambda e, n: n.t.n_("  {units} is lost off {area}: {cause}.", "  {units} are lost off {area}: {cause}.",
                                       len(e.units), units=n.units(e.units), area=n.area(e.area),
                                       cause=n.text(e.cause)),
    "army_split": lambda e, n: n.t._("  {detachments} of {army} stay behind at {area} without a leader (S3.7.2).",
                                     detachments=", ".join(e.detachments), army=_army(n, e.army),
                                     area=n.area(e.area)),
    "operation_ended": _ended,
    "evacuation_ready": lambda e, n: n.t._("  {fleets} stay off {area} until the end of the sub-phase, ready to "
                                           "evacuate the army this turn (S3.8.5).", fleets=n.units(e.fleets),
                                           area=n.area(e.area)),
    "fleets_met": _fleets_met,
    "melee_decided": _melee,
}
