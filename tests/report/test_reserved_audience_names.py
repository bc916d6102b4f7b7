"""A clan whose id is "public" or "moderators" gets its own view, and the public
and the moderators get theirs (S12.6, R19, OP-26): audiences are typed
(``Viewer``), so no clan id can stand for one of them.

The demo turn is taken as resolved and its clans Mōri and Ōtomo renamed to the
ids "public" and "moderators" (made through the state directly: creating such
a clan is refused).  Renaming a clan must change nothing but the id in any map
or report."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

from bot.demo import demo_turn_input
from bot.domain.viewer import Viewer
from bot.report import ReportInput
from bot.report.presenters import presenter
from bot.rulesets.sengoku.report.overlay import overlay_for
from bot.plugins import get_ruleset

RENAME = {"mori": "public", "otomo": "moderators"}


def renamed_text(text: str) -> str:
    for old, new in RENAME.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return text


def _renamed(model, parse):
    return parse(json.loads(renamed_text(json.dumps(model.model_dump(mode="json")))))


@cache
def original() -> ReportInput:
    return demo_turn_input("seto-demo")


@cache
def renamed() -> ReportInput:
    data, ruleset = original(), get_ruleset("sengoku")
    state = ruleset.state_model.model_validate
    return replace(data, before=_renamed(data.before, state), after=_renamed(data.after, state),
                   events=[_renamed(e, ruleset.parse_event) for e in data.events])


def test_the_renamed_turn_really_has_clans_called_public_and_moderators():
    assert {"public", "moderators"} <= set(renamed().after.clans)
    assert renamed().after.squadrons["mori-kobayakawa"].owner == "public"
    assert any("moderators" in e.audience.factions for e in renamed().events)


@pytest.mark.parametrize(("before", "after"), [
    (Viewer.public(), Viewer.public()),
    (Viewer.moderators(), Viewer.moderators()),
    (Viewer.of("mori"), Viewer.of("public")),
    (Viewer.of("otomo"), Viewer.of("moderators")),
    (Viewer.of("kono"), Viewer.of("kono")),
])
def test_each_map_is_the_same_whatever_the_clans_are_called(before, after):
    was = json.dumps(overlay_for(original(), before).model_dump(mode="json"), ensure_ascii=False)
    now = json.dumps(overlay_for(renamed(), after).model_dump(mode="json"), ensure_ascii=False)
    assert now == renamed_text(was)


def test_the_public_map_does_not_draw_the_clan_called_public_in_full():
    """Mōri's pirate and its squadrons' experience (S5.6, OP-49) stay off the public map."""
    drawn = {(m.faction, m.label): m.detail for m in overlay_for(renamed(), Viewer.public()).markers}
    assert not [d for d in drawn.values() if "XP" in d]
    assert ("public", "Noshima Murakami") not in drawn and ("public", "Akita-maru") not in drawn
    assert ("public", "Akamagaseki Guard") in drawn  # it fought in public: drawn where, not what


def test_each_report_is_the_same_whatever_the_clans_are_called():
    was = presenter("sengoku").build_reports(original())
    now = presenter("sengoku").build_reports(renamed())
    assert now.public == was.public  # (the moderators' log prints clan ids in its tie-breaks, so it differs)
    assert now.factions["public"] == was.factions["mori"] and now.factions["moderators"] == was.factions["otomo"]
