"""How Here I Stand action orders read to a player, the summary cards, and the map per audience."""

from __future__ import annotations

import re
from typing import Any

from bot.domain.gamemap import GameMap
from bot.domain.text import escape
from bot.domain.viewer import PUBLIC, Viewer, as_viewer
from bot.i18n import DEFAULT_LANGUAGE, N_, messages
from bot.report import ReportInput, Reports, capitalised
from bot.report.cards import Card, CardField
from bot.rulesets.here_i_stand.report.build import build, lines
from bot.rulesets.here_i_stand.report.names import DOMAIN, Names
from bot.rulesets.here_i_stand.report.names import counted as counted_words
from bot.rulesets.here_i_stand.report.templates import TEMPLATES

_KEY_MARKER = re.compile(r"   \(key ([^\s()]+)\)$", re.MULTILINE)

ORDERS = {
    "naval_move": N_("naval move: {groups}"), "naval_transport": N_("naval transport of {formation}: {route}"),
    "initiate_piracy": N_("piracy in {zone} against {target}"), "build_squadron": N_("build a squadron in {port}"),
    "build_corsair": N_("build a corsair in {port}"), "pass": N_("pass"),
}


def _field(order: Any, name: str, default: Any = None) -> Any:
    """An order's field, whether the order is its payload model or the payload itself (a dict)."""
    return order.get(name, default) if isinstance(order, dict) else getattr(order, name, default)


class HisPresenter:
    def build_reports(self, data: ReportInput) -> Reports:
        return build(data)

    def template_kinds(self) -> set[str]:
        return set(TEMPLATES)

    def describe_order(self, order, state, gamemap: GameMap, language: str = DEFAULT_LANGUAGE) -> str:
        t = messages(language, DOMAIN)
        place = lambda p: escape(gamemap.node_name(p)) if p in gamemap.nodes else escape(str(p))  # noqa: E731
        kind = _field(order, "kind", "")
        values = {
            "groups": "; ".join(_group_words(t, state, group, place) for group in _field(order, "groups", ()) or ()),
            "formation": _formation(t, state, _field(order, "formation", "")),
            "route": " → ".join(place(p) for p in _field(order, "path", ()) or ()),
            "zone": place(_field(order, "zone", "")), "port": place(_field(order, "port", "")),
            "target": _power(state, _field(order, "target", "")),
        }
        text = t._(ORDERS[kind], **values) if kind in ORDERS else escape(str(kind))
        first = _field(order, "combat_order", ()) or ()
        if first:
            text += t._("; combats first at {spaces}", spaces=", ".join(place(_field(f, "space", "")) for f in first))
        return t._("{order}.", order=text)

    def shown_roll_keys(self, report: str) -> set[str]:
        return set(_KEY_MARKER.findall(report))

    def cards(self, data: ReportInput, audience: Viewer) -> list[Card]:
        names = Names(data, data.language_for(audience))
        t = names.t
        seen = [e for e in data.events if audience.is_moderators or e.audience.sees(audience.faction)]
        combats = [CardField(names.place(e.space), t._("{winner} won, hits {a}–{d}", winner=names.power(e.winner),
                                                       a=e.attacker_hits, d=e.defender_hits))
                   for e in seen if e.kind == "his_combat_decided"]
        piracy = [CardField(names.place(e.zone), capitalised(TEMPLATES[e.kind](e, names).strip()))
                  for e in seen if e.kind == "his_piracy_reward"]
        cards = []
        if combats:
            cards.append(Card(title=t._("Turn {turn}: naval combats", turn=data.turn), colour="#c1121f",
                              fields=tuple(combats)))
        if piracy:
            cards.append(Card(title=t._("Piracy"), colour="#2b2d42", fields=tuple(piracy)))
        if not cards:
            cards.append(Card(title=t._("Turn {turn}", turn=data.turn),
                              description="\n".join(lines(seen, names)[:5]) or t._("Nothing happened at sea.")))
        return cards

    async def render(self, data: ReportInput, audience: Viewer | str = PUBLIC, sheet: str | None = None) -> bytes:
        """The board after the step, as ``audience`` may see it (H1's overlay)."""
        from bot.render import render_map_async  # matplotlib loads only when a map is drawn
        from bot.render.aggregate import for_audience
        from bot.rulesets.here_i_stand.report.overlay import overlay_for
        faction = as_viewer(audience).faction  # a crowded map counts other factions' units (bot.render.aggregate)
        overlay = for_audience(overlay_for(data, audience), faction, events=data.events)
        return await render_map_async(data.gamemap, overlay, sheet=sheet)


def _power(state, power_id: str) -> str:
    found = state.powers.get(power_id) if state is not None else None
    return escape(found.name if found else str(power_id))


def _formation(t, state, formation_id: str) -> str:
    found = state.formations.get(formation_id) if state is not None else None
    if found is None:
        return escape(str(formation_id))
    return t._("{units} land units of {power}", units=found.land_units, power=_power(state, found.power))


def _group_words(t, state, group, place) -> str:
    """'2 squadrons with Andrea Doria to Gulf of Lyon': a group's units by count and type."""
    counted: dict[str, int] = {}
    for unit_id in _field(group, "units", ()) or ():
        unit = state.units.get(unit_id) if state is not None else None
        kind = str(unit.type) if unit else "unknown"
        counted[kind] = counted.get(kind, 0) + 1
    parts = [counted_words(t, kind, n) for kind, n in counted.items()]
    leaders = [escape(state.leaders[x].name if state is not None and x in state.leaders else x)
               for x in _field(group, "leaders", ()) or ()]
    who = t._(" and ").join(parts) or t._("no unit")
    if leaders:
        who += t._(" with {leaders}", leaders=", ".join(leaders))
    return t._("{units} to {space}", units=who, space=place(_field(group, "to", "")))
