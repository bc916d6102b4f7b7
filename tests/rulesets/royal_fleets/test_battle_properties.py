"""Properties of ``fight`` over random battles (issue 13's case suite): it never raises on valid
input; health stays within 0…max and never rises; every ship that leaves play has its event; the
damage a side takes in a round is what the other side dealt; the same seed gives the same result."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.dice import SeededDice
from bot.rulesets.royal_fleets.rules.battle import (
    BattleSettings, BattleShip, BattleSide, RetreatPlan, Targeting, fight)
from tests.rulesets.royal_fleets.battle_kit import TYPES


@st.composite
def sides(draw, faction: str, enemy_prefix: str) -> BattleSide:
    ships = []
    for i in range(draw(st.integers(1, 6))):
        type_ = draw(st.sampled_from(sorted(TYPES)))
        attack, max_health = TYPES[type_]
        ships.append(BattleShip(id=f"{faction}{i}", type=type_, faction=faction, fleet=f"{faction}-f{i % 2}",
                                attack=attack, health=draw(st.integers(1, max_health)), max_health=max_health))
    plan = RetreatPlan(after_round=draw(st.none() | st.integers(1, 6)))
    enemies = [f"{enemy_prefix}{i}" for i in range(6)]
    allocations = draw(st.dictionaries(st.integers(3, 6), st.dictionaries(st.sampled_from(enemies),
                                                                          st.integers(0, 12), max_size=3),
                                       max_size=2))
    targeting = Targeting(from_round_3=draw(st.sampled_from(["even", "concentrate", "capture"])),
                          allocations=allocations)
    return BattleSide(factions=(faction,), ships=tuple(ships), retreat_plan=plan, targeting=targeting)


battle_settings = st.builds(
    BattleSettings, initiative_tie=st.sampled_from(["no_bonus", "reroll"]),
    rounding=st.sampled_from(["half_up", "half_even", "down"]), overflow=st.sampled_from(["redistribute", "lost"]),
    strength_key=st.sampled_from(["attack_then_health", "attack_then_current_health"]),
    mutual_retreat=st.sampled_from(["both_withdraw", "roll_off"]), capture_when_wiped_out=st.booleans(),
    max_rounds=st.just(60))


@settings(max_examples=150, deadline=None)
@given(sides("a", "b"), sides("b", "a"), battle_settings, st.text("abcdef0123456789", min_size=4, max_size=8))
def test_random_battles(attacker, defender, rules, seed):
    ids = {s.id for s in attacker.ships} | {s.id for s in defender.ships}
    attacker = _known_targets(attacker, ids)
    defender = _known_targets(defender, ids)
    result = fight(attacker, defender, rules, SeededDice(seed), area="X")
    start = {s.id: s for s in attacker.ships + defender.ships}
    for record in result.rounds:
        for ship, health in record.health_after.items():
            assert 0 <= health <= record.health_before[ship] <= start[ship].max_health
        for side, attack in record.attacks.items():
            assert attack.used <= attack.attack and sum(attack.damage.values()) + attack.lost <= attack.attack
    sunk_events = {e.ship for e in result.events if e.kind == "battle_ship_sunk"}
    captured_events = {e.ship for e in result.events if e.kind == "battle_ship_captured"}
    assert sunk_events == {s for s, f in result.ships.items() if f.status == "sunk"}
    assert captured_events == {s for s, f in result.ships.items() if f.status == "captured"}
    assert result.events[-1].kind == "battle_ended"
    again = fight(attacker, defender, rules, SeededDice(seed), area="X")
    assert again.model_dump_json(serialize_as_any=True) == result.model_dump_json(serialize_as_any=True)


def _known_targets(side: BattleSide, ids: set[str]) -> BattleSide:
    """Allocations may only name ships of the battle (a refusal before any die otherwise)."""
    own = {s.id for s in side.ships}
    allocations = {r: {s: d for s, d in a.items() if s in ids and s not in own}
                   for r, a in side.targeting.allocations.items()}
    return side.model_copy(update={"targeting": side.targeting.model_copy(update={"allocations": allocations})})
