"""Here I Stand's commands driven the way powers and moderators use them (issue 14, H4): the
Ottoman impulse of tests/discord/data/his-discord.yaml; /his move, transport, piracy, build, pass
and standing with names picked from autocomplete or typed by hand; the moderators' /here-i-stand
edits; and a whole naval move through its reactions' prompts (H2.6: interception, avoid battle, the
moderators' combat and response card forms).  Every reply is private; a refusal says what was
wrong and changes nothing."""

from __future__ import annotations

from dataclasses import replace

from tests.discord.conftest import channel_posts
from tests.discord.his_world import CHANNELS, his  # noqa: F401  (his: the fixture)


async def action(world) -> dict | None:
    """The Ottomans' stored action of the open step (rules/orders.py ACTION_SLOT)."""
    stored = {o.unit: o.payload for o in await world.service.orders(1, "ottoman")}
    return stored.get("impulse:action")


async def state(world) -> dict:
    return (await world.service.repo.load_state(1)).state


def move(**values):
    """/his move's options by the names Discord shows ("from" is a Python keyword)."""
    return {{"origin": "from", "origin_2": "from_2"}.get(k, k): v for k, v in values.items()}


# --- the power taking its impulse ---------------------------------------------------------------------

async def test_a_naval_move_picked_by_names_is_stored_with_unit_ids_and_told_by_name(his):
    sent = await his.run("his move", his.players["ottoman"], **move(origin="Barbary Coast", to="Tyrrhenian Sea",
                                                                     corsairs=0))
    assert sent[0].type == 5 and sent[-1].ephemeral  # deferred, then a private reply
    assert sent[-1].content == "✅ naval move: 2 squadrons to Tyrrhenian Sea."
    assert await action(his) == {"kind": "naval_move", "combat_order": [],
                                 "groups": [{"units": ["o1", "o2"], "leaders": [], "to": "tyrrhenian_sea"}]}


async def test_the_from_autocomplete_lists_the_callers_stacks_and_to_the_spaces_next_to_it_first(his):
    ottoman = his.players["ottoman"]
    stacks = await his.h.autocomplete("his move", ottoman, "from", **{"from": ""})
    assert [(c["name"], c["value"]) for c in stacks] == [("Barbary Coast — 2 squadrons, 1 corsair, Barbarossa",
                                                          "barbary_coast")]
    france = await his.h.autocomplete("his move", his.players["france"], "from", **{"from": ""})
    assert [c["name"] for c in france] == ["Gulf of Lyon — 2 squadrons"]  # never another power's
    near = await his.h.autocomplete("his move", ottoman, "to", **{"from": "barbary_coast", "to": ""})
    assert [c["name"] for c in near][:11] == [
        "Gulf of Lyon", "Ionian Sea", "North African Coast", "Tyrrhenian Sea",  # H2.3.3 borders, map order
        "Algiers", "Cagliari", "Cartagena", "Gibraltar", "Oran", "Palma", "Tunis"]  # its ports (H2.3.2)


async def test_two_groups_from_one_stack_go_their_own_ways(his):
    await his.run("his move", his.players["ottoman"], **move(origin="barbary_coast", to="tyrrhenian_sea", corsairs=0,
                                                              origin_2="Barbary Coast", to_2="Ionian Sea",
                                                              squadrons_2=0))
    assert (await action(his))["groups"] == [{"units": ["o1", "o2"], "leaders": [], "to": "tyrrhenian_sea"},
                                             {"units": ["c1"], "leaders": [], "to": "ionian_sea"}]


async def test_more_squadrons_than_the_stack_holds_are_refused_and_nothing_is_stored(his):
    sent = await his.run("his move", his.players["ottoman"], **move(origin="Barbary Coast", to="Tyrrhenian Sea",
                                                                     squadrons=3))
    assert sent[-1].ephemeral
    assert sent[-1].content == "Barbary Coast holds 2 of your squadrons, not 3"
    assert await action(his) is None


