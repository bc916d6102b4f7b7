"""The synthetic campaigns the benchmarks and the secrecy test use
(bench/synth_map.py, bench/synth_campaign.py): the generated coast is a valid
map with what the issue asks for, the same every time, and every unit of
every size is ordered with orders /order accepts."""

from __future__ import annotations

from collections import Counter

from bench.synth_campaign import RULESET, SIZES, campaign
from bench.synth_map import coast_map
from bot.mapfiles import parse_map
from bot.engine.ruleset import slot_unit


def test_the_generated_coast_is_a_valid_map_with_ports_islands_and_straits():
    gamemap = coast_map(300)
    kinds = Counter(a.kind for a in gamemap.areas.values())
    assert kinds == {"province": 300}
    assert (len(gamemap.ports), len(gamemap.islands), len(gamemap.straits), len(gamemap.locs)) == (200, 25, 48, 37)
    assert sum(not a.coastal for a in gamemap.areas.values()) == 60  # inland provinces
    assert {i.size for i in gamemap.islands.values()} == {"large", "small"}
    raw = gamemap.file_data()
    assert parse_map(raw, "round trip") == gamemap  # what `python -m bot check-map` runs on a file
    assert coast_map(300) == gamemap  # deterministic


def test_every_unit_of_every_size_is_ordered_validly():
    for size, (clans, units, _) in SIZES.items():
        synth = campaign(size)
        assert (len(synth.state.clans), synth.units) == (clans, units)
        ordered = {slot_unit(o.unit) for o in synth.orders}
        assert ordered == set(synth.state.squadrons) | set(synth.state.fleets), size
        assert {o.payload.get("subphase", "SP1") for o in synth.orders} == {"SP1", "SP2", "SP3"}
        assert {"sq_cruise", "sq_piracy", "sq_attack_port", "sq_ravage", "tf_landing", "tf_piracy"} <= set(synth.kinds)
    small = campaign("S")
    for order in small.orders:  # as the turn holds them: each one valid against the state
        parsed = RULESET.parse_order(order.payload)
        RULESET.validate_order(small.state, small.gamemap, small.settings, order.faction, parsed, None)
