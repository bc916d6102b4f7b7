"""The Empires in Arms impulse map per audience (report/overlay.py): the demo's positions of 1805
with a sortie from Cádiz, an interception, a battle, a placement, a strait's battery and a convoy.
Nothing hidden leaks: a nation reads its own stacks in full (their status, E8.6, E-OP-17) and
another's by nation and count only; a convoy (E11) is on its own nation's map and the moderators'."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import yaml

import bot.render.drawing as drawing
from bot.domain.events import Audience
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.i18n import LANGUAGES
from bot.render import render_map
from bot.render.fonts import families_for
from bot.render.localnames import missing
from bot.report import ReportInput
from bot.rulesets.empires_in_arms.report.overlay import overlay_for
from bot.rulesets.empires_in_arms.report.overlay_style import VOCABULARY, vocabulary_in
from bot.rulesets.empires_in_arms.rules.combat.events import BattleBegan, RoundRolled
from bot.rulesets.empires_in_arms.rules.events import (
    ConvoyCargo,
    ConvoySailed,
    FleetMoved,
    FleetPlaced,
    InterceptionRolled,
)
from bot.rulesets.empires_in_arms.rules.map.profile import PROFILE
from bot.rulesets.empires_in_arms.rules.scenario import build_state
from tests.rulesets.empires_in_arms.test_map_board import board

DEMO = Path(__file__).resolve().parents[3] / "data" / "empires-in-arms" / "scenarios" / "eia-demo.yaml"
EVERYONE = Audience.everyone()
COMBINED = ("fr_bucentaure", "fr_formidable", "fr_redoutable", "sp_principe", "sp_santa_ana")


@cache
def demo_state():
    raw = yaml.safe_load(DEMO.read_text(encoding="utf-8"))
    return build_state(raw["state"], board(), DEMO.name)


def impulse() -> ReportInput:
    """The combined fleet sorties into the Portuguese Coast, is intercepted, fights, loses and is
    placed back in Cádiz (E9.3); the Strait's battery fired on another fleet; France convoys to Corsica."""
    state = demo_state()
    events = [
        FleetMoved(nation="france", squadrons=COMBINED, origin="cadiz", destination="portuguese_coast",
                   audience=EVERYONE),
        InterceptionRolled(purpose="interception", nation="britain", squadrons=("gb_victory",), target=("france",),
                           zone="portuguese_coast", faces=(4, 4), modifiers={"british": 2, "blockading": 1},
                           total=11, success=True, audience=EVERYONE),
        BattleBegan(battle="interception", place="portuguese_coast", zone="portuguese_coast",
                    active_nations=("france", "spain"), inactive_nations=("britain",), active_squadrons=COMBINED,
                    inactive_squadrons=("gb_victory",)),
        FleetPlaced(nation="france", squadrons=COMBINED, origin="portuguese_coast", destination="cadiz",
                    rule="E9.3", audience=EVERYONE),
        # E13.1: the Strait of Gibraltar's battery fires from its fortress port (place: the port)
        BattleBegan(battle="strait", place="gibraltar", zone="western_mediterranean", active_nations=("spain",),
                    inactive_nations=("britain",), active_squadrons=("sp_cartagena",), inactive_squadrons=(),
                    battery_dice=4, fortress=True),
        RoundRolled(place="gibraltar", round=0, active=("spain",), inactive=("britain",), active_count=0,
                    inactive_count=0, battery_count=4, active_dice=(), inactive_dice=(), battery_dice=(5, 2, 3, 6),
                    fives_to_active=1, fives_to_inactive=0),
        ConvoySailed(nation="france", path=("marseille", "gulf_of_lyon", "ajaccio"), ko=2,
                     audience=Audience.of("france")),
        ConvoyCargo(nation="france", items=("fr_corsica_detachment",), destination="ajaccio",
                    audience=Audience.of("france")),
    ]
    return ReportInput(campaign_name="Autumn 1805", turn=1, seed="s", commitment="c", gamemap=board(),
                       before=state, after=state, events=events)


def markers(audience) -> dict[tuple[str, str], tuple[str, str]]:
    """(place, label) -> (shape, detail) of every token."""
    return {(m.area, m.label): (m.shape, m.detail) for m in overlay_for(impulse(), audience).markers}


def test_the_public_sees_every_stack_by_nation_and_count_only():
    found = markers(PUBLIC)
    assert found[("cadiz", "armada of France, Spain")] == ("armada", "×5")
    assert found[("brest", "France")] == ("in_port", "×2")  # not that one requires outfitting
    assert found[("toulon", "France")] == ("in_port", "×1")  # not that it is under construction
    assert found[("portuguese_coast", "Great Britain")] == ("fleet", "×3")
    assert found[("karlskrona", "Sweden")] == ("in_port", "×1")  # its own name, though it joins Britain's fleet (E2.1)
    assert all(detail.startswith("×") for _, detail in found.values())
    assert len(found) == 16  # one token per stack in each of the 16 places with squadrons


