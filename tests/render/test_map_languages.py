"""Maps in the post's language (issue 16 part D): the words, the place names in the players'
script, and fonts that draw every character (no missing-glyph box)."""

from __future__ import annotations

import re

from dataclasses import replace
from functools import cache
from types import SimpleNamespace

import pytest

from bot.demo import demo_turn_input
from bot.i18n import LANGUAGES, messages, placeholders
from bot.mapfiles import load_map_file
from bot.plugins import plugins
from bot.render.fonts import BASE_FAMILY, families_for, register
from bot.render.localnames import missing, place_name
from bot.render.mapimage import draw_scene
from bot.rulesets.sengoku.report.overlay import overlay_for
from bot.rulesets.sengoku.report.overlay_style import VOCABULARY, vocabulary_in

WIDTH = 700  # the same picture in fewer pixels: a cheaper test
RERUN = "re-run `python tools/make_font_subset.py` (data/fonts/) so that the maps can draw it"


@cache
def scene_for(language: str, audience: str):
    data = replace(demo_turn_input("seto-demo"), language=language)
    return draw_scene(data.gamemap, overlay_for(data, audience), width_px=WIDTH)


def drawn_texts(scene) -> list[tuple[str, tuple[str, ...]]]:
    """Every text of the render with the families it is drawn in: the turn's (drawn as sprites,
    bot.render.sprites; each in ``scene.batch.texts`` with its font), and the static layer's
    names (pasted as pixels; their texts are in ``scene.labels``)."""
    texts = [(text, tuple(font.family)) for text, font in scene.batch.texts]
    assert not scene.ax.texts, "a text drawn as an artist, not as a sprite"
    return texts + [(label.text, scene.measure.families) for label in scene.labels if label.kind != "units"]


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("audience", ["public", "moderators", "mori"])
def test_every_character_of_a_demo_map_has_a_glyph_in_its_fonts(language: str, audience: str) -> None:
    scene = scene_for(language, audience)
    texts = drawn_texts(scene)
    assert len(texts) > 50
    boxes = {text: gap for text, families in texts if (gap := missing(text, families))}
    assert boxes == {}, f"{language} {audience}: drawn without a glyph (an empty box): {boxes}"


def test_a_japanese_map_names_nagato_by_its_local_name() -> None:
    names = {label.anchor: label.text for label in scene_for("ja", "public").labels if label.kind in ("area", "sea")}
    assert names["nagato"] == "長門" and names["geiyo"] == "芸予諸島"
    assert "Nagato" not in names.values()
    assert next(label.text for label in scene_for("zh-TW", "public").labels if label.anchor == "nagato") == "長門"


def test_russian_and_english_maps_keep_the_romanised_names() -> None:
    for language in ("ru", "en"):
        names = {label.anchor: label.text for label in scene_for(language, "public").labels if label.kind == "area"}
        assert names["nagato"] == "Nagato", language


def test_a_russian_legend_in_the_seeds_words() -> None:
    legend = [item.label for row in scene_for("ru", "moderators").legend_rows for item in row]
    assert legend[0] == "Стороны"
    for word in ("Обозначения", "эскадра", "сражение", "перехват", "линия коммуникации", "перекрыто / блокировано",
                 "перемещение эскадры"):
        assert word in legend
    assert scene_for("ru", "public").ov.title == "Seto 1560 — ход 3"
    assert scene_for("ru", "public").ov.subtitle == "весна–лето, подфаза SP1 — общая карта: что может знать каждый клан"


def test_a_japanese_map_words_its_title_and_legend() -> None:
    scene = scene_for("ja", "public")
    assert scene.ov.title == "Seto 1560 — 第3手番"
    legend = [item.label for row in scene.legend_rows for item in row]
    assert legend[:1] == ["勢力"] and "凡例" in legend and "合戦" in legend


def test_english_maps_keep_their_fonts_and_words() -> None:
    """The CJK subsets are registered, yet an English (or Russian) map is drawn in DejaVu alone."""
    assert register()
    assert families_for("en") == families_for("ru") == (BASE_FAMILY,)
    assert vocabulary_in("en") is VOCABULARY


def _shipped_maps():
    return [(p.id, name) for p in plugins().values() if p.maps_dir for name in p.maps()]


@pytest.mark.parametrize("language", ["ja", "zh-TW"])
def test_the_font_subset_covers_every_local_name_of_the_shipped_maps(language: str) -> None:
    families = families_for(language)
    assert len(families) == 2, f"the {language} subset is not in data/fonts: {RERUN}"
    for ruleset_id, name in _shipped_maps():
        gm = load_map_file(plugins()[ruleset_id].maps_dir / f"{name}.toml")
        gaps = {n.id: gap for n in gm.nodes.values() if n.local_name and (gap := missing(n.local_name, families))}
        assert gaps == {}, f"{ruleset_id}/{name}: no {language} glyph for {gaps}: {RERUN}"


