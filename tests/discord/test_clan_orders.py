"""/clan: the standing clan policy, capture credits and the clan's leaders — privately,
and never another clan's."""

from __future__ import annotations

from tests.discord.conftest import ARMIES, CLANS, CREDITS
from tests.discord.test_unit_orders import private


async def policy_order(world, clan="mori"):
    return next((o.payload for o in await world.service.orders(1, clan) if o.payload["kind"] == "clan_policy"), None)


async def test_policy_without_options_shows_the_rules_defaults(armed):
    sent = await armed.run("clan policy", armed.players["mori"])
    assert private(sent)
    assert sent[-1].content.splitlines() == [
        "**Mōri** — clan policy (standing):",
        "• Pairing (OP-39): your strongest squadrons first, each against the most damaged enemy",
        "• Three or more sides (S5.9): the rules default order",
        "• If your last port falls (S2.6): your squadrons are lost",
        "Change any part with /clan policy; the rest stays as it is."]
    assert await policy_order(armed) is None


async def test_changing_one_part_of_the_policy_keeps_the_rest(armed):
    world, mori = armed, armed.players["mori"]
    choices = await world.h.autocomplete("clan policy", mori, "multi_clan_priority", multi_clan_priority="Ōtomo, k")
    assert choices == [{"name": "Ōtomo, Kōno", "value": "Ōtomo, kono"}]
    sent = await world.run("clan policy", mori, pairing_own_order="weakest_first", multi_clan_priority="Ōtomo, kono")
    assert private(sent)
    assert sent[-1].content.startswith("✅ Mōri's clan policy from this turn's resolution on")
    assert "• Pairing (OP-39): your weakest squadrons first" in sent[-1].content
    assert "• Three or more sides (S5.9): fight Ōtomo, then Kōno first" in sent[-1].content

    sent = await world.run("clan policy", mori, on_last_port_lost="transfer", transfer_to="Ōtomo")
    assert "Replaces the policy you ordered earlier this turn." in sent[-1].content
    assert "your squadrons are handed over to Ōtomo" in sent[-1].content
    assert "your weakest squadrons first" in sent[-1].content  # kept
    order = await policy_order(world)
    assert order | {"kind": "clan_policy", "unit": "mori", "pairing_own_order": "weakest_first",
                    "multi_clan_priority": ["otomo", "kono"], "on_last_port_lost": "transfer",
                    "transfer_to": "otomo"} == order

    sent = await world.run("clan policy", mori, multi_clan_priority="none")
    assert "the rules default order" in sent[-1].content and "handed over to Ōtomo" in sent[-1].content
    shown = (await world.run("clan policy", mori))[-1].content
    assert shown.startswith("**Mōri** — clan policy (ordered this turn: it applies from this turn's resolution")
    listing = (await world.run("orders show", mori))[-1].content  # a clan order lists like any other
    assert "**Mōri** — orders for turn 3 of Seto 1560 (1):" in listing


async def test_a_policy_handing_squadrons_to_an_ally_is_refused(armed):
    world = armed
    sent = await world.run("clan policy", world.players["mori"], on_last_port_lost="transfer", transfer_to="kono")
    assert private(sent) and sent[-1].content.startswith("Refused: transfer_to: squadrons can only be handed over "
                                                         "to an enemy") and "(S2.6, OP-07)" in sent[-1].content
    assert await policy_order(world) is None


async def test_redeem_a_credit_offered_by_autocomplete(armed):
    world, mori = armed, armed.players["mori"]
    choices = await world.h.autocomplete("clan redeem", mori, "credit", credit="", build="squadron", port="x")
    assert choices == [{"name": "The credit for a squadron captured on turn 2", "value": "credit:2:mori"}]
    sent = await world.run("clan redeem", mori, credit="credit:2:mori", build="squadron", port="Tomo",
                           name="Prize of Iyo")
    assert private(sent)
    assert sent[-1].content == ("✅ The credit for a squadron captured on turn 2 will be redeemed when the turn is "
                                "resolved: a new squadron “Prize of Iyo” at Tomo.")
    (order,) = [o.payload for o in await world.service.orders(1, "mori")]
    assert order | {"kind": "redeem_capture", "unit": "credit:2:mori", "build": "squadron", "port": "tomo",
                    "name": "Prize of Iyo"} == order


async def test_a_credit_is_named_by_its_prize_never_by_its_id(armed):
    """Issue 17: a player reads "the credit for Tahara-2", not "credit:2:otomo-tahara" (S8.4.6)."""
    world, mori = armed, armed.players["mori"]

    def tahara_captured(state):
        state["squadrons"]["otomo-tahara"]["state"] = "captured"
        state["credits"] = [{"id": "credit:2:otomo-tahara", "holder": "mori", "kind": "squadron",
                             "turn_captured": 2}]

    await world.edit_state(1, tahara_captured)
    choices = await world.h.autocomplete("clan redeem", mori, "credit", credit="", build="squadron", port="x")
    assert choices == [{"name": "The credit for Tahara-2 (squadron of Ōtomo, captured on turn 2)",
                        "value": "credit:2:otomo-tahara"}]
    sent = await world.run("clan redeem", mori, credit="credit:2:otomo-tahara", build="squadron", port="Tomo")
    assert sent[-1].content == ("✅ The credit for Tahara-2 (squadron of Ōtomo, captured on turn 2) will be redeemed "
                                "when the turn is resolved: a new squadron at Tomo.")
    assert "credit:" not in (await world.run("orders show", mori))[-1].content


