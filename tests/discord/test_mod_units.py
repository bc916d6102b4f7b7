"""/mod unit, /mod commander and /mod audit through discord.py's dispatch:
moderators add, correct and remove units and characters; every reply is
private, every edit lands in the audit log in the moderator's name, refusals
change nothing, players are refused and their autocomplete offers nothing."""

from __future__ import annotations

import pytest

from bot.services.errors import UserError

from tests.discord.test_moderate import recorded, state
from tests.discord.test_unit_orders import private


async def edits(world) -> list:
    """The audit entries of the game state's edits, without those of the setup commands (cogs/audit_trail.py)."""
    return [e for e in await world.service.audit_log(1) if not e.kind.startswith(("/", "act-as"))]


@pytest.fixture
async def linked(world):
    await world.setup_campaign()
    return world


async def test_unit_edit_overrides_a_result_with_a_reason_by_names_typed_by_hand(linked):
    world = linked
    sent = await world.run("sengoku unit edit", world.mod, unit="Kodama-2", reason="loss roll misread", damage=3,
                           experience=2)
    assert private(sent)
    assert sent[-1].content.startswith("🛠️ **Seto 1560** — Squadron Kodama-2 (`mori-kodama`) of Mōri: damage 1 → 3; "
                                       "experience 1 → 2.")
    assert recorded(sent) == {"kind": "unit_edit", "id": "mori-kodama", "reason": "loss roll misread", "damage": 3,
                              "experience": 2}
    squadron = (await state(world))["squadrons"]["mori-kodama"]
    assert (squadron["damage"], squadron["experience"]) == (3, 2)
    (entry,) = await edits(world)
    assert (entry.actor_id, entry.actor_name, entry.reason, entry.kind) == (2, "mod", "loss roll misread",
                                                                            "unit_edit")


async def test_unit_edit_restores_a_sunk_unit_and_clears_fields_with_none(linked):
    world = linked
    await world.edit_state(1, lambda s: s["squadrons"]["mori-kodama"].update(state="destroyed", damage=5))
    sent = await world.run("sengoku unit edit", world.admin, unit="mori-kodama", reason="storm roll was Kōno's",
                           state="active", damage=2)
    assert private(sent) and "state destroyed → active; damage 5 → 2." in sent[-1].content
    sent = await world.run("sengoku unit edit", world.admin, unit="mori-kobayakawa", reason="never led it",
                           leader="none")
    assert "leader Kobayakawa Takakage → none." in sent[-1].content
    assert recorded(sent)["leader"] is None and (await state(world))["squadrons"]["mori-kobayakawa"]["leader"] is None


async def test_unit_edit_refusals_name_the_rule_and_change_nothing(linked):
    world = linked
    before = await state(world)
    sent = await world.run("sengoku unit edit", world.mod, unit="Kodama-2", reason="moved", base_port="Moji")
    assert private(sent) and sent[-1].content.startswith(
        "Refused: base_port: Moji is Ōtomo's, not Mōri's; a unit is based at its own clan's port (S2.1; abroad "
        "only by an agreement, S2.4). Mōri's ports: Akamagaseki, Kusatsu, Mitajiri, Tomo")
    sent = await world.run("sengoku unit edit", world.mod, unit="Kodama-3", reason="x", damage=2)
    assert sent[-1].content == ("Refused: unknown unit “Kodama-3”; did you mean Kodama-2, Mōri squadron "
                                "(mori-kodama)?")
    sent = await world.run("sengoku unit edit", world.mod, unit="Akita-maru", reason="x", damage=2)
    assert sent[-1].content == ("Refused: damage: 2; a trade fleet is damaged or not (S3.2.5): give 0 (sound) or 1 "
                                "(damaged)")
    assert await state(world) == before and await edits(world) == []


