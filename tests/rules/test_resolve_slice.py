"""Whole-turn resolution of the thin slice: basing (S2.3), cruise along coasts
(S5.3), encounters (S5.4), engage/avoid (S5.5), forced battle (S5.7)."""

from __future__ import annotations

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import parse_map
from bot.rulesets.sengoku.rules.model.model import TradeFleet, UnitState
from bot.rulesets.sengoku.rules.turn.resolve import resolve
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

from .conftest import TINY_MAP, add_squadron

GAMEMAP = parse_map(TINY_MAP, "tiny")
ONE_SUBPHASE = SengokuSettings(subphases=["SP1"])


def order(faction: str, seq: int, **payload) -> SubmittedOrder:
    return SubmittedOrder(faction=faction, unit=payload["unit"], seq=seq, payload=payload)


def run(state, orders, script, settings=ONE_SUBPHASE):
    dice = ScriptedDice(script)
    result = resolve(state, GAMEMAP, settings, orders, dice)
    dice.assert_all_used()
    return result.state, result.events


def standing_cruise(state, unit, area, **policy):
    sq = state.squadrons[unit]
    sq.station = sq.location = area
    sq.standing = {"kind": "sq_cruise", "unit": unit, "target": area, **policy}


def test_s11_8_reinforced_squadron_refuses_forced_battle(state):
    add_squadron(state, "R", "red", location="red_home")
    add_squadron(state, "B", "blue", hds=2)
    standing_cruise(state, "B", "middle", want_battle="never", if_forced_by_ordinary="refuse")
    after, events = run(state, [order("red", 1, kind="sq_cruise", unit="R", target="blue_home")], {})
    b, r = after.squadrons["B"], after.squadrons["R"]
    assert [hd.state for hd in after.heavy.values()] == [UnitState.CAPTURED, UnitState.CAPTURED]
    assert after.hds_of("B") == [] and b.station is None and b.standing is None
    assert [(c.holder, c.kind, c.holders) for c in after.credits] == [("red", "heavy_detachment", ["R"])] * 2
    assert (r.location, r.station) == ("blue_home", "blue_home")
    on_station = [e for e in events if e.kind == "on_station"]
    assert [(e.unit, e.blocks_port) for e in on_station] == [("R", "blue_port")]
    assert not any(e.kind == "battle_began" for e in events)


def test_forced_battle_accepted_is_fought(state):
    add_squadron(state, "R", "red", location="red_home")
    add_squadron(state, "B", "blue", hds=1)
    standing_cruise(state, "B", "middle", want_battle="never")
    key = "sp1-w2-middle-s1-blue-red"
    after, events = run(state, [order("red", 1, kind="sq_cruise", unit="R", target="blue_home")], {
        f"battle:{key}:R:r1": [6, 6], f"battle:{key}:B:r1": [1, 1],
        f"loss:{key}:R:r1": 6, f"loss:{key}:B:r1": 1,
    })
    assert after.squadrons["B"].state is UnitState.CAPTURED
    assert after.squadrons["R"].station == "blue_home"


def test_neither_side_wants_battle_both_go_on(state):
    """OP-25: no battle, no dispersal."""
    add_squadron(state, "R", "red", location="red_home")
    add_squadron(state, "B", "blue")
    standing_cruise(state, "B", "middle", want_battle="never")
    after, events = run(state, [order("red", 1, kind="sq_cruise", unit="R", target="blue_home",
                                      want_battle="never")], {})
    assert any(e.kind == "declined" for e in events)
    assert after.squadrons["R"].station == "blue_home" and after.squadrons["B"].station == "middle"


def test_avoiding_a_wanted_battle_disperses(state):
    """S5.5 step 3: the avoider is dispersed and goes back to base."""
    add_squadron(state, "R", "red", location="red_home")
    add_squadron(state, "B", "blue")
    standing_cruise(state, "B", "middle", want_battle="never", when_enemy_wants="avoid")
    after, _ = run(state, [order("red", 1, kind="sq_cruise", unit="R", target="blue_home")], {})
    b = after.squadrons["B"]
    assert (b.location, b.station, b.standing) == ("blue_home", None, None)


def test_policy_outnumbered_does_not_engage(state):
    """S5.5 default policy 'if enemy_count <= own_count': one red against two blue holds off."""
    add_squadron(state, "R", "red", location="red_home")
    add_squadron(state, "B1", "blue")
    add_squadron(state, "B2", "blue")
    standing_cruise(state, "B1", "middle", want_battle="never")
    standing_cruise(state, "B2", "middle", want_battle="never")
    after, events = run(state, [order("red", 1, kind="sq_cruise", unit="R", target="blue_home")], {})
    assert any(e.kind == "declined" for e in events)
    assert any(e.kind == "default_applied" and e.rule == "S5.5" for e in events)


def test_head_on_swap_meets(state):
    """OP-24: two enemy cruisers swapping provinces in one step meet."""
    add_squadron(state, "R", "red", location="red_home")
    add_squadron(state, "B", "blue", location="middle")
    state.squadrons["B"].base_port = "blue_port"
    # Both are W2 (red_home is enemy coast for B; the middle is neutral, OP-20).
    standing_cruise(state, "B", "middle")
    after, events = run(state, [
        order("red", 1, kind="sq_cruise", unit="R", target="middle", want_battle="never"),
        order("blue", 2, kind="sq_cruise", unit="B", target="red_home", want_battle="never")], {})
    met = [e for e in events if e.kind == "met"]
    # placed where the lower unit id (B) entered
    assert len(met) == 1 and met[0].area == "red_home"


def test_basing_limit_three_trade_fleets_in_submission_order(state):
    """S2.3, R4: the 4th trade fleet at a port is refused and keeps its base."""
    for i in range(4):
        base = "blue_port" if i < 3 else "red_port"
        state.fleets[f"T{i}"] = TradeFleet(id=f"T{i}", name=f"T{i}", owner="red", base_port=base)
    state.ports["blue_port"].owner = "red"
    after, events = run(state, [order("red", 1, kind="base", unit="T3", port="blue_port")], {})
    assert after.fleets["T3"].base_port == "red_port"
    refused = [e for e in events if e.kind == "base_refused"]
    assert refused and "3 trade fleets" in refused[0].reason


def test_departure_frees_a_place_first(state):
    """R4: a fleet leaving the full port makes room for one arriving earlier in submission order."""
    for i in range(4):
        base = "blue_port" if i < 3 else "red_port"
        state.fleets[f"T{i}"] = TradeFleet(id=f"T{i}", name=f"T{i}", owner="red", base_port=base)
    state.ports["blue_port"].owner = "red"
    after, _ = run(state, [order("red", 1, kind="base", unit="T3", port="blue_port"),
                           order("red", 2, kind="base", unit="T0", port="red_port")], {})
    assert (after.fleets["T3"].base_port, after.fleets["T0"].base_port) == ("blue_port", "red_port")
