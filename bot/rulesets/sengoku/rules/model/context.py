"""The working context of one resolution: the state being changed, the map,
the settings, the dice and the events emitted so far.  Pure: it holds no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.domain.events import Audience, Event
from bot.domain.gamemap import GameMap
from bot.engine.dice import Dice, Roll
from bot.rulesets.sengoku.rules.model.index import StateIndex
from bot.rulesets.sengoku.rules.model.model import SengokuState
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings


@dataclass
class Ctx:
    state: SengokuState
    gamemap: GameMap
    settings: SengokuSettings
    dice: Dice
    events: list[Event] = field(default_factory=list)
    subphase: str = "SP1"
    orders: dict[str, object] = field(default_factory=dict)
    fleet_orders: dict[str, object] = field(default_factory=dict)
    secret_between: tuple[str, ...] = ()
    clan_policies: dict[str, object] = field(default_factory=dict)
    veterans: set[str] = field(default_factory=set)
    art_active: set[str] = field(default_factory=set)
    defaults_applied: list[str] = field(default_factory=list)
    battle_leaders: dict[str, str] = field(default_factory=dict)
    victories_this_engagement: set[str] = field(default_factory=set)
    orders_lapsed: set[str] = field(default_factory=set)  # units lost, laid up or handed over at turn start (S2.5, S2.6)
    victories_at_start: dict[str, int] = field(default_factory=dict)  # by character, for S12.5 7.5
    sealift: dict[str, object] = field(default_factory=dict)  # landings: ready fleets, retreats by sea (S3.8)
    pirates: dict[str, tuple[str, int]] = field(default_factory=dict)  # squadron → (port, event index), S4.7/OP-23
    # The blockades as last reported this turn (trade/blockade.py): what the report events so far add up to.
    blockades: dict[tuple[str, str], tuple] = field(default_factory=dict)
    loot_keys: set[str] = field(default_factory=set)  # the ports' loot rolls of this turn (OP-42 b, port_attack.py)
    index: StateIndex = field(init=False, repr=False)  # the resolution's lookups (model/index.py)

    def __post_init__(self) -> None:
        self.index = StateIndex(self.state).attach()

    def public(self) -> Audience:
        """Everyone, unless the events give away a pirate's owner (OP-49):
        then only the clans in that fight (and moderators) see them."""
        return Audience.of(*self.secret_between) if self.secret_between else Audience.everyone()

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, key: str, expr: str) -> Roll:
        return self.dice.roll(key, expr)

    def base_area(self, port_id: str | None) -> str | None:
        if port_id is None or port_id not in self.gamemap.ports:
            return None
        return self.gamemap.ports[port_id].area
