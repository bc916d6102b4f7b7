"""The working context of one turn's resolution: the state being changed (a deep copy), the map,
the settings, the dice, the events so far, and the turn's bookkeeping (MP left, where each fleet
came from, supports given, which fleets have stopped)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.domain.events import Audience, Event
from bot.engine.dice import Dice
from bot.rulesets.royal_fleets.rules.map.model import RoyalMap
from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings
from bot.rulesets.royal_fleets.rules.model.state import Fleet, RoyalState


@dataclass
class Ctx:
    state: RoyalState
    sea: RoyalMap
    settings: RoyalSettings
    dice: Dice
    fight: Callable[..., Any] | None = None  # the battle (encounter/battles.py); tests may pass their own
    events: list[Event] = field(default_factory=list)
    mp: dict[str, int] = field(default_factory=dict)  # MP left this turn, by fleet
    came_from: dict[str, str] = field(default_factory=dict)  # the area a fleet entered its area from
    moved_in: dict[str, int] = field(default_factory=dict)  # the step at which a fleet entered its area
    supports: dict[str, int] = field(default_factory=dict)  # battles supported this turn (U-OP-13)
    stopped: set[str] = field(default_factory=set)  # fleets whose movement ended (battle, U14)
    plans: dict[str, Any] = field(default_factory=dict)  # fleet → BattlePlan of its main order
    orders: dict[str, Any] = field(default_factory=dict)  # fleet → its main order
    battles: int = 0  # battles fought so far (their dice keys are numbered)
    keys: set[str] = field(default_factory=set)  # dice keys asked for so far (key())
    fought: set[tuple[int, frozenset[str]]] = field(default_factory=set)  # (step, lead pair) of each battle

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def fleet(self, fleet_id: str) -> Fleet | None:
        return self.state.fleets.get(fleet_id)

    def watchers(self, *areas: str) -> set[str]:
        """Who sees what happens in ``areas``: factions with a fleet there or next to it, or owning
        a province on its coast (the visibility rule of this bot: the spec's reconnaissance is a
        land chapter the seed leaves to moderators)."""
        seen: set[str] = set()
        for area in areas:
            near = {area, *self.sea.adjacent(area)}
            seen |= {f.commander for f in self.state.fleets.values() if f.location in near}
            seen |= {owner for p in self.sea.bordering_provinces(area) if (owner := self.state.owner_of(p))}
        return seen

    def audience(self, *factions: str, areas: tuple[str, ...] = ()) -> Audience:
        return Audience.of(*factions, *self.watchers(*areas))

    def key(self, key: str) -> str:
        """``key``, or ``key:2``, ``key:3`` … when this turn already rolled it (a cornered fleet's
        second battle in one area and step): every roll has its own key."""
        made, n = key, 1
        while made in self.keys:
            n += 1
            made = f"{key}:{n}"
        self.keys.add(made)
        return made

    def new_id(self, prefix: str) -> str:
        """A fresh id for a hired or captured ship or a new fleet (the state's counter)."""
        made = f"{prefix}-{self.state.next_id}"
        self.state.next_id += 1
        return made
