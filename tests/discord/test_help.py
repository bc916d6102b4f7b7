"""/help says what to do next, for the caller and the campaign's state (issue 17)."""

from __future__ import annotations

from tests.discord.conftest import CHANNELS, ROLES
from tests.discord.harness import MANAGE_GUILD, Member


async def help_of(world, member) -> list[str]:
    sent = await world.run("help", member)
    assert sent[0].type == 5 and sent[-1].ephemeral
    return sent[-1].content.splitlines()


async def test_a_moderator_before_the_first_turn_gets_the_setup_steps_left(world):
    await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1560")
    await world.run("faction link", world.admin, clan="mori", role=ROLES["mori"], channel=CHANNELS["mori-war-room"])
    lines = await help_of(world, world.admin)
    assert lines[:6] == [
        "**Seto 1560** — Sengoku naval rules; turn 3: not started; a moderator opens the first turn with /turn open.",
        "What to do next, as a moderator:",
        "1. /campaign channel channel:#… — where turn announcements and the public report go",
        "2. /campaign moderators role:@… — who moderates besides members with Manage Server",
        "3. /faction link clan:… role:@… channel:#… — still unlinked: Ōtomo, Kōno, Miyoshi",
        "4. /turn open deadline:\"in 48h\" — open turn 3 (the first) for orders"]


async def test_a_moderator_during_planning_sees_who_is_not_ready(planned):
    await planned.run("orders ready", planned.players["kono"])
    lines = await help_of(planned, planned.mod)
    assert lines[2:4] == ["1. wait for the clans' orders (not ready: Mōri, Ōtomo, Miyoshi)",
                          "2. /turn preview — what the orders so far would do; /turn lock — close orders early"]


async def test_a_player_with_no_orders_yet_is_told_to_list_then_order(world):
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    lines = await help_of(world, world.players["mori"])
    assert lines[1:5] == ["What to do next, as a player:", "1. /fleet list — your units, where they are",
                          "2. then /order … for each (cruise, trade, base, piracy, …): a refused order says which "
                          "rule it breaks", "3. then /orders ready"]
    assert lines[5] == "Also:" and lines[6].startswith("• /clan policy — your standing battle policy")
    await world.run("order trade", world.players["mori"], unit="mori-akita-maru")
    lines = await help_of(world, world.players["mori"])
    assert lines[2].startswith("1. 1 of 7 units ordered; still without orders: Kobayakawa-1,")


async def test_without_a_campaign_help_says_who_starts_one(world):
    owner = Member(5, "owner", permissions=MANAGE_GUILD)
    assert (await help_of(world, owner)) == [
        "There is no campaign on this server yet; start one: /campaign create scenario:… (a ready starting "
        "position) or map:… (empty)."]
    assert (await help_of(world, world.players["mori"])) == [
        "There is no campaign on this server yet; ask a moderator to start one with /campaign create."]


async def test_a_moderator_is_pointed_to_the_rulesets_own_group_for_its_facts(planned):
    """Issue 11: the facts' edits moved from /mod to the ruleset's group; /help names it from the plug-in."""
    lines = await help_of(planned, planned.mod)
    assert lines[-3:] == ["• /game status — readiness; /mod audit — what moderators did; /turn log — a turn's log",
                          "• /campaign settings set — the rules' open points (see them: /game settings)",
                          "• /sengoku … — enter and correct the game's facts (each edit is in /mod audit)"]


async def test_a_moderator_correcting_a_turn_is_told_where_orders_and_facts_are_corrected(planned):
    await planned.run("turn resolve", planned.admin)
    await planned.run("turn undo", planned.admin)
    lines = await help_of(planned, planned.mod)
    assert lines[2] == ("1. correct the orders (/mod act-as clan:…, then /order …) or the state (/sengoku …), "
                        "then /turn redo")