async def test_a_second_group_without_its_destination_is_refused_naming_its_space_not_its_id(his):
    sent = await his.run("his move", his.players["ottoman"], **move(origin="barbary_coast", to="tyrrhenian_sea",
                                                                     origin_2="barbary_coast"))  # ids, as picked
    assert sent[-1].content == "Say where the group from Barbary Coast goes (to_2:…)"
    assert await action(his) is None


async def test_a_move_from_where_the_power_has_no_units_says_so(his):
    sent = await his.run("his move", his.players["ottoman"], **move(origin="Gulf of Lyon", to="Tyrrhenian Sea"))
    assert sent[-1].content == "Your power has no naval units in Gulf of Lyon; the from option lists where yours are"
    assert await action(his) is None


async def test_a_move_off_the_lanes_is_refused_by_the_rules(his):
    sent = await his.run("his move", his.players["ottoman"], **move(origin="Barbary Coast", to="Adriatic Sea"))
    assert sent[-1].ephemeral
    assert sent[-1].content == "Refused: naval units move only to an adjacent space (H2.3)"
    assert await action(his) is None


async def test_a_power_not_taking_its_impulse_gives_no_action(his):
    sent = await his.run("his move", his.players["hapsburg"], **move(origin="Tyrrhenian Sea", to="Gulf of Lyon"))
    assert sent[-1].ephemeral  # the action step is the Ottomans' (rules/sequence.py action_step)
    assert sent[-1].content == "Turn 1 of Mediterranean 1532 is not your clan's to order in; /step show says what is open"
    assert {o.unit for o in await his.service.orders(1, "hapsburg")} == set()


async def test_a_transport_names_the_formation_route_and_landing(his):
    ottoman = his.players["ottoman"]
    route = await his.h.autocomplete("his transport", ottoman, "route", formation="janissary-corps", route="")
    assert [c["value"] for c in route] == ["Barbary Coast"]  # the one sea zone next to Algiers
    landing = await his.h.autocomplete("his transport", ottoman, "to", formation="janissary-corps",
                                       route="Barbary Coast", to="")
    assert [c["name"] for c in landing][:7] == ["Algiers", "Cagliari", "Cartagena", "Gibraltar", "Oran", "Palma",
                                                "Tunis"]  # the ports on the route's last sea zone first (H4.2.3)
    sent = await his.run("his transport", ottoman, formation="janissary-corps", route="Barbary Coast", to="Tunis")
    assert sent[-1].content.startswith("✅ ")
    assert await action(his) == {"kind": "naval_transport", "formation": "janissary-corps",
                                 "path": ["algiers", "barbary_coast", "tunis"]}


async def test_piracy_and_a_build_and_a_pass_each_replace_the_action(his):
    ottoman = his.players["ottoman"]
    zones = await his.h.autocomplete("his piracy", ottoman, "zone", zone="")
    assert zones[0]["name"] == "Barbary Coast"  # where the corsairs are, first
    await his.run("his piracy", ottoman, zone="Barbary Coast", target="Hapsburgs")
    assert await action(his) == {"kind": "initiate_piracy", "zone": "barbary_coast", "target": "hapsburg"}
    ports = await his.h.autocomplete("his build", ottoman, "port", port="")
    assert [c["name"] for c in ports] == ["Istanbul", "Algiers", "Tunis"]  # its home port first (H6.3.1)
    await his.run("his build", ottoman, port="Istanbul", unit="squadron")
    assert await action(his) == {"kind": "build_squadron", "port": "istanbul"}
    sent = await his.run("his pass", ottoman)
    assert sent[-1].content.startswith("✅ ") and "Replaces" in sent[-1].content
    assert await action(his) == {"kind": "pass"}


