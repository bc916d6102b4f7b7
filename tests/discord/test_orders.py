"""Players give orders: every reply private, the rules' refusals shown as is,
and nothing of one clan's orders ever shown to another."""

from __future__ import annotations

import pytest

from tests.discord.conftest import CLANS


@pytest.fixture
async def open_turn(world):
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    return world


async def stored(world, clan=None):
    return await world.service.orders(1, clan)


async def test_a_valid_cruise_is_confirmed_privately_with_its_route(open_turn):
    world = open_turn
    sent = await world.run("order cruise", world.players["mori"], unit="Kobayakawa-1", target="Iyo",
                           route="Aki, Geiyo Islands, Iyo", engage="if-not-outnumbered", stake="high")
    assert sent[0].type == 5 and sent[0].ephemeral
    assert all(s.ephemeral for s in sent) and not [s for s in sent if s.kind == "channel"]
    assert sent[-1].content == ("✅ Kobayakawa-1 will cruise off Iyo: Aki → Geiyo Islands → Iyo (2 steps). "
                                "engage: if enemy_count <= own_count; high stake.")
    (order,) = await stored(world, "mori")
    assert order.payload["route"] == ["aki", "geiyo", "iyo"]
    assert order.payload["want_battle"] == "if enemy_count <= own_count"

    sent = await world.run("order idle", world.players["mori"], unit="mori-kobayakawa")
    assert "Replaces: Kobayakawa-1 will cruise off Iyo" in sent[-1].content


async def test_an_invalid_order_is_refused_privately_naming_the_rule(open_turn):
    world = open_turn
    sent = await world.run("order repair", world.players["mori"], unit="mori-kurushima")
    assert sent[0].type == 5 and sent[-1].ephemeral
    assert sent[-1].content.startswith("Refused: Kurushima-maru ") and sent[-1].content.endswith("(OP-18)")
    sent = await world.run("order cruise", world.players["mori"], unit="mori-kurushima", target="buzen",
                           route="Aki, Suō, Buzen")
    assert sent[-1].ephemeral and sent[-1].content.startswith("Refused: ") and "(V4)" in sent[-1].content
    assert await stored(world) == []


async def test_a_member_without_a_clan_role_is_refused(open_turn):
    world = open_turn
    for path, values in (("order trade", {"unit": "mori-akita-maru"}), ("fleet list", {}), ("orders ready", {})):
        sent = await world.run(path, world.outsider, **values)
        assert sent[-1].ephemeral
        assert sent[-1].content.startswith("You are not a player of Seto 1560: none of your roles is linked")
    assert await stored(world) == []
    assert await world.h.autocomplete("order trade", world.outsider, "unit", unit="") == []


async def test_a_player_cannot_order_another_clans_unit(open_turn):
    world = open_turn
    sent = await world.run("order cruise", world.players["mori"], unit="otomo-usuki", target="iyo")
    assert sent[-1].ephemeral
    assert sent[-1].content == "Refused: your clan has no unit 'otomo-usuki'; /fleet list shows your units (V1)"
    assert await stored(world) == []


async def test_autocomplete_offers_only_the_callers_own_units_of_the_right_kind(open_turn):
    world = open_turn
    squadrons = await world.h.autocomplete("order cruise", world.players["mori"], "unit", unit="")
    assert {c["value"] for c in squadrons} == {"mori-kobayakawa", "mori-noshima", "mori-kurushima",
                                               "mori-kodama", "mori-akamagaseki"}
    fleets = await world.h.autocomplete("order trade", world.players["mori"], "unit", unit="")
    assert {c["value"] for c in fleets} == {"mori-akita-maru", "mori-tomo-maru"}
    ports = await world.h.autocomplete("order base", world.players["mori"], "port", unit="x", port="hyo")
    assert ports == [{"name": "Hyōgo (Settsu)", "value": "hyogo"}]
    route = await world.h.autocomplete("order cruise", world.players["mori"], "route", unit="x",
                                       target="iyo", route="Aki, Gei")
    assert route == [{"name": "Aki, Geiyo Islands", "value": "Aki, geiyo"}]


