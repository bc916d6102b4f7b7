"""How Sengoku orders read to a player, and the turn map per audience (drawn in overlay.py)."""

from __future__ import annotations

import re

from bot.domain.gamemap import GameMap
from bot.domain.viewer import PUBLIC, Viewer, as_viewer
from bot.report.cards import Card
from bot.rulesets.sengoku.report.cards import cards_for
from bot.domain.text import escape, sentence
from bot.i18n import DEFAULT_LANGUAGE, N_, Messages, messages
from bot.report import ReportInput, Reports
from bot.rulesets.sengoku.report.build import build, templates
from bot.rulesets.sengoku.report.names import credit_words, place_name
from bot.rulesets.sengoku.report.overlay import overlay_for
from bot.rulesets.sengoku.rules.model.model import SengokuState
from bot.rulesets.sengoku.rules.orders.validate_routes import start_area

MISSIONS = {
    "sq_idle": N_("stays in port"), "sq_repair": N_("repairs in port"), "sq_cruise": N_("will cruise off {target}"),
    "sq_locsweep": N_("will sweep a line of communication"),
    "sq_escort": N_("will escort the landing of {operation}"),
    "sq_ravage": N_("will ravage or plunder the coast of {target}"), "sq_piracy": N_("will go pirating off {port}"),
    "sq_attack_port": N_("will attack the port of {port}"), "tf_idle": N_("lies in port"), "tf_trade": N_("trades"),
    "tf_piracy": N_("will go pirating off {port}"), "tf_plunder": N_("will plunder the coast of {target}"),
    "tf_loc": N_("keeps open a line of communication to {target}"),
    "tf_landing": N_("carries {army} to {destination}"),
    "tf_evacuation": N_("will evacuate {army} to {destination}"), "base": N_("re-bases to {port}"),
    "mothball": N_("is mothballed on the coast of {area}"), "disband": N_("is disbanded"),
    "clan_policy": N_("standing clan policy: pairing {pairing_own_order}, targets {pairing_target}"),
}
# A squadron's coast order (S4.6), one whole phrase per action it names.
COAST_ACTIONS = {"ravage": N_("will ravage the coast of {target}"), "plunder": N_("will plunder the coast of {target}")}
STAKES = {"low": N_("low"), "high": N_("high")}


_CLAN_WORD = re.compile(r"(enemy_clan\s*(?:==|!=)\s*)([a-z0-9][a-z0-9_-]*)")
# A roll's key as the report templates write it: at the end of its line, after three spaces.  A name
# typed by a player is cleaned (whitespace folded), so it cannot forge this marker; a bare
# "(key …)" inside a name would otherwise hand its author any roll's proof (issue 10, hidden rolls).
_KEY_MARKER = re.compile(r"   \(key ([^\s()]+)\)$", re.MULTILINE)


class SengokuPresenter:
    def build_reports(self, data: ReportInput) -> Reports:
        return build(data)

    def template_kinds(self) -> set[str]:
        return set(templates())

    def describe_order(self, order, state: SengokuState, gamemap: GameMap, language: str = DEFAULT_LANGUAGE) -> str:
        """The order as its reader reads it (``language``: the reader's, bot/i18n.py)."""
        t = messages(language, "sengoku")
        name = escape(_unit_name(state, order.unit))  # order lines reach replies: names as typed
        fields = {k: _place(gamemap, v, language) for k, v in order.model_dump().items() if isinstance(v, str)}
        fields["port"] = _port(gamemap, getattr(order, "target_port", None) or getattr(order, "port", None))
        fields["army"] = escape(state.armies[order.army].name) if getattr(order, "army", None) in state.armies else ""
        if getattr(order, "operation", None):
            fields["operation"] = escape(_unit_name(state, order.operation))
        if order.kind in ("clan_policy", "redeem_capture"):
            return _clan_order_text(t, order, state, fields)
        text = t._("{unit} {mission}", unit=name, mission=t._(_mission(order)).format_map(_Default(fields)))
        route = getattr(order, "route", None)
        unit = state.squadrons.get(order.unit) or state.fleets.get(order.unit)
        if route == [] and hasattr(order, "target") and unit is not None:
            start = start_area(state, gamemap, unit)
            route = gamemap.coast_path(start, order.target) if start else None
        if route and len(route) > 1:
            steps = len(route) - 1
            text += t.n_(": {route} ({n} step)", ": {route} ({n} steps)", steps,
                         route=" → ".join(_place(gamemap, a, language) for a in route))
        elif route:
            text += t._(" from its base in the same province")
        extras = [f"{order.subphase}"] if order.subphase != "SP1" else []
        if hasattr(order, "want_battle"):
            extras += _squadron_extras(t, order, state)
        if not extras:
            return t._("{order}.", order=text)
        return t._("{order}. {choices}.", order=text, choices=t._("; ").join(extras))

    def shown_roll_keys(self, report: str) -> set[str]:
        return set(_KEY_MARKER.findall(report))

    def cards(self, data: ReportInput, audience: Viewer) -> list[Card]:
        return cards_for(data, audience.faction, moderators=audience.is_moderators)

    async def render(self, data: ReportInput, audience: Viewer | str = PUBLIC, sheet: str | None = None) -> bytes:
        """The turn's map for the public, the moderators or a clan (a ``Viewer``): what that
        audience's report reveals, and its own units in full (overlay.py); ``sheet``: one of the
        map's sheets (its first when None)."""
        from bot.render import (
            render_map_async,  # matplotlib loads only when a map is drawn
        )
        return await render_map_async(data.gamemap, map_overlay(data, audience), sheet=sheet)


