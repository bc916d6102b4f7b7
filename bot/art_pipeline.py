"""The steps that the rulesets' map-art generators share (each ruleset draws its maps' art offline,
``python -m bot.rulesets.<pkg>.art.generate``, beside its map file): the projection from the map's
own points, land from coastline rings (``bot.art_coasts``), a little roughened, pixel discs round
nodes, the graticule, the coastline, and the map file's generated art tables. What the land and the
sea become (colours, regions, marks) stays each ruleset's own.

Not part of the rules: it draws pictures (numpy, Pillow) and reads and writes files.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from bot.art_coasts import Dot, Ring
from bot.art_fields import box_blur, value_noise
from bot.mapfiles import load_map_file

__all__ = ["Coasts", "Picture", "Points", "ToPx", "art_table_lines", "coast_mask", "coastline", "discs",
           "graticule", "load_without_art", "project", "rough_land", "save_png", "without_art", "write_art"]

Points = dict[str, tuple[float, float]]
ToPx = Callable[[float, float], tuple[float, float]]
Coasts = tuple[Sequence[Ring], Sequence[Ring], Sequence[Ring], Sequence[Dot]]  # land, water, islands, dots
Picture = tuple[str, str, np.ndarray, Points]  # its art table's name, its image's file name, the image, its points

SUPER = 2  # the coastlines are drawn at twice the size, then averaged: smooth edges


def project(nodes: Mapping[str, tuple[float, float]], width: int, pad: int) -> tuple[Points, int, ToPx]:
    """Pixel point (x right, y down) of every node (lon, lat), the image height, and the projection
    itself (lon, lat) -> (x, y) for the coastlines: longitude scaled by the cosine of the nodes' mean
    latitude, framed round the nodes with ``pad`` pixels to spare."""
    kx = math.cos(math.radians(sum(y for _, y in nodes.values()) / len(nodes)))
    xs = [x * kx for x, _ in nodes.values()]
    ys = [y for _, y in nodes.values()]
    scale = (width - 2 * pad) / max(max(xs) - min(xs), 1e-9)
    height = round((max(ys) - min(ys)) * scale + 2 * pad)
    x0, y1 = min(xs), max(ys)

    def to_px(lon: float, lat: float) -> tuple[float, float]:
        return pad + (lon * kx - x0) * scale, pad + (y1 - lat) * scale

    points = {k: (round(to_px(*p)[0], 1), round(to_px(*p)[1], 1)) for k, p in sorted(nodes.items())}
    return points, height, to_px


def coast_mask(coasts: Coasts, to_px: ToPx, width: int, height: int) -> np.ndarray:
    """Land coverage in [0, 1] from the coastline rings: land, the water cut out of it, then the
    islands and dots (which only add land, so their order does not matter)."""
    land, water, islands, dots = coasts
    canvas = Image.new("L", (width * SUPER, height * SUPER), 0)
    draw = ImageDraw.Draw(canvas)

    def ring(points) -> list[tuple[float, float]]:
        return [(x * SUPER, y * SUPER) for x, y in (to_px(lon, lat) for lon, lat in points)]

    for poly in land:
        draw.polygon(ring(poly), fill=255)
    for poly in water:
        draw.polygon(ring(poly), fill=0)
    for poly in islands:
        draw.polygon(ring(poly), fill=255)
    for lon, lat, r in dots:
        (cx, cy), (ex, _) = to_px(lon, lat), to_px(lon + r, lat)
        rr = max(abs(ex - cx), 1.5) * SUPER
        draw.ellipse((cx * SUPER - rr, cy * SUPER - rr, cx * SUPER + rr, cy * SUPER + rr), fill=255)
    small = canvas.resize((width, height), Image.Resampling.BOX)
    return np.asarray(small, dtype=np.float32) / 255.0


def rough_land(coasts: Coasts, to_px: ToPx, width: int, height: int, seed: int, cells: int) -> np.ndarray:
    """Where the coastlines put land, a little roughened by fixed noise (``seed``: the same map
    always gives the same picture; ``cells``: the noise grid's cells across the picture)."""
    roughness = value_noise(height, width, cells, seed).astype(np.float32)
    return box_blur(coast_mask(coasts, to_px, width, height), 1) + 0.06 * roughness > 0.5


def discs(points: Mapping[str, tuple[float, float]], ids: Iterable[str], radius: float,
          height: int, width: int) -> np.ndarray:
    """The pixels closer than ``radius`` to any of the nodes ``ids``."""
    ys, xs = np.mgrid[0:height, 0:width]
    found = np.zeros((height, width), dtype=bool)
    for k in ids:
        x, y = points[k]
        found |= (xs - x) ** 2 + (ys - y) ** 2 < radius ** 2
    return found


def graticule(to_px: ToPx, height: int, width: int, lons: range = range(-180, 181, 10),
              lats: range = range(-80, 81, 10)) -> np.ndarray:
    """The meridians ``lons`` and the parallels ``lats``, one pixel wide."""
    canvas = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(canvas)
    for lon in lons:
        draw.line([to_px(lon, lat) for lat in (lats[0], lats[-1])], fill=255, width=1)
    for lat in lats:
        draw.line([to_px(lon, lat) for lon in (lons[0], lons[-1])], fill=255, width=1)
    return np.asarray(canvas) > 0


def coastline(land: np.ndarray) -> np.ndarray:
    """The land pixels with a sea pixel beside them."""
    return land & ~(np.roll(land, 1, 0) & np.roll(land, -1, 0) & np.roll(land, 1, 1) & np.roll(land, -1, 1))


def art_table_lines(table: str, image: str, width: int, height: int, points: Mapping[str, tuple[float, float]]
                    ) -> list[str]:
    """The map file's ``[<table>]`` art table and its ``[<table>.points]``, as lines."""
    lines = ["", f"[{table}]", f'image = "{image}"', f"width = {width}", f"height = {height}", "",
             f"[{table}.points]"]
    return lines + [f"{k} = [{x}, {y}]" for k, (x, y) in sorted(points.items())]


def without_art(text: str, marker: str) -> str:
    """The map file's text without its generated art (everything from ``marker`` on)."""
    return text.split(marker)[0].rstrip("\n") + "\n\n"


def load_without_art(path: Path, marker: str, profile) -> tuple[str, object]:
    """The map file's text and its map, read without its old art (to read its points afresh)."""
    text = path.read_text(encoding="utf-8")
    bare = path.with_name(".art-input.toml")
    bare.write_text(without_art(text, marker), encoding="utf-8")
    try:
        return text, load_map_file(bare, profile=profile)
    finally:
        bare.unlink()


def save_png(img: np.ndarray, path: Path, colors: int) -> None:
    """The picture in at most ``colors`` colours (a small file), optimised."""
    Image.fromarray(img).quantize(colors=colors, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def write_art(path: Path, text: str, marker: str, pictures: Sequence[Picture], colors: int) -> None:
    """Each picture saved beside the map file, and the map file (``text``) written again with its
    art tables afresh after ``marker``."""
    lines = [marker]
    for table, image, img, points in pictures:
        save_png(img, path.parent / image, colors)
        lines += art_table_lines(table, image, img.shape[1], img.shape[0], points)
    path.write_text(without_art(text, marker) + "\n".join(lines) + "\n", encoding="utf-8")
