"""Greedy label placement: boxes that keep out of each other's way."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bot.render.geometry import Box
from bot.render.style import AMBIGUITY_COST, AMBIGUITY_MARGIN, GAP


class Placer:
    """Greedy placement of axis-aligned boxes: first free candidate wins.

    When no candidate is free, the one with the least overlap is used so
    nothing silently disappears. Boxes outside ``bounds`` count as
    overlapping by the area that sticks out. A label placed for an anchor
    (an area) also pays a little for every other anchor that is about as
    near to it as its own, so a card does not seem to belong to a neighbour.
    """

    def __init__(self, bounds: Box, gap: float = GAP) -> None:
        self.bounds = bounds
        self.gap = gap
        self._boxes = np.zeros((0, 4))
        self._anchors = np.zeros((0, 2))

    def set_anchors(self, points: Sequence[tuple[float, float]]) -> None:
        self._anchors = np.array(points, dtype=float).reshape(-1, 2)

    def block(self, box: Box) -> None:
        self._boxes = np.vstack([self._boxes, [box.x0, box.y0, box.x1, box.y1]])

    def block_many(self, boxes: np.ndarray) -> None:
        self._boxes = np.vstack([self._boxes, np.asarray(boxes, dtype=float).reshape(-1, 4)])

    def boxes(self) -> np.ndarray:
        return self._boxes.copy()

    def restore(self, boxes: np.ndarray) -> None:
        """Back to an earlier ``boxes()``: a layout that did not fit is tried another way."""
        self._boxes = boxes.copy()

    def block_disc(self, x: float, y: float, r: float) -> None:
        """A disc, as a plus of two boxes: corner candidates may come close."""
        self.block(Box(x - r, y - 0.55 * r, x + r, y + 0.55 * r))
        self.block(Box(x - 0.55 * r, y - r, x + 0.55 * r, y + r))

    def place(self, candidates: Sequence[Box], *, block: bool = True,
              anchor: tuple[float, float] | None = None, unambiguous_from: int | None = None) -> tuple[int, float]:
        """Index of the chosen candidate and its cost (0.0 when it sits free).

        With ``anchor``, candidates near other anchors cost more, except
        those from index ``unambiguous_from`` on (they say whose they are).
        """
        cand = np.array([[b.x0, b.y0, b.x1, b.y1] for b in candidates])
        cost = self._overlap(cand) + self._outside(cand)
        if anchor is not None:
            ambiguity = self._ambiguity(cand, anchor)
            if unambiguous_from is not None:
                ambiguity[unambiguous_from:] = 0.0
            cost = cost + ambiguity
        best = int(np.argmin(cost))  # first minimum: preference order wins ties
        if block:
            self.block(candidates[best])
        return best, float(cost[best])

    def place_free(self, candidates: Sequence[Box], *, block: bool = True,
                   anchor: tuple[float, float] | None = None, unambiguous_from: int | None = None) -> int | None:
        """Index of the first candidate that touches nothing and stays inside,
        the least ambiguous one with ``anchor``; None when every one is taken:
        the caller then tries smaller, farther or fewer words, never an overlap."""
        if not candidates:
            return None
        cand = np.array([[b.x0, b.y0, b.x1, b.y1] for b in candidates])
        # In chunks, in order: the first free candidate that is not ambiguous at all ends
        # the search, so the far rings of a busy map are measured only when needed (their
        # ambiguity too: it is row by row, so a chunk's values are the whole array's).
        free = np.zeros(len(cand), dtype=bool)
        pref = np.full(len(cand), np.inf)  # never read where free is False
        for lo in range(0, len(cand), self.CHUNK):
            hi = min(lo + self.CHUNK, len(cand))
            part = cand[lo:hi]
            free[lo:hi] = ~self._touches(part) & (self._outside(part) <= 0.0)
            if not free[lo:hi].any():
                continue  # nothing free here: its ambiguity would never be read
            pref[lo:hi] = self._pref(part, lo, anchor, unambiguous_from)
            if (free[lo:hi] & (pref[lo:hi] == 0.0)).any():
                break
        if not free.any():
            return None
        best = int(np.argmin(np.where(free, pref, np.inf)))
        if block:
            self.block(candidates[best])
        return best

    def _pref(self, part: np.ndarray, lo: int, anchor: tuple[float, float] | None,
              unambiguous_from: int | None) -> np.ndarray:
        """The ambiguity of candidates ``lo`` to ``lo + len(part)`` (0 without an anchor or from
        ``unambiguous_from`` on)."""
        if anchor is None:
            return np.zeros(len(part))
        pref = self._ambiguity(part, anchor)
        if unambiguous_from is not None:
            pref[max(0, unambiguous_from - lo):] = 0.0
        return pref

    def _touches(self, cand: np.ndarray) -> np.ndarray:
        """Whether each candidate overlaps a placed box (within the gap): ``_overlap > 0``
        without summing areas (a sum of areas >= 0 is positive iff one of them is)."""
        b = self._near(cand)
        if not len(b):
            return np.zeros(len(cand), dtype=bool)
        return self._touch_matrix(cand, b).any(axis=1)

    def _touch_matrix(self, cand: np.ndarray, b: np.ndarray) -> np.ndarray:
        """(candidates, boxes): whether the overlap's width and height are both > 0. A difference
        of floats is > 0 iff the first is larger, so ``min(a, b) - max(c, d) > 0`` is four
        comparisons, done here without the float arrays of the difference."""
        g = self.gap
        right, left = cand[:, 2] + g, cand[:, 0] - g
        top, bottom = cand[:, 3] + g, cand[:, 1] - g
        across = (right[:, None] > b[None, :, 0]) & (b[None, :, 2] > left[:, None])
        across &= ((right > left)[:, None] & (b[:, 2] > b[:, 0])[None, :])
        up = (top[:, None] > b[None, :, 1]) & (b[None, :, 3] > bottom[:, None])
        up &= ((top > bottom)[:, None] & (b[:, 3] > b[:, 1])[None, :])
        return across & up

    CHUNK = 24

    def _near(self, cand: np.ndarray) -> np.ndarray:
        """The placed boxes that can touch any of these candidates (within the gap)."""
        return self._boxes[self._near_mask(cand)]

    def _near_mask(self, cand: np.ndarray) -> np.ndarray:
        g, b = self.gap, self._boxes
        x0, y0 = cand[:, 0].min() - g, cand[:, 1].min() - g
        x1, y1 = cand[:, 2].max() + g, cand[:, 3].max() + g
        return (b[:, 2] > x0) & (b[:, 0] < x1) & (b[:, 3] > y0) & (b[:, 1] < y1)

    def _overlap(self, cand: np.ndarray) -> np.ndarray:
        """Per candidate, the area it shares with the placed boxes (grown by the gap), summed
        over every placed box. Pairs that do not touch give exact zeros, so only the touching
        ones are computed; the sum still runs over the whole row in box order (same float sum)."""
        b = self._boxes
        if not len(b):
            return np.zeros(len(cand))
        near = np.flatnonzero(self._near_mask(cand))
        areas = np.zeros((len(cand), len(b)))
        if len(near):
            ci, ni = np.nonzero(self._touch_matrix(cand, b[near]))
            bi, g = near[ni], self.gap
            w = np.minimum(cand[ci, 2] + g, b[bi, 2]) - np.maximum(cand[ci, 0] - g, b[bi, 0])
            h = np.minimum(cand[ci, 3] + g, b[bi, 3]) - np.maximum(cand[ci, 1] - g, b[bi, 1])
            areas[ci, bi] = np.clip(w, 0, None) * np.clip(h, 0, None)
        return areas.sum(axis=1)

    def _ambiguity(self, cand: np.ndarray, anchor: tuple[float, float]) -> np.ndarray:
        """AMBIGUITY_COST for each other anchor that is about as near to the
        box's edge as its own anchor, or nearer to the box's centre."""
        own_pt = np.array([anchor], dtype=float)
        others = self._anchors[np.hypot(*(self._anchors - own_pt[0]).T) > 0.5]
        if not len(others):
            return np.zeros(len(cand))
        centres = np.column_stack([(cand[:, 0] + cand[:, 2]) / 2, (cand[:, 1] + cand[:, 3]) / 2])

        def to_edge(points: np.ndarray) -> np.ndarray:  # (candidates, points)
            px, py = points[None, :, 0], points[None, :, 1]
            dx = np.maximum(np.maximum(cand[:, None, 0] - px, 0), px - cand[:, None, 2])
            dy = np.maximum(np.maximum(cand[:, None, 1] - py, 0), py - cand[:, None, 3])
            return np.hypot(dx, dy)

        def to_centre(points: np.ndarray) -> np.ndarray:
            return np.hypot(centres[:, None, 0] - points[None, :, 0], centres[:, None, 1] - points[None, :, 1])

        near_edge = to_edge(others) < to_edge(own_pt) + AMBIGUITY_MARGIN
        near_centre = to_centre(others) < to_centre(own_pt)
        return AMBIGUITY_COST * (near_edge | near_centre).sum(axis=1)

    def _outside(self, cand: np.ndarray) -> np.ndarray:
        bx = self.bounds
        area = (cand[:, 2] - cand[:, 0]) * (cand[:, 3] - cand[:, 1])
        w = np.clip(np.minimum(cand[:, 2], bx.x1) - np.maximum(cand[:, 0], bx.x0), 0, None)
        h = np.clip(np.minimum(cand[:, 3], bx.y1) - np.maximum(cand[:, 1], bx.y0), 0, None)
        return (area - w * h) * 10.0  # leaving the map is worse than touching a label
