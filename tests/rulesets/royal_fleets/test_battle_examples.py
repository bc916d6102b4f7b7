"""UX2-UX4 (spec U15): the worked examples of damage distribution, overflow and leaving the battle,
initiative ties and retreat rolls, fought through ``fight`` with scripted dice and exact outcomes.

UX2 and UX3 are stated for "round 1" and "round 2"; both rounds spread damage by the same rule
(U6.2.4.1), so each is fought here as the first round of a battle that starts with the example's
health, stopped after it (``max_rounds``, U-OP-23)."""

from __future__ import annotations

from tests.rulesets.royal_fleets.battle_kit import healths, initiative, kinds, retreat, run, side

from bot.rulesets.royal_fleets.rules.battle import RetreatPlan

B_FRIGATES = (("f1", "frigate"), ("f2", "frigate"), ("f3", "frigate"), ("fl", "flute"))


def test_ux2_remainder_to_the_strongest():
    """15 on 3 frigates and a flute: 3 each, remainder 3 to the frigates (attack 4 > 3) → 8, 8, 8; 9.
    Side A = 3 frigates + 1 flute, 15, and loses the initiative."""
    a = side("a", ("a1", "frigate"), ("a2", "frigate"), ("a3", "frigate"), ("a4", "flute"))
    result = run(a, side("b", *B_FRIGATES), initiative(1, 1, 6), max_rounds=1)
    assert result.rounds[0].attacks["attacker"].attack == 15
    assert {s: healths(result)[s] for s in ("f1", "f2", "f3", "fl")} == {"f1": 8, "f2": 8, "f3": 8, "fl": 9}


def test_ux2_identical_ships_default_to_the_first_in_list_order():
    """14: 3 remainder 2 → two of the three identical frigates take 4; A chose none, so the first two
    (UX2 "default first two") — logged for moderators as a default (U-OP-18)."""
    a = side("a", ("a1", "frigate"), ("a2", "frigate"), ("a3", "galleon"))
    result = run(a, side("b", *B_FRIGATES), initiative(1, 1, 6), max_rounds=1)
    assert result.rounds[0].attacks["attacker"].attack == 14
    assert {s: healths(result)[s] for s in ("f1", "f2", "f3", "fl")} == {"f1": 8, "f2": 8, "f3": 9, "fl": 9}
    defaults = [e for e in result.events if e.kind == "battle_default_applied" and e.rule == "U-OP-18"]
    assert [(e.round, e.values) for e in defaults] == [
        (1, {"faction": "a", "ships": "f1, f2"}),
        (1, {"faction": "b", "ships": "a1"})]  # B: round(15 × 1.1) = 17 on A → 5 each, +1 to a3 and a1 of a1, a2


def test_ux3_overflow_redistributed_by_default():
    """Galleon at 3/17 and frigate 12/12, A's attack 10 → 5 + 5; the galleon takes 3 and sinks, its
    2 excess go to the frigate → 5 (U-OP-19 redistribute).  A = galleass 2 + frigates 4 + 4."""
    a = side("a", ("a1", "galleass"), ("a2", "frigate"), ("a3", "frigate"))
    b = side("b", ("g", "galleon", 3), ("f", "frigate"))
    result = run(a, b, initiative(1, 1, 6), max_rounds=1)
    attack = result.rounds[0].attacks["attacker"]
    assert (attack.attack, attack.damage, attack.lost) == (10, {"f": 7, "g": 3}, 0)
    assert (healths(result)["g"], healths(result)["f"]) == (0, 5)
    assert result.rounds[0].sunk == ("g",) and result.ships["g"].status == "sunk"


def test_ux3_overflow_lost():
    """The same with overflow = lost: the galleon sinks, the frigate 12 − 5 = 7; 2 points are lost."""
    a = side("a", ("a1", "galleass"), ("a2", "frigate"), ("a3", "frigate"))
    b = side("b", ("g", "galleon", 3), ("f", "frigate"))
    result = run(a, b, initiative(1, 1, 6), max_rounds=1, overflow="lost")
    attack = result.rounds[0].attacks["attacker"]
    assert (attack.damage, attack.lost) == ({"f": 5, "g": 3}, 2)
    assert (healths(result)["g"], healths(result)["f"]) == (0, 7)


def test_ux3_one_health_leaves_the_battle_and_is_captured_when_its_side_retreats():
    """Galleons at 5/17 and 17/17, A's attack 8 → 4 + 4: the first at 1 leaves the battle (no attack,
    no more damage), the second at 13.  B then retreats (dice B 5, A 2): A captures the 1-health
    galleon, which joins A's fleet with 1 health (U6.3); B's other galleon retreats per U7.2 and B
    gains 10 war exhaustion (U7.4, U-OP-25).
    R1: B wins the initiative (1-6): B = 3 (5/17 halved) + 6 = 9 × 1.1 = 9.9 → 10 on A's frigates → 7, 7."""
    a = side("a", ("a1", "frigate"), ("a2", "frigate"), origin="Y")
    b = side("b", ("g1", "galleon", 5), ("g2", "galleon"), retreat_plan=RetreatPlan(after_round=1))
    result = run(a, b, {**initiative(1, 1, 6), **retreat(1, 2, 5)})
    r1 = result.rounds[0]
    assert r1.attacks["attacker"].damage == {"g1": 4, "g2": 4} and r1.left_battle == ("g1",)
    assert r1.attacks["defender"].attack == 10 and healths(result, 1)["a1"] == 7
    assert (result.ending, result.winner, r1.retreated) == ("retreat", "attacker", "defender")
    [capture] = result.captures
    assert (capture.ship, capture.from_faction, capture.to_faction, capture.to_fleet, capture.health) == (
        "g1", "b", "a", "a-fleet", 1)
    assert (result.ships["g1"].status, result.ships["g1"].faction, result.ships["g1"].fleet) == (
        "captured", "a", "a-fleet")
    [order] = result.retreats
    assert (order.fleet, order.side, order.rule, order.excluded, order.ships) == (
        "b-fleet", "defender", "to_adjacent", "Y", ("g2",))
    assert [(x.faction, x.points, x.reason) for x in result.exhaustion] == [("b", 10, "retreated")]