async def test_a_corsair_before_barbary_pirates_is_refused_then_built_once_the_moderators_enter_it(his):
    ottoman = his.players["ottoman"]
    refused = await his.run("his build", ottoman, port="Algiers", unit="corsair")
    assert refused[-1].ephemeral and "Barbary Pirates" in refused[-1].content
    assert await action(his) is None
    entered = await his.run("here-i-stand barbary-pirates", his.mod, reason="event played")
    assert entered[-1].ephemeral and "Barbary Pirates has happened" in entered[-1].content
    await his.run("his build", ottoman, port="Algiers", unit="corsair")
    assert await action(his) == {"kind": "build_corsair", "port": "algiers"}


# --- standing orders (H10.6) ----------------------------------------------------------------------------

async def test_a_power_sets_its_standing_orders_by_names_and_a_bad_condition_changes_nothing(his):
    france = his.players["france"]
    sent = await his.run("his standing", france, intercept="if moving_units <= 2", avoid_to="Marseille",
                         casualties="own_first", piracy_rewards="vp, card")
    assert sent[-1].ephemeral and "France's standing orders" in sent[-1].content
    assert (await state(his))["standing"]["france"] == {
        "intercept": "if moving_units <= 2", "avoid": "", "avoid_to": ["marseille"], "foul_weather": "never",
        "retreat_to": [], "casualties": "own_first", "piracy_rewards": ["vp", "card"]}
    before = await state(his)
    bad = await his.run("his standing", france, intercept="if moving_boats < 2")
    assert bad[-1].ephemeral and "moving_boats" in bad[-1].content and "moving_units" in bad[-1].content
    assert await state(his) == before
    await his.run("his standing", france, intercept="none", avoid_to="none")  # asked again
    cleared = (await state(his))["standing"]["france"]
    assert (cleared["intercept"], cleared["avoid_to"]) == ("", [])


async def test_nothing_given_to_standing_is_refused(his):
    sent = await his.run("his standing", his.players["france"])
    assert sent[-1].content == ("Nothing to change: give at least one standing order (intercept, avoid, "
                                "foul_weather, …)")


# --- the moderators ---------------------------------------------------------------------------------------

async def test_moderators_set_war_ports_cp_leaders_and_units_by_name(his):
    mod = his.mod
    await his.run("here-i-stand war", mod, power_a="Hapsburgs", power_b="France", at_war=True)
    await his.run("here-i-stand port", mod, port="Naples", unrest=True, reason="revolt")
    await his.run("here-i-stand cp", mod, power="Ottomans", cp=4)
    await his.run("here-i-stand leader", mod, leader="Barbarossa", battle_rating=2)
    await his.run("here-i-stand unit", mod, unit="h1", orientation="vertical")
    await his.run("here-i-stand power", mod, power="Hapsburgs", hand_size=6)
    added = await his.run("here-i-stand unit-add", mod, type="squadron", owner="France", location="Marseille",
                          name="Galères de Marseille")
    assert added[-1].ephemeral and "Galères de Marseille" in added[-1].content
    after = await state(his)
    assert "france" in after["powers"]["hapsburg"]["at_war_with"]
    assert after["ports"]["naples"]["unrest"] is True
    assert after["impulse"]["cp_remaining"] == 4
    assert after["leaders"]["barbarossa"]["battle_rating"] == 2
    assert after["units"]["h1"]["vertical"] is True
    assert after["powers"]["hapsburg"]["hand_size"] == 6
    unit = after["units"]["galeres-de-marseille"]
    assert (unit["owner"], unit["location"], unit["type"]) == ("france", "marseille", "squadron")
    edits = [e for e in await his.service.audit_log(1) if e.kind in ("war", "port", "cp", "leader", "unit",
                                                                                "power", "unit_add")]
    assert len(edits) == 7 and all(e.actor_name == "mod" for e in edits)
    assert next(e.reason for e in edits if e.kind == "port") == "revolt"


async def test_players_cannot_run_the_moderators_edits(his):
    before = await state(his)
    sent = await his.run("here-i-stand cp", his.players["ottoman"], power="Ottomans", cp=9)
    assert sent[-1].ephemeral and "moderat" in sent[-1].content
    assert await state(his) == before


