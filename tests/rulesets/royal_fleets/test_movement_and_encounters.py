"""Movement in steps (U2, U-OP-05), encounters (U5.1, U-OP-12), support (U5.2, U-OP-13) and
avoiding battle (U5.3, U-OP-14), with scripted dice and exact outcomes."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.royal_fleets.rules.orders.orders import parse_order
from bot.rulesets.royal_fleets.rules.validation.validate import validate
from bot.rulesets.royal_fleets.rules.model.state import Ship
from tests.rulesets.royal_fleets.support import SEA, fleet, kinds, of_kind, order, run, settings, state


def initiative(area: str, r: int, attacker: int, defender: int, battle: str = "") -> dict[str, int]:
    key = f"battle:{area}{battle}:r{r}:initiative"
    return {f"{key}:attacker": attacker, f"{key}:defender": defender}


def test_u2_fleets_sail_step_by_step_and_meet_in_the_middle_of_a_move():
    """U-OP-05: the Dutch flute's one step ends in Y, where Spain's galleons arrive at their second
    step: they meet there, and the galleons never reach X (U14: stop on battle)."""
    st = state(fleet("s", "spain", "a1", "galleon", "galleon", "galleon"), fleet("d", "dutch", "x", "flute"))
    dice = {**initiative("y", 1, 6, 1)}  # 18 × 1.1 = 19.8 → 20: the flute (12) sinks in round 1
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["a2", "y", "x"]),
                      order("dutch", 2, kind="move", fleet="d", path=["y"])], dice)
    assert result.state.fleets["s"].location == "y" and "d" not in result.state.fleets
    moved = {e.fleet: e for e in of_kind(result, "fleet_moved")}
    assert moved["s"].path == ("a2", "y") and moved["s"].stopped_by_battle
    assert moved["d"].path == ("y",) and not moved["d"].stopped_by_battle  # its route was done
    started = of_kind(result, "battle_started")[0]
    assert (started.area, started.factions["attacker"], started.factions["defender"]) == ("y", ["spain"], ["dutch"])


def test_u_op_05_fleets_swapping_areas_meet_where_the_one_with_fewer_mp_spent_was():
    """Spain (owing 1 MP: 3 this turn, U5.2) has spent more than the Dutch at step 2; they swap
    X ↔ Y at that step, so they meet in the Dutch fleet's area, Y; the Dutch stay put."""
    st = state(fleet("s", "spain", "w1", "galleon", "galleon", "galleon"), fleet("d", "dutch", "a2", "flute"))
    dice = {**initiative("y", 1, 6, 1)}
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["x", "y"]),
                      order("dutch", 2, kind="move", fleet="d", path=["y", "x"])], dice)
    assert [e.area for e in of_kind(result, "battle_started")] == ["y"]
    assert result.state.fleets["s"].location == "y"


def test_u2_a_route_longer_than_the_fleets_mp_is_refused():
    st = state(fleet("s", "spain", "w1", "galleon", mp_debt_next_turn=1))
    with pytest.raises(OrderRejected, match="Fleet s has 3 movement points this turn; the route enters 4 areas"):
        validate(st, SEA, settings(), "spain", parse_order({"kind": "move", "fleet": "s",
                                                             "path": ["x", "y", "a2", "a1"]}))
    with pytest.raises(OrderRejected, match=r"Sea A1 is not next to Sea W1; from there the fleet can reach: Sea X"):
        validate(st, SEA, settings(), "spain", parse_order({"kind": "move", "fleet": "s", "path": ["a1"]}))


def test_another_factions_fleet_is_not_yours_whether_it_exists_or_not():
    st = state(fleet("d", "dutch", "x", "flute"))
    for fleet_id in ("d", "ghost"):
        with pytest.raises(OrderRejected) as refused:
            validate(st, SEA, settings(), "spain", parse_order({"kind": "hold", "fleet": fleet_id}))
        assert str(refused.value) == f"{fleet_id} is not one of your fleets; /fleet show lists them."


