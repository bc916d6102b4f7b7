"""Opening bad files and using a closed store fail with a StoreError that
names the file and says what to do, never a bare sqlite3 traceback."""

from __future__ import annotations

import os
import sqlite3

import pytest

from bot.store import open_repository
from bot.store.errors import StoreError
from bot.store.sqlite import SqliteRepository


async def test_corrupt_file(tmp_path):
    path = tmp_path / "campaign.db"
    path.write_bytes(os.urandom(4096))
    with pytest.raises(StoreError) as caught:
        await SqliteRepository.open(path)
    message = str(caught.value)
    assert message.startswith(f"cannot open campaign database {path}: ")
    assert "not a database" in message
    assert "restore it from a backup" in message
    assert isinstance(caught.value.__cause__, sqlite3.DatabaseError)


async def test_unreadable_path(tmp_path):
    path = tmp_path / "no-such-folder" / "campaign.db"
    with pytest.raises(StoreError, match=f"cannot open campaign database {path}: .*folder"):
        await SqliteRepository.open(path)


async def test_directory_instead_of_file(tmp_path):
    with pytest.raises(StoreError, match=f"cannot open campaign database {tmp_path}"):
        await SqliteRepository.open(tmp_path)


async def test_closed_repository(db_path):
    repo = await SqliteRepository.open(db_path)
    await repo.close()
    await repo.close()  # closing twice is harmless
    with pytest.raises(StoreError, match="is closed"):
        await repo.get_campaign(1)


async def test_open_repository_by_url(tmp_path):
    repo = await open_repository(f"sqlite:///{tmp_path}/x.db")
    async with repo:
        assert await repo.campaigns_in_guild(1) == []
    assert (tmp_path / "x.db").exists()
    with pytest.raises(StoreError, match="unsupported campaign store 'mysql'.*postgresql://"):
        await open_repository("mysql://db/fleet")
