"""Names for report text: unit, area, port, clan and character ids → what players call them."""

from __future__ import annotations

from bot.report import ReportInput


class Names:
    def __init__(self, data: ReportInput) -> None:
        self.map = data.gamemap
        self.before = data.before
        self.after = data.after

    def unit(self, unit_id: str) -> str:
        for state in (self.after, self.before):
            for table in (state.squadrons, state.fleets):
                if unit_id in table:
                    return table[unit_id].name
            if unit_id in state.heavy:
                return f"heavy detachment {unit_id}"
            if unit_id in state.clans:  # a clan-wide order's "unit" is the clan (S12.4)
                return state.clans[unit_id].name
        return unit_id

    def units(self, unit_ids: list[str]) -> str:
        return ", ".join(self.unit(u) for u in unit_ids)

    def area(self, area_id: str | None) -> str:
        if area_id in self.map.areas:
            return self.map.areas[area_id].name
        return area_id or "nowhere"

    def port(self, port_id: str | None) -> str:
        return self.map.ports[port_id].name if port_id in self.map.ports else (port_id or "no port")

    def clan(self, clan_id: str | None) -> str:
        clans = self.before.clans
        return clans[clan_id].name if clan_id in clans else (clan_id or "nobody")

    def character(self, char_id: str) -> str:
        chars = self.before.characters
        return chars[char_id].name if char_id in chars else char_id
