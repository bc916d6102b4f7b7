"""Names for report text: unit, area, port, clan and character ids → what players call them, and the
words of the report's language (``t``, the Sengoku catalogue: bot/rulesets/sengoku/locale/).

Every name is escaped for Discord (``bot.domain.text.escape``): players and moderators choose unit,
clan and character names, and a name must read as typed in a post, never as a link, heading or mention.

Provinces and seas read in the map's ``local_name`` (長門, 伊予灘) in a Japanese or Traditional Chinese
report: those are the names a reader of that script knows them by (in traditional characters for
zh-TW: 安藝, 豐後).  A Russian report keeps the romanised name: the map file has no Cyrillic names (a
Polivanov transliteration, Нагато, would be a second table of every place to keep in step with the map),
and the units, ports and lines around it are Latin anyway, as the players typed them.  Ports, lines
and straits have no local name in the map file, so they read as the map names them in every language.
"""

from __future__ import annotations

from functools import lru_cache

from bot.domain.text import escape as escape_text
from bot.i18n import DEFAULT_LANGUAGE, Messages, messages
from bot.report import ReportInput
from bot.rulesets.sengoku.report.engine_texts import PATTERNS, PIECES

# A name escaped once per process, not once per report or card that names it: escaping is pure, and a
# large turn's 18 audiences name the same ~1,000 units (issue 18).
escape = lru_cache(maxsize=16384)(escape_text)

LOCAL_SCRIPT_LANGUAGES = frozenset({"ja", "zh-TW"})
# The map's local names are written in Japanese forms (shinjitai); a Traditional Chinese reader writes
# the old provinces in traditional characters (安藝, 豐後, 伊豫, 讚岐, 攝津, 大阪灣).
_TRADITIONAL = str.maketrans("豊讃芸摂湾瀬戸予内", "豐讚藝攝灣瀨戶豫內")


def place_name(area, language: str) -> str:
    """A province's or sea's name as a reader of ``language`` knows it (unescaped)."""
    if language in LOCAL_SCRIPT_LANGUAGES and area.local_name:
        return area.local_name.translate(_TRADITIONAL) if language == "zh-TW" else area.local_name
    return area.name


