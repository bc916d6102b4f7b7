"""No stored order, however old or odd, stops a turn from resolving (S12.4): a standing cruise
or clan policy kept in the state that no longer reads or no longer holds, a submitted order
whose payload no longer parses or whose unit is gone — each falls back, and the clan is told
in its own report, the moderators in theirs; the public report says nothing of it."""

from __future__ import annotations

import pytest

from bot.services.campaigns import CampaignService
from bot.services.turns import TurnLifecycle
from bot.store import open_repository
from tests.services.test_turns import NOW

SQUADRON = "mori-akamagaseki"  # no order in the demo: its standing cruise would apply


@pytest.fixture
async def service(database):
    repo = await open_repository(database)
    service = CampaignService(repo, clock=lambda: NOW, seed_factory=lambda: "fixed-seed")
    await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)
    await service.open_turn(1)
    yield service
    await repo.close()


async def edit_state(service, change) -> None:
    """As an old import or a hand edit would leave it: written past the model."""
    state = (await service.repo.load_state(1)).state
    change(state)
    await service.repo.save_state(1, state)


def standing(cruise: dict):
    def change(state):
        state["squadrons"][SQUADRON].update(station="suo", location="suo", standing=cruise)
    return change


STANDING = [
    ({"kind": "sq_cruise", "unit": SQUADRON, "target": "suo", "formation": "wedge"},
     "the standing cruise order no longer reads (formation: Extra inputs are not permitted)"),
    ({"kind": "sq_cruise", "unit": SQUADRON, "target": "suo", "want_battle": "if morale > 3"},
     "want_battle: unknown fact 'morale'"),
    ({"kind": "sq_cruise", "unit": SQUADRON, "target": "atlantis"},
     "its target 'atlantis' is not a coastal province of this map (S12.4, SQ_CRUISE)"),
    ({"kind": "sq_cruise", "unit": "mori-kodama", "target": "suo"}, "the standing cruise order is not this squadron's"),
]


@pytest.mark.parametrize("cruise, reason", STANDING)
async def test_a_standing_cruise_that_no_longer_holds_falls_back_to_idle(service, cruise, reason):
    await edit_state(service, standing(cruise))
    outcome = await TurnLifecycle(service).resolve(1)
    notice = f"Order for Akamagaseki Guard (sq_cruise (standing)) could not be carried out: {reason}"
    assert notice in outcome.reports.factions["mori"] and notice in outcome.reports.moderators
    assert notice not in outcome.reports.public and notice not in outcome.reports.factions["otomo"]
    assert "It is idle instead." in outcome.reports.factions["mori"]
    after = outcome.data.after.squadrons[SQUADRON]
    assert (after.standing, after.station, (await service.campaign(1)).turn) == (None, None, 4)


@pytest.mark.parametrize("policy, reason", [
    ({"unit": "mori", "pairing_own_order": "bravest_first"}, "the standing clan policy no longer reads "
                                                             "(pairing_own_order: Input should be"),
    ({"unit": "mori", "multi_clan_priority": ["amago"]}, "multi_clan_priority names “amago”, which is not a clan"),
    ({"unit": "mori", "on_last_port_lost": "transfer", "transfer_to": "kono"},  # not at war with Kōno (any more)
     "transfer_to: squadrons can only be handed over to an enemy"),
])
async def test_a_standing_clan_policy_that_no_longer_holds_falls_back_to_the_default(service, policy, reason):
    await edit_state(service, lambda state: state["clan_policies"].update(mori=policy))
    outcome = await TurnLifecycle(service).resolve(1)
    notice = f"Order for Mōri (clan_policy (standing)) could not be carried out: {reason}"
    assert notice in outcome.reports.factions["mori"] and notice in outcome.reports.moderators
    assert notice not in outcome.reports.public
    assert "mori" not in outcome.data.after.clan_policies


async def test_stored_orders_that_no_longer_hold_fall_back_and_read_in_orders_show(service):
    repo = service.repo
    await repo.put_order(1, 3, "mori", f"unit:{SQUADRON}", {"kind": "sq_cruise", "unit": SQUADRON, "target": "suo",
                                                   "formation": "wedge"})  # stored by an older version
    await service.submit_order(1, "mori", {"kind": "tf_trade", "unit": "mori-akita-maru"})
    await service.moderator_edit(1, {"kind": "unit_remove", "id": "mori-akita-maru", "reason": "sold"})
    shown = await service.describe_orders(1, "mori")
    assert shown[0].startswith("Akamagaseki Guard: an order given earlier that no longer reads (formation: Extra "
                               "inputs are not permitted); at the resolution it falls back (S12.4)")
    outcome = await TurnLifecycle(service).resolve(1)
    mori = outcome.reports.factions["mori"]
    assert "Order for Akamagaseki Guard (sq_cruise) could not be carried out: formation: Extra inputs" in mori
    gone = "(tf_trade) could not be carried out: your clan has no unit"  # the unit a moderator removed (V1)
    assert gone in mori and gone in outcome.reports.moderators and gone not in outcome.reports.public
    assert (await service.campaign(1)).turn == 4


async def test_an_order_replacing_one_that_no_longer_reads_is_taken(service):
    await service.repo.put_order(1, 3, "mori", f"unit:{SQUADRON}", {"kind": "sq_cruise", "unit": SQUADRON, "target": "suo",
                                                           "formation": "wedge"})
    receipt = await service.submit_order(1, "mori", {"kind": "sq_idle", "unit": SQUADRON})
    assert receipt.replaced.startswith("Akamagaseki Guard: an order given earlier that no longer reads")
