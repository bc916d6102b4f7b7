"""Resolutions of the synthetic campaigns give the same bytes as before the resolution was made
faster (issue 18): the final state's JSON and every event's JSON, hashed, under several seeds,
against fingerprints recorded from the code before (bench/resolution_hashes.json).  L (1,000
units) is checked by ``python bench/resolution_hashes.py --check --sizes L``."""

from __future__ import annotations

import pytest

from bench.resolution_hashes import SEEDS, fingerprint, recorded


@pytest.mark.parametrize("size", ["S", "M", "ML"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_resolution_gives_the_recorded_state_and_events(size, seed):
    assert fingerprint(size, seed) == recorded()[size][seed]
