"""The Here I Stand map overlay (report/overlay.py) on the real board: stacks with their leaders
and orientation (H0.1), ports in their controllers' colours, pirate havens, the turn's piracy
markers (H5.2.1.4), sieges, the Turn Track (H3.3.10), and what each audience saw happen."""

from __future__ import annotations

from functools import cache

import pytest

from bot.domain.events import Audience
from bot.mapfiles import load_map_file
from bot.render.mapimage import draw_scene
from bot.report import ReportInput
from bot.rulesets.here_i_stand.report.overlay import overlay_for
from bot.rulesets.here_i_stand.report.overlay_style import POWER_COLOURS, VOCABULARY, vocabulary_in
from bot.rulesets.here_i_stand.rules import events as ev
from bot.rulesets.here_i_stand.rules.map.profile import PROFILE
from bot.rulesets.here_i_stand.rules.model import (
    Formation,
    HisState,
    Impulse,
    NavalLeader,
    NavalUnit,
    PortState,
    Power,
    PowerKind,
)
from tests.rulesets.here_i_stand.test_map_board import MAP_FILE

EVERYONE = Audience.everyone()


@cache
def board():
    return load_map_file(MAP_FILE, profile=PROFILE)


def unit(uid: str, kind: str, power: str, where: str, vertical: bool = False) -> NavalUnit:
    return NavalUnit(id=uid, type=kind, owner=power, controller=power, location=where, vertical=vertical)


def state() -> HisState:
    """H11.1's Ionian Sea (Barbarossa, 2 corsairs, a squadron; the Hapsburg squadron in Messina),
    a vertical Hapsburg squadron with Andrea Doria just arrived in the Tyrrhenian Sea, losses on
    the Turn Track, a Hapsburg army in Naples."""
    powers = {p.id: p for p in (
        Power(id="ottoman", name="Ottomans", at_war_with=frozenset({"hapsburg"})), Power(id="hapsburg", name="Hapsburgs"),
        Power(id="england", name="England"), Power(id="france", name="France"), Power(id="papacy", name="Papacy"),
        Power(id="venice", name="Venice", kind=PowerKind.MINOR))}
    units = [unit("o1", "corsair", "ottoman", "ionian_sea"), unit("o2", "corsair", "ottoman", "ionian_sea"),
             unit("o3", "squadron", "ottoman", "ionian_sea"), unit("h1", "squadron", "hapsburg", "messina"),
             unit("h2", "squadron", "hapsburg", "tyrrhenian_sea", vertical=True),
             unit("h3", "squadron", "hapsburg", "turn_track:4"), unit("o5", "corsair", "ottoman", "turn_track:4"),
             unit("h9", "squadron", "hapsburg", "pool")]
    leaders = [NavalLeader(id="barbarossa", name="Barbarossa", power="ottoman", location="ionian_sea",
                           battle_rating=2, piracy_rating=1),
               NavalLeader(id="doria", name="Andrea Doria", power="hapsburg", location="tyrrhenian_sea",
                           battle_rating=2, no_atlantic=True),
               NavalLeader(id="dragut", name="Dragut", power="ottoman", location="turn_track:5", piracy_rating=2)]
    ports = {"messina": PortState(controller="hapsburg"), "malta": PortState(controller="knights"),
             "corfu": PortState(controller="papacy"), "tunis": PortState(controller="ottoman", pirate_haven=True),
             "rhodes": PortState(controller="knights", besieged=True), "genoa": PortState(controller="genoa")}
    return HisState(turn=3, powers=powers, units={u.id: u for u in units}, leaders={x.id: x for x in leaders},
                    ports=ports, impulse=Impulse(number=2, active_power="ottoman", cp_remaining=2),
                    piracy_markers={"ionian_sea": 3, "barbary_coast": 2},
                    formations={"army": Formation(id="army", power="hapsburg", land_units=4, location="naples")})


def data(*events) -> ReportInput:
    return ReportInput(campaign_name="HIS", turn=3, seed="s", commitment="c", gamemap=board(), before=state(),
                       after=state(), events=list(events))


MOVED = ev.NavalMoved(audience=EVERYONE, power="hapsburg", units=("h2",), leaders=("doria",), origin="gulf_of_lyon",
                      destination="tyrrhenian_sea", vertical=True)


def test_stacks_by_power_type_and_orientation_with_their_leaders():
    ov = overlay_for(data())
    got = {(m.area, m.shape, m.label, m.count, m.detail) for m in ov.markers if m.area != "turn_track"}
    assert got == {
        ("ionian_sea", "corsair", "Ottomans", 2, ""), ("ionian_sea", "squadron", "Ottomans", 1, ""),
        ("ionian_sea", "leader", "Barbarossa", 1, "battle 2, piracy 1"), ("messina", "squadron", "Hapsburgs", 1, ""),
        ("tyrrhenian_sea", "squadron_vertical", "Hapsburgs", 1, ""),  # H0.1: just arrived, open to interception
        ("tyrrhenian_sea", "leader", "Andrea Doria", 1, "battle 2"), ("naples", "formation", "Hapsburgs", 1,
                                                                     "4 land units"),
    }
    assert {m.colour for m in ov.markers if m.faction == "ottoman"} == {POWER_COLOURS["ottoman"]}


def test_the_turn_track_shows_what_returns_and_when():
    markers = [(m.label, m.detail) for m in overlay_for(data()).markers if m.area == "turn_track"]
    assert markers == [("Hapsburgs", "back on turn 4: 1 squadron"), ("Ottomans", "back on turn 4: 1 corsair"),
                       ("Ottomans", "back on turn 5: Dragut")]