async def test_piracy_takes_the_mission_of_the_units_kind(open_turn):
    world = open_turn
    await world.run("order piracy", world.players["mori"], unit="Akita-maru", port="Moji")
    sent = await world.run("order piracy", world.players["mori"], unit="mori-kurushima", port="moji")
    assert sent[-1].content.startswith("✅ Kurushima-maru will go pirating off Moji")
    kinds = {o.payload["unit"]: o.payload["kind"] for o in await stored(world, "mori")}
    assert kinds == {"mori-akita-maru": "tf_piracy", "mori-kurushima": "sq_piracy"}


async def test_orders_list_ready_and_clear(open_turn):
    world = open_turn
    mori = world.players["mori"]
    await world.run("order trade", mori, unit="mori-akita-maru")
    await world.run("order cruise", mori, unit="mori-noshima", target="geiyo")
    listing = (await world.run("orders show", mori))[-1]
    assert listing.ephemeral and "**Mōri** — orders for turn 3 of Seto 1560 (2):" in listing.content
    assert "• Noshima Murakami will cruise off Geiyo Islands: Aki → Geiyo Islands (1 step)." in listing.content
    ready = (await world.run("orders ready", mori))[-1].content
    assert ready.startswith("✅ Mōri's orders for turn 3 are marked ready (2 of 7 units ordered). "
                            "Still without orders: Kobayakawa-1,")
    choices = await world.h.autocomplete("orders withdraw", mori, "unit", unit="trade")
    assert choices == [{"name": "Akita-maru trades.", "value": "unit:mori-akita-maru"}]
    sent = await world.run("orders withdraw", mori, unit="mori-akita-maru")
    assert sent[-1].content == ("🗑️ Order withdrawn: Akita-maru trades. /orders show shows the rest.\n⚠️ Mōri is "
                                "no longer marked ready (changing an order takes the mark back); /orders ready "
                                "when done.")
    assert [o.unit for o in await stored(world, "mori")] == ["unit:mori-noshima"]


async def test_orders_clear_withdraws_all_of_the_clan_orders_only_when_confirmed(open_turn):
    world = open_turn
    mori, otomo = world.players["mori"], world.players["otomo"]
    await world.run("order trade", mori, unit="mori-akita-maru")
    await world.run("order cruise", mori, unit="mori-noshima", target="geiyo")
    await world.run("orders ready", mori)
    otomo_orders = await stored(world, "otomo")
    asked = await world.ask("orders clear", mori)
    (prompt,) = asked
    assert prompt.type == 4 and prompt.ephemeral and prompt.content == (
        "Withdraw all 2 of Mōri's orders for turn 3? Its units will have none (standing orders apply to them). "
        "To withdraw one: /orders withdraw unit:….")
    assert list(world.h.buttons(prompt)) == ["Withdraw 2 order(s)", "Cancel"]
    assert len(await stored(world, "mori")) == 2  # nothing before the click
    sent = await world.h.click(prompt, "Withdraw 2 order(s)", mori)
    assert sent[0].type == 7 and sent[-1].ephemeral
    assert sent[-1].content == ("🗑️ 2 order(s) of Mōri withdrawn for turn 3; its units have none now. Standing "
                                "orders apply to units left without one.\n⚠️ Mōri is no longer marked ready "
                                "(changing an order takes the mark back); /orders ready when done.")
    assert await stored(world, "mori") == [] and await stored(world, "otomo") == otomo_orders
    status = (await world.run("game status", mori))[-1].content
    assert "Mōri: not ready" in status
    again = await world.run("orders clear", mori)
    assert again[-1].ephemeral and again[-1].content == "Your clan has no orders for turn 3 to withdraw"


