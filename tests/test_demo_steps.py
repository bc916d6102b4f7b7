"""The demo of a ruleset whose turn is made of steps: after the orders step, each question the
scenario's demo section answers is answered as a moderator would, the others take their defaults,
and the reports of every step are written (tests/services/steps_ruleset.py: two captains' questions)."""

from __future__ import annotations

from bot import demo
from bot.scenarios import load_shipped_scenario
from tests.services.steps_ruleset import install


def scripted(answers: dict):
    scenario = load_shipped_scenario("seto-demo")
    file = scenario.file.model_copy(update={"demo": scenario.file.demo.model_copy(update={"answers": answers})})
    return scenario.model_copy(update={"file": file})


async def test_the_demo_answers_the_steps_it_scripts_and_defaults_the_rest(tmp_path, monkeypatch):
    steps = install(monkeypatch)
    monkeypatch.setattr(demo, "load_shipped_scenario", lambda _id: scripted({"q-mori": "sail"}))
    said: list[str] = []
    written = await demo.run_demo(tmp_path, "seto-demo", echo=said.append)
    assert [kind for kind, _ in steps.resolved] == ["orders", "choices"]
    (_, answers) = steps.resolved[1]
    assert {(a.question, a.value, a.source.value) for a in answers} == {
        ("q-mori", "sail", "moderator"), ("q-otomo", "stay", "default")}
    assert any(line.endswith("q-mori = sail") for line in said)
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    assert public.count("\n---\n") == 1  # the orders step's report, then the captains' choices'
    assert tmp_path / "map.png" in written
