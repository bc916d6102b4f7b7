"""/fleet list and show, /map and /dice verify through the harness."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from bot.engine.dice import derive_die
from bot.engine.seed import commitment
from bot.services.dice_keys import turn_key
from tests.captives import orders_step_of_turn_3
from tests.discord.conftest import CHANNELS, PNG, ROLES
from tests.discord.harness import Member


def private_defer(sent) -> bool:
    return sent[0].kind == "callback" and sent[0].type == 5 and sent[0].ephemeral


def text(sent) -> str:
    return "\n".join(s.content for s in sent if s.kind == "followup")


@pytest.fixture
async def ordered(world):
    """Turn 3 open; Mōri's Kobayakawa-1 ordered to cruise off Suō."""
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    await world.run("order cruise", world.players["mori"], unit="mori-kobayakawa", target="suo", engage="always",
                    stake="high")
    return world


async def test_fleet_list_reads_like_the_ux_sketch(ordered):
    sent = await ordered.run("fleet list", ordered.players["mori"])
    assert private_defer(sent) and sent[-1].ephemeral
    lines = sent[-1].content.splitlines()
    assert lines[0] == "**Mōri** — 7 units"
    assert lines[1] == ("**Kobayakawa-1** — squadron, XP 1, dmg 0, 1 heavy det., based Kusatsu, "
                        "led by Kobayakawa Takakage")
    assert lines[2].startswith("  ↳ Kobayakawa-1 will cruise off Suō")
    assert lines[3:5] == ["**Noshima Murakami** — squadron, XP 2, dmg 0, based Kusatsu, led by "
                          "Murakami Takeyoshi", "  ↳ no order yet"]
    assert "Otomo" not in sent[-1].content and "otomo-" not in sent[-1].content
    assert "mori-" not in sent[-1].content  # issue 17: users see names, never ids


async def test_fleet_show_gives_one_unit_in_full_with_its_order(ordered):
    sent = await ordered.run("fleet show", ordered.players["mori"], unit="Kobayakawa-1")
    assert private_defer(sent)
    lines = sent[-1].content.splitlines()
    assert lines[:3] == ["**Kobayakawa-1** — Mōri, squadron",
                         "State: squadron, XP 1, dmg 0, 1 heavy det., based Kusatsu, led by Kobayakawa Takakage",
                         "Lies in: Aki"]
    assert lines[3].startswith("Order this turn: Kobayakawa-1 will cruise off Suō") and "high stake" in lines[3]
    sent = await ordered.run("fleet show", ordered.players["mori"], unit="mori-noshima")
    assert sent[-1].content.endswith("Order this turn: none yet; give one with /order … unit:Noshima Murakami")


async def test_a_player_cannot_see_another_clans_unit_or_list(ordered):
    sent = await ordered.run("fleet show", ordered.players["otomo"], unit="mori-kobayakawa")
    assert sent[-1].ephemeral and sent[-1].content == (
        "'mori-kobayakawa' is not an active unit of Ōtomo; /fleet list shows yours")
    sent = await ordered.run("fleet list", ordered.players["otomo"], clan="all")
    assert sent[-1].content == ("Only the moderators of Seto 1560 may list another clan's units; leave clan out to "
                                "list your own")
    assert await ordered.h.autocomplete("fleet list", ordered.players["otomo"], "clan", clan="") == []


async def test_moderators_list_any_clan_or_all_and_show_any_unit(ordered):
    everything = text(await ordered.run("fleet list", ordered.mod, clan="all"))
    headers = [line for line in everything.splitlines() if line.startswith("**") and line.endswith(" units")]
    assert headers == ["**Mōri** — 7 units", "**Ōtomo** — 7 units", "**Kōno** — 4 units", "**Miyoshi** — 6 units"]
    kono = text(await ordered.run("fleet list", ordered.mod, clan="Kōno"))
    assert kono.startswith("**Kōno** — 4 units") and "Mōri" not in kono
    sent = await ordered.run("fleet list", ordered.mod, clan="shimazu")
    assert sent[-1].content == "Seto 1560 has no clan “shimazu”; its clans: Mōri, Ōtomo, Kōno, Miyoshi, or 'all'"
    sent = await ordered.run("fleet show", ordered.mod, unit="mori-kobayakawa")
    assert "Order this turn: Kobayakawa-1 will cruise off Suō" in sent[-1].content
    choices = await ordered.h.autocomplete("fleet list", ordered.mod, "clan", clan="")
    assert [c["value"] for c in choices] == ["all", "mori", "otomo", "kono", "miyoshi"]


async def test_without_an_open_turn_the_fleet_says_so(world):
    await world.setup_campaign()
    sent = await world.run("fleet show", world.players["kono"], unit="kono-mitsu")
    assert sent[-1].content.endswith("Orders: no turn is open (turn 3: a moderator opens it with /turn open).")
    assert "↳" not in (await world.run("fleet list", world.players["kono"]))[-1].content