def test_u5_2_a_supporter_fights_from_the_adjacent_area_stays_there_and_owes_1_mp():
    """The Dutch frigate in W1 supports the Dutch in X: its ship joins the defending side and is
    damaged like theirs; it stays in W1 and owes 1 MP of its next turn (U5.2, U-OP-13)."""
    st = state(fleet("s", "spain", "y", "galleon"), fleet("d", "dutch", "x", "flute"),
               fleet("h", "dutch", "w1", "frigate"))
    # round 1: Spain 6 (no bonus) over flute and frigate: 3 each; the Dutch 3 + 4 = 7 × 1.1 = 7.7 → 8
    # on the galleon (17 → 9); round 2 Spain retreats (standing order), rolls 6 against 1.
    dice = {**initiative("x", 1, 1, 6), "battle:x:r1:retreat:attacker": 6, "battle:x:r1:retreat:defender": 1}
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["x"], plan={"retreat_after_round": 1}),
                      order("dutch", 2, kind="support", fleet="h", area="x", side="dutch")], dice)
    after = result.state.fleets
    assert after["h"].location == "w1" and after["h"].mp_debt_next_turn == 1
    assert [s.health for s in after["h"].ships] == [9] and [s.health for s in after["d"].ships] == [9]
    assert after["s"].location == "y" and after["s"].ships[0].health == 9
    assert of_kind(result, "battle_supported")[0].side == "dutch"
    assert of_kind(result, "battle_started")[0].supporters == {"defender": ["h"]}


def test_u5_2_a_fleet_owing_mp_has_that_much_less_next_turn():
    st = state(fleet("h", "dutch", "w1", "frigate", mp_debt_next_turn=1))
    result = run(st, [order("dutch", 1, kind="move", fleet="h", path=["x", "y", "a2", "a1"])])
    assert result.state.fleets["h"].location == "w1"  # refused at resolution: 3 MP only
    fell = of_kind(result, "order_fell_back")[0]
    assert fell.rule == "U2.1" and result.state.fleets["h"].mp_debt_next_turn == 0


def test_u5_3_a_fleet_that_will_not_fight_withdraws_to_a_free_neighbour_for_1_mp():
    """The Dutch in X avoid (standing order): not into Y, where the enemy came from (U-OP-14); W1
    and W2 are free: the preferred W2.  No battle, no roll."""
    st = state(fleet("s", "spain", "y", "galleon"), fleet("d", "dutch", "x", "flute"))
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["x"]),
                      order("dutch", 2, kind="hold", fleet="d", plan={"avoid": "avoid", "avoid_to": "w2"})])
    assert result.state.fleets["d"].location == "w2" and "battle_started" not in kinds(result)
    assert of_kind(result, "battle_avoided")[0].to_area == "w2"


def test_u5_3_outmatched_avoids_only_when_the_enemy_is_stronger_by_the_margin():
    """The flute (3) against a galleon (6): 6 > 3 × 1.5 → avoids; against a frigate (4) it fights."""
    for enemy, avoids in (("galleon", True), ("frigate", False)):
        st = state(fleet("s", "spain", "y", enemy), fleet("d", "dutch", "x", "flute"))
        dice = {} if avoids else {**initiative("x", 1, 3, 3), **initiative("x", 2, 3, 3), **initiative("x", 3, 3, 3),
                                  **initiative("x", 4, 3, 3)}
        result = run(st, [order("spain", 1, kind="move", fleet="s", path=["x"]),
                          order("dutch", 2, kind="hold", fleet="d", plan={"avoid": "outmatched"})], dice)
        assert ("battle_avoided" in kinds(result)) is avoids


def test_u5_3_a_fleet_with_no_mp_left_cannot_avoid():
    """The Dutch flute spent its 4 MP (W1 → X → Y → A2 → Y … no: A2 and back); met at the end it
    must fight.  Here: it owes 4 MP, so it has none (U5.3)."""
    st = state(fleet("s", "spain", "y", "galleon", "galleon", "galleon"),
               fleet("d", "dutch", "x", "flute", mp_debt_next_turn=4))
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["x"]),
                      order("dutch", 2, kind="hold", fleet="d", plan={"avoid": "avoid"})], initiative("x", 1, 6, 1))
    assert "battle_avoided" not in kinds(result) and "d" not in result.state.fleets


