"""How Sengoku orders read to a player, and the turn map per audience (drawn in overlay.py)."""

from __future__ import annotations

import re

from bot.domain.gamemap import GameMap
from bot.domain.viewer import PUBLIC, Viewer
from bot.report.cards import Card
from bot.rulesets.sengoku.report.cards import cards_for
from bot.domain.text import escape, sentence
from bot.report import ReportInput, Reports
from bot.rulesets.sengoku.report.build import build, templates
from bot.rulesets.sengoku.report.overlay import overlay_for
from bot.rulesets.sengoku.rules.model.model import SengokuState
from bot.rulesets.sengoku.rules.orders.validate_routes import start_area

MISSIONS = {
    "sq_idle": "stays in port", "sq_repair": "repairs in port", "sq_cruise": "will cruise off {target}",
    "sq_locsweep": "will sweep a line of communication", "sq_escort": "will escort the landing of {operation}",
    "sq_ravage": "will {action} the coast of {target}", "sq_piracy": "will go pirating off {port}",
    "sq_attack_port": "will attack the port of {port}", "tf_idle": "lies in port", "tf_trade": "trades",
    "tf_piracy": "will go pirating off {port}", "tf_plunder": "will plunder the coast of {target}",
    "tf_loc": "keeps open a line of communication to {target}", "tf_landing": "carries {army} to {destination}",
    "tf_evacuation": "will evacuate {army} to {destination}", "base": "re-bases to {port}",
    "mothball": "is mothballed on the coast of {area}", "disband": "is disbanded",
    "clan_policy": "standing clan policy: pairing {pairing_own_order}, targets {pairing_target}",
}


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

    def describe_order(self, order, state: SengokuState, gamemap: GameMap) -> str:
        name = escape(_unit_name(state, order.unit))  # order lines reach replies: names as typed
        fields = {k: _place(gamemap, v) for k, v in order.model_dump().items() if isinstance(v, str)}
        fields["port"] = _port(gamemap, getattr(order, "target_port", None) or getattr(order, "port", None))
        fields["action"] = getattr(order, "coast_action", None) or "ravage or plunder"
        fields["army"] = escape(state.armies[order.army].name) if getattr(order, "army", None) in state.armies else ""
        if getattr(order, "operation", None):
            fields["operation"] = escape(_unit_name(state, order.operation))
        if order.kind in ("clan_policy", "redeem_capture"):
            return _clan_order_text(order, state, fields)
        text = f"{name} {MISSIONS[order.kind].format_map(_Default(fields))}"
        route = getattr(order, "route", None)
        unit = state.squadrons.get(order.unit) or state.fleets.get(order.unit)
        if route == [] and hasattr(order, "target") and unit is not None:
            start = start_area(state, gamemap, unit)
            route = gamemap.coast_path(start, order.target) if start else None
        if route and len(route) > 1:
            steps = len(route) - 1
            text += f": {' → '.join(_place(gamemap, a) for a in route)} ({steps} step{'s' if steps > 1 else ''})"
        elif route:
            text += " from its base in the same province"
        extras = [f"{order.subphase}"] if order.subphase != "SP1" else []
        if hasattr(order, "want_battle"):
            extras += _squadron_extras(order, state)
        return text + (f". {'; '.join(extras)}." if extras else ".")

    def shown_roll_keys(self, report: str) -> set[str]:
        return set(_KEY_MARKER.findall(report))

    def cards(self, data: ReportInput, audience: Viewer) -> list[Card]:
        return cards_for(data, audience.faction, moderators=audience.is_moderators)

    async def render(self, data: ReportInput, audience: Viewer | str = PUBLIC) -> bytes:
        """The turn's map for the public, the moderators or a clan (a ``Viewer``): what that
        audience's report reveals, and its own units in full (overlay.py)."""
        from bot.render import (
            render_map_async,  # matplotlib loads only when a map is drawn
        )
        return await render_map_async(data.gamemap, overlay_for(data, audience))


def _squadron_extras(order, state: SengokuState) -> list[str]:
    """The battle choices a squadron order carries (S1.2): policies, stakes, manoeuvre (S9.3)."""
    engage = ("engages if not outnumbered" if order.want_battle == "default"
              else f"engage: {_policy_text(order.want_battle, state)}")
    stake = f"{order.stake.value} stake"
    if order.stake_later_rounds is not None and order.stake_later_rounds != order.stake:
        stake += f", {order.stake_later_rounds.value} from round 2"
    extras = [engage, stake]
    if order.when_enemy_wants != "accept":
        extras.append(f"if attacked: {_policy_text(order.when_enemy_wants, state)}")
    if order.manoeuvre is not None:
        extras.append(f"manoeuvre: {MANOEUVRES[order.manoeuvre.value]}")
    if order.kind == "sq_cruise" and not order.intercept_landings:
        extras.append("lets landings pass")
    elif order.kind == "sq_cruise" and (order.intercept_stake != "low" or order.intercept_direction != "push_back"):
        extras.append(f"intercepts landings at {order.intercept_stake.value} stake, "
                      f"{'pinning them' if order.intercept_direction == 'pin' else 'pushing them back'}")
    return extras  # the defaults (S8.5, OP-38: intercept at low stake, push back) go unsaid


MANOEUVRES = {"take_wind": "Take the wind", "feigned_retreat": "Feigned retreat", "tsuruyoki": "Tsuruyoki",
              "defensive": "Defensive formation"}


def _policy_text(text: str, state: SengokuState) -> str:
    """A policy as written, with an enemy_clan condition's clan id shown by its name (OP-26)."""
    return _CLAN_WORD.sub(lambda m: f"{m.group(1)}{_clan_name(state, m.group(2))}", text)


def _clan_order_text(order, state: SengokuState, fields: dict) -> str:
    if order.kind == "redeem_capture":
        build = order.build.replace("_", " ")
        credit = sentence(state.credit_name(order.unit))
        return f"{credit} is redeemed for a new {build} at {fields['port']} (S8.4.6)."
    clan = _clan_name(state, order.unit)
    text = f"{clan}: {MISSIONS[order.kind].format_map(_Default(fields))}"
    if order.multi_clan_priority:
        text += f"; fights first against {', '.join(_clan_name(state, c) for c in order.multi_clan_priority)}"
    if order.on_last_port_lost != "lose":
        text += f"; if the last port falls, ships go to {_clan_name(state, order.transfer_to) if order.transfer_to else 'the captor'}"
    return text + "."


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


def _place(gamemap: GameMap, value: str) -> str:
    if value in gamemap.areas:
        return gamemap.areas[value].name
    return value


def _port(gamemap: GameMap, port: str | None) -> str:
    return gamemap.ports[port].name if port in gamemap.ports else (port or "")
