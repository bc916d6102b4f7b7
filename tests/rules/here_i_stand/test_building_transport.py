"""Building, H6 with H11.9, and naval transport's validation, H4 with H11.8."""

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.building import build, start_of_turn, validate_build
from bot.rulesets.here_i_stand.rules.events import Built, LandingLost, Transported
from bot.rulesets.here_i_stand.rules.model import POOL, Formation, PortState, UnitType, turn_track
from bot.rulesets.here_i_stand.rules.settings import HisSettings
from bot.rulesets.here_i_stand.rules.transport import landing_lost, transport, validate_transport

from .helpers import MAP, sq, state

SETTINGS = HisSettings()
COUNTERS = {"ottoman": {"counters": {UnitType.SQUADRON: 2, UnitType.CORSAIR: 2}},
            "hapsburg": {"counters": {UnitType.SQUADRON: 1}}, "protestant": {"counters": {UnitType.SQUADRON: 1}}}


def ottomans(**kw):
    return state(active="ottoman", cp=2, ports={"Algiers": "ottoman", "Istanbul": "ottoman"},
                 power_extra=COUNTERS, **kw)


def test_H11_9_corsair_in_algiers_only_after_barbary_pirates():
    with pytest.raises(OrderRejected) as refused:
        validate_build(ottomans(), MAP, SETTINGS, "ottoman", "Algiers", UnitType.CORSAIR)
    assert refused.value.rule == "H6.5.1"
    after, events = build(ottomans(barbary_pirates=True), MAP, SETTINGS, "ottoman", "Algiers", UnitType.CORSAIR)
    built = next(e for e in events if isinstance(e, Built))
    assert (built.unit, built.port) == ("ottoman-corsair-1", "Algiers")
    assert after.impulse.cp_remaining == 1  # 1 CP (H6.5.2)


def test_H11_9_no_regulars_nor_squadrons_in_algiers():
    with pytest.raises(OrderRejected) as refused:
        validate_build(ottomans(barbary_pirates=True), MAP, SETTINGS, "ottoman", "Algiers", UnitType.SQUADRON)
    assert refused.value.rule == "H6.5.4"


def test_H11_9_the_protestants_build_no_squadron():
    s = state(active="protestant", cp=2, power_extra=COUNTERS)
    with pytest.raises(OrderRejected, match="Protestants"):
        validate_build(s, MAP, SETTINGS, "protestant", "P1", UnitType.SQUADRON)


def test_H11_9_a_counter_lost_this_turn_is_not_in_the_pool_until_the_next_turn_starts():
    s = state(sq("h1", "hapsburg", turn_track(4)), active="hapsburg", cp=2, turn=3, ports={"P1": "hapsburg"},
              power_extra=COUNTERS)
    with pytest.raises(OrderRejected) as refused:
        validate_build(s, MAP, SETTINGS, "hapsburg", "P1", UnitType.SQUADRON)
    assert refused.value.rule == "H6.3"
    s, _ = start_of_turn(s, 4)
    assert s.units["h1"].location == POOL
    after, events = build(s, MAP, SETTINGS, "hapsburg", "P1", UnitType.SQUADRON)
    assert after.units["h1"].location == "P1" and after.impulse.cp_remaining == 0  # 2 CP (H6.4)


@pytest.mark.parametrize("port_state, rule", [
    (PortState(controller="hapsburg", unrest=True), "H6.1.3"),
    (PortState(controller="hapsburg", besieged=True), "H6.3.1"),
    (PortState(controller="france"), "H6.3.1"),
])
def test_H6_port_refusals(port_state, rule):
    s = state(active="hapsburg", cp=2, power_extra=COUNTERS)
    s = s.model_copy(update={"ports": {"P1": port_state}})
    with pytest.raises(OrderRejected) as refused:
        validate_build(s, MAP, SETTINGS, "hapsburg", "P1", UnitType.SQUADRON)
    assert refused.value.rule == rule


