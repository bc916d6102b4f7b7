"""What a power, or the moderators, may list (the Ruleset's ``units``, ``holdings``, ``roster``,
``factions``, ``relations``).  HIS plays with an open board (events.py): every naval unit, leader
and port is public; a power's hand is only its size (H-OP-35) and its standing orders are its own
(H10.6: stored privately)."""

from __future__ import annotations

from typing import Any

from bot.engine.ruleset import UnitView
from bot.rulesets.here_i_stand.rules.model import HisState, NavalUnit

# A colour per power for lists and the map key (the board's own colours are the overlay's, H1)
COLOURS = {"ottoman": "#2e8b57", "hapsburg": "#d4a017", "england": "#c8102e", "france": "#1f4e9c",
           "papacy": "#8e44ad", "protestant": "#6b4f2a", "genoa": "#7f8c8d", "venice": "#16a085",
           "scotland": "#34495e", "knights": "#95a5a6", "hungary": "#a0522d"}
DEFAULT_COLOUR = "#555555"


def _summary(state: HisState, unit: NavalUnit) -> str:
    bits = [str(unit.type)]
    if unit.owner != unit.controller:
        bits.append(f"controlled by {state.powers[unit.controller].name}")  # H-OP-01: a loan or a minor's
    if unit.vertical:
        bits.append("vertical")
    return ", ".join(bits)


def unit_views(state: HisState, faction: str | None) -> list[UnitView]:
    """Every naval unit on the board or the Turn Track (open information), the power's own first."""
    units = sorted(state.units.values(), key=lambda u: (u.controller != faction, u.controller, u.id))
    return [UnitView(id=u.id, name=state.unit_name(u), owner=u.controller, kind=str(u.type), location=u.location,
                     summary=_summary(state, u)) for u in units]


def holdings(state: HisState, faction: str) -> dict[str, Any]:
    power = state.powers.get(faction)
    if power is None:
        return {}
    mine = state.standing.get(faction)
    return {
        "power": {"name": power.name, "kind": str(power.kind), "hand_size": power.hand_size,
                  "piracy_vp": power.piracy_vp, "janissaries_used": power.janissaries_used,
                  "pool": {str(k): state.pool(faction, k) for k in power.counters}},
        "impulse": {"number": state.impulse.number, "active_power": state.impulse.active_power,
                    "cp_remaining": state.impulse.cp_remaining if state.impulse.active_power == faction else None},
        "leaders": [x.model_dump(mode="json") for x in state.leaders.values() if x.power == faction],
        "formations": [f.model_dump(mode="json") for f in state.formations.values() if f.power == faction],
        "ports": sorted(p for p, held in state.ports.items() if held.controller == faction),
        "standing": mine.model_dump(mode="json") if mine else {},
        "relations": relations(state, faction),
    }


def relations(state: HisState, faction: str) -> dict[str, str]:
    """At war / allied, read both ways (model.HisState); anything else is neutral."""
    found = {}
    for other in state.powers:
        if other == faction:
            continue
        found[other] = "at_war" if state.at_war(faction, other) else "allied" if state.allied(faction, other) else "neutral"
    return found


def factions(state: HisState) -> list[tuple[str, str, str]]:
    return [(p.id, p.name, p.colour or COLOURS.get(p.id, DEFAULT_COLOUR)) for p in state.powers.values()]


def roster(state: HisState) -> dict[str, list[dict[str, Any]]]:
    return {
        "units": [{"id": u.id, "name": state.unit_name(u), "kind": str(u.type), "owner": u.controller,
                   "state": f"{u.location}" + (" (vertical)" if u.vertical else "")} for u in state.units.values()],
        "characters": [{"id": x.id, "name": x.name, "clan": x.power, "kind": "naval leader",
                        "status": x.location, "leads": ""} for x in state.leaders.values()],
        "armies": [{"id": f.id, "name": f.id, "clan": f.power, "area": f.location} for f in state.formations.values()],
    }
