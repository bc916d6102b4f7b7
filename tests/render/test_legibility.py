"""Maps read in Discord's inline preview (issue 17): unit labels large enough
at the preview's width, no label on another label, a strait or a node, and
other clans' squadrons drawn without claiming what the reader cannot know.

Everything is computed from the rendered scene (the boxes the placer gave
each label, the fonts and glyph sizes drawn), not eyeballed.
"""

from __future__ import annotations

import io
import itertools
from functools import cache

import numpy as np
import pytest
from matplotlib.colors import to_rgb
from PIL import Image

from bench.synth_campaign import campaign
from bot.demo import demo_turn_input
from bot.engine.dice import SeededDice
from bot.render.geometry import Box
from bot.render.layers import half_width
from bot.render.mapimage import draw_scene
from bot.render.nodes import node_radius
from bot.render.scene import Scene, png_bytes
from bot.render.style import F_PORT_GLYPH, MIN_PREVIEW_PX, PREVIEW_W, hollow_fill, preview_px
from bot.report import ReportInput
from bot.rulesets.sengoku.report.overlay import overlay_for
from bot.rulesets.sengoku.report.present import SengokuPresenter
from bot.plugins import get_ruleset
from bot.rulesets.sengoku.rules.model.map_profile import DRAWING

# half a strait's band, which names keep clear of (Sengoku's map profile)
STRAIT_HALF_W = half_width(next(s.look for s in DRAWING.section_lines if s.section == "straits"))
WIDTH = 700  # the layout does not depend on the width: the same boxes, fewer pixels


@cache
def demo() -> ReportInput:
    return demo_turn_input("seto-demo")


@cache
def synth_m() -> ReportInput:
    synth = campaign("M")
    result = get_ruleset("sengoku").resolve(synth.state, synth.gamemap, synth.settings, synth.orders,
                                            SeededDice("legibility"))
    return ReportInput(campaign_name="bench M", turn=synth.state.turn, seed="", commitment="", gamemap=synth.gamemap,
                       before=synth.state, after=result.state, events=list(result.events))


def audiences(data: ReportInput) -> list[str]:
    return ["public", "moderators", *sorted(data.before.clans)]


@cache
def scene_for(which: str, audience: str) -> Scene:
    data = demo() if which == "demo" else synth_m()
    return draw_scene(data.gamemap, overlay_for(data, audience), width_px=WIDTH)


def _overlap(a: Box, b: Box) -> float:
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    return max(w, 0.0) * max(h, 0.0)


def _crosses(box: Box, p: tuple[float, float], q: tuple[float, float], pad: float) -> bool:
    """Whether segment p–q passes within ``pad`` of the box (sampled every half unit)."""
    (x0, y0), (x1, y1) = p, q
    n = max(2, int(np.hypot(x1 - x0, y1 - y0) * 2))
    t = np.linspace(0, 1, n)
    xs, ys = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
    return bool(np.any((xs > box.x0 - pad) & (xs < box.x1 + pad) & (ys > box.y0 - pad) & (ys < box.y1 + pad)))


def _in_disc(box: Box, x: float, y: float, r: float) -> bool:
    nx, ny = box.nearest(x, y)
    return np.hypot(nx - x, ny - y) < r


def label_problems(scene: Scene) -> list[str]:
    """Every label that touches another label, a strait's band, a node's marker, a port's anchor
    or an event glyph. A sea's name may sit on its own dot (it names that water)."""
    labels = scene.labels
    problems = [f"{a.kind} {a.text!r} on {b.kind} {b.text!r}" for a, b in itertools.combinations(labels, 2)
                if _overlap(a.box, b.box) > 0.01]
    straits = [(s.name, scene.xy(side), scene.xy(s.opposite)) for s in scene.gm.straits.values()
               for side in s.island_side]
    ports = [(p.id, scene.xy(p.id)) for p in scene.gm.ports.values()]
    w, h = scene.measure("⚓", F_PORT_GLYPH)
    for label in labels:
        problems += [f"{label.kind} {label.text!r} on strait {name}" for name, p, q in straits
                     if _crosses(label.box, p, q, STRAIT_HALF_W)]
        problems += [f"{label.kind} {label.text!r} on node {area}" for area, (x, y, _) in scene.nodes.items()
                     if not (label.kind == "sea" and label.anchor == area)
                     and _in_disc(label.box, x, y, node_radius(scene.gm.nodes[area]))]
        problems += [f"{label.kind} {label.text!r} on port {pid}" for pid, (x, y) in ports
                     if _overlap(label.box, Box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)) > 0.01]
        problems += [f"{label.kind} {label.text!r} on an event glyph" for g in scene.glyphs
                     if _overlap(label.box, g) > 0.01]
    return problems