def test_ux3_a_ship_at_one_health_no_longer_attacks_or_takes_damage():
    """Round 2 of the same battle with no retreat: g1 (1 health) is in neither side's round-2 figures."""
    a = side("a", ("a1", "frigate"), ("a2", "frigate"))
    b = side("b", ("g1", "galleon", 5), ("g2", "galleon"))
    result = run(a, b, {**initiative(1, 1, 6), **initiative(2, 1, 6)}, max_rounds=2)
    r2 = result.rounds[1]
    assert r2.attacks["defender"].effective == {"g2": 6}
    assert r2.attacks["attacker"].damage == {"g2": 8} and healths(result)["g1"] == 1


def _ux4():
    """A = galleass + frigate (attacker, from Y), declares a retreat after round 2 and every later
    one; B = two flutes.  Dice: R1 A 2, B 5; R2 A 6, B 1; retreat after R2: 4-4; R3 initiative
    3-3; retreat after R3: A 5, B 2.
    R1: A 6; B 6 × 1.1 = 6.6 → 7 → A's frigate 8, galleass 5; B's flutes 9, 9.
    R2: A (2 + 4) × 1.1 = 6.6 → 7 → flutes 5, 6 (A chose none: the first takes the extra, U-OP-18);
    B 6 → galleass 2, frigate 5.
    R3: A 1 + 2 = 3 → flutes 3, 5; B 1.5 + 1.5 = 3 → frigate 3, galleass 1: it leaves the battle."""
    a = side("a", ("a1", "galleass"), ("a2", "frigate"), retreat_plan=RetreatPlan(after_round=2), origin="Y")
    b = side("b", ("b1", "flute"), ("b2", "flute"))
    script = {**initiative(1, 2, 5), **initiative(2, 6, 1), **retreat(2, 4, 4), **initiative(3, 3, 3),
              **retreat(3, 5, 2)}
    return run(a, b, script)


def test_ux4_a_retreat_roll_that_ties_fails():
    result = _ux4()
    r2 = result.rounds[1]
    assert r2.retreat_declared == ("attacker",) and [r.total for r in r2.retreat_rolls] == [4, 4]
    assert r2.retreated is None and len(result.rounds) == 3


def test_ux4_initiative_tie_gives_no_bonus():
    r3 = _ux4().rounds[2]
    assert [r.total for r in r3.initiative] == [3, 3] and r3.bonus_side is None
    assert not r3.attacks["attacker"].bonus and not r3.attacks["defender"].bonus
    assert (r3.attacks["attacker"].attack, r3.attacks["defender"].attack) == (3, 3)


def test_ux4_the_retreat_succeeds_on_a_higher_roll_and_costs_the_one_health_ships():
    result = _ux4()
    assert healths(result) == {"a1": 1, "a2": 3, "b1": 3, "b2": 5}
    assert (result.ending, result.outcome, result.loser) == ("retreat", "defender_won", "attacker")
    assert result.rounds[2].retreated == "attacker"
    assert [(c.ship, c.to_faction, c.to_fleet, c.reason) for c in result.captures] == [
        ("a1", "b", "b-fleet", "side_retreated")]
    assert [(x.faction, x.points) for x in result.exhaustion] == [("a", 10)]
    [order] = result.retreats  # U7.2: the attacker goes back where it attacked from
    assert (order.fleet, order.rule, order.origin, order.ships) == ("a-fleet", "to_origin", "Y", ("a2",))
    assert kinds(result).count("battle_retreat_rolled") == 2


def test_ux4_events_and_their_audiences():
    """Public: that the battle was fought, the ship that left, the capture, the end.  Both sides:
    every die and attack.  Only A: its declaration and its war exhaustion.  Moderators: defaults."""
    result = _ux4()
    public = [e.kind for e in result.events if e.audience.public]
    assert public == ["battle_started", "battle_ship_left", "battle_ship_captured", "battle_ended"]
    by_kind = {e.kind: e.audience for e in result.events}
    assert by_kind["battle_initiative"].factions == ("a", "b") and by_kind["battle_attack"].factions == ("a", "b")
    assert by_kind["battle_retreat_rolled"].factions == ("a", "b")
    assert by_kind["battle_retreat_declared"].factions == ("a",) and by_kind["battle_exhaustion"].factions == ("a",)
    defaults = [e for e in result.events if e.kind == "battle_default_applied"]
    assert [(e.rule, e.round) for e in defaults] == [
        ("U-OP-18", 2), ("U-OP-16", 3), ("U-OP-20", 3), ("U-OP-18", 3), ("U-OP-20", 3)]
    assert all(not e.audience.public and not e.audience.factions for e in defaults)
