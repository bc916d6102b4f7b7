"""The demo turn's maps per audience (S12.6, R19, OP-49): each map draws only
what that audience may know, and its pixels show it.

The expected sets are computed here independently of the presenter: a unit
may be drawn for an audience only if the audience owns it (or is the
moderators) or a visible event names it anywhere in its fields.
"""

from __future__ import annotations

import io
from functools import cache

import numpy as np
import pytest
from matplotlib.colors import to_rgb
from PIL import Image

from bot.demo import demo_turn_input
from bot.domain.events import Audience, Event
from bot.render.mapimage import draw_scene
from bot.render.scene import png_bytes
from bot.render.style import hollow_fill
from bot.report import ReportInput
from bot.rulesets.sengoku.report.overlay import overlay_for

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
WIDTH = 700  # small: the same picture, fewer pixels, a cheaper test
PIRATES = {"mori-noshima": "mori", "otomo-hakata-maru": "otomo"}  # the demo's piracy orders


@cache
def demo() -> ReportInput:
    return demo_turn_input("seto-demo")


def audiences() -> list[str]:
    return ["public", "moderators", *sorted(demo().before.clans)]


@cache
def scene_for(audience: str):
    scene = draw_scene(demo().gamemap, overlay_for(demo(), audience), width_px=WIDTH)
    return scene, png_bytes(scene)


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float) / 255


def _named(event: Event) -> set[str]:
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)
    walk(event.model_dump(exclude={"kind", "audience"}))
    return found


def may_draw(audience: str) -> set[str]:
    """Names of the units the audience may see on its map."""
    data = demo()
    units = {**data.before.squadrons, **data.before.fleets, **data.after.squadrons, **data.after.fleets}
    if audience == "moderators":
        return {u.name for u in units.values()}
    sees = (lambda e: e.audience.public) if audience == "public" else (lambda e: e.audience.sees(audience))
    named = set().union(*(_named(e) for e in data.events if sees(e)))
    return {u.name for uid, u in units.items() if u.owner == audience or uid in named}


def drawn_names(scene) -> set[str]:
    """Units drawn as tokens, a counted group ("×3 squadrons") by the names it lists."""
    names = set()
    for marker, _, _ in scene.tokens:
        names |= set(marker.detail.split(", ")) if marker.count > 1 else {marker.label}
    return names


@pytest.mark.parametrize("audience", audiences())
def test_every_audience_gets_a_png_of_sane_size(audience: str) -> None:
    _, png = scene_for(audience)
    assert png.startswith(PNG_MAGIC)
    width, height = Image.open(io.BytesIO(png)).size
    assert width == WIDTH and 0.4 * WIDTH < height < 0.8 * WIDTH
    assert len(png) < 400_000  # at 700 px; the full 1400 px is measured in bench/


@pytest.mark.parametrize("audience", audiences())
def test_nothing_hidden_is_drawn(audience: str) -> None:
    scene, _ = scene_for(audience)
    drawn = drawn_names(scene)
    assert drawn and drawn <= may_draw(audience)


@pytest.mark.parametrize("clan", sorted({"mori", "otomo", "kono", "miyoshi"}))
def test_a_clan_sees_all_its_active_units_in_full(clan: str) -> None:
    data = demo()
    overlay = overlay_for(data, clan)
    mine = {u.name for t in (data.after.squadrons, data.after.fleets) for u in t.values()
            if u.owner == clan and u.state == "active"}
    shown = {m.label: m for m in overlay.markers if m.faction == clan and m.shape != "lost"}
    assert set(shown) == mine
    assert all(m.detail.startswith("XP ") for m in shown.values() if m.shape in ("squadron", "reinforced"))
    foreign = [m for m in overlay.markers if m.faction != clan]
    assert [m.detail for m in foreign if "XP" in m.detail or "HD" in m.detail] == []


def test_pirates_are_drawn_only_for_their_owner() -> None:
    data = demo()
    names = {u: (data.before.squadrons.get(u) or data.before.fleets[u]).name for u in PIRATES}
    for audience in audiences():
        labels = {m.label for m in overlay_for(data, audience).markers}
        for unit, owner in PIRATES.items():
            expected = audience in (owner, "moderators")
            assert (names[unit] in labels) is expected, (audience, unit)
    public = overlay_for(data, "public")
    piracy = [h for h in public.highlights if h.kind == "piracy"]
    assert {h.area for h in piracy} == {"nagato", "buzen"}  # off Akamagaseki, near Moji
    clan_names = {c.name for c in data.before.clans.values()}
    assert [h.label for h in piracy if any(n in h.label for n in clan_names)] == []


def test_moves_are_arrows_only_where_the_audience_saw_them() -> None:
    data = demo()
    mori = data.before.clans["mori"].colour
    own = overlay_for(data, "mori").routes
    assert any(r.areas == ["aki", "suo"] and r.colour == mori and r.style == "solid" for r in own)
    public = overlay_for(data, "public").routes
    assert [r for r in public if r.style == "solid"] == []  # no move is public in the demo
    # the public saw Usuki-3 dispersed back to Funai (Bungo)
    assert [(r.areas, r.style) for r in public] == [(["iyo", "bungo"], "dashed")]