async def test_redeeming_another_clans_credit_is_refused(armed):
    world = armed
    sent = await world.run("clan redeem", world.players["mori"], credit="credit:2:otomo", build="squadron",
                           port="tomo")
    assert private(sent) and sent[-1].content == ("Refused: your clan has no capture credit 'credit:2:otomo'; "
                                                  "your last report lists your credits (S8.4.6, V1)")
    assert await world.service.orders(1, None) == []


async def test_leaders_lists_the_clans_characters_privately(armed):
    sent = await armed.run("clan leaders", armed.players["mori"])
    assert private(sent)
    assert sent[-1].content.splitlines() == [
        "**Mōri** — 2 characters",
        "• **Kobayakawa Takakage** — commander, free; wounds 0; 1 victory; naval art not active; leads Kobayakawa-1",
        "• **Murakami Takeyoshi** — commander, free; wounds 0; 1 victory; naval art active ✨; leads Noshima "
        "Murakami"]
    sent = await armed.run("clan leaders", armed.outsider)
    assert sent[-1].ephemeral and sent[-1].content.startswith("You are not a player of Seto 1560")


async def test_no_clan_is_shown_another_clans_leaders_credits_or_armies(armed):
    world = armed
    state = world.service.repo
    characters = (await state.load_state(1)).state["characters"]
    names = {clan: {c["name"] for c in characters.values() if c["clan"] == clan} for clan in CLANS}
    secrets = {clan: names[clan] | {c["id"] for c in CREDITS if c["holder"] == clan}
               | {a["name"] for a in ARMIES.values() if a["clan"] == clan} for clan in CLANS}
    for clan in CLANS:
        member = world.players[clan]
        seen = [s.content for s in await world.run("clan leaders", member)]
        seen += [c["name"] + c["value"] for c in await world.h.autocomplete(
            "clan redeem", member, "credit", credit="", build="squadron", port="x")]
        seen += [c["name"] + c["value"] for c in await world.h.autocomplete(
            "order cruise", member, "leader", unit="x", target="x", leader="")]
        seen += [c["name"] + c["value"] for c in await world.h.autocomplete(
            "unit evacuate", member, "army", unit="x", army="")]
        text = "\n".join(seen)
        assert all(name in text for name in names[clan]), f"{clan} does not see its own leaders"
        leaks = {other: [s for s in secrets[other] if s in text] for other in CLANS if other != clan}
        assert {k: v for k, v in leaks.items() if v} == {}, f"{clan} was shown {leaks}"


async def test_a_transfer_to_the_captor_by_default_never_breaks_the_next_policy(armed):
    """S2.6, OP-07 (a): on_last_port_lost:transfer without transfer_to hands the squadrons to the captor;
    changing the policy afterwards (even to lose them) used to fail on the empty receiver."""
    world, mori = armed, armed.players["mori"]
    sent = await world.run("clan policy", mori, on_last_port_lost="transfer")
    assert "your squadrons are handed over to the clan that took the port" in sent[-1].content
    sent = await world.run("clan policy", mori, on_last_port_lost="lose")
    assert private(sent) and sent[-1].content.startswith("✅ Mōri's clan policy")
    assert "• If your last port falls (S2.6): your squadrons are lost" in sent[-1].content
    sent = await world.run("clan policy", mori, pairing_target="least_damaged")
    assert "each against the least damaged enemy" in sent[-1].content
    assert (await policy_order(world))["on_last_port_lost"] == "lose"


async def test_a_receiver_for_squadrons_that_are_lost_anyway_is_refused(armed):
    world, mori = armed, armed.players["mori"]
    sent = await world.run("clan policy", mori, transfer_to="Ōtomo")
    assert private(sent) and sent[-1].content == (
        "Transfer_to only applies when your squadrons are handed over: add on_last_port_lost:transfer (or "
        "leave transfer_to out to keep losing them, S2.6)")
    assert await policy_order(world) is None


async def test_a_stored_policy_the_rules_cannot_read_breaks_nothing(armed):
    world, mori = armed, armed.players["mori"]
    bad = {"kind": "clan_policy", "unit": "mori", "on_last_port_lost": "sink-them", "transfer_to": 7}
    await world.service.repo.put_order(1, 3, "mori", "clan:mori:policy", bad)
    listing = (await world.run("orders show", mori))[-1].content
    assert "• an order: an order given earlier that no longer reads (on_last_port_lost: " in listing
    assert "at the resolution it falls back (S12.4) unless a new one replaces it" in listing
    shown = (await world.run("clan policy", mori))[-1].content
    assert "• If your last port falls (S2.6): your squadrons are lost" in shown  # the rules' defaults
    sent = await world.run("clan policy", mori, pairing_own_order="weakest_first")
    assert sent[-1].content.startswith("✅ Mōri's clan policy") and "Replaces" in sent[-1].content
