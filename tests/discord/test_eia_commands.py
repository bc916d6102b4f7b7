"""Empires in Arms' commands driven the way players and moderators use them (issue 15, E4): a moderator
creates the demo campaign (autumn 1805), links the nations and opens France's impulse; players give
the orders of E17 with names picked from autocomplete or typed by hand; moderators enter war and
peace, zone control, squadron status, the nations' combat dice (E-OP-15), the KO ledger and the loss
of a port (E14).  Every reply is private; a refusal says what was wrong and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot.discord_app import FleetwrightBot
from bot.mapfiles import load_shipped_map
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.discord.conftest import CLOCK, SEED, World
from tests.discord.harness import MANAGE_GUILD, Harness, Member

NATIONS = ("france", "britain", "spain")
ROLES = {"Moderators": 610, **{n: 620 + i for i, n in enumerate(NATIONS)}}
CHANNELS = {"general": 510, "naval-reports": 520, "moderators": 525,
            **{f"{n}-room": 530 + i for i, n in enumerate(NATIONS)}}
PRIVATE = {f"{n}-room": [ROLES[n]] for n in NATIONS}


@pytest.fixture
async def eia(tmp_path) -> AsyncIterator[World]:
    """The demo campaign (autumn 1805) with France's impulse open, three nations linked."""
    repo = await open_repository(tmp_path / "eia.db")
    service = CampaignService(repo, clock=lambda: CLOCK, seed_factory=lambda: SEED)
    bot = FleetwrightBot(service, intents=discord.Intents.none(), sync_commands=False, run_scheduler=False)
    try:
        async with bot:
            await bot.setup_hook()
            players = {n: Member(100 + i, f"{n}-player", [ROLES[n]]) for i, n in enumerate(NATIONS)}
            world = World(h=Harness(bot, ROLES, CHANNELS, PRIVATE), bot=bot, service=service,
                          admin=Member(1, "admin", permissions=MANAGE_GUILD), mod=Member(2, "mod", [ROLES["Moderators"]]),
                          players=players, outsider=Member(3, "outsider", []))
            await world.run("campaign create", world.admin, scenario="eia-demo", name="Autumn 1805")
            await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"])
            await world.run("campaign moderators", world.admin, role=ROLES["Moderators"])
            for n in NATIONS:
                await world.run("faction link", world.admin, clan=n, role=ROLES[n], channel=CHANNELS[f"{n}-room"])
            await world.run("turn open", world.admin, deadline="in 48h")
            yield world
    finally:
        await repo.close()


async def orders_of(world: World, nation: str) -> dict[str, dict]:
    return {o.unit: o.payload for o in await world.service.orders(1, nation)}


async def state_of(world: World):
    record = await world.service.repo.load_state(1)
    return record.state


# --- a nation's orders ---------------------------------------------------------------------------------

async def test_a_movement_plan_typed_by_names_is_stored_with_ids_and_its_conditions(eia):
    sent = await eia.run("eia move", eia.players["france"], at="Brest", route="English Channel, North Sea",
                         patrols="North Sea: 2", evade="yes", on_win="stop")
    assert sent[0].type == 5 and sent[-1].ephemeral  # deferred, then a private reply
    assert sent[-1].content.startswith("✅ ")
    assert "English Channel → North Sea" in sent[-1].content and "patrolling North Sea up to 2 times" in \
        sent[-1].content
    (stored,) = (await orders_of(eia, "france")).values()
    assert {k: stored[k] for k in ("kind", "at", "path", "patrols", "evade", "on_win")} == {
        "kind": "move_fleet", "at": "brest", "path": ["english_channel", "north_sea"], "patrols": {"north_sea": 2},
        "evade": "yes", "on_win": "stop"}


async def test_the_stack_autocomplete_lists_only_the_callers_places_with_their_squadrons(eia):
    choices = await eia.h.autocomplete("eia move", eia.players["spain"], "at", at="")
    assert [(c["name"], c["value"]) for c in choices] == [  # never another nation's (the French in Cádiz)
        ("Cádiz — Príncipe de Asturias's squadron, Santa Ana's squadron", "cadiz"),
        ("Cartagena — Cartagena squadron", "cartagena"), ("Ferrol — Ferrol squadron", "ferrol")]