async def test_unit_add_and_remove(linked):
    world = linked
    sent = await world.run("sengoku unit add", world.mod, kind="squadron", owner="Mōri", name="Kikkawa-1",
                           base_port="Tomo", experience=1, reason="built with a capture credit")
    assert private(sent) and "Squadron Kikkawa-1 (`mori-kikkawa-1`) of Mōri added: active, based at Tomo, in " \
        "Bingo, damage 0, XP 1." in sent[-1].content
    assert recorded(sent) == {"kind": "unit_add", "unit_kind": "squadron", "owner": "mori", "name": "Kikkawa-1",
                              "base_port": "tomo", "experience": 1, "reason": "built with a capture credit"}
    sent = await world.run("sengoku unit add", world.mod, kind="heavy_detachment", owner="mori",
                           attached_to="Kikkawa-1")
    assert "Heavy detachment `mori-kikkawa-1-hd` of Mōri added" in sent[-1].content
    sent = await world.run("sengoku unit add", world.mod, kind="trade_fleet", owner="mori", base_port="tomo")
    assert sent[-1].content == "Refused: name: a trade fleet needs a name, e.g. 'Kobayakawa-2'"
    sent = await world.run("sengoku unit remove", world.mod, unit="Kikkawa-1", reason="entered twice")
    assert private(sent) and "Squadron Kikkawa-1 (`mori-kikkawa-1`) of Mōri removed from the campaign" in \
        sent[-1].content and "Heavy detachment mori-kikkawa-1-hd is detached" in sent[-1].content
    assert "mori-kikkawa-1" not in (await state(world))["squadrons"]
    assert [e.kind for e in await edits(world)] == ["unit_remove", "unit_add", "unit_add"]


async def test_commander_add_edit_remove(linked):
    world = linked
    sent = await world.run("sengoku commander add", world.mod, name="Kikkawa Motoharu", clan="Mōri", rank="general",
                           veteran=True)
    assert private(sent) and "General Kikkawa Motoharu (`kikkawa-motoharu`) of Mōri added: general, free, veteran " \
        "(+1, S9.2.3)" in sent[-1].content
    sent = await world.run("sengoku commander edit", world.mod, commander="Kobayakawa Takakage", status="captured",
                           captor="Ōtomo", reason="taken off Suō")
    assert "captured by Ōtomo" in sent[-1].content and "Squadron Kobayakawa-1 is without a leader now." in \
        sent[-1].content
    assert recorded(sent) == {"kind": "character_edit", "id": "kobayakawa-takakage", "captor": "otomo",
                              "reason": "taken off Suō", "status": "captured"}
    sent = await world.run("sengoku commander edit", world.mod, commander="kono-michinao", status="captured")
    assert sent[-1].content == "Refused: captor: a captured character is held by a clan (S9.4); give the captor clan"
    sent = await world.run("sengoku commander remove", world.mod, commander="Kikkawa Motoharu")
    assert private(sent) and "removed from the campaign" in sent[-1].content
    characters = (await state(world))["characters"]
    assert "kikkawa-motoharu" not in characters and characters["kobayakawa-takakage"]["status"] == "captured"


async def test_audit_shows_the_latest_edits_newest_first_filtered_and_within_the_limit(linked):
    world = linked
    await world.run("sengoku weather", world.mod, storm=True, reason="typhoon season")
    await world.run("sengoku unit edit", world.admin, unit="otomo-usuki", reason="won at Iyo", experience=2)
    sent = await world.run("mod audit", world.mod)
    assert private(sent) and len(sent) == 2
    text = sent[-1].content
    assert text.startswith("📜 **Seto 1560** — moderator edits, page 1, newest first\n**#")
    assert text.index("`unit_edit`") < text.index("`weather`")
    assert "admin (1) · `unit_edit`" in text and "Reason: typhoon season" in text and "2026-03-01 12:00 UTC" in text
    sent = await world.run("mod audit", world.mod, clan="Ōtomo")
    assert "`unit_edit`" in sent[-1].content and "`weather`" not in sent[-1].content
    sent = await world.run("mod audit", world.mod, unit="Kodama-2")
    assert sent[-1].content.endswith("No moderator edits recorded.")
    for n in range(30):
        await world.run("sengoku treasury", world.mod, clan="mori", rice=n, reason="x" * 80)
    sent = await world.run("mod audit", world.mod)
    assert len(sent) == 2 and len(sent[-1].content) <= 2000
    assert sent[-1].content.endswith("older entries not shown: ask for the next page, or filter by clan or unit.")
    sent = await world.run("mod audit", world.mod, page=4)
    assert "`weather`" in sent[-1].content and "older entries not shown" not in sent[-1].content
    # not "no moderator edits recorded": there are 32, after the 7 setup commands (cogs/audit_trail.py)
    sent = await world.run("mod audit", world.mod, page=5)
    assert sent[-1].ephemeral and sent[-1].content == ("Page 5 is past the end: Seto 1560 has 39 moderator edit(s), "
                                                       "on pages 1 to 4; page 1 shows the newest")
    sent = await world.run("mod audit", world.mod, clan="Ōtomo", page=2)
    assert sent[-1].content == ("Page 2 is past the end: Seto 1560 has 2 moderator edit(s) concerning Ōtomo, on "
                                "page 1; page 1 shows the newest")


