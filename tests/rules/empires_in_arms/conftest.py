"""The tiny board (tests/scenarios/maps/eia-tiny.toml: the spec's placeholders Z1–Z3, P1, S, P2, C,
F the fortress on the strait Z2–Z3, R) and a state of five nations for the rules' tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from bot.mapfiles import load_map_file
from bot.rulesets.empires_in_arms.rules.map.model import EiaBoard
from bot.rulesets.empires_in_arms.rules.map.profile import PROFILE
from bot.rulesets.empires_in_arms.rules.scenario import build_state

MAP_FILE = Path(__file__).resolve().parents[2] / "scenarios" / "maps" / "eia-tiny.toml"


@cache
def tiny() -> EiaBoard:
    return load_map_file(MAP_FILE, profile=PROFILE)


NATIONS = {
    "france": {"name": "France", "at_war_with": ["britain", "russia"],
               "allied_with": ["spain"]},
    "britain": {"name": "Great Britain", "at_war_with": ["france", "spain"]},
    "spain": {"name": "Spain", "allied_with": ["france"]},
    "russia": {"name": "Russia", "at_war_with": ["turkey", "france"]},
    "turkey": {"name": "Turkey", "at_war_with": ["russia"]},
}


def state_of(squadrons: dict, active: str = "france", **more):
    raw = {"nations": NATIONS, "impulse_order": ["france", "britain", "spain", "russia", "turkey"],
           "impulse": {"active": active}, "squadrons": squadrons,
           "port_control": {"p1": "france", "p2": "france", "c": "spain", "f": "turkey"}, **more}
    return build_state(raw, tiny(), "test")


@pytest.fixture
def board():
    return tiny()
