"""Empires in Arms' naval rules behind the ruleset protocol (bot/engine/ruleset.py).  An impulse is
a chain of steps (``steps.EiaSteps``); ``resolve`` is its orders step."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.domain.events import Event
from bot.domain.gamemap import GameMap
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution, SubmittedOrder, UnitView
from bot.engine.steps import orders_step
from bot.rulesets.empires_in_arms.rules import edits, events, views
from bot.rulesets.empires_in_arms.rules.board import board_of
from bot.rulesets.empires_in_arms.rules.model import EiaState
from bot.rulesets.empires_in_arms.rules.orders import order_slot, parse_order
from bot.rulesets.empires_in_arms.rules.scenario import build_state
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings
from bot.rulesets.empires_in_arms.rules.steps import EiaSteps, combat_event_types
from bot.rulesets.empires_in_arms.rules.validate import validate


def _kinds() -> dict[str, type[Event]]:
    return events.event_kinds(combat_event_types())


class EiaRuleset:
    id = "empires-in-arms"
    name = "Empires in Arms naval rules"
    unit_kinds = ("squadron",)
    settings_model = EiaSettings
    state_model = EiaState
    fallback_rule = "E17"  # a plan that no longer holds at resolution is not carried out; nothing is spent

    def __init__(self) -> None:
        self.steps = EiaSteps()

    def parse_order(self, payload: dict[str, Any]) -> BaseModel:
        return parse_order(payload)

    def order_slot(self, order) -> str:
        return order_slot(order)

    def validate_order(self, state, gamemap: GameMap, settings, faction: str, order,
                       others: list[SubmittedOrder]) -> list[str]:
        return validate(state, board_of(gamemap), settings, faction, order, others)

    def resolve(self, state, gamemap: GameMap, settings, orders: list[SubmittedOrder], dice: Dice) -> Resolution:
        return self.steps.resolve_step(state, gamemap, settings, orders_step(), orders, [], dice)

    def state_from_scenario(self, raw: dict[str, Any], gamemap: GameMap, source: str) -> EiaState:
        return build_state(raw, board_of(gamemap), source)

    def event_kinds(self) -> dict[str, type[Event]]:
        return _kinds()

    def parse_event(self, raw: dict[str, Any]) -> Event:
        return events.parse_event(raw, _kinds())

    def parse_edit(self, payload: dict[str, Any]) -> BaseModel:
        return edits.parse_edit(payload)

    def apply_edit(self, state: EiaState, gamemap: GameMap, edit: BaseModel) -> tuple[EiaState, str]:
        return edits.apply_edit(state, board_of(gamemap), edit)

    def edit_subjects(self, before: EiaState, after: EiaState, edit: BaseModel) -> list[str]:
        return edits.edit_subjects(before, after, edit)

    def roster(self, state: EiaState) -> dict[str, list[dict[str, Any]]]:
        return views.roster(state)

    def holdings(self, state: EiaState, faction: str) -> dict[str, Any]:
        return views.holdings(state, faction)

    def factions(self, state: EiaState) -> list[tuple[str, str, str]]:
        return [(nid, n.name, n.colour) for nid, n in state.nations.items()]

    def faction_add_edit(self, faction_id: str, name: str, colour: str) -> dict[str, Any]:
        return {"kind": "nation_add", "id": faction_id, "name": name, "colour": colour}

    def relations(self, state: EiaState, faction: str) -> dict[str, str]:
        return views.relations(state, faction)

    def units(self, state: EiaState, faction: str | None) -> list[UnitView]:
        return views.unit_views(state, faction)
