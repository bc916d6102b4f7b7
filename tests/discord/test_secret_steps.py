"""A secret step (``Step.secret``): its existence is the asked clans' and the moderators' only.  The
two-question test ruleset (tests/services/steps_ruleset.py) asks Mōri and Ōtomo the captains' choices
after the orders; made secret, the report channel and Kōno (not asked) must learn nothing of it: no
public report, map, reminder, digest line or correction notice, no report to Kōno, and every reply to
Kōno reads it as "Turn 3" only.  Sengoku's captives' step is secret when no capture was public (OP-49)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.scheduler import DeadlineScheduler
from cogs.turn_posts import TurnPoster
from tests.discord.conftest import CHANNELS, CLOCK, channel_posts

MORI_ROOM, OTOMO_ROOM, KONO_ROOM = (CHANNELS[f"{c}-war-room"] for c in ("mori", "otomo", "kono"))
REPORTS = CHANNELS["naval-reports"]
STEP_WORDS = "captains' choices"


@pytest.fixture
async def secret(planned, steps):
    """Turn 3's orders resolved with /turn resolve; the captains' choices open as a secret step."""
    steps.secret = True
    planned.resolved = await planned.run("turn resolve", planned.mod)
    return planned


def scheduler_at(world, hours: float) -> DeadlineScheduler:
    return DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: CLOCK + timedelta(hours=hours))


def texts(sent, channel: int) -> list[str]:
    return [s.content for s in channel_posts(sent, channel)]


async def answer_both(world) -> list:
    mori, otomo = channel_posts(world.resolved, MORI_ROOM)[-1], channel_posts(world.resolved, OTOMO_ROOM)[-1]
    await world.h.click(mori, "sail at once", world.players["mori"], in_channel="mori-war-room")
    start = len(world.h.log)
    await world.h.click(otomo, "stay in port", world.players["otomo"], in_channel="otomo-war-room")
    return world.h.log[start:]


async def test_the_asked_clans_get_their_prompts_and_the_moderator_is_told(secret):
    reply = [s for s in secret.resolved if s.kind == "followup"][-1]
    assert f"Now open: Turn 3 · {STEP_WORDS}" in reply.content  # the moderators know every step
    assert texts(secret.resolved, MORI_ROOM)[-1].startswith(f"❓ **Seto 1560** — Turn 3 · {STEP_WORDS}")
    assert not any(STEP_WORDS in t for t in texts(secret.resolved, REPORTS) + texts(secret.resolved, KONO_ROOM))


async def test_its_resolution_posts_nothing_public_and_nothing_to_a_clan_it_does_not_concern(secret):
    sent = await answer_both(secret)
    campaign = await secret.service.campaign(1)
    assert (campaign.turn, campaign.step) == (4, 1)  # resolved, the turn over
    assert texts(sent, REPORTS) == ["Turn 3 in steps:\nTurn 3"]  # the digest without the secret step's line
    assert channel_posts(sent, MORI_ROOM) and channel_posts(sent, OTOMO_ROOM)  # each asked clan's report
    assert texts(sent, KONO_ROOM) == []  # an empty report would tell Kōno the step happened
    assert not any(s.files for s in channel_posts(sent, REPORTS))  # no public map either


async def test_the_state_reads_do_not_wait_for_a_public_report_that_never_comes(secret):
    from bot.services.posting import PostLedger
    await answer_both(secret)
    campaign = await secret.service.campaign(1)
    assert await PostLedger(secret.service).public_out(campaign)
    assert await PostLedger(secret.service).outstanding(campaign) is None


async def test_no_public_reminder_names_it(secret):
    start = len(secret.h.log)
    await scheduler_at(secret, 23.5).tick()
    assert texts(secret.h.log[start:], REPORTS) == []


async def test_a_clan_it_does_not_ask_reads_only_the_turn(secret):
    shown = await secret.h.invoke("step show", secret.players["kono"])
    assert STEP_WORDS not in shown[-1].content
    assert shown[-1].content.splitlines()[0] == "**Seto 1560** — Turn 3"
    asked = await secret.h.invoke("step show", secret.players["mori"])
    assert asked[-1].content.splitlines()[0] == f"**Seto 1560** — Turn 3 · {STEP_WORDS}"


async def test_an_order_of_a_clan_it_does_not_ask_is_refused_without_naming_it(secret):
    from bot.services.errors import UserError
    with pytest.raises(UserError) as refused:
        await secret.service.submit_order(1, "kono", {"kind": "sq_idle", "unit": "x"})
    words = refused.value.render() if hasattr(refused.value, "render") else str(refused.value)
    assert STEP_WORDS not in str(words)


async def test_its_undo_is_not_announced_publicly(secret):
    await answer_both(secret)
    await scheduler_at(secret, 0.5).tick()
    start = len(secret.h.log)
    reply = await secret.run("turn undo", secret.mod)
    assert texts(secret.h.log[start:], REPORTS) == []
    assert "Not announced in the report channel: the open step is secret" in reply[-1].content
