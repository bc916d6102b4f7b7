"""Fixtures for store tests: a repository on a fresh store (once on SQLite, once on PostgreSQL:
tests/conftest.py), and a small campaign with an open turn.  ``db_path`` is for the tests of
SQLite's own files (migrations of old files, pragmas, damaged files)."""

from __future__ import annotations

import copy

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.domain.campaign import Campaign, Faction, Phase
from bot.engine.dice import Roll
from bot.engine.seed import commitment
from bot.store.repository import ResolutionRecord
from bot.store import Repository, open_repository

SEED = "turn-one-secret"

# Deliberately unsorted keys, non-ASCII text and floats: the store must keep
# all of them exactly.
STATE = {
    "units": {"zeta": {"kind": "squadron", "at": "Seto", "damage": 0.5},
              "alpha": {"kind": "trade", "at": "厳島", "cargo": [1, 2, 3]}},
    "control": {"Seto": "mori", "Aki": None},
    "note": "Кобаякава",
}
SETTINGS = {"battle_rounds": 3, "piracy": True}


def make_campaign(guild_id: int = 42) -> Campaign:
    return Campaign(
        guild_id=guild_id, name="Itsukushima 1555", ruleset="sengoku", map_id="seto",
        scenario="itsukushima", phase=Phase.SETUP, report_channel_id=1001,
        moderator_role_id=2002, deadline="2025-01-31T18:00:00Z",
        factions=[Faction(id="mori", name="Mōri", colour="#aa0000", role_id=11, channel_id=12),
                  Faction(id="sue", name="Sue", role_id=21)],
    )


async def raw_state_text(repo, campaign_id: int) -> str:
    """The stored JSON text itself, read past the repository's methods (on either backend)."""
    rows = await raw_rows(repo, "SELECT state_json FROM campaign_state WHERE campaign_id = ?", campaign_id)
    return rows[0][0]


async def raw_rows(repo, sql: str, *params) -> list:
    """Rows of a query of the store's own SQL, run in one of the repository's units of work."""
    async with repo._unit() as db:
        return list(await db.execute_fetchall(sql, params))


def resolution_for(campaign_id: int, turn: int, before: dict, orders: list,
                   seed: str = SEED) -> ResolutionRecord:
    after = {**before, "units": {"zeta": {"kind": "squadron", "at": "Aki", "damage": 1.5}},
             "turn_done": turn}
    return ResolutionRecord(
        campaign_id=campaign_id, turn=turn, seed=seed, before_state=before, after_state=after,
        orders=orders,
        dice=[Roll(key="battle:zeta:r1", expr="2d6", faces=(3, 5), total=8)],
        events=[{"type": "moved", "unit": "zeta", "to": "Aki", "visibility": ["public"]}],
        report={"public": "Zeta sailed to Aki.", "mori": "Your squadron arrived."},
    )


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "campaigns.db"


@pytest.fixture
async def repo(database: str) -> AsyncIterator[Repository]:
    """A repository on a fresh store, once on each backend."""
    async with await open_repository(database) as repository:
        yield repository


@pytest.fixture
async def campaign(repo: Repository) -> Campaign:
    """A stored campaign whose turn 1 is open for planning."""
    stored = await repo.create_campaign(make_campaign(), SETTINGS, STATE)
    await repo.open_turn(stored.id, 1, SEED, commitment(SEED), note="first turn")
    return stored


def with_secret(data: dict) -> dict:
    """What the service's import does first: a new secret for the open turn, which no export carries."""
    data = copy.deepcopy(data)
    for turn in data["turns"]:
        if turn["status"] != "resolved":
            turn.update(seed="new-seed", commitment=commitment("new-seed"))
    return data