async def test_a_moderators_bad_edit_is_refused_by_the_rules_and_changes_nothing(his):
    before = await state(his)
    sent = await his.run("here-i-stand power", his.mod, power="France", piracy_vp=2)
    assert sent[-1].content == "Refused: only the Ottomans score piracy VP (H5.1.4)"
    assert await state(his) == before


# --- a whole impulse's naval move through the prompts (H2.6) ------------------------------------------------

async def test_a_naval_move_runs_through_interception_avoid_battle_and_the_card_forms_to_its_report(his):
    ottoman, france, hapsburg = (his.players[p] for p in ("ottoman", "france", "hapsburg"))
    await his.run("his move", ottoman, **move(origin="Barbary Coast", to="Tyrrhenian Sea", corsairs=0))
    resolved = await his.run("turn resolve", his.mod)
    # Foul Weather was answered by the standing orders (H10.6), so the interception is asked at once (H2.6.4)
    (asked,) = [s for s in channel_posts(resolved, CHANNELS["france-room"]) if s.content.startswith("❓")]
    # the step's label names the impulse and the moving power (H10); counts are never "1 squadrons"
    assert asked.content.splitlines()[:2] == ["❓ **Mediterranean 1532** — Turn 1 · impulse 1 · Ottomans · interception",
                                              "Intercept into Tyrrhenian Sea from Gulf of Lyon? (naval units: 2)"]
    assert list(his.h.buttons(asked)) == ["No", "Yes", "Only part of the stack (squadrons: 1, corsairs: 0)"]
    assert not [s for s in resolved if s.kind == "channel" and s.content.startswith("❓")
                and s.target != CHANNELS["france-room"]]  # asked of France alone
    clicked = await his.h.click(asked, "Yes", france, in_channel="france-room")
    assert clicked[-1].kind == "channel" and clicked[-1].target == CHANNELS["hapsburg-room"]
    (report,) = channel_posts(clicked, CHANNELS["naval-reports"])
    assert "France: interception from Gulf of Lyon into Tyrrhenian Sea with 2 squadrons" in report.content
    avoid = clicked[-1]
    assert avoid.content.splitlines()[1] == "Avoid battle in Tyrrhenian Sea? Choose where to, or stay."
    assert list(his.h.buttons(avoid)) == ["Stay", "To Gulf of Lyon", "To Naples", "To Palermo"]
    stayed = await his.h.click(avoid, "Stay", hapsburg, in_channel="hapsburg-room")
    (cards,) = channel_posts(stayed, CHANNELS["moderators-room"])  # the moderators' form, in their room only
    assert cards.content.splitlines()[1] == ("Combat cards at Tyrrhenian Sea: the attacker's, then the defender's, "
                                             "as extra dice (0: none)")
    opened = await his.h.click(cards, "Enter", his.mod, in_channel="moderators-room")
    form = opened[-1].payload
    assert form["type"] == 9 and form["data"]["title"].startswith("Turn 1 · impulse 1 · Ottomans · combat cards")  # 45: Discord's
    assert [row["components"][0]["label"] for row in form["data"]["components"]] == [  # each field names its power
        "Extra dice of Ottomans (attacker) (-20–20)", "Extra dice of Hapsburgs (defender) (-20–20)"]
    rolled = await his.h.submit_form(form["data"]["custom_id"], {"attacker_dice": "1", "defender_dice": "0"},
                                     his.mod, message=cards, in_channel="moderators-room")
    (combat,) = channel_posts(rolled, CHANNELS["naval-reports"])
    assert "⚔ Naval combat in Tyrrhenian Sea: Ottomans against Hapsburgs (H3.3)." in combat.content
    assert "Ottomans: 5 dice" in combat.content  # 2 squadrons × 2 + the card's 1 (H3.3.5, H-OP-19)
    (response,) = channel_posts(rolled, CHANNELS["moderators-room"])
    assert response.content.splitlines()[0] == ("❓ **Mediterranean 1532** — Turn 1 · impulse 1 · Ottomans · "
                                                "response cards at Tyrrhenian Sea")
    opened = await his.h.click(response, "Enter", his.mod, in_channel="moderators-room")
    labels = [row["components"][0]["label"] for row in opened[-1].payload["data"]["components"]]
    # H3.3.6: Janissaries' field says its range once (the form adds "(0–1)"), not "(1) or not (0) (0–1)"
    assert labels == ["Extra dice of Ottomans (attacker) (0–20)", "Extra dice of Hapsburgs (defender) (0–20)",
                      "Janissaries played? 1 = yes (0–1)"]


