"""A crowded map stays readable (issue 18, bot/render/aggregate.py): where an area's units find
no free spot, other factions' units there are counted per faction; a faction's map of a big map
frames its theatre.

The rule "crowded" is the placer's: an area is aggregated exactly when its units, as they are,
found no free spot. To test that rule alone, ``narrow_spots`` makes the placer refuse every spot
larger than a given area (the real placer refuses a spot that touches another label).
"""

from __future__ import annotations

import pytest

from bot.domain.events import Audience, Event
from bot.domain.gamemap import GameMap
from bot.mapfiles import parse_map
from bot.render import Marker, Overlay, render_map
from bot.render.aggregate import COUNTED, FRAME_MIN_NODES, for_audience, framed, merged, theatre_map, variants
from bot.render.mapimage import draw_scene
from bot.render.placer import Placer
from bot.rulesets.sengoku.report.overlay_style import VOCABULARY
from tests.render.test_render import SMALL_MAP, busy_overlay

NAMES = {"red": "House Red", "blue": "House Blue", "green": "House Green"}
COLOURS = {"red": "#d62828", "blue": "#1d4e89", "green": "#2a9d8f"}


@pytest.fixture(scope="module")
def small_map() -> GameMap:
    return parse_map(SMALL_MAP, "small.toml")


def unit(area: str, faction: str, i: int, shape: str = "squadron", count: int = 1) -> Marker:
    return Marker(area=area, label=f"{faction}-{i}", faction=faction, colour=COLOURS.get(faction, "grey"),
                  shape=shape, count=count, detail="XP 1")


def overlay(markers: list[Marker], **changes) -> Overlay:
    return Overlay(title="t", markers=markers, faction_names=NAMES, faction_colours=COLOURS, vocabulary=VOCABULARY,
                   **changes)


# --- counting -------------------------------------------------------------------


def test_each_other_faction_becomes_one_entry_with_its_units_counted() -> None:
    ms = [unit("west", "red", 1), unit("west", "blue", 1), unit("west", "blue", 2, "fleet"),
          unit("west", "blue", 3, count=3), unit("west", "green", 1), unit("west", "green", 2)]
    out = merged(ms, for_audience(overlay(ms), "red"))
    assert [(m.faction, m.shape, m.count) for m in out] == [("red", "squadron", 1), ("blue", COUNTED, 5),
                                                           ("green", COUNTED, 2)]
    blue = out[1]
    assert (blue.label, blue.detail, blue.area, blue.colour) == ("House Blue", "5 units", "west", COLOURS["blue"])


def test_a_loss_is_never_counted_as_a_unit_there() -> None:
    """A unit lost this turn (its "lost" mark, S12.6) is not there: counted, "House Green · 2 units"
    would put a sunk squadron back in the area and take its loss off the map.  The loss keeps its own
    mark; the units that are there are counted without it (a faction left with one is as it is)."""
    ms = [unit("west", "blue", 1), unit("west", "blue", 2), unit("west", "blue", 3, "lost"),
          unit("west", "green", 1), unit("west", "green", 2, "lost"), unit("west", "green", 3, "lost")]
    out = merged(ms, for_audience(overlay(ms), "red"))
    assert [(m.faction, m.shape, m.count) for m in out] == [("blue", COUNTED, 2), ("green", "squadron", 1),
                                                           ("blue", "lost", 1), ("green", "lost", 1),
                                                           ("green", "lost", 1)]
    only_losses = [unit("west", "blue", i, "lost") for i in range(4)] + [unit("west", "green", 1)]
    assert merged(only_losses, for_audience(overlay(only_losses), None)) == only_losses
    assert variants(for_audience(overlay(only_losses), None), only_losses) == [only_losses]


def test_the_own_faction_is_never_merged() -> None:
    ms = [unit("west", "red", i) for i in range(8)] + [unit("west", "blue", i) for i in range(3)]
    out = merged(ms, for_audience(overlay(ms), "red"))
    assert out[:8] == ms[:8]
    assert [(m.faction, m.count) for m in out[8:]] == [("blue", 3)]


