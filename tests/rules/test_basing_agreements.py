"""The basing_agreement moderator edit (S2.4, S12.2; bot/rulesets/sengoku/rules/moderation/moderator_basing.py):
recorded for a turn, listed, removed; refused by name when wrong, and the state
given is never changed.  The BASE checks that read it are in the case files
tests/scenarios/cases/basing/s2_4_*."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.mapfiles import load_map_file
from bot.engine.ruleset import OrderRejected
from bot.plugins import get_ruleset
from bot.rulesets.sengoku.rules.model.model import BasingAgreement, Clan, PortState, SengokuState

RULESET = get_ruleset("sengoku")
GAMEMAP = load_map_file(Path(__file__).parents[1] / "scenarios" / "maps" / "channel.toml")


@pytest.fixture
def state() -> SengokuState:
    return SengokuState(turn=4, clans={c: Clan(id=c, name=c.title()) for c in ("red", "green")},
                        area_owner={"west": "red", "mid": "green", "isle": "green"},
                        ports={"wport": PortState(id="wport", owner="red"), "mport": PortState(id="mport", owner="green"),
                               "iport": PortState(id="iport", owner="green"), "eport": PortState(id="eport")})


def edit(state, **fields):
    before = state.model_dump(mode="json")
    new, text = RULESET.apply_edit(state, GAMEMAP, RULESET.parse_edit({"kind": "basing_agreement", **fields}))
    assert state.model_dump(mode="json") == before
    return new, text


def refused(state, **fields) -> str:
    before = state.model_dump(mode="json")
    with pytest.raises(OrderRejected) as caught:
        RULESET.apply_edit(state, GAMEMAP, RULESET.parse_edit({"kind": "basing_agreement", **fields}))
    assert state.model_dump(mode="json") == before
    return str(caught.value)


def test_an_agreement_is_recorded_for_this_turn_and_covers_that_port_only(state):
    new, text = edit(state, host="green", guest="red", port="mport")
    assert new.basing_agreements == [BasingAgreement(host="green", guest="red", port="mport", turn=4)]
    assert text == ("Red may base ships at Green's port Middle Port in turn 4 (S2.4). They count toward the port's "
                    "limit of 5 fleet units and 3 trade fleets together with everyone else's (OP-05 c); trade "
                    "fleets based there trade for Green. The agreement lapses when turn 4 ends. Basing agreements: "
                    "Red at Green's port Middle Port (turn 4).")
    assert new.basing_agreement("red", "mport") is not None
    assert new.basing_agreement("red", "iport") is None          # another port of the host
    assert new.basing_agreement("green", "wport") is None        # not the other way round
    new.turn = 5
    assert new.basing_agreement("red", "mport") is None          # S2.4: for the turn it was made for


def test_all_ports_and_a_later_turn_then_removed(state):
    new, _ = edit(state, host="green", guest="red", turn=5)
    assert new.basing_agreement("red", "iport") is None          # turn 4 now
    new.turn = 5
    assert new.basing_agreement("red", "iport") is not None and new.basing_agreement("red", "mport") is not None
    gone, text = edit(new, action="remove", host="green", guest="red", turn=5)
    assert gone.basing_agreements == []
    assert text.startswith("Red may no longer base ships at every port of Green in turn 5 (S2.4).")
    assert text.endswith("No basing agreements are recorded.")
    assert RULESET.holdings(new, "red")["basing_agreements"] == [
        {"host": "green", "guest": "red", "port": None, "turn": 5}]


def test_bad_agreements_are_refused_by_name(state):
    assert refused(state, host="red", guest="red").startswith("Red is named as host and guest")
    assert refused(state, host="green", guest="red", port="wport") == (
        "West Port is not Green's (it is Red's); a clan agrees only to host ships at its own ports (S2.4)")
    assert refused(state, host="green", guest="red", turn=3).startswith("turn 3 is over")
    assert refused(state, action="remove", host="green", guest="red") == (
        "no agreement lets Red base at every port of Green in turn 4; No basing agreements are recorded.")
    assert "did you mean Green (green)" in refused(state, host="gren", guest="red")


def test_a_unit_based_abroad_says_under_which_agreement(state):
    """S2.4: the clan's listing names the agreement its ship is based under."""
    from bot.rulesets.sengoku.rules.model.model import TradeFleet
    new, _ = edit(state, host="green", guest="red", port="mport")
    new.fleets["F"] = TradeFleet(id="F", name="Fuji-maru", owner="red", base_port="mport", location="mid")
    (view,) = RULESET.units(new, "red")
    assert view.summary == "trade fleet, sound, based mport under the basing agreement with Green for turn 4"
