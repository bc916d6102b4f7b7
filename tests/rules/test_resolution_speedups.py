"""The shortcuts that made a Sengoku resolution faster (issue 18) give what the slow paths gave: the
state copy is ``copy.deepcopy``'s, an assignment stored without validation is what validation would
store (anything else is still validated and refused as before), audiences are shared only because
they are frozen, and a parsed policy still depends on the clans it may name.  The byte-identity of
whole resolutions is tests/rules/test_resolution_hashes.py's."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError

from bot.domain.events import Audience
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.copying import deep_copy
from bot.rulesets.sengoku.rules.model.index import index_of
from bot.rulesets.sengoku.rules.model.model import (Character, CharacterKind, HeavyDetachment, NavalEvent, Relation,
                                                    UnitState)
from bot.rulesets.sengoku.rules.orders.policy import parse_policy
from tests.rules.conftest import add_squadron, make_ctx


def _state_with_everything(state):
    add_squadron(state, "r1", "red", xp=1, dmg=2, hds=1)
    state.squadrons["r1"].standing = {"kind": "sq_cruise", "route": ["red_home", "middle"]}
    state.characters["c1"] = Character(id="c1", name="Kobayakawa", clan="red", kind=CharacterKind.COMMANDER,
                                       naval_events=[NavalEvent(turn=1, kind="led_battle")])
    return state


def test_the_state_copy_is_deepcopys(state):
    state = _state_with_everything(state)
    copied, reference = deep_copy(state), state.model_copy(deep=True)
    assert repr(copied) == repr(reference) and copied.model_dump_json() == reference.model_dump_json()
    assert copied.squadrons["r1"].model_fields_set == state.squadrons["r1"].model_fields_set
    # Nothing mutable is shared with the original.
    copied.squadrons["r1"].standing["route"].append("blue_home")
    copied.characters["c1"].naval_events.append(NavalEvent(turn=2, kind="led_battle"))
    copied.heavy["r1-hd1"].damage = 3
    assert state.squadrons["r1"].standing["route"] == ["red_home", "middle"]
    assert len(state.characters["c1"].naval_events) == 1 and state.heavy["r1-hd1"].damage == 0


def test_the_state_copy_keeps_shared_containers_shared_as_deepcopy_does(state):
    route = ["red_home", "middle"]
    add_squadron(state, "r1", "red").standing = {"route": route}
    state.pending_landings["op"] = {"route": route}
    state.squadrons["r1"].__dict__["standing"] = state.pending_landings["op"]  # one dict in two places
    copied = deep_copy(state)
    assert copied.squadrons["r1"].standing is copied.pending_landings["op"]
    assert copied.pending_landings["op"] is not state.pending_landings["op"]


def test_a_copy_of_an_indexed_state_has_no_index_of_the_original(state):
    ctx = make_ctx(state, {})
    assert ctx.index.relation("red", "blue") is Relation.AT_WAR
    probe = deep_copy(state)
    assert index_of(probe) is None or index_of(probe).state is probe


ASSIGNMENTS = [  # (field, value): plain values stored as given, and values validation must still see
    ("dispersed", True), ("station", "middle"), ("station", None), ("state", UnitState.DESTROYED),
    ("damage", 5), ("damage", 0), ("experience", 2), ("standing", None), ("leader", "c1"),
    ("state", "captured"),      # a str for an enum field: validation makes it the member
    ("damage", True),           # a bool for an int field: validation makes it 1
    ("dispersed", "yes"),       # validation reads it as True
    ("standing", {"kind": "sq_cruise"}),
]


@pytest.mark.parametrize("field, value", ASSIGNMENTS)
def test_an_assignment_stores_what_validation_stores(state, field, value):
    fast, slow = add_squadron(state, "r1", "red"), add_squadron(state, "r2", "red")
    setattr(fast, field, value)
    BaseModel.__setattr__(slow, field, value)  # pydantic's own validated assignment
    assert fast.__dict__[field] == slow.__dict__[field]
    assert type(fast.__dict__[field]) is type(slow.__dict__[field])
    assert field in fast.model_fields_set


@pytest.mark.parametrize("field, value", [("damage", 6), ("damage", -1), ("experience", 3), ("state", "sunk"),
                                          ("station", 3), ("dispersed", "perhaps")])
def test_a_bad_assignment_is_still_refused_and_changes_nothing(state, field, value):
    sq = add_squadron(state, "r1", "red")
    before = dict(sq.__dict__)
    with pytest.raises(ValidationError):
        setattr(sq, field, value)
    assert sq.__dict__ == before


def test_a_heavy_detachment_taken_is_gone_from_its_squadron_at_once(state):
    """The index holds only active detachments: a change of state is watched (model/index.py)."""
    add_squadron(state, "r1", "red", hds=2)
    ctx = make_ctx(state, {})
    found = ctx.state.hds_of("r1")
    assert [hd.id for hd in found] == ["r1-hd1", "r1-hd2"]
    found.clear()  # the caller's own list
    state.heavy["r1-hd1"].state = UnitState.CAPTURED
    assert [hd.id for hd in ctx.state.hds_of("r1")] == ["r1-hd2"]
    state.heavy["r1-hd3"] = HeavyDetachment(id="r1-hd3", owner="red", attached_to="r1")
    assert [hd.id for hd in ctx.state.hds_of("r1")] == ["r1-hd2", "r1-hd3"]


def test_audiences_are_shared_only_as_frozen_values():
    assert Audience.of("blue", "red") is Audience.of("blue", "red")
    assert Audience.of("red", "blue") == Audience(factions=("blue", "red"))
    assert Audience.everyone() == Audience(public=True) and Audience.moderators() == Audience()
    with pytest.raises(ValidationError):
        Audience.of("red").public = True


def test_a_parsed_policy_still_reads_the_clans_it_names():
    mori = parse_policy("if enemy_clan == Mōri", "want_battle", clans={"mori": "Mōri"})
    assert mori.decide({"enemy_clan": frozenset({"mori"})}) is True
    with pytest.raises(OrderRejected):  # another campaign, no such clan: refused, not taken from the cache
        parse_policy("if enemy_clan == Mōri", "want_battle", clans={"otomo": "Ōtomo"})
    plain = parse_policy("if enemy_count <= own_count", "want_battle", clans={"otomo": "Ōtomo"})
    assert plain.decide({"enemy_count": 1, "own_count": 2}) is True
