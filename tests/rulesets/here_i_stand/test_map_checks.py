"""The Here I Stand map checks (H2.3, H6, H-OP-02, H-OP-31): each problem is named with its entry,
what is wrong and what would be right, and every problem of a file is reported at once."""

from __future__ import annotations

import copy
import tomllib
from dataclasses import replace

import pytest

from bot.domain.gamemap import MapError, parse_map
from bot.rulesets.here_i_stand.rules.map.board import HisBoard
from bot.rulesets.here_i_stand.rules.map.profile import PROFILE
from tests.rulesets.here_i_stand.test_map_board import MAP_FILE


def small(**changes) -> dict:
    """A board of four sea zones (two of them a rule 2.5 pair) and four ports; ``a__b__c=v`` sets raw[a][b][c]."""
    raw = {
        "ruleset": "here-i-stand", "id": "small", "name": "Small",
        "sea_zones": {
            "ionian": {"name": "Ionian Sea", "x": 18, "y": 37, "adjacent": ["aegean"]},
            "tyrrhenian": {"name": "Tyrrhenian Sea", "x": 12, "y": 40, "adjacent": []},
            "aegean": {"name": "Aegean Sea", "x": 25, "y": 39, "adjacent": ["ionian"]},
            "black": {"name": "Black Sea", "x": 33, "y": 43, "adjacent": []},
        },
        "ports": {
            "messina": {"name": "Messina", "x": 15.5, "y": 38.2, "seas": ["tyrrhenian", "ionian"], "home": "hapsburg"},
            "istanbul": {"name": "Istanbul", "x": 29, "y": 41, "seas": ["aegean", "black"], "home": "ottoman",
                         "key": True},
            "malta": {"name": "Malta", "x": 14.5, "y": 35.9, "seas": ["ionian"], "fortress": True},
            "algiers": {"name": "Algiers", "x": 3, "y": 36.7, "seas": ["tyrrhenian"], "algiers": True},
        },
    }
    for path, value in changes.items():
        *parents, last = path.split("__")
        node = raw
        for key in parents:
            node = node[key]
        if value is None:
            node.pop(last, None)
        else:
            node[last] = value
    return raw


def problems(raw: dict, profile=PROFILE) -> list[str]:
    try:
        parse_map(copy.deepcopy(raw), "small.toml", profile)
    except MapError as exc:
        return exc.problems
    return []


def one(raw: dict) -> str:
    found = problems(raw)
    assert len(found) == 1, found
    return found[0]


def test_the_small_board_is_sound():
    assert problems(small()) == []


def test_a_port_with_three_sea_zones():
    assert one(small(ports__messina__seas=["tyrrhenian", "ionian", "aegean"])) == (
        "small.toml: ports.messina: seas lists 3 sea zones (tyrrhenian, ionian, aegean): a port's anchors lie in one "
        "or two sea zones (H2.3.2)")


def test_a_port_without_a_sea_zone():
    assert one(small(ports__malta__seas=[])) == (
        "small.toml: ports.malta: key 'seas': List should have at least 1 item after validation, not 0")


def test_a_home_port_of_an_unknown_power():
    assert one(small(ports__messina__home="spain")) == (
        "small.toml: ports.messina: home 'spain' is not a power of the board (powers: ottoman, hapsburg, england, "
        "france, papacy, protestant, genoa, venice, scotland, hungary); leave the key out for a port that is no "
        "power's home port")


def test_a_rule_2_5_pair_listed_as_adjacent():
    raw = small(sea_zones__ionian__adjacent=["aegean", "tyrrhenian"], sea_zones__tyrrhenian__adjacent=["ionian"])
    assert problems(raw) == [
        "small.toml: sea_zones.ionian: adjacent lists 'tyrrhenian' (Tyrrhenian Sea), but Ionian Sea and Tyrrhenian "
        "Sea are never adjacent (H2.3.4, rule 2.5): remove it from both lists; a port anchored in both joins them",
        "small.toml: sea_zones.tyrrhenian: adjacent lists 'ionian' (Ionian Sea), but Tyrrhenian Sea and Ionian Sea "
        "are never adjacent (H2.3.4, rule 2.5): remove it from both lists; a port anchored in both joins them",
    ]


