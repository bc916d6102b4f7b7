"""Same state + orders + seed → the same result, byte for byte; correcting
one order changes only the rolls it touches (keyed dice)."""

from __future__ import annotations

import json

from bot.engine.dice import SeededDice, SignedDice, check_proof, load_private_key
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import load_shipped_map
from bot.plugins import get_ruleset
from bot.scenarios import load_shipped_scenario
from bot.services.dice_keys import turn_key

RULESET = get_ruleset("sengoku")
GAMEMAP = load_shipped_map("seto")


def demo_orders(scenario, change=None):
    orders, seq = [], 0
    for faction, payloads in scenario.file.orders.items():
        for payload in payloads:
            seq += 1
            if change and payload["unit"] == change[0]:
                payload = {**payload, **change[1]}
            orders.append(SubmittedOrder(faction=faction, unit=payload["unit"], seq=seq, payload=payload))
    return orders


def resolve(seed, change=None):
    scenario = load_shipped_scenario("seto-demo")
    dice = SeededDice(seed)
    result = RULESET.resolve(scenario.state, GAMEMAP, scenario.settings, demo_orders(scenario, change), dice)
    blob = json.dumps({"state": result.state.model_dump(mode="json"),
                       "events": [e.model_dump(mode="json") for e in result.events]}, sort_keys=True)
    return blob, {r.key: r.faces for r in dice.log}


def test_same_seed_same_bytes():
    assert resolve("seed-a") == resolve("seed-a")


def test_another_seed_changes_the_turn():
    assert resolve("seed-a")[0] != resolve("seed-b")[0]


def test_correcting_one_order_changes_only_its_rolls():
    _, before = resolve("seed-a")
    # Miyoshi's Sogō-1 now avoids battle: its rolls disappear, every other roll keeps its faces.
    _, after = resolve("seed-a", change=("miyoshi-sogo", {"want_battle": "never", "when_enemy_wants": "avoid"}))
    common = before.keys() & after.keys()
    assert common and all(before[k] == after[k] for k in common)
    removed = before.keys() - after.keys()
    assert removed and all("miyoshi" in k and "kono" in k for k in removed)


def test_seed_resolution_is_independent_of_roll_order():
    dice = SeededDice("s")
    first = dice.roll("b", "2d6").faces
    again = SeededDice("s")
    again.roll("a", "d6")
    assert again.roll("b", "2d6").faces == first


def test_every_event_kind_has_a_report_template_and_parses_back():
    from bot.rulesets.sengoku.report.build import templates
    from bot.rulesets.sengoku.rules.model.events import event_types, parse_event
    assert sorted(set(event_types()) - set(templates())) == []
    blob, _ = resolve("seed-a")
    for raw in json.loads(blob)["events"]:
        assert parse_event(raw).model_dump(mode="json") == raw


def resolve_signed(seed: str, turn: int = 3):
    """The demo turn on signed dice (rsa-vrf) from the key pair ``seed`` makes."""
    scenario = load_shipped_scenario("seto-demo")
    dice = SignedDice(load_private_key(turn_key(seed).private_pem), turn)
    result = RULESET.resolve(scenario.state, GAMEMAP, scenario.settings, demo_orders(scenario), dice)
    blob = json.dumps({"state": result.state.model_dump(mode="json"),
                       "events": [e.model_dump(mode="json") for e in result.events],
                       "dice": [r.model_dump(mode="json") for r in dice.log]}, sort_keys=True)
    return blob, dice.log


def test_the_same_key_pair_gives_byte_identical_resolutions():
    first, rolls = resolve_signed("key-a")
    assert resolve_signed("key-a")[0] == first  # PKCS#1 v1.5 signing is deterministic
    assert resolve_signed("key-b")[0] != first
    public = turn_key("key-a").public_pem
    assert rolls and all(check_proof(public, 3, roll) is None for roll in rolls)


def test_a_proof_binds_its_turn_and_key():
    _, rolls = resolve_signed("key-a")
    public, roll = turn_key("key-a").public_pem, rolls[0]
    assert "not the turn key's signature" in check_proof(public, 4, roll)
    assert "not the turn key's signature" in check_proof(public, 3, roll.model_copy(update={"key": rolls[1].key}))
    assert "not the turn key's signature" in check_proof(turn_key("key-b").public_pem, 3, roll)
