"""Values a moderator can give that the rules cannot fight with, and hostile text in moderators'
lists: the turn never fails on them and the command refuses them clearly (U-OP-15 upgrades,
U-OP-01 missing values, U13 armies)."""

from __future__ import annotations

import pytest

from bot.rulesets.royal_fleets.commands.moderate import unit_healths
from bot.rulesets.royal_fleets.rules.moderation.edits import apply_edit, parse_edit
from bot.services.errors import UserError
from tests.rulesets.royal_fleets.support import SEA, fleet, kinds, of_kind, order, run, state


@pytest.mark.parametrize("edit, gap", [
    ({"attack_bonus": -6}, "ships.s-1.attack_bonus"),  # galleon 6 + (−6) = 0: cannot attack (U6.2.2)
    ({"health": 1000}, "ships.s-1.health"),  # above the galleon's 17
    ({"health_bonus": -17}, "ships.s-1.health_bonus"),  # a maximum of 0
])
def test_u_op_15_a_ship_that_cannot_fight_stops_the_battle_for_a_moderator(edit, gap):
    """Before: the battle's input check raised and the whole turn failed."""
    st, _ = apply_edit(state(fleet("s", "spain", "x", "galleon"), fleet("d", "dutch", "y", "frigate"),
                             trade_posts={}), SEA, parse_edit({"kind": "ship", "id": "s-1", **edit}))
    result = run(st, [order("dutch", 1, kind="move", fleet="d", path=["x"])])
    assert "battle_started" not in kinds(result)
    assert [(e.what, e.subject, e.detail) for e in of_kind(result, "moderator_needed")] == [("U-OP-01", "x", gap)]
    assert result.state.fleets["s"].ships[0].id == "s-1"  # nothing lost


@pytest.mark.parametrize("text", ["3, ²", "", "3, -1", "1/0", "3.5"])
def test_u13_unit_healths_refuses_what_is_not_a_list_of_whole_healths(text):
    """'²' is a digit to str.isdigit but not to int(): before, it raised ValueError (a crash)."""
    with pytest.raises(UserError):
        unit_healths(text)


def _carrying():
    from bot.rulesets.royal_fleets.rules.model.state import Army, Cargo
    return state(fleet("f", "spain", "a1", "flute", cargo=[Cargo(army="t", units=1)]), trade_posts={},
                 armies={"t": Army(id="t", name="Tercio", owner="spain", units=[10], aboard="f")})


@pytest.mark.parametrize("edit", [{"kind": "fleet", "id": "f", "remove": True},
                                  {"kind": "ship", "id": "f-1", "health": 0}])
def test_u_op_30_a_moderator_cannot_take_away_a_fleet_with_troops_aboard(edit):
    """Before: the fleet went and its army stayed 'aboard' a fleet that did not exist."""
    from bot.engine.ruleset import OrderRejected
    with pytest.raises(OrderRejected) as refused:
        apply_edit(_carrying(), SEA, parse_edit(edit))
    assert refused.value.values["armies"] == "Tercio"


def test_u13_an_army_removed_or_put_ashore_by_a_moderator_leaves_its_fleet():
    removed, _ = apply_edit(_carrying(), SEA, parse_edit({"kind": "army", "id": "t", "remove": True}))
    assert removed.fleets["f"].cargo == [] and "t" not in removed.armies
    ashore, _ = apply_edit(_carrying(), SEA, parse_edit({"kind": "army", "id": "t", "province": "p"}))
    assert ashore.fleets["f"].cargo == []
    assert (ashore.armies["t"].province, ashore.armies["t"].aboard) == ("p", None)
