"""Geometry of a render: projecting map coordinates to layout units, boxes,
and the candidate spots a label may take around an anchor."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from bot.render.style import MAP_PAD, MAX_MAP_H, MIN_MAP_H, NOMINAL_W, SIDE


@dataclass(frozen=True)
class Frame:
    """Map coordinates (x = longitude, y = latitude) to layout units.

    Longitude is shrunk by cos(mean latitude) so the map is not stretched
    east-west; maps with abstract coordinates near y = 0 are unaffected.
    """

    kx: float
    min_x: float
    min_y: float
    scale: float
    origin_x: float
    origin_y: float
    width: float  # of the map region
    height: float

    @classmethod
    def fit(cls, points: Sequence[tuple[float, float]], bottom: float) -> Frame:
        lat0 = max(-80.0, min(80.0, sum(y for _, y in points) / len(points)))
        kx = math.cos(math.radians(lat0))
        xs = [x * kx for x, _ in points]
        ys = [y for _, y in points]
        span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
        region_w = NOMINAL_W - 2 * SIDE
        inner_w = region_w - 2 * MAP_PAD
        scale = inner_w / span_x if span_x > 0 else (inner_w / span_y if span_y > 0 else 1.0)
        if span_y * scale + 2 * MAP_PAD > MAX_MAP_H:
            scale = (MAX_MAP_H - 2 * MAP_PAD) / span_y
        height = max(MIN_MAP_H, span_y * scale + 2 * MAP_PAD)
        # Centre the drawing in the region when one side was capped.
        origin_x = SIDE + (region_w - span_x * scale) / 2
        origin_y = bottom + (height - span_y * scale) / 2
        return cls(kx, min(xs), min(ys), scale, origin_x, origin_y, region_w, height)

    @classmethod
    def fit_art(cls, width: int, height: int, bottom: float) -> Frame:
        """Pixel space of a map's art (y up, see MapArt.flipped): the image fills
        the map region's width, or its height when it is tall."""
        region_w = NOMINAL_W - 2 * SIDE
        scale = min(region_w / width, MAX_MAP_H / height)
        origin_x = SIDE + (region_w - width * scale) / 2
        return cls(1.0, 0.0, 0.0, scale, origin_x, bottom, region_w, height * scale)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (self.origin_x + (x * self.kx - self.min_x) * self.scale,
                self.origin_y + (y - self.min_y) * self.scale)


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def around(cls, cx: float, cy: float, r: float) -> Box:
        return cls(cx - r, cy - r, cx + r, cy + r)

    def nearest(self, x: float, y: float) -> tuple[float, float]:
        return min(max(x, self.x0), self.x1), min(max(y, self.y0), self.y1)


@dataclass(frozen=True)
class PlacedLabel:
    """A label as placed: tests check that no two overlap and none sits on a
    line kept clear or a node; ``size``: its smallest text or glyph, in layout units."""

    kind: str  # "area", "port", "mark", "sea", "group", "event", "units"
    text: str
    box: Box
    anchor: str | None = None  # the node it names or belongs to
    size: float = 0.0

    def shifted(self, dy: float) -> PlacedLabel:
        b = self.box
        return PlacedLabel(self.kind, self.text, Box(b.x0, b.y0 + dy, b.x1, b.y1 + dy), self.anchor, self.size)


# Directions tried around an anchor, as unit offsets (dx, dy) of the box
# side or corner that faces the anchor. Order = preference.
_E, _W, _S, _N = (1, 0), (-1, 0), (0, -1), (0, 1)
_NE, _SE, _NW, _SW = (1, 1), (1, -1), (-1, 1), (-1, -1)
AROUND_SIDE_FIRST = (_E, _W, _NE, _SE, _NW, _SW, _S, _N)
AROUND_BELOW_FIRST = (_S, _N, _E, _W, _SE, _SW, _NE, _NW)


# Sixteen directions, for a last, far ring of spots when the near ones are taken.
AROUND_ALL = (*AROUND_SIDE_FIRST, (2, 1), (2, -1), (-2, 1), (-2, -1), (1, 2), (-1, 2), (1, -2), (-1, -2))


class Candidates(Sequence[Box]):
    """Candidate boxes as one (n, 4) array of (x0, y0, x1, y1): the placer reads the array,
    and a Box is made only for the one chosen. ``+`` appends (a list of boxes too)."""

    __slots__ = ("array",)

    def __init__(self, array: np.ndarray) -> None:
        self.array = array

    def __len__(self) -> int:
        return len(self.array)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Candidates(self.array[i])
        x0, y0, x1, y1 = self.array[i].tolist()  # Python floats, as a Box built by hand has
        return Box(x0, y0, x1, y1)

    def __add__(self, other: Sequence[Box]) -> Candidates:
        return Candidates(np.concatenate([self.array, as_array(other)]))

    def __radd__(self, other: Sequence[Box]) -> Candidates:
        return Candidates(np.concatenate([as_array(other), self.array]))


def as_array(boxes: Sequence[Box]) -> np.ndarray:
    """Boxes as an (n, 4) array of (x0, y0, x1, y1)."""
    if isinstance(boxes, Candidates):
        return boxes.array
    return np.array([[b.x0, b.y0, b.x1, b.y1] for b in boxes], dtype=float).reshape(-1, 4)


@cache
def _directions(dirs: tuple[tuple[int, int], ...]) -> tuple[np.ndarray, ...]:
    """Per direction: the factor of the distance on x and y (its sign the side) and how much of the
    box's width and height lies on the anchor's side (all of it, half when centred, none)."""
    fx, fy, kw, kh = [], [], [], []
    for dx, dy in dirs:
        f, g = (0.75, 0.75) if dx and dy else (1.0, 1.0)
        if abs(dx) == 2 or abs(dy) == 2:  # in between: a longer reach along the main axis
            f, g = (0.9, 0.4) if abs(dx) == 2 else (0.4, 0.9)
            dx, dy = (dx // 2, dy) if abs(dx) == 2 else (dx, dy // 2)
        fx.append(((dx > 0) - (dx < 0)) * f)  # the sign of the offset times its factor
        fy.append(((dy > 0) - (dy < 0)) * g)
        kw.append(1.0 if dx < 0 else (0.5 if dx == 0 else 0.0))
        kh.append(1.0 if dy < 0 else (0.5 if dy == 0 else 0.0))
    return tuple(np.array(v, dtype=float) for v in (fx, fy, kw, kh))


def candidates(cx: float, cy: float, w: float, h: float, dists: Iterable[float],
               dirs: Sequence[tuple[int, int]]) -> Candidates:
    """Boxes of size w×h that sit ``dist`` away from (cx, cy) in each direction: for each
    distance in turn, every direction in order.

    Each coordinate is the float the box-by-box formula gave (cx + d·f, cx − d·f − w or
    cx − w/2, then x0 + w): here it is (cx + d·(±f)) − w·k with k 1, ½ or 0, and negating,
    halving, multiplying by 1 or 0 and adding or taking 0 are exact, so the roundings are the same.
    """
    fx, fy, kw, kh = _directions(tuple(dirs))
    d = np.array([float(v) for v in dists])[:, None]
    out = np.empty((len(d), len(fx), 4))
    np.subtract(cx + d * fx, w * kw, out=out[:, :, 0])
    np.subtract(cy + d * fy, h * kh, out=out[:, :, 1])
    np.add(out[:, :, 0], w, out=out[:, :, 2])
    np.add(out[:, :, 1], h, out=out[:, :, 3])
    return Candidates(out.reshape(-1, 4))
