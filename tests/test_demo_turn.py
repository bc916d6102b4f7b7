"""The demo turn exercises what a moderator most wants to see resolved:
a battle in rounds, an interception of a landing, a port attack, piracy and
plunder (issue: Sengoku ruleset, done-when)."""

from __future__ import annotations

from bot.engine.dice import SeededDice
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import load_shipped_map
from bot.plugins import get_ruleset
from bot.scenarios import load_shipped_scenario


def demo_events():
    scenario = load_shipped_scenario("seto-demo")
    orders = [SubmittedOrder(faction=f, unit=p["unit"], seq=i, payload=p)
              for i, (f, p) in enumerate((f, p) for f, ps in scenario.file.orders.items() for p in ps)]
    result = get_ruleset("sengoku").resolve(scenario.state, load_shipped_map("seto"), scenario.settings,
                                            orders, SeededDice(scenario.file.demo.seed))
    return result.events


def test_demo_turn_exercises_the_main_procedures():
    events = demo_events()
    kinds = {e.kind for e in events}
    assert any(e.kind == "battle_ended" and e.rounds >= 2 for e in events)
    assert {"interception_rolled", "port_attacked", "plunder_looted"} <= kinds
    assert any(e.kind == "piracy_begun" for e in events) and any(e.kind == "pirates_present" for e in events)
    assert not any(e.kind == "order_fell_back" for e in events)
