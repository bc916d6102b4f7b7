"""What an order submission reads in one unit of work (``order_desk``, issue 18) is what the
separate reads give, on both backends; the text reads are the stored text itself."""

from __future__ import annotations

import json

from bot.store import StateText
from tests.store.conftest import STATE, raw_state_text, resolution_for
from tests.store.test_steps_store import at_step_two


async def test_the_desk_is_what_the_separate_reads_give(repo, campaign):
    await repo.put_order(campaign.id, 1, "sue", "unit:alpha", {"kind": "trade", "to": "厳島"})
    await repo.put_order(campaign.id, 1, "mori", "unit:zeta", {"kind": "move", "to": "Aki"})
    desk = await repo.order_desk(campaign.id)
    assert desk.campaign == await repo.get_campaign(campaign.id)
    assert desk.step is None  # a turn opened without a step row: its step 1 is an orders step
    assert desk.texts == StateText(settings=desk.texts.settings, state=await raw_state_text(repo, campaign.id))
    assert desk.texts == await repo.load_state_text(campaign.id)
    record = await repo.load_state(campaign.id)
    assert (json.loads(desk.texts.settings), json.loads(desk.texts.state)) == (record.settings, record.state)
    listed = await repo.list_orders(campaign.id, 1)
    assert [(f, u, s, json.loads(p)) for f, u, s, p in desk.orders] == [
        (o.faction, o.unit, o.seq, o.payload) for o in listed]
    assert [u for _, u, _, _ in desk.orders] == ["unit:alpha", "unit:zeta"]  # in submission order


async def test_the_desk_of_a_later_step_has_its_step_and_only_its_orders(repo, campaign):
    await at_step_two(repo, campaign)
    desk = await repo.order_desk(campaign.id)
    assert desk.step == await repo.get_step(campaign.id, 1, 2)
    assert [u for _, u, _, _ in desk.orders] == ["answer:q-sue"]  # the standing answer, not step 1's order


async def test_the_desk_after_a_resolution_is_the_next_turns(repo, campaign):
    order = await repo.put_order(campaign.id, 1, "mori", "unit:zeta", {"kind": "move", "to": "Aki"})
    await repo.commit_resolution(resolution_for(campaign.id, 1, STATE, [order]))
    desk = await repo.order_desk(campaign.id)
    assert (desk.campaign.turn, desk.orders) == (2, [])
    assert json.loads(desk.texts.state)["units"]["zeta"]["at"] == "Aki"


async def test_no_desk_for_a_campaign_that_is_not_there(repo):
    assert await repo.order_desk(404) is None
