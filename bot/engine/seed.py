"""Seed commitment: the SHA-256 of a turn's secret seed is public from the
start of planning; the seed itself is revealed with the report, so anyone can
check that the dice were fixed before the orders were in."""

from __future__ import annotations

import hashlib


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def verify(seed: str, published_commitment: str) -> bool:
    return commitment(seed) == published_commitment.lower()
