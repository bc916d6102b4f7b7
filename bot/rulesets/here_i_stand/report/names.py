"""Names for report text: power, unit, leader, formation and space ids → what players call them,
and the words of the report's language (``t``, the here-i-stand catalogue).  Every name a player
or moderator chose is escaped for Discord.  Squadrons and corsairs are anonymous counters in HIS,
so units are told by count, type and (when it is not the moving power's) nationality."""

from __future__ import annotations

from collections import Counter

from bot.domain.text import escape
from bot.i18n import DEFAULT_LANGUAGE, messages
from bot.report import ReportInput
from bot.rulesets.here_i_stand.rules.model import POOL, track_turn

DOMAIN = "here-i-stand"


def counted(t, kind: str, n: int) -> str:
    """'2 squadrons', '1 corsair': each count a plural text of its own (the extractor reads ``n_`` calls)."""
    if kind == "squadron":
        return t.n_("{n} squadron", "{n} squadrons", n, n=n)
    if kind == "corsair":
        return t.n_("{n} corsair", "{n} corsairs", n, n=n)
    return t.n_("{n} naval unit", "{n} naval units", n, n=n)


class Names:
    def __init__(self, data: ReportInput, language: str = DEFAULT_LANGUAGE) -> None:
        self.data = data
        self.map = data.gamemap
        self.before = data.before
        self.after = data.after
        self.language = language
        self.t = messages(language, DOMAIN)
        self._rolls = {r.key: r for r in data.rolls}
        self._prefix = f"s{data.step}:" if data.step > 1 else ""  # bot/services/step_model.StepDice

    # -- powers ------------------------------------------------------------------------------
    def power(self, power_id: str | None) -> str:
        if not power_id:
            return self.t._("nobody")
        for state in (self.after, self.before):
            if power_id in state.powers:
                return escape(state.powers[power_id].name)
        return escape(power_id)

    def powers(self, ids) -> str:
        return self.t._(" and ").join(self.power(p) for p in ids)

    # -- places ------------------------------------------------------------------------------
    def place(self, place_id: str | None) -> str:
        """A sea zone or port by its map name; the Turn Track's box and the pool as the rules say them."""
        if not place_id:
            return "?"
        turn = track_turn(place_id)
        if turn is not None:
            return self.t._("the Turn Track (turn {turn})", turn=turn)
        if place_id == POOL:
            return self.t._("the pool")
        nodes = getattr(self.map, "nodes", {})
        return escape(self.map.node_name(place_id) if place_id in nodes else place_id)

    def route(self, path) -> str:
        return " → ".join(self.place(p) for p in path)

    # -- units and leaders ---------------------------------------------------------------------
    def _unit(self, unit_id: str):
        for state in (self.after, self.before):
            if unit_id in state.units:
                return state.units[unit_id]
        return None

    def units(self, ids, power: str | None = None) -> str:
        """'2 squadrons and 1 corsair', each other nationality's apart: '1 squadron of Genoa'."""
        tally: Counter = Counter()
        unknown = []
        for unit_id in ids:
            unit = self._unit(unit_id)
            if unit is None:
                unknown.append(escape(unit_id))
            else:
                tally[(unit.owner if power is not None else None, str(unit.type))] += 1
        parts = []
        for (owner, kind), n in tally.items():
            text = counted(self.t, kind, n)
            parts.append(text if owner == power or power is None else
                         self.t._("{units} of {owner}", units=text, owner=self.power(owner)))
        return self.t._(" and ").join(parts + unknown) or self.t._("no unit")

    def unit(self, unit_id: str) -> str:
        unit = self._unit(unit_id)
        if unit is None:
            return escape(unit_id)
        kind = self.t._("squadron") if str(unit.type) == "squadron" else self.t._("corsair")
        return self.t._("a {type} of {owner}", type=kind, owner=self.power(unit.owner))

    def leader(self, leader_id: str) -> str:
        for state in (self.after, self.before):
            if leader_id in state.leaders:
                return escape(state.leaders[leader_id].name)
        return escape(leader_id)

    def leaders(self, ids) -> str:
        return ", ".join(self.leader(x) for x in ids)

    def with_leaders(self, ids) -> str:
        """' with Andrea Doria' or nothing."""
        return self.t._(" with {leaders}", leaders=self.leaders(ids)) if ids else ""

    def and_leaders(self, ids) -> str:
        """' and Andrea Doria' after units a group moves 'with', or nothing."""
        return self.t._(" and {leaders}", leaders=self.leaders(ids)) if ids else ""

    def formation(self, formation_id: str) -> str:
        for state in (self.after, self.before):
            found = state.formations.get(formation_id)
            if found is not None:
                return self.t._("{units} land units of {power}", units=found.land_units, power=self.power(found.power))
        return escape(formation_id)

    # -- dice ----------------------------------------------------------------------------------
    def roll_key(self, base: str) -> str:
        """The recorded key of the roll the rules made as ``base`` (a later step's keys carry its
        ``s<n>:``), or "" when this turn's rolls hold none (scripted tests, a roll not made)."""
        for key in (self._prefix + base, base):
            if key in self._rolls:
                return key
        return ""

    def key_marker(self, base: str) -> str:
        """The marker ``shown_roll_keys`` reads: at the end of the roll's own line."""
        key = self.roll_key(base)
        return self.t._("   (key {key})", key=key) if key else ""