def test_the_public_and_moderators_maps_count_every_faction() -> None:
    ms = [unit("west", "red", i) for i in range(2)] + [unit("west", "blue", i) for i in range(3)]
    for_public = merged(ms, for_audience(overlay(ms), None))
    assert [(m.faction, m.shape, m.count) for m in for_public] == [("red", COUNTED, 2), ("blue", COUNTED, 3)]


def test_a_faction_alone_or_without_a_name_stays_as_it_is() -> None:
    """One unit is not shortened into a count, and a faction the overlay does not name is never shown by id."""
    ms = [unit("west", "blue", 1), unit("west", "pirates", 1), unit("west", "pirates", 2)]
    ov = for_audience(overlay(ms), "red")
    assert merged(ms, ov) == ms
    assert variants(ov, ms) == [ms]  # nothing to merge: no second try


def test_an_overlay_without_the_call_is_never_aggregated() -> None:
    ms = [unit("west", "blue", i) for i in range(5)]
    assert variants(overlay(ms), ms) == [ms]


def test_the_count_is_in_the_audience_language() -> None:
    ms = [unit("west", "blue", i) for i in range(5)]
    for language, words in {"ru": "5 единиц", "ja": "5", "zh-TW": "5"}.items():
        out = merged(ms, for_audience(overlay(ms, language=language), "red"))
        assert out[0].detail.startswith(words) and out[0].detail != "5 units", (language, out[0].detail)


# --- exactly when crowded ---------------------------------------------------------


@pytest.fixture
def narrow_spots(monkeypatch):
    """The placer refuses every spot larger than ``limit[0]`` square layout units (None: the real placer)."""
    limit: list[float | None] = [None]
    real = Placer.place_free

    def place_free(self, candidates, **kw):
        box = candidates[0] if candidates else None
        if limit[0] is not None and box and (box.x1 - box.x0) * (box.y1 - box.y0) > limit[0]:
            return None
        return real(self, candidates, **kw)

    monkeypatch.setattr(Placer, "place_free", place_free)
    return limit


def crowded(units_as: str) -> Overlay:
    """West: one red and four blue units (of two kinds); middle: one blue squadron."""
    ms = [unit("west", "red", 1), *(unit("west", "blue", i, "fleet" if i % 2 else "squadron") for i in range(4)),
          unit("middle", "blue", 9)]
    return for_audience(overlay(ms, units_as=units_as), "red")


def counted(scene) -> dict[str, list[tuple[str, int]]]:
    out: dict[str, list[tuple[str, int]]] = {}
    for m, _, _ in scene.tokens:
        if m.shape == COUNTED:
            out.setdefault(m.area, []).append((m.faction, m.count))
    return out


@pytest.mark.parametrize("units_as", ["badges", "cards"])
def test_nothing_is_aggregated_where_the_units_fit(small_map: GameMap, narrow_spots, units_as: str) -> None:
    ov = crowded(units_as)
    scene = draw_scene(small_map, ov, width_px=480)
    assert counted(scene) == {} and not [u for u in scene.unplaced if u.startswith(("units", "card"))]
    plain = ov.model_copy(update={"aggregate": False})
    assert render_map(small_map, ov, width_px=480) == render_map(small_map, plain, width_px=480)


def test_a_card_that_does_not_fit_counts_the_other_factions(small_map: GameMap, narrow_spots) -> None:
    """West's card of five rows (88 × 88 units) does not fit a spot of 6,000 square units, its counted
    card (red's row, "House Blue 4 units") does; middle's one-row card fits as it is."""
    narrow_spots[0] = 6000.0
    scene = draw_scene(small_map, crowded("cards"), width_px=480)
    assert counted(scene) == {"west": [("blue", 4)]}
    drawn = [(m.area, m.label) for m, _, _ in scene.tokens]
    assert ("west", "red-1") in drawn and ("middle", "blue-9") in drawn  # red's own, and middle's, in full
    assert not [u for u in scene.unplaced if u.startswith("card")]  # the map kept its cards