# --- no label over another, a strait or a node ------------------------------------------


@pytest.mark.parametrize("audience", audiences(demo()))
def test_no_label_of_the_demo_map_touches_another_a_strait_or_a_node(audience: str) -> None:
    scene = scene_for("demo", audience)
    assert label_problems(scene) == []
    assert scene.unplaced == []  # on the demo every name, event and unit found a free spot
    kinds = {label.kind for label in scene.labels}
    assert {"area", "port", "mark", "event", "units"} <= kinds


@pytest.mark.parametrize("audience", ["public", "moderators", "c00"])
def test_a_busy_synthetic_campaign_shortens_or_leaves_out_names_rather_than_overlap(audience: str) -> None:
    """The M campaign (120 provinces, 200 units): far too many names for 1400 units of width.
    What finds no free spot is shortened, pushed out on a leader line or left out (the
    report names it), never drawn over another; a unit is never left out."""
    scene = scene_for("synth", audience)
    assert label_problems(scene) == []
    assert [u for u in scene.unplaced if u.startswith("units")] == []
    drawn = {id(m) for m, _, _ in scene.tokens}
    assert len(drawn) == len(scene.ov.markers) or scene.ov.units_as == "cards"
    assert {label.anchor for label in scene.labels if label.kind == "units"} == {m.area for m in scene.ov.markers}


def test_the_check_catches_an_overlap_and_a_label_on_a_strait() -> None:
    scene = scene_for("demo", "public")
    first = scene.labels[0]
    strait = next(iter(scene.gm.straits.values()))
    x, y = scene.xy(strait.island_side[0])
    ox, oy = scene.xy(strait.opposite)
    on_strait = first.__class__("event", "planted", Box.around((x + ox) / 2, (y + oy) / 2, 5))
    copy = Scene(**{**scene.__dict__, "labels": [*scene.labels, first.shifted(0.5), on_strait]})
    problems = label_problems(copy)
    assert any("on strait" in p and "planted" in p for p in problems)
    assert any(repr(first.text) in p and p.count(repr(first.text)) == 2 for p in problems)


# --- readable in the preview ------------------------------------------------------------------


@pytest.mark.parametrize("audience", [a for a in audiences(demo()) if a != "moderators"])
def test_unit_labels_are_readable_in_a_550_px_preview(audience: str) -> None:
    """Discord shows the map about PREVIEW_W px wide: every unit badge's glyph and count
    must be at least MIN_PREVIEW_PX tall there (font size or glyph height × preview scale)."""
    scene = scene_for("demo", audience)
    units = [label for label in scene.labels if label.kind == "units"]
    assert units and scene.ov.units_as == "badges"
    smallest = min(label.size for label in units)
    assert preview_px(smallest) >= MIN_PREVIEW_PX, f"{preview_px(smallest):.1f} px at {PREVIEW_W:g} px wide"
    # and the same from the pixels per unit of this PNG: a PREVIEW_W preview scales it by PREVIEW_W / WIDTH
    assert smallest * scene.measure.px_per_unit * PREVIEW_W / WIDTH >= MIN_PREVIEW_PX


def test_the_moderators_keep_the_full_cards() -> None:
    scene = scene_for("demo", "moderators")
    assert scene.ov.units_as == "cards"
    assert any("XP" in m.detail for m, _, _ in scene.tokens)


# --- other clans' squadrons --------------------------------------------------------------------


def _pixels(scene: Scene) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png_bytes(scene))).convert("RGB"), dtype=float) / 255


