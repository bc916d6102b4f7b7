"""EiaBoard, the typed view of an Empires in Arms board (E2.2, E9.2, E13, E16), on a small
board read through the profile itself (the plug-in hands the profile to the loader)."""

from __future__ import annotations

import copy

import pytest

from bot.domain.gamemap import MapError, parse_map
from bot.rulesets.empires_in_arms.rules.map import EiaBoard
from bot.rulesets.empires_in_arms.rules.map.profile import PROFILE

SMALL = {
    "ruleset": "empires-in-arms", "id": "small", "name": "Small",
    "zones": {
        "atlantic": {"name": "Atlantic", "x": -11.0, "y": 39.0, "adjacent": ["west_med", "biscay"]},
        "biscay": {"name": "Bay of Biscay", "x": -4.5, "y": 45.5, "adjacent": ["atlantic"]},
        "west_med": {"name": "Western Mediterranean", "x": 2.5, "y": 38.3, "adjacent": ["atlantic", "lyon"]},
        "lyon": {"name": "Gulf of Lyon", "x": 5.5, "y": 42.3, "adjacent": ["west_med"]},
    },
    "ports": {
        "cadiz": {"name": "Cádiz", "x": -6.3, "y": 36.5, "zone": "atlantic", "fortress": True},
        "lisbon": {"name": "Lisbon", "x": -9.1, "y": 38.7, "zone": "atlantic"},
        "ferrol": {"name": "Ferrol", "x": -8.2, "y": 43.5, "zone": "biscay"},
        "gibraltar": {"name": "Gibraltar", "x": -5.35, "y": 36.1, "zone": "west_med", "fortress": True},
        "cartagena": {"name": "Cartagena", "x": -1.0, "y": 37.6, "zone": "west_med"},
        "toulon": {"name": "Toulon", "x": 5.9, "y": 43.1, "zone": "lyon", "fortress": True},
        "marseille": {"name": "Marseille", "x": 5.4, "y": 43.3, "zone": "lyon"},
    },
    "straits": {
        "gibraltar_strait": {"name": "Strait of Gibraltar", "zones": ["atlantic", "west_med"],
                             "controlling_ports": ["gibraltar"]},
    },
}


def small(**changes) -> dict:
    """SMALL with ``section__entry__key=value`` changes (None deletes the key)."""
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


@pytest.fixture
def board() -> EiaBoard:
    gm = parse_map(SMALL, "small.toml", PROFILE)
    assert isinstance(gm, EiaBoard)
    return gm


def test_zones_ports_and_the_zone_of_a_port(board):
    assert sorted(board.zones) == ["atlantic", "biscay", "lyon", "west_med"]
    assert board.areas == board.zones  # the name the core's vocabulary test reads
    assert board.zone_of("cadiz") == "atlantic" and board.zone_of("toulon") == "lyon"
    assert board.zone_of("lyon") == "lyon"  # a zone is its own zone: a fleet's location is either
    assert board.zone_of("atlantis") is None
    assert board.ports_in("atlantic") == ("cadiz", "lisbon")  # map order: by id
    assert board.ports_in("cadiz") == ()


def test_adjacent_zones_and_one_maneuver_steps(board):
    # E2.2: zone -> adjacent zone, port -> its zone and back: 1 maneuver each
    assert board.adjacent("atlantic") == ("biscay", "west_med")
    assert board.adjacent("cadiz") == () and board.adjacent("atlantis") == ()
    assert board.is_step("cadiz", "atlantic") and board.is_step("atlantic", "cadiz")
    assert board.is_step("atlantic", "west_med")
    assert not board.is_step("cadiz", "west_med")  # not the port's zone
    assert not board.is_step("cadiz", "lisbon")  # port -> port goes through a zone (E2.2 Interpretation)
    assert not board.is_step("atlantic", "lyon")


def test_a_route_and_its_maneuvers(board):
    # EX8's shape: port P1 -> Z1 -> Z2 -> port P2 is 3 maneuvers
    route = ["cadiz", "atlantic", "west_med", "cartagena"]
    assert board.is_route(route) and board.maneuvers(route) == 3
    assert not board.is_route(["cadiz", "west_med"])
    assert not board.is_route(["cadiz", "atlantic", "atlantis"])
    assert not board.is_route([])


def test_fortresses(board):
    assert board.is_fortress("gibraltar") and board.is_fortress("toulon")
    assert not board.is_fortress("marseille")
    assert not board.is_fortress("lyon") and not board.is_fortress("atlantis")


def test_straits_their_zones_and_controlling_ports(board):
    # E13: passing means moving between the strait's two zones, either way (E-OP-24)
    assert board.strait_between("atlantic", "west_med") == "gibraltar_strait"
    assert board.strait_between("west_med", "atlantic") == "gibraltar_strait"
    assert board.strait_between("west_med", "lyon") is None
    assert board.strait_between("atlantic", "atlantic") is None
    assert board.strait_zones("gibraltar_strait") == ("atlantic", "west_med")
    assert board.controlling_ports("gibraltar_strait") == ("gibraltar",)
    assert board.straits_controlled_by("gibraltar") == ("gibraltar_strait",)
    assert board.straits_controlled_by("toulon") == ()
    assert board.straits_on(["lisbon", "atlantic", "west_med", "lyon", "toulon"]) == ("gibraltar_strait",)
    assert board.controlling_ports("nowhere") == () and board.strait_zones("nowhere") == ()


def test_distance_in_maneuvers(board):
    assert board.distance("cadiz", "cadiz") == 0
    assert board.distance("cadiz", "atlantic") == 1
    assert board.distance("cadiz", "lisbon") == 2  # through their zone
    assert board.distance("cadiz", "toulon") == 4  # atlantic, west_med, lyon, toulon
    assert board.distance("cadiz", "atlantis") is None
    assert board.route("ferrol", "gibraltar") == ["ferrol", "biscay", "atlantic", "west_med", "gibraltar"]


def test_nearest_ports_ties_in_map_order(board):
    # E9.2 / E-OP-18: the nearest candidates by maneuvers; the loser chooses among ties, first by default
    assert board.nearest_ports("west_med", ["toulon", "cadiz", "cartagena", "gibraltar"]) == ("cartagena",
                                                                                            "gibraltar")
    assert board.nearest_ports("west_med", ["toulon", "ferrol"]) == ("toulon",)
    assert board.nearest_ports("atlantic", ["lisbon", "cadiz"]) == ("cadiz", "lisbon")
    assert board.nearest_ports("atlantic", []) == ()
    assert board.nearest_ports("atlantic", ["atlantis", "lyon"]) == ()  # neither a port of the board


def test_names(board):
    assert board.name_of("cadiz") == "Cádiz" and board.name_of("gibraltar_strait") == "Strait of Gibraltar"
    assert board.name_of("atlantis") == "'atlantis'"
