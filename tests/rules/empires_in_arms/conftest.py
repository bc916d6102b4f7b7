"""A tiny board and a two-sides state for the Empires in Arms rules' tests (spec EX placeholders:
zones Z1, Z2, Z3, ports P1 (in Z1), P2 and C (in Z2), F (fortress in Z3) on strait Z2–Z3)."""

from __future__ import annotations

import pytest

from bot.rulesets.empires_in_arms.rules.board import StraitView, TinyBoard
from bot.rulesets.empires_in_arms.rules.scenario import build_state

BOARD = TinyBoard(adjacency={"z1": ("z2",), "z2": ("z1", "z3"), "z3": ("z2",)},
                  port_zone={"p1": "z1", "p2": "z2", "c": "z2", "f": "z3"},
                  fortresses=frozenset({"f"}),
                  straits=(StraitView(id="narrows", zones=("z2", "z3"), controlling_ports=("f",)),),
                  names={"z1": "Zone 1", "z2": "Zone 2", "z3": "Zone 3"})

NATIONS = {
    "france": {"name": "France", "nationality": "french", "at_war_with": ["britain", "russia"],
               "allied_with": ["spain"]},
    "britain": {"name": "Great Britain", "nationality": "british", "at_war_with": ["france", "spain"]},
    "spain": {"name": "Spain", "nationality": "spanish", "allied_with": ["france"]},
    "russia": {"name": "Russia", "nationality": "russian", "at_war_with": ["turkey", "france"]},
    "turkey": {"name": "Turkey", "nationality": "turkish", "at_war_with": ["russia"]},
}


def state_of(squadrons: dict, active: str = "france", **more):
    raw = {"nations": NATIONS, "impulse_order": ["france", "britain", "spain", "russia", "turkey"],
           "impulse": {"active": active}, "squadrons": squadrons,
           "port_control": {"p1": "france", "p2": "france", "c": "spain", "f": "turkey"}, **more}
    return build_state(raw, BOARD, "test")


@pytest.fixture
def board():
    return BOARD
