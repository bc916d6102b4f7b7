"""The PostgreSQL test server's refusals: where none can be started the PostgreSQL tests skip with
the reason and how to enable them, and CI (FLEETWRIGHT_REQUIRE_POSTGRES=1) fails them instead."""

from __future__ import annotations

import pytest

from tests import conftest, pg_server


def test_without_initdb_the_reason_says_what_to_install(monkeypatch):
    monkeypatch.delenv("FLEETWRIGHT_TEST_POSTGRES", raising=False)
    monkeypatch.setattr(pg_server.shutil, "which", lambda name: None)
    monkeypatch.setattr(pg_server.glob, "glob", lambda pattern: [])
    with pytest.raises(pg_server.Unavailable) as caught:
        pg_server.start()
    assert str(caught.value).startswith("initdb not found")
    assert "apt-get install postgresql" in str(caught.value) and "FLEETWRIGHT_TEST_POSTGRES=" in str(caught.value)


def test_an_unavailable_server_skips_with_the_reason_unless_it_is_required(monkeypatch):
    monkeypatch.setattr(conftest, "REQUIRED", False)
    monkeypatch.setattr(conftest, "_skipped", [])
    with pytest.raises(pytest.skip.Exception, match="PostgreSQL tests skipped: initdb not found"):
        conftest._unavailable("initdb not found")
    assert conftest._skipped == ["initdb not found"]  # said again at the end of the run
    monkeypatch.setattr(conftest, "REQUIRED", True)
    with pytest.raises(pytest.fail.Exception, match="PostgreSQL tests cannot run: initdb not found"):
        conftest._unavailable("initdb not found")


def test_an_existing_server_is_used_as_given(monkeypatch):
    monkeypatch.setenv("FLEETWRIGHT_TEST_POSTGRES", "postgresql://u:p@db:5432/postgres")
    server = pg_server.start()
    assert (server.admin_url, server.folder) == ("postgresql://u:p@db:5432/postgres", None)
    assert server.url("fw_1") == "postgresql://u:p@db:5432/fw_1"
    monkeypatch.setenv("FLEETWRIGHT_TEST_POSTGRES", "postgresql://u@db/postgres?sslmode=require")
    assert pg_server.start().url("fw_2") == "postgresql://u@db/fw_2?sslmode=require"
    server.stop()  # someone else's: left running
