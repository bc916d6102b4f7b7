"""The Sengoku naval rules behind the ruleset protocol (bot/engine/ruleset.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.domain.events import Event
from bot.domain.gamemap import GameMap
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution, SubmittedOrder, UnitView, unit_slot
from bot.rulesets.sengoku.rules.model import views
from bot.rulesets.sengoku.rules.model.events import event_types, parse_event
from bot.rulesets.sengoku.rules.model.model import SengokuState, UnitState
from bot.rulesets.sengoku.rules.moderation import moderator_basing, moderator_clan
from bot.rulesets.sengoku.rules.moderation.moderator_edits import apply_edit, parse_edit
from bot.rulesets.sengoku.rules.moderation.moderator_subjects import edit_subjects
from bot.rulesets.sengoku.rules.orders.orders import BASING_KINDS, ClanPolicy, RedeemCapture, parse_order
from bot.rulesets.sengoku.rules.turn.captives import SengokuSteps
from bot.rulesets.sengoku.rules.turn.resolve import resolve
from bot.rulesets.sengoku.rules.model.scenario import build_state
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.rulesets.sengoku.rules.validation.validate import validate


class SengokuRuleset:
    id = "sengoku"
    name = "Sengoku naval rules"
    unit_kinds = ("squadron", "trade_fleet", "heavy_detachment")
    settings_model = SengokuSettings
    state_model = SengokuState
    fallback_rule = "S12.4"  # an order that cannot be carried out falls back to the unit's default

    def __init__(self) -> None:
        # Issue 12 (bot/engine/steps.py): the orders step, then the captives' choices (OP-46 c).  An
        # attribute, not a property, so that a test may give the rules other steps for a while.
        self.steps = SengokuSteps(self)

    def parse_order(self, payload: dict[str, Any]) -> BaseModel:
        return parse_order(payload)

    def order_slot(self, order) -> str:
        """One order per unit per sub-phase (V2); its basing order (S2) is apart from its task, so a
        unit can be re-based and given a task in the same turn (OP-08: re-base, then repair); a clan's
        policy and a credit's redemption have slots of their own (``clan:<id>:policy``, ``credit:<id>``),
        so ids of different things never collide.  Migration 0008 moved the slots stored before into
        this form."""
        later = None if order.subphase == "SP1" else order.subphase
        if order.kind in BASING_KINDS:
            return unit_slot(order.unit, "base")
        if isinstance(order, ClanPolicy):
            return f"clan:{order.unit}:policy" + (f"#{later}" if later else "")
        if isinstance(order, RedeemCapture):
            return f"credit:{order.unit}" + (f"#{later}" if later else "")
        return unit_slot(order.unit, later)

    def validate_order(self, state, gamemap: GameMap, settings, faction: str, order,
                       others: list[SubmittedOrder]) -> list[str]:
        return validate(state, gamemap, settings, faction, order, others)

    def resolve(self, state, gamemap: GameMap, settings, orders: list[SubmittedOrder],
                dice: Dice) -> Resolution:
        return resolve(state, gamemap, settings, orders, dice)

    def state_from_scenario(self, raw: dict[str, Any], gamemap: GameMap, source: str) -> SengokuState:
        return build_state(raw, gamemap, source)

    def event_kinds(self) -> dict[str, type[Event]]:
        return event_types()

    def parse_event(self, raw: dict[str, Any]) -> Event:
        return parse_event(raw)

    def parse_edit(self, payload: dict[str, Any]) -> BaseModel:
        """A moderator's input between turns (bot/rulesets/sengoku/rules/moderation/moderator_edits.py)."""
        if isinstance(payload, dict) and payload.get("kind") == moderator_clan.KIND:
            return moderator_clan.parse_clan_add(payload)
        if isinstance(payload, dict) and payload.get("kind") == moderator_basing.KIND:
            return moderator_basing.parse_basing_edit(payload)
        return parse_edit(payload)

    def apply_edit(self, state: SengokuState, gamemap: GameMap, edit: BaseModel) -> tuple[SengokuState, str]:
        if isinstance(edit, moderator_clan.ClanAdd):
            return moderator_clan.apply_clan_add(state, gamemap, edit)
        if isinstance(edit, moderator_basing.BasingAgreementEdit):
            return moderator_basing.apply_basing_edit(state, gamemap, edit)
        return apply_edit(state, gamemap, edit)

    def edit_subjects(self, before: SengokuState, after: SengokuState, edit: BaseModel) -> list[str]:
        return edit_subjects(before, after, edit)

    def roster(self, state: SengokuState) -> dict[str, list[dict[str, Any]]]:
        return views.roster(state)

    def holdings(self, state: SengokuState, faction: str) -> dict[str, Any]:
        """What the clan may list besides its units (credits, characters, armies, policy)."""
        return {"credits": views.credits(state, faction), "characters": views.characters(state, faction),
                "armies": views.armies(state, faction), "clan_policy": views.clan_policy(state, faction),
                "basing_agreements": views.basing_agreements(state, faction),
                "relations": self.relations(state, faction)}

    def factions(self, state: SengokuState) -> list[tuple[str, str, str]]:
        return [(c.id, c.name, c.colour) for c in state.clans.values()]

    def faction_add_edit(self, faction_id: str, name: str, colour: str) -> dict[str, Any]:
        """A new clan (moderator_clan.py): no ports, armies or characters until a moderator edits them in."""
        return {"kind": moderator_clan.KIND, "id": faction_id, "name": name, "colour": colour}

    def relations(self, state: SengokuState, faction: str) -> dict[str, str]:
        """OP-48: the diplomacy matrix, one clan's row; unlisted pairs are neutral."""
        return {other: state.relation(faction, other).value for other in state.clans if other != faction}

    def units(self, state: SengokuState, faction: str | None) -> list[UnitView]:
        views = []
        for sq in state.squadrons.values():
            if sq.state is UnitState.ACTIVE and faction in (None, sq.owner):
                views.append(UnitView(id=sq.id, name=sq.name, owner=sq.owner, kind="squadron",
                                      location=sq.location, summary=_squadron_summary(state, sq)))
        for tf in state.fleets.values():
            if tf.state is UnitState.ACTIVE and faction in (None, tf.owner):
                views.append(UnitView(id=tf.id, name=tf.name, owner=tf.owner, kind="trade_fleet",
                                      location=tf.location, summary=_fleet_summary(state, tf)))
        return views


def _squadron_summary(state: SengokuState, sq) -> str:
    hds = len(state.hds_of(sq.id))
    parts = [f"squadron, XP {sq.experience}, dmg {sq.damage}"]
    if hds:
        parts.append(f"{hds} heavy det.")
    parts.append(_based(state, sq))
    if sq.station:
        parts.append(f"cruising off {sq.station} (standing)")
    if sq.leader:
        parts.append(f"led by {state.characters[sq.leader].name}")
    return ", ".join(parts)


def _fleet_summary(state: SengokuState, tf) -> str:
    return f"trade fleet, {'damaged' if tf.damaged else 'sound'}, {_based(state, tf)}"


def _based(state: SengokuState, unit) -> str:
    """Where it is based; at another clan's port, under which agreement (S2.4)."""
    text = f"based {unit.base_port or 'nowhere'}"
    agreement = state.basing_agreement(unit.owner, unit.base_port) if unit.base_port else None
    if agreement is not None:
        host = state.clans[agreement.host].name if agreement.host in state.clans else agreement.host
        text += f" under the basing agreement with {host} for turn {agreement.turn}"
    return text
