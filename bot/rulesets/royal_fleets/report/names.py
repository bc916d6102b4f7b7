"""Names for report text: fleet, ship, faction, army and place ids → what players call them, and the
words of the report's language (``t``, the royal fleets catalogue).  Every name a player or
moderator chose is escaped for Discord."""

from __future__ import annotations

from bot.domain.text import escape
from bot.i18n import DEFAULT_LANGUAGE, messages
from bot.report import ReportInput

DOMAIN = "royal-fleets"


class Names:
    def __init__(self, data: ReportInput, language: str = DEFAULT_LANGUAGE) -> None:
        self.map = data.gamemap
        self.before = data.before
        self.after = data.after
        self.settings = getattr(data, "settings", None)
        self.language = language
        self.t = messages(language, DOMAIN)
        self.battle_sides: dict[str, dict[str, list[str]]] = {}  # battle id -> side -> factions (lines())

    def fleet(self, fleet_id: str) -> str:
        for state in (self.after, self.before):
            if fleet_id in state.fleets:
                return escape(state.fleets[fleet_id].name)
        return escape(fleet_id)

    def faction(self, faction_id: str | None) -> str:
        if not faction_id:
            return self.t._("nobody")
        for state in (self.after, self.before):
            if faction_id in state.factions:
                return escape(state.factions[faction_id].name)
        return escape(faction_id)

    def factions(self, ids) -> str:
        return self.t._(" and ").join(self.faction(f) for f in ids)

    def army(self, army_id: str) -> str:
        for state in (self.after, self.before):
            if army_id in state.armies:
                return escape(state.armies[army_id].name)
        return escape(army_id)

    def place(self, place_id: str | None) -> str:
        if not place_id:
            return "?"
        if place_id in self.map.nodes:
            return escape(self.map.node_name(place_id))
        post = self.map.trade_posts.get(place_id) if hasattr(self.map, "trade_posts") else None
        return escape(post.name if post is not None else place_id)

    def ship(self, ship_id: str) -> str:
        """'the galleon San Felipe': its type and its name, or its id when it has none."""
        for state in (self.before, self.after):
            for fleet in state.fleets.values():
                for ship in fleet.ships:
                    if ship.id == ship_id:
                        kind = ship.type.replace("_", " ").replace("-", " ")  # a table id: ship_of_the_line
                        return self.t._("the {type} {name}", type=kind, name=escape(ship.name or ship_id))
        return escape(ship_id)

    def ships(self, ids) -> str:
        return ", ".join(self.ship(s) for s in ids)
