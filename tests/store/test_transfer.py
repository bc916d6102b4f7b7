"""Export a whole campaign and import it again, here or in another file."""

from __future__ import annotations

import copy
import json

import pytest

from bot.engine.seed import commitment
from bot.store.errors import StoreError
from bot.store.repository import AuditEntry
from bot.store import open_repository

from .conftest import raw_state_text, resolution_for, with_secret


async def _played(repo, campaign):
    """A campaign one turn in: turn 1 resolved, turn 2 open with an order and a moderator's edit."""
    order = await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    state = (await repo.load_state(campaign.id)).state
    await repo.commit_resolution(resolution_for(campaign.id, 1, state, [order]))
    await repo.open_turn(campaign.id, 2, "seed-2", commitment("seed-2"))
    await repo.put_order(campaign.id, 2, "sue", "kobune", {"mission": "raid", "odds": 0.25})
    edited = {**(await repo.load_state(campaign.id)).state, "storm": True}
    await repo.save_state_audited(campaign.id, edited, AuditEntry(
        campaign_id=campaign.id, at="2026-03-01T12:00:00+00:00", turn=2, phase="planning", actor_id=2,
        actor_name="Кобаякава", kind="weather", payload={"kind": "weather", "storm": True, "reason": "typhoon"},
        description="Stormy weather is declared.", reason="typhoon", subjects=[]))


def _without_ids(export: dict) -> dict:
    data = copy.deepcopy(export)
    data["campaign"].pop("id")
    data["campaign"].pop("guild_id")
    return data


async def test_an_export_never_carries_an_unresolved_turns_secret(repo, campaign):
    await _played(repo, campaign)
    exported = await repo.export_campaign(campaign.id)
    assert [(t["turn"], t["status"], t["seed"]) for t in exported["turns"]] == [
        (1, "resolved", "turn-one-secret"), (2, "planning", None)]
    assert "seed-2" not in json.dumps(exported)
    with pytest.raises(StoreError, match="turn 2 is not resolved and carries no dice secret"):
        await repo.import_campaign(exported)


async def test_a_turn_record_never_shows_its_secret(repo, campaign):
    turn = await repo.get_turn(campaign.id, 1)
    assert turn.seed and turn.seed not in repr(turn) and turn.seed not in str(turn)


async def test_export_import_round_trip(repo, campaign, new_database):
    await _played(repo, campaign)
    exported = await repo.export_campaign(campaign.id)
    assert [(a["kind"], a["actor_name"], a["reason"]) for a in exported["audit"]] == [("weather", "Кобаякава",
                                                                                        "typhoon")]
    as_text = json.dumps(exported)  # an export is plain JSON

    async with await open_repository(new_database()) as other:
        imported = await other.import_campaign(with_secret(json.loads(as_text)), guild_id=777)
        assert imported.guild_id == 777
        original = await repo.get_campaign(campaign.id)
        assert imported.version == 0  # a new record: its own count of writes (not exported)
        assert imported.model_copy(update={"id": campaign.id, "guild_id": campaign.guild_id,
                                           "version": original.version}) == original
        again = await other.export_campaign(imported.id)
        expected = _without_ids(exported)
        expected["turns"][1]["commitment"] = commitment("new-seed")  # the open turn's new secret, not exported
        assert _without_ids(again) == expected
        assert await raw_state_text(other, imported.id) == await raw_state_text(repo, campaign.id)

        # The imported copy carries on: seq continues and undo still works.
        later = await other.put_order(imported.id, 2, "mori", "zeta", {})
        assert later.seq > max(o["seq"] for o in exported["orders"])


async def test_undo_after_import_restores_the_exact_before_state(repo, campaign):
    text_before = await raw_state_text(repo, campaign.id)
    order = await repo.put_order(campaign.id, 1, "mori", "zeta", {"mission": "patrol"})
    state = (await repo.load_state(campaign.id)).state
    await repo.commit_resolution(resolution_for(campaign.id, 1, state, [order]))

    copy_ = await repo.import_campaign(await repo.export_campaign(campaign.id))
    assert copy_.id != campaign.id
    assert copy_.guild_id == campaign.guild_id  # kept when no guild is given
    assert await repo.undo_last_resolution(copy_.id) == 1
    assert await raw_state_text(repo, copy_.id) == text_before


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(format="something.else"), r"format: Input should be"),
    (lambda d: d["campaign"].pop("name"), r"campaign\.name: Field required"),
    (lambda d: d["turns"][0].update(seed=None), r"turn 1 is resolved but its seed is missing"),
    (lambda d: d["turns"][0].update(seed="not-the-seed"), r"the seed of turn 1 does not match its commitment"),
    (lambda d: d.update(extra=1), r"extra: Extra inputs are not permitted"),
    (lambda d: d["orders"][0].update(turn=9), r"order for unit '\w+' is for turn 9"),
    (lambda d: d["resolutions"].clear(), r"turn 1 is marked resolved but has no resolution"),
    (lambda d: d["turns"].append(d["turns"][0]), r"turn 1 is listed twice"),
    (lambda d: d["campaign"].update(turn=1), r"turn 1 is resolved but the campaign is still"),
])
async def test_bad_imports_are_refused_clearly(repo, campaign, mutate, message):
    await _played(repo, campaign)
    data = await repo.export_campaign(campaign.id)
    data = with_secret(data)
    mutate(data)
    with pytest.raises(StoreError, match=message):
        await repo.import_campaign(data)
    assert len(await repo.campaigns_in_guild(campaign.guild_id)) == 1


async def test_import_of_something_else(repo):
    with pytest.raises(StoreError, match=r"not a valid campaign export: document: .*dictionary"):
        await repo.import_campaign(["not", "an", "export"])


async def test_export_of_missing_campaign(repo):
    with pytest.raises(StoreError, match="no campaign with id 5"):
        await repo.export_campaign(5)
