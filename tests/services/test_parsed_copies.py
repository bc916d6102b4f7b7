"""The parsed copies of a campaign's state, settings and orders that a service keeps between
commands (bot/services/parsed.py, issue 18): keyed by the stored text, so never stale — after a
moderator's edit, another bot process's write, a resolution, a hand edit of the database — and
never changed by a reader (check mode, on in the tests: tests/conftest.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel

from bot.plugins import get_ruleset
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.services.parsed import CopyChanged, ParsedCache
from bot.store import StateText, open_repository
from tests.services.test_campaign_service import NOW, submit_demo_orders

IDLE = {"kind": "sq_idle", "unit": "mori-kurushima"}
CRUISE = {"kind": "sq_cruise", "unit": "mori-kurushima", "target": "buzen", "stake": "low"}
CEDED = {"kind": "unit_edit", "id": "mori-kurushima", "owner": "otomo", "base_port": "funai",
         "reason": "ceded by treaty"}


@pytest.fixture
async def two(database):
    """Two bot processes' services on one campaign database (two connections, two caches), turn 3 open."""
    first = CampaignService(await open_repository(database), clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    campaign = await first.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await first.open_turn(campaign.id, "in 48h")
    second = CampaignService(await open_repository(database), clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    yield first, second, campaign.id
    await first.repo.close()
    await second.repo.close()


async def test_an_edit_is_seen_by_the_next_order(two):
    first, _, cid = two
    await first.submit_order(cid, "mori", IDLE)  # its copies are kept now
    await first.moderator_edit(cid, CEDED)
    with pytest.raises(UserError, match="your clan has no unit"):
        await first.submit_order(cid, "mori", IDLE)
    assert (await first.submit_order(cid, "otomo", IDLE)).order.faction == "otomo"


async def test_another_processs_edit_is_seen_by_the_next_order(two):
    first, second, cid = two
    await first.submit_order(cid, "mori", IDLE)
    await second.moderator_edit(cid, CEDED)
    with pytest.raises(UserError, match="your clan has no unit"):
        await first.submit_order(cid, "mori", IDLE)
    assert "mori-kurushima" in {u.id for u in await first.units(cid, "otomo")}


async def test_another_processs_setting_is_seen(two):
    first, second, cid = two
    campaign = await first.campaign(cid)
    _, _, settings, _ = await first._loaded(campaign)
    assert settings.stake_target.high == 10
    await second.set_setting(cid, "stake_target.high", "9")
    _, _, settings, _ = await first._loaded(campaign)
    assert settings.stake_target.high == 9


async def test_a_hand_edit_of_the_stored_text_is_seen(two):
    """Nothing but the text is trusted: a change made past the bot (SQL) is read at the next order."""
    first, _, cid = two
    await first.submit_order(cid, "mori", IDLE)
    state = (await first.repo.load_state(cid)).state
    state["squadrons"]["mori-kurushima"]["owner"] = "otomo"
    async with first.repo._unit(write=True) as db:
        await db.execute("UPDATE campaign_state SET state_json = ? WHERE campaign_id = ?", (json.dumps(state), cid))
    with pytest.raises(UserError, match="your clan has no unit"):
        await first.submit_order(cid, "mori", IDLE)


async def test_an_order_changed_in_place_is_read_anew(two):
    """Same slot, same seq, another text (an edit past the bot): the kept copy of the order is not used."""
    first, _, cid = two
    await first.submit_order(cid, "mori", CRUISE)
    await first.submit_order(cid, "otomo", {"kind": "sq_idle", "unit": "otomo-wakabayashi"})  # the orders are kept
    async with first.repo._unit(write=True) as db:
        await db.execute("UPDATE orders SET payload_json = ? WHERE campaign_id = ? AND unit = ?",
                         (json.dumps(dict(CRUISE, target="iyo")), cid, "unit:mori-kurushima"))
    receipt = await first.submit_order(cid, "mori", IDLE)
    assert receipt.replaced is not None and "Iyo" in receipt.replaced and "Buzen" not in receipt.replaced


async def test_after_a_resolution_the_copy_is_the_new_state(two):
    first, second, cid = two
    await submit_demo_orders(first, cid)
    campaign = await first.campaign(cid)
    _, before, _, _ = await first._loaded(campaign)
    await second.resolve_turn(cid)
    campaign = await first.campaign(cid)
    ruleset, after, _, _ = await first._loaded(campaign)
    stored = ruleset.state_model.model_validate((await first.repo.load_state(cid)).state)
    assert after.model_dump(mode="json") == stored.model_dump(mode="json")
    assert after.model_dump(mode="json") != before.model_dump(mode="json")


async def test_another_processs_order_is_the_one_replaced(two):
    """The orders too are parsed once per stored row: one replaced or withdrawn elsewhere is read anew."""
    first, second, cid = two
    await first.submit_order(cid, "mori", IDLE)
    await second.submit_order(cid, "mori", CRUISE)
    receipt = await first.submit_order(cid, "mori", IDLE)
    assert receipt.replaced is not None and "Buzen" in receipt.replaced
    await second.clear_order(cid, "mori", "unit:mori-kurushima")
    assert (await first.submit_order(cid, "mori", IDLE)).replaced is None


async def test_a_submission_reads_in_one_unit_of_work_and_writes_in_one(two, monkeypatch):
    """It read the campaign, its step, its state and its orders in four units of work (19 statements on
    SQLite, each a hop to aiosqlite's thread); now one read and the write."""
    first, _, cid = two
    await first.submit_order(cid, "mori", IDLE)
    units, unit = [], first.repo._unit

    def counted(*args, **kwargs):
        units.append(kwargs.get("write", args[0] if args else False))
        return unit(*args, **kwargs)

    monkeypatch.setattr(first.repo, "_unit", counted)
    await first.submit_order(cid, "mori", CRUISE)
    assert units == [False, True]


async def test_a_reader_that_changes_the_shared_state_fails_loudly(two):
    first, _, cid = two
    campaign = await first.campaign(cid)
    _, state, _, _ = await first._loaded(campaign)
    state.squadrons["mori-kurushima"].damage = 3  # a reader must copy before it changes anything
    with pytest.raises(CopyChanged, match=f"a reader changed the shared parsed state or settings of campaign {cid}"):
        await first._loaded(campaign)


async def test_a_reader_that_changes_a_shared_order_fails_loudly(two):
    first, _, cid = two
    stored = (await first.submit_order(cid, "mori", CRUISE)).order
    desk = await first.repo.order_desk(cid)
    [order] = first.parsed.orders(cid, desk.orders)
    order.payload["stake"] = "high"
    with pytest.raises(CopyChanged, match=f"the order for {stored.unit} of campaign {cid}"):
        first.parsed.orders(cid, desk.orders)


async def test_a_campaign_that_is_not_there_is_refused_as_before(two):
    first, _, _ = two
    with pytest.raises(UserError, match="there is no campaign #99"):
        await first.submit_order(99, "mori", IDLE)


def test_the_copies_kept_stay_within_their_budget():
    cache = ParsedCache(budget=30)

    def parse(settings, state):
        return _Model(value=state), _Model(value=settings)

    for cid in (1, 2, 3):
        cache.state(cid, "r", StateText(settings="{}", state='{"a": 1}'), parse)  # 10 characters each
    cache.state(1, "r", StateText(settings="{}", state='{"a": 1}'), parse)  # used last: kept
    cache.state(4, "r", StateText(settings="{}", state='{"a": 2}'), parse)
    assert list(cache._campaigns) == [3, 1, 4]  # 2, the least recently used, went


class _Model(BaseModel):
    value: Any


async def test_orders_show_takes_the_roster_once_not_once_per_order(two, monkeypatch):
    """Whether each order's unit is still there was the whole roster, worked out once per order
    (~8 ms each at 1,000 units); now once per stored state."""
    first, _, cid = two
    for faction, payload in [("mori", IDLE), ("mori", {"kind": "sq_idle", "unit": "mori-kodama"}),
                             ("otomo", {"kind": "sq_idle", "unit": "otomo-usuki"})]:
        await first.submit_order(cid, faction, payload)
    ruleset_class, calls = type(get_ruleset("sengoku")), []
    roster = ruleset_class.roster
    monkeypatch.setattr(ruleset_class, "roster", lambda self, state: calls.append(1) or roster(self, state))
    await first.moderator_edit(cid, {"kind": "weather", "storm": True})  # a new state: nothing derived yet
    calls.clear()
    assert len(await first.order_lines(cid, None)) == 3
    assert len(calls) == 1