class Names:
    """The names of one turn's posts in one language.  It remembers each name it has written: a large
    turn names the same units, areas and clans tens of thousands of times, and escaping a name costs
    more than wording the line around it (issue 18).  So a ``Names`` lives while one turn's reports or
    cards are made, and the state it names does not change meanwhile."""

    def __init__(self, data: ReportInput, language: str = DEFAULT_LANGUAGE) -> None:
        self.map = data.gamemap
        self.before = data.before
        self.after = data.after
        self.language = language
        self.t = messages(language, "sengoku")
        self._written: dict[tuple[str, str | None], str] = {}

    def _remembered(self, kind: str, key: str | None, write) -> str:
        found = self._written.get((kind, key))
        if found is None:
            found = self._written[kind, key] = write(key)
        return found

    def unit(self, unit_id: str) -> str:
        return self._remembered("unit", unit_id, self._escaped_unit)

    def _escaped_unit(self, unit_id: str) -> str:
        return escape(self._unit(unit_id))

    def _unit(self, unit_id: str) -> str:
        if unit_id.startswith("credit:"):  # a redeem order's slot is its credit
            return self._credit(unit_id)
        for state in (self.after, self.before):
            for table in (state.squadrons, state.fleets):
                if unit_id in table:
                    return table[unit_id].name
            if unit_id in state.heavy:
                return self._heavy(state, unit_id)
            if unit_id in state.clans:  # a clan-wide order's "unit" is the clan (S12.4)
                return state.clans[unit_id].name  # escaped once, by unit()
        return unit_id

    def units(self, unit_ids: list[str]) -> str:
        return ", ".join(self.unit(u) for u in unit_ids)

    def area(self, area_id: str | None) -> str:
        return self._remembered("area", area_id, self._area)

    def _area(self, area_id: str | None) -> str:
        if area_id in self.map.areas:
            return escape(place_name(self.map.areas[area_id], self.language))
        return escape(area_id or self.t._("nowhere"))

    def _port(self, port_id: str | None) -> str | None:
        return self.map.ports[port_id].name if port_id in self.map.ports else None

    def port(self, port_id: str | None) -> str:
        return self._remembered("port", port_id, self._escaped_port)

    def _escaped_port(self, port_id: str | None) -> str:
        return escape(self.map.ports[port_id].name if port_id in self.map.ports
                      else (port_id or self.t._("no port")))

    def clan(self, clan_id: str | None) -> str:
        return self._remembered("clan", clan_id, self._clan)

    def _clan(self, clan_id: str | None) -> str:
        clans = self.before.clans
        return escape(clans[clan_id].name if clan_id in clans else (clan_id or self.t._("nobody")))

    def credit(self, credit_id: str) -> str:
        return escape(self._credit(credit_id))

    def _credit(self, credit_id: str) -> str:
        """A capture credit by its prize, never its id (the state before knows a credit redeemed or expired)."""
        known = any(c.id == credit_id for c in self.before.credits)
        return credit_words(self.before if known else self.after, credit_id, self.t)

    def _heavy(self, state, hd_id: str) -> str:
        """As SengokuState.heavy_name words it (it has no name, S12.2), in the report's language."""
        hd = state.heavy[hd_id]
        squadron = state.squadrons.get(hd.attached_to or "")
        if squadron is not None:
            return self.t._("{squadron}'s heavy detachment", squadron=squadron.name)
        clan = state.clans[hd.owner].name if hd.owner in state.clans else None
        port = self._port(hd.base_port)
        if not clan:
            return self.t._("a heavy detachment")
        if port:
            return self.t._("{clan}'s heavy detachment at {port}", clan=clan, port=port)
        return self.t._("{clan}'s heavy detachment", clan=clan)

    def character(self, char_id: str) -> str:
        return self._remembered("character", char_id, self._character)

    def _character(self, char_id: str) -> str:
        chars = self.before.characters
        return escape(chars[char_id].name if char_id in chars else char_id)

    def text(self, english: str) -> str:
        """A text the rules wrote into an event (a reason, a cause, a modifier's label) in the
        report's language where the catalogue knows it (engine_texts.py), else as written."""
        if not english or self.language == DEFAULT_LANGUAGE:
            return english
        return self._remembered("text", english, self._text)

    def _text(self, english: str) -> str:
        for pattern, msgid in PATTERNS:
            found = pattern.match(english)
            if found:
                return self.t._(msgid, **{k: self.t._(v) for k, v in found.groupdict().items()})
        for pattern, msgid in PIECES:
            english = pattern.sub(lambda m, msgid=msgid: self.t._(msgid, **m.groupdict()), english)
        return self.t._(english)


def credit_words(state, credit_id: str, t: Messages) -> str:
    """A capture credit by its prize (S8.4.6), as SengokuState.credit_name words it, in ``t``'s language."""
    credit = next((c for c in state.credits if c.id == credit_id), None)
    _, turn, source = (credit_id.split(":", 2) + ["", ""])[:3]
    squadron, heavy = state.squadrons.get(source), state.heavy.get(source)
    prize = squadron or heavy
    kind = credit.kind if credit else "squadron" if squadron is not None else "heavy_detachment"
    turn = str(credit.turn_captured) if credit else turn
    owner = state.clans[prize.owner].name if prize is not None and prize.owner in state.clans else None
    if squadron is not None and squadron.name:
        if not owner:
            return t._("the credit for {name} (captured on turn {turn})", name=squadron.name, turn=turn)
        if kind == "squadron":
            return t._("the credit for {name} (squadron of {owner}, captured on turn {turn})",
                       name=squadron.name, owner=owner, turn=turn)
        return t._("the credit for {name} (heavy detachment of {owner}, captured on turn {turn})",
                   name=squadron.name, owner=owner, turn=turn)
    if kind == "squadron":
        return (t._("the credit for a squadron of {owner} captured on turn {turn}", owner=owner, turn=turn)
                if owner else t._("the credit for a squadron captured on turn {turn}", turn=turn))
    return (t._("the credit for a heavy detachment of {owner} captured on turn {turn}", owner=owner, turn=turn)
            if owner else t._("the credit for a heavy detachment captured on turn {turn}", turn=turn))