async def test_players_are_refused_and_see_no_units_in_autocomplete(linked):
    world = linked
    before = await state(world)
    player = world.players["mori"]
    for path, values in (("sengoku unit edit", {"unit": "mori-kodama", "reason": "x", "damage": 0}),
                         ("sengoku unit add", {"kind": "squadron", "owner": "mori", "name": "X"}),
                         ("sengoku commander remove", {"commander": "kono-michinao"}),
                         ("mod audit", {})):
        sent = await world.run(path, player, **values)
        assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral
        assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    assert await state(world) == before
    assert await world.h.autocomplete("sengoku unit edit", player, "unit", unit="", reason="x") == []
    choices = await world.h.autocomplete("sengoku unit edit", world.mod, "unit", unit="kodama", reason="x")
    assert choices == [{"name": "Kodama-2 — Mōri squadron", "value": "mori-kodama"}]


async def test_autocomplete_answers_from_the_roster_in_memory(linked, monkeypatch):
    world = linked
    await world.h.autocomplete("sengoku unit edit", world.mod, "unit", unit="", reason="x")
    calls = []
    original = world.service.roster

    async def counted(campaign_id):
        calls.append(campaign_id)
        return await original(campaign_id)

    monkeypatch.setattr(world.service, "roster", counted)
    for typed in ("k", "ko", "kod"):
        await world.h.autocomplete("sengoku unit edit", world.mod, "unit", unit=typed, reason="x")
    assert calls == []  # no keystroke read the state
    await world.run("sengoku unit edit", world.mod, unit="mori-kodama", reason="sunk", state="destroyed")
    choices = await world.h.autocomplete("sengoku unit edit", world.mod, "unit", unit="kodama", reason="x")
    assert choices == [{"name": "Kodama-2 — Mōri squadron, destroyed", "value": "mori-kodama"}]


async def test_autocomplete_offers_a_new_heavy_detachment_the_owners_squadrons_only(linked):
    world = linked
    choices = await world.h.autocomplete("sengoku unit add", world.mod, "attached_to", kind="heavy_detachment",
                                         owner="kono", attached_to="")
    assert [c["value"] for c in choices] == ["kono-kurushima", "kono-mitsu", "kono-imabari"]
    edited = await world.h.autocomplete("sengoku unit edit", world.mod, "unit", unit="Mitsu", reason="x", owner="mori")
    assert [c["value"] for c in edited] == ["kono-mitsu", "kono-mitsu-maru"]  # the new owner does not filter
    leaders = await world.h.autocomplete("sengoku commander edit", world.mod, "commander", commander="kobayakawa",
                                         clan="otomo")
    assert leaders == [{"name": "Kobayakawa Takakage — Mōri, commander, leads Kobayakawa-1",
                        "value": "kobayakawa-takakage"}]


