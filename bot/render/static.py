"""The static layer of a map: what does not change from turn to turn (sea,
land, the lines and marked points its profile declares, ports and every
name), drawn once per map and width and reused by every render.

Text is most of a render's cost (measuring, halo paths), and the names are
the bulk of the text, so a render only draws the turn: owners, nodes,
events, unit cards, title and legend. The layer is two RGBA images, because
the owners' tint and the nodes go between the map and the names:

- ``base``: sea, land, the map's lines and marked points (opaque)
- ``labels``: port anchors and every name (transparent elsewhere)

plus the boxes the names took, so a turn's labels keep out of their way.
Both images cover the map region only; the legend band under it varies per
turn, so everything is stored relative to the region's bottom edge.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from bot.domain.gamemap import GameMap
from bot.render.geometry import PlacedLabel
from bot.render.labels import (
    place_area_names,
    place_group_names,
    place_mark_names,
    place_port_names,
    place_sea_names,
)
from bot.render.layers import draw_art, draw_background, draw_land, draw_map_lines
from bot.render.nodes import block_ports, draw_port_glyphs, register_nodes
from bot.render.overlay import Overlay
from bot.render.scene import Scene
from bot.render.sprites import Picture, PictureArtist, picture
from bot.render.style import NOMINAL_W

# Layers kept: a faction's map of a big map frames its theatre (bot.render.aggregate), a layer per
# frame, so one 16-clan turn draws 17 layers; fewer kept and every turn would draw each one again.
MAX_CACHED = 24
# And their pixels: one layer at 1400 px is 3 to 9 MB (a 60-node map about 8 MB), so the bound that
# holds in practice, per process (each render worker keeps its own), is this one.
MAX_CACHED_BYTES = 160 * 2**20
BASE_Z = 0.0
AREA_NAME_WEIGHT = 4
LABELS_Z = 8.9  # over nodes (5) and rings (7), under event labels (9.5) and cards (10)


@dataclass(frozen=True)
class StaticLayer:
    base: np.ndarray
    labels: np.ndarray
    height: float  # layout units the images cover, from the region's bottom edge
    boxes: np.ndarray  # (n, 4) placer boxes taken by the names, bottom edge at 0
    area_names: np.ndarray  # the boxes of the areas' names among them
    placed: tuple[PlacedLabel, ...] = ()  # the names, bottom edge at 0; and those left out
    unplaced: tuple[str, ...] = ()
    pictures: tuple[Picture, Picture] | None = None  # base and labels, ready to composite (bot.render.sprites)


_cache: OrderedDict[tuple, StaticLayer] = OrderedDict()
_lock = threading.Lock()
builds = 0  # how many layers were drawn: lets tests see the cache work


def static_layer(gm: GameMap, width_px: int, sheet: str | None = None, language: str = "en") -> StaticLayer:
    """The cached layer for this map's sheet at this width, drawn on first use.

    Keyed by the map's content, not its identity: a campaign reloads its map
    file for every turn; and by language, which sets the names and fonts
    (bot.render.localnames). Two threads asking at once may both draw it;
    the result is the same, and one of them is kept.
    """
    sheet = sheet or gm.default_sheet
    key = (gm.id, sheet, width_px, hash(gm.model_dump_json()), language)
    with _lock:
        layer = _cache.get(key)
        if layer is not None:
            _cache.move_to_end(key)
            return layer
    layer = _build(gm, width_px, sheet, language)
    with _lock:
        global builds
        builds += 1
        _cache[key] = layer
        while len(_cache) > MAX_CACHED or (len(_cache) > 1 and cached_bytes() > MAX_CACHED_BYTES):
            _cache.popitem(last=False)
    return layer


def cached_bytes() -> int:
    """The pixels the cache holds (the boxes are small beside them)."""
    return sum(layer.base.nbytes + layer.labels.nbytes for layer in _cache.values())


def clear_cache() -> None:
    with _lock:
        _cache.clear()


def _build(gm: GameMap, width_px: int, sheet: str, language: str) -> StaticLayer:
    scene = Scene.create(gm, Overlay(title="", language=language), width_px, bands=False, sheet=sheet)
    draw_background(scene)
    if scene.art is not None:
        draw_art(scene)  # the campaign's own picture of land and sea
    else:
        draw_land(scene)
    draw_map_lines(scene)
    base = _pixels(scene)
    for artist in [*scene.ax.collections, *scene.ax.patches, *scene.ax.lines, *scene.ax.texts, *scene.ax.artists,
                   *scene.ax.images]:
        artist.remove()
    scene.fig.patch.set_alpha(0.0)
    register_nodes(scene)
    draw_port_glyphs(scene)
    block_ports(scene)
    before = len(scene.placer.boxes())
    place_area_names(scene)
    area_names = scene.placer.boxes()[before:]
    place_port_names(scene)
    place_mark_names(scene)
    place_sea_names(scene)
    place_group_names(scene)
    labels = _pixels(scene)
    height = base.shape[0] * NOMINAL_W / width_px
    return StaticLayer(base, labels, height, scene.placer.boxes(), area_names, tuple(scene.labels),
                       tuple(scene.unplaced), (picture(base), picture(labels)))


def _pixels(scene: Scene) -> np.ndarray:
    scene.fig.canvas.draw()
    return np.asarray(scene.fig.canvas.buffer_rgba()).copy()


def paste(scene: Scene, layer: StaticLayer) -> None:
    """Put the layer under a turn's drawing, at the bottom of its map region."""
    bottom_px = scene.bottom * scene.measure.px_per_unit
    pictures = layer.pictures or (picture(layer.base), picture(layer.labels))
    for pic, z in zip(pictures, (BASE_Z, LABELS_Z)):
        scene.ax.add_artist(PictureArtist(pic, bottom_px, z))
    shift = np.array([0.0, scene.bottom, 0.0, scene.bottom])
    scene.labels += [label.shifted(scene.bottom) for label in layer.placed]
    scene.unplaced += layer.unplaced
    scene.placer.block_many(layer.boxes + shift)
    # An area's name is what a card covers last: its overlap counts AREA_NAME_WEIGHT times.
    for _ in range(AREA_NAME_WEIGHT - 1):
        scene.placer.block_many(layer.area_names + shift)