def _near(img: np.ndarray, col: int, row: int, colour, r: int = 1, tol: float = 0.08) -> bool:
    window = img[row - r:row + r + 1, col - r:col + r + 1].reshape(-1, 3)
    return any(np.all(np.abs(px - np.array(colour)) <= tol) for px in window)


@pytest.mark.parametrize("clan", sorted(demo().before.clans))
def test_another_clans_squadron_is_drawn_as_of_unknown_strength(clan: str) -> None:
    """S5.6, OP-26: whether another clan's squadron carries heavy detachments is hidden, so it
    is neither drawn as reinforced nor as ordinary: hollow, with its own legend entry."""
    data = demo()
    scene = scene_for("demo", clan)
    img = _pixels(scene)
    foreign = [(m, x, y) for m, x, y in scene.tokens
               if m.faction != clan and m.shape != "lost" and m.label in {s.name for s in data.after.squadrons.values()}]
    assert foreign
    for m, x, y in foreign:
        assert m.shape == "unknown", m.label
        col, row = scene.to_pixels(x, y)
        assert _near(img, col, row, hollow_fill(m.colour)), m.label  # pale inside ...
        assert not _near(img, col, row, to_rgb(m.colour), r=0), m.label  # ... not the solid "ordinary" glyph
    own = [(m, x, y) for m, x, y in scene.tokens if m.faction == clan and m.shape in ("squadron", "reinforced")]
    for m, x, y in own:
        assert _near(img, *scene.to_pixels(x, y), to_rgb(m.colour)), m.label


@pytest.mark.parametrize("audience", audiences(demo()))
def test_the_legend_lists_exactly_the_glyphs_drawn(audience: str) -> None:
    scene = scene_for("demo", audience)
    names = {shape: look.name for shape, look in scene.ov.vocabulary.shapes.items()}
    listed = {item.label for row in scene.legend_rows for item in row} & set(names.values())
    assert listed == {names[m.shape] for m, _, _ in scene.tokens}


@pytest.mark.parametrize("audience", [a for a in audiences(demo()) if a != "moderators"])
def test_what_a_map_says_of_another_clans_unit_its_report_says_too(audience: str) -> None:
    """A foreign fleet drawn "damaged" is one the audience's report calls damaged; a foreign
    unit's detail claims nothing else (no experience, damage or heavy detachments)."""
    data = demo()
    reports = SengokuPresenter().build_reports(data)
    text = reports.public if audience == "public" else reports.factions[audience]
    foreign = [m for m in overlay_for(data, audience).markers if m.faction != audience and m.shape != "lost"]
    assert foreign
    for m in foreign:
        assert m.detail in ("", "damaged"), (m.label, m.detail)
        if m.detail == "damaged":
            assert f"{m.label} is damaged" in text, m.label
    damaged = [m.label for m in foreign if m.detail == "damaged"]
    # Kōno's Mitsu-maru, intercepted off Iyo (S8.5-A SL): every report tells it
    assert damaged == ([] if audience == "kono" else ["Mitsu-maru"])


def test_the_demo_map_bytes_do_not_change_between_renders() -> None:
    data = demo()
    first = png_bytes(draw_scene(data.gamemap, overlay_for(data, "mori"), width_px=WIDTH))
    assert first == png_bytes(draw_scene(data.gamemap, overlay_for(data, "mori"), width_px=WIDTH))


def test_place_free_refuses_rather_than_overlap() -> None:
    """The greedy placer's least-overlap pick is no longer what labels use: a taken spot is refused."""
    from bot.render.placer import Placer
    placer = Placer(Box(0, 0, 100, 100), gap=2)
    placer.block(Box(10, 10, 30, 30))
    taken, inside_out = Box(20, 20, 40, 40), Box(90, 90, 120, 110)
    assert placer.place_free([taken, inside_out]) is None
    assert placer.place_free([taken, Box(31, 10, 50, 30), Box(60, 60, 70, 70)]) == 2  # 31 is within the gap
    assert placer.place_free([Box(60, 60, 70, 70)]) is None  # now blocked by the one just placed
