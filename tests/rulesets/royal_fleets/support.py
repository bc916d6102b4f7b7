"""A small two-sheet map and state builders for the royal fleets rules' tests (placeholder names,
like the spec's worked examples: A1, A2, X, Y, W1, W2, T)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from bot.mapfiles import load_map_file
from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import SubmittedOrder
from bot.rulesets.royal_fleets.rules.map.profile import PROFILE
from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings, ShipType
from bot.rulesets.royal_fleets.rules.model.state import Fleet, RoyalState, Ship
from bot.rulesets.royal_fleets.rules.turn.resolve import resolve

MAP_FILE = Path(__file__).resolve().parents[2] / "scenarios" / "maps" / "royal-tiny.toml"
SEA = load_map_file(MAP_FILE, profile=PROFILE)

EXAMPLE_TYPES = {  # U6.1: the example-derived values (placeholders); prices and capacities placeholders
    "galleass": ShipType(name="galleass", attack=2, max_health=8, price=600, capacity_units=1, can_cross_maps=False,
                         can_occupy_trade_post=False),
    "galleon": ShipType(name="galleon", attack=6, max_health=17, price=1000, capacity_units=2),
    "flute": ShipType(name="flute", attack=3, max_health=12, price=700, capacity_units=2),
    "frigate": ShipType(name="frigate", attack=4, max_health=12, price=800, capacity_units=1),
    "line": ShipType(name="ship of the line", attack=6, max_health=20, price=1500, capacity_units=1),
}


def settings(**changes) -> RoyalSettings:
    base = {"ship_types": EXAMPLE_TYPES, "transport_fee_per_unit_turn": 10,
            "trade_post_income": {"south_africa": 300, "west_indies": 200}}
    return RoyalSettings(**{**base, **changes})


def ships(prefix: str, *types: str, health: dict[int, int] | None = None) -> list[Ship]:
    made = []
    for n, type_id in enumerate(types, 1):
        top = EXAMPLE_TYPES[type_id].max_health
        made.append(Ship(id=f"{prefix}{n}", type=type_id, health=(health or {}).get(n, top)))
    return made


def fleet(fid: str, faction: str, area: str | None, *types: str, **more: Any) -> Fleet:
    return Fleet(id=fid, name=f"Fleet {fid}", owners=(faction,), commander=faction,
                 ships=more.pop("ships", None) or ships(f"{fid}-", *types), location=area, **more)


def state(*fleets: Fleet, **more: Any) -> RoyalState:
    base: dict[str, Any] = {
        "turn": 5,
        "factions": {"spain": {"name": "Spain", "treasury": Fraction(5000)},
                     "dutch": {"name": "United Provinces", "treasury": Fraction(5000)},
                     "france": {"name": "France", "treasury": Fraction(5000)}},
        "relations": [("spain", "dutch", "at_war"), ("spain", "france", "at_war")],
        "provinces": {"holland": {"owner": "dutch"}, "andalusia": {"owner": "spain"}, "fort": {"owner": "france"},
                      "p": {"owner": "spain"}, "q": {"owner": "dutch"}},
        "trade_posts": {"south_africa": "spain", "west_indies": "dutch"},
    }
    base.update(more)
    return RoyalState.model_validate({**base, "fleets": {f.id: f for f in fleets}})


def order(faction: str, seq: int, **payload: Any) -> SubmittedOrder:
    return SubmittedOrder(faction=faction, unit=str(payload.get("fleet", faction)), seq=seq, payload=payload)


def run(st: RoyalState, orders: list[SubmittedOrder], dice: dict | None = None, fight=None, **settings_changes):
    script = ScriptedDice(script=dice or {})
    result = resolve(st, SEA, settings(**settings_changes), orders, script, fight=fight)
    script.assert_all_used()
    return result


def kinds(result) -> list[str]:
    return [e.kind for e in result.events]


def of_kind(result, kind: str) -> list:
    return [e for e in result.events if e.kind == kind]
