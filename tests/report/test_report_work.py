"""A turn's reports, maps and cards do each piece of work once, not once per audience (issue 18: a
1,000-unit turn has ~10,000 events and 18 audiences), and read exactly as if each were made alone."""

from __future__ import annotations

import dataclasses
import gc
from collections import Counter

import pytest

from bot.demo import demo_turn_input
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.report import _PER_TURN, build_reports, per_turn
from bot.rulesets.sengoku.report import build as build_module
from bot.rulesets.sengoku.report import cards as cards_module
from bot.rulesets.sengoku.report import sightings
from bot.rulesets.sengoku.report.build import _lines, templates
from bot.rulesets.sengoku.report.cards import cards_for
from bot.rulesets.sengoku.report.names import Names
from bot.rulesets.sengoku.report.overlay import overlay_for

LANGUAGES = {"kono": "ja", "miyoshi": "ru", "mori": "en", "otomo": "ja"}


@pytest.fixture(scope="module")
def turn():
    data = demo_turn_input("seto-demo")
    return dataclasses.replace(data, faction_languages={c: LANGUAGES[c] for c in data.before.clans})


def _audiences(data):
    return [PUBLIC, MODERATORS] + [Viewer.of(c) for c in sorted(data.before.clans)]


def test_each_event_is_worded_once_per_language_for_all_of_a_turns_reports(turn, monkeypatch):
    """Before, each of the 18 reports of a large turn worded every event it showed again: the same
    line, made once per report that shows it (a template sees the event and the language, never the
    audience)."""
    worded: Counter = Counter()
    counting = {kind: _counted(template, worded) for kind, template in templates().items()}
    monkeypatch.setattr(build_module, "templates", lambda: counting)
    build_reports("sengoku", turn)
    languages = {}  # event -> the languages of the reports that show it
    for viewer in _audiences(turn):
        for event in (turn.events if viewer.is_moderators else
                      [e for e in turn.events if e.audience.sees(viewer.faction)]):
            languages.setdefault(id(event), set()).add(turn.language_for(viewer))
    grouped = {id(e) for e in turn.events if e.kind in build_module.group_templates()}
    once = {key: len(langs) for key, langs in languages.items() if key not in grouped}
    assert {key: n for key, n in worded.items() if key not in grouped} == once
    assert max(once.values()) == 3  # a public event: in en (public, moderators, Mōri), ja and ru


def _counted(template, worded: Counter):
    def counted(event, names):
        worded[id(event)] += 1
        return template(event, names)
    return counted


def test_each_report_reads_as_if_it_alone_were_worded(turn):
    """Sharing a language's lines between reports changes no report: each clan's body is its events
    worded from scratch, in its own language."""
    reports = build_reports("sengoku", turn)
    for clan in turn.before.clans:
        alone = _lines([e for e in turn.events if e.audience.sees(clan)], Names(turn, LANGUAGES[clan]))
        body = reports.factions[clan].split("\n")[2:2 + len(alone)]
        assert alone and body == alone


def test_each_map_and_card_reads_as_if_made_alone(turn):
    """What one turn remembers for all its audiences (bot.report.per_turn) never leaks from one
    audience's map or cards into another's: each equals the one made on a fresh copy of the turn."""
    together = [(overlay_for(turn, v).model_dump_json(), cards_for(turn, v.faction, v.is_moderators))
                for v in _audiences(turn)]
    for viewer, (overlay, cards) in zip(_audiences(turn), together):
        fresh = dataclasses.replace(turn)  # another ReportInput: nothing remembered
        assert overlay_for(fresh, viewer).model_dump_json() == overlay
        assert cards_for(fresh, viewer.faction, viewer.is_moderators) == cards


def test_per_turn_is_made_once_and_again_when_the_turn_changes():
    data = demo_turn_input("seto-demo")
    made = []

    def count(d):
        made.append(len(d.events))
        return len(d.events)

    assert per_turn(data, "count", count) == per_turn(data, "count", count) == len(data.events)
    assert len(made) == 1
    data.events.append(data.events[0])  # a list of events grown: another turn's
    assert per_turn(data, "count", count) == made[0] + 1 and len(made) == 2
    data.events = data.events[:-1]  # replaced
    assert per_turn(data, "count", count) == made[0] and len(made) == 3
    data.after = data.before  # a state replaced
    assert per_turn(data, "count", count) == made[0] and len(made) == 4


def test_per_turn_forgets_a_turn_no_one_holds():
    data = demo_turn_input("seto-demo")
    per_turn(data, "count", lambda d: len(d.events))
    key = id(data)
    assert key in _PER_TURN
    del data
    gc.collect()
    assert key not in _PER_TURN


def test_where_an_event_places_a_unit_is_worked_out_once_for_all_maps(turn, monkeypatch):
    """Before, every audience's map worked out again where each event it saw put its units (and the
    cards, which units each event around a battle names): once per turn now, for every audience."""
    placed: Counter = Counter()
    monkeypatch.setattr(sightings, "_PLACES", {kind: _counted_place(place, placed)
                                               for kind, place in sightings._PLACES.items()})
    named: Counter = Counter()
    real_named = cards_module._named
    monkeypatch.setattr(cards_module, "_named", lambda e: named.update([id(e)]) or real_named(e))
    fresh = dataclasses.replace(turn)
    for viewer in _audiences(fresh):
        overlay_for(fresh, viewer)
        cards_for(fresh, viewer.faction, viewer.is_moderators)
    assert placed and set(placed.values()) == {1}
    assert named and set(named.values()) == {1}


def _counted_place(place, placed: Counter):
    def counted(event, data):
        placed[id(event)] += 1
        return place(event, data)
    return counted
