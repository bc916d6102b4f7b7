"""The pure blockade queries other modules call (S2.2, S4.3, S6, OP-20, OP-25,
OP-30) and the under-repair flag during a sub-phase (OP-18)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine.dice import ScriptedDice
from bot.mapfiles import load_map_file
from bot.rulesets.sengoku.rules.ports import repair
from bot.rulesets.sengoku.rules.trade.blockade import (blocked_for, crossing_blocked, loc_blockers, port_blockers,
                                        rebase_problem)
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.model import (ActiveLoc, Clan, HeavyDetachment, PortState, Relation, RelationEntry,
                                     SengokuState, Squadron)
from bot.rulesets.sengoku.rules.orders.orders import SquadronRepair
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

MAPS = Path(__file__).resolve().parent.parent / "scenarios" / "maps"


@pytest.fixture(scope="module")
def isles():
    return load_map_file(MAPS / "isles.toml")


def _state(gamemap, station: str | None) -> SengokuState:
    """Red holds the island and West; Blue's cruiser C is on station at ``station``."""
    owners = {"west": "red", "isle_n": "red", "isle_s": "red", "mid": "blue", "east": "blue"}
    state = SengokuState(
        clans={c: Clan(id=c, name=c.title()) for c in ("red", "blue", "green")},
        relations=[RelationEntry(a="red", b="blue", relation=Relation.AT_WAR)],
        area_owner=owners,
        ports={p: PortState(id=p, owner=owners[gamemap.ports[p].area]) for p in gamemap.ports})
    if station:
        state.squadrons["C"] = Squadron(id="C", name="Chōkai", owner="blue", base_port="mport", station=station,
                                        location=station, standing={"kind": "sq_cruise", "unit": "C",
                                                                    "target": station})
    return state


@pytest.mark.parametrize("station, cut, crossing", [
    ("mid", {"coast_road", "north_lane"}, True),         # S6.2: opposite province
    ("isle_n", {"north_lane", "south_lane"}, True),      # S6.3: every LoC from the island
    ("west", {"coast_road"}, False),                     # OP-20 (a) only
    (None, set(), False),
])
def test_what_a_cruiser_cuts(isles, station, cut, crossing):
    state, settings = _state(isles, station), SengokuSettings()
    assert {loc for loc in isles.locs if blocked_for(state, isles, settings, loc, "red")} == cut
    assert crossing_blocked(state, isles, settings, "narrows", "red") is crossing
    assert not any(blocked_for(state, isles, settings, loc, "green") for loc in isles.locs)  # not at war
    assert not crossing_blocked(state, isles, settings, "narrows", "blue")                   # own cruiser


def test_port_blockade_needs_an_enemy_province(isles):
    settings = SengokuSettings()
    assert port_blockers(_state(isles, "isle_n"), isles, settings, "nport", "red") == ["C"]  # S4.3.3
    assert port_blockers(_state(isles, "mid"), isles, settings, "mport", "red") == []        # own coast


def test_mutual_presence(isles):
    state = _state(isles, "mid")
    state.squadrons["R"] = Squadron(id="R", name="Ryūjō", owner="red", base_port="wport", station="mid",
                                    location="mid", standing={"kind": "sq_cruise", "unit": "R", "target": "mid"})
    assert loc_blockers(state, isles, SengokuSettings(), "north_lane", "red") == ["C"]
    off = SengokuSettings(mutual_presence_blocks=False)
    assert loc_blockers(state, isles, off, "north_lane", "red") == []
    assert not crossing_blocked(state, isles, off, "narrows", "blue")


def test_active_loc_to_a_portless_province_can_be_cut(isles):
    state = _state(isles, "isle_n")
    state.active_locs.append(ActiveLoc(id="wport-mid", clan="red", from_port="wport", to_area="mid",
                                       path=["west", "mid"], secured_by="L", active_from_turn=1))
    assert not blocked_for(state, isles, SengokuSettings(), "wport-mid", "red")
    state.squadrons["C"].station = state.squadrons["C"].location = "mid"
    assert blocked_for(state, isles, SengokuSettings(), "wport-mid", "red")


def test_w3_squadron_at_target_does_not_block(isles):
    state = _state(isles, "mid")
    state.squadrons["C"].standing = None  # at a W3 target, not cruising
    assert not blocked_for(state, isles, SengokuSettings(), "coast_road", "red")


def test_rebase_problem_names_the_blocked_loc(isles):
    state = _state(isles, "isle_n")
    fleet = Squadron(id="S", name="Sakura", owner="red", base_port="sport")
    problem = rebase_problem(state, isles, SengokuSettings(), fleet, "nport")
    assert problem is not None and "North Isle" in problem and "(S2.2, OP-06)" in problem
    fleet.base_port = "wport"  # the Coast lane does not touch the island
    assert rebase_problem(state, isles, SengokuSettings(), fleet, "eport") is None


def test_under_repair_lasts_the_subphase(isles):
    state = _state(isles, None)
    state.squadrons["N"] = Squadron(id="N", name="Nachi", owner="blue", base_port="mport", location="mid",
                                    damage=3)
    state.heavy["N-hd"] = HeavyDetachment(id="N-hd", owner="blue", attached_to="N", base_port="mport", damage=2)
    ctx = Ctx(state=state, gamemap=isles, settings=SengokuSettings(sq_repair_amount_per_subphase=1),
              dice=ScriptedDice({}), subphase="SP1")
    ctx.orders["N"] = SquadronRepair(unit="N")
    repair.start_subphase(ctx)
    assert state.squadrons["N"].under_repair and state.heavy["N-hd"].under_repair  # S8.8.4, S4.2.4
    repair.end_subphase(ctx)
    assert (state.squadrons["N"].damage, state.heavy["N-hd"].damage) == (2, 1)
    assert state.squadrons["N"].under_repair  # still damaged: repairs on into SP2
