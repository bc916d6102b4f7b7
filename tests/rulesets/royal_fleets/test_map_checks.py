"""The royal fleets map checks (U10, U-OP-34): each problem is named with its entry,
what is wrong and what would be right, and every problem of a file is reported at once."""

from __future__ import annotations

import pytest

from bot.domain.gamemap import parse_map
from bot.rulesets.royal_fleets.rules.map.profile import PROFILE
from tests.rulesets.royal_fleets.test_map_view import problems, small


def one(raw: dict) -> str:
    found = problems(raw)
    assert len(found) == 1, found
    return found[0]


def test_a_transition_area_names_its_counterpart():
    raw = small(areas__ocean_e__counterpart=None)
    found = problems(raw)
    assert ("small.toml: areas.ocean_e: is a transition area without a counterpart: name the analogous sea area "
            "of the other sheet where an entering fleet appears next turn (counterpart = \"<area id>\", U10.1)") in found
    # its former counterpart now names an area that does not name it back
    assert ("small.toml: areas.ocean_w: counterpart 'ocean_e' names none as its counterpart: set counterpart = "
            "'ocean_w' on areas.ocean_e (the two must name each other)") in found


def test_a_counterpart_that_is_no_transition_area():
    raw = small(areas__ocean_w__transition=False, areas__ocean_w__counterpart=None)
    assert problems(raw) == [
        "small.toml: areas.ocean_e: counterpart 'ocean_w' is not a transition area: set transition = true and "
        "counterpart = 'ocean_e' on areas.ocean_w",
        "small.toml: areas: caribbean, ocean_w cannot be reached from 'biscay' by moves and transitions: join "
        "them with 'adjacent' or a transition area and its counterpart",
        "small.toml: sheets.new_world: has no transition area: fleets could never sail to or from it (mark one "
        "with transition = true and a counterpart, U10.1)",
    ]


def test_a_counterpart_on_the_same_sheet():
    raw = small(areas__ocean_e__counterpart="channel")
    found = problems(raw)
    assert ("small.toml: areas.ocean_e: counterpart 'channel' is on the same sheet 'europe': it must be on the "
            "other sheet (U10.1)") in found


def test_an_unknown_counterpart():
    found = problems(small(areas__ocean_e__counterpart="atlantis"))
    assert any(p.startswith("small.toml: areas.ocean_e: counterpart 'atlantis' is not a known sea area (known: ")
               for p in found)


def test_a_counterpart_on_an_area_that_is_no_transition():
    assert one(small(areas__channel__counterpart="ocean_w")) == (
        "small.toml: areas.channel: has counterpart 'ocean_w' but is not a transition area (set transition = true, "
        "or remove the counterpart)")


def test_adjacency_never_crosses_sheets():
    raw = small(areas__biscay__adjacent=["channel", "ocean_e", "caribbean"],
                areas__caribbean__adjacent=["ocean_w", "biscay"])
    assert problems(raw) == [
        "small.toml: areas.biscay: adjacent lists 'caribbean', which is on sheet 'new_world': sheets are joined "
        "only by a transition area and its counterpart (U10.1)",
        "small.toml: areas.caribbean: adjacent lists 'biscay', which is on sheet 'europe': sheets are joined only "
        "by a transition area and its counterpart (U10.1)",
    ]


def test_an_isolated_sea_area():
    raw = small(areas__lonely={"name": "Lonely Sea", "sheet": "europe", "x": 0.0, "y": 60.0, "adjacent": []})
    assert problems(raw) == [
        "small.toml: areas.lonely: has no adjacent sea areas: a fleet could never enter or leave it (list them in "
        "'adjacent')",
        "small.toml: areas: lonely cannot be reached from 'biscay' by moves and transitions: join them with "
        "'adjacent' or a transition area and its counterpart",
    ]


def test_a_trade_post_that_is_not_a_sea_area():
    assert one(small(trade_posts__west_indies__sea="hispaniola")) == (
        "small.toml: trade_posts.west_indies: sea 'hispaniola' is a province, not a sea area: a trade post is a sea "
        "area with the East India Company logo (U10.4)")
    assert one(small(trade_posts__west_indies__sea="brest")).startswith(
        "small.toml: trade_posts.west_indies: sea 'brest' is a port, not a sea area")
    assert one(small(trade_posts__west_indies__sea="atlantis")).startswith(
        "small.toml: trade_posts.west_indies: sea 'atlantis' is not a known sea area (known: ")


def test_a_trade_post_on_a_transition_area_or_twice_on_one():
    assert one(small(trade_posts__west_indies__sea="ocean_w")) == (
        "small.toml: trade_posts.west_indies: sea 'ocean_w' is a transition area: a fleet entering it leaves the "
        "sheet (U10.1) and could never stay on the trade post")
    assert one(small(trade_posts__second={"name": "Second", "sea": "caribbean"})) == (
        "small.toml: trade_posts.west_indies: sea area 'caribbean' already is trade post 'second' (one trade post "
        "per sea area)")


def test_a_trade_post_controller_may_be_left_out_but_not_empty():
    assert one(small(trade_posts__west_indies__controller=" ")) == (
        "small.toml: trade_posts.west_indies: controller is empty: name the faction that controls it at the start, "
        "or leave the key out (no one)")
    assert parse_map(small(trade_posts__west_indies__controller=None), "small.toml", PROFILE).initial_control() == {}


def test_a_port_opens_onto_a_sea_its_province_borders():
    assert problems(small(ports__brest__sea="caribbean")) == [
        "small.toml: ports.brest: sea 'caribbean' is not a sea area 'brittany' borders (its seas: channel, biscay)"]
    found = problems(small(ports__brest__province="atlantis"))
    assert any(p.startswith("small.toml: ports.brest: province 'atlantis' is not a known province") for p in found)


def test_a_port_on_a_transition_area():
    raw = small(provinces__brittany__seas=["channel", "biscay", "ocean_e"], ports__brest__sea="ocean_e")
    assert one(raw) == (
        "small.toml: ports.brest: sea 'ocean_e' is a transition area: a fleet entering it leaves the sheet (U10.1), "
        "so the port could never be blockaded or reached; open it onto another area")


def test_a_province_borders_known_seas_of_its_own_sheet_once():
    assert one(small(provinces__normandy__seas=["channel", "caribbean"])) == (
        "small.toml: provinces.normandy: seas lists 'caribbean', which is on sheet 'new_world', not on the "
        "province's sheet 'europe'")
    assert one(small(provinces__normandy__seas=["channel", "channel"])) == (
        "small.toml: provinces.normandy: seas lists 'channel' twice")
    found = problems(small(provinces__normandy__seas=[]))
    assert any("provinces.normandy: key 'seas'" in p for p in found)


def test_every_problem_at_once():
    raw = small(areas__ocean_e__counterpart="channel", trade_posts__west_indies__sea="hispaniola",
                ports__brest__sea="ocean_e")
    entries = {p.split(": ")[1] for p in problems(raw)}
    assert entries >= {"areas.ocean_e", "trade_posts.west_indies", "ports.brest"}


@pytest.mark.parametrize("field", ["transition", "counterpart", "adjacent"])
def test_the_area_keys_are_typed(field):
    value = {"transition": [1], "counterpart": 3, "adjacent": "channel"}[field]
    found = problems(small(**{f"areas__biscay__{field}": value}))
    assert any(p.startswith(f"small.toml: areas.biscay: key '{field}'") for p in found), found
