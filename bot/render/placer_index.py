"""The placer's spatial index (issue 18): which placed boxes a candidate can touch, found through
square buckets (``BucketGrid``) and decided for most candidates by a fine raster of counts
(``CountRaster``), with the same answers as a test against every box (tests/render/test_render_speed.py)."""

from __future__ import annotations

import numpy as np

from bot.render.geometry import Box


class BucketGrid:
    """Square buckets over the placer's bounds (what lies beyond falls in the edge buckets),
    each listing the boxes that reach into it.

    A box and a candidate whose extents overlap share a point, and so the bucket holding it:
    ``floor(x / CELL)`` never decreases as x grows (division rounds monotonically), and
    clipping to the grid keeps that. So the pairs that share a bucket hold every pair that
    touches; the exact test (``Placer._touch_pairs``) then decides.
    """

    CELL = 32.0  # layout units: about a badge's height; a card spans a few buckets

    def __init__(self, bounds: Box) -> None:
        self.x0, self.y0 = bounds.x0, bounds.y0
        self.nx = max(1, int((bounds.x1 - bounds.x0) // self.CELL) + 1)
        self.ny = max(1, int((bounds.y1 - bounds.y0) // self.CELL) + 1)
        self.start = np.zeros(self.nx * self.ny + 1, dtype=np.intp)
        self.members = np.zeros(0, dtype=np.intp)  # box indices, bucket by bucket

    def _col(self, v: np.ndarray, n: int) -> np.ndarray:
        return np.minimum(np.maximum(np.floor(v / self.CELL), 0), n - 1).astype(np.intp)

    def _cells(self, x0, y0, x1, y1) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return self._col(x0 - self.x0, self.nx), self._col(y0 - self.y0, self.ny), \
            self._col(x1 - self.x0, self.nx), self._col(y1 - self.y0, self.ny)

    def bucket(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """The bucket of each point."""
        return self._col(y - self.y0, self.ny) * self.nx + self._col(x - self.x0, self.nx)

    def _spread(self, x0, y0, x1, y1) -> tuple[np.ndarray, np.ndarray]:
        """(owner, bucket): every bucket each extent reaches into."""
        cx0, cy0, cx1, cy1 = self._cells(x0, y0, x1, y1)
        wide = np.maximum(cx1 - cx0 + 1, 0)
        count = wide * np.maximum(cy1 - cy0 + 1, 0)  # none for an extent upside down: it touches nothing
        owner, k = _ragged(count)
        row = cy0[owner] + k // wide[owner]
        return owner, row * self.nx + cx0[owner] + k % wide[owner]

    def build(self, boxes: np.ndarray) -> None:
        owner, bucket = self._spread(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3])
        order = np.argsort(bucket, kind="stable")
        self.members = owner[order]
        self.start = np.zeros(self.nx * self.ny + 1, dtype=np.intp)
        np.cumsum(np.bincount(bucket, minlength=self.nx * self.ny), out=self.start[1:])

    def query(self, x0, y0, x1, y1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(extent, box, bucket) of each pair that shares a bucket, per bucket they share."""
        owner, bucket = self._spread(x0, y0, x1, y1)
        first, count = self.start[bucket], self.start[bucket + 1] - self.start[bucket]
        which, k = _ragged(count)
        return owner[which], self.members[first[which] + k], bucket[which]


class CountRaster:
    """Two rasters of small square cells over the placer's bounds that settle most candidates
    without looking at a box, kept as one stack of summed-area tables (the sum over a rectangle:
    four look-ups); each cell counts boxes. With ``f(v)`` the number of cell edges below v, less
    one (it never decreases as v grows):

    - *reached* (table 0): the cells from ``f(lo)`` to ``f(hi)`` of each box, clipped to the
      raster. A box and a candidate that touch share a point, so they share its cell: a
      candidate that reaches no reached cell touches no box.
    - *inside* (table 1): the cells from ``f(lo) + 1`` to ``f(hi) - 1`` of a box, those whose
      edges (as floats) lie within it, lo <= edge < edge < hi. A candidate (grown by the gap)
      that holds such a cell too touches that box: each of the test's strict comparisons
      follows from the cell's two edges, which lie between the candidate's and the box's.
    """

    CELL = 4.0  # layout units
    MARGIN = 64.0  # beyond the bounds: boxes and candidates reach a little out

    def __init__(self, bounds: Box) -> None:
        nx = int((bounds.x1 - bounds.x0 + 2 * self.MARGIN) // self.CELL) + 1
        ny = int((bounds.y1 - bounds.y0 + 2 * self.MARGIN) // self.CELL) + 1
        self.xs = (bounds.x0 - self.MARGIN) + self.CELL * np.arange(nx + 1)  # cell edges
        self.ys = (bounds.y0 - self.MARGIN) + self.CELL * np.arange(ny + 1)
        self.cells = np.zeros((2, ny, nx), dtype=np.int32)  # boxes that reach each cell, that hold it
        self.tables = _tables(self.cells)
        # Under every cell's area (its edges are floats: not quite CELL apart everywhere)
        self.least_cell_area = float(np.diff(self.xs).min() * np.diff(self.ys).min()) * (1 - 1e-12)

    @staticmethod
    def _ranges(edges: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per extent, the first and last cell it reaches, then the first and last it holds,
        stacked: (2n,) each (first > last: none)."""
        f = np.searchsorted(edges, np.concatenate([lo, hi]), side="left") - 1
        n = len(lo)
        reach = np.minimum(np.maximum(f, 0), len(edges) - 2)
        return np.concatenate([reach[:n], f[:n] + 1]), np.concatenate([reach[n:], f[n:] - 1])

    def paint(self, boxes: np.ndarray) -> None:
        """Add these boxes to both bitmaps (each cell counts the boxes that reach it, that hold it)."""
        x0, y0, x1, y1 = boxes.T
        (i0, i1), (j0, j1) = self._ranges(self.xs, x0, x1), self._ranges(self.ys, y0, y1)
        k = np.repeat([0, 1], len(boxes))
        wide = np.maximum(i1 - i0 + 1, 0)
        owner, m = _ragged(wide * np.maximum(j1 - j0 + 1, 0))  # none where a range is empty
        _, ny, nx = self.cells.shape
        flat = (k[owner] * ny + j0[owner] + m // wide[owner]) * nx + i0[owner] + m % wide[owner]
        self.cells += np.bincount(flat, minlength=self.cells.size).reshape(self.cells.shape).astype(np.int32)
        self.tables = _tables(self.cells)

    def query(self, x0, y0, x1, y1) -> tuple[np.ndarray, np.ndarray]:
        """Per extent: whether it reaches a reached cell, and the sum of the counts of the inside
        cells it holds (how many boxes hold each)."""
        (i0, i1), (j0, j1) = self._ranges(self.xs, x0, x1), self._ranges(self.ys, y0, y1)
        ok = (i1 >= i0) & (j1 >= j0)  # then every index is on the raster (else the sum is dropped)
        _, ny, nx = self.cells.shape
        flat, wide = self.tables.ravel(), nx + 1
        plane = np.repeat([0, (ny + 1) * wide], len(x0))
        below, above, right = plane + j0 * wide, plane + (j1 + 1) * wide, i1 + 1
        total = (flat.take(above + right, mode="clip") - flat.take(below + right, mode="clip")
                 - flat.take(above + i0, mode="clip") + flat.take(below + i0, mode="clip"))
        total = np.where(ok, total, 0)
        return total[:len(x0)] > 0, total[len(x0):]


def _tables(cells: np.ndarray) -> np.ndarray:
    """The summed-area tables: ``table[k, j, i]`` sums bitmap k's counts in rows < j, columns < i."""
    tables = np.zeros((cells.shape[0], cells.shape[1] + 1, cells.shape[2] + 1), dtype=np.int64)
    np.cumsum(np.cumsum(cells, axis=1, dtype=np.int64), axis=2, out=tables[:, 1:, 1:])
    return tables


def _ragged(count: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For ``count[i]`` items of each i: (i, index within i's) of every item, in order."""
    owner = np.repeat(np.arange(len(count)), count)
    starts = np.cumsum(count) - count
    return owner, np.arange(len(owner)) - starts[owner]
