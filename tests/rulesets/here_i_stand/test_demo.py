"""`python -m bot demo --ruleset here-i-stand`: four impulses of his-demo played through the services
with the scenario's scripted steps (bot/demo.py ``demo.steps``): a naval move with an interception
and a combat, piracy, a naval transport, two passes; each step's reports in step-NN/, the maps of
the first and the last step."""

from __future__ import annotations

import pytest

from bot import demo
from bot.demo import run_demo
from bot.scenarios import DemoStep, load_shipped_scenario
from bot.services.errors import UserError


def read(path) -> str:
    return path.read_text(encoding="utf-8")


async def test_the_demo_plays_the_scripted_impulses_and_writes_each_steps_reports(tmp_path):
    await run_demo(tmp_path, "his-demo", echo=lambda *_: None)
    steps = sorted(p.name for p in tmp_path.glob("step-*"))
    assert steps == [f"step-{n:02d}" for n in range(2, 14)]
    public = "\n".join(read(tmp_path / s / "report-public.md") for s in steps)
    assert "Hapsburgs: interception from Messina into Ionian Sea with 2 squadrons" in public  # H2.6.4
    assert "Naval combat in Ionian Sea won by Ottomans against Hapsburgs" in public  # H3.3.7
    assert "Piracy in Ionian Sea against Hapsburgs" in public  # H5.2
    assert "Naples → Tyrrhenian Sea → Barbary Coast → Tunis, for 3 CP" in public  # H4
    assert "impulse 3 ends with no naval action" in public and "impulse 4 ends with no naval action" in public
    # the last step's maps, one per audience; the steps between have reports only
    assert {p.name for p in (tmp_path / "step-13").glob("map*.png")} == {
        "map.png", "map-ottoman.png", "map-hapsburg.png", "map-france.png", "map-papacy.png", "map-moderators.png"}
    assert not list((tmp_path / "step-05").glob("*.png"))
    assert (tmp_path / "map.png").exists() and (tmp_path / "report-public.md").exists()


async def test_a_scripted_step_that_is_not_the_open_one_is_refused_naming_both(tmp_path, monkeypatch):
    shipped = load_shipped_scenario("his-demo")
    wrong = shipped.file.model_copy(update={"demo": shipped.file.demo.model_copy(
        update={"steps": [DemoStep(kind="landing")]})})
    monkeypatch.setattr(demo, "load_shipped_scenario", lambda _: shipped.model_copy(update={"file": wrong}))
    with pytest.raises(UserError, match=r"demo step 2: the open step is interception \(step 3\), the scenario expects landing"):
        await run_demo(tmp_path, "his-demo", echo=lambda *_: None)
