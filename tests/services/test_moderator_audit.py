"""CampaignService.moderator_edit and the audit log: the state change and its
entry are one transaction; a refused or failed edit leaves neither."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.services.audit import Moderator
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.store import StoreError, open_repository, sqlite_audit

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
MOD = Moderator(42, "Harbourmaster")


@pytest.fixture
async def service(database):
    repo = await open_repository(database)
    yield CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    await repo.close()


@pytest.fixture
async def campaign(service):
    campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.open_turn(campaign.id)
    return campaign


async def squadron(service, campaign, unit: str) -> dict:
    return (await service.repo.load_state(campaign.id)).state["squadrons"][unit]


async def test_an_edit_changes_the_state_and_logs_who_when_what_and_why(service, campaign):
    payload = {"kind": "unit_edit", "id": "mori-kodama", "damage": 3, "reason": "loss roll misread"}
    text = await service.moderator_edit(campaign.id, payload, MOD)
    assert (await squadron(service, campaign, "mori-kodama"))["damage"] == 3
    (entry,) = await service.audit_log(campaign.id)
    assert entry.model_dump(exclude={"seq", "campaign_id"}) == {
        "at": "2026-11-29T12:00:00+00:00", "turn": 3, "phase": "planning", "actor_id": 42,
        "actor_name": "Harbourmaster", "kind": "unit_edit", "payload": payload,
        "description": "Squadron Kodama-2 (`mori-kodama`) of Mōri: damage 1 → 3.", "reason": "loss roll misread",
        "subjects": ["mori", "mori-kodama"]}
    assert text.startswith(entry.description + " Turn 3 is open: this applies from its resolution")


async def test_a_refused_edit_changes_nothing_and_logs_nothing(service, campaign):
    before = (await service.repo.load_state(campaign.id)).state
    with pytest.raises(UserError, match=r"^Refused: damage: 7; damage runs from 0 to 5.*\(S8.4.3, OP-35\)$"):
        await service.moderator_edit(campaign.id, {"kind": "unit_edit", "id": "mori-kodama", "damage": 7,
                                                   "reason": "x"}, MOD)
    with pytest.raises(UserError, match=r"^Refused: reason: a unit correction needs a reason"):
        await service.moderator_edit(campaign.id, {"kind": "unit_edit", "id": "mori-kodama", "damage": 2}, MOD)
    assert (await service.repo.load_state(campaign.id)).state == before
    assert await service.audit_log(campaign.id) == []


async def test_an_edit_whose_log_entry_fails_leaves_the_state_as_it_was(service, campaign, monkeypatch,
                                                                       driver_error):
    async def broken_insert(db, entry):
        raise driver_error("disk I/O error")

    monkeypatch.setattr(sqlite_audit, "insert", broken_insert)
    with pytest.raises(StoreError, match="nothing was changed") as failed:
        await service.moderator_edit(campaign.id, {"kind": "unit_edit", "id": "mori-kodama", "damage": 3,
                                                   "reason": "x"}, MOD)
    assert "disk I/O error" in failed.value.detail  # the database's words are for the log
    assert (await squadron(service, campaign, "mori-kodama"))["damage"] == 1  # the state write was rolled back
    monkeypatch.undo()
    assert await service.audit_log(campaign.id) == []


async def test_the_log_is_newest_first_and_filters_by_clan_or_unit(service, campaign):
    await service.moderator_edit(campaign.id, {"kind": "weather", "storm": True})  # the command line
    await service.moderator_edit(campaign.id, {"kind": "unit_edit", "id": "otomo-usuki", "experience": 2,
                                               "reason": "won at Iyo"}, MOD)
    await service.moderator_edit(campaign.id, {"kind": "treasury", "clan": "mori", "rice": 5}, MOD)
    log = await service.audit_log(campaign.id)
    assert [(e.kind, e.actor_id, e.actor_name) for e in log] == [
        ("treasury", 42, "Harbourmaster"), ("unit_edit", 42, "Harbourmaster"), ("weather", None, "command line")]
    assert [e.kind for e in await service.audit_log(campaign.id, subject="otomo")] == ["unit_edit"]
    assert [e.kind for e in await service.audit_log(campaign.id, subject="mori")] == ["treasury"]
    assert [e.kind for e in await service.audit_log(campaign.id, limit=1)] == ["treasury"]


async def test_the_roster_lists_every_unit_whatever_its_state(service, campaign):
    await service.moderator_edit(campaign.id, {"kind": "unit_edit", "id": "mori-kodama", "state": "destroyed",
                                               "reason": "sunk"}, MOD)
    roster = await service.roster(campaign.id)
    assert {"id": "mori-kodama", "name": "Kodama-2", "kind": "squadron", "owner": "mori",
            "state": "destroyed"} in roster["units"]
    assert {"id": "mori-kobayakawa-hd", "name": "mori-kobayakawa-hd", "kind": "heavy_detachment",
            "owner": "mori", "state": "active"} in roster["units"]
    assert "mori-kodama" not in [u.id for u in await service.units(campaign.id, None)]  # players' lists: active
