"""A hostile review of the steps' Discord side (issue 12): crafted prompt custom ids, refusals that must
not tell a player more than a missing question would, and what the public channel is told."""

from __future__ import annotations

import copy

import pytest

from tests.discord.harness import Sent

from tests.discord.conftest import CHANNELS, channel_posts

MORI_ROOM, OTOMO_ROOM, REPORTS = CHANNELS["mori-war-room"], CHANNELS["otomo-war-room"], CHANNELS["naval-reports"]


def mori_prompt(world):
    return channel_posts(world.resolved, MORI_ROOM)[-1]


def forged(world, **change):
    """The custom id of Mōri's first button with some of its fields replaced."""
    cid = world.h.buttons(mori_prompt(world))["stay in port"]
    _, _, campaign, turn, step, question, choice, fp = cid.split(":")
    fields = {"campaign": campaign, "turn": turn, "step": step, "question": question, "choice": choice, "fp": fp}
    fields.update({k: str(v) for k, v in change.items()})
    return "fw:ans:{campaign}:{turn}:{step}:{question}:{choice}:{fp}".format(**fields)


def carrying(message, cid):
    """``message`` as a crafted client shows it: its first button's custom id replaced by ``cid``."""
    payload = copy.deepcopy(message.payload)
    payload["components"][0]["components"][0]["custom_id"] = cid
    return Sent(message.kind, message.target, payload)


async def click(world, cid, member, room="mori-war-room"):
    return await world.h.click(carrying(mori_prompt(world), cid), "", member, custom_id=cid, in_channel=room)


STRANGER = "This question is not for your clan"
CLOSED = "This question of Turn 3 · captains' choices is closed: the step was resolved"


def refusal(sent):
    last = sent[-1]
    assert last.ephemeral
    return last.content


async def test_a_forged_question_index_reads_as_another_clans_question_not_as_a_count(prompted):
    """A player holding their own prompt's fingerprint probes indices: index 1 is Ōtomo's, 2 is none. Before,
    the first was "not for your clan" and the second "closed", which told the number of questions asked
    (in Sengoku: of characters captured this turn, secret ones too)."""
    world = prompted
    mori = world.players["mori"]
    assert refusal(await click(world, forged(world, question=1), mori)) == STRANGER
    assert refusal(await click(world, forged(world, question=2), mori)) == STRANGER
    assert refusal(await click(world, forged(world, question=99), mori)) == STRANGER


async def test_a_forged_choice_of_another_clans_question_says_no_more_than_a_valid_one(prompted):
    """Before, choice 7 of Ōtomo's question read "closed" and choice 0 "not for your clan": its choices'
    number was told."""
    world = prompted
    mori = world.players["mori"]
    assert refusal(await click(world, forged(world, question=1, choice=7), mori)) == STRANGER
    assert refusal(await click(world, forged(world, question=1, choice=0), mori)) == STRANGER
    assert not [o for o in await world.service.repo.list_orders(1, 3, step=2)]  # nothing answered


@pytest.mark.parametrize("field", ["campaign", "turn", "step", "question"])
async def test_a_forged_huge_number_reads_as_a_closed_prompt_not_the_stores_words(prompted, field):
    """Before, a campaign id beyond SQLite's integers was refused with "Cannot store a number that large
    (... SQLite ...)": the store's words, for no prompt at all."""
    world = prompted
    text = refusal(await click(world, forged(world, **{field: 10**40}), world.players["mori"]))
    assert "closed" in text and "SQLite" not in text and "large" not in text


async def test_a_forged_choice_of_ones_own_question_answers_nothing(prompted):
    world = prompted
    mori = world.players["mori"]
    assert refusal(await click(world, forged(world, choice=10**40), mori)) == CLOSED
    assert not [o for o in await world.service.repo.list_orders(1, 3, step=2)]


def with_select(message, cid):
    payload = copy.deepcopy(message.payload)
    payload["components"] = [{"type": 1, "components": [{"type": 3, "custom_id": cid, "options": [
        {"label": "a", "value": "0"}, {"label": "b", "value": "1"}]}]}]
    return Sent(message.kind, message.target, payload)


@pytest.mark.parametrize("value", ["²", "-1", "1" * 40, "x"])
async def test_a_forged_select_value_answers_nothing_and_is_refused_in_words(prompted, value):
    """A select menu's value from a crafted client: "²" is a digit to str.isdigit that int() refuses
    (before: a ValueError, the generic error)."""
    world = prompted
    cid = forged(world).replace("fw:ans:", "fw:sel:").rsplit(":", 2)
    cid = f"{cid[0]}:{cid[2]}"  # fw:sel:<campaign>:<turn>:<step>:<question>:<fp>
    message = with_select(mori_prompt(world), cid)
    sent = await world.h.choose(message, cid, value, world.players["mori"], in_channel="mori-war-room")
    assert refusal(sent) == CLOSED
    assert not [o for o in await world.service.repo.list_orders(1, 3, step=2)]


async def test_a_prompt_steps_reminder_in_the_public_channel_names_no_clan(prompted):
    """Who is asked can be a secret: Sengoku asks a clan about a character whose capture only some clans saw
    (PendingCaptive.seen_by, OP-46c). Before, the public reminder said "Not answered yet: Ōtomo"."""
    from datetime import timedelta

    from bot.scheduler import DeadlineScheduler
    from cogs.turn_posts import TurnPoster
    from tests.discord.conftest import CLOCK
    world = prompted
    start = len(world.h.log)
    await DeadlineScheduler(world.service, TurnPoster(world.bot), clock=lambda: CLOCK + timedelta(hours=23.5)).tick()
    (reminder,) = channel_posts(world.h.log[start:], REPORTS)
    assert not any(name in reminder.content for name in ("Mōri", "Ōtomo", "mori", "otomo"))
    assert reminder.content.endswith("Questions are still waiting for answers in the asked clans' channels. (/step show)")


async def test_the_public_digest_tells_neither_the_defaults_applied_nor_how_many_were_asked(prompted):
    """A default applied to a clan's question is in that clan's report only (Sengoku: CaptiveAnswered is the
    clan's), and how many were asked can be a secret (captures only some clans saw). Before, the digest in
    the report channel said "Turn 3 · captains' choices: 1 answered, 0 by standing orders, 1 by default (T-1)"."""
    world = prompted
    await world.h.click(mori_prompt(world), "sail at once", world.players["mori"], in_channel="mori-war-room")
    sent = await world.run("turn defaults", world.mod)
    digest = [s.content for s in channel_posts(sent, REPORTS) if "in steps:" in s.content]
    assert digest == ["Turn 3 in steps:\nTurn 3\nTurn 3 · captains' choices"]


@pytest.mark.parametrize("guild", [None, "another"])
async def test_a_click_from_a_dm_or_another_server_answers_nothing_and_names_nothing(prompted, guild):
    world = prompted
    message = mori_prompt(world)
    payload = world.h.click_payload(message, world.h.buttons(message)["sail at once"], world.players["mori"],
                                    "mori-war-room")
    if guild is None:
        for key in ("guild_id", "member", "channel"):
            payload.pop(key, None)
        payload["user"] = world.players["mori"].payload()["user"]
        payload["context"] = 1
    else:
        payload["guild_id"] = "4242"
    sent = await world.h.interact(payload)
    assert refusal(sent) == "This question of Turn 3 is closed: the step was resolved"
    assert not [o for o in await world.service.repo.list_orders(1, 3, step=2)]
