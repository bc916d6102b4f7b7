"""Greedy label placement: boxes that keep out of each other's way."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bot.render.geometry import Box, as_array
from bot.render.placer_index import BucketGrid, CountRaster
from bot.render.style import AMBIGUITY_COST, AMBIGUITY_MARGIN, GAP


class Placer:
    """Greedy placement of axis-aligned boxes: first free candidate wins.

    When no candidate is free, the one with the least overlap is used so
    nothing silently disappears. Boxes outside ``bounds`` count as
    overlapping by the area that sticks out. A label placed for an anchor
    (an area) also pays a little for every other anchor that is about as
    near to it as its own, so a card does not seem to belong to a neighbour.

    The placed boxes sit in a grid of buckets (``BucketGrid``) so that a candidate is tested
    against the few boxes near it, not every box of the map: the answers are the same
    comparisons of the same floats, and the least-overlap sums run over the same full rows
    (see ``place``), so every choice is the one the plain search makes.
    """

    CHUNK = 24  # candidates measured at a time (place_free)
    INDEX_FROM = 1000  # boxes: with fewer, a candidate is tested against those near them all
    REINDEX = 64  # boxes placed since the index was built: tested one by one, then it is brought up to date

    def __init__(self, bounds: Box, gap: float = GAP) -> None:
        self.bounds = bounds
        self.gap = gap
        self._buf = np.zeros((256, 4))
        self._n = 0
        self._anchors = np.zeros((0, 2))
        self._grid: BucketGrid | None = None  # built when the boxes are many (see _indexing)
        self._raster: CountRaster | None = None
        self._indexed = 0  # boxes [0, _indexed) are in the grid, the rest are tested one by one

    @property
    def _boxes(self) -> np.ndarray:
        """The placed boxes (x0, y0, x1, y1), in the order placed (a view)."""
        return self._buf[:self._n]

    def set_anchors(self, points: Sequence[tuple[float, float]]) -> None:
        self._anchors = np.array(points, dtype=float).reshape(-1, 2)

    def block(self, box: Box) -> None:
        self._append(np.array([[box.x0, box.y0, box.x1, box.y1]], dtype=float))

    def block_many(self, boxes: np.ndarray) -> None:
        self._append(np.asarray(boxes, dtype=float).reshape(-1, 4))

    def _append(self, rows: np.ndarray) -> None:
        if self._n + len(rows) > len(self._buf):
            grown = np.zeros((max(2 * len(self._buf), self._n + len(rows)), 4))
            grown[:self._n] = self._boxes
            self._buf = grown
        self._buf[self._n:self._n + len(rows)] = rows
        self._n += len(rows)

    def boxes(self) -> np.ndarray:
        return self._boxes.copy()

    def restore(self, boxes: np.ndarray) -> None:
        """Back to an earlier ``boxes()``: a layout that did not fit is tried another way."""
        self._n = 0
        self._indexed = 0
        self._grid = self._raster = None  # they held boxes that may be gone: built anew when needed
        self._append(np.asarray(boxes, dtype=float).reshape(-1, 4))

    def block_disc(self, x: float, y: float, r: float) -> None:
        """A disc, as a plus of two boxes: corner candidates may come close."""
        self.block(Box(x - r, y - 0.55 * r, x + r, y + 0.55 * r))
        self.block(Box(x - 0.55 * r, y - r, x + 0.55 * r, y + r))

    def place(self, candidates: Sequence[Box], *, block: bool = True,
              anchor: tuple[float, float] | None = None, unambiguous_from: int | None = None) -> tuple[int, float]:
        """Index of the chosen candidate and its cost (0.0 when it sits free).

        With ``anchor``, candidates near other anchors cost more, except
        those from index ``unambiguous_from`` on (they say whose they are).

        The cost's overlap is a sum over every placed box in box order (``_overlap``), whose
        float value depends on where the zeros sit in the row (numpy sums pairwise). Summing
        the touching pairs alone gives it to within a relative 1e-9; rounding is monotonic, so
        bounds on the overlap bound the cost, and only the candidates that could be the least
        get the full-row sum: the same first minimum, the same cost, to the bit.
        """
        cand = as_array(candidates)
        outside = self._outside(cand)
        ambiguous = np.zeros(len(cand), dtype=bool)
        if anchor is not None:
            ambiguous[:] = True
            if unambiguous_from is not None:
                ambiguous[unambiguous_from:] = False
        bounds = _Bounds(len(cand), slack=1e-9 + 4 * self._n * 2.0 ** -53)  # far above any order's error
        # The candidates least covered first; then only those whose floor is under the best bound.
        floor = self._overlap_floor(cand, bounds.slack) + outside
        self._bound(cand, np.argsort(floor, kind="stable")[:self.SEED], outside, ambiguous, anchor, bounds)
        self._bound(cand, np.flatnonzero((floor <= bounds.high.min()) & ~bounds.measured), outside, ambiguous,
                    anchor, bounds)
        maybe = np.flatnonzero(bounds.low <= bounds.high.min())
        cost = self._row_sums(len(cand), *bounds.pairs(), maybe) + outside[maybe]
        if anchor is not None:
            cost = cost + bounds.ambiguity[maybe]
        pick = int(np.argmin(cost))  # first minimum: preference order wins ties
        best = int(maybe[pick])
        if block:
            self.block(candidates[best])
        return best, float(cost[pick])

    SEED = 12  # least-overlap search: candidates measured first, to bound the others

    def _overlap_floor(self, cand: np.ndarray, slack: float) -> np.ndarray:
        """A lower bound of each candidate's overlap sum as numpy sums it: the area of the raster's
        cells it holds, once per box each lies inside (such a cell is part of its overlap with
        that box, and the cells do not overlap). Zeros without the index."""
        if not self._indexing():
            return np.zeros(len(cand))
        g = self.gap
        _, held = self._raster.query(cand[:, 0] - g, cand[:, 1] - g, cand[:, 2] + g, cand[:, 3] + g)
        return held * self._raster.least_cell_area * (1 - slack)

    def _bound(self, cand: np.ndarray, rows: np.ndarray, outside: np.ndarray, ambiguous: np.ndarray,
               anchor: tuple[float, float] | None, bounds: _Bounds) -> None:
        """Bounds of the costs of candidates ``rows``, from the touching pairs summed in any order.
        An ambiguity (>= 0) only raises a cost: it is measured only where the cost could still be
        the least, under the best bound known."""
        if not len(rows):
            return
        ci, bi, areas = self._touching_areas(cand[rows])
        ci = rows[ci]
        bounds.add_pairs(ci, bi, areas)
        approx = np.bincount(ci, weights=areas, minlength=len(cand))[rows]
        low = approx * (1 - bounds.slack) + outside[rows]
        high = approx * (1 + bounds.slack) + outside[rows]
        amb = ambiguous[rows]
        best = min(bounds.high.min(), high[~amb].min() if not amb.all() else np.inf)
        measure = amb & (low <= best)
        ambiguity = np.zeros(len(rows))
        if measure.any():
            ambiguity[measure] = self._ambiguity(cand[rows[measure]], anchor)
        bounds.low[rows] = low + ambiguity
        bounds.high[rows] = np.where(amb & ~measure, np.inf, high + ambiguity)
        bounds.ambiguity[rows] = ambiguity
        bounds.measured[rows] = True

    def place_free(self, candidates: Sequence[Box], *, block: bool = True,
                   anchor: tuple[float, float] | None = None, unambiguous_from: int | None = None) -> int | None:
        """Index of the first candidate that touches nothing and stays inside,
        the least ambiguous one with ``anchor``; None when every one is taken:
        the caller then tries smaller, farther or fewer words, never an overlap."""
        if not len(candidates):
            return None
        cand = as_array(candidates)
        # In chunks, in order: the first free candidate that is not ambiguous at all ends
        # the search, so the far rings are measured only when needed (their ambiguity too:
        # it is row by row, so a chunk's values are the whole array's). With the index,
        # which are free is measured for all at once: it costs about what one chunk does.
        free = np.zeros(len(cand), dtype=bool)
        pref = np.full(len(cand), np.inf)  # never read where free is False
        known = 0
        for lo in range(0, len(cand), self.CHUNK):
            hi = min(lo + self.CHUNK, len(cand))
            if hi > known:
                end = len(cand) if self._indexing() else hi
                part = cand[known:end]
                free[known:end] = ~self._touches(part) & (self._outside(part) <= 0.0)
                known = end
            if not free[lo:hi].any():
                continue  # nothing free here: its ambiguity would never be read
            pref[lo:hi] = self._pref(cand[lo:hi], lo, anchor, unambiguous_from)
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
        without summing areas (a sum of areas >= 0 is positive iff one of them is).

        With few boxes, against those in the candidates' bounding box. With many, the raster
        decides most candidates (``CountRaster``: certainly clear of the indexed boxes, or
        certainly on one); the rest are tested against the boxes that share a bucket with
        them, and every candidate against the boxes placed since the index was built."""
        hit = np.zeros(len(cand), dtype=bool)
        if not self._n or not len(cand):
            return hit
        if not self._indexing():
            b = self._boxes[self._near_mask(cand)]
            return self._touch_matrix(cand, b).any(axis=1) if len(b) else hit
        g = self.gap
        left, bottom, right, top = cand[:, 0] - g, cand[:, 1] - g, cand[:, 2] + g, cand[:, 3] + g
        near, held = self._raster.query(left, bottom, right, top)
        hit |= held > 0
        unsure = np.flatnonzero(near & ~hit)
        if len(unsure):
            ci, bi, _ = self._grid.query(left[unsure], bottom[unsure], right[unsure], top[unsure])
            hit[unsure[ci[self._touch_pairs(cand[unsure[ci]], self._boxes[bi])]]] = True
        recent = self._boxes[self._indexed:]
        if len(recent):
            rest = np.flatnonzero(~hit)
            hit[rest] = self._touch_matrix(cand[rest], recent).any(axis=1)
        return hit

    def _indexing(self) -> bool:
        """Whether the boxes are many enough for the index; if so, bring it up to date when
        enough were placed since it was last."""
        if self._n < self.INDEX_FROM:
            return False
        if self._raster is None:
            self._grid, self._raster, self._indexed = BucketGrid(self.bounds), CountRaster(self.bounds), 0
        if self._n - self._indexed > self.REINDEX or not self._indexed:
            self._raster.paint(self._boxes[self._indexed:])
            self._grid.build(self._boxes)
            self._indexed = self._n
        return True

    def _near_mask(self, cand: np.ndarray) -> np.ndarray:
        """The placed boxes that can touch any of these candidates (within the gap)."""
        g, b = self.gap, self._boxes
        x0, y0 = cand[:, 0].min() - g, cand[:, 1].min() - g
        x1, y1 = cand[:, 2].max() + g, cand[:, 3].max() + g
        return (b[:, 2] > x0) & (b[:, 0] < x1) & (b[:, 3] > y0) & (b[:, 1] < y1)

    def _pairs(self, cand: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(candidate, box) index pairs among which is every pair that touches, once: those of
        the grid's buckets, each in the bucket of the lower left corner of the two extents'
        overlap only (a pair that touches has it in one bucket both reach into, and in one
        only), and every pair with a box placed since the grid was built; with few boxes, every
        box in the candidates' bounding box."""
        if not self._indexing():
            near = np.flatnonzero(self._near_mask(cand))
            return np.repeat(np.arange(len(cand)), len(near)), np.tile(near, len(cand))
        g, b = self.gap, self._boxes
        left, bottom = cand[:, 0] - g, cand[:, 1] - g
        ci, bi, bucket = self._grid.query(left, bottom, cand[:, 2] + g, cand[:, 3] + g)
        once = self._grid.bucket(np.maximum(left[ci], b[bi, 0]), np.maximum(bottom[ci], b[bi, 1])) == bucket
        ci, bi = ci[once], bi[once]
        recent = np.arange(self._indexed, self._n)
        return (np.concatenate([ci, np.repeat(np.arange(len(cand)), len(recent))]),
                np.concatenate([bi, np.tile(recent, len(cand))]))

    def _touch_pairs(self, cand: np.ndarray, b: np.ndarray) -> np.ndarray:
        """``_touch_matrix`` for pairs: candidate ``cand[i]`` with box ``b[i]``."""
        g = self.gap
        right, left = cand[:, 2] + g, cand[:, 0] - g
        top, bottom = cand[:, 3] + g, cand[:, 1] - g
        return ((right > b[:, 0]) & (b[:, 2] > left) & (right > left) & (b[:, 2] > b[:, 0])
                & (top > b[:, 1]) & (b[:, 3] > bottom) & (top > bottom) & (b[:, 3] > b[:, 1]))

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

    def _touching_areas(self, cand: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each (candidate, box) pair that touches, once, and the area they share (the
        candidate grown by the gap)."""
        if not self._n:
            empty = np.zeros(0, dtype=np.intp)
            return empty, empty, np.zeros(0)
        ci, bi = self._pairs(cand)
        b = self._boxes
        keep = self._touch_pairs(cand[ci], b[bi])
        ci, bi, g = ci[keep], bi[keep], self.gap
        w = np.minimum(cand[ci, 2] + g, b[bi, 2]) - np.maximum(cand[ci, 0] - g, b[bi, 0])
        h = np.minimum(cand[ci, 3] + g, b[bi, 3]) - np.maximum(cand[ci, 1] - g, b[bi, 1])
        return ci, bi, np.maximum(w, 0) * np.maximum(h, 0)  # as np.clip(w, 0, None) computes it

    def _row_sums(self, n_cand: int, ci: np.ndarray, bi: np.ndarray, areas: np.ndarray,
                  rows: np.ndarray) -> np.ndarray:
        """For the candidates ``rows``: the sum of a row of every placed box's area shared with
        it, zeros included, in box order (as numpy sums it: pairwise, so the zeros' places count)."""
        where = np.full(n_cand, -1)
        where[rows] = np.arange(len(rows))
        mine = where[ci] >= 0
        full = np.zeros((len(rows), self._n))
        full[where[ci[mine]], bi[mine]] = areas[mine]
        return full.sum(axis=1)

    def _overlap(self, cand: np.ndarray) -> np.ndarray:
        """Per candidate, the area it shares with the placed boxes (grown by the gap), summed
        over every placed box. Pairs that do not touch give exact zeros, so only the touching
        ones are computed; the sum still runs over the whole row in box order (same float sum)."""
        ci, bi, areas = self._touching_areas(cand)
        return self._row_sums(len(cand), ci, bi, areas, np.arange(len(cand)))

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
        # np.maximum(v, 0) is what np.clip(v, 0, None) computes, without its wrappers
        w = np.maximum(np.minimum(cand[:, 2], bx.x1) - np.maximum(cand[:, 0], bx.x0), 0)
        h = np.maximum(np.minimum(cand[:, 3], bx.y1) - np.maximum(cand[:, 1], bx.y0), 0)
        return (area - w * h) * 10.0  # leaving the map is worse than touching a label


class _Bounds:
    """What the least-cost search knows of each candidate: bounds of its cost (none yet: low and
    high infinite), its ambiguity where measured, and the touching pairs found."""

    def __init__(self, n: int, slack: float) -> None:
        self.slack = slack
        self.low, self.high = np.full(n, np.inf), np.full(n, np.inf)
        self.ambiguity = np.zeros(n)
        self.measured = np.zeros(n, dtype=bool)
        self._pairs: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []

    def add_pairs(self, ci: np.ndarray, bi: np.ndarray, areas: np.ndarray) -> None:
        self._pairs.append((ci, bi, areas))

    def pairs(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return tuple(np.concatenate(parts) for parts in zip(*self._pairs))
