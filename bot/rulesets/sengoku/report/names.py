"""Names for report text: unit, area, port, clan and character ids → what players call them.

Every name is escaped for Discord (``bot.domain.text.escape``): players and moderators choose unit,
clan and character names, and a name must read as typed in a post, never as a link, heading or mention.
"""

from __future__ import annotations

from bot.domain.text import escape
from bot.report import ReportInput


class Names:
    def __init__(self, data: ReportInput) -> None:
        self.map = data.gamemap
        self.before = data.before
        self.after = data.after

    def unit(self, unit_id: str) -> str:
        return escape(self._unit(unit_id))

    def _unit(self, unit_id: str) -> str:
        if unit_id.startswith("credit:"):  # a redeem order's slot is its credit
            return self._credit(unit_id)
        for state in (self.after, self.before):
            for table in (state.squadrons, state.fleets):
                if unit_id in table:
                    return table[unit_id].name
            if unit_id in state.heavy:
                return state.heavy_name(unit_id, self._port(state.heavy[unit_id].base_port))
            if unit_id in state.clans:  # a clan-wide order's "unit" is the clan (S12.4)
                return state.clans[unit_id].name  # escaped once, by unit()
        return unit_id

    def units(self, unit_ids: list[str]) -> str:
        return ", ".join(self.unit(u) for u in unit_ids)

    def area(self, area_id: str | None) -> str:
        if area_id in self.map.areas:
            return escape(self.map.areas[area_id].name)
        return escape(area_id or "nowhere")

    def _port(self, port_id: str | None) -> str | None:
        return self.map.ports[port_id].name if port_id in self.map.ports else None

    def port(self, port_id: str | None) -> str:
        return escape(self.map.ports[port_id].name if port_id in self.map.ports else (port_id or "no port"))

    def clan(self, clan_id: str | None) -> str:
        clans = self.before.clans
        return escape(clans[clan_id].name if clan_id in clans else (clan_id or "nobody"))

    def credit(self, credit_id: str) -> str:
        return escape(self._credit(credit_id))

    def _credit(self, credit_id: str) -> str:
        """A capture credit by its prize, never its id (the state before knows a credit redeemed or expired)."""
        known = any(c.id == credit_id for c in self.before.credits)
        return (self.before if known else self.after).credit_name(credit_id)

    def character(self, char_id: str) -> str:
        chars = self.before.characters
        return escape(chars[char_id].name if char_id in chars else char_id)
