"""How Empires in Arms orders read to a player, the summary cards, and the map per audience."""

from __future__ import annotations

import re

from bot.domain.gamemap import GameMap
from bot.domain.text import escape
from bot.domain.viewer import PUBLIC, Viewer, as_viewer
from bot.i18n import DEFAULT_LANGUAGE, N_, messages
from bot.report import ReportInput, Reports, capitalised
from bot.report.cards import Card, CardField
from bot.rulesets.empires_in_arms.report.build import build, lines
from bot.rulesets.empires_in_arms.report.names import DOMAIN, Names
from bot.rulesets.empires_in_arms.report.templates import TEMPLATES

_KEY_MARKER = re.compile(r"   \(key ([^\s()]+)\)$", re.MULTILINE)

ORDERS = {
    "move_fleet": N_("{fleet} sails {route}"), "patrol": N_("{fleet} patrols {zone} up to {times} times"),
    "convoy": N_("a convoy carries {items} along {route}"), "armada_command": N_("{squadron} takes command of {armada}"),
    "leave_armada": N_("the fleet leaves {armada}"), "separate_stack": N_("the fleet stacks apart from {armada}"),
    "landing_retreat": N_("landed formations that must retreat go to {port}"),
    "standing": N_("standing orders: intercept {intercept}; evade {evade}; armada commander {agree}; combat cards "
                   "{cards}; nearest ports {ports}"),
}
PLAN = {"evade": {"yes": N_("evade if intercepted"), "no": N_("fight if intercepted"),
                  "ask": N_("asked whether to evade if intercepted")},
        "on_win": {"continue": N_("continue after a won battle"), "stop": N_("stop after a battle")}}


class EiaPresenter:
    def build_reports(self, data: ReportInput) -> Reports:
        return build(data)

    def template_kinds(self) -> set[str]:
        return set(TEMPLATES)

    def describe_order(self, order, state, gamemap: GameMap, language: str = DEFAULT_LANGUAGE) -> str:
        t = messages(language, DOMAIN)
        place = lambda p: escape(gamemap.node_name(p)) if p in gamemap.nodes else escape(str(p))  # noqa: E731
        squadron = lambda s: escape(state.squadrons[s].label) if s in state.squadrons else escape(str(s))  # noqa: E731
        armada = getattr(order, "armada", None) or ""
        armada_name = (escape(state.armadas[armada].name or armada) if armada in state.armadas else escape(armada))
        at = getattr(order, "at", None) or getattr(order, "zone", None)
        picked = getattr(order, "squadrons", ())
        fleet = (", ".join(squadron(s) for s in picked) if picked else
                 t._("the armada {armada}", armada=armada_name) if armada and order.kind == "move_fleet" else
                 t._("the fleet in {place}", place=place(at)))
        none = t._("ask")
        values = {
            "fleet": fleet, "route": " → ".join(place(p) for p in getattr(order, "path", ())),
            "zone": place(getattr(order, "zone", "")), "times": getattr(order, "times", 1),
            "items": ", ".join(escape(state.land[i].name or i) if i in state.land else escape(i)
                               for i in getattr(order, "items", ())),
            "squadron": squadron(getattr(order, "squadron", "")), "armada": armada_name,
            "port": place(getattr(order, "port", "")),
            "intercept": escape(getattr(order, "intercept", "") or none),
            "evade": escape(getattr(order, "evade", "") or none),
            "agree": escape(getattr(order, "armada_agree", "") or none),
            "cards": escape(getattr(order, "combat_cards", "") or none),
            "ports": ", ".join(place(p) for p in getattr(order, "nearest_ports", ())) or none,
        }
        text = t._(ORDERS[order.kind], **values)
        if order.kind == "move_fleet":
            text += _plan_words(t, order, place, squadron)
        return capitalised(t._("{order}.", order=text))

    def shown_roll_keys(self, report: str) -> set[str]:
        return set(_KEY_MARKER.findall(report))

    def cards(self, data: ReportInput, audience: Viewer) -> list[Card]:
        names = Names(data, data.language_for(audience))
        t = names.t
        seen = [e for e in data.events if audience.is_moderators or e.audience.sees(audience.faction)]
        lines(seen, names)  # the battles' sides by place, for the outcome's wording
        fields = [CardField(names.place(e.place), capitalised(TEMPLATES[e.kind](e, names)))
                  for e in seen if e.kind == "eia_battle_decided"]
        if fields:
            return [Card(title=t._("Impulse {impulse}: battles", impulse=data.before.impulse.number),
                         colour="#c1121f", fields=tuple(fields))]
        return [Card(title=t._("Impulse {impulse}", impulse=data.before.impulse.number),
                     description="\n".join(lines(seen, Names(data, names.language))[:5])
                     or t._("Nothing happened at sea."))]

    async def render(self, data: ReportInput, audience: Viewer | str = PUBLIC, sheet: str | None = None) -> bytes:
        """The board after the step for ``audience`` (what it may see: report/overlay.py)."""
        from bot.render import render_map_async  # matplotlib loads only when a map is drawn
        from bot.render.aggregate import for_audience
        from bot.rulesets.empires_in_arms.report.overlay import overlay_for
        faction = as_viewer(audience).faction  # a crowded map counts other factions' units (bot.render.aggregate)
        overlay = for_audience(overlay_for(data, audience), faction, events=data.events)
        return await render_map_async(data.gamemap, overlay, sheet=sheet)


def _plan_words(t, order, place, squadron) -> str:
    """A movement plan's conditions (E-OP-09): patrols, evasion, after a battle, drops and pick-ups."""
    parts = [t._(", patrolling {zone} up to {times} times", zone=place(z), times=k) for z, k in order.patrols.items()]
    evade = order.evade if order.evade in PLAN["evade"] else None
    parts.append(", " + (t._(PLAN["evade"][evade]) if evade else t._("evade when {condition}",
                                                                   condition=escape(order.evade))))
    parts.append(", " + t._(PLAN["on_win"][order.on_win]))
    parts += [t._(", leaving {squadrons} in {place}", squadrons=", ".join(squadron(s) for s in ss), place=place(p))
              for p, ss in order.drop.items()]
    parts += [t._(", picking up {squadrons} in {place}", squadrons=", ".join(squadron(s) for s in ss), place=place(p))
              for p, ss in order.pickup.items()]
    return "".join(parts)