async def test_the_route_autocomplete_offers_the_places_next_to_the_last_one_first(eia):
    choices = await eia.h.autocomplete("eia move", eia.players["france"], "route", at="brest", route="")
    assert choices[0]["value"] == "english_channel"  # Brest's zone: the only way out of the port (E2.2)
    after = await eia.h.autocomplete("eia move", eia.players["france"], "route", at="brest",
                                     route="English Channel, ")
    names = [c["value"].split(", ")[1] for c in after]
    board = load_shipped_map("empires-in-arms")
    near = set(board.adjacent("english_channel")) | set(board.ports_in("english_channel"))
    assert set(names[:len(near)]) == near and "north_sea" in near  # the zones next to it and its ports first


async def test_a_convoy_and_standing_orders_take_names(eia):
    france = eia.players["france"]
    await eia.run("eia standing", france, intercept="never", evade="if enemy_dice >= 6",
                  nearest_ports="Toulon, Brest")
    stored = (await orders_of(eia, "france"))["standing:france"]
    assert {k: stored[k] for k in ("kind", "intercept", "evade", "nearest_ports")} == {
        "kind": "standing", "intercept": "never", "evade": "if enemy_dice >= 6", "nearest_ports": ["toulon", "brest"]}


async def test_two_nations_standing_orders_both_survive(eia):
    """E-OP-09: every nation holds its own standing orders; the store keys a step's orders by slot, so a
    slot without the nation made Britain's set replace France's."""
    await eia.run("eia standing", eia.players["france"], intercept="never")
    sent = await eia.run("eia standing", eia.players["britain"], intercept="always")
    assert sent[-1].content.startswith("✅") and "replac" not in sent[-1].content.lower()
    assert (await orders_of(eia, "france"))["standing:france"]["intercept"] == "never"
    assert (await orders_of(eia, "britain"))["standing:britain"]["intercept"] == "always"


async def test_a_standing_order_for_another_nation_is_refused(eia):
    """A payload naming another nation (its slot, rules/orders.order_slot) is refused and stores nothing."""
    from bot.rulesets.empires_in_arms.rules.orders import parse_order
    from bot.rulesets.empires_in_arms.rules.ruleset import EiaRuleset
    from bot.engine.ruleset import OrderRejected
    ruleset, record = EiaRuleset(), await eia.service.repo.load_state(1)
    order = parse_order({"kind": "standing", "nation": "france", "intercept": "always"})
    with pytest.raises(OrderRejected, match="your own nation only, Great Britain"):
        ruleset.validate_order(ruleset.state_model.model_validate(record.state), load_shipped_map("empires-in-arms"),
                               None, "britain", order, [])


async def test_an_outsider_gives_no_order(eia):
    sent = await eia.run("eia patrol", eia.outsider, zone="English Channel")
    assert sent[-1].ephemeral and not sent[-1].content.startswith("✅")
    assert await orders_of(eia, "france") == {}


# --- the moderators' inputs ----------------------------------------------------------------------------

async def test_zone_control_and_a_squadrons_status_are_edits_in_the_audit_log(eia):
    sent = await eia.run("empires-in-arms zone", eia.mod, zone="Bay of Biscay", nation="Great Britain",
                         reason="Cornwallis")
    assert sent[-1].ephemeral and sent[-1].content.startswith("🛠️ **Autumn 1805**")
    await eia.run("empires-in-arms squadron", eia.mod, squadron="Alexandre's squadron", status="ready")
    state = await state_of(eia)
    assert state["zone_control"]["bay_of_biscay"] == "britain"
    assert state["squadrons"]["fr_alexandre"]["status"] == "ready"
    logged = await eia.service.repo.audit_log(1)
    assert len(logged) >= 2 and any("Cornwallis" in (getattr(a, "reason", "") or str(a)) for a in logged)


async def test_a_player_cannot_use_the_moderators_group(eia):
    sent = await eia.run("empires-in-arms zone", eia.players["france"], zone="Bay of Biscay", nation="France")
    assert sent[-1].ephemeral
    assert (await state_of(eia))["zone_control"].get("bay_of_biscay") != "france"


async def test_a_nations_combat_dice_are_set_in_the_campaigns_table(eia):
    sent = await eia.run("empires-in-arms dice", eia.mod, nation="Batavian Republic", dice=2)
    assert sent[-1].content.startswith("Combat dice per squadron (E8.4): ")
    assert "Batavian Republic 2" in sent[-1].content and "Great Britain 3" in sent[-1].content
    settings = await eia.service.settings(1)
    assert settings["naval_dice_per_squadron.netherlands"] == 2
    assert settings["naval_dice_per_squadron.britain"] == 3  # the seed's rows stay (E8.4)