def test_a_nation_sees_its_own_stacks_in_full_and_the_others_by_count():
    france = markers(Viewer.of("france"))
    assert france[("brest", "France")] == ("in_port", "2 squadrons, 1 requires outfitting")
    assert france[("toulon", "France")] == ("in_port", "1 squadron, 1 under construction")
    assert france[("cadiz", "Combined Fleet")] == ("armada", "5 squadrons")  # its armada's own name
    assert france[("portuguese_coast", "Great Britain")] == ("fleet", "×3")
    britain = markers(Viewer.of("britain"))
    assert britain[("portuguese_coast", "Great Britain")] == ("fleet", "3 squadrons")
    assert britain[("brest", "France")] == ("in_port", "×2")
    assert britain[("cadiz", "armada of France, Spain")] == ("armada", "×5")
    # Spain is in the armada: it reads it in full too
    assert markers(Viewer.of("spain"))[("cadiz", "Combined Fleet")] == ("armada", "5 squadrons")
    # a minor country reads its own squadrons in full, not its major ally's stacks (E2.1)
    sweden = markers(Viewer.of("sweden"))
    assert sweden[("karlskrona", "Sweden")] == ("in_port", "1 squadron")
    assert sweden[("portuguese_coast", "Great Britain")] == ("fleet", "×3")
    # and its major reads the minor's squadrons, part of its fleet, in full
    assert britain[("karlskrona", "Sweden")] == ("in_port", "1 squadron")


def test_the_moderators_see_every_stack_in_full():
    found = markers(MODERATORS)
    assert found[("brest", "France")][1] == "2 squadrons, 1 requires outfitting"
    assert found[("ferrol", "Spain")][1] == "1 squadron, 1 requires outfitting"
    assert not any(detail.startswith("×") for _, detail in found.values())


def test_a_convoy_is_on_its_own_nations_map_and_the_moderators_only():
    def convoys(audience):
        return [r.areas for r in overlay_for(impulse(), audience).routes if r.style == "convoy"]

    assert convoys(Viewer.of("france")) == convoys(MODERATORS) == [["marseille", "gulf_of_lyon", "ajaccio"]]
    assert convoys(PUBLIC) == [] and convoys(Viewer.of("britain")) == []


def test_moves_and_placements_are_public_routes():
    routes = {(r.style, tuple(r.areas), r.colour) for r in overlay_for(impulse(), PUBLIC).routes}
    assert routes == {("move", ("cadiz", "portuguese_coast"), "#1f4e9c"),
                      ("placed", ("portuguese_coast", "cadiz"), "#1f4e9c")}


def test_rings_zone_control_blockades_and_the_straits_fortresses():
    ov = overlay_for(impulse(), PUBLIC)
    rings = {(h.area, h.kind): h.label for h in ov.highlights}
    assert rings[("portuguese_coast", "battle")] == "" and ("portuguese_coast", "interception") in rings
    assert ("gibraltar", "battery") in rings  # the strait's battery at its controlling fortress (E13.1)
    assert ("gibraltar", "battle") not in rings  # a battery's fire alone is no naval battle
    assert rings[("portuguese_coast", "zone_control")] == "Great Britain"
    # E7 footnote: the zone's controller blockades its enemies' ports there, not a neutral's or its own
    blockaded = sorted(a for a, k in rings if k == "blockade")
    assert blockaded == ["boulogne", "brest", "cadiz", "cherbourg", "le_havre"]
    straits = {a: label for (a, k), label in rings.items() if k == "strait_battery"}
    assert straits == {"gibraltar": "Strait of Gibraltar: Great Britain", "copenhagen": "The Sound: Denmark-Norway",
                       "constantinople": "Dardanelles and Bosphorus: Ottoman Empire",
                       "messina": "Strait of Messina: Kingdom of Naples"}
    assert ov.area_owner["cadiz"] == "spain" and ov.area_owner["portuguese_coast"] == "britain"
    assert ov.title == "Autumn 1805 — impulse 1 of France"


def test_the_title_names_the_impulse_played_not_the_one_its_end_opened():
    data = impulse()
    after = data.after.model_copy(update={"impulse": data.after.impulse.model_copy(update={"number": 2,
                                                                                          "active": "spain"})})
    data = ReportInput(campaign_name=data.campaign_name, turn=1, seed="s", commitment="c", gamemap=data.gamemap,
                       before=data.before, after=after, events=data.events)
    assert overlay_for(data, PUBLIC).title == "Autumn 1805 — impulse 1 of France"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_vocabulary_draws_with_the_maps_fonts_in_every_language(language):
    for style in VOCABULARY.highlights.values():
        assert missing(style.symbol, families_for(language)) == "", style.name
        if style.icon:
            assert Path(style.icon).is_file()
    assert vocabulary_in("ru").shapes.keys() == VOCABULARY.shapes.keys()


@pytest.mark.parametrize("audience", [PUBLIC, Viewer.of("france"), MODERATORS], ids=["public", "france", "mods"])
def test_the_map_renders_for_each_audience(audience, monkeypatch):
    monkeypatch.setattr(drawing, "get_map_profile", lambda ruleset: PROFILE)
    png = render_map(board(), overlay_for(impulse(), audience), width_px=600)
    assert png.startswith(b"\x89PNG")