def test_H6_3_1_not_a_home_port():
    s = state(active="hapsburg", cp=2, ports={"PC": "hapsburg"}, power_extra=COUNTERS)
    with pytest.raises(OrderRejected) as refused:
        validate_build(s, MAP, SETTINGS, "hapsburg", "PC", UnitType.SQUADRON)
    assert refused.value.rule == "H6.3.1"


def h11_8(cp=3, land_units=4, s2_squadron=True):
    units = [sq("h1", "hapsburg", "S1")] + ([sq("h2", "hapsburg", "S2")] if s2_squadron else [])
    s = state(*units, active="hapsburg", cp=cp, wars=[("hapsburg", "france")],
              ports={"PA": "hapsburg", "PB": "france", "PC": "hapsburg"})
    army = Formation(id="army", power="hapsburg", land_units=land_units, army_leaders=("alba",), location="PA")
    return s.model_copy(update={"formations": {"army": army}})


def test_H11_8_a_three_leg_transport_costs_three_cp_and_lands():
    after, events = transport(h11_8(), MAP, "army", ["PA", "S1", "S2", "PB"])
    assert after.impulse.cp_remaining == 0 and after.formations["army"].location == "PB"
    assert next(e for e in events if isinstance(e, Transported)).cp == 3
    lost, events = landing_lost(after, "army")  # H4.2.4, the moderators said the battle was lost
    assert lost.formations["army"].land_units == 0
    assert [e.leaders_captured for e in events if isinstance(e, LandingLost)] == [("alba",)]


def test_H11_8_not_enough_cp_to_land_is_refused_and_the_short_path_is_fine():
    with pytest.raises(OrderRejected) as refused:
        validate_transport(h11_8(cp=2), MAP, "army", ["PA", "S1", "S2", "PB"])
    assert refused.value.rule == "H4.2.2.3" and refused.value.values == {"cost": 3, "left": 2}
    after, _ = transport(h11_8(cp=2), MAP, "army", ["PA", "S1", "PC"])
    assert after.impulse.cp_remaining == 0


def test_H11_8_six_land_units_are_refused():
    with pytest.raises(OrderRejected) as refused:
        validate_transport(h11_8(land_units=6), MAP, "army", ["PA", "S1", "S2", "PB"])
    assert refused.value.rule == "H4.2.1.2"


def test_H11_8_a_leg_without_a_squadron_is_refused_at_that_leg():
    with pytest.raises(OrderRejected) as refused:
        validate_transport(h11_8(s2_squadron=False), MAP, "army", ["PA", "S1", "S2", "PB"])
    assert refused.value.rule == "H4.2.2.2" and refused.value.values == {"leg": 2}


def test_H4_2_3_2_no_landing_where_enemy_navy_is_nor_at_a_neutral_port():
    s = h11_8().with_units(sq("f1", "france", "PB"))
    with pytest.raises(OrderRejected, match="enemy naval units"):
        validate_transport(s, MAP, "army", ["PA", "S1", "S2", "PB"])
    s = h11_8().model_copy(update={"ports": {**h11_8().ports, "PB": PortState(controller="england")}})
    with pytest.raises(OrderRejected) as refused:
        validate_transport(s, MAP, "army", ["PA", "S1", "S2", "PB"])
    assert refused.value.rule == "H4.2.3.2"


def test_H4_2_1_6_besieged_and_H4_2_2_4_one_at_a_time():
    s = h11_8()
    besieged = s.model_copy(update={"formations": {"army": s.formations["army"].model_copy(update={"besieged": True})}})
    with pytest.raises(OrderRejected, match="besieged"):
        validate_transport(besieged, MAP, "army", ["PA", "S1", "PC"])
    busy = s.model_copy(update={"impulse": s.impulse.model_copy(update={"transport_in_progress": "other"})})
    with pytest.raises(OrderRejected) as refused:
        validate_transport(busy, MAP, "army", ["PA", "S1", "PC"])
    assert refused.value.rule == "H4.2.2.4"
