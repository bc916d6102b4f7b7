"""What one clan may list about itself besides its units: capture credits,
characters, armies, its standing clan policy (for /clan and autocomplete)."""

from __future__ import annotations

from typing import Any

from bot.rulesets.sengoku.rules.model.model import SengokuState, UnitState


def credits(state: SengokuState, faction: str) -> list[tuple[str, str, int]]:
    """(id, what players call it, turn won) of each usable capture credit (S8.4.6)."""
    return [(c.id, state.credit_name(c.id), c.turn_captured) for c in state.credits
            if c.holder == faction and not c.void]


def characters(state: SengokuState, faction: str) -> list[dict[str, Any]]:
    rows = []
    for character in state.characters.values():
        if character.clan != faction:
            continue
        rows.append({"id": character.id, "name": character.name, "kind": character.kind.value,
                     "status": character.status.value, "wounds": character.wounds,
                     "victories": character.victories, "art_active": character.art_active(),
                     "leads": _led_by(state, character.id)})
    return rows


def armies(state: SengokuState, faction: str) -> list[dict[str, Any]]:
    return [army.model_dump(mode="json") for army in state.armies.values() if army.clan == faction]


def clan_policy(state: SengokuState, faction: str) -> dict[str, Any] | None:
    stored = state.clan_policies.get(faction)
    return dict(stored) if stored else None


def _led_by(state: SengokuState, character_id: str) -> list[str]:
    led = [sq.name for sq in state.squadrons.values()
           if sq.leader == character_id and sq.state is UnitState.ACTIVE]
    return led + [army.name for army in state.armies.values() if army.leader == character_id]


def roster(state: SengokuState) -> dict[str, list[dict[str, Any]]]:
    """Every unit, character and army of every clan, whatever their state: what a moderator picks from."""
    units = []
    for kind, table in (("squadron", state.squadrons), ("trade_fleet", state.fleets),
                        ("heavy_detachment", state.heavy)):
        for unit in table.values():
            units.append({"id": unit.id, "name": getattr(unit, "name", unit.id), "kind": kind,
                          "owner": unit.owner, "state": unit.state.value})
    characters = [{"id": c.id, "name": c.name, "clan": c.clan, "kind": c.kind.value, "status": c.status.value,
                   "leads": _led_by(state, c.id)} for c in state.characters.values()]
    armies = [{"id": a.id, "name": a.name, "clan": a.clan, "area": a.area} for a in state.armies.values()]
    return {"units": units, "characters": characters, "armies": armies}


def basing_agreements(state: SengokuState, faction: str) -> list[dict[str, Any]]:
    """S2.4: the agreements the clan is party to (as host or guest), current and future turns."""
    return [agreement.model_dump(mode="json") for agreement in state.basing_agreements
            if faction in (agreement.host, agreement.guest) and agreement.turn >= state.turn]
