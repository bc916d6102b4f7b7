"""Worked examples S11.1, S11.2, S11.3, S11.7, S11.11 at the battle level.

Each test plans its dice exactly (ScriptedDice fails on a missing or unused
roll) and checks the state the spec's example ends in.
"""

from __future__ import annotations

from bot.rulesets.sengoku.rules.battle.battle import fight
from bot.rulesets.sengoku.rules.battle.sides import BattleSide, Fighter
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, Manoeuvre, Stake, UnitState
from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

from .conftest import add_leader, add_squadron, make_ctx


def one_v_one(a: str, a_stake: Stake, b: str, b_stake: Stake) -> tuple[BattleSide, BattleSide]:
    return (BattleSide("red", [Fighter(a, "red", a_stake)]),
            BattleSide("blue", [Fighter(b, "blue", b_stake)]))


def test_s11_1_low_against_high_two_rounds_capture(state):
    """S11.1: A (XP1) low vs B (dmg1) high; A wins twice; B captured in round 2."""
    add_squadron(state, "A", "red", xp=1)
    add_squadron(state, "B", "blue", dmg=1)
    ctx = make_ctx(state, {
        "battle:b1:A:r1": [4, 3], "battle:b1:B:r1": [5, 5], "loss:b1:A:r1": 3, "loss:b1:B:r1": 4,
        "battle:b1:A:r2": [2, 4], "battle:b1:B:r2": [6, 4], "loss:b1:A:r2": 6, "loss:b1:B:r2": 2,
    })
    outcome = fight(ctx, "b1", "middle", one_v_one("A", Stake.LOW, "B", Stake.HIGH))
    ctx.dice.assert_all_used()
    assert outcome.winner == 0 and outcome.rounds == 2
    a, b = state.squadrons["A"], state.squadrons["B"]
    assert (a.damage, a.experience, a.state) == (1, 2, UnitState.ACTIVE)
    assert (b.damage, b.state) == (3, UnitState.CAPTURED)
    assert [(c.holder, c.kind, c.holders) for c in state.credits] == [("red", "squadron", ["A"])]


def test_s11_1_single_round_when_rounds_are_off(state):
    """S11.1 last sentence: with repeat_rounds_in_1v1 = false, B ends at dmg 3, not dispersed."""
    add_squadron(state, "A", "red", xp=1)
    add_squadron(state, "B", "blue", dmg=1)
    ctx = make_ctx(state, {"battle:b1:A:r1": [4, 3], "battle:b1:B:r1": [5, 5],
                           "loss:b1:A:r1": 3, "loss:b1:B:r1": 4},
                   SengokuSettings(repeat_rounds_in_1v1=False))
    outcome = fight(ctx, "b1", "middle", one_v_one("A", Stake.LOW, "B", Stake.HIGH))
    ctx.dice.assert_all_used()
    b = state.squadrons["B"]
    assert outcome.rounds == 1 and outcome.winner == 0  # the single comparison decides (S8.3)
    assert (b.damage, b.dispersed, b.state) == (3, False, UnitState.ACTIVE)


def test_s11_2_heavy_shift_tie_broken_on_roll_hd_damage_copied(state):
    add_squadron(state, "A", "red", hds=1)
    add_squadron(state, "B", "blue", xp=2)
    ctx = make_ctx(state, {"battle:b1:A:r1": [2, 2], "battle:b1:B:r1": [3, 2],
                           "loss:b1:A:r1": 3, "loss:b1:B:r1": 5})
    outcome = fight(ctx, "b1", "middle", one_v_one("A", Stake.LOW, "B", Stake.LOW))
    ctx.dice.assert_all_used()
    a = state.squadrons["A"]
    assert outcome.winner == 1
    assert (a.damage, a.dispersed, a.experience, a.location) == (2, True, 1, "red_home")
    assert state.heavy["A-hd1"].damage == 2
    assert state.squadrons["B"].experience == 2


def test_s11_3_everything_equal_both_defeated(state):
    add_leader(state, "LA", "red", veteran=True)
    add_leader(state, "LB", "blue", veteran=True)
    add_squadron(state, "A", "red", xp=1, dmg=1, leader="LA")
    add_squadron(state, "B", "blue", xp=1, dmg=1, leader="LB")
    ctx = make_ctx(state, {"battle:b1:A:r1": [3, 4], "battle:b1:B:r1": [4, 3],
                           "loss:b1:A:r1": 5, "loss:b1:B:r1": 2,
                           "risk:b1:LA:r1": 4, "risk:b1:LB:r1": 6})
    outcome = fight(ctx, "b1", "middle", one_v_one("A", Stake.LOW, "B", Stake.LOW))
    ctx.dice.assert_all_used()
    a, b = state.squadrons["A"], state.squadrons["B"]
    assert outcome.winner is None
    assert (a.damage, a.dispersed, a.experience) == (2, True, 2)
    assert (b.damage, b.dispersed, b.experience) == (3, True, 2)
    assert (state.characters["LA"].wounds, state.characters["LB"].wounds) == (1, 0)
    assert state.characters["LA"].victories == 0 == state.characters["LB"].victories


