"""The landing hooks a land module or a moderator calls (OP-14, S3.8.4, OP-15):
``execute_landing`` fires a prepared landing kept waiting, an unfired one
lapses at the next resolution, and ``retreat_by_sea`` turns a retreat into an
evacuation by the fleets ready off the coast (S3.8.5, R7)."""

from __future__ import annotations

from pathlib import Path

from bot.engine.dice import ScriptedDice
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import load_map_file
from bot.rulesets.sengoku.rules.landing import landings
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.orders.orders import Landing
from bot.rulesets.sengoku.rules.turn.resolve import resolve
from bot.rulesets.sengoku.rules.model.scenario import build_state
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

CHANNEL = load_map_file(Path(__file__).parent.parent / "scenarios" / "maps" / "channel.toml")


def _state(army_area: str = "wmid"):
    raw = {
        "clans": {"red": {"name": "Red"}, "blue": {"name": "Blue"}},
        "relations": [["red", "blue", "at_war"]],
        "area_owner": {"west": "red", "wmid": "red", "emid": "blue", "east": "blue"},
        "squadrons": {"C": {"name": "Chōkai", "owner": "blue", "base_port": "eport", "station": "emid"}},
        "fleets": {"TR": {"name": "Taka-maru", "owner": "red", "base_port": "wport"}},
        "armies": {"army": {"name": "Red Army", "clan": "red", "area": army_area,
                            "detachments": [{"id": "d1", "infantry": 10}]}},
    }
    return build_state(raw, CHANNEL, "test")


def _landing(**fields) -> SubmittedOrder:
    payload = {"kind": "tf_landing", "unit": "TR", "army": "army", "origin": "wmid", "destination": "east",
               "mode": "prepared", **fields}
    return SubmittedOrder(faction="red", unit="TR", seq=1, payload=payload)


MODERATOR = SengokuSettings(subphases=["SP1"], prepared_landing_trigger="moderator")


def test_execute_landing_fires_a_waiting_landing():
    waiting = resolve(_state(), CHANNEL, MODERATOR, [_landing()], ScriptedDice({})).state
    assert waiting.pending_landings["TR"]["label"] == "TR:sp1"
    dice = ScriptedDice({"intercept:TR:sp1:C": [3, 2], "landloss:TR:sp1:C:d1": [4]})
    fired = landings.execute_landing(waiting, CHANNEL, MODERATOR, dice, "TR")
    dice.assert_all_used()
    after = fired.state
    assert after.pending_landings == {}
    assert after.armies["army"].area == "east"
    assert after.armies["army"].flags == ["heavy_march"]  # FL: 3+2 = 5 < 7
    assert after.armies["army"].detachments[0].infantry == 6
    assert after.fleets["TR"].damage_pending_turn_end and not after.fleets["TR"].evac_ready
    assert after.fleets["TR"].location == "west"
    assert [e.kind for e in fired.events if e.kind == "operation_ended"] == ["operation_ended"]
    assert waiting.armies["army"].area == "wmid"  # pure: the input state is untouched


def test_a_waiting_landing_not_fired_lapses_at_the_next_resolution():
    waiting = resolve(_state(), CHANNEL, MODERATOR, [_landing()], ScriptedDice({})).state
    nxt = resolve(waiting, CHANNEL, MODERATOR, [], ScriptedDice({}))
    assert nxt.state.pending_landings == {}
    assert nxt.state.fleets["TR"].location == "west"
    assert nxt.state.armies["army"].area == "wmid"
    assert any(e.kind == "landing_lapsed" and e.lead == "TR" for e in nxt.events)


def test_retreat_by_sea_evacuates_the_landed_army_from_its_ready_fleet():
    state = _state(army_area="west")
    state.squadrons.clear()
    ctx = Ctx(state=state, gamemap=CHANNEL, settings=SengokuSettings(subphases=["SP1"]), dice=ScriptedDice({}))
    ctx.fleet_orders["TR"] = Landing(unit="TR", army="army", origin="west", destination="emid")
    landings.run(ctx)
    assert ctx.state.armies["army"].area == "emid" and ctx.state.fleets["TR"].evac_ready
    assert not landings.retreat_by_sea(ctx, "no-such-army")
    assert landings.retreat_by_sea(ctx, "army")  # the land rules order a retreat from East Middle
    landings.end_subphase(ctx)
    army = ctx.state.armies["army"]
    assert army.area == "west"  # OP-15: back to the landing's friendly origin
    assert army.detachments[0].castle_refill_barred  # OP-16, seed's plain reading
    kinds = [(e.kind, getattr(e, "operation", None)) for e in ctx.events]
    assert ("operation_ended", "TR:evac-sp1") in kinds
    assert any(e.kind == "default_applied" and e.rule == "OP-15" for e in ctx.events)
    assert ctx.state.fleets["TR"].location == "west"
