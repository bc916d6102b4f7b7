"""Troops aboard ships that leave their fleet in the economic phase (U3.4 pirates, U3.5 buy-over):
like ships lost in battle (U-OP-30), the troops the fleet can no longer carry are captured, so no
army is ever left aboard a fleet that is gone (found by test_campaign_hostile.py)."""

from __future__ import annotations

from fractions import Fraction

from bot.rulesets.royal_fleets.rules.model.state import Army, Cargo
from tests.rulesets.royal_fleets.support import fleet, of_kind, order, run, state


def _carrier(*unpaid: int):
    carrier = fleet("f", "spain", "a1", "flute", "flute", cargo=[Cargo(army="t", units=4)])
    for n in unpaid:
        carrier.ships[n].unpaid = True
    return carrier


def _army() -> dict:
    return {"t": Army(id="t", name="Tercio", owner="spain", units=[10, 10, 10, 10], aboard="f")}


def test_u3_4_troops_on_a_fleet_whose_every_ship_turns_pirate_are_captured():
    st = state(_carrier(0, 1), armies=_army(), trade_posts={})
    result = run(st, [])
    assert "f" not in result.state.fleets
    assert "t" not in result.state.armies  # not left aboard a fleet that is gone
    lost = of_kind(result, "troops_lost")
    assert [(e.army, e.units, e.how) for e in lost] == [("t", 4, "captured")]


def test_u3_4_troops_beyond_what_the_ships_left_can_carry_are_captured():
    """Two flutes carry 4 units (2 each, placeholder); one turns pirate: 2 units stay aboard."""
    st = state(_carrier(1), armies=_army(), trade_posts={})
    result = run(st, [])
    assert result.state.fleets["f"].cargo == [Cargo(army="t", units=2)]
    assert len(result.state.armies["t"].units) == 2
    assert [(e.units, e.how) for e in of_kind(result, "troops_lost")] == [(2, "captured")]


def test_u3_5_troops_on_a_ship_bought_over_are_captured_beyond_the_capacity_left():
    st = state(_carrier(1), fleet("d", "dutch", "a1", "frigate"), armies=_army(), trade_posts={},
               factions={"spain": {"name": "Spain", "treasury": Fraction(5000)},
                         "dutch": {"name": "United Provinces", "treasury": Fraction(5000)},
                         "france": {"name": "France", "treasury": Fraction(5000)}})
    result = run(st, [order("dutch", 1, kind="buy_over", fleet="d", ships=["f-2"])])
    assert [s.id for s in result.state.fleets["d"].ships] == ["d-1", "f-2"]
    assert result.state.fleets["f"].cargo == [Cargo(army="t", units=2)]
    assert len(result.state.armies["t"].units) == 2
