"""Attacks of the hostile review of issues 10 and 17, each one that worked before its fix."""

from __future__ import annotations

import json

from tests.discord.conftest import CREDITS, PNG

HIDDEN = "tfplunder:sp1:otomo-funai-maru"  # the loot roll of an Ōtomo task force, shown to Ōtomo only


def mori_can_redeem(state: dict) -> None:
    state["credits"] = json.loads(json.dumps(CREDITS))
    state["clans"]["mori"].update(rice=3, development=1)


async def test_a_name_that_reads_like_a_dice_key_gets_no_proof_of_that_roll(world):
    """A player names a redeemed squadron "(key <a hidden roll's key>)"; the name is in the clan's own
    report, which must not make /dice verify hand over that roll's proof (issue 10: nobody can compute
    a roll whose result is hidden from them; here the loot of another clan's plunder, S3.5.4)."""
    await world.setup_campaign()
    await world.edit_state(1, mori_can_redeem)
    await world.run("turn open", world.admin, deadline="in 48h")
    await world.submit_demo_orders()
    sent = await world.run("clan redeem", world.players["mori"], credit="credit:2:mori", build="squadron", port="Tomo",
                    name=f"(key {HIDDEN})")
    await world.run("turn resolve", world.admin)
    record = await world.service.repo.last_resolution(1)
    assert f"(key {HIDDEN})" in record.report["faction:mori"]  # the name, as typed
    assert HIDDEN in {r.key for r in record.dice}
    sent = await world.run("dice verify", world.players["mori"], key=HIDDEN)
    assert sent[-1].content.startswith(f"The key {HIDDEN!r} is not one your report of that turn shows")
    sent = await world.run("dice verify", world.players["mori"])
    document = json.loads(sent[-1].files["dice-proofs-turn-3.json"])
    assert HIDDEN not in {r["key"] for r in document["rolls"]}


async def test_a_stale_resolve_prompt_does_not_resolve_the_next_turn(planned):
    """A moderator's "Resolve turn 3" prompt, clicked after another moderator resolved turn 3 and
    opened turn 4, must not resolve turn 4 before its players have ordered (issue 17, confirmations)."""
    world = planned
    (prompt,) = await world.ask("turn resolve", world.mod)
    await world.run("turn resolve", world.admin)
    await world.captives_defaults()  # the turn's last step (OP-46 c)
    await world.run("turn open", world.admin, deadline="in 48h")
    sent = await world.h.click(prompt, "Resolve turn 3", world.mod)
    assert sent[-1].content == ("This prompt was about turn 3 of Seto 1560 (planning); the campaign has moved on "
                                "since (turn 4, planning), so nothing was done. Run the command again if you still "
                                "want it")
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.phase.value) == (4, "planning")


async def test_a_stale_resolve_prompt_does_not_resolve_the_next_step(planned):
    """A "Resolve turn 3" prompt asked at its orders step, clicked after another moderator resolved
    that step, must not resolve the captives' choices it opened (OP-46 c) before the captive's clan
    could answer (issue 12): refused, and no default is applied."""
    world = planned
    (prompt,) = await world.ask("turn resolve", world.mod)
    await world.run("turn resolve", world.admin)
    sent = await world.h.click(prompt, "Resolve turn 3", world.mod)
    assert sent[-1].content == ("This prompt was about Turn 3 of Seto 1560; the campaign has moved on since (Turn 3 · "
                                "captives' choices), so nothing was done. Run the command again if you still want it")
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step, campaign.phase.value) == (3, 2, "planning")
    assert await world.service.repo.list_orders(1, 3, step=2) == []


async def test_a_stale_clear_prompt_does_not_withdraw_the_next_turns_orders(planned):
    """A player's "Withdraw all orders for turn 3?" clicked once turn 4 is open and ordered must not
    withdraw turn 4's orders (and then call them turn 3's)."""
    world, mori = planned, planned.players["mori"]
    (prompt,) = await world.ask("orders clear", mori)
    await world.run("turn resolve", world.admin)
    await world.captives_defaults()  # the turn's last step (OP-46 c)
    await world.run("turn open", world.admin, deadline="in 48h")
    given = await world.run("clan policy", mori, on_last_port_lost="lose")
    before = await world.service.orders(1, "mori")
    assert before, given[-1].content
    sent = await world.h.click(prompt, next(iter(world.h.buttons(prompt))), mori)
    assert sent[-1].content == ("Turn 3 of Seto 1560 is over, and this prompt was for its orders, so nothing was "
                                "withdrawn; run /orders clear again for turn 4")
    assert await world.service.orders(1, "mori") == before


async def test_a_basing_order_is_withdrawn_by_the_units_name(world):
    """/order base stores under unit:<id>#base (S2.1, OP-08); /orders withdraw unit:<its name> must find
    it, not answer that the unit has no order."""
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    mori = world.players["mori"]
    await world.run("order base", mori, unit="mori-kobayakawa", port="tomo")
    assert [o.unit for o in await world.service.orders(1, "mori")] == ["unit:mori-kobayakawa#base"]
    sent = await world.run("orders withdraw", mori, unit="Kobayakawa-1")
    assert sent[-1].content.startswith("🗑️ Order withdrawn: ")
    assert await world.service.orders(1, "mori") == []


