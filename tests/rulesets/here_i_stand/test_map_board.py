"""The real Here I Stand board (H2.3, H-OP-02, H-OP-07, H-OP-31, H-OP-38) read through ``HisBoard``:
every sea zone the spec and the seeds name, the rule 2.5 pairs never adjacent (H2.3.4) and crossed
through the port anchored in both, the places of the worked example H11.1, home ports, fortresses,
keys, Algiers and the pirate havens' candidates."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.mapfiles import load_map_file
from bot.rulesets.here_i_stand.rules.geography import NOT_ADJACENT, HisMap, ports_near, zones_near
from bot.rulesets.here_i_stand.rules.map.board import HisBoard
from bot.rulesets.here_i_stand.rules.map.profile import PROFILE

MAP_FILE = Path(__file__).resolve().parents[3] / "data" / "here-i-stand" / "maps" / "here-i-stand.toml"

# Every sea zone the spec, the seeds (ZH L14, RU L51) or the issue name, as the rules write them.
NAMED_ZONES = ("North Sea", "English Channel", "Bay of Biscay", "Atlantic Ocean", "Irish Sea", "Gulf of Lyon",
               "Barbary Coast", "Tyrrhenian Sea", "Adriatic Sea", "Ionian Sea", "Aegean Sea", "Black Sea")


@pytest.fixture(scope="module")
def board() -> HisBoard:
    return HisBoard(load_map_file(MAP_FILE, profile=PROFILE))


def test_the_board_is_a_his_map_named_as_its_file(board):
    assert isinstance(board, HisMap)
    assert board.title == "Here I Stand: Europe 1517"
    assert len(board.sea_zones()) == 14 and len(board.ports()) == 58
    assert board.spaces() == (*board.sea_zones(), *board.ports())


def test_every_sea_zone_the_rules_name_is_on_the_board(board):
    names = {board.name(z) for z in board.sea_zones()}
    assert set(NAMED_ZONES) <= names
    assert names - set(NAMED_ZONES) == {"Baltic Sea", "North African Coast"}


@pytest.mark.parametrize("pair", sorted(tuple(sorted(p)) for p in NOT_ADJACENT))
def test_the_rule_2_5_pairs_are_never_adjacent_and_one_port_joins_each(board, pair):
    a, b = (board.find(name) for name in pair)
    assert b not in board.adjacent(a) and a not in board.adjacent(b)  # H2.3.4, both ways
    joining = sorted(board.name(p) for p in ports_near(board, a) if p in ports_near(board, b))
    assert joining == {frozenset({"Ionian Sea", "Tyrrhenian Sea"}): ["Messina"],
                       frozenset({"Barbary Coast", "Atlantic Ocean"}): ["Gibraltar"],
                       frozenset({"Black Sea", "Aegean Sea"}): ["Istanbul"]}[frozenset(pair)]


def test_the_black_sea_is_entered_only_through_its_ports(board):
    assert zones_near(board, "black_sea") == []
    assert [board.name(p) for p in board.adjacent("black_sea")] == ["Istanbul", "Varna"]


def test_every_port_has_one_or_two_sea_zones(board):
    counts = {p: len(board.seas_of(p)) for p in board.ports()}
    assert set(counts.values()) == {1, 2}  # H2.3.2
    assert board.seas_of("calais") == ("english_channel", "north_sea")
    assert board.adjacent("calais") == board.seas_of("calais")  # a port's moves are to its anchors' zones


def test_the_places_of_the_piracy_example_h11_1(board):
    # RU L51: Messina's squadron, the Knights on Malta and the fortress on Corfu are next to the Ionian Sea
    near = {board.name(p) for p in ports_near(board, "ionian_sea")}
    assert {"Messina", "Malta", "Corfu"} <= near
    assert board.is_fortress("malta") and board.is_fortress("corfu") and not board.is_fortress("messina")
    assert board.home_of("messina") == "hapsburg" and board.home_of("corfu") == "venice"


def test_fortresses_keys_and_home_ports(board):
    fortresses = sorted(board.name(p) for p in board.ports() if board.is_fortress(p))
    assert fortresses == ["Candia", "Corfu", "Gibraltar", "Malta", "Rhodes", "Scutari"]
    assert board.is_key("istanbul") and not board.is_fortress("istanbul")  # keys give no dice (H5.2.2)
    assert [board.name(p) for p in board.home_ports("papacy")] == ["Ancona", "Ravenna", "Rome"]
    assert board.home_ports("protestant") == ()  # they build no squadron (H6.4)
    assert set(board.home_ports("ottoman")) == {"athens", "coron", "durazzo", "istanbul", "lepanto", "salonika",
                                                 "scutari", "varna"}
    assert board.home_of("algiers") is None and board.home_of("atlantic_ocean") is None


def test_algiers_and_the_pirate_havens_candidates(board):
    assert [p for p in board.ports() if board.is_algiers(p)] == ["algiers"]  # H6.5.2
    assert sorted(p for p in board.ports() if board.may_be_haven(p)) == ["oran", "tripoli", "tunis"]  # H6.5.3


def test_the_atlantic_zone_of_the_settings_is_on_the_board(board):
    from bot.rulesets.here_i_stand.rules.settings import HisSettings
    assert [board.find(z) for z in HisSettings().atlantic_zones] == ["atlantic_ocean"]  # H-OP-07


def test_unknown_ids_answer_no(board):
    assert board.adjacent("atlantis") == () and board.name("atlantis") == "atlantis"
    assert not board.is_port("atlantis") and board.home_of("atlantis") is None and board.seas_of("ionian_sea") == ()
    assert board.find("  ionian SEA ") == "ionian_sea" and board.find("Lübeck") == "lubeck" and board.find("x") is None


def test_the_turn_track_is_off_the_sea_lanes(board):
    track = board.turn_track()
    assert track is not None and track.turns == 9
    assert track.id not in board.spaces() and board.gamemap.neighbours(track.id) == ()


def test_the_core_names_places_through_areas_and_ports(board):
    """The core's unit views turn ids into names through ``gamemap.areas`` and ``gamemap.ports``."""
    from bot.services.campaign_reads import with_names
    gm = board.gamemap
    assert set(gm.areas) == set(board.spaces()) and gm.areas["ionian_sea"].name == "Ionian Sea"
    assert with_names("2 squadrons ionian_sea, 1 in messina", gm) == "2 squadrons Ionian Sea, 1 in Messina"
