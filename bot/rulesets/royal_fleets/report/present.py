"""How royal fleets orders read to a player, the summary cards, and the turn map per audience."""

from __future__ import annotations

import re

from bot.domain.gamemap import GameMap
from bot.domain.text import escape
from bot.domain.viewer import PUBLIC, Viewer, as_viewer
from bot.i18n import DEFAULT_LANGUAGE, N_, messages
from bot.report import ReportInput, Reports, capitalised
from bot.report.cards import Card, CardField
from bot.rulesets.royal_fleets.report.build import build, lines
from bot.rulesets.royal_fleets.report.names import DOMAIN, Names
from bot.rulesets.royal_fleets.report.templates import TEMPLATES

_KEY_MARKER = re.compile(r"   \(key ([^\s()]+)\)$", re.MULTILINE)

ORDERS = {
    "move": N_("{fleet} sails {route}"), "hold": N_("{fleet} holds its area"),
    "blockade": N_("{fleet} blockades {port}"), "support": N_("{fleet} supports {side} in a battle in {area}"),
    "transport": N_("{fleet} carries {army}"), "hire": N_("hire {ships} in {area}"),
    "repair": N_("{fleet} repairs"), "upkeep": N_("upkeep: pay every ship but {unpaid}"),
    "buy_over": N_("{fleet} buys over {ships}"), "merge": N_("{fleet} joins {into}"),
    "split": N_("{ships} split off {fleet} as {name}"), "join_command": N_("answer to {fleet} joining {into}"),
    "deploy": N_("{fleet} deploys in {area}"),
}


class RoyalFleetsPresenter:
    def build_reports(self, data: ReportInput) -> Reports:
        return build(data)

    def template_kinds(self) -> set[str]:
        return set(TEMPLATES)

    def describe_order(self, order, state, gamemap: GameMap, language: str = DEFAULT_LANGUAGE) -> str:
        t = messages(language, DOMAIN)
        place = lambda p: escape(gamemap.node_name(p)) if p in gamemap.nodes else escape(str(p))  # noqa: E731
        fleet = state.fleets.get(getattr(order, "fleet", ""), None)
        into = state.fleets.get(getattr(order, "into", ""), None)
        army = state.armies.get(getattr(order, "army", ""), None)
        values = {
            "fleet": escape(fleet.name) if fleet else escape(str(getattr(order, "fleet", ""))),
            "into": escape(into.name) if into else escape(str(getattr(order, "into", ""))),
            "route": " → ".join(place(a) for a in getattr(order, "path", ())),
            "port": place(getattr(order, "port", "")), "area": place(getattr(order, "area", "")),
            "side": escape(state.factions[order.side].name) if getattr(order, "side", None) in state.factions else "",
            "army": escape(army.name) if army else escape(str(getattr(order, "army", ""))),
            "ships": ", ".join(escape(s) for s in getattr(order, "ships", ())),
            "unpaid": ", ".join(escape(s) for s in getattr(order, "unpaid", ())) or "—",
            "name": escape(getattr(order, "name", "") or ""),
        }
        text = t._(ORDERS[order.kind], **values)
        if order.kind == "transport":
            text += _transport_words(t, order, place)
        return t._("{order}.", order=text)

    def shown_roll_keys(self, report: str) -> set[str]:
        return set(_KEY_MARKER.findall(report))

    def cards(self, data: ReportInput, audience: Viewer) -> list[Card]:
        names = Names(data, data.language_for(audience))
        t = names.t
        seen = [e for e in data.events if audience.is_moderators or e.audience.sees(audience.faction)]
        battles = [e for e in seen if e.kind == "battle_ended"]
        sides = {e.battle: e.factions for e in seen if e.kind == "battle_started"}
        fields = [CardField(names.place(e.area), capitalised(t._("{outcome} after {rounds} rounds",
                                                                  outcome=_outcome(e, sides, names),
                                                                  rounds=e.rounds)))
                  for e in battles]
        posts = [CardField(names.place(e.post), names.faction(e.controller)) for e in seen if e.kind == "trade_post"]
        cards = [Card(title=t._("Turn {turn}: battles", turn=data.turn), colour="#c1121f", fields=tuple(fields))] \
            if fields else []
        if posts:
            cards.append(Card(title=t._("Trade posts"), colour="#b08900", fields=tuple(posts)))
        if not cards:
            cards.append(Card(title=t._("Turn {turn}", turn=data.turn),
                              description="\n".join(lines(seen, names)[:5]) or t._("A quiet turn at sea.")))
        return cards

    async def render(self, data: ReportInput, audience: Viewer | str = PUBLIC, sheet: str | None = None) -> bytes:
        """The turn's map of one sheet (Europe, New World; the first when None) for ``audience``."""
        from bot.render import render_map_async  # matplotlib loads only when a map is drawn
        from bot.render.aggregate import for_audience
        from bot.rulesets.royal_fleets.report.overlay import overlay_for
        faction = as_viewer(audience).faction  # a crowded map counts other factions' units (bot.render.aggregate)
        overlay = for_audience(overlay_for(data, audience), faction, events=data.events)
        return await render_map_async(data.gamemap, overlay, sheet=sheet)


_OUTCOME = {"attacker_won": N_("the attacker won"), "defender_won": N_("the defender won"),
            "no_winner": N_("no winner")}


def _outcome(ended, sides: dict, names) -> str:
    """The winner by its factions (the sides the battle started with), as the report says it."""
    winners = sides.get(ended.battle, {}).get(ended.winner) if ended.winner else None
    return names.t._("{winner} won", winner=names.factions(winners)) if winners else names.t._(_OUTCOME[ended.outcome])


def _transport_words(t, order, place) -> str:
    parts = []
    if order.embark:
        parts.append(t._(" from {province}", province=place(order.embark)))
    if order.path:
        parts.append(t._(" via {route}", route=" → ".join(place(a) for a in order.path)))
    if order.land:
        parts.append(t._(" and lands in {province}", province=place(order.land)))
    if order.hired_units:
        parts.append(t._(" ({units} units on hired transports)", units=order.hired_units))
    return "".join(parts)