# --- the core's listings on a Here I Stand board ------------------------------------------------------------

async def test_fleet_show_names_a_units_sea_zone_on_a_board_without_areas(his):
    """The core named a unit's place from a map's "areas" (Sengoku's and the royal fleets' sections); a HIS
    board has sea zones and ports, so /fleet show crashed and every /his command with it (service.units)."""
    sent = await his.run("fleet show", his.players["france"], unit="f1")
    assert sent[-1].ephemeral
    assert "Lies in: Gulf of Lyon" in sent[-1].content


async def test_another_powers_formation_is_never_offered_and_reads_like_none(his):
    france = his.players["france"]
    assert await his.h.autocomplete("his transport", france, "formation", formation="") == []
    sent = await his.run("his transport", france, formation="janissary-corps", route="Gulf of Lyon", to="Marseille")
    missing = await his.run("his transport", france, formation="nosuch", route="Gulf of Lyon", to="Marseille")
    assert sent[-1].ephemeral
    assert sent[-1].content == "Your power has no formation “janissary-corps”; the formation option lists yours"
    assert missing[-1].content == "Your power has no formation “nosuch”; the formation option lists yours"
    assert await his.service.orders(1, "france") == []


HIS_WALK = [
    ("here-i-stand war", dict(power_a="Hapsburgs", power_b="France", at_war=True)),
    ("here-i-stand alliance", dict(power_a="Hapsburgs", power_b="France", allied=False)),
    ("here-i-stand port", dict(port="Naples", besieged=True)),
    ("here-i-stand power", dict(power="Ottomans", piracy_vp=3)),
    ("here-i-stand cp", dict(power="France", cp=2)),
    ("here-i-stand barbary-pirates", dict(happened=True)),
    ("here-i-stand leader", dict(leader="Barbarossa", piracy_rating=2)),
    ("here-i-stand leader-add", dict(name="Andrea Doria", power="Hapsburgs", location="Genoa", battle_rating=2,
                                     no_atlantic=True)),
    ("here-i-stand unit", dict(unit="f2", location="Marseille")),
    ("here-i-stand unit-add", dict(type="corsair", owner="Ottomans", location="Algiers")),
    ("here-i-stand standing", dict(power="Hapsburgs", avoid="always", avoid_to="Naples")),
]


async def test_every_here_i_stand_moderator_command_leaves_one_audit_entry(his):
    from cogs.audit_trail import READS
    from tests.discord.test_audit_trail import moderator_paths
    own = {p for p in moderator_paths(his.bot) - READS if p.startswith("here-i-stand ")}
    assert own == {path for path, _ in HIS_WALK}  # a new command joins the walk
    start = len(await his.service.audit_log(1, 200))
    for index, (path, values) in enumerate(HIS_WALK, start=1):
        sent = await his.run(path, his.mod, **values)
        assert not sent[-1].content.startswith("Refused"), (path, sent[-1].content)
        assert len(await his.service.audit_log(1, 200)) == start + index, (path, sent[-1].content)
    after = await state(his)
    assert after["leaders"]["andrea-doria"]["no_atlantic"] is True
    assert after["standing"]["hapsburg"]["avoid_to"] == ["naples"]
    assert [u["id"] for u in after["units"].values() if u["type"] == "corsair"] == ["c1", "ottoman-corsair"]


