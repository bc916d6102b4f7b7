"""Here I Stand's naval chapter behind the ruleset protocol (bot/engine/ruleset.py).  A Fleetwright
turn is a segment of impulses made of steps (``steps``: HisSteps; sequence.py); ``resolve`` is the
action step's resolution, for a caller that does not run steps.  The core's map is read through
``board`` (HisBoard); a ``HisMap`` is taken as it is."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.domain.events import Event
from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected, Resolution, SubmittedOrder, UnitView
from bot.rulesets.here_i_stand.rules import edits, views
from bot.rulesets.here_i_stand.rules.actions import validate_action
from bot.rulesets.here_i_stand.rules.board import board
from bot.rulesets.here_i_stand.rules import events
from bot.rulesets.here_i_stand.rules.sequence_events import sequence_event_kinds
from bot.rulesets.here_i_stand.rules.model import HisState
from bot.rulesets.here_i_stand.rules.orders import order_slot, parse_order
from bot.rulesets.here_i_stand.rules.scenario import build_state
from bot.rulesets.here_i_stand.rules.sequence import ImpulseSequence
from bot.rulesets.here_i_stand.rules.settings import HisSettings
from bot.rulesets.here_i_stand.rules.steps import PASS, action_step

ID = "here-i-stand"


def event_kinds() -> dict[str, type[Event]]:
    return {**events.event_kinds(), **sequence_event_kinds()}


class HereIStandRuleset:
    id = ID
    name = "Here I Stand naval rules"
    unit_kinds = ("squadron", "corsair")
    settings_model = HisSettings
    state_model = HisState
    fallback_rule = "H10"  # an action that cannot be carried out when it resolves spends nothing
    steps = ImpulseSequence()

    def parse_order(self, payload: dict[str, Any]) -> BaseModel:
        return parse_order(payload)

    def order_slot(self, order: BaseModel) -> str:
        return order_slot(order)

    def validate_order(self, state: HisState, gamemap, settings: HisSettings, faction: str, order: BaseModel,
                       others: list[SubmittedOrder]) -> list[str]:
        if order.kind == PASS:
            validate_pass(state, faction)
            return []
        validate_action(state, board(gamemap), settings, faction, order.model_dump(mode="json"))
        return []

    def resolve(self, state: HisState, gamemap, settings: HisSettings, orders: list[SubmittedOrder],
                dice: Dice) -> Resolution:
        """The action step alone (what opens after it is ``steps.after``'s)."""
        return self.steps.resolve_step(state, gamemap, settings, action_step(state), orders, [], dice)

    def state_from_scenario(self, raw: dict[str, Any], gamemap, source: str) -> HisState:
        return build_state(raw, board(gamemap), source)

    def event_kinds(self) -> dict[str, type[Event]]:
        return event_kinds()

    def parse_event(self, raw: dict[str, Any]) -> Event:
        kinds = event_kinds()
        kind = raw.get("kind")
        if kind not in kinds:
            raise ValueError(f"unknown event kind {kind!r} for {ID}")
        return kinds[kind].model_validate(raw)

    def parse_edit(self, payload: dict[str, Any]) -> BaseModel:
        return edits.parse_edit(payload)

    def apply_edit(self, state: HisState, gamemap, edit: BaseModel) -> tuple[HisState, str]:
        return edits.apply_edit(state, board(gamemap), edit)

    def edit_subjects(self, before: HisState, after: HisState, edit: BaseModel) -> list[str]:
        return edits.edit_subjects(before, after, edit)

    def roster(self, state: HisState) -> dict[str, list[dict[str, Any]]]:
        return views.roster(state)

    def holdings(self, state: HisState, faction: str) -> dict[str, Any]:
        return views.holdings(state, faction)

    def factions(self, state: HisState) -> list[tuple[str, str, str]]:
        return views.factions(state)

    def faction_add_edit(self, faction_id: str, name: str, colour: str) -> dict[str, Any]:
        return {"kind": "power_add", "id": faction_id, "name": name, "colour": colour}

    def relations(self, state: HisState, faction: str) -> dict[str, str]:
        return views.relations(state, faction)

    def units(self, state: HisState, faction: str | None) -> list[UnitView]:
        return views.unit_views(state, faction)


def validate_pass(state: HisState, faction: str) -> None:
    if faction != state.impulse.active_power or state.pending is not None:
        raise OrderRejected(N_("only the power taking its impulse passes, between reactions"), rule="H10")
