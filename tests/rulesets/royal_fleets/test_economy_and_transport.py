"""Hiring (U3.1, U-OP-06), fleets merged and split (U1, U-OP-02, U-OP-03), deployment (U1.3,
U-OP-33), blockade checks (U4, U-OP-10), hired transports (U9.5), troops on sunk ships (U-OP-30),
and the refusal of an order that needs a missing table value (U-OP-01)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.model.state import Army, Cargo, HiredTransport
from bot.rulesets.royal_fleets.rules.orders.orders import parse_order
from bot.rulesets.royal_fleets.rules.validation.validate import validate
from tests.rulesets.royal_fleets.support import SEA, fleet, kinds, of_kind, order, run, settings, state


def check(st, faction: str, **payload):
    return validate(st, SEA, settings(), faction, parse_order(payload))


def test_u3_1_ships_are_hired_at_an_open_own_port_and_appear_at_the_end_of_the_turn():
    """Cádiz (Spain's) opens onto A1: two galleons for 2000 form a new fleet there, which cannot sail
    this turn (U-OP-06).  Spain: 5000 − 2000 = 3000 (no ships yet to pay upkeep for)."""
    st = state(trade_posts={})
    result = run(st, [order("spain", 1, kind="hire", area="a1", ships=["galleon", "galleon"], name="New Armada")])
    hired = of_kind(result, "ships_hired")[0]
    new = result.state.fleets[hired.fleet]
    assert (new.name, new.location, [s.health for s in new.ships]) == ("New Armada", "a1", [17, 17])
    assert result.state.factions["spain"].treasury == Fraction(3000) and hired.cost == 2000


def test_u3_1_no_hiring_where_no_open_own_or_allied_port_is_or_where_it_is_blockaded():
    st = state(trade_posts={})
    with pytest.raises(OrderRejected, match=r"unblocked port of your own or an allied province opens \(U3.1\)"):
        check(st, "spain", kind="hire", area="x", ships=["galleon"])
    blockaded = state(fleet("k", "dutch", "a1", "frigate", blockading=["cadiz"]), trade_posts={})
    with pytest.raises(OrderRejected, match=r"\(U3.1\)"):
        check(blockaded, "spain", kind="hire", area="a1", ships=["galleon"])


def test_u_op_01_hiring_a_ship_whose_price_is_not_set_is_refused_naming_the_setting():
    st = state()
    tables = settings().ship_types | {"galleon": settings().ship_types["galleon"].model_copy(update={"price": None})}
    with pytest.raises(OrderRejected) as refused:
        validate(st, SEA, settings(ship_types=tables), "spain",
                 parse_order({"kind": "hire", "area": "a1", "ships": ["galleon"]}))
    assert "`ship_types.galleon.price`" in str(refused.value) and refused.value.rule == "U-OP-01"
    with pytest.raises(OrderRejected, match="There is no ship type carrack"):
        check(st, "spain", kind="hire", area="a1", ships=["carrack"])


def test_u1_2_merging_into_an_allys_fleet_waits_for_its_consent_then_joins():
    """U-OP-02: France (allied to Spain here) asks; next turn Spain's join_command accepts."""
    st = state(fleet("f", "france", "x", "frigate"), fleet("s", "spain", "x", "galleon"),
               relations=[("spain", "france", "allied")], trade_posts={})
    asked = run(st, [order("france", 1, kind="merge", fleet="f", into="s")])
    assert asked.state.pending_joins[0].asked_by == "france" and "f" in asked.state.fleets
    answered = run(asked.state, [order("spain", 1, kind="join_command", fleet="f", into="s")])
    joined = answered.state.fleets["s"]
    assert [s.id for s in joined.ships] == ["s-1", "f-1"] and joined.owners == ("spain", "france")
    assert "f" not in answered.state.fleets and answered.state.pending_joins == []


def test_u_op_03_a_merge_above_20_ships_is_refused():
    st = state(fleet("a", "spain", "x", *["frigate"] * 12), fleet("b", "spain", "x", *["frigate"] * 9))
    with pytest.raises(OrderRejected, match=r"Together they would have 21 ships; a fleet holds at most 20"):
        check(st, "spain", kind="merge", fleet="a", into="b")


def test_u_op_35_galleasses_split_off_into_a_fleet_of_their_own():
    """Orders are checked against the fleet as the turn starts: the move onto the trade post falls
    back this turn, and is accepted once the galleass has left."""
    st = state(fleet("a", "spain", "a2", "galleon", "galleass"), trade_posts={})
    result = run(st, [order("spain", 1, kind="split", fleet="a", ships=["a-2"], name="Galleasses"),
                      order("spain", 2, kind="move", fleet="a", path=["cape"])])
    split = of_kind(result, "fleet_split")[0]
    assert result.state.fleets[split.new_fleet].location == "a2" and [s.type for s in result.state.fleets["a"].ships] == [
        "galleon"]
    assert of_kind(result, "order_fell_back")[0].rule == "U-OP-35"
    later = run(result.state, [order("spain", 1, kind="move", fleet="a", path=["cape"])])
    assert later.state.fleets["a"].location == "cape"


def test_u1_3_deployment_borders_an_own_province_or_the_initial_trade_post():
    st = state(fleet("a", "spain", "a1", "galleon"), deployment=True)
    check(st, "spain", kind="deploy", fleet="a", area="a1")  # Cádiz's Andalusia borders A1
    check(st, "spain", kind="deploy", fleet="a", area="cape")  # Spain's initial trade post (U10.5, U-OP-33)
    with pytest.raises(OrderRejected, match=r"U-OP-33"):
        check(st, "spain", kind="deploy", fleet="a", area="x")
    with pytest.raises(OrderRejected, match=r"only before the game"):
        check(state(fleet("a", "spain", "a1", "galleon")), "spain", kind="deploy", fleet="a", area="a1")


def test_u4_only_a_hostile_port_opening_onto_the_area_can_be_blockaded():
    st = state(fleet("s", "spain", "y", "galleon"), relations=[("spain", "dutch", "neutral")])
    with pytest.raises(OrderRejected, match=r"Amsterdam is not a port of a faction you are at war with"):
        check(st, "spain", kind="blockade", fleet="s", port="amsterdam")
    with pytest.raises(OrderRejected, match=r"Fort Harbour does not open onto Sea Y; the ports there are: Amsterdam"):
        check(st, "spain", kind="blockade", fleet="s", port="fort_port")


def test_u9_5_hired_transports_left_without_escort_are_captured_by_an_enemy_fleet():
    """The escort sinks to its last ship: the two units on hired transports, alone with the Dutch
    fleet, are captured at once; the unit aboard went down with the ship (U-OP-30, lost)."""
    escort = fleet("f", "spain", "x", "frigate", cargo=[Cargo(army="t", units=1)], escorted_transports=["h1"])
    st = state(escort, fleet("d", "dutch", "y", "galleon", "galleon", "galleon"),
               armies={"t": Army(id="t", name="Tercio", owner="spain", units=[10, 10, 10], aboard="f")},
               transports={"h1": HiredTransport(id="h1", army="t", units=2, location="x", escort="f")},
               trade_posts={})
    dice = {"battle:x:r1:initiative:attacker": 6, "battle:x:r1:initiative:defender": 1}
    result = run(st, [order("dutch", 1, kind="move", fleet="d", path=["x"])], dice)
    assert "f" not in result.state.fleets and "t" not in result.state.armies
    assert of_kind(result, "troops_lost")[0].units == 1
    assert of_kind(result, "transport_captured")[0].units == 2 and result.state.transports == {}


def test_u_op_30_troops_beyond_the_capacity_left_go_down_with_the_sunk_ships():
    """Two flutes (2 units each, placeholder) carry 4 units, one flute at 2 health.  The Dutch frigate
    attacks: 4 × 1.1 = 4.4 → 4, 2 on each flute: the damaged one sinks (12 → 10 for the other);
    then the Dutch retreat (standing order, 6 against 1).  One flute carries 2: the other 2 units
    went down with the sunk ship (U-OP-30, lost), the rest lose 1 health at sea (U9.6)."""
    carrier = fleet("f", "spain", "x", "flute", "flute", cargo=[Cargo(army="t", units=4)])
    carrier.ships[1].health = 2
    st = state(carrier, fleet("d", "dutch", "y", "frigate"),
               armies={"t": Army(id="t", name="Tercio", owner="spain", units=[10, 10, 10, 10], aboard="f")},
               trade_posts={})
    dice = {"battle:x:r1:initiative:attacker": 6, "battle:x:r1:initiative:defender": 1,
            "battle:x:r1:retreat:attacker": 6, "battle:x:r1:retreat:defender": 1}
    result = run(st, [order("dutch", 1, kind="move", fleet="d", path=["x"], plan={"retreat_after_round": 1})], dice)
    survivors = result.state.fleets["f"].ships
    assert [s.id for s in survivors] == ["f-1"]
    assert result.state.fleets["f"].cargo == [Cargo(army="t", units=2)]
    assert result.state.armies["t"].units == [9, 9]  # and 1 health each for the turn at sea (U9.6)
    assert of_kind(result, "troops_lost")[0].units == 2


def test_u_op_30_moderator_mode_only_flags_the_troops():
    carrier = fleet("f", "spain", "x", "flute", "flute", cargo=[Cargo(army="t", units=4)])
    carrier.ships[1].health = 2
    st = state(carrier, fleet("d", "dutch", "y", "frigate"),
               armies={"t": Army(id="t", name="Tercio", owner="spain", units=[10, 10, 10, 10], aboard="f")},
               trade_posts={})
    dice = {"battle:x:r1:initiative:attacker": 6, "battle:x:r1:initiative:defender": 1,
            "battle:x:r1:retreat:attacker": 6, "battle:x:r1:retreat:defender": 1}
    result = run(st, [order("dutch", 1, kind="move", fleet="d", path=["x"], plan={"retreat_after_round": 1})], dice,
                 troops_on_lost_ships="moderator")
    assert "troops_lost" not in kinds(result)
    assert [e.what for e in of_kind(result, "moderator_needed")] == ["U-OP-30"]


def test_u9_5_hired_transports_still_at_sea_pay_their_fee_again():
    """Two units on hired transports at sea at the start of the turn: 2 × 10 = 20 for this turn
    (U9.5: per unit, per turn of transport); Spain: 5000 − 80 upkeep of the frigate − 20 = 4900."""
    escort = fleet("f", "spain", "x", "frigate", escorted_transports=["h1"])
    st = state(escort, armies={"t": Army(id="t", name="Tercio", owner="spain", units=[10, 10], aboard="f")},
               transports={"h1": HiredTransport(id="h1", army="t", units=2, location="x", escort="f")},
               trade_posts={})
    result = run(st, [])
    assert of_kind(result, "transport_fee_paid")[0].fee == 20
    assert result.state.factions["spain"].treasury == Fraction(4900)


def test_u_op_29_a_hostile_fleet_that_lets_embarkations_pass_does_not_intercept():
    """The Dutch fleet in A1 has ``intercept: false``: the army embarks and stays aboard; nobody
    sails on, so no fight either (U11.7 only when one of them moves)."""
    st = state(fleet("f", "spain", "a1", "galleon", "galleon"), fleet("h", "dutch", "a1", "galleon"),
               armies={"t": Army(id="t", name="Tercio", owner="spain", units=[10, 10], province="p")},
               trade_posts={})
    result = run(st, [order("spain", 1, kind="transport", fleet="f", army="t", embark="p"),
                      order("dutch", 2, kind="hold", fleet="h", plan={"intercept": False})])
    assert result.state.armies["t"].aboard == "f" and "battle_started" not in kinds(result)
    assert "embarkation_intercepted" not in kinds(result)