@pytest.mark.parametrize("language", ["ja", "zh-TW", "ru"])
def test_the_font_subset_covers_every_map_word_of_the_catalogues(language: str) -> None:
    t = messages(language, "sengoku")
    words = [t._(style.name) for section in ("shapes", "highlights", "routes", "lines")
             for style in getattr(VOCABULARY, section).values()]
    words += [t._(w) for w in ("Factions", "Key", "line of communication", "+{n} more")]
    assert all(w and not w.isascii() for w in words), words  # translated, not left English
    gaps = {w: gap for w in words if (gap := missing(w, families_for(language)))}
    assert gaps == {}, f"{language}: {gaps}: {RERUN}"


def test_a_local_name_the_fonts_cannot_draw_falls_back_to_the_romanised_name() -> None:
    assert missing("長門 Ōtomo", (BASE_FAMILY,)) == "長門"  # the check sees what DejaVu cannot draw
    assert missing("甲斐𠮷", families_for("ja")) == "甲斐𠮷"  # nor the subset: none of them is on a map
    assert place_name(SimpleNamespace(name="Kai", local_name="甲斐𠮷"), "ja") == "Kai"
    assert place_name(SimpleNamespace(name="Nagato", local_name="長門"), "ja") == "長門"
    assert place_name(SimpleNamespace(name="Nagato", local_name="長門"), "en") == "Nagato"


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's forms: one, or a plural's (every form of a plural has the plural id's placeholders)."""
    forms = text if isinstance(text, tuple) else (text,)
    return forms if all(forms) else ()


def test_the_map_catalogues_have_the_same_placeholders_in_every_language() -> None:
    from babel.messages.pofile import read_po

    from bot.i18n import CORE_LOCALE_DIR
    from bot.plugins import plugin
    for folder, name in ((CORE_LOCALE_DIR, "maps.po"), (plugin("sengoku").locale_dir, "sengoku-maps.po")):
        ids = None
        for language in ("ru", "zh-TW", "ja"):
            with (folder / language / "LC_MESSAGES" / name).open("rb") as fh:
                catalog = read_po(fh)
            found = {m.id: m.string for m in catalog if m.id}
            assert ids is None or set(found) == ids, (name, language)
            ids = set(found)
            bad = {k: v for k, v in found.items() if not _forms(v) or any(placeholders(f) != placeholders(_forms(k)[-1])
                                                                          for f in _forms(v))}
            assert bad == {}, (name, language)


@pytest.mark.parametrize("language", ["ru", "ja", "zh-TW"])
def test_the_moderators_map_fits_its_unit_cards_in_every_language(language: str) -> None:
    """The words must be short enough for the cards the English map has (a longer Russian detail
    once made the moderators' map fall back to badges)."""
    def units(scene) -> list[str]:
        return [label.text for label in scene.labels if label.kind == "units"]

    def badges(scene) -> list[str]:  # a badge's label is its glyphs and counts: "squadron×3 fleet×1"
        return [text for text in units(scene) if re.fullmatch(r"(\w+×\d+ ?)+", text)]
    assert badges(scene_for("en", "moderators")) == []
    assert badges(scene_for(language, "moderators")) == []
    assert len(units(scene_for(language, "moderators"))) == len(units(scene_for("en", "moderators")))


@pytest.mark.parametrize("language", ["ja", "zh-TW"])
def test_the_font_subset_covers_every_rulesets_map_catalogue(language: str) -> None:
    """Every translation of every installed ruleset's map catalogue (``*maps.po``: its overlay's
    words) has a glyph: before, only Sengoku's legend words were checked, and the royal fleets' and
    Here I Stand's maps drew 艦隊 / 海盜船 / 交易拠点 … as empty boxes."""
    from babel.messages.pofile import read_po
    families = families_for(language)
    gaps = {}
    for found in plugins().values():
        for path in sorted((found.locale_dir / language / "LC_MESSAGES").glob("*maps.po")) if found.locale_dir else ():
            with path.open("rb") as fh:
                for message in (m for m in read_po(fh) if m.id):  # not the header
                    for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
                        if text and (gap := missing(text, families)):
                            gaps[f"{found.id}: {text}"] = gap
    assert gaps == {}, f"{language}: {gaps}: {RERUN}"
