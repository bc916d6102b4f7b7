"""/mod act-as: a moderator gives and reviews one clan's orders as that clan — above all to
correct an order after /turn undo without holding the clan's role.  Kept in memory per (guild,
moderator, campaign); every reply is private and marked; players cannot use it."""

from __future__ import annotations

import pytest

from bot.domain.campaign import Phase
from cogs.common import acting_table
from tests.discord.conftest import CLANS, ROLES
from tests.discord.harness import GUILD_ID, Member
from tests.discord.test_unit_orders import private

MARK = "(acting as Mōri) "


@pytest.fixture
async def open_turn(world):
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    return world


@pytest.fixture
async def correcting(open_turn):
    """The demo's orders in, turn 3 resolved and undone: a correction, where only moderators change orders."""
    world = open_turn
    await world.submit_demo_orders()
    await world.run("turn resolve", world.admin)
    await world.run("turn undo", world.admin)
    assert (await world.service.campaign(1)).phase is Phase.CORRECTION
    return world


def acting(world) -> dict:
    return acting_table(world.bot)


async def test_a_moderator_without_clan_roles_corrects_a_mori_order_after_undo(correcting):
    world, mod = correcting, correcting.mod
    sent = await world.run("order idle", mod, unit="mori-kobayakawa")
    assert sent[-1].ephemeral and sent[-1].content == (
        "None of your roles is linked to a clan of Seto 1560; as a moderator you can act for one with "
        "/mod act-as clan:<clan>")

    sent = await world.run("mod act-as", mod, clan="Mōri")
    assert private(sent)
    assert sent[-1].content.startswith("🎭 You now act for Mōri in Seto 1560: your /order, /unit, /clan, /orders "
                                       "and /fleet list commands give and show Mōri's orders")
    assert sent[-1].content.endswith("until the bot restarts (it is kept in memory only).")
    assert acting(world) == {(GUILD_ID, mod.id, 1): "mori"}

    squadrons = await world.h.autocomplete("order idle", mod, "unit", unit="")
    assert {c["value"] for c in squadrons} >= {"mori-kobayakawa", "mori-kurushima"}
    sent = await world.run("order idle", mod, unit="Kobayakawa-1")
    assert private(sent)
    assert sent[-1].content.startswith(f"{MARK}✅ Kobayakawa-1 stays in port")
    assert "Replaces: Kobayakawa-1 will cruise off Suō" in sent[-1].content
    order = next(o for o in await world.service.orders(1, None) if o.unit == "unit:mori-kobayakawa")
    assert (order.faction, order.payload["kind"]) == ("mori", "sq_idle")
    assert len(await world.service.orders(1, None)) == 18  # replaced, not added

    listing = await world.run("orders show", mod)
    assert private(listing) and listing[-1].content.startswith(f"{MARK}**Mōri** — orders for turn 3 of Seto 1560 (5):")
    assert "• Kobayakawa-1 stays in port" in listing[-1].content
    refused = await world.run("order repair", mod, unit="mori-kurushima")
    assert refused[-1].ephemeral and refused[-1].content.startswith(f"{MARK}Refused: Kurushima-maru ")
    withdrawn = await world.run("orders withdraw", mod, unit="mori-noshima")
    assert withdrawn[-1].content.startswith(f"{MARK}🗑️ Order withdrawn: Noshima Murakami")
    assert not [o for o in await world.service.orders(1, "mori") if o.unit == "mori-noshima"]

    # The player still may not: the correction is the moderators' alone.
    sent = await world.run("order idle", world.players["mori"], unit="mori-kodama")
    assert "only the moderators may change its orders" in sent[-1].content and MARK not in sent[-1].content


async def test_a_player_cannot_act_as_and_a_stray_entry_is_ignored(open_turn):
    world, otomo = open_turn, open_turn.players["otomo"]
    sent = await world.run("mod act-as", otomo, clan="mori")
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
    assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    assert acting(world) == {}
    assert await world.h.autocomplete("mod act-as", otomo, "clan", clan="") == []

    # Whatever put it there, an entry of someone who is no moderator acts for nobody.
    acting(world)[(GUILD_ID, otomo.id, 1)] = "mori"
    for path in ("orders show", "fleet list"):
        sent = await world.run(path, otomo)
        assert sent[-1].content.startswith("**Ōtomo**") or sent[-1].content.startswith("Ōtomo has no orders")
        assert "acting as" not in sent[-1].content
    sent = await world.run("order idle", otomo, unit="mori-kobayakawa")
    assert sent[-1].content == "Refused: your clan has no unit 'mori-kobayakawa'; /fleet list shows your units (V1)"
    assert await world.service.orders(1, None) == []

    # So does that of a moderator who has lost the moderator role since.
    await world.run("mod act-as", world.mod, clan="mori")
    demoted = Member(world.mod.id, "mod", [])
    sent = await world.run("fleet list", demoted)
    assert sent[-1].content.startswith("You are not a player of Seto 1560") and "acting as" not in sent[-1].content
    assert await world.h.autocomplete("order idle", demoted, "unit", unit="") == []