def test_the_board_drops_a_rule_2_5_pair_even_unchecked():
    raw = small(sea_zones__black__adjacent=["aegean"], sea_zones__aegean__adjacent=["ionian", "black"])
    board = HisBoard(parse_map(raw, "small.toml", replace(PROFILE, checks=())))
    assert "black" not in board.adjacent("aegean") and "aegean" not in board.adjacent("black")


def test_an_anchor_in_a_port_or_an_unknown_zone():
    found = problems(small(ports__malta__seas=["ionian", "messina"], ports__algiers__seas=["gulf"]))
    assert found == [
        "small.toml: ports.algiers: seas 'gulf' is not a known sea zone (known: aegean, black, ionian, tyrrhenian)",
        "small.toml: ports.malta: seas lists 'messina', which is a port: a port's anchors lie in sea zones (H2.3.2)",
    ]


def test_a_zone_that_lists_a_port_as_adjacent():
    found = problems(small(sea_zones__ionian__adjacent=["aegean", "malta"]))
    assert ("small.toml: sea_zones.ionian: adjacent lists 'malta', which is a port: a port names its sea zones in "
            "its own 'seas' (ports.malta.seas)") in found


def test_a_sea_zone_cut_off_from_the_rest():
    raw = small(ports__istanbul__seas=["black"])
    assert one(raw) == ("small.toml: sea_zones: black cannot be reached from 'aegean' by sea: join them with "
                        "'adjacent' or a port anchored in both")


def test_a_sea_zone_no_one_can_enter():
    raw = small(ports__istanbul__seas=["aegean"])
    found = problems(raw)
    assert ("small.toml: sea_zones.black: borders no sea zone and no port lies in it: a naval unit could never enter "
            "or leave it (list its neighbours in 'adjacent', or anchor a port in it)") in found


def test_a_fortress_that_is_also_a_key():
    assert one(small(ports__malta__key=True)) == (
        "small.toml: ports.malta: is both a fortress and a key: a space is printed as one of them (H5.2.2, H-OP-31: "
        "only fortresses roll against pirates); keep the one the board shows")


def test_two_algiers_and_algiers_as_a_haven():
    found = problems(small(ports__malta__algiers=True, ports__algiers__haven=True))
    assert found == [
        "small.toml: ports.algiers: is Algiers and a pirate haven: Algiers builds corsairs without the event "
        "(H6.5.2); 'haven' marks the other ports the event \"Pirate Haven\" may choose",
        "small.toml: ports: algiers, malta are all marked algiers = true: the board has one Algiers (H6.5.2)",
    ]


def test_two_spaces_of_one_name():
    assert one(small(ports__malta__name="messina")) == (
        "small.toml: ports.messina: name 'Messina' is already the name of ports.malta: every sea zone and port needs "
        "its own name")


def test_two_turn_tracks():
    raw = small(tracks={"a": {"name": "Turn Track", "x": 1, "y": 32}, "b": {"name": "Second", "x": 2, "y": 32}})
    assert one(raw) == "small.toml: tracks: a, b: the board has one Turn Track (H3.3.10)"


def test_a_typo_is_a_named_problem():
    assert one(small(ports__malta__fortres=True)) == "small.toml: ports.malta: unknown key 'fortres'"


def test_every_problem_is_reported_at_once():
    raw = small(ports__messina__home="spain", ports__malta__key=True,
                sea_zones__ionian__adjacent=["aegean", "tyrrhenian"], sea_zones__tyrrhenian__adjacent=["ionian"])
    assert len(problems(raw)) == 4


def test_the_shipped_board_passes_every_check():
    with MAP_FILE.open("rb") as fh:
        raw = tomllib.load(fh)
    raw.pop("art", None)  # the image is checked beside the file (bot.mapfiles), not here
    assert problems(raw) == []


@pytest.mark.parametrize("zone", ["north_sea", "black_sea", "atlantic_ocean"])
def test_the_shipped_board_refuses_a_broken_copy(zone):
    with MAP_FILE.open("rb") as fh:
        raw = tomllib.load(fh)
    raw.pop("art", None)
    raw["ports"]["istanbul"]["seas"] = ["aegean_sea", "black_sea", zone]
    assert any("ports.istanbul: seas lists 3 sea zones" in p for p in problems(raw))
