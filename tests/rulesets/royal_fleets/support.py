"""A small two-sheet map and state builders for the royal fleets rules' tests (placeholder names,
like the spec's worked examples: A1, A2, X, Y, W1, W2, T)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bot.domain.gamemap import parse_map
from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import SubmittedOrder
from bot.rulesets.royal_fleets.rules.map.profile import PROFILE
from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings, ShipType
from bot.rulesets.royal_fleets.rules.model.state import Fleet, RoyalState, Ship
from bot.rulesets.royal_fleets.rules.turn.resolve import resolve

E, W = {"sheet": "europe"}, {"sheet": "new_world"}


def _area(name, x, y, adjacent, sheet=E, **more):
    return {"name": name, **sheet, "x": x, "y": y, "adjacent": adjacent, **more}


RAW = {
    "ruleset": "royal-fleets", "id": "tiny", "name": "Tiny",
    "sheets": {"europe": {"name": "Europe"}, "new_world": {"name": "New World"}},
    "areas": {
        "x": _area("Sea X", 0, 0, ["y", "w1", "w2"]),
        "y": _area("Sea Y", 1, 0, ["x", "a2"]),
        "w1": _area("Sea W1", 0, 1, ["x"]),
        "w2": _area("Sea W2", 0, -1, ["x"]),
        "a1": _area("Sea A1", 3, 0, ["a2"]),
        "a2": _area("Sea A2", 2, 0, ["a1", "y", "t_e", "cape"]),
        "cape": _area("Cape Sea", 2, -2, ["a2"]),
        "t_e": _area("Ocean T", 2, 2, ["a2"], transition=True, counterpart="t_w"),
        "t_w": _area("Ocean T (west)", -50, 20, ["carib"], W, transition=True, counterpart="t_e"),
        "carib": _area("Caribbean", -60, 15, ["t_w"], W),
    },
    "provinces": {
        "p": {"name": "Province P", **E, "x": 3, "y": 1, "seas": ["a1"]},
        "q": {"name": "Province Q", **E, "x": 2, "y": 1, "seas": ["a2"]},
        "fort": {"name": "Fortress Coast", **E, "x": 0, "y": 0.5, "seas": ["x"]},
        "holland": {"name": "Holland", **E, "x": 1, "y": 0.5, "seas": ["y"]},
        "andalusia": {"name": "Andalusia", **E, "x": 3, "y": -1, "seas": ["a1"]},
    },
    "ports": {
        "fort_port": {"name": "Fort Harbour", **E, "x": 0, "y": 0.4, "province": "fort", "sea": "x"},
        "amsterdam": {"name": "Amsterdam", **E, "x": 1, "y": 0.4, "province": "holland", "sea": "y"},
        "cadiz": {"name": "Cádiz", **E, "x": 3, "y": -0.6, "province": "andalusia", "sea": "a1"},
    },
    "trade_posts": {
        "south_africa": {"name": "South Africa", "sea": "cape", "controller": "spain"},
        "west_indies": {"name": "West Indies", "sea": "carib", "controller": "dutch"},
    },
}

SEA = parse_map(RAW, "tiny.toml", PROFILE)

EXAMPLE_TYPES = {  # U6.1: the example-derived values (placeholders); prices and capacities placeholders
    "galleass": ShipType(name="galleass", attack=2, max_health=8, price=600, capacity_units=1, can_cross_maps=False,
                         can_occupy_trade_post=False),
    "galleon": ShipType(name="galleon", attack=6, max_health=17, price=1000, capacity_units=2),
    "flute": ShipType(name="flute", attack=3, max_health=12, price=700, capacity_units=2),
    "frigate": ShipType(name="frigate", attack=4, max_health=12, price=800, capacity_units=1),
    "line": ShipType(name="ship of the line", attack=6, max_health=20, price=1500, capacity_units=1),
}


def settings(**changes) -> RoyalSettings:
    return RoyalSettings(ship_types=EXAMPLE_TYPES, transport_fee_per_unit_turn=10,
                         trade_post_income={"south_africa": 300, "west_indies": 200}, **changes)


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
