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


def test_u10_1_a_fleet_arriving_this_turn_takes_its_orders_this_turn():
    """U10.1 / U-OP-34: entered T on turn 5, it appears in T (west) on turn 6 with full MP, as the
    case UX7-arrival has it.  Before: the order given on turn 6 was refused when submitted ("between
    the maps until turn 6"), so the fleet lost its arrival turn."""
    from bot.rulesets.royal_fleets.rules.model.state import Transit
    from bot.rulesets.royal_fleets.rules.orders.orders import parse_order
    from bot.rulesets.royal_fleets.rules.validation.validate import validate
    from tests.rulesets.royal_fleets.support import settings
    arriving = fleet("f", "spain", None, "galleon", in_transit=Transit(from_area="t_e", to_area="t_w", arrival_turn=5))
    st = state(arriving, trade_posts={})
    assert validate(st, SEA, settings(), "spain", parse_order({"kind": "move", "fleet": "f", "path": ["carib"]})) == []
    result = run(st, [order("spain", 1, kind="move", fleet="f", path=["carib"])])
    assert result.state.fleets["f"].location == "carib"
    later = state(arriving.model_copy(update={"in_transit": Transit(from_area="t_e", to_area="t_w", arrival_turn=6)}),
                  trade_posts={})
    from bot.engine.ruleset import OrderRejected
    with pytest.raises(OrderRejected):  # still between the maps this turn
        validate(later, SEA, settings(), "spain", parse_order({"kind": "hold", "fleet": "f"}))


def _raw(**more):
    fleet_ = {"id": "f", "name": "F", "owners": ["spain"], "commander": "spain",
              "ships": [{"id": "s1", "type": "galleon", "health": 10}], "location": "x"}
    fleet_.update(more.pop("fleet", {}))
    return {"turn": 5, "factions": {"spain": {"name": "Spain"}, "dutch": {"name": "United Provinces"}},
            "fleets": {"f": fleet_}, **more}


@pytest.mark.parametrize("raw, problem", [
    (_raw(fleet={"location": None, "in_transit": {"from_area": "t_e", "to_area": "nowhere", "arrival_turn": 5}}),
     "fleet f: in_transit names nowhere, which is not a sea area of the map"),
    (_raw(fleet={"blockading": ["nowhere"]}), "fleet f: blockades nowhere, which is not a port of the map"),
    (_raw(fleet={"cargo": [{"army": "ghost", "units": 1}]}),
     "fleet f: carries ghost, which is no army aboard it (its aboard field must name the fleet)"),
    (_raw(armies={"a": {"id": "a", "name": "A", "owner": "spain", "units": [3], "aboard": "f"}}),
     "army a: aboard f, but not in that fleet's cargo"),
    (_raw(armies={"a": {"id": "a", "name": "A", "owner": "spain", "units": [], "province": "p"}}),
     "army a: has no unit; list each unit's health"),
    (_raw(relations=[["spain", "ghost", "at_war"]]), "relation spain–ghost: ghost is not a faction"),
])
def test_a_scenario_state_that_would_corrupt_the_campaign_is_refused_by_name(raw, problem):
    """Before: each was loaded, and the campaign carried a fleet bound for nowhere, a blockade of
    nothing or an army aboard a fleet that did not carry it."""
    from bot.rulesets.royal_fleets.rules.model.scenario import build_state
    with pytest.raises(ValueError) as refused:
        build_state(raw, SEA, "case.yaml")
    assert str(refused.value) == f"case.yaml: {problem}"