async def test_clear_offers_each_order_by_its_own_slot(open_turn):
    """Orders of one unit in two sub-phases: each choice carries its own slot (no pairing by position)."""
    world, mori = open_turn, open_turn.players["mori"]
    await world.run("order cruise", mori, unit="mori-noshima", target="geiyo", subphase="SP2")
    await world.run("order trade", mori, unit="mori-akita-maru")
    await world.run("order idle", mori, unit="mori-noshima")
    choices = {c["value"]: c["name"] for c in await world.h.autocomplete("orders withdraw", mori, "unit", unit="")}
    assert choices == {"unit:mori-noshima#SP2": "Noshima Murakami will cruise off Geiyo Islands: Aki → Geiyo "
                                                "Islands (1 step). SP2; engages if not o…",  # 100 characters at most
                       "unit:mori-akita-maru": "Akita-maru trades.",
                       "unit:mori-noshima": "Noshima Murakami stays in port. engages if not outnumbered; low stake."}
    sent = await world.run("orders withdraw", mori, unit="unit:mori-noshima#SP2")
    assert sent[-1].content.startswith("🗑️ Order withdrawn: Noshima Murakami will cruise off Geiyo Islands")
    assert sorted(o.unit for o in await stored(world, "mori")) == ["unit:mori-akita-maru", "unit:mori-noshima"]


async def test_leader_and_army_options_offer_your_own_from_the_state(armed):
    world, mori = armed, armed.players["mori"]

    def captured(state):
        state["characters"]["kobayakawa-takakage"]["status"] = "captured"
    await world.edit_state(1, captured)
    leaders = await world.h.autocomplete("order cruise", mori, "leader", unit="x", target="x", leader="")
    assert leaders == [{"name": "Murakami Takeyoshi — commander, 1 victory, leads Noshima Murakami",
                        "value": "murakami-takeyoshi"}]  # free characters of your clan only
    sent = await world.run("order cruise", mori, unit="mori-noshima", target="geiyo", leader="Murakami Takeyoshi")
    assert sent[-1].content.startswith("✅ Noshima Murakami will cruise off Geiyo Islands")
    assert (await stored(world, "mori"))[0].payload["leader"] == "murakami-takeyoshi"
    armies = await world.h.autocomplete("order landing", mori, "army", unit="x", army="kik")
    assert armies == [{"name": "Kikkawa army — in Bingo", "value": "mori-kikkawa"}]
    assert await world.h.autocomplete("order landing", world.players["kono"], "army", unit="x", army="") == []


async def test_no_reply_to_one_clan_shows_another_clans_orders(open_turn):
    world = open_turn
    receipts = {}
    plans = {"mori": ("order cruise", {"unit": "mori-kurushima", "target": "buzen"}),
             "otomo": ("order cruise", {"unit": "otomo-usuki", "target": "iyo", "stake": "high"}),
             "kono": ("order cruise", {"unit": "kono-mitsu", "target": "sanuki", "engage": "always"}),
             "miyoshi": ("order base", {"unit": "miyoshi-hyogo-maru", "port": "sakai"})}
    for clan, (path, values) in plans.items():
        receipts[clan] = (await world.run(path, world.players[clan], **values))[-1].content.removeprefix("✅ ")
    seen = {clan: [] for clan in CLANS}
    for clan in CLANS:
        for path in ("orders show", "orders ready", "fleet list", "game status"):
            seen[clan] += [s.content for s in await world.run(path, world.players[clan])]
        seen[clan] += [c["name"] for c in await world.h.autocomplete("orders withdraw", world.players[clan], "unit",
                                                                     unit="")]
    for clan in CLANS:
        text = "\n".join(seen[clan])
        assert receipts[clan] in text
        leaks = [other for other in CLANS if other != clan and receipts[other] in text]
        assert leaks == [], f"{clan} was shown the orders of {leaks}"


async def test_unit_autocomplete_says_where_a_unit_is_based_by_the_ports_name(world):
    """Issue 17: the choice read "based kusatsu" (the port's id)."""
    await world.setup_campaign()
    choices = await world.h.autocomplete("order idle", world.players["mori"], "unit", unit="Kobayakawa")
    assert choices == [{"name": "Kobayakawa-1 — squadron, XP 1, dmg 0, 1 heavy det., based Kusatsu, led by "
                                "Kobayakawa Takakage",
                        "value": "mori-kobayakawa"}]
