"""A copy of a state under resolution (the probes of validation and basing, S2.1–S2.4) answers from
its own contents, never from the index of the state it was copied from; the index never reaches a
dump (issue 18; found sound in review)."""

from __future__ import annotations

from bot.rulesets.sengoku.rules.model.index import index_of
from bot.rulesets.sengoku.rules.model.model import Relation
from tests.rules.conftest import make_ctx


def test_a_deep_copy_of_an_indexed_state_reads_its_own_relations(state):
    """The copy's index (pydantic copies the private attribute, its state memoised) is the copy's."""
    ctx = make_ctx(state, {})
    assert ctx.index.relation("red", "blue") is Relation.AT_WAR  # built on the original (OP-48)
    probe = state.model_copy(deep=True)
    assert index_of(probe) is None or index_of(probe).state is probe
    probe.relations[0].relation = Relation.NEUTRAL
    assert probe.relation("red", "blue") is Relation.NEUTRAL
    assert state.relation("red", "blue") is Relation.AT_WAR


def test_the_index_never_reaches_a_dump(state):
    make_ctx(state, {})
    assert "_index" not in state.model_dump(mode="json") and "_index" not in state.model_dump_json()