def test_ports_in_their_controllers_colours_and_the_boards_markers():
    ov = overlay_for(data())
    assert ov.area_owner == {"corfu": "papacy", "genoa": "genoa", "malta": "knights", "messina": "hapsburg",
                             "rhodes": "knights", "tunis": "ottoman"}
    assert ov.faction_names["knights"] == "Knights of St. John" and ov.faction_names["genoa"] == "Genoa"
    assert ov.faction_colours["knights"] == POWER_COLOURS["knights"]
    marks = {(h.area, h.kind) for h in ov.highlights}
    # this turn's piracy marker only (H5.2.1.4: once per zone per turn), the pirate haven, the siege
    assert marks == {("ionian_sea", "piracy"), ("tunis", "pirate_haven"), ("rhodes", "besieged")}


def test_what_happened_moves_combats_piracy_and_transport():
    events = [MOVED,
              ev.InterceptionRolled(audience=EVERYONE, power="ottoman", units=("o3",), origin="ionian_sea",
                                    destination="tyrrhenian_sea", faces=(6, 3), rating=0, total=9, success=False),
              ev.CombatDecided(audience=EVERYONE, space="tyrrhenian_sea", winner="hapsburg", loser="ottoman",
                               attacker_hits=2, defender_hits=1, tie=False),
              ev.Retreated(audience=EVERYONE, power="ottoman", units=("o3",), leaders=(), origin="tyrrhenian_sea",
                           destination="barbary_coast"),
              ev.Transported(audience=EVERYONE, power="hapsburg", formation="army",
                             path=("barcelona", "gulf_of_lyon", "tyrrhenian_sea", "naples"), cp=3),
              ev.Built(audience=EVERYONE, power="hapsburg", unit="h9", type="squadron", port="barcelona")]
    ov = overlay_for(data(*events))
    assert [(r.areas, r.style) for r in ov.routes] == [
        (["gulf_of_lyon", "tyrrhenian_sea"], "move"), (["tyrrhenian_sea", "barbary_coast"], "withdraw"),
        (["barcelona", "gulf_of_lyon", "tyrrhenian_sea", "naples"], "transport")]  # a failed interception: no arrow
    highlights = {(h.area, h.kind): h.label for h in ov.highlights}
    assert highlights[("tyrrhenian_sea", "combat")] == "Hapsburgs won"
    assert ("naples", "landing") in highlights and ("barcelona", "built") in highlights
    assert ("tyrrhenian_sea", "interception") not in highlights


def test_each_audience_sees_the_events_its_report_shows():
    secret = ev.NavalMoved(audience=Audience.of("hapsburg"), power="hapsburg", units=("h1",), origin="messina",
                           destination="ionian_sea", vertical=False)
    routes = {who: overlay_for(data(secret), who).routes for who in ("public", "moderators", "hapsburg", "ottoman")}
    assert {who: len(r) for who, r in routes.items()} == {"public": 0, "moderators": 1, "hapsburg": 1, "ottoman": 0}
    # the board itself is open (every counter face up): every audience sees every stack
    stacks = {who: overlay_for(data(), who).markers for who in ("public", "ottoman", "moderators")}
    assert stacks["public"] == stacks["ottoman"] == stacks["moderators"]


def test_the_title_and_who_the_map_is_for():
    assert overlay_for(data()).title == "HIS — turn 3, impulse 2"
    assert overlay_for(data(), "hapsburg").subtitle == "Ottomans to act — map for Hapsburgs"
    assert overlay_for(data(), "moderators").subtitle == "Ottomans to act — map for the moderators"


def test_every_word_is_the_vocabularys_and_the_map_renders():
    ov = overlay_for(data(MOVED))
    assert ov.vocabulary == VOCABULARY and ov.units_as == "cards"
    scene = draw_scene(board(), ov, width_px=700)
    names = {label.anchor: label.text for label in scene.labels if label.kind in ("area", "sea")}
    assert names["ionian_sea"] == "Ionian Sea" and names["lubeck"] == "Lübeck"


@pytest.mark.parametrize("language", ["ru", "zh-TW", "ja"])
def test_a_map_in_another_language_keeps_the_boards_names(language):
    """As the royal fleets' map: the board's names are its own (no local_name), the words are the catalogue's."""
    from dataclasses import replace
    scene = draw_scene(board(), overlay_for(replace(data(), language=language)), width_px=700)
    names = {label.anchor: label.text for label in scene.labels if label.kind in ("area", "sea")}
    assert names["istanbul"] == "Istanbul" and names["black_sea"] == "Black Sea"


@pytest.mark.parametrize("language", ["ru", "zh-TW", "ja"])
def test_the_fonts_draw_every_word_of_the_map_catalogue(language):
    """A translated map word (of the map catalogue, or of the key) the font subset lacks is drawn as
    empty boxes: re-run
    `python tools/make_font_subset.py` (make fonts) after a ja or zh-TW map word changes."""
    from babel.messages.pofile import read_po

    from bot.plugins import plugin
    from bot.render.fonts import families_for
    from bot.render.localnames import missing
    with (plugin("here-i-stand").locale_dir / language / "LC_MESSAGES" / "here-i-stand-maps.po").open("rb") as fh:
        words = [s for m in read_po(fh) if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    assert len(words) > 30 and all(words)
    # the key's words, from whichever catalogue holds them (a report's first: "squadron", "corsair")
    vocabulary = vocabulary_in(language)
    words += [w for section in (vocabulary.shapes, vocabulary.highlights, vocabulary.routes)
              for style in section.values() for w in (style.name, getattr(style, "plural", "")) if w]
    assert all(not w.isascii() for w in words if language != "en"), words  # translated, not left English
    gaps = {w: gap for w in words if (gap := missing(w, families_for(language)))}
    assert gaps == {}, f"{language}: {gaps}: re-run `python tools/make_font_subset.py`"