async def test_withdrawing_an_order_that_is_not_there_quotes_what_was_typed(world):
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    sent = await world.run("orders withdraw", world.players["mori"], unit="**otomo-tahara**")
    assert sent[-1].content == "Your clan has no order for “\\*\\*otomo-tahara\\*\\*” this turn"


async def test_tactics_for_a_unit_not_ones_own_says_so_alike_for_foreign_and_missing(world):
    """/unit tactics unit:<another clan's id or nothing> said "<Typed> has no order for SP1 yet", raw
    and as if the unit were one's own; it now says the clan has no such unit, the same for both."""
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    mori = world.players["mori"]
    foreign = (await world.run("unit tactics", mori, unit="otomo-tahara", stake="high"))[-1].content
    missing = (await world.run("unit tactics", mori, unit="**nosuch**", stake="high"))[-1].content
    assert foreign == "Your clan has no unit “otomo-tahara”; /fleet list shows your units (V1)"
    assert missing == "Your clan has no unit “\\*\\*nosuch\\*\\*”; /fleet list shows your units (V1)"


async def test_the_turn_announcement_and_status_name_the_dice_key_not_a_seed(planned):
    """A signed turn's commitment is the SHA-256 of its public dice key, and the report reveals that key,
    never a seed (docs/decisions.md, signed dice): the public announcement and /game status said
    "Seed commitment … the seed is revealed with the report", which no player could ever check."""
    world = planned
    announcement = next(s for s in world.h.log if s.kind == "channel" and "planning is open" in s.content)
    status = (await world.run("game status", world.players["mori"]))[-1].content
    commitment = (await world.service.current_turn(1)).commitment
    for text in (announcement.content, status):
        assert "seed" not in text.lower()
        assert (f"Dice commitment: `{commitment}` (SHA-256 of the turn's public dice key); the key is revealed "
                f"with the report, and /dice verify then checks your rolls.") in text


async def test_a_basing_order_that_fell_back_reads_as_a_sentence(planned):
    """A re-base to a port lost before the resolution falls back (S12.4, S2.4); the notice said
    "It is keeps its base instead."."""
    world, mori = planned, planned.players["mori"]
    await world.run("order base", mori, unit="mori-noshima", port="tomo")
    await world.run("sengoku port", world.mod, port="tomo", owner="otomo")
    await world.run("turn resolve", world.admin)
    report = (await world.service.repo.last_resolution(1)).report["faction:mori"]
    (line,) = [line for line in report.splitlines() if line.startswith("Order for Noshima Murakami (base)")]
    assert line.endswith(" It keeps its base instead.")


async def test_a_signed_turns_resolve_undo_and_redo_say_dice_not_seed(planned):
    """No seed is ever revealed on a signed turn; the moderator's replies said "seed `public key, SHA-256 …`
    revealed", "with the same seed" and the players' correction note "its seed is public"."""
    world = planned
    commitment = (await world.service.current_turn(1)).commitment
    resolved = await world.run("turn resolve", world.admin)
    undone = await world.run("turn undo", world.admin)
    ready = await world.run("orders ready", world.players["mori"])
    redone = await world.run("turn redo", world.admin)
    texts = [s.content for s in resolved + undone + ready + redone if s.kind != "channel"]
    assert not [t for t in texts if "seed" in t.lower()]
    assert f"Turn 3 of Seto 1560 resolved; its public dice key (SHA-256 `{commitment}`) is revealed." in "\n".join(texts)


async def test_the_order_of_a_removed_unit_is_listed_by_what_it_is_not_by_its_id(planned):
    """After /mod unit remove, the clan's /orders show listed "• mori-akita-maru trades.", a raw id and
    an order that will not be carried out (it falls back at the resolution, S12.4)."""
    world, mori = planned, planned.players["mori"]
    await world.run("sengoku unit remove", world.mod, unit="mori-akita-maru")
    shown = (await world.run("orders show", mori))[-1].content
    assert "mori-akita-maru" not in shown
    assert ("• an order for a unit no longer in the campaign (tf trade); at the resolution it falls back (S12.4); "
            "withdraw it with /orders withdraw") in shown


async def test_the_map_of_a_clan_whose_id_is_mine_is_offered_as_that_clans(world):
    """A clan called Mine gets the id "mine" (only "public" and "moderators" are refused); the moderators'
    /map autocomplete offered its view as view:mine, which is the caller's own clan's."""
    from tests.discord.test_reserved_audiences import fake_maps

    def rename(state: dict) -> None:
        new = json.loads(json.dumps(state).replace('"mori"', '"mine"'))
        state.clear()
        state.update(new)

    await world.setup_campaign()
    await world.edit_state(1, rename)
    campaign = await world.service.campaign(1)
    campaign.factions = [f.model_copy(update={"id": "mine" if f.id == "mori" else f.id}) for f in campaign.factions]
    await world.service.repo.update_campaign(campaign)
    fake_maps(world)
    choices = await world.h.autocomplete("map", world.mod, "view", view="Mōri")
    assert choices == [{"name": "Mōri's view", "value": "clan:mine"}]
    (shown,) = [s for s in await world.run("map", world.mod, view=choices[0]["value"]) if s.files]
    assert list(shown.files.values()) == [PNG + b"faction:mine"] and shown.content.endswith("Mōri's view.")