# One successful use of each /empires-in-arms command, in an order that works.
EIA_WALK = [
    ("empires-in-arms relation", dict(a="Prussia", b="France", relation="war")),
    ("empires-in-arms zone", dict(zone="Bay of Biscay", nation="France")),
    ("empires-in-arms port", dict(port="Bilbao", nation="France", reason="a correction")),
    ("empires-in-arms squadron-add", dict(nation="France", location="Brest", name="Escadre légère")),
    ("empires-in-arms squadron", dict(squadron="Escadre légère", status="requires_outfitting")),
    ("empires-in-arms ko", dict(nation="France", ko=10)),
    ("empires-in-arms armada", dict(armada="combined_fleet", commander="Santa Ana's squadron")),
    ("empires-in-arms dice", dict(nation="Batavian Republic", dice=2)),
    ("empires-in-arms lose-port", dict(port="Ferrol", nation="France")),
]


async def test_every_eia_moderator_command_leaves_one_audit_entry(eia):
    from cogs.audit_trail import READS
    from tests.discord.test_audit_trail import moderator_paths
    own = {p for p in moderator_paths(eia.bot) - READS if p.startswith("empires-in-arms ")}
    assert own == {path for path, _ in EIA_WALK}  # a new command joins the walk
    start = len(await eia.service.audit_log(1, 200))
    for index, (path, values) in enumerate(EIA_WALK, start=1):
        sent = await eia.run(path, eia.mod, **values)
        assert not sent[-1].content.startswith("Refused"), (path, sent[-1].content)
        assert len(await eia.service.audit_log(1, 200)) == start + index, (path, sent[-1].content)


async def test_hostile_names_reach_replies_escaped_and_places_by_name(eia):
    """Issue 10 in EiA: a squadron named with markdown and a mention is escaped in the moderators' note
    (which names the place, not its id) and in the player's receipt; text typed by hand is quoted in a refusal."""
    from tests.discord.test_hostile_names import HOSTILE, SHOWN
    sent = await eia.run("empires-in-arms squadron-add", eia.mod, nation="France", location="Brest", name=HOSTILE)
    note = sent[-1].content.split("\nEdit:")[0]
    assert SHOWN in note and "[x](" not in note and " at Brest" in note and " at brest" not in note
    (new,) = [u for u in await eia.service.units(1, "france") if "Kobayakawa" in u.name]
    sent = await eia.run("eia move", eia.players["france"], at="Brest", route="English Channel", squadrons=new.id)
    assert SHOWN in sent[-1].content and "[x](" not in sent[-1].content
    before = await orders_of(eia, "france")
    sent = await eia.run("eia move", eia.players["france"], at="Brest", route="English Channel",
                         squadrons="@everyone [x](http://e.vil)")
    assert sent[-1].content.startswith("Refused: “@\u200beveryone \\[x\\](http://e.vil)” is not a squadron")
    assert await orders_of(eia, "france") == before


@pytest.mark.parametrize("count", ["0", "-3", "99999999999999", "abc", "２"])
async def test_a_patrol_count_out_of_range_is_refused_saying_the_form(eia, count):
    """E5.5: at most so many patrols per zone, 1 to 20; anything else is refused in words (no field ids,
    no validator's English) and stores nothing."""
    sent = await eia.run("eia move", eia.players["france"], at="Brest", route="English Channel",
                         patrols=f"English Channel: {count}")
    text = sent[-1].content
    assert sent[-1].ephemeral and text.startswith("Patrols: “English Channel: ")
    assert "from 1 to 20" in text and "North Sea: 2; English Channel" in text
    assert "move_fleet" not in text and "Input should" not in text
    assert await orders_of(eia, "france") == {}


async def test_a_nations_plan_and_standing_orders_are_its_own_to_read(eia):
    """E-OP-09: France's plan (its path and conditions) and Britain's standing orders are read by their own
    nation only: neither shows in the other's /orders show, nor in an outsider's."""
    await eia.run("eia move", eia.players["france"], at="Brest", route="English Channel, North Sea",
                  patrols="North Sea: 2", evade="if enemy_dice >= 6")
    await eia.run("eia standing", eia.players["britain"], intercept="if dice_advantage <= 2")
    france = (await eia.run("orders show", eia.players["france"]))[-1].content
    britain = (await eia.run("orders show", eia.players["britain"]))[-1].content
    outsider = (await eia.run("orders show", eia.outsider))[-1].content
    assert "North Sea" in france and "Standing orders" not in france
    assert "Standing orders" in britain and "North Sea" not in britain and "enemy" not in britain
    assert "North Sea" not in outsider and "Standing orders" not in outsider