def test_u_op_12_two_movers_the_one_with_more_mp_left_attacks():
    """Both enter A2 at step 1; Spain owes 1 MP (3 left after the step: 2), the Dutch have 3 → the
    Dutch attack (U-OP-12)."""
    st = state(fleet("s", "spain", "y", "galleon", mp_debt_next_turn=1), fleet("d", "dutch", "a1", "frigate"))
    dice = {**initiative("a2", 1, 1, 6), "battle:a2:r1:retreat:attacker": 6, "battle:a2:r1:retreat:defender": 1}
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["a2"]),
                      order("dutch", 2, kind="move", fleet="d", path=["a2"], plan={"retreat_after_round": 1})], dice)
    assert of_kind(result, "battle_started")[0].factions == {"attacker": ["dutch"], "defender": ["spain"]}
    assert result.state.fleets["d"].location == "a1"  # the attacker retreats to where it came from (U7.2)


def test_u_op_12_a_tie_is_settled_by_a_die_and_flagged():
    st = state(fleet("s", "spain", "y", "galleon"), fleet("d", "dutch", "a1", "frigate"))
    dice = {"encounter:a2:t5:s1:attacker": 1, **initiative("a2", 1, 6, 1),  # 1: the first fleet id, d
            "battle:a2:r1:retreat:attacker": 6, "battle:a2:r1:retreat:defender": 1}
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["a2"]),
                      order("dutch", 2, kind="move", fleet="d", path=["a2"], plan={"retreat_after_round": 1})], dice)
    assert of_kind(result, "battle_started")[0].factions["attacker"] == ["dutch"]
    assert of_kind(result, "default_applied")[0].what == "U-OP-12"


def test_u_op_01_a_battle_needing_a_missing_ship_value_waits_for_a_moderator():
    st = state(fleet("s", "spain", "y", "galleon"), fleet("d", "dutch", "x", "flute"))
    tables = settings().ship_types | {"flute": settings().ship_types["flute"].model_copy(update={"attack": None})}
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["x", "w1"])], ship_types=tables)
    needed = of_kind(result, "moderator_needed")[0]
    assert (needed.what, needed.detail) == ("U-OP-01", "ship_types.flute.attack")
    assert result.state.fleets["s"].location == "x" and "battle_started" not in kinds(result)


def test_a_battle_without_a_winner_is_not_fought_again_in_the_same_step():
    """Two fleets whose only ships are at 1 health (out of any battle, U6.2.5) meet: the battle ends
    at once with no winner (U-OP-23); they stay, and the encounter is not repeated (the property
    test found the battle fought twice, the attacker's die rolled twice)."""
    st = state(fleet("s", "spain", "a1", ships=[Ship(id="s1", type="flute", health=1)]),
               fleet("d", "dutch", "a1", ships=[Ship(id="d1", type="flute", health=1)]))
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["a2"]),
                      order("dutch", 2, kind="move", fleet="d", path=["a2"])],
                 {"encounter:a1:t5:s0:attacker": 1})
    assert [e.outcome for e in of_kind(result, "battle_ended")] == ["no_winner"]
    assert {f.location for f in result.state.fleets.values()} == {"a1"}


def test_u_op_22_both_sides_declare_a_retreat_and_both_withdraw_without_exhaustion():
    """Both standing orders retreat after round 1 (mutual_retreat = both_withdraw): no roll, no
    winner, no captures, no war exhaustion; the attacker goes back where it came from (Y), the
    defender to a free neighbour other than Y (W1: fewest hostile neighbours, then map order)."""
    st = state(fleet("s", "spain", "y", "galleon"), fleet("d", "dutch", "x", "frigate"))
    result = run(st, [order("spain", 1, kind="move", fleet="s", path=["x"], plan={"retreat_after_round": 1}),
                      order("dutch", 2, kind="hold", fleet="d", plan={"retreat_after_round": 1})],
                 initiative("x", 1, 2, 5))
    assert (result.state.fleets["s"].location, result.state.fleets["d"].location) == ("y", "w1")
    assert [e.outcome for e in of_kind(result, "battle_ended")] == ["no_winner"]
    assert result.state.factions["spain"].war_exhaustion == result.state.factions["dutch"].war_exhaustion == 0
