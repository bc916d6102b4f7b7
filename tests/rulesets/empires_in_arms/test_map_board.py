"""The shipped Empires in Arms board (E2.2, E10, E13, E-OP-24): the sea zones of 1805, every
port in one zone, the fortresses, the four straits and their controlling fortresses. Read
through the profile (the plug-in hands it to the loader)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bot.mapfiles import load_map_file
from bot.rulesets.empires_in_arms.rules.map import EiaBoard
from bot.rulesets.empires_in_arms.rules.map.profile import PROFILE

MAP_FILE = Path(__file__).resolve().parents[3] / "data" / "empires-in-arms" / "maps" / "empires-in-arms.toml"

ZONES = {"north_atlantic", "north_sea", "baltic_sea", "gulf_of_bothnia", "gulf_of_finland", "english_channel",
         "irish_sea", "atlantic_ocean", "bay_of_biscay", "portuguese_coast", "western_mediterranean", "gulf_of_lyon",
         "tyrrhenian_sea", "central_mediterranean", "adriatic_sea", "ionian_sea", "aegean_sea",
         "eastern_mediterranean", "black_sea"}
FORTRESSES = {"gibraltar", "malta", "copenhagen", "constantinople", "kronstadt", "toulon", "brest", "cadiz",
              "cartagena", "ferrol", "karlskrona", "sveaborg", "sevastopol", "messina", "corfu", "portsmouth"}
STRAITS = {  # E13: strait -> (its zones, its controlling fortresses)
    "gibraltar_strait": ({"portuguese_coast", "western_mediterranean"}, ("gibraltar",)),
    "the_sound": ({"north_sea", "baltic_sea"}, ("copenhagen",)),
    "the_straits": ({"aegean_sea", "black_sea"}, ("constantinople",)),
    "messina_strait": ({"tyrrhenian_sea", "ionian_sea"}, ("messina",)),
}


@cache
def board() -> EiaBoard:
    gm = load_map_file(MAP_FILE, profile=PROFILE)
    assert isinstance(gm, EiaBoard)
    return gm


def test_the_sea_zones_of_1805():
    assert set(board().zones) == ZONES


def test_every_port_lies_in_one_zone_and_every_zone_but_the_open_north_atlantic_has_ports():
    gm = board()
    assert len(gm.ports) >= 70
    for port_id in gm.ports:
        assert gm.zone_of(port_id) in ZONES
        assert sum(port_id in gm.ports_in(z) for z in ZONES) == 1
    assert [z for z in sorted(ZONES) if not gm.ports_in(z)] == ["north_atlantic"]
    assert gm.zone_of("brest") == "english_channel" and gm.zone_of("constantinople") == "aegean_sea"
    assert gm.zone_of("copenhagen") == "baltic_sea" and gm.zone_of("gibraltar") == "western_mediterranean"


def test_the_fortresses():
    gm = board()
    assert {p for p in gm.ports if gm.is_fortress(p)} == FORTRESSES


def test_the_straits_and_their_controlling_fortresses():
    gm = board()
    assert {k: (set(gm.strait_zones(k)), gm.controlling_ports(k)) for k in gm.straits} == STRAITS
    assert gm.strait_between("black_sea", "aegean_sea") == "the_straits"
    assert gm.straits_controlled_by("constantinople") == ("the_straits",)


def test_the_baltic_is_entered_only_through_the_sound_and_the_black_sea_only_through_the_straits():
    gm = board()
    assert gm.adjacent("baltic_sea") == ("gulf_of_bothnia", "gulf_of_finland", "north_sea")
    assert gm.adjacent("black_sea") == ("aegean_sea",)
    assert gm.straits_on(gm.route("kronstadt", "portsmouth")) == ("the_sound",)


def test_distances_in_maneuvers():
    gm = board()
    assert gm.distance("toulon", "cadiz") == 4  # gulf_of_lyon, western_mediterranean, portuguese_coast, cadiz
    assert gm.straits_on(gm.route("toulon", "cadiz")) == ("gibraltar_strait",)
    assert gm.distance("brest", "portsmouth") == 2  # both open onto the Channel
    assert gm.distance("sevastopol", "constantinople") == 3
    # E9.2: from a battle off Cape Trafalgar, the nearest of the allies' ports
    assert gm.nearest_ports("portuguese_coast", ["cadiz", "cartagena", "toulon"]) == ("cadiz",)


def test_the_art_holds_every_node_at_its_projected_point():
    from PIL import Image

    from bot.rulesets.empires_in_arms.art.generate import project
    gm = board()
    art = gm.art
    assert art is not None
    with Image.open(art.image) as image:
        assert image.size == (art.width, art.height)
        rgb = image.convert("RGB")
        # every zone's disc stands at sea (blue), never ashore (the generator keeps it so)
        for zone in gm.zones:
            r, _, b = rgb.getpixel(tuple(int(v) for v in art.points[zone]))
            assert b > r + 20, zone
    assert set(art.points) == set(gm.nodes)
    points, height, _ = project(gm)
    assert points == {k: tuple(v) for k, v in art.points.items()} and height == art.height
