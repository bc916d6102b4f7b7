"""The resolution's index (model/index.py, issue 18): answers follow the rules' in-place changes,
and the check mode the tests run under fails loudly when an index missed one."""

from __future__ import annotations

import pytest

from bot.rulesets.sengoku.rules.model.index import IndexMismatch, StateIndex
from bot.rulesets.sengoku.rules.model.model import Changes, Relation, RelationEntry
from bot.rulesets.sengoku.rules.trade.blockade import cruisers_at
from tests.rules.conftest import add_squadron, make_ctx

CRUISE = {"kind": "sq_cruise", "unit": "x", "target": "middle"}


def test_the_tests_run_in_check_mode():
    assert StateIndex.check


def test_on_station_follows_moves_new_squadrons_and_removals(state):
    ctx = make_ctx(state, {})
    a = add_squadron(state, "a", "red", location="middle")
    a.station, a.standing = "middle", CRUISE
    assert [sq.id for sq in ctx.index.on_station("middle")] == ["a"]
    b = add_squadron(state, "b", "blue", location="middle")  # S4.3.4: another cruiser takes station
    b.station, b.standing = "middle", CRUISE
    assert [sq.id for sq in cruisers_at(state, "middle")] == ["a", "b"]
    a.location = "red_home"
    del state.squadrons["b"]
    assert cruisers_at(state, "middle") == []


def test_moves_after_the_index_was_built_are_applied_from_the_journal(state, monkeypatch):
    ctx = make_ctx(state, {})
    squadrons = [add_squadron(state, f"s{i}", "red", location="middle") for i in range(4)]
    assert ctx.index.on_station("middle") == []
    for sq in reversed(squadrons):  # S4.3.4: they take station one by one
        sq.station = "middle"
    assert ctx.index.on_station("middle") == squadrons  # by id, whatever the order of the moves
    squadrons[1].location = "blue_home"
    monkeypatch.setattr(Changes, "MOVED_MAX", 1)  # the journal starts afresh: the index rebuilds in full
    squadrons[2].station = "blue_home"
    squadrons[2].location = "blue_home"
    assert (ctx.index.on_station("middle"), ctx.index.on_station("blue_home")) == (
        [squadrons[0], squadrons[3]], [squadrons[2]])


def test_relations_follow_edits_and_the_first_entry_of_a_pair_wins(state):
    ctx = make_ctx(state, {})
    assert state.at_war("red", "blue") and ctx.index.relation("blue", "red") is Relation.AT_WAR
    state.relations.append(RelationEntry(a="blue", b="red", relation=Relation.ALLIED))
    assert state.relation("red", "blue") is Relation.AT_WAR  # OP-48: as the scan reads the list
    state.relations[0].relation = Relation.NEUTRAL
    assert state.relation("red", "blue") is Relation.NEUTRAL


def test_heavy_detachments_follow_attachment(state):
    make_ctx(state, {})
    add_squadron(state, "a", "red", hds=1)
    add_squadron(state, "b", "red")
    assert [hd.id for hd in state.hds_of("a")] == ["a-hd1"]
    state.heavy["a-hd1"].attached_to = "b"
    assert (state.hds_of("a"), [hd.id for hd in state.hds_of("b")]) == ([], ["a-hd1"])


def test_based_at_follows_rebasing(state):
    ctx = make_ctx(state, {})
    a = add_squadron(state, "a", "red")
    assert ctx.index.based_at("red_port") == [a]
    a.base_port = "blue_port"  # S2: re-based
    assert (ctx.index.based_at("red_port"), ctx.index.based_at("blue_port")) == ([], [a])


def test_a_change_the_index_cannot_see_fails_loudly(state):
    ctx = make_ctx(state, {})
    a = add_squadron(state, "a", "red", location="middle")
    a.station = "middle"
    assert ctx.index.on_station("middle") == [a]
    a.__dict__["location"] = "red_home"  # behind pydantic's back: no watched assignment
    with pytest.raises(IndexMismatch, match="on_station"):
        ctx.index.on_station("middle")


def test_a_resolution_lets_go_of_the_squadrons_it_moved(state):
    ctx = make_ctx(state, {})
    add_squadron(state, "a", "red").location = "red_home"
    assert Changes.moved and Changes.moved[-1] is state.squadrons["a"]
    ctx.index.detach()
    assert Changes.moved == [] and state._index is None