async def test_clearing_returns_the_moderator_to_their_own_roles(open_turn):
    world, mod = open_turn, open_turn.mod
    choices = await world.h.autocomplete("mod act-as", mod, "clan", clan="")
    assert [c["value"] for c in choices] == [*CLANS, "none"]
    assert choices[-1]["name"] == "none — stop acting for a clan"
    sent = await world.run("mod act-as", mod, clan="Shimazu")
    assert sent[-1].content == ("Seto 1560 has no clan “Shimazu”; its clans: Mōri, Ōtomo, Kōno, Miyoshi "
                                "(or 'none' to stop acting)")
    assert acting(world) == {}

    await world.run("mod act-as", mod, clan="mori")
    assert (await world.run("fleet list", mod))[-1].content.startswith(f"{MARK}**Mōri** — 7 units")
    other = await world.run("fleet list", world.admin)  # per moderator: another one is not acting
    assert other[-1].content.startswith("None of your roles is linked to a clan of Seto 1560")

    await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1561")
    await world.run("campaign moderators", world.admin, role=ROLES["Moderators"], campaign=2)
    kept = await world.run("fleet list", mod)  # the campaign they act in stays their default
    assert kept[-1].content.startswith(MARK)
    newest = await world.run("fleet list", mod, campaign=2)  # per campaign: #2 is not acted for
    assert newest[-1].content.startswith("None of your roles is linked to a clan of Seto 1561")

    sent = await world.run("mod act-as", mod, clan="none", campaign=1)
    assert private(sent) and sent[-1].content == (
        "🎭 You no longer act for Mōri in Seto 1560: /order, /unit, /clan, /orders and /fleet list follow your "
        "own roles again.")
    assert acting(world) == {}
    sent = await world.run("fleet list", mod, campaign=1)
    assert sent[-1].content.startswith("None of your roles is linked") and "acting as" not in sent[-1].content
    sent = await world.run("mod act-as", mod, clan="nobody", campaign=1)
    assert sent[-1].content == "You were not acting for a clan in Seto 1560; nothing changed."


async def test_acting_as_shows_nothing_to_the_moderators_own_clan_or_in_public(open_turn):
    """A moderator who also plays Ōtomo acts for Mōri from Ōtomo's war room: every answer is private,
    nothing is posted, Mōri's order is stored as Mōri's, and Ōtomo's views never show it."""
    world = open_turn
    both = Member(4, "mod-otomo", [ROLES["Moderators"], ROLES["otomo"]])
    room = "otomo-war-room"
    start = len(world.h.log)
    await world.run("order trade", both, unit="otomo-funai-maru", in_channel=room)
    await world.run("mod act-as", both, clan="mori", in_channel=room)
    sent = await world.run("order cruise", both, unit="mori-kurushima", target="buzen", stake="high",
                           in_channel=room)
    assert sent[-1].content.startswith(f"{MARK}✅ ")
    receipt = sent[-1].content.removeprefix(f"{MARK}✅ ")
    views = []
    for path, values in (("orders show", {}), ("orders ready", {}), ("fleet list", {}), ("clan leaders", {}),
                         ("clan policy", {"pairing_target": "least_damaged"})):
        answer = await world.run(path, both, in_channel=room, **values)
        assert private(answer) and all(s.content.startswith(MARK) for s in answer if s.kind == "followup")
        views.append(answer[-1].content)
    assert receipt in views[0] and "Funai-maru" not in views[0]  # Mōri's orders only, not Ōtomo's
    assert not [s for s in world.h.log[start:] if s.kind == "channel"], "nothing is posted anywhere"
    assert all(s.ephemeral for s in world.h.log[start:])

    stored = {o.unit: o.faction for o in await world.service.orders(1, None)}
    assert stored == {"unit:otomo-funai-maru": "otomo", "unit:mori-kurushima": "mori", "clan:mori:policy": "mori"}

    seen = []
    for path in ("orders show", "orders ready", "fleet list", "game status", "clan policy"):
        seen += [s.content for s in await world.run(path, world.players["otomo"], in_channel=room)]
    seen += [c["name"] for c in await world.h.autocomplete("orders withdraw", world.players["otomo"], "unit", unit="")]
    text = "\n".join(seen)
    assert "Funai-maru" in text and receipt not in text and "acting as" not in text
    assert "least damaged" not in text  # Mōri's policy is not Ōtomo's

    await world.run("mod act-as", both, clan="none", in_channel=room)
    own = (await world.run("orders show", both, in_channel=room))[-1].content
    assert own.startswith("**Ōtomo** — orders for turn 3") and receipt not in own and "acting as" not in own
