"""Secrecy across a full multi-clan turn: nothing a clan is shown — its report
(as stored and posted), its unit list, its order listing, its characters,
armies and capture credits — carries another clan's hidden facts (and the
public report carries none of anybody's): dice,
dice keys, experience, stakes, heavy-detachment figures, orders, pirates'
owners (R19, OP-49, S8.1.2).  tests/test_visibility.py checks the public
report of the demo; this goes on to every clan's view, on the synthetic
4-clan (Seto) and 8-clan (generated coast) campaigns through the real
service, and on random campaigns (tests/properties) through the rules and
the presenter.  The checks are in tests/robustness/hidden_facts.py.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings as hyp_settings, strategies as st

from bench.synth_campaign import campaign as synthetic
from bench.turn_setup import serve_generated_maps, store_campaign
from bot.domain.events import Audience
from bot.engine.dice import SeededDice
from bot.report import ReportInput
from bot.rulesets.sengoku.report.present import SengokuPresenter
from bot.plugins import get_ruleset
from bot.rulesets.sengoku.rules.model.scenario import build_state
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.properties.campaigns import MAPS, settings, states
from tests.properties.random_orders import turn_orders
from tests.robustness.hidden_facts import (foreign_dice_keys, foreign_names, hidden_facts_in_text, names_pattern,
                                           uninvolved_audiences)

RULESET = get_ruleset("sengoku")


def leaks_in_text(text: str, before, after, clan: str) -> list[str]:
    return hidden_facts_in_text(text, before, after, clan) + foreign_dice_keys(text, before, after, clan)


def no_foreign_names(texts: list[str], before, after, clan: str) -> list[str]:
    pattern = names_pattern(foreign_names(before, after, clan))
    return [f"{clan} is shown {m.group(1)!r}: {text!r}" for text in texts if pattern and (m := pattern.search(text))]


async def _clan_views(service: CampaignService, campaign_id: int, clan: str) -> dict[str, list[str]]:
    return {"units": [f"{u.id} {u.name} {u.summary}" for u in await service.units(campaign_id, clan)],
            "characters": [str(c) for c in await service.characters(campaign_id, clan)],
            "armies": [str(a) for a in await service.armies(campaign_id, clan)],
            "credits": [str(c) for c in await service.credits(campaign_id, clan)]}


@pytest.mark.parametrize("size", ["S", "M"])
async def test_no_clan_is_shown_another_clans_hidden_facts_through_the_service(tmp_path, size):
    synth = synthetic(size)
    before = synth.state
    with serve_generated_maps(synth.gamemap):
        async with await open_repository(tmp_path / "secrecy.db") as repo:
            service = CampaignService(repo)
            cid = await store_campaign(repo, synth, seed=f"secrecy-{size}")
            clans = sorted(before.clans)
            orders = {clan: (await service.order_lines(cid, clan), await service.describe_orders(cid, clan),
                             await service.orders(cid, clan)) for clan in clans}
            outcome = await service.resolve_turn(cid)
            record = await repo.last_resolution(cid)
            views = {clan: await _clan_views(service, cid, clan) for clan in clans}
    after, events = outcome.data.after, outcome.data.events
    assert uninvolved_audiences(events, before, after) == []
    leaks = []
    for clan in clans:
        report = outcome.reports.factions[clan]
        assert record.report[f"faction:{clan}"] == report  # what is stored is what is posted
        leaks += leaks_in_text(report, before, after, clan)
        lines, described, submitted = orders[clan]
        assert {line.faction for line in lines} == {o.faction for o in submitted} == {clan}
        assert len(described) == len(submitted) == sum(o.faction == clan for o in synth.orders)
        owned = {u.id for u in active_units(after, clan)}
        assert {v.split()[0] for v in views[clan]["units"]} == owned
        leaks += no_foreign_names([line.text for line in lines] + described + views[clan]["units"]
                                  + views[clan]["characters"] + views[clan]["armies"], before, after, clan)
    public = outcome.reports.public
    leaks += leaks_in_text(public, before, after, "")  # "": the public, for whom every clan is another
    assert leaks == []
    dice_in_reports = sum(len(re.findall(r"\(key ", text)) for text in outcome.reports.factions.values())
    assert dice_in_reports > 0, "the clans' reports should show their own dice, so the checks mean something"


def active_units(state, clan: str):
    return RULESET.units(state, clan)


@hyp_settings(max_examples=25, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_random_campaigns_tell_no_clan_another_clans_hidden_facts(data):
    map_id = data.draw(st.sampled_from(sorted(MAPS)))
    raw = data.draw(states(map_id))
    gamemap = MAPS[map_id]
    before = build_state(raw, gamemap, "secrecy campaign")
    dice = SeededDice(data.draw(st.text("0123456789abcdef", min_size=4, max_size=8)))
    result = RULESET.resolve(before, gamemap, data.draw(settings()), data.draw(turn_orders(raw, map_id)), dice)
    reports = SengokuPresenter().build_reports(ReportInput(
        campaign_name="secrecy", turn=before.turn, seed="s", commitment="c", gamemap=gamemap, before=before,
        after=result.state, events=list(result.events), rolls=list(dice.log)))
    assert uninvolved_audiences(list(result.events), before, result.state) == []
    for clan, text in [*reports.factions.items(), ("", reports.public)]:  # "": the public, for whom every clan is another
        assert leaks_in_text(text, before, result.state, clan) == []


def test_the_checks_catch_a_leak():
    """A squadron roll of Ōtomo's shown to Kōno, and a line of Ōtomo's dice in Kōno's text, are caught."""
    synth = synthetic("S")
    result = RULESET.resolve(synth.state, synth.gamemap, synth.settings, synth.orders, SeededDice("leak"))
    rolled = next(e for e in result.events if e.kind == "squadron_rolled" and e.audience.factions == ("otomo",))
    leaked = rolled.model_copy(update={"audience": Audience.of("otomo", "kono")})
    assert [line.split(",")[0] for line in uninvolved_audiences([leaked], synth.state, result.state)] == \
        ["squadron_rolled goes to kono"]
    name = synth.state.squadrons["otomo-sq2"].name
    text = f"    {name} (low stake) 2d6 [5·5] +2 XP = 12 → SL   (key battle:sp1-w2-x:otomo-sq2:r1)"
    found = leaks_in_text(text, synth.state, result.state, "kono")
    assert len(found) == 5 and all("otomo" in leak for leak in found)  # faces, "(key", XP, stake; the key itself
