"""The ruleset protocol: what a rule system supplies so that the store, the
services and the Discord layer can run it without knowing its words."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

from bot.domain.events import Event
from bot.domain.gamemap import GameMap
from bot.domain.text import Phrase
from bot.engine.dice import Dice


class OrderRejected(ValueError):
    """An order that breaks a rule; the message is shown to the player as is.

    With ``values`` the message is a message id (``OrderRejected(N_("… {unit} …"), rule="V1", unit=x)``):
    ``str()`` is the English text; the services word it in the reader's language from the ruleset's
    catalogue (``msgid``, ``values``)."""

    def __init__(self, message: str, rule: str | None = None, **values: Any) -> None:
        if not values and isinstance(message, Phrase):  # a composed problem (bot.domain.text.Phrase)
            message, values = message.msgid, message.values
        super().__init__(message.format(**values) if values else message)
        self.rule = rule
        self.msgid = message
        self.values = values


class SubmittedOrder(BaseModel):
    """An order as the store keeps it: who gave it, when, and its payload."""

    model_config = ConfigDict(frozen=True)

    faction: str
    unit: str
    seq: int
    payload: dict[str, Any]


UNIT_SLOT = "unit:"


def unit_slot(unit_id: str, part: str | None = None) -> str:
    """The slot of a unit's order: ``unit:<id>``, or ``unit:<id>#<part>`` for another order of the
    same unit in the same turn (the ruleset names its parts).

    Slots are namespaced by what the order belongs to (``unit:``, ``clan:``, ``credit:``), so a
    clan whose id is also a unit's id never shares that unit's slot (docs/decisions.md)."""
    return f"{UNIT_SLOT}{unit_id}" + (f"#{part}" if part else "")


def falls_back(ruleset: Any) -> str:
    """'falls back', citing the ruleset's rule for it if it names one: 'falls back (<its rule>)'."""
    rule = getattr(ruleset, "fallback_rule", "")
    return f"falls back ({rule})" if rule else "falls back"


def slot_unit(slot: str) -> str | None:
    """The unit a slot's order is for; ``None`` for an order that is not a unit's (a clan's)."""
    if not slot.startswith(UNIT_SLOT):
        return None
    return slot[len(UNIT_SLOT):].split("#", 1)[0]


class Resolution(BaseModel):
    """What ``resolve`` returns: the state after the turn and what happened."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: BaseModel
    events: list[Event]


class UnitView(BaseModel):
    """A ruleset-neutral line about a unit, for listings and autocomplete."""

    id: str
    name: str
    owner: str
    kind: str
    location: str | None
    summary: str


@runtime_checkable
class Ruleset(Protocol):
    id: str
    name: str
    unit_kinds: tuple[str, ...]
    settings_model: type[BaseModel]
    state_model: type[BaseModel]
    # The rule saying what becomes of an order that cannot be carried out (it falls back), cited in
    # replies as "(…)"; "" cites none.  Read with getattr: a ruleset may leave it out.
    fallback_rule: str

    def parse_order(self, payload: dict[str, Any]) -> BaseModel:
        """Payload → order model; raises OrderRejected naming the bad field."""

    def order_slot(self, order: BaseModel) -> str:
        """The key under which the order is stored; a new order in the same slot replaces it.
        Namespaced by what it belongs to: a unit's is ``unit_slot(...)``, anything else must not
        start with ``unit:`` (readers find a unit's orders with ``slot_unit``)."""

    def validate_order(self, state: BaseModel, gamemap: GameMap, settings: BaseModel,
                       faction: str, order: BaseModel,
                       others: list[SubmittedOrder]) -> list[str]:
        """Raise OrderRejected if invalid; return warnings (ignored fields, R18)."""

    def resolve(self, state: BaseModel, gamemap: GameMap, settings: BaseModel,
                orders: list[SubmittedOrder], dice: Dice) -> Resolution:
        """Pure: same state, orders and dice → same Resolution."""

    def state_from_scenario(self, raw: dict[str, Any], gamemap: GameMap, source: str) -> BaseModel:
        """A scenario's ``state`` section → state; raises ValueError listing every problem."""

    def parse_event(self, raw: dict[str, Any]) -> Event:
        """Stored event JSON → typed event."""

    def event_kinds(self) -> dict[str, type[Event]]:
        """Every event kind the rules can emit, by kind (the conformance suite checks each has a
        report template)."""

    def units(self, state: BaseModel, faction: str | None) -> list[UnitView]:
        """The units a faction may list (``None``: all, for moderators)."""

    def holdings(self, state: BaseModel, faction: str) -> dict[str, Any]:
        """What a faction may list besides its units, keyed by kind of holding
        (e.g. "credits", "characters", "armies"); each value is plain data."""

    def factions(self, state: BaseModel) -> list[tuple[str, str, str]]:
        """(id, name, colour) of each faction in the state."""

    def faction_add_edit(self, faction_id: str, name: str, colour: str) -> dict[str, Any]:
        """The edit payload (for ``parse_edit``) that adds a faction with this id, name and colour
        (``#rrggbb``) to the state: how a moderator's "add a faction" reads in this ruleset."""

    def relations(self, state: BaseModel, faction: str) -> dict[str, str]:
        """How the faction stands with each other faction of the state, by id (e.g. "at_war",
        "allied", "neutral"); empty for a ruleset without diplomacy.  Read as symmetric: a listing
        shows each pair once, as the first of the two reads it."""

    def parse_edit(self, payload: dict[str, Any]) -> BaseModel:
        """Moderator inputs between turns: the facts the rules read but only a moderator
        supplies (payload with a ``kind``) → edit model; raises OrderRejected naming the bad field."""

    def apply_edit(self, state: BaseModel, gamemap: GameMap, edit: BaseModel) -> tuple[BaseModel, str]:
        """Pure: (new state, what changed, for the moderator); raises OrderRejected saying what
        is wrong and what would be right, and never changes ``state``.  A payload's optional
        ``reason`` is kept in the audit log with the edit."""

    def edit_subjects(self, before: BaseModel, after: BaseModel, edit: BaseModel) -> list[str]:
        """The ids an applied edit concerns (factions, units, characters …, and the faction owning
        each), so the audit log can be filtered by faction or unit."""

    def roster(self, state: BaseModel) -> dict[str, list[dict[str, Any]]]:
        """For moderators: every unit, character and army in any state ("units": id, name, kind,
        owner, state; "characters": id, name, clan, kind, status, leads; "armies": id, name,
        clan, area)."""