def test_s11_7_three_against_two_pairing_helper_and_shift(state):
    for unit, xp in (("B1", 2), ("B2", 0), ("B3", 0)):
        add_squadron(state, unit, "blue", xp=xp)
    add_squadron(state, "R1", "red", xp=1)
    add_squadron(state, "R2", "red", xp=0)
    red = BattleSide("red", [Fighter("R1", "red", Stake.LOW), Fighter("R2", "red", Stake.LOW)],
                     policy=PairingPolicy(own_order="weakest_first"))
    blue = BattleSide("blue", [Fighter("B1", "blue", Stake.LOW), Fighter("B2", "blue", Stake.HIGH),
                               Fighter("B3", "blue", Stake.LOW)])
    ctx = make_ctx(state, {
        "pairing:b1:r1": 1,  # red (side 0) chooses first
        "battle:b1:B1:r1": [3, 3], "battle:b1:B3:r1": [2, 2], "battle:b1:R2:r1": [5, 4],
        "battle:b1:B2:r1": [6, 4], "battle:b1:R1:r1": [4, 4],
        "loss:b1:B1:r1": 2, "loss:b1:B3:r1": 5, "loss:b1:R2:r1": 3,
        "loss:b1:B2:r1": 2, "loss:b1:R1:r1": 1,
    })
    outcome = fight(ctx, "b1", "middle", (red, blue))
    ctx.dice.assert_all_used()
    sq = state.squadrons
    assert outcome.winner == 1 and outcome.rounds == 1
    assert [(u, sq[u].damage, sq[u].experience) for u in ("B1", "B2", "B3")] == [
        ("B1", 1, 2), ("B2", 2, 1), ("B3", 0, 1)]
    assert (sq["R2"].damage, sq["R2"].dispersed, sq["R2"].experience) == (2, True, 1)
    assert sq["R1"].state is UnitState.CAPTURED
    assert [(c.holder, c.holders) for c in state.credits] == [("blue", ["B2"])]
    pairing = next(e for e in ctx.events if e.kind == "pairing_made")
    assert pairing.pairs == [[["R2"], ["B1", "B3"]], [["R1"], ["B2"]]]


def test_s11_11_tsuruyoki_against_defensive_destroyed_at_5_hd_survives(state):
    add_leader(state, "M", "red", veteran=True, victories=3)
    add_leader(state, "N", "blue", kind="general", veteran=True, victories=3)
    add_squadron(state, "A", "red", xp=1, leader="M")
    add_squadron(state, "B", "blue", xp=2, dmg=3, hds=1, leader="N")
    red = BattleSide("red", [Fighter("A", "red", Stake.LOW)], manoeuvre=Manoeuvre.TSURUYOKI)
    blue = BattleSide("blue", [Fighter("B", "blue", Stake.HIGH)], manoeuvre=Manoeuvre.DEFENSIVE)
    ctx = make_ctx(state, {"battle:b1:A:r1": [3, 2], "battle:b1:B:r1": [4, 3],
                           "loss:b1:A:r1": 1, "loss:b1:B:r1": 5,
                           "risk:b1:M:r1": 4, "risk:b1:N:r1": 2})
    outcome = fight(ctx, "b1", "middle", (red, blue))
    ctx.dice.assert_all_used()
    rolled = {e.unit: e for e in ctx.events if e.kind == "squadron_rolled"}
    assert (rolled["A"].total, rolled["A"].category) == (7, "SL")
    assert (rolled["B"].total, rolled["B"].category) == (8, "FL")
    assert outcome.winner == 0
    assert (state.squadrons["A"].damage, state.squadrons["A"].experience) == (2, 2)
    assert state.squadrons["B"].state is UnitState.DESTROYED
    hd = state.heavy["B-hd1"]
    assert (hd.state, hd.damage, hd.attached_to) == (UnitState.ACTIVE, 2, None)
    n = state.characters["N"]
    assert (n.status, n.captor) == (CharacterStatus.CAPTURED, "red")
    assert state.characters["M"].victories == 4


def test_s11_11_hd_sinks_with_squadron_when_setting_off(state):
    """OP-35 flipped: hd_survives_squadron_destruction = false gives the L102 reading."""
    add_squadron(state, "A", "red", xp=1)
    add_squadron(state, "B", "blue", xp=2, dmg=3, hds=1)
    ctx = make_ctx(state, {"battle:b1:A:r1": [6, 5], "battle:b1:B:r1": [1, 1],
                           "loss:b1:A:r1": 6, "loss:b1:B:r1": 5},
                   SengokuSettings(hd_survives_squadron_destruction=False))
    fight(ctx, "b1", "middle", one_v_one("A", Stake.LOW, "B", Stake.HIGH))
    ctx.dice.assert_all_used()
    assert state.heavy["B-hd1"].state is UnitState.DESTROYED
