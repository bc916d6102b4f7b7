"""The raster fields that the rulesets' map-art generators share (each ruleset draws its sheets'
art offline, beside its map file): smooth value noise to roughen a coast, and a fast
near-Gaussian blur.  Numbers only (numpy): each generator decides what they become."""

from __future__ import annotations

import numpy as np


def value_noise(height: int, width: int, cells: int, seed: int) -> np.ndarray:
    """Smooth value noise in [-1, 1]: a coarse grid of fixed random values (``seed``: the same map
    always gives the same picture), bilinearly enlarged; ``cells`` across the width."""
    rng = np.random.default_rng(seed)
    gh, gw = cells * height // width + 2, cells + 2
    grid = rng.uniform(-1, 1, (gh, gw))
    yi = np.linspace(0, gh - 1.001, height)
    xi = np.linspace(0, gw - 1.001, width)
    y0, x0 = yi.astype(int), xi.astype(int)
    ty, tx = (yi - y0)[:, None], (xi - x0)[None, :]
    top = grid[y0][:, x0] * (1 - tx) + grid[y0][:, x0 + 1] * tx
    bottom = grid[y0 + 1][:, x0] * (1 - tx) + grid[y0 + 1][:, x0 + 1] * tx
    return top * (1 - ty) + bottom * ty


def box_blur(a: np.ndarray, r: int) -> np.ndarray:
    """Box blur, three passes (close to a Gaussian), along both axes."""
    out = a.astype(np.float32)
    for axis in (0, 1):
        for _ in range(3):
            pad = [(0, 0), (0, 0)]
            pad[axis] = (r + 1, r)
            c = np.cumsum(np.pad(out, pad, mode="edge"), axis=axis)
            hi = np.take(c, np.arange(2 * r + 1, c.shape[axis]), axis=axis)
            lo = np.take(c, np.arange(0, c.shape[axis] - 2 * r - 1), axis=axis)
            out = (hi - lo) / (2 * r + 1)
    return out