async def test_unit_add_refuses_a_name_the_clan_already_has_accents_and_case_aside(linked):
    """Issue 17: a second "Kobayakawa-1" of Mōri was accepted, and lookups by name then picked the first."""
    world = linked
    sent = await world.run("sengoku unit add", world.mod, kind="trade_fleet", owner="mori", name="  KOBAYAKAWA-1 ",
                           base_port="tomo")
    assert private(sent) and sent[-1].content == (
        "Refused: name: Mōri already has a unit named Kobayakawa-1; give another name (names that differ only in "
        "accents or case count as the same)")
    assert "mori-kobayakawa-1" not in (await state(world))["fleets"]
    sent = await world.run("sengoku unit add", world.mod, kind="squadron", owner="otomo", name="Kobayakawa-1",
                           base_port="moji")
    assert sent[-1].content.startswith("🛠️ **Seto 1560** — Squadron Kobayakawa-1 (`otomo-kobayakawa-1`) of Ōtomo")


async def test_renames_to_a_name_taken_in_the_clan_are_refused(linked):
    world = linked
    before = await world.service.audit_log(1)
    sent = await world.run("sengoku unit edit", world.mod, unit="Kodama-2", reason="typo", name="kurushima-maru")
    assert sent[-1].content.startswith("Refused: name: Mōri already has a unit named Kurushima-maru;")
    sent = await world.run("sengoku commander add", world.mod, name="kobayakawa takakage", clan="mori", rank="general")
    assert sent[-1].content.startswith("Refused: name: Mōri already has a character named Kobayakawa Takakage;")
    sent = await world.run("sengoku commander edit", world.mod, commander="Murakami Takeyoshi",
                           name="Kobayakawa Takakage")
    assert sent[-1].content.startswith("Refused: name: Mōri already has a character named Kobayakawa Takakage;")
    assert await world.service.audit_log(1) == before  # a refusal is no action


async def test_an_overlong_unit_name_is_refused_briefly_and_by_the_rules_too(linked):
    world = linked
    sent = await world.run("sengoku unit add", world.mod, kind="squadron", owner="mori", name="N" * 3000,
                           base_port="tomo")
    assert len(sent) == 1 and sent[0].ephemeral
    assert sent[0].content == f"Name: that is 3,000 characters, at most 64 fit (you typed “{'N' * 39}…”)"
    with pytest.raises(UserError, match=r"^Refused: name: 3,000 characters is too long for the name of a unit; "
                                        r"give at most 64$"):
        await world.service.moderator_edit(1, {"kind": "unit_add", "unit_kind": "squadron", "owner": "mori",
                                               "name": "N" * 3000, "base_port": "tomo"})


async def test_a_hostile_unit_name_is_stored_clean_and_listed_escaped(linked):
    """Issue 10: markdown, mentions, a right-to-left override and a zero-width space in a name."""
    world = linked
    hostile = "# \u202eBig [x](http://e.vil) @everyone\u200b"
    await world.run("sengoku unit add", world.mod, kind="squadron", owner="mori", name=hostile, base_port="tomo")
    (stored,) = [u["name"] for u in (await state(world))["squadrons"].values() if "e.vil" in u["name"]]
    assert stored == "# Big [x](http://e.vil) @everyone"
    listing = (await world.run("fleet list", world.players["mori"]))[-1].content
    assert r"**\# Big \[x\](http://e.vil) @" + "\u200beveryone**" in listing
    assert "[x](" not in listing and "@everyone" not in listing and "\u202e" not in listing


async def test_an_army_renamed_to_another_armys_name_is_refused(linked):
    world = linked
    await world.run("sengoku army set", world.mod, clan="mori", name="Kikkawa army", area="aki", detachments="a:3i")
    await world.run("sengoku army set", world.mod, clan="mori", name="Kobayakawa army", area="aki", detachments="b:3i")
    sent = await world.run("sengoku army set", world.mod, clan="mori", name="KIKKAWA ARMY", area="aki",
                           detachments="b:3i", army="Kobayakawa army")
    assert sent[-1].content.startswith("Refused: name: Mōri already has an army named Kikkawa army;")
