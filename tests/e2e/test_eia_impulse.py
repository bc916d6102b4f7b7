"""An Empires in Arms impulse through a fake Discord (issue 15, E4): the real bot, logged in to a fake
gateway, takes France's movement plan (/eia move), resolves the orders step, and asks in turn: Great
Britain's squadrons in the Channel whether they intercept (E5.2; one click), France whether its fleet
evades (E6.1; one click), and the moderators, in their own channel, for round 1's results (E-OP-13: a
form; its prompt shows every die rolled and the 5s each side received, E8.5).  The public report
channel reads each step's report, the round as the moderators entered it."""

from __future__ import annotations

import asyncio
import contextlib
import re
from itertools import count

import discord
import pytest

from bot.services.turns import TurnLifecycle
from cogs.turn_posts import TurnPoster
from tests.e2e import test_bot_e2e
from tests.e2e.fake_discord import APP_ID, Call, FakeDiscord, Guild, Member, commands_finished, snowflake
from tests.e2e.test_bot_e2e import TIMEOUT, click, config, running_bot

GUILD = Guild(id=700000000000000015, name="Empires players",
              roles={"Moderators": 610, "france": 620, "britain": 621},
              channels={"general": 510, "naval-reports": 520, "Moderators-war-room": 525, "france-war-room": 530,
                        "britain-war-room": 531})
ADMIN = Member(1, "admin", permissions=discord.Permissions(manage_guild=True, send_messages=True).value)
MOD = Member(2, "mod", [GUILD.roles["Moderators"]])
FRANCE = Member(100, "france-player", [GUILD.roles["france"]])
BRITAIN = Member(101, "britain-player", [GUILD.roles["britain"]])
# With this seed Cornwallis' interception succeeds and Allemand's evasion fails (the dice are the turn key's).
SEED = "e2e-eia-1805-2"
_tokens = count(1)


@pytest.fixture
async def fake(monkeypatch):
    server = FakeDiscord(GUILD, [ADMIN, MOD, FRANCE, BRITAIN])
    await server.start(monkeypatch)
    monkeypatch.setattr(test_bot_e2e, "SEED", SEED)  # running_bot's seed factory reads it
    try:
        yield server
    finally:
        await server.close()


def posts(sent: list[Call], channel: str) -> list[Call]:
    return [c for c in sent if c.kind == "channel" and c.target == str(GUILD.channels[channel])]


async def run(fake: FakeDiscord, path: str, member: Member, where: str = "general", /, **values) -> list[Call]:
    start = len(fake.calls)
    payload = fake.interaction(path, member, where, **values)
    await fake.dispatch("INTERACTION_CREATE", payload)
    await fake.wait_for(lambda: fake.sent("callback", payload["id"]))
    await commands_finished()
    return fake.calls[start:]


async def submit(fake: FakeDiscord, modal: Call, values: dict[str, str], member: Member, where: str) -> list[Call]:
    """A MODAL_SUBMIT (interaction type 5) of the form the bot opened (callback type 9), as a client sends it."""
    start = len(fake.calls)
    rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in values.items()]
    cid = GUILD.channels[where]
    payload = {
        "id": str(snowflake()), "application_id": str(APP_ID), "type": 5, "token": f"mtoken-{next(_tokens)}",
        "version": 1, "guild_id": str(GUILD.id), "channel_id": str(cid), "channel": GUILD.channel(cid),
        "member": member.payload(), "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "app_permissions": str(discord.Permissions.all().value), "attachment_size_limit": 10 * 1024 * 1024,
        "authorizing_integration_owners": {"0": str(GUILD.id)}, "context": 0,
        "data": {"custom_id": modal.body["custom_id"], "components": rows}}
    await fake.dispatch("INTERACTION_CREATE", payload)
    await fake.wait_for(lambda: fake.sent("callback", payload["id"]))
    await commands_finished()
    with contextlib.suppress(TimeoutError):  # the step resolves and its reports are posted after the answer
        await fake.wait_for(lambda: posts(fake.calls[start:], "naval-reports"), timeout=20)
    return fake.calls[start:]


def prompt_in(sent: list[Call], channel: str) -> Call:
    (prompt,) = [c for c in posts(sent, channel) if c.content.startswith("❓")]
    return prompt


def labels(message: Call) -> list[str]:
    return [b.get("label") for row in message.body.get("components") or [] for b in row["components"]]


async def settled(fake: FakeDiscord, start: int, channel: str) -> list[Call]:
    """What the bot sent since ``start`` once the next prompt is posted in ``channel``."""
    try:
        await fake.wait_for(lambda: [c for c in posts(fake.calls[start:], channel) if c.content.startswith("❓")],
                            timeout=20)
    except TimeoutError:
        raise AssertionError("no prompt in " + channel + ":\n" + "\n".join(
            f"{c.kind} {c.target}: {c.content}" for c in fake.calls[start:])) from None
    await asyncio.sleep(0.2)  # the rest of the posts of the same answer
    return fake.calls[start:]