def map_overlay(data: ReportInput, audience: Viewer | str = PUBLIC):
    """The overlay ``render`` draws: what the audience may see (overlay.py); where crowded, other clans'
    units counted per clan, and a clan's map of a big map framed on its theatre (bot.render.aggregate:
    its units, its ports, the events addressed to it)."""
    from bot.render.aggregate import for_audience  # matplotlib loads only when a map is drawn
    viewer = as_viewer(audience)
    ports = [p for p, port in data.after.ports.items() if viewer.owns(port.owner)]
    return for_audience(overlay_for(data, viewer), viewer.faction, events=data.events, places=ports)


def _mission(order) -> str:
    action = getattr(order, "coast_action", None) if order.kind == "sq_ravage" else None
    return COAST_ACTIONS.get(action, MISSIONS[order.kind])


def _stake(t: Messages, stake) -> str:
    return t._(STAKES[stake.value]) if stake.value in STAKES else stake.value


def _squadron_extras(t: Messages, order, state: SengokuState) -> list[str]:
    """The battle choices a squadron order carries (S1.2): policies, stakes, manoeuvre (S9.3).
    A policy is shown as written (OP-26: its words are the order's own syntax)."""
    engage = (t._("engages if not outnumbered") if order.want_battle == "default"
              else t._("engage: {policy}", policy=_policy_text(order.want_battle, state)))
    stake = t._("{stake} stake", stake=_stake(t, order.stake))
    if order.stake_later_rounds is not None and order.stake_later_rounds != order.stake:
        stake += t._(", {stake} from round 2", stake=_stake(t, order.stake_later_rounds))
    extras = [engage, stake]
    if order.when_enemy_wants != "accept":
        extras.append(t._("if attacked: {policy}", policy=_policy_text(order.when_enemy_wants, state)))
    if order.manoeuvre is not None:
        extras.append(t._("manoeuvre: {manoeuvre}", manoeuvre=t._(MANOEUVRES[order.manoeuvre.value])))
    if order.kind == "sq_cruise" and not order.intercept_landings:
        extras.append(t._("lets landings pass"))
    elif order.kind == "sq_cruise" and (order.intercept_stake != "low" or order.intercept_direction != "push_back"):
        text = (N_("intercepts landings at {stake} stake, pinning them") if order.intercept_direction == "pin"
                else N_("intercepts landings at {stake} stake, pushing them back"))
        extras.append(t._(text, stake=_stake(t, order.intercept_stake)))
    return extras  # the defaults (S8.5, OP-38: intercept at low stake, push back) go unsaid


MANOEUVRES = {"take_wind": N_("Take the wind"), "feigned_retreat": N_("Feigned retreat"),
              "tsuruyoki": N_("Tsuruyoki"), "defensive": N_("Defensive formation")}


def _policy_text(text: str, state: SengokuState) -> str:
    """A policy as written, with an enemy_clan condition's clan id shown by its name (OP-26)."""
    return _CLAN_WORD.sub(lambda m: f"{m.group(1)}{_clan_name(state, m.group(2))}", text)


def _clan_order_text(t: Messages, order, state: SengokuState, fields: dict) -> str:
    if order.kind == "redeem_capture":
        credit = sentence(credit_words(state, order.unit, t))
        text = (N_("{credit} is redeemed for a new squadron at {port} (S8.4.6).") if order.build == "squadron"
                else N_("{credit} is redeemed for a new heavy detachment at {port} (S8.4.6)."))
        return t._(text, credit=credit, port=fields["port"])
    clan = _clan_name(state, order.unit)
    text = t._("{clan}: {policy}", clan=clan, policy=t._(MISSIONS[order.kind]).format_map(_Default(fields)))
    if order.multi_clan_priority:
        text += t._("; fights first against {clans}",
                    clans=", ".join(_clan_name(state, c) for c in order.multi_clan_priority))
    if order.on_last_port_lost != "lose":
        to = _clan_name(state, order.transfer_to) if order.transfer_to else t._("the captor")
        text += t._("; if the last port falls, ships go to {clan}", clan=to)
    return t._("{order}.", order=text)


def _clan_name(state: SengokuState, clan: str | None) -> str:
    return escape(state.clans[clan].name if clan in state.clans else str(clan))


class _Default(dict):
    def __missing__(self, key: str) -> str:
        return key


def _unit_name(state: SengokuState, unit: str) -> str:
    for table in (state.squadrons, state.fleets, state.heavy):
        if unit in table:
            return getattr(table[unit], "name", unit)
    return unit


def _place(gamemap: GameMap, value: str, language: str = DEFAULT_LANGUAGE) -> str:
    return place_name(gamemap.areas[value], language) if value in gamemap.areas else value


def _port(gamemap: GameMap, port: str | None) -> str:
    return gamemap.ports[port].name if port in gamemap.ports else (port or "")
