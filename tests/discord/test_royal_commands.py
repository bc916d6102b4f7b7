"""The royal fleets' commands driven the way players and moderators use them (issue 13, R4): a moderator
creates the demo campaign, links the factions and opens the turn; players give the orders of U14 with
names picked from autocomplete or typed by hand; moderators fill in the campaign tables (U0.1) and
place the pirates (U3.4).  Every reply is private; a refusal says what was wrong and changes nothing."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace

import discord
import pytest

from bot.discord_app import FleetwrightBot
from bot.services.campaigns import CampaignService
from bot.store import open_repository
from tests.discord.conftest import CLOCK, SEED, World
from tests.discord.harness import MANAGE_GUILD, Harness, Member

FACTIONS = ("spain", "dutch", "france")
ROLES = {"Moderators": 610, **{f: 620 + i for i, f in enumerate(FACTIONS)}, "Pirate crew": 640}
CHANNELS = {"general": 510, "naval-reports": 520, **{f"{f}-room": 530 + i for i, f in enumerate(FACTIONS)},
            "pirates-cove": 540}
PRIVATE = {**{f"{f}-room": [ROLES[f]] for f in FACTIONS}, "pirates-cove": [ROLES["Pirate crew"]]}


@pytest.fixture
async def royal(tmp_path) -> AsyncIterator[World]:
    """The demo campaign (Atlantic 1650) with its turn open, every faction linked."""
    repo = await open_repository(tmp_path / "royal.db")
    service = CampaignService(repo, clock=lambda: CLOCK, seed_factory=lambda: SEED)
    bot = FleetwrightBot(service, intents=discord.Intents.none(), sync_commands=False, run_scheduler=False)
    try:
        async with bot:
            await bot.setup_hook()
            players = {f: Member(100 + i, f"{f}-player", [ROLES[f]]) for i, f in enumerate(FACTIONS)}
            world = World(h=Harness(bot, ROLES, CHANNELS, PRIVATE), bot=bot, service=service,
                          admin=Member(1, "admin", permissions=MANAGE_GUILD), mod=Member(2, "mod", [ROLES["Moderators"]]),
                          players=players, outsider=Member(3, "outsider", []))
            await world.run("campaign create", world.admin, scenario="royal-demo", name="Atlantic 1650")
            await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"])
            await world.run("campaign moderators", world.admin, role=ROLES["Moderators"])
            for f in FACTIONS:
                await world.run("faction link", world.admin, clan=f, role=ROLES[f], channel=CHANNELS[f"{f}-room"])
            await world.run("turn open", world.admin, deadline="in 48h")
            yield world
    finally:
        await repo.close()


def speaking(member: Member, locale: str) -> Member:
    return replace(member, locale=locale)


async def orders_of(world: World, faction: str) -> dict[str, dict]:
    return {o.unit: o.payload for o in await world.service.orders(1, faction)}


# --- a player's orders -------------------------------------------------------------------------------

async def test_a_move_picked_by_names_is_stored_with_ids_and_told_by_name(royal):
    sent = await royal.run("royal move", royal.players["spain"], fleet="Armada of Galicia",
                           route="Bay of Biscay, Western Approaches")
    assert sent[0].type == 5 and sent[-1].ephemeral  # deferred, then a private reply
    assert sent[-1].content.startswith("✅ ")
    assert "Armada of Galicia" in sent[-1].content and "Western Approaches" in sent[-1].content
    stored = (await orders_of(royal, "spain"))["unit:galicia"]
    assert stored["kind"] == "move" and stored["path"] == ["biscay", "western_approaches"]


async def test_the_route_autocomplete_offers_the_areas_next_to_the_fleet_then_to_the_last_step(royal):
    spain = royal.players["spain"]
    first = await royal.h.autocomplete("royal move", spain, "route", fleet="galicia", route="")
    assert [c["name"] for c in first] == ["Bay of Biscay", "Gulf of Cádiz", "Ocean Sea"]
    second = await royal.h.autocomplete("royal move", spain, "route", fleet="galicia", route="Bay of Biscay, ")
    assert [c["value"] for c in second] == ["Bay of Biscay, Coast of Portugal", "Bay of Biscay, Western Approaches"]


async def test_the_fleet_autocomplete_shows_only_the_callers_fleets_by_name(royal):
    choices = await royal.h.autocomplete("royal move", royal.players["dutch"], "fleet", fleet="")
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Tromp's fleet — Bay of Biscay", "tromp"), ("West India Company fleet — Southern North Sea", "wic"),
        ("Zeeland squadron — Alborán Sea", "zeeland")]


async def test_standing_battle_choices_are_kept_when_the_main_order_changes(royal):
    spain = royal.players["spain"]
    sent = await royal.run("royal battle", spain, fleet="galicia", retreat_below=40, targeting="concentrate",
                           retreat_to="Coast of Portugal", if_cornered="surrender")
    assert sent[-1].content.endswith(
        "⚔️ Battle choices: fight; retreat in battle: below 40% of its health; targeting from round 3: the strongest "
        "enemy ship first; after a lost battle to Coast of Portugal, if cornered surrender.")
    plan = (await orders_of(royal, "spain"))["unit:galicia"]
    assert plan["kind"] == "hold"  # a fleet without an order holds (U14), with its choices
    assert plan["plan"]["retreat_below_pct"] == 40 and plan["plan"]["retreat_to"] == ["portugal_coast"]
    await royal.run("royal move", spain, fleet="galicia", route="biscay")
    moved = (await orders_of(royal, "spain"))["unit:galicia"]
    assert moved["kind"] == "move" and moved["plan"] == plan["plan"]
    await royal.run("royal battle", spain, fleet="galicia", retreat_below=0)  # 0: never
    assert (await orders_of(royal, "spain"))["unit:galicia"]["plan"]["retreat_below_pct"] is None


async def test_a_battle_choice_for_another_factions_fleet_reads_like_one_that_does_not_exist(royal):
    sent = await royal.run("royal battle", royal.players["spain"], fleet="Tromp's fleet", targeting="capture")
    missing = await royal.run("royal battle", royal.players["spain"], fleet="Nosuch", targeting="capture")
    assert sent[-1].ephemeral
    assert sent[-1].content == "Your faction has no fleet “Tromp's fleet”; /fleet list shows your fleets"
    assert missing[-1].content == "Your faction has no fleet “Nosuch”; /fleet list shows your fleets"
    assert await orders_of(royal, "spain") == {}


async def test_a_route_off_the_map_is_refused_by_the_rules_naming_the_way_on(royal):
    sent = await royal.run("royal move", royal.players["spain"], fleet="galicia", route="English Channel")
    assert sent[-1].ephemeral
    assert "English Channel is not next to Coast of Portugal" in sent[-1].content
    assert await orders_of(royal, "spain") == {}


async def test_hire_repair_upkeep_split_and_merge_take_names(royal):
    dutch = royal.players["dutch"]
    await royal.run("royal split", dutch, fleet="Tromp's fleet", ships="nl-flute-1, nl-flute-2", name="Flutes")
    await royal.run("royal repair", dutch, fleet="West India Company fleet", ships="Walcheren")  # a ship by name
    await royal.run("royal upkeep", dutch, unpaid="nl-frigate-3")
    await royal.run("royal transport", royal.players["france"], fleet="Escadre du Ponant",
                    army="Régiment de Picardie", embark="Normandy", land="Brittany")
    stored = await orders_of(royal, "dutch")
    assert stored["unit:tromp#organise"] == {"kind": "split", "fleet": "tromp", "ships": ["nl-flute-1", "nl-flute-2"],
                                             "name": "Flutes"}
    assert stored["faction:dutch:upkeep"]["unpaid"] == ["nl-frigate-3"]
    assert stored["unit:wic#repair"]["ships"] == ["nl-galleon-2"]
    transport = (await orders_of(royal, "france"))["unit:ponant"]
    assert (transport["army"], transport["embark"], transport["land"]) == ("picardie", "normandy", "brittany")


async def test_the_ship_autocomplete_lists_the_fleets_ships_by_type_and_health(royal):
    choices = await royal.h.autocomplete("royal split", royal.players["dutch"], "ships", fleet="wic", ships="")
    assert [(c["name"], c["value"]) for c in choices] == [
        ("galleon Gouden Leeuw (health 17) — West India Company fleet, Southern North Sea", "nl-galleon-1"),
        ("galleon Walcheren (health 15) — West India Company fleet, Southern North Sea", "nl-galleon-2")]


# --- a moderator's tables -----------------------------------------------------------------------------

async def test_a_moderator_adds_a_ship_type_and_a_player_then_hires_it(royal):
    sent = await royal.run("royal-fleets table ship-type", royal.mod, type="Pinnace", attack="3/2", health=6,
                           price=300, capacity=1)
    assert sent[-1].ephemeral
    assert "• Pinnace: attack 3/2, health 6, price 300, carries 1 units" in sent[-1].content
    assert sent[-1].content.endswith("every table value is set.")
    settings = await royal.service.settings(1)
    assert settings["ship_types.pinnace.attack"] == "3/2" and settings["ship_types.pinnace.price"] == 300
    await royal.run("royal hire", royal.players["spain"], area="Coast of Portugal", ships="Pinnace, pinnace",
                    name="Pinnaces")
    hire = (await orders_of(royal, "spain"))["faction:spain:hire:portugal_coast"]
    assert hire["ships"] == ["pinnace", "pinnace"] and hire["name"] == "Pinnaces"


async def test_an_order_needing_a_missing_value_is_refused_saying_how_to_set_it(royal):
    await royal.run("royal-fleets table ship-type", royal.mod, type="Pinnace", attack="2", health=6)
    shown = await royal.run("royal-fleets table show", royal.mod)
    assert "• Pinnace: attack 2, health 6, price —, carries — units" in shown[-1].content
    assert ("still missing (orders needing them are refused until set): `ship_types.pinnace.price`, "
            "`ship_types.pinnace.capacity_units`") in shown[-1].content
    sent = await royal.run("royal hire", royal.players["spain"], area="Coast of Portugal", ships="Pinnace")
    assert "price of the Pinnace" in sent[-1].content and "ship_types.pinnace.price" in sent[-1].content
    assert await orders_of(royal, "spain") == {}


async def test_a_bad_table_value_is_refused_and_changes_nothing(royal):
    before = await royal.service.settings(1)
    sent = await royal.run("royal-fleets table ship-type", royal.mod, type="galleon", attack="strong")
    assert sent[-1].content == "Attack “strong” is not a number; write it like 3, 2.5 or 5/2"
    assert await royal.service.settings(1) == before


async def test_the_moderator_sets_the_fee_and_a_trade_posts_income(royal):
    await royal.run("royal-fleets table fee", royal.mod, thalers=25)
    sent = await royal.run("royal-fleets table income", royal.mod, post="West Indies", thalers=450)
    settings = await royal.service.settings(1)
    assert settings["transport_fee_per_unit_turn"] == 25 and settings["trade_post_income.west_indies_post"] == 450
    assert "hired transports: 25 thalers per unit and turn" in sent[-1].content


async def test_players_cannot_run_the_moderators_tables(royal):
    sent = await royal.run("royal-fleets table fee", royal.players["spain"], thalers=1)
    assert sent[-1].ephemeral and "moderat" in sent[-1].content
    assert (await royal.service.settings(1))["transport_fee_per_unit_turn"] == 20


async def test_a_moderator_places_a_pirate_fleet_of_table_ships(royal):
    sent = await royal.run("royal-fleets fleet-add", royal.mod, faction="pirates", area="Caribbean Sea",
                           name="Brethren of the Coast", ships="frigate, frigate:7", reason="U3.4 pirates appear")
    assert sent[-1].ephemeral and "Brethren of the Coast" in sent[-1].content
    record = await royal.service.repo.load_state(1)
    fleet = record.state["fleets"]["brethren-of-the-coast"]
    assert fleet["commander"] == "pirates" and fleet["location"] == "caribbean"
    assert [(s["id"], s["type"], s["health"]) for s in fleet["ships"]] == [
        ("brethren-of-the-coast-1", "frigate", 12), ("brethren-of-the-coast-2", "frigate", 7)]


async def test_an_unknown_ship_type_for_the_pirates_is_refused_with_the_format(royal):
    sent = await royal.run("royal-fleets fleet-add", royal.mod, faction="pirates", area="Caribbean Sea",
                           name="Corsairs", ships="xebec")
    assert sent[-1].content.startswith("“xebec” is not a ship type of this campaign's table (known: galleass, "
                                       "galleon, flute, frigate, ship of the line); write the ships as types")
    assert "corsairs" not in (await royal.service.repo.load_state(1)).state["fleets"]


async def test_the_pirates_are_a_faction_the_moderators_order_with_act_as(royal):
    """U3.4 / U-OP-09: the pirates are moderated; once added as a faction a moderator gives their
    fleets orders with /mod act-as and /royal, like a player."""
    added = await royal.run("faction add", royal.admin, name="Pirates", colour="#202020", role=ROLES["Pirate crew"],
                            channel=CHANNELS["pirates-cove"])
    assert "Pirates" in added[-1].content
    await royal.run("royal-fleets fleet-add", royal.mod, faction="Pirates", area="Caribbean Sea", name="Corsairs",
                    ships="frigate, frigate")
    await royal.run("mod act-as", royal.mod, clan="Pirates")
    sent = await royal.run("royal move", royal.mod, fleet="Corsairs", route="Lesser Antilles")
    assert sent[-1].content.startswith("(acting as Pirates) ✅ ")
    assert (await orders_of(royal, "pirates"))["unit:corsairs"]["path"] == ["antilles"]


# --- another language ---------------------------------------------------------------------------------

async def test_a_russian_client_reads_the_refusal_and_the_table_in_russian(royal):
    sent = await royal.run("royal battle", speaking(royal.players["spain"], "ru"), fleet="Nosuch", targeting="even")
    assert sent[-1].content == "У вашей фракции нет флота “Nosuch”; ваши флоты покажет /fleet list"
    shown = await royal.run("royal-fleets table show", speaking(royal.mod, "ru"))
    assert shown[-1].content.startswith("📋 **Atlantic 1650** — таблицы кампании (U0.1):")
    assert "• арендованные транспорты: 20 талеров за отряд в ход" in shown[-1].content


# --- every other order, as a player gives it ------------------------------------------------------------

async def test_blockade_and_support_take_ports_areas_and_factions_by_name(royal):
    dutch = royal.players["dutch"]
    await royal.run("royal blockade", dutch, fleet="Zeeland squadron", port="Cádiz",
                    route="Gulf of Cádiz")
    await royal.run("royal support", dutch, fleet="Tromp's fleet", area="Western Approaches", side="United Provinces")
    stored = await orders_of(royal, "dutch")
    assert stored["unit:zeeland"]["port"] == "cadiz" and stored["unit:zeeland"]["path"] == ["gulf_cadiz"]
    assert (stored["unit:tromp"]["area"], stored["unit:tromp"]["side"]) == ("western_approaches", "dutch")


async def test_a_blockade_of_a_port_elsewhere_is_refused_naming_the_ports_there(royal):
    sent = await royal.run("royal blockade", royal.players["dutch"], fleet="Zeeland squadron", port="Cádiz")
    assert sent[-1].ephemeral and "does not open onto Alborán Sea" in sent[-1].content
    assert await orders_of(royal, "dutch") == {}


async def test_repair_merge_and_buy_over_are_side_orders_beside_the_main_order(royal):
    france, dutch = royal.players["france"], royal.players["dutch"]
    await royal.run("royal hold", france, fleet="Escadre du Ponant")
    repaired = await royal.run("royal repair", france, fleet="Escadre du Ponant", ships="fr-galleon-1")
    assert repaired[-1].content.startswith("✅ ")
    stored = await orders_of(royal, "france")
    assert stored["unit:ponant#repair"] == {"kind": "repair", "fleet": "ponant", "ships": ["fr-galleon-1"]}
    assert stored["unit:ponant"]["kind"] == "hold"  # the main order stands beside it
    merged = await royal.run("royal merge", dutch, fleet="Zeeland squadron", into="Tromp's fleet")
    assert merged[-1].content == "Refused: Zeeland squadron can join only another fleet in its own sea area."
    bought = await royal.run("royal buy-over", dutch, fleet="Tromp's fleet", ships="sp-galleon-1")
    assert "is not a ship on offer in or next to Bay of Biscay (U3.5)" in bought[-1].content
    assert await orders_of(royal, "dutch") == {}


async def test_deploy_is_refused_until_a_moderator_opens_the_deployment(royal):
    france = royal.players["france"]
    refused = await royal.run("royal deploy", france, fleet="Escadre du Ponant", area="Bay of Biscay")
    assert "only before the game (U1.3)" in refused[-1].content
    opened = await royal.run("royal-fleets deployment", royal.mod, open=True, reason="pre-game")
    assert opened[-1].ephemeral and "deployment open" in opened[-1].content
    await royal.run("royal deploy", france, fleet="Escadre du Ponant", area="Bay of Biscay")
    assert (await orders_of(royal, "france"))["unit:ponant#deploy"]["area"] == "biscay"


# --- the moderators' world ----------------------------------------------------------------------------

async def state(world: World) -> dict:
    return (await world.service.repo.load_state(1)).state


async def test_moderators_set_provinces_trade_posts_treasuries_and_relations_by_name(royal):
    mod = royal.mod
    await royal.run("royal-fleets province", mod, province="Galicia", owner="France", fortress=True)
    await royal.run("royal-fleets trade-post", mod, post="West Indies", controller="Spain")
    await royal.run("royal-fleets treasury", mod, faction="Spain", thalers="1202.5", war_exhaustion=10)
    await royal.run("royal-fleets relation", mod, faction_a="France", faction_b="United Provinces",
                    relation="allied", reason="treaty")
    after = await state(royal)
    assert after["provinces"]["galicia"]["owner"] == "france" and after["provinces"]["galicia"]["fortress"]
    assert after["trade_posts"]["west_indies_post"] == "spain"
    assert after["factions"]["spain"]["treasury"] in ("2405/2", "1202.5")
    assert after["factions"]["spain"]["war_exhaustion"] == 10
    assert ["dutch", "france", "allied"] in after["relations"] or ["france", "dutch", "allied"] in after["relations"]


async def test_a_moderator_places_an_army_and_corrects_a_ship(royal):
    mod = royal.mod
    await royal.run("royal-fleets army", mod, army="Tercio de Galicia", owner="Spain", units="8, 8, 6",
                    province="Galicia")
    await royal.run("royal-fleets ship", mod, ship="sp-galleon-1", health=9, reason="storm damage")
    after = await state(royal)
    army = after["armies"]["tercio-de-galicia"]
    assert (army["owner"], army["units"], army["province"]) == ("spain", [8, 8, 6], "galicia")
    ship = next(s for s in after["fleets"]["galicia"]["ships"] if s["id"] == "sp-galleon-1")
    assert ship["health"] == 9


async def test_bad_army_units_are_refused_with_the_format_and_change_nothing(royal):
    before = await state(royal)
    sent = await royal.run("royal-fleets army", royal.mod, army="Tercio", owner="Spain", units="many",
                           province="Galicia")
    assert sent[-1].content == 'Units: “many” is not a list of healths; write each unit\'s health, comma separated: "3, 3, 2"'
    assert await state(royal) == before


async def test_the_moderators_autocomplete_lists_every_factions_fleets_but_a_players_only_their_own(royal):
    mod = await royal.h.autocomplete("royal-fleets fleet", royal.mod, "fleet", fleet="")
    assert {c["value"] for c in mod} == {"flota", "galicia", "ponant", "tromp", "wic", "zeeland"}
    player = await royal.h.autocomplete("royal-fleets fleet", royal.players["spain"], "fleet", fleet="")
    assert player == []


async def test_help_points_a_player_of_a_royal_campaign_to_the_royal_commands(royal):
    english = (await royal.run("help", royal.players["spain"]))[-1].content
    assert "/royal move|hold|blockade|support|transport for each fleet" in english
    russian = (await royal.run("help", speaking(royal.players["spain"], "ru")))[-1].content
    assert "/royal move|hold|blockade|support|transport для каждого флота" in russian


# One successful use of each /royal-fleets command, in an order that works.
ROYAL_WALK = [
    ("royal-fleets table ship-type", dict(type="Pinnace", attack="3/2", health=6, price=300, capacity=1)),
    ("royal-fleets table fee", dict(thalers=25)),
    ("royal-fleets table income", dict(post="East Indies", thalers=600)),
    ("royal-fleets table show", {}),
    ("royal-fleets relation", dict(faction_a="France", faction_b="United Provinces", relation="allied")),
    ("royal-fleets treasury", dict(faction="France", thalers="4000")),
    ("royal-fleets province", dict(province="Brittany", besieged=True)),
    ("royal-fleets trade-post", dict(post="New France", controller="nobody")),
    ("royal-fleets fleet-add", dict(faction="Spain", area="Gulf of Cádiz", name="Armada del Mar Océano",
                                    ships="galleon, pinnace")),
    ("royal-fleets fleet", dict(fleet="Armada del Mar Océano", name="Armada of the Ocean Sea")),
    ("royal-fleets ship", dict(ship="armada-del-mar-oceano-2", unpaid=True)),
    ("royal-fleets army", dict(army="Tercio viejo", owner="Spain", units="9, 9", province="Andalusia")),
    ("royal-fleets deployment", dict(open=False)),
]


async def test_every_royal_moderator_command_leaves_one_audit_entry(royal):
    from cogs.audit_trail import READS
    from tests.discord.test_audit_trail import moderator_paths
    own = {p for p in moderator_paths(royal.bot) - READS if p.startswith("royal-fleets ")}
    assert own == {path for path, _ in ROYAL_WALK}  # a new command joins the walk
    start = len(await royal.service.audit_log(1, 200))
    for index, (path, values) in enumerate(ROYAL_WALK, start=1):
        sent = await royal.run(path, royal.mod, **values)
        assert not sent[-1].content.startswith("Refused"), (path, sent[-1].content)
        assert len(await royal.service.audit_log(1, 200)) == start + index, (path, sent[-1].content)


async def test_a_treasury_that_is_no_number_is_refused_saying_how_to_write_it(royal):
    before = await state(royal)
    sent = await royal.run("royal-fleets treasury", royal.mod, faction="Spain", thalers="lots")
    assert sent[-1].content == "Thalers “lots” is not a number; write it like 1200 or 1202.5"
    assert await state(royal) == before


async def test_removing_a_fleet_asks_first_and_only_a_confirm_removes_it(royal):
    (prompt,) = await royal.ask("royal-fleets fleet", royal.mod, fleet="Flota de Indias", remove=True,
                                reason="entered twice")
    assert prompt.ephemeral and prompt.content.startswith("Remove Flota de Indias (Spain) and all its ships from "
                                                          "Atlantic 1650 for good?")
    assert "flota" in (await state(royal))["fleets"]
    assert set(royal.h.buttons(prompt)) == {"Remove Flota de Indias", "Cancel"}
    await royal.h.click(prompt, "Remove Flota de Indias", royal.mod)
    assert "flota" not in (await state(royal))["fleets"]


async def test_a_russian_player_reads_the_battle_choices_and_a_japanese_one_the_refusal(royal):
    sent = await royal.run("royal battle", speaking(royal.players["spain"], "ru"), fleet="Armada of Galicia",
                           retreat_after=2, if_cornered="surrender")
    assert sent[-1].content.endswith(
        "⚔️ Боевые решения: сражаться; отступление в бою: после раунда 2; прицел с 3-го раунда: поровну; после "
        "проигранного боя — в первую свободную область, если отступать некуда — сдаться.")
    refused = await royal.run("royal battle", speaking(royal.players["dutch"], "ja"), fleet="Armada of Galicia",
                              targeting="capture")
    assert refused[-1].content == ("あなたの勢力に艦隊 “Armada of Galicia” はありません。/fleet list で自艦隊を確認"
                                   "できます")


async def test_places_the_fleet_can_use_from_where_it_is_come_first(royal):
    dutch, france = royal.players["dutch"], royal.players["france"]
    ports = await royal.h.autocomplete("royal blockade", dutch, "port", fleet="zeeland", route="Gulf of Cádiz", port="")
    assert [c["name"] for c in ports[:2]] == ["Cádiz (Gulf of Cádiz)", "Salé (Gulf of Cádiz)"]
    areas = await royal.h.autocomplete("royal support", dutch, "area", fleet="tromp", area="")
    assert [c["name"] for c in areas[:2]] == ["Coast of Portugal", "Western Approaches"]
    embark = await royal.h.autocomplete("royal transport", france, "embark", fleet="ponant", army="picardie", embark="")
    assert [c["name"] for c in embark[:6]] == ["Brittany", "Devon and Cornwall", "Flanders", "Hampshire", "Kent",
                                               "Normandy"]  # the provinces bordering the English Channel


# --- U6.2.4.2 focus from round 3; U9.8 retreat onto ships ----------------------------------------------

async def test_the_focus_offers_only_enemy_ships_the_players_fleets_see_and_is_stored_by_id(royal):
    """Tromp's fleet is moved (a ruling) into the Armada's area: its ships are seen by Spain there;
    the West India Company's, elsewhere, are not offered (rules views.sighted_ships)."""
    spain = royal.players["spain"]
    assert await royal.h.autocomplete("royal battle", spain, "focus", fleet="galicia", focus="") == []
    await royal.run("royal-fleets fleet", royal.mod, fleet="tromp", area="Coast of Portugal")
    choices = await royal.h.autocomplete("royal battle", spain, "focus", fleet="galicia", focus="")
    assert [c["value"] for c in choices] == ["nl-flute-1", "nl-flute-2", "nl-frigate-1", "nl-frigate-2", "nl-line-1"]
    assert choices[-1]["name"] == "ship of the line Prins Willem (United Provinces) — Tromp's fleet, Coast of Portugal"
    sent = await royal.run("royal battle", spain, fleet="galicia", focus="Prins Willem, Aemilia", targeting="capture")
    assert sent[-1].content.endswith(
        "targeting from round 3: Prins Willem, Aemilia first, then down to 1 health, to capture; after a lost battle "
        "to the first free area, if cornered fight its way out.")
    assert (await orders_of(royal, "spain"))["unit:galicia"]["plan"]["focus"] == ["nl-line-1", "nl-frigate-1"]
    await royal.run("royal battle", spain, fleet="galicia", focus="none")
    assert (await orders_of(royal, "spain"))["unit:galicia"]["plan"]["focus"] == []