async def test_an_interception_an_evasion_prompt_and_a_round_the_moderators_enter(fake, tmp_path):
    async with asyncio.timeout(TIMEOUT * 2):
        async with running_bot(config(tmp_path), fake) as (bot, service):
            await run(fake, "campaign create", ADMIN, scenario="eia-demo")
            await fake.wait_for(lambda: fake.sent("sync", GUILD.id))
            assert {"eia", "empires-in-arms"} <= {c["name"] for c in fake.sent("sync", GUILD.id)[-1].payload}
            await run(fake, "campaign channel", ADMIN, channel=GUILD.channels["naval-reports"])
            await run(fake, "campaign moderators", ADMIN, role=GUILD.roles["Moderators"])
            await run(fake, "campaign channel", ADMIN, channel=GUILD.channels["naval-reports"],
                      moderators=GUILD.channels["Moderators-war-room"])
            for nation in ("france", "britain"):
                await run(fake, "faction link", ADMIN, clan=nation, role=GUILD.roles[nation],
                          channel=GUILD.channels[f"{nation}-war-room"])
            await run(fake, "turn open", MOD)
            # France answers the combat-cards question (E-OP-14) in advance, by a standing order.
            await run(fake, "eia standing", FRANCE, "france-war-room", combat_cards="never")
            sent = await run(fake, "eia move", FRANCE, "france-war-room", at="Bay of Biscay", route="English Channel",
                             evade="ask")
            assert [c.content for c in sent if c.kind == "followup"][-1].startswith("✅ The fleet in Bay of Biscay "
                                                                                     "sails English Channel")

            start = len(fake.calls)
            outcome = await TurnLifecycle(service).resolve(1)  # the orders step: the interception step opens
            await TurnPoster(bot).step_opened(outcome.opened)
            intercept = prompt_in(fake.calls[start:], "britain-war-room")
            assert ("Allemand" not in intercept.content and "France's fleet of 1 squadrons enters English Channel: "
                    "does your stack in English Channel try to intercept it (2d6 + modifiers above 9)?"
                    in intercept.content)
            assert labels(intercept) == ["No", "Yes"]
            assert not [c for c in posts(fake.calls[start:], "france-war-room") if c.content.startswith("❓")]

            start = len(fake.calls)
            await click(fake, intercept, "Yes", BRITAIN, "britain-war-room")
            sent = await settled(fake, start, "france-war-room")
            public = "\n".join(c.content for c in posts(sent, "naval-reports"))
            assert re.search(r"Interception by Great Britain in English Channel against France: \[\d, \d\] \+2 Great "
                             r"Britain \+1 blockading = \d+, more than 9 needed: success \(E7\)\.", public), public
            evade = prompt_in(sent, "france-war-room")
            assert "Your fleet of 1 squadrons is intercepted in English Channel by Great Britain (6 combat dice): " \
                   "try to evade (2d6 + modifiers above 9)?" in evade.content
            assert "the rules answer for you: No (E-OP-09)" in evade.content

            start = len(fake.calls)
            await click(fake, evade, "Yes", FRANCE, "france-war-room")
            sent = await settled(fake, start, "britain-war-room")
            public = "\n".join(c.content for c in posts(sent, "naval-reports"))
            assert "more than 9 needed: failed (E7)." in public and "Evasion by France" in public
            cards = prompt_in(sent, "britain-war-room")  # France's own was answered by its standing order
            assert "do you play a combat card that says it applies to naval combat (E8.3)?" in cards.content
            assert not [c for c in posts(sent, "france-war-room") if c.content.startswith("❓")]

            start = len(fake.calls)
            await click(fake, cards, "No", BRITAIN, "britain-war-room")
            sent = await settled(fake, start, "Moderators-war-room")
            form = prompt_in(sent, "Moderators-war-room")
            dice = re.search(r"France rolled ([1-6](?: [1-6])*); Great Britain rolled ([1-6](?: [1-6])*)\. Fives "
                             r"received: France (\d+), Great Britain (\d+)\.", form.content)
            assert dice, form.content
            french, british = dice[1].split(), dice[2].split()
            assert len(french) == 2 and len(british) == 7  # E8.4: 2 French; 3 + 3 British, +1 for the failed evasion
            assert (int(dice[3]), int(dice[4])) == (british.count("5"), french.count("5"))  # E8.5: the 5s received
            assert labels(form) == ["Enter"]
            assert not [c for c in posts(sent, "naval-reports") if "rolled" in c.content]  # the form is theirs

            (modal,) = [c for c in await click(fake, form, "Enter", MOD, "Moderators-war-room") if c.kind == "callback"]
            assert modal.type == 9
            fields = [c["custom_id"] for row in modal.body["components"] for c in row["components"]]
            assert fields == ["active_result", "inactive_result", "active_losses", "inactive_losses", "winner"]
            start = len(fake.calls)
            sent = await submit(fake, modal, {"active_result": "1", "inactive_result": "3", "active_losses": "",
                                              "inactive_losses": "", "winner": "2"}, MOD, "Moderators-war-room")
            public = "\n".join(c.content for c in posts(sent, "naval-reports"))
            assert "Round 1: France 1 against Great Britain 3; Great Britain wins the round (entered by the " \
                   "moderators)." in public
            assert "The battle in English Channel is over after 1 round: Great Britain won." in public
            assert sent[0].kind == "callback" and sent[0].type == 5 and sent[0].ephemeral  # deferred privately
            (told,) = [c for c in sent if c.kind == "followup"]
            assert told.ephemeral and "Resolved: Turn 1 · battle at English Channel, round 1" in told.content
            assert "Now open: Turn 1 · nearest port." in told.content  # E9.2, E-OP-18: France picks among ties
            assert fake.unhandled == []
