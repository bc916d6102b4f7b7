"""/mod: moderators enter armies, weather, diplomacy, ownership, port guards and
treasury between turns; every reply is private and shows the edit as recorded;
players are refused and their autocomplete offers nothing."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.services.errors import UserError
from tests.discord.test_unit_orders import private


@pytest.fixture
async def linked(world):
    """The demo campaign, every clan linked, no turn open yet."""
    await world.setup_campaign()
    return world


async def state(world) -> dict:
    return (await world.service.repo.load_state(1)).state


def recorded(sent) -> dict:
    """The edit the reply shows as recorded (its last line)."""
    line = sent[-1].content.splitlines()[-1]
    assert line.startswith("Edit: `") and line.endswith("`")
    return json.loads(line[len("Edit: `"):-1])


async def test_army_creates_an_army_from_a_detachment_spec_and_names_typed_by_hand(linked):
    world = linked
    sent = await world.run("sengoku army set", world.mod, clan="Mōri", name="Kikkawa army", area="Aki",
                           detachments="ashigaru:18i, samurai:8i, horse:6c", leader="Kobayakawa Takakage")
    assert private(sent)
    assert sent[-1].content.startswith("🛠️ **Seto 1560** — Army Kikkawa army (`mori-kikkawa-army`) of Mōri created "
                                       "in Aki, led by Kobayakawa Takakage: ashigaru 18 inf., samurai 8 inf., "
                                       "horse 6 cav. — 32 figures, weighing 38 at sea")
    assert "It applies from the resolution of turn 3." in sent[-1].content
    assert recorded(sent) == {"kind": "army_set", "name": "Kikkawa army", "clan": "mori", "area": "aki",
                              "detachments": [{"id": "ashigaru", "infantry": 18, "cavalry": 0},
                                              {"id": "samurai", "infantry": 8, "cavalry": 0},
                                              {"id": "horse", "infantry": 0, "cavalry": 6}],
                              "leader": "kobayakawa-takakage"}
    army = (await state(world))["armies"]["mori-kikkawa-army"]
    assert (army["area"], army["leader"], len(army["detachments"])) == ("aki", "kobayakawa-takakage", 3)


async def test_army_replaces_an_army_by_id_while_a_turn_is_open(linked):
    world = linked
    await world.run("turn open", world.admin, deadline="in 48h")
    sent = await world.run("sengoku army set", world.admin, clan="kono", name="Kōno Vanguard", area="iyo",
                           detachments="kono-ashigaru: 10i 2c", army="kono-army")
    assert private(sent) and "Kōno Vanguard (`kono-army`) of Kōno replaced in Iyo, without a leader" in \
        sent[-1].content
    assert "Turn 3 is open: this applies from its resolution" in sent[-1].content
    detachments = (await state(world))["armies"]["kono-army"]["detachments"]
    assert [(d["id"], d["infantry"], d["cavalry"]) for d in detachments] == [("kono-ashigaru", 10, 2)]


async def test_a_bad_detachment_spec_is_refused_with_the_format(linked):
    world = linked
    before = await state(world)
    sent = await world.run("sengoku army set", world.mod, clan="mori", name="Kikkawa army", area="aki",
                           detachments="ashigaru 18, horse:6c")
    assert private(sent)
    assert sent[-1].content.startswith("Detachments: “ashigaru 18” is not a detachment; write each detachment as "
                                       "name:figures, with i for infantry and c for cavalry")
    assert '"ashigaru:18i, samurai:8i, horse:6c"' in sent[-1].content
    assert await state(world) == before


async def test_a_refused_army_says_why_and_stores_nothing(linked):
    world = linked
    before = await state(world)
    sent = await world.run("sengoku army set", world.mod, clan="kono", name="Raiders", area="iyo",
                           detachments="ashigaru:5i", leader="Kobayakawa Takakage")
    assert private(sent) and sent[-1].content == (
        "Refused: leader: Kobayakawa Takakage is a character of Mōri, not of Kōno; an army is led by a character "
        "of its own clan, or by none")
    assert await state(world) == before


async def test_army_remove_takes_an_army_off_by_name(linked):
    world = linked
    sent = await world.run("sengoku army remove", world.mod, army="Kōno Vanguard")
    assert private(sent) and "Army Kōno Vanguard (`kono-army`) of Kōno removed from Iyo" in sent[-1].content
    assert recorded(sent) == {"kind": "army_remove", "id": "kono-army"}
    assert "kono-army" not in (await state(world))["armies"]


async def test_weather_declares_storms(linked):
    world = linked
    sent = await world.run("sengoku weather", world.mod, storm=True)
    assert private(sent) and "Stormy weather is declared (S3.9, OP-17 d)" in sent[-1].content
    assert (await state(world))["storm"] is True
    sent = await world.run("sengoku weather", world.mod, storm=False)
    assert "Fair weather" in sent[-1].content and (await state(world))["storm"] is False


async def test_relation_sets_the_diplomacy_matrix(linked):
    world = linked
    sent = await world.run("sengoku relation", world.mod, clan_a="Miyoshi", clan_b="mori", relation="at_war")
    assert private(sent) and "Miyoshi and Mōri are now at war (was neutral" in sent[-1].content
    relations = [r for r in (await state(world))["relations"] if {r["a"], r["b"]} == {"miyoshi", "mori"}]
    assert relations == [{"a": "miyoshi", "b": "mori", "relation": "at_war"}]
    sent = await world.run("sengoku relation", world.mod, clan_a="mori", clan_b="Mōri", relation="allied")
    assert sent[-1].content.startswith("Refused: Mōri is named twice")


async def test_province_changes_hands_with_its_port(linked):
    world = linked
    sent = await world.run("sengoku province", world.mod, area="Suō", clan="otomo")
    assert private(sent) and "Suō now belongs to Ōtomo (was Mōri). Its port Mitajiri passes with it" in \
        sent[-1].content
    saved = await state(world)
    assert saved["area_owner"]["suo"] == "otomo" and saved["ports"]["mitajiri"]["owner"] == "otomo"
    sent = await world.run("sengoku province", world.mod, area="suo", clan="nobody")
    assert "Suō now belongs to nobody" in sent[-1].content and "suo" not in (await state(world))["area_owner"]


async def test_port_sets_owner_and_guard(linked):
    world = linked
    sent = await world.run("sengoku port", world.mod, port="Tomo", guard=12, guard_cavalry=4)
    assert private(sent) and "Port Tomo (Bingo): land guard" in sent[-1].content
    assert recorded(sent) == {"kind": "port", "port": "tomo", "land_guard": 12, "land_guard_cavalry": 4}
    port = (await state(world))["ports"]["tomo"]
    assert (port["owner"], port["land_guard"], port["land_guard_cavalry"]) == ("mori", 12, 4)
    sent = await world.run("sengoku port", world.mod, port="tomo", owner="none")
    assert "owner Mōri → nobody" in sent[-1].content and (await state(world))["ports"]["tomo"]["owner"] is None
    sent = await world.run("sengoku port", world.mod, port="tomo", guard_cavalry=20)
    assert sent[-1].content.startswith("Refused: land_guard_cavalry: 20 cavalry among 12 guard figures")


async def test_treasury_sets_rice_and_development(linked):
    world = linked
    sent = await world.run("sengoku treasury", world.mod, clan="Ōtomo", rice=7, development=2)
    assert private(sent) and "Ōtomo: rice 7 RP (was 0), development 2 DP (was 0)." in sent[-1].content
    clan = (await state(world))["clans"]["otomo"]
    assert (clan["rice"], clan["development"]) == (7, 2)


async def test_players_are_refused_and_their_autocomplete_offers_nothing(linked):
    world = linked
    before = await state(world)
    for path, values in (("sengoku weather", {"storm": True}),
                         ("sengoku treasury", {"clan": "mori", "rice": 99}),
                         ("sengoku army remove", {"army": "kono-army"})):
        sent = await world.run(path, world.players["mori"], **values)
        assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
        assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    assert await state(world) == before
    assert await world.h.autocomplete("sengoku army remove", world.players["mori"], "army", army="") == []
    choices = await world.h.autocomplete("sengoku army remove", world.mod, "army", army="")
    assert choices == [{"name": "Kōno Vanguard — Kōno, in Iyo", "value": "kono-army"}]


async def test_autocomplete_offers_clans_provinces_and_the_clans_characters(linked):
    world = linked
    clans = await world.h.autocomplete("sengoku port", world.mod, "owner", port="tomo", owner="")
    assert [c["value"] for c in clans] == ["mori", "otomo", "kono", "miyoshi", "none"]
    areas = await world.h.autocomplete("sengoku province", world.mod, "area", area="nada")
    assert areas == []  # seas have no owners
    areas = await world.h.autocomplete("sengoku province", world.mod, "area", area="su")
    assert {"name": "Suō", "value": "suo"} in areas
    leaders = await world.h.autocomplete("sengoku army set", world.mod, "leader", clan="kono", leader="")
    assert {c["value"] for c in leaders} == {"kono-michinao", "kurushima-michiyasu"}  # Kōno's free characters
    assert {"name": "Kōno Michinao — Kōno, general, leads Kōno Vanguard", "value": "kono-michinao"} in leaders


async def test_no_edit_while_a_turn_is_being_resolved(linked, monkeypatch):
    world = linked
    await world.run("turn open", world.admin)
    release = asyncio.Event()

    async def slow_resolution(campaign_id, *_):
        await release.wait()

    monkeypatch.setattr(world.service, "_resolve_turn", slow_resolution)
    resolving = asyncio.create_task(world.service.resolve_turn(1))
    await asyncio.sleep(0)
    with pytest.raises(UserError, match="turn 3 of Seto 1560 is being resolved right now"):
        await world.service.moderator_edit(1, {"kind": "weather", "storm": True})
    release.set()
    await resolving
    assert "Stormy weather" in await world.service.moderator_edit(1, {"kind": "weather", "storm": True})


async def test_basing_agreement_recorded_listed_honoured_and_audited(linked):
    """S2.4: a moderator records the agreement; the guest may then base at the host's port."""
    world = linked
    await world.run("turn open", world.admin, deadline="in 48h")
    sent = await world.run("order base", world.players["mori"], unit="Akamagaseki Guard", port="Moji")
    assert sent[-1].content.startswith("Refused: port Moji is Ōtomo's; a clan's ships are based there only under "
                                       "a basing agreement with Ōtomo for this turn (turn 3)")
    sent = await world.run("sengoku basing", world.mod, action="add", host="Ōtomo", guest="Mōri", port="Moji",
                           reason="treaty of Moji")
    assert private(sent) and "Mōri may base ships at Ōtomo's port Moji in turn 3 (S2.4)." in sent[-1].content
    assert recorded(sent) == {"kind": "basing_agreement", "action": "add", "host": "otomo", "guest": "mori",
                              "port": "moji", "reason": "treaty of Moji"}
    assert (await state(world))["basing_agreements"] == [{"host": "otomo", "guest": "mori", "port": "moji",
                                                          "turn": 3}]
    sent = await world.run("sengoku basing", world.mod, action="list")
    assert sent[-1].content.splitlines()[1:] == ["• Mōri at Ōtomo's port Moji — turn 3"]
    sent = await world.run("order base", world.players["mori"], unit="Akamagaseki Guard", port="Moji")
    assert sent[-1].content.startswith("✅ Akamagaseki Guard re-bases to Moji")
    sent = await world.run("mod audit", world.mod, clan="Ōtomo")
    assert "treaty of Moji" in sent[-1].content and "Mōri may base ships at Ōtomo's port Moji" in sent[-1].content
    sent = await world.run("sengoku basing", world.players["mori"], action="list")
    assert "moderator" in sent[-1].content.lower()
