"""U9.8 / U14 RETREAT_TO_SHIPS [seed L246]: an army beaten on the coast (the moderators record the
land result: Army.beaten_mp) goes aboard a friendly fleet in a sea area its province borders if both
have 1 MP; each pays 1; no hired transports.  A standing order of the army for the turn."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.i18n import messages

from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.moderation.edits import apply_edit, parse_edit
from bot.rulesets.royal_fleets.rules.orders.orders import order_slot, parse_order
from bot.rulesets.royal_fleets.rules.model.state import Army
from bot.rulesets.royal_fleets.rules.validation.validate import validate
from bot.rulesets.royal_fleets.report.templates import TEMPLATES
from tests.rulesets.royal_fleets.support import SEA, fleet, kinds, of_kind, order, run, settings, state


def _coast(beaten_mp: int | None = 2, where: str = "a1", *types: str, **fleet_more):
    """The Tercio (3 units) in Province P (coast of A1); Spain's fleet ``s`` (two galleons: room for 4)."""
    return state(fleet("s", "spain", where, *(types or ("galleon", "galleon")), **fleet_more),
                 fleet("d", "dutch", "a1", "frigate"),
                 armies={"t": Army(id="t", name="Tercio", owner="spain", units=[3, 3, 2], province="p",
                                   beaten_mp=beaten_mp)},
                 relations=[("spain", "dutch", "allied"), ("spain", "france", "at_war")])


RETREAT = {"kind": "retreat_to_ships", "army": "t", "fleet": "s"}


def test_a_beaten_army_goes_aboard_and_both_pay_one_mp():
    result = run(_coast(), [order("spain", 1, **RETREAT)])
    army, fleet_ = result.state.armies["t"], result.state.fleets["s"]
    assert (army.province, army.aboard, army.mp, army.beaten_mp) == (None, "s", 1, None)
    assert [(c.army, c.units) for c in fleet_.cargo] == [("t", 3)]
    [event] = of_kind(result, "retreated_to_ships")
    assert (event.province, event.units, event.army_mp, event.fleet_mp, event.rule) == ("p", 3, 1, 3, "U9.8")
    assert set(event.audience.factions) >= {"spain"}


@pytest.mark.parametrize("beaten_mp, end", [
    (4, "x"),  # the army keeps 3, the fleet has 3 of its 4: a four-area route ends after three (U2.2)
    (2, "a2"),  # the army keeps 1: one area with it aboard (U9.2: army and fleet pay each area)
])
def test_the_fleet_sails_on_with_what_both_have_left(beaten_mp, end):
    result = run(_coast(beaten_mp), [order("spain", 1, **RETREAT),
                                     order("spain", 2, kind="move", fleet="s", path=["a2", "y", "x", "w1"])])
    assert result.state.fleets["s"].location == end and result.state.armies["t"].aboard == "s"


def test_an_army_that_was_not_beaten_stays_and_nothing_is_said():
    result = run(_coast(beaten_mp=None), [order("spain", 1, **RETREAT)])
    assert result.state.armies["t"].province == "p" and not result.state.fleets["s"].cargo
    assert "retreated_to_ships" not in kinds(result) and "order_fell_back" not in kinds(result)


@pytest.mark.parametrize("situation, reason, values", [
    (dict(beaten_mp=0), "1 movement point each", {"army_mp": "0", "fleet_mp": "4"}),
    (dict(mp_debt_next_turn=4), "1 movement point each", {"army_mp": "2", "fleet_mp": "0"}),
    (dict(where="a2"), "not in a sea area bordering", {"fleet": "Fleet s", "province": "Province P"}),
    (dict(types=("frigate",)), "room for", {"room": "1", "units": "3"}),
])
def test_no_retreat_onto_ships_without_mp_a_neighbouring_fleet_or_room(situation, reason, values):
    beaten = situation.pop("beaten_mp", 2)
    where = situation.pop("where", "a1")
    types = situation.pop("types", ())
    result = run(_coast(beaten, where, *types, **situation), [order("spain", 1, **RETREAT)])
    [fell] = of_kind(result, "order_fell_back")
    assert (fell.order, fell.rule, fell.values) == ("retreat_to_ships", "U9.8", values) and reason in fell.reason
    assert result.state.armies["t"].province == "p" and result.state.armies["t"].beaten_mp is None


def test_an_allied_fleet_may_take_the_army_unless_the_campaign_says_own_ships_only():
    allied = parse_order({**RETREAT, "fleet": "d"})
    validate(_coast(), SEA, settings(), "spain", allied)  # U9.8 "friendly": own or allied
    with pytest.raises(OrderRejected) as refused:
        validate(_coast(), SEA, settings(retreat_to_allied_ships=False), "spain", allied)
    assert refused.value.values == {"fleet": "d"}


@pytest.mark.parametrize("fleet_id", ["d", "nowhere"])
def test_an_enemy_fleet_reads_like_one_that_does_not_exist(fleet_id):
    st = _coast().model_copy(update={"relations": (("spain", "dutch", "at_war"),)})
    with pytest.raises(OrderRejected) as refused:
        validate(st, SEA, settings(), "spain", parse_order({**RETREAT, "fleet": fleet_id}))
    assert refused.value.values == {"fleet": fleet_id} and refused.value.rule == "U9.8"


def test_another_factions_army_or_one_at_sea_is_refused():
    with pytest.raises(OrderRejected, match="not one of your armies"):
        validate(_coast(), SEA, settings(), "dutch", parse_order({**RETREAT, "fleet": "d"}))
    at_sea = _coast()
    at_sea.armies["t"] = at_sea.armies["t"].model_copy(update={"province": None, "aboard": "s"})
    with pytest.raises(OrderRejected, match="is at sea"):
        validate(at_sea, SEA, settings(), "spain", parse_order(RETREAT))


def test_one_retreat_order_per_army():
    assert order_slot(parse_order(RETREAT)) == "faction:retreat:t"


def test_the_moderators_record_the_land_result_and_can_take_it_back():
    st, _ = apply_edit(_coast(beaten_mp=None), SEA, parse_edit({"kind": "army", "id": "t", "beaten_mp": 1}))
    assert st.armies["t"].beaten_mp == 1
    st, _ = apply_edit(st, SEA, parse_edit({"kind": "army", "id": "t", "beaten_mp": -1}))
    assert st.armies["t"].beaten_mp is None


def test_the_report_line():
    [event] = of_kind(run(_coast(), [order("spain", 1, **RETREAT)]), "retreated_to_ships")
    names = SimpleNamespace(t=messages("en", "royal-fleets"), army=lambda a: "Tercio", place=lambda p: "Province P",
                            fleet=lambda f: "Fleet s")
    assert TEMPLATES["retreated_to_ships"](event, names) == \
        "Tercio, beaten in Province P, retreated onto Fleet s: 3 units aboard (U9.8)."
