"""The Empires in Arms map checks (E2.2, E13, E-OP-24): each problem is named with its entry,
what is wrong and what would be right, and every problem of a file is reported at once."""

from __future__ import annotations

from tests.rulesets.empires_in_arms.test_map_view import problems, small


def one(raw: dict) -> str:
    found = problems(raw)
    assert len(found) == 1, found
    return found[0]


def test_a_port_in_two_zones():
    assert one(small(ports__cadiz__zone=["atlantic", "west_med"])) == (
        "small.toml: ports.cadiz: key 'zone': Value error, a port lies in exactly one sea zone (E2.2), but 2 are "
        "listed ('atlantic', 'west_med'): keep the one it opens onto, e.g. zone = \"<zone id>\"")


def test_a_port_in_an_unknown_zone_or_in_a_port():
    assert one(small(ports__cadiz__zone="atlantis")).startswith(
        "small.toml: ports.cadiz: zone 'atlantis' is not a known sea zone (known: atlantic, biscay, lyon, west_med")
    assert one(small(ports__cadiz__zone="lisbon")) == (
        "small.toml: ports.cadiz: zone 'lisbon' is a port: a port lies in a sea zone (E2.2)")


def test_a_zone_listing_a_port_as_adjacent():
    found = problems(small(zones__biscay__adjacent=["atlantic", "ferrol"]))
    assert ("small.toml: zones.biscay: adjacent lists 'ferrol', which is a port: a port lies in a zone (set zone = "
            "'biscay' on ports.ferrol), it is not adjacent to one") in found


def test_a_zone_without_neighbours_and_an_unreachable_zone():
    raw = small()
    raw["zones"]["adriatic"] = {"name": "Adriatic", "x": 15.0, "y": 43.0, "adjacent": []}
    assert problems(raw) == [
        "small.toml: zones.adriatic: has no adjacent sea zones: a fleet could never enter or leave it (list them in "
        "'adjacent', E2.2)",
        "small.toml: zones: atlantic, biscay, lyon, west_med cannot be reached from 'adriatic': join them with "
        "'adjacent'"]


def test_a_strait_whose_controlling_port_is_not_on_it():
    assert one(small(straits__gibraltar_strait__controlling_ports=["toulon"])) == (
        "small.toml: straits.gibraltar_strait: controlling port 'toulon' lies in zone 'lyon', not on the strait (its "
        "zones: atlantic, west_med): a strait is controlled from a port of one of its zones (E13.2)")


def test_a_strait_controlled_by_a_port_that_is_no_fortress():
    assert one(small(straits__gibraltar_strait__controlling_ports=["cartagena"])) == (
        "small.toml: straits.gibraltar_strait: controlling port 'cartagena' is no fortress: a strait is controlled "
        "by a fortress (E13.1); set fortress = true on ports.cartagena, or name a fortress")


def test_a_strait_between_zones_that_are_not_adjacent():
    assert one(small(straits__gibraltar_strait__zones=["atlantic", "lyon"],
                     straits__gibraltar_strait__controlling_ports=["toulon"])) == (
        "small.toml: straits.gibraltar_strait: zones 'atlantic' and 'lyon' are not adjacent: a fleet passes a strait "
        "moving from one to the other (E-OP-24), so list each in the other's 'adjacent'")
    # the controller is in west_med, no longer on the strait: both problems at once
    found = problems(small(straits__gibraltar_strait__zones=["biscay", "atlantic"]))
    assert len(found) == 1 and "controlling port 'gibraltar' lies in zone 'west_med'" in found[0]


def test_a_strait_of_one_or_three_zones_or_the_same_zone_twice():
    assert one(small(straits__gibraltar_strait__zones=["atlantic"])) == (
        "small.toml: straits.gibraltar_strait: zones lists 1 zones: a strait joins exactly two adjacent sea zones "
        "(zones = [\"<zone id>\", \"<zone id>\"], E-OP-24)")
    assert "zones lists 3 zones" in one(small(straits__gibraltar_strait__zones=["atlantic", "west_med", "lyon"]))
    assert one(small(straits__gibraltar_strait__zones=["atlantic", "atlantic"])) == (
        "small.toml: straits.gibraltar_strait: zones lists 'atlantic' twice: a strait joins two different sea zones")


def test_unknown_zones_and_ports_of_a_strait():
    found = problems(small(straits__gibraltar_strait__zones=["atlantic", "atlantis"],
                           straits__gibraltar_strait__controlling_ports=["gibraltar", "ceuta", "gibraltar"]))
    assert found[0].startswith("small.toml: straits.gibraltar_strait: zones 'atlantis' is not a known sea zone")
    assert found[1].startswith("small.toml: straits.gibraltar_strait: controlling_ports 'ceuta' is not a known port")
    assert found[2] == "small.toml: straits.gibraltar_strait: controlling_ports lists 'gibraltar' twice"
    assert len(found) == 3


def test_a_strait_without_controlling_ports():
    found = problems(small(straits__gibraltar_strait__controlling_ports=[]))
    assert found == ["small.toml: straits.gibraltar_strait: key 'controlling_ports': List should have at least 1 "
                     "item after validation, not 0"]


def test_two_straits_on_one_pair_of_zones():
    raw = small()
    raw["straits"]["second"] = {"name": "Second", "zones": ["west_med", "atlantic"], "controlling_ports": ["gibraltar"]}
    assert one(raw) == ("small.toml: straits.second: joins the same zones as straits.gibraltar_strait: one strait "
                        "per pair of zones")


def test_every_problem_at_once():
    found = problems(small(ports__cadiz__zone="atlantis", straits__gibraltar_strait__controlling_ports=["marseille"]))
    assert len(found) == 3  # the unknown zone; marseille off the strait and no fortress
