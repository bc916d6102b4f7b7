"""A whole Here I Stand impulse through the real bot and a fake Discord (issue 14, H4): a moderator
creates the campaign (tests/discord/data/his-discord.yaml) and links the powers; the Ottomans give a
naval move with /his move, the moderator resolves the action step; the bot posts the interception
question in France's channel (H2.6.4), France clicks Yes; it posts the avoid-battle question in the
Hapsburgs' channel (H2.6.5), they click Stay; the combat is fought and its report posted (H3.3).
The moderators' card forms are turned off with /campaign settings set (H-OP-19/20), as a campaign
whose moderators enter no cards would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import discord
import pytest

from tests.discord.his_world import ship_test_scenario
from tests.e2e.fake_discord import Call, FakeDiscord, Guild, Member, commands_finished
from tests.e2e.test_bot_e2e import TIMEOUT, config, running_bot

POWERS = ("ottoman", "hapsburg", "france")
GUILD = Guild(id=700000000000000002, name="Here I Stand players",
              roles={"Moderators": 610, **{p: 620 + i for i, p in enumerate(POWERS)}},
              channels={"general": 510, "naval-reports": 520, **{f"{p}-war-room": 530 + i for i, p in enumerate(POWERS)}})
ADMIN = Member(1, "admin", permissions=discord.Permissions(manage_guild=True, send_messages=True).value)
PLAYERS = {p: Member(100 + i, f"{p}-player", [GUILD.roles[p]]) for i, p in enumerate(POWERS)}


@pytest.fixture
async def fake(monkeypatch) -> AsyncIterator[FakeDiscord]:
    ship_test_scenario(monkeypatch)
    server = FakeDiscord(GUILD, [ADMIN, *PLAYERS.values()])
    await server.start(monkeypatch)
    try:
        yield server
    finally:
        await server.close()


async def run(fake: FakeDiscord, path: str, member: Member, /, **values) -> list[Call]:
    """``/path`` typed by ``member`` in #general; everything the bot sent until it finished."""
    start = len(fake.calls)
    payload = fake.interaction(path, member, "general", **values)
    await fake.dispatch("INTERACTION_CREATE", payload)
    await fake.wait_for(lambda: fake.sent("callback", payload["id"]))
    await commands_finished()
    return fake.calls[start:]


async def click(fake: FakeDiscord, message: Call, label: str, member: Member, where: str) -> list[Call]:
    """Click ``label`` on a prompt; everything the bot sent until the prompt showed the answer."""
    start = len(fake.calls)
    payload = fake.click(message, label, member, where)
    await fake.dispatch("INTERACTION_CREATE", payload)
    await fake.wait_for(lambda: fake.sent("edit", payload["token"]))
    await commands_finished()
    await asyncio.sleep(0.2)  # the posts the answer set going follow the edit
    return fake.calls[start:]


async def confirmed(fake: FakeDiscord, message: Call, label: str, member: Member) -> list[Call]:
    """Click a confirmation's button; everything the bot sent until the confirmed command was done."""
    start = len(fake.calls)
    payload = fake.click(message, label, member, "general")
    await fake.dispatch("INTERACTION_CREATE", payload)
    await fake.wait_for(lambda: fake.sent("callback", payload["id"]))
    await commands_finished()
    return fake.calls[start:]


def posts(sent: list[Call], channel: str) -> list[Call]:
    return [c for c in sent if c.kind == "channel" and c.target == str(GUILD.channels[channel])]


def prompts(sent: list[Call], channel: str) -> list[Call]:
    return [c for c in posts(sent, channel) if c.content.startswith("❓")]


async def test_an_impulse_with_an_interception_and_an_avoid_battle_is_played_end_to_end(fake, tmp_path):
    async with asyncio.timeout(TIMEOUT):
        async with running_bot(config(tmp_path), fake) as (bot, service):
            await run(fake, "campaign create", ADMIN, scenario="his-discord")
            await fake.wait_for(lambda: fake.sent("sync", GUILD.id))  # the ruleset's commands, to this server
            (synced,) = fake.sent("sync", GUILD.id)
            assert {"his", "here-i-stand"} <= {c["name"] for c in synced.payload}
            await run(fake, "campaign channel", ADMIN, channel=GUILD.channels["naval-reports"])
            for power in POWERS:
                await run(fake, "faction link", ADMIN, clan=power, role=GUILD.roles[power],
                          channel=GUILD.channels[f"{power}-war-room"])
            for path in ("ask_combat_cards", "ask_response_cards"):
                await run(fake, "campaign settings set", ADMIN, key=path, value="false")
            await run(fake, "turn open", ADMIN)

            ordered = await run(fake, "his move", PLAYERS["ottoman"], **{"from": "Barbary Coast",
                                                                         "to": "Tyrrhenian Sea", "corsairs": 0})
            (receipt,) = [c for c in ordered if c.kind == "followup"]
            assert receipt.ephemeral and receipt.content == "✅ naval move: 2 squadrons to Tyrrhenian Sea."

            (confirm,) = await run(fake, "turn resolve", ADMIN)  # asks first (cogs/confirm.py)
            resolved = await confirmed(fake, confirm, "Resolve turn 1", ADMIN)
            await fake.wait_for(lambda: prompts(fake.calls, "france-war-room"))
            (intercept,) = prompts(fake.calls, "france-war-room")
            assert intercept.content.splitlines()[1] == "Intercept into Tyrrhenian Sea from Gulf of Lyon? (naval units: 2)"
            assert any("naval move from Barbary Coast to Tyrrhenian Sea" in c.content
                       for c in posts(resolved, "naval-reports"))  # the action's report, before the reaction

            intercepted = await click(fake, intercept, "Yes", PLAYERS["france"], "france-war-room")
            (edited,) = [c for c in intercepted if c.kind == "edit"]
            assert edited.content.endswith("✅ france-player answered: Yes")
            await fake.wait_for(lambda: prompts(fake.calls, "hapsburg-war-room"))
            (avoid,) = prompts(fake.calls, "hapsburg-war-room")
            assert avoid.content.splitlines()[1] == "Avoid battle in Tyrrhenian Sea? Choose where to, or stay."

            start = len(fake.calls)
            await click(fake, avoid, "Stay", PLAYERS["hapsburg"], "hapsburg-war-room")
            await fake.wait_for(lambda: any("Naval combat in Tyrrhenian Sea" in c.content
                                            for c in posts(fake.calls[start:], "naval-reports")))
            reports = [c.content for c in posts(fake.calls, "naval-reports")]
            stored = await service.repo.load_state(1)
        assert any("France: interception from Gulf of Lyon into Tyrrhenian Sea" in r for r in reports)
        assert any("⚔ Naval combat in Tyrrhenian Sea: Ottomans against Hapsburgs (H3.3)." in r for r in reports)
        assert not prompts(fake.calls, "naval-reports")  # no question is ever asked in public
        assert stored.state["pending"] is None or stored.state["pending"]["phase"] != "avoid"
        assert fake.unhandled == []