def test_a_badge_that_does_not_fit_counts_the_other_factions(small_map: GameMap, narrow_spots) -> None:
    """West's badge of three glyphs (red's squadron, blue's squadrons and fleets: 135 × 32 units) does
    not fit a spot of 3,000 square units, two glyphs do (red's, and blue's counted disc)."""
    narrow_spots[0] = 3000.0
    scene = draw_scene(small_map, crowded("badges"), width_px=480)
    assert counted(scene) == {"west": [("blue", 4)]}
    assert [m.label for m, _, _ in scene.tokens if m.area == "middle"] == ["blue-9"]


# --- framing ----------------------------------------------------------------------


def strip_map(n: int = FRAME_MIN_NODES + 10) -> GameMap:
    """A coast of ``n`` provinces in a row (no art): big enough to be framed."""
    areas = {}
    for i in range(n):
        near = [f"a{j}" for j in (i - 1, i + 1) if 0 <= j < n]
        areas[f"a{i}"] = {"name": f"Shore {i}", "kind": "province", "coastal": True, "island": "main",
                          "x": i * 0.3, "y": 40.0 + (i % 5) * 0.2, "coast": near, "land": near, "sea": []}
    return parse_map({"ruleset": "sengoku", "id": "strip", "name": "Strip", "areas": areas, "ports": {},
                      "islands": {"main": {"name": "Main", "size": "large", "areas": list(areas)}},
                      "straits": {}, "locs": {}}, "strip.toml")


@pytest.fixture(scope="module")
def strip() -> GameMap:
    return strip_map()


def strip_overlay(own_areas: list[str], other_areas: list[str]) -> Overlay:
    ms = [unit(a, "red", i) for i, a in enumerate(own_areas)] + [unit(a, "blue", i) for i, a in enumerate(other_areas)]
    return overlay(ms)


def test_a_factions_map_frames_every_one_of_its_units(strip: GameMap) -> None:
    own = ["a20", "a25", "a31"]
    ov = for_audience(strip_overlay(own, ["a22", "a120"]), "red", places=["a40"])
    gm, shown = framed(strip, ov, "main")
    assert gm is not strip and len(gm.nodes) < len(strip.nodes) / 2
    assert {"a20", "a25", "a31", "a40"} <= set(gm.nodes)  # its units and its port
    assert "a120" not in gm.nodes and [m.area for m in shown.markers if m.faction == "blue"] == ["a22"]
    scene = draw_scene(strip, ov, width_px=480)
    assert {m.label for m, _, _ in scene.tokens if m.faction == "red"} == {"red-0", "red-1", "red-2"}


class Seen(Event):
    kind: str = "seen"
    area: str
    route: list[str] = []


@pytest.mark.parametrize("seed", range(12))
def test_every_own_unit_is_in_the_frame_wherever_the_units_are(strip: GameMap, seed: int) -> None:
    import random
    rng = random.Random(seed)
    n = len(strip.nodes)
    start = rng.randrange(n)
    own = {f"a{min(n - 1, start + rng.randrange(30))}" for _ in range(rng.randrange(1, 8))}
    own |= {"a0"} if seed == 0 else {f"a{n - 1}"} if seed == 1 else set()  # the map's two ends too
    ov = for_audience(strip_overlay(sorted(own), []), "red")
    gm, shown = framed(strip, ov, "main")
    assert own <= set(gm.nodes)
    assert sorted(m.area for m in shown.markers) == sorted(m.area for m in ov.markers)