def test_an_intercepted_landing_arrow_ends_where_it_was_stopped() -> None:
    """Kōno's landing Iyo → Sanuki was intercepted off Iyo and pushed back (S3.7): no arrow to Sanuki."""
    data = demo()
    kono = data.before.clans["kono"].colour
    dashed = [r.areas for r in overlay_for(data, "kono").routes if r.colour == kono and r.style == "dashed"]
    assert not any("sanuki" in areas for areas in dashed)
    assert [r for r in overlay_for(data, "moderators").routes if r.areas[-1:] == ["sanuki"]] == []


def test_outcomes_are_on_the_markers() -> None:
    labels = {(h.area, h.kind): h.label for h in overlay_for(demo(), "public").highlights}
    assert labels[("suo", "battle")] == "Ōtomo won, no winner"
    assert labels[("nagato", "port_attack")] == "Akamagaseki: beaten off"
    assert labels[("iyo", "interception")] == "landing intercepted (SL)"
    assert labels[("iyo", "landing")] == "army pushed back"
    assert labels[("iyo", "blockade")] == "Mitsu blockaded"
    assert ("suo", "blockade") not in labels  # Mitajiri's blockade was lifted in SP1


def test_title_names_campaign_turn_and_sub_phase() -> None:
    overlay = overlay_for(demo(), "kono")
    assert overlay.title == "Seto 1560 — turn 3"
    assert overlay.subtitle.startswith("spring–summer, sub-phase SP1 — Kōno")


def test_only_its_own_clan_and_the_moderators_see_that_a_squadron_is_reinforced() -> None:
    """S5.6, OP-26: Ataki-bune carries heavy detachments; no public or other clan's line says so."""
    data = demo()
    assert data.after.hds_of("miyoshi-ataki")

    def ataki(audience: str) -> str:
        return next(m.shape for m in overlay_for(data, audience).markers if m.label == "Ataki-bune")
    assert [ataki(a) for a in ("miyoshi", "moderators")] == ["reinforced", "reinforced"]
    # not "squadron" either: that would claim it is ordinary; drawn as of unknown strength
    assert [ataki(a) for a in ("public", "mori", "otomo", "kono")] == ["unknown"] * 4


def test_the_subtitle_counts_only_sub_phases_the_audience_saw() -> None:
    data = demo()
    hidden_sp3 = data.events[-1].model_copy(update={"subphase": "SP3", "audience": Audience.of("kono")})
    with_hidden = ReportInput(**{**data.__dict__, "events": [*data.events, hidden_sp3]})
    assert "sub-phases SP1–SP3" in overlay_for(with_hidden, "kono").subtitle
    assert "sub-phase SP1 " in overlay_for(with_hidden, "public").subtitle


def test_unknown_audience_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match=r"'tokugawa'.*'public', 'moderators' or a clan id \(kono, miyoshi"):
        overlay_for(demo(), "tokugawa")


def _close(rgb: np.ndarray, colour: str, tol: float = 0.1) -> bool:
    return bool(np.all(np.abs(rgb - np.array(to_rgb(colour))) <= tol))


def _colour_near(img: np.ndarray, col: int, row: int, colour: str, r: int = 1) -> bool:
    """The colour at a token's centre or a pixel next to it (a token is a few
    pixels wide at 700 px: its centre may be blended with its outline)."""
    window = img[row - r:row + r + 1, col - r:col + r + 1].reshape(-1, 3)
    return any(_close(px, colour) for px in window)


def test_each_token_shows_its_clan_colour_in_the_picture() -> None:
    scene, png = scene_for("public")
    img = pixels(png)
    for marker, x, y in scene.tokens:
        col, row = scene.to_pixels(x, y)
        # a hollow glyph (a squadron of unknown strength) shows its colour pale inside
        colour = hollow_fill(marker.colour) if scene.ov.vocabulary.shapes[marker.shape].hollow else marker.colour
        assert _colour_near(img, col, row, colour), marker.label


def test_a_token_hidden_from_the_public_leaves_no_colour_where_it_would_be() -> None:
    mori_scene, mori_png = scene_for("mori")
    _, public_png = scene_for("public")
    colour = demo().before.clans["mori"].colour
    hidden = [(m, x, y) for m, x, y in mori_scene.tokens if m.label == "Noshima Murakami"]  # the Mōri pirate
    assert len(hidden) == 1
    _, x, y = hidden[0]
    col, row = mori_scene.to_pixels(x, y)
    assert _colour_near(pixels(mori_png), col, row, colour)
    assert not _colour_near(pixels(public_png), col, row, colour, r=3)


def test_a_province_held_by_no_clan_keeps_its_owner_in_grey() -> None:
    data = demo()
    after = data.after.model_copy(update={"area_owner": {**data.after.area_owner, "tosa": "chosokabe"}})
    overlay = overlay_for(ReportInput(**{**data.__dict__, "after": after}), "public")
    assert overlay.area_owner["tosa"] == "chosokabe"
    assert overlay.faction_names["chosokabe"] == "Chosokabe" and "chosokabe" not in overlay.faction_colours
    assert overlay.faction_names["mori"] == "Mōri"
