"""The royal fleets naval rules behind the ruleset protocol (bot/engine/ruleset.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.domain.events import Event
from bot.domain.gamemap import GameMap
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution, SubmittedOrder, UnitView
from bot.rulesets.royal_fleets.rules.battle import battle_event_types
from bot.rulesets.royal_fleets.rules.model import views
from bot.rulesets.royal_fleets.rules.model.events import event_types, parse_event
from bot.rulesets.royal_fleets.rules.model.scenario import build_state
from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings
from bot.rulesets.royal_fleets.rules.model.state import RoyalState
from bot.rulesets.royal_fleets.rules.moderation import edits
from bot.rulesets.royal_fleets.rules.orders.orders import order_slot, parse_order
from bot.rulesets.royal_fleets.rules.turn.resolve import resolve
from bot.rulesets.royal_fleets.rules.validation.validate import validate


def _kinds() -> dict[str, type[Event]]:
    return event_types(tuple(battle_event_types().values()))


class RoyalFleetsRuleset:
    id = "royal-fleets"
    name = "Royal fleets naval rules"
    unit_kinds = ("fleet",)
    settings_model = RoyalSettings
    state_model = RoyalState
    fallback_rule = "U14"  # an order that no longer holds at resolution: the fleet holds

    def parse_order(self, payload: dict[str, Any]) -> BaseModel:
        return parse_order(payload)

    def order_slot(self, order) -> str:
        return order_slot(order)

    def validate_order(self, state, gamemap: GameMap, settings, faction: str, order,
                       others: list[SubmittedOrder]) -> list[str]:
        return validate(state, gamemap, settings, faction, order)

    def resolve(self, state, gamemap: GameMap, settings, orders: list[SubmittedOrder], dice: Dice) -> Resolution:
        return resolve(state, gamemap, settings, orders, dice)

    def state_from_scenario(self, raw: dict[str, Any], gamemap: GameMap, source: str) -> RoyalState:
        return build_state(raw, gamemap, source)

    def event_kinds(self) -> dict[str, type[Event]]:
        return _kinds()

    def parse_event(self, raw: dict[str, Any]) -> Event:
        return parse_event(raw, _kinds())

    def parse_edit(self, payload: dict[str, Any]) -> BaseModel:
        return edits.parse_edit(payload)

    def apply_edit(self, state: RoyalState, gamemap: GameMap, edit: BaseModel) -> tuple[RoyalState, str]:
        return edits.apply_edit(state, gamemap, edit)

    def edit_subjects(self, before: RoyalState, after: RoyalState, edit: BaseModel) -> list[str]:
        return edits.edit_subjects(before, after, edit)

    def roster(self, state: RoyalState) -> dict[str, list[dict[str, Any]]]:
        return views.roster(state)

    def holdings(self, state: RoyalState, faction: str) -> dict[str, Any]:
        """What the faction may list besides its fleets: treasury, war exhaustion, armies, trade posts."""
        own = state.factions.get(faction)
        return {"treasury": str(own.treasury) if own else "0",
                "war_exhaustion": own.war_exhaustion if own else 0,
                "armies": [a.model_dump(mode="json") for a in state.armies.values() if a.owner == faction],
                "trade_posts": sorted(p for p, c in state.trade_posts.items() if c == faction),
                "relations": self.relations(state, faction),
                # For the commands' autocomplete (R4): the faction's own ships, and every ship on offer
                # for buy-over (public: ShipsOnOffer is told to everyone, U3.5 / U-OP-08) with what the
                # report and the map tell: type, name, the fleet's area; not its health, none in transit.
                "ships": [{"id": s.id, "name": s.name, "type": s.type, "health": s.health, "fleet": f.id,
                           "area": f.location}
                          for f in state.fleets.values() if faction in f.owners for s in f.ships],
                "on_offer": [{"id": s.id, "name": s.name, "type": s.type, "fleet": f.id, "area": f.location}
                             for f in state.fleets.values() if faction not in f.owners and f.location
                             for s in f.ships if s.unpaid],
                # Other factions' ships it can name in a battle plan's focus (U6.2.4.2): same area only.
                "sighted_ships": views.sighted_ships(state, faction),
                # Joint-command requests waiting for this faction's consent (U1.2, U-OP-02): the asking fleet's name.
                "join_requests": [{"fleet": j.fleet, "into": j.into, "name": state.fleets[j.fleet].name}
                                  for j in state.pending_joins if j.fleet in state.fleets and j.into in state.fleets
                                  and faction in state.fleets[j.into].owners]}

    def factions(self, state: RoyalState) -> list[tuple[str, str, str]]:
        return [(fid, f.name, f.colour) for fid, f in state.factions.items()]

    def faction_add_edit(self, faction_id: str, name: str, colour: str) -> dict[str, Any]:
        return {"kind": "faction_add", "id": faction_id, "name": name, "colour": colour}

    def relations(self, state: RoyalState, faction: str) -> dict[str, str]:
        """U13 Faction allies / at_war_with; unlisted pairs are neutral, the pirates at war with all."""
        return {other: state.relation(faction, other).value for other in state.factions if other != faction}

    def units(self, state: RoyalState, faction: str | None) -> list[UnitView]:
        return views.fleet_views(state, faction)