def test_events_addressed_to_the_faction_are_in_its_frame(strip: GameMap) -> None:
    private = Seen(area="a70", route=["a71", "a72"], audience=Audience.of("blue", "red"))  # a place in any field
    public = Seen(area="a150", audience=Audience.everyone())  # everyone's news is not its theatre
    ov = for_audience(strip_overlay(["a60"], []), "red", events=[private, public])
    assert {"a60", "a70", "a71", "a72"} <= set(ov.theatre) and "a150" not in ov.theatre
    assert {"a60", "a70", "a72"} <= set(theatre_map(strip, ov, "main").nodes)


def test_the_frame_stays_put_when_units_move_a_little(strip: GameMap) -> None:
    a = theatre_map(strip, for_audience(strip_overlay(["a40", "a50"], []), "red"), "main")
    b = theatre_map(strip, for_audience(strip_overlay(["a41", "a51"], []), "red"), "main")
    assert set(a.nodes) == set(b.nodes)  # snapped to the grid: the same frame, the same cached layer


def test_the_whole_map_when_the_theatre_is_not_much_smaller(strip: GameMap) -> None:
    wide = for_audience(strip_overlay(["a2", "a150"], []), "red")
    assert theatre_map(strip, wide, "main") is strip
    public = for_audience(strip_overlay(["a40"], ["a41"]), None)
    assert theatre_map(strip, public, "main") is strip  # the public's and moderators' maps are whole
    off = for_audience(strip_overlay(["a40"], []), "red", framing=False)
    assert theatre_map(strip, off, "main") is strip


def test_a_small_map_is_never_framed(small_map: GameMap) -> None:
    ov = for_audience(busy_overlay(), "red")
    assert ov.theatre and theatre_map(small_map, ov, small_map.default_sheet) is small_map


# --- secrecy: the Seto demo's turn, crowded on purpose ----------------------------


@pytest.fixture(scope="module")
def demo():
    from bot.demo import demo_turn_input
    return demo_turn_input("seto-demo")


def seen_units(data, audience: str) -> dict[tuple[str, str], int]:
    """(area, clan) -> how many of its units the audience may see there (bot/rulesets/sengoku/report/
    sightings.py, S12.6); those lost this turn are not there, and keep their own marks."""
    from bot.rulesets.sengoku.report.sightings import visible_units
    out: dict[tuple[str, str], int] = {}
    for unit_id, area in visible_units(data, audience).items():
        out[area, data.after.unit_owner(unit_id)] = out.get((area, data.after.unit_owner(unit_id)), 0) + 1
    return out


@pytest.mark.parametrize("audience", ["public", "moderators", "mori", "otomo", "kono", "miyoshi"])
def test_a_counted_entry_counts_only_what_the_audience_may_see(demo, audience: str) -> None:
    """Every area of the presenter's overlay, counted as a crowded map would count it: each count is the
    number of that clan's units there the audience may see, never one it may not; its own clan's units
    stay one by one."""
    from bot.rulesets.sengoku.report.present import map_overlay
    ov = map_overlay(demo, audience)
    assert ov.aggregate and ov.own_faction == (audience if audience in demo.before.clans else None)
    seen = seen_units(demo, audience)
    by_area: dict[str, list[Marker]] = {}
    for m in ov.markers:
        by_area.setdefault(m.area, []).append(m)
    entries = [(m.area, m.faction, m.count) for ms in by_area.values() for m in merged(ms, ov) if m.shape == COUNTED]
    # the demo's turn has areas with several units of one clan (for Kōno's map only its losses: no entry)
    assert entries or audience == "kono"
    for area, clan, n in entries:
        assert clan != audience
        assert n == seen[area, clan] >= 2, (area, clan)
    own = [m for ms in by_area.values() for m in merged(ms, ov) if m.faction == audience]
    assert sorted(own, key=repr) == sorted((m for m in ov.markers if m.faction == audience), key=repr)
    if audience != "moderators":
        everything = seen_units(demo, "moderators")
        assert any(everything[k] > seen.get(k, 0) for k in everything)  # there are hidden units to leave out