async def test_a_ship_the_player_has_not_seen_is_refused_like_one_that_does_not_exist(royal):
    """Gouden Leeuw exists (in the North Sea) and Nosuch does not: the same words, nothing stored."""
    spain = royal.players["spain"]
    hidden = await royal.run("royal battle", spain, fleet="galicia", focus="Gouden Leeuw")
    missing = await royal.run("royal battle", spain, fleet="galicia", focus="Nosuch")
    assert hidden[-1].content.replace("Gouden Leeuw", "X") == missing[-1].content.replace("Nosuch", "X")
    assert "see no enemy ship" in hidden[-1].content and "North Sea" not in hidden[-1].content
    assert await orders_of(royal, "spain") == {}


async def test_an_army_s_retreat_onto_ships_is_a_standing_order_and_the_moderator_records_the_land_result(royal):
    france = royal.players["france"]
    fleets = await royal.h.autocomplete("royal retreat-to-ships", france, "fleet", army="picardie", fleet="")
    assert [c["value"] for c in fleets] == ["ponant"]  # own fleets (no ally in the demo)
    sent = await royal.run("royal retreat-to-ships", france, army="Régiment de Picardie", fleet="Escadre du Ponant")
    assert sent[-1].content.startswith("✅ ")
    assert (await orders_of(royal, "france"))["faction:france:retreat:picardie"] == {
        "kind": "retreat_to_ships", "faction": "france", "army": "picardie", "fleet": "ponant"}
    enemy = await royal.run("royal retreat-to-ships", france, army="picardie", fleet="Armada of Galicia")
    assert "is not one of your fleets or your allies'" in enemy[-1].content
    await royal.run("royal-fleets army", royal.mod, army="Régiment de Picardie", beaten_mp=2)
    assert (await state(royal))["armies"]["picardie"]["beaten_mp"] == 2


