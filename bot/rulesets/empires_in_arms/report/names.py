"""Names for report text: nation, squadron, armada, land item and place ids → what players call
them, and the words of the report's language (``t``, the Empires in Arms catalogue).  Every name a
player or moderator chose is escaped for Discord."""

from __future__ import annotations

from bot.domain.text import escape
from bot.i18n import DEFAULT_LANGUAGE, messages
from bot.report import ReportInput

DOMAIN = "empires-in-arms"


class Names:
    def __init__(self, data: ReportInput, language: str = DEFAULT_LANGUAGE) -> None:
        self.map = data.gamemap
        self.before = data.before
        self.after = data.after
        self.rolls = list(data.rolls)
        self.language = language
        self.t = messages(language, DOMAIN)
        # the battle at a place → (active nations, inactive nations), from its start (lines())
        self.sides: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def _states(self):
        return (self.after, self.before)

    def nation(self, nation_id: str | None) -> str:
        if not nation_id:
            return self.t._("nobody")
        for state in self._states():
            if nation_id in state.nations:
                return escape(state.nations[nation_id].name)
        return escape(nation_id)

    def nations(self, ids) -> str:
        return self.t._(" and ").join(self.nation(n) for n in ids) or self.t._("nobody")

    def squadron(self, squadron_id: str) -> str:
        for state in (self.before, self.after):  # before: a squadron destroyed is still named
            if squadron_id in state.squadrons:
                return escape(state.squadrons[squadron_id].label)
        return self.item(squadron_id)

    def squadrons(self, ids) -> str:
        return ", ".join(self.squadron(s) for s in ids) or "—"

    def item(self, item_id: str) -> str:
        """A convoy's unit or leader (E11.1)."""
        for state in self._states():
            if item_id in state.land:
                return escape(state.land[item_id].name or item_id)
        return escape(item_id)

    def items(self, ids) -> str:
        return ", ".join(self.item(i) for i in ids) or "—"

    def armada(self, armada_id: str) -> str:
        for state in self._states():
            if armada_id in state.armadas:
                armada = state.armadas[armada_id]
                return escape(armada.name) if armada.name else self.t._(
                    "the armada of {powers}", powers=self.nations(armada.powers))
        return escape(armada_id)

    def place(self, place_id: str | None) -> str:
        if not place_id:
            return "?"
        if place_id in self.map.nodes:
            return escape(self.map.node_name(place_id))
        return escape(place_id)

    def path(self, ids) -> str:
        return " → ".join(self.place(p) for p in ids)
