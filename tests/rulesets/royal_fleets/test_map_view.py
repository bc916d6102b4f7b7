"""RoyalMap, the typed view of a royal fleets map (U10, U13), on a small map of two
sheets read through the profile itself (the plug-in hands the profile to the loader)."""

from __future__ import annotations

import copy

import pytest

from bot.domain.gamemap import MapError, parse_map
from bot.rulesets.royal_fleets.rules.map import EUROPE, NEW_WORLD, RoyalMap
from bot.rulesets.royal_fleets.rules.map.profile import PROFILE

E, W = {"sheet": EUROPE}, {"sheet": NEW_WORLD}

SMALL = {
    "ruleset": "royal-fleets", "id": "small", "name": "Small",
    "sheets": {EUROPE: {"name": "Europe"}, NEW_WORLD: {"name": "New World"}},
    "areas": {
        "channel": {"name": "English Channel", **E, "x": -1.0, "y": 50.0, "adjacent": ["biscay"]},
        "biscay": {"name": "Bay of Biscay", **E, "x": -5.0, "y": 45.0, "adjacent": ["channel", "ocean_e"]},
        "ocean_e": {"name": "Western Ocean", **E, "x": -20.0, "y": 47.0, "adjacent": ["biscay"],
                    "transition": True, "counterpart": "ocean_w"},
        "ocean_w": {"name": "Ocean Sea", **W, "x": -50.0, "y": 40.0, "adjacent": ["caribbean"],
                    "transition": True, "counterpart": "ocean_e"},
        "caribbean": {"name": "Caribbean Sea", **W, "x": -70.0, "y": 15.0, "adjacent": ["ocean_w"]},
    },
    "provinces": {
        "normandy": {"name": "Normandy", **E, "x": 0.0, "y": 49.0, "seas": ["channel"]},
        "brittany": {"name": "Brittany", **E, "x": -3.0, "y": 48.0, "seas": ["channel", "biscay"]},
        "hispaniola": {"name": "Hispaniola", **W, "x": -70.0, "y": 19.0, "seas": ["caribbean"]},
    },
    "ports": {
        "brest": {"name": "Brest", **E, "x": -4.5, "y": 48.4, "province": "brittany", "sea": "biscay"},
        "saint_malo": {"name": "Saint-Malo", **E, "x": -2.0, "y": 48.6, "province": "brittany", "sea": "channel"},
    },
    "trade_posts": {"west_indies": {"name": "West Indies", "sea": "caribbean", "controller": "dutch"}},
}


def small(**changes) -> dict:
    raw = copy.deepcopy(SMALL)
    for path, value in changes.items():
        *parents, last = path.split("__")
        table = raw
        for key in parents:
            table = table[key]
        if value is None:
            del table[last]
        else:
            table[last] = value
    return raw


def problems(raw: dict) -> list[str]:
    with pytest.raises(MapError) as err:
        parse_map(raw, "small.toml", PROFILE)
    return err.value.problems


def test_the_view_answers_the_rules_questions():
    gm = parse_map(small(), "small.toml", PROFILE)
    assert isinstance(gm, RoyalMap)
    assert gm.adjacent("biscay") == ("channel", "ocean_e")  # U2.2: 1 MP each; never the counterpart
    assert gm.is_transition("ocean_e") and not gm.is_transition("biscay")  # U10.1
    assert (gm.counterpart("ocean_e"), gm.counterpart("ocean_w"), gm.counterpart("biscay")) == ("ocean_w", "ocean_e", None)
    assert gm.bordering_provinces("channel") == ("brittany", "normandy")
    assert gm.bordering_areas("brittany") == ("biscay", "channel")
    assert gm.ports_on("biscay") == ("brest",) and gm.ports_of("brittany") == ("brest", "saint_malo")
    assert (gm.sheet_of("caribbean"), gm.sheet_of("brest"), gm.sheet_of("atlantis")) == (NEW_WORLD, EUROPE, None)
    assert gm.trade_post_at("caribbean").name == "West Indies" and gm.trade_post_at("channel") is None
    assert gm.initial_control() == {"west_indies": "dutch"}  # U10.5
    assert gm.sea_path("channel", "ocean_e") == ["channel", "biscay", "ocean_e"]
    assert gm.sea_path("channel", "caribbean") is None  # a crossing takes a turn (U10.1): no path through it
    assert gm.is_route(["channel", "biscay"]) and not gm.is_route(["channel", "ocean_e"])
    edge = gm.edge_between("ocean_e", "ocean_w", "crossing")
    assert edge is not None and edge.delay == 1


def test_unknown_ids_answer_none():
    gm = parse_map(small(), "small.toml", PROFILE)
    assert gm.adjacent("atlantis") == () and gm.counterpart("atlantis") is None
    assert gm.bordering_provinces("atlantis") == () and not gm.is_trade_post("atlantis")
    with pytest.raises(KeyError, match="unknown sea area 'atlantis'"):
        gm.area("atlantis")
