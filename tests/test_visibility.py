"""What the public report of the demo turn may say (S5.6, S8.1.2, S12.6, OP-26,
OP-49, R19): every public event, rendered on its own, carries no experience, no
stake, no dice, no dice key, no heavy-detachment count and no S8.3 tie-break
step; and nothing public about pirates names a pirate or its owner."""

from __future__ import annotations

import re
from functools import cache

from bot.demo import demo_turn_input
from bot.rulesets.sengoku.report.build import templates
from bot.rulesets.sengoku.report.names import Names
from bot.scenarios import load_shipped_scenario

FORBIDDEN = [
    (re.compile(r"\bXP\b"), "experience (XP)"),
    (re.compile(r"\bexperience\b", re.IGNORECASE), "experience"),
    (re.compile(r"\bstake\b", re.IGNORECASE), "a stake"),
    (re.compile(r"2d6"), "a 2d6 roll"),
    (re.compile(r"d6 \["), "dice faces"),
    (re.compile(r"\bkey "), "a dice key"),
    (re.compile(r"heavy detachment", re.IGNORECASE), "a heavy detachment"),
    (re.compile(r"\d+\s*(×\s*)?(heavy|HD)", re.IGNORECASE), "a heavy-detachment count"),
    (re.compile(r"\bHD\b"), "heavy detachments (HD)"),
    (re.compile(r"tie broken", re.IGNORECASE), "the S8.3 step that broke a tie"),
]
PIRATE_KINDS = {"pirates_sighted", "pirates_present", "pirates_engaged", "piracy_clash", "pirates_intercepted"}
PIRACY_ORDERS = {"sq_piracy", "tf_piracy"}


@cache
def _demo():
    data = demo_turn_input("seto-demo")
    return load_shipped_scenario("seto-demo"), data, Names(data)


def _pirates(scenario) -> dict[str, str]:
    """Every unit ordered to pirate this turn → its owner."""
    state = scenario.state
    found = {}
    for payloads in scenario.file.orders.values():
        for payload in payloads:
            if payload["kind"] in PIRACY_ORDERS:
                unit = payload["unit"]
                table = state.squadrons if unit in state.squadrons else state.fleets
                found[unit] = table[unit].owner
    return found


def _mentions(event, ids: set[str]) -> bool:
    """Whether any field of the event names one of ``ids`` (a unit or a clan)."""
    def walk(value) -> bool:
        if isinstance(value, str):
            return value in ids
        if isinstance(value, dict):
            return any(walk(k) or walk(v) for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return any(walk(v) for v in value)
        return False
    return walk(event.model_dump(exclude={"kind", "audience"}))


def test_public_lines_carry_no_hidden_facts():
    _, result, names = _demo()
    public = [(e, templates()[e.kind](e, names)) for e in result.events if e.audience.public]
    assert any(e.kind == "pair_seen" for e, _ in public), "the demo should publish battle rounds"
    assert any(e.kind == "pair_decided" and e.tiebreak and e.winner is not None for e in result.events), \
        "the demo should break a tie, so the tie-break check means something"
    leaks = [f"{e.kind}: {line.strip()!r} shows {what}" for e, line in public for pattern, what in FORBIDDEN
             if pattern.search(line)]
    assert leaks == []


def test_private_details_never_have_a_public_audience():
    _, result, _ = _demo()
    hidden = {"squadron_rolled", "loss_rolled", "experience_gained", "character_harmed", "interception_rolled",
              "loot_rolled", "figures_lost", "storm_checked", "forced_refusal", "pair_decided", "credit_gained",
              "pirate_identified", "heavy_in_port", "naval_record", "leader_record", "plunder_looted"}
    assert [e.kind for e in result.events if e.kind in hidden and e.audience.public] == []


def test_public_pirate_lines_never_name_a_pirate_or_its_owner():
    scenario, result, names = _demo()
    pirates = _pirates(scenario)
    assert pirates, "the demo should send pirates out"
    owners = set(pirates.values())
    secret_words = {names.clan(c) for c in owners} | owners | {names.unit(u) for u in pirates} | set(pirates)
    public = [e for e in result.events if e.audience.public]
    related = [e for e in public if e.kind in PIRATE_KINDS or _mentions(e, set(pirates))]
    assert any(e.kind in PIRATE_KINDS for e in related), "the demo should report pirates in public"
    leaks = [f"{e.kind}: {templates()[e.kind](e, names).strip()!r}" for e in related
             if any(word in templates()[e.kind](e, names) for word in secret_words)
             or _mentions(e, secret_words)]
    assert leaks == []
    # a public event about a pirate unit at all would give it away
    assert [e.kind for e in public if _mentions(e, set(pirates))] == []