async def test_help_points_a_power_to_its_action_and_its_standing_orders(his):
    sent = await his.run("help", his.players["ottoman"])
    text = sent[-1].content
    assert sent[-1].ephemeral
    assert "in your impulse, one naval action: /his move|transport|piracy|build, or /his pass" in text
    assert "/his standing — your answers given in advance" in text
    russian = await his.run("help", replace(his.players["ottoman"], locale="ru"))
    assert "в свой импульс — одно морское действие: /his move|transport|piracy|build или /his pass" in \
        russian[-1].content  # the ruleset's words, in the reader's language (cogs/help.py)


async def test_each_reaction_is_asked_in_its_readers_language(his):
    """The core's prompts word HIS's questions in the asked power's language, the moderators' in the
    campaign's (cogs/step_prompts.py readers); the board's place names are the map's in every language."""
    for power, language in (("france", "ru"), ("hapsburg", "zh-TW")):
        await his.run("faction language", his.admin, clan=power, language=language)
    await his.run("campaign language", his.admin, language="ja")
    await his.run("his move", his.players["ottoman"], **move(origin="Barbary Coast", to="Tyrrhenian Sea", corsairs=0))
    resolved = await his.run("turn resolve", his.mod)
    (intercept,) = [s for s in channel_posts(resolved, CHANNELS["france-room"]) if s.content.startswith("❓")]
    assert intercept.content.splitlines()[:2] == [
        "❓ **Mediterranean 1532** — Ход 1 · импульс 1 · Ottomans · перехват",
        "Перехватить в Tyrrhenian Sea из Gulf of Lyon? (морских подразделений: 2)"]
    assert list(his.h.buttons(intercept)) == ["Нет", "Да", "Только часть стека (эскадр: 1, корсаров: 0)"]
    clicked = await his.h.click(intercept, "Да", his.players["france"], in_channel="france-room")
    (avoid,) = [s for s in channel_posts(clicked, CHANNELS["hapsburg-room"]) if s.content.startswith("❓")]
    assert avoid.content.splitlines()[1] == "在Tyrrhenian Sea避戰嗎？選擇前往的地點，或留下。"
    assert list(his.h.buttons(avoid)) == ["留下", "前往Gulf of Lyon", "前往Naples", "前往Palermo"]
    stayed = await his.h.click(avoid, "留下", his.players["hapsburg"], in_channel="hapsburg-room")
    (cards,) = channel_posts(stayed, CHANNELS["moderators-room"])
    assert cards.content.splitlines()[1] == "Tyrrhenian Seaの戦闘カード：攻撃側、次に防御側の追加ダイス数（0：なし）"
    assert list(his.h.buttons(cards)) == ["入力"]


async def test_the_moderators_unit_and_place_pickers_name_the_turn_track_and_pool_never_their_ids(his):
    """The unit picker read "… , turn_track:2" (the roster's stored place): moderators read names."""
    mod = his.mod
    await his.run("here-i-stand unit", mod, unit="h1", location="turn_track:2")
    await his.run("here-i-stand unit", mod, unit="f1", location="pool")
    units = {c["value"]: c["name"] for c in await his.h.autocomplete("here-i-stand unit", mod, "unit", unit="")}
    assert units["h1"].endswith(", Turn Track (turn 2)") and units["f1"].endswith(", the pool")
    assert not any("turn_track" in name or "_" in name for name in units.values())
    track = await his.h.autocomplete("here-i-stand unit", mod, "location", unit="h1", location="turn track")
    pool = await his.h.autocomplete("here-i-stand unit", mod, "location", unit="h1", location="pool")
    assert [(c["name"], c["value"]) for c in track] == [("Turn Track (turn 2)", "turn_track:2")]
    assert ("the pool", "pool") in [(c["name"], c["value"]) for c in pool]