# --- a faction's own orders are slotted by faction (U3.1, U3.3, U14) ------------------------------------

async def test_two_factions_upkeep_orders_both_survive_and_both_are_resolved(royal):
    """The store keys a turn's orders by slot: a bare ``faction:upkeep`` let Spain's replace the Dutch's."""
    await royal.run("royal upkeep", royal.players["dutch"], unpaid="nl-frigate-3")
    await royal.run("royal upkeep", royal.players["spain"], unpaid="sp-galleass-1")
    assert (await orders_of(royal, "dutch"))["faction:dutch:upkeep"]["unpaid"] == ["nl-frigate-3"]
    assert (await orders_of(royal, "spain"))["faction:spain:upkeep"]["unpaid"] == ["sp-galleass-1"]
    await royal.run("turn resolve", royal.admin)
    after = await state(royal)
    unpaid = {s["id"] for f in after["fleets"].values() for s in f["ships"] if s.get("unpaid")}
    assert unpaid == {"nl-frigate-3", "sp-galleass-1"}  # U3.3: each faction's crews disbanded, none lost


async def test_two_factions_hiring_in_one_area_both_keep_their_order(royal):
    await royal.run("royal-fleets table ship-type", royal.mod, type="Pinnace", attack="3/2", health=6,
                    price=300, capacity=1)
    for faction, name in (("spain", "Spanish"), ("france", "French")):
        sent = await royal.run("royal hire", royal.players[faction], area="Bay of Biscay", ships="Pinnace",
                               name=name)  # U3.1: Vizcaya's port and Aunis' open onto it
        assert sent[-1].content.startswith("✅ "), sent[-1].content
    assert (await orders_of(royal, "spain"))["faction:spain:hire:biscay"]["name"] == "Spanish"
    assert (await orders_of(royal, "france"))["faction:france:hire:biscay"]["name"] == "French"


async def test_an_order_for_another_faction_is_refused_and_stores_nothing(royal):
    from bot.services.errors import UserError  # noqa: PLC0415 - only this test submits directly
    with pytest.raises(UserError) as caught:
        await royal.service.submit_order(1, "spain", {"kind": "upkeep", "faction": "dutch"})
    assert "own faction only, Spain" in str(caught.value)
    assert await orders_of(royal, "spain") == {} and await orders_of(royal, "dutch") == {}


async def test_an_upkeep_order_stored_before_without_a_faction_keeps_its_old_slot(royal):
    await royal.service.submit_order(1, "dutch", {"kind": "upkeep", "unpaid": ["nl-frigate-3"]})
    assert (await orders_of(royal, "dutch"))["faction:upkeep"] == {"kind": "upkeep", "faction": "",
                                                                   "unpaid": ["nl-frigate-3"]}
