"""A clan whose id is "public" or "moderators" (made through the state: creating
one is refused) gets its own report and map in its own channel and from /map;
the report channel gets the public map, never that clan's (S12.6, R19)."""

from __future__ import annotations

import json

from bot.scenarios import load_shipped_scenario
from tests.discord.conftest import CHANNELS, PNG, ROLES, channel_posts

RENAME = {"mori": "public", "otomo": "moderators"}


def renamed_text(text: str) -> str:
    for old, new in RENAME.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return text


def rename_state(state: dict) -> None:
    new = json.loads(renamed_text(json.dumps(state)))
    state.clear()
    state.update(new)


async def renamed_campaign(world) -> None:
    """The demo campaign with Mōri's id "public" and Ōtomo's "moderators", turn 3 planned."""
    await world.setup_campaign()
    await world.edit_state(1, rename_state)
    campaign = await world.service.campaign(1)
    campaign.factions = [f.model_copy(update={"id": RENAME.get(f.id, f.id)}) for f in campaign.factions]
    await world.service.repo.update_campaign(campaign)
    await world.run("turn open", world.admin, deadline="in 48h")
    for clan, payloads in load_shipped_scenario("seto-demo").file.orders.items():
        for payload in payloads:
            await world.service.submit_order(1, RENAME.get(clan, clan), payload)


def fake_maps(world) -> list:
    asked = []

    async def render_maps(ruleset_id, data, audiences):  # each map is its audience's key
        asked.append(list(audiences))
        return {audience: PNG + audience.key.encode() for audience in audiences}
    world.service.render_maps = render_maps
    return asked


async def test_the_report_channel_gets_the_public_map_and_each_clan_its_own(world):
    await renamed_campaign(world)
    asked = fake_maps(world)
    sent = await world.run("turn resolve", world.mod)
    assert len(set(asked[0])) == len(asked[0]) == 5
    assert channel_posts(sent, CHANNELS["naval-reports"])[0].files == {"map.png": PNG + b"public"}
    mori = channel_posts(sent, CHANNELS["mori-war-room"])[0]
    otomo = channel_posts(sent, CHANNELS["otomo-war-room"])[0]
    assert mori.files == {"map-clan-public.png": PNG + b"faction:public"}
    assert otomo.files == {"map-clan-moderators.png": PNG + b"faction:moderators"}
    assert mori.content.startswith("⚓ Seto 1560 — turn 3 (spring–summer) — Mōri, your turn")


async def test_map_mine_of_a_clan_called_moderators_is_its_own_view(world):
    await renamed_campaign(world)
    fake_maps(world)
    for clan, key in (("otomo", b"faction:moderators"), ("mori", b"faction:public")):
        (reply,) = [s for s in await world.run("map", world.players[clan], view="mine") if s.files]
        assert list(reply.files.values()) == [PNG + key]
        assert reply.content.endswith(f"{'Ōtomo' if clan == 'otomo' else 'Mōri'}'s view.")
    (reply,) = [s for s in await world.run("map", world.players["kono"]) if s.files]
    assert list(reply.files.values()) == [PNG + b"public"] and reply.content.endswith("public view.")
    sent = await world.run("map", world.players["otomo"], view="moderators")
    assert not any(s.files for s in sent) and "Only the moderators" in sent[-1].content
    (reply,) = [s for s in await world.run("map", world.mod, view="clan:moderators") if s.files]
    assert list(reply.files.values()) == [PNG + b"faction:moderators"]


async def test_a_clan_cannot_be_made_with_the_id_public_or_moderators(world):
    await world.setup_campaign()
    for name in ("Public", "Moderators"):
        sent = await world.run("faction add", world.admin, name=name, colour="#d35400", role=ROLES["Spectators"],
                               channel=CHANNELS["spectators-lounge"])
        assert f"clan id {name.casefold()!r} is the name of the {name.casefold()} view" in sent[-1].content
    assert {f.id for f in (await world.service.campaign(1)).factions} == {"mori", "otomo", "kono", "miyoshi"}
