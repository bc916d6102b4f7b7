"""An orders step that names who acts and which order kinds it takes (issue 12: "who acts … which
order kinds are allowed"), as an impulse is one power's action: the rest are refused before anything
is read, and what the step allows still reaches the rules."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.engine.steps import ORDERS, Step, Wording
from bot.scenarios import load_shipped_scenario
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.store import open_repository

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def demo_order(clan: str) -> dict:
    return load_shipped_scenario("seto-demo").file.orders[clan][0]


@pytest.fixture
async def restricted(database, steps, monkeypatch):
    """Turn 3 opens with an orders step only Mōri acts in, taking only the kind of its first demo order."""
    kind = demo_order("mori")["kind"]
    monkeypatch.setattr(steps, "first", lambda state, settings: Step(
        kind=ORDERS, label=Wording(msgid="Mōri's impulse"), actors=["mori"], order_kinds=[kind]))
    repo = await open_repository(database)
    service = CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    campaign = await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.open_turn(campaign.id, "in 48h")
    yield service, campaign.id, kind
    await repo.close()


async def test_a_faction_not_acting_in_the_step_is_refused_and_nothing_is_stored(restricted):
    service, cid, _ = restricted
    with pytest.raises(UserError, match=r"^Turn 3 of Seto 1560 is not your clan's to order in"):
        await service.submit_order(cid, "otomo", demo_order("otomo"))
    assert await service.repo.list_orders(cid, 3) == []


async def test_an_order_kind_the_step_does_not_take_is_refused_naming_the_kinds_it_takes(restricted):
    service, cid, kind = restricted
    other = next(p for p in load_shipped_scenario("seto-demo").file.orders["mori"] if p["kind"] != kind)
    with pytest.raises(UserError, match=rf"^Turn 3 of Seto 1560 takes only these orders: {kind}$"):
        await service.submit_order(cid, "mori", other, moderator=True)  # a moderator's too: the rules' limit
    assert await service.repo.list_orders(cid, 3) == []


async def test_the_acting_faction_orders_what_the_step_takes(restricted):
    service, cid, kind = restricted
    receipt = await service.submit_order(cid, "mori", demo_order("mori"))
    assert receipt.order.payload["kind"] == kind
    assert [o.faction for o in await service.repo.list_orders(cid, 3)] == ["mori"]