async def test_map_before_any_resolution_shows_current_positions(world):
    await world.setup_campaign()
    sent = await world.run("map", world.players["kono"])
    assert private_defer(sent)
    (reply,) = [s for s in sent if s.files]
    assert reply.ephemeral and list(reply.files) == ["map-public.png"] and reply.files["map-public.png"][:8] == PNG
    assert reply.content == ("🗺️ **Seto 1560** — map turn 3, current positions (no turn resolved yet), "
                             "public view.")
    sent = await world.run("map", world.players["kono"], view="mine")
    (reply,) = [s for s in sent if s.files]
    assert list(reply.files) == ["map-kono.png"] and reply.content.endswith("Kōno's view.")


async def test_map_of_several_sheets_shows_every_sheet(world):
    """Issue 13: a map drawn on several sheets (Europe, the New World) is shown sheet by sheet."""
    from bot.services.sheet_maps import SheetMap

    await world.setup_campaign()

    async def render_sheet_maps(ruleset_id, data, audiences):
        return {a: [SheetMap(s, PNG + s.encode()) for s in ("europe", "new_world")] for a in audiences}

    world.service.render_sheet_maps = render_sheet_maps
    sent = await world.run("map", world.players["kono"], view="mine")
    (reply,) = [s for s in sent if s.files]
    assert reply.files == {"map-kono.europe.png": PNG + b"europe", "map-kono.new-world.png": PNG + b"new_world"}


async def test_map_views_beyond_ones_own_are_for_moderators(world):
    await world.setup_campaign()
    for view in ("moderators", "otomo"):
        sent = await world.run("map", world.players["kono"], view=view)
        assert not any(s.files for s in sent)
        assert sent[-1].content == f"Only the moderators of Seto 1560 may see the {view} view; yours is view:mine"
    sent = await world.run("map", world.mod, view="Ōtomo")
    assert [list(s.files) for s in sent if s.files] == [["map-otomo.png"]]
    sent = await world.run("map", world.mod, view="everything")
    assert sent[-1].content == ("No view 'everything': choose public, mine, moderators or a clan (Mōri, Ōtomo, "
                                "Kōno, Miyoshi)")
    sent = await world.run("map", world.outsider, view="mine")
    assert sent[-1].content.startswith("You are not a player of Seto 1560")
    player = [c["value"] for c in await world.h.autocomplete("map", world.players["kono"], "view", view="")]
    assert player == ["public", "mine"]
    moderator = [c["value"] for c in await world.h.autocomplete("map", world.mod, "view", view="")]
    assert moderator == ["public", "mine", "moderators", "mori", "otomo", "kono", "miyoshi"]


async def resolve_demo_turn(world) -> None:
    """Turn 3 resolved with the demo's orders (and its captives' choices at their defaults), turn 4
    open; each turn has its own seed."""
    seeds = (f"seed-{n}" for n in itertools.count(3))
    world.service.seed_factory = lambda: next(seeds)
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    await world.submit_demo_orders()
    await world.run("turn resolve", world.admin)
    await world.captives_defaults()  # the turn's last step: its captives' choices (OP-46 c)
    await world.run("turn open", world.admin)


async def test_map_after_a_resolution_is_that_turns(world):
    await resolve_demo_turn(world)
    sent = await world.run("map", world.players["mori"])
    (reply,) = [s for s in sent if s.files]
    assert reply.content == "🗺️ **Seto 1560** — map after turn 3, public view."


async def test_a_clan_added_after_the_last_resolution_gets_the_public_map_and_why(world):
    await resolve_demo_turn(world)
    await world.run("faction add", world.admin, name="Shōni", colour="#d35400", role=ROLES["Spectators"],
                    channel=CHANNELS["spectators-lounge"])
    (reply,) = [s for s in await world.run("map", world.admin, view="shoni") if s.files]
    assert list(reply.files) == ["map-public.png"]
    assert reply.content == ("🗺️ **Seto 1560** — map after turn 3, public view.\nShōni joined after turn 3 was "
                             "resolved, so that turn has no map of its own for it; here is the public one.")


async def test_dice_verify_lists_revealed_keys_and_keeps_the_open_one_secret(world):
    await resolve_demo_turn(world)
    first, second = turn_key("seed-3"), turn_key("seed-4")
    sent = await world.run("dice verify", world.players["otomo"])
    assert private_defer(sent)
    assert sent[-1].content.splitlines() == [
        "🎲 **Seto 1560** — dice of each turn",
        f"Turn 3: public dice key revealed (RSA, attached for the last turn asked about) — its SHA-256 ✅ matches "
        f"the commitment `{first.fingerprint}` published when the turn opened.",
        f"Turn 4: commitment `{second.fingerprint}` (SHA-256 of the turn's public dice key); its rolls' proofs "
        f"come with the report.",
        "Check a roll of your report: /dice verify turn:<n> key:<the key after 'key'>.",
        "Attached: the public key of turn 3 and the proofs of the "
        f"{len(json.loads(sent[-1].files['dice-proofs-turn-3.json'])['rolls'])} rolls your reports show; check "
        "them offline with `python -m bot dice verify --proofs dice-proofs-turn-3.json`."]
    sent = await world.run("dice verify", world.players["otomo"], turn=4, key="battle:x:r1", dice="2d6")
    assert sent[-1].content.startswith("Turn 4 of Seto 1560 is not resolved: its dice stay secret")
    everything = "\n".join(s.content + "".join(f.decode(errors="replace") for f in s.files.values())
                           for s in world.h.log)
    assert "PRIVATE KEY" not in everything and second.public_pem not in everything


async def test_dice_verify_checks_a_roll_of_ones_own_report_and_no_other(world):
    await resolve_demo_turn(world)
    record = await orders_step_of_turn_3(world.service, 1)
    report, public = record.report["faction:otomo"], record.report["public"]
    key = re.findall(r"\(key ([^)]+)\)", report)[0]
    rolled = next(r for r in record.dice if r.key == key)
    sent = await world.run("dice verify", world.players["otomo"], key=key)
    faces = "·".join(map(str, rolled.faces))
    assert sent[-1].content.splitlines()[0] == (
        f"🎲 Seto 1560, turn 3: key `{key}` → {rolled.expr} [{faces}] = {rolled.total}, checked against its proof "
        f"and the turn's public key. ✅ The same as the resolution rolled.")
    document = json.loads(sent[-1].files["dice-proofs-turn-3.json"])
    shown = {r.key for r in record.dice if f"(key {r.key})" in report + public}
    assert {r["key"] for r in document["rolls"]} == shown and document["public_key"] == turn_key("seed-3").public_pem

    hidden = next(r for r in record.dice if r.key not in shown)
    for dice in ({}, {"dice": hidden.expr}):  # refused word for word like a key never rolled
        foreign = (await world.run("dice verify", world.players["otomo"], key=hidden.key, **dice))[-1].content
        missing = (await world.run("dice verify", world.players["otomo"], key="battle:nowhere:r1", **dice))[-1].content
        assert foreign.replace(hidden.key, "K") == missing.replace("battle:nowhere:r1", "K")
        assert foreign.startswith(f"The key {hidden.key!r} is not one your report of that turn shows")
    sent = await world.run("dice verify", world.mod, key=hidden.key, turn=3)
    assert "✅ The same as the resolution rolled." in sent[-1].content
    spectator = Member(60, "spectator", [ROLES["Spectators"]])
    sent = await world.run("dice verify", spectator, key=key)
    assert sent[-1].content.startswith(f"You play no clan of Seto 1560, so no report of yours shows the key {key!r}")
    sent = await world.run("dice verify", spectator)
    document = json.loads(sent[-1].files["dice-proofs-turn-3.json"])
    assert {r["key"] for r in document["rolls"]} == {r.key for r in record.dice if f"(key {r.key})" in public}


async def test_dice_verify_recomputes_a_roll_of_a_turn_stored_before_signed_dice(world):
    await world.setup_campaign()
    await world.service.repo.open_turn(1, 3, "seed-3", commitment("seed-3"))  # the old scheme
    await world.submit_demo_orders()
    await world.run("turn resolve", world.admin)
    report = (await orders_step_of_turn_3(world.service, 1)).report["faction:otomo"]
    key = re.findall(r"\(key ([^)]+)\)", report)[0]
    rolled = next(r for r in (await orders_step_of_turn_3(world.service, 1)).dice if r.key == key)
    sent = await world.run("dice verify", world.players["otomo"], key=key)
    faces = "·".join(map(str, rolled.faces))
    assert sent[-1].content == (f"🎲 Seto 1560, turn 3: key `{key}` → {rolled.expr} [{faces}] = {rolled.total}, "
                                f"recomputed from the revealed seed. ✅ The same as the resolution rolled.")
    assert rolled == derive_die("seed-3", key, rolled.expr) and not sent[-1].files
    sent = await world.run("dice verify", world.players["otomo"])
    assert (f"Turn 3: seed `seed-3` (a roll is HMAC-SHA256(seed, key)) — its SHA-256 ✅ matches the commitment "
            f"`{commitment('seed-3')}` published when the turn opened.") in sent[-1].content.splitlines()


async def test_dice_verify_before_any_resolution(world):
    await world.setup_campaign()
    sent = await world.run("dice verify", world.players["mori"], key="battle:x:r1")
    assert sent[-1].content == "No turn of Seto 1560 has been resolved yet, so no dice are revealed"
    sent = await world.run("dice verify", world.players["mori"])
    assert "No turn has been opened yet." in sent[-1].content
