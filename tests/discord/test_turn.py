"""Moderators resolve and undo turns; the reports go where they belong."""

from __future__ import annotations


import pytest

from bot.domain.campaign import Phase
from bot.services.dice_keys import turn_key
from tests.discord.conftest import CHANNELS, CLANS, PNG, SEED, channel_posts

KEY = turn_key(SEED)  # the fixed seed factory's turns all have this key pair

NAMES = {"mori": "Mōri", "otomo": "Ōtomo", "kono": "Kōno", "miyoshi": "Miyoshi"}


async def test_resolve_posts_the_public_report_with_the_map_and_each_clans_report_to_its_own_channel(planned):
    world = planned
    orders = {clan: await world.service.describe_orders(1, clan) for clan in CLANS}
    sent = await world.run("turn resolve", world.mod)
    assert sent[0].kind == "callback" and sent[0].type == 4 and sent[0].ephemeral  # asked to confirm first
    assert sent[1].type == 7  # the click updates the prompt at once; the resolution follows

    public = [s for s in sent if s.kind == "channel" and s.target == CHANNELS["naval-reports"]]
    assert len(public) >= 2, "the demo's public report is longer than one message"
    assert "Seto 1560" in public[0].content
    assert list(public[0].files) == ["map.png"] and public[0].files["map.png"].startswith(PNG)
    # Issue 17: a card per battle on the first message, the full report attached to the last.
    cards = public[0].payload["embeds"]
    battles = [line for s in public for line in s.content.splitlines()
               if line.startswith("  Battle off") and " over after " not in line]
    assert [c["title"] for c in cards] == [f"⚔️ {line.strip().removesuffix('.')}" for line in battles]
    assert all(any(f["name"] == "Outcome" for f in c["fields"]) for c in cards)
    assert list(public[-1].files) == ["report-public.md"] and all(not s.files for s in public[1:-1])
    assert all(len(s.content) <= 2000 for s in public)
    mori = [s for s in sent if s.kind == "channel" and s.target == CHANNELS["mori-war-room"]]
    assert mori[0].payload["embeds"][0]["title"] == "Mōri — turn 3"
    assert not any("(key " in s.content for s in mori)  # the keys are in the attached report, still verifiable
    assert b"(key battle:" in mori[-1].files["report-mori.md"]
    assert KEY.fingerprint in "\n".join(s.content for s in public)  # the public key's, named with the report

    for clan in CLANS:
        own = [s.content for s in sent if s.kind == "channel" and s.target == CHANNELS[f"{clan}-war-room"]]
        assert own and f"{NAMES[clan]}, your turn" in own[0]
        elsewhere = [s.target for s in sent if s.kind == "channel" and f"{NAMES[clan]}, your turn" in s.content
                     and s.target != CHANNELS[f"{clan}-war-room"]]
        assert elsewhere == [], f"{clan}'s report was posted in {elsewhere}"
        others = [line for other in CLANS if other != clan for line in orders[other]]
        assert not [line for line in others if line in "\n".join(own)], f"{clan} was shown others' orders"

    summary = [s for s in sent if s.kind == "followup"]
    assert all(s.ephemeral for s in summary)
    assert summary[0].content.startswith(f"Turn 3 of Seto 1560 resolved; its public dice key (SHA-256 "
                                         f"`{KEY.fingerprint}`) is revealed.")
    assert list(summary[0].files) == ["moderator-log.md"]
    log = summary[0].files["moderator-log.md"].decode()
    assert "moderator log" in log and KEY.fingerprint in log and "PRIVATE KEY" not in log
    # The orders step is over; the captives' choices (OP-46 c) are asked of Ōtomo, in its room only.
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step, campaign.phase) == (3, 2, Phase.PLANNING)
    asked = [s for s in sent if s.kind == "channel" and "captives' choices" in s.content]
    assert [s.target for s in asked] == [CHANNELS["otomo-war-room"]]
    done = await world.captives_defaults(world.mod)  # the moderator does not wait for the deadline
    posted = [s.content for s in channel_posts(done, CHANNELS["naval-reports"])]
    assert any("Tahara Chikakata" in text for text in posted)  # the step's public report
    assert posted[-1].startswith("Turn 3 in steps:")  # then the turn's digest
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.phase) == (4, Phase.RESOLVED)
    ready = (await world.run("orders ready", world.players["mori"]))[-1].content
    assert ready.startswith("No turn of Seto 1560 is open for orders yet; turn 4 opens")


async def test_a_clan_without_a_channel_gets_its_report_through_the_moderator(world):
    await world.setup_campaign(link=("mori",))
    await world.run("turn open", world.admin)
    sent = await world.run("turn resolve", world.admin)
    posted = {s.target for s in sent if s.kind == "channel"}
    assert posted == {CHANNELS["naval-reports"], CHANNELS["mori-war-room"]}
    summary = next(s for s in sent if s.kind == "followup")
    assert set(summary.files) == {"moderator-log.md", "report-otomo.md", "report-kono.md", "report-miyoshi.md"}
    assert "Ōtomo has no linked channel: its report is attached" in summary.content


async def test_resolve_needs_a_report_channel_and_an_open_turn(world):
    await world.run("campaign create", world.admin, scenario="seto-demo")
    sent = await world.run("turn resolve", world.admin)
    assert sent[-1].ephemeral and "has no report channel yet; set it with /campaign channel" in sent[-1].content
    await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"])
    sent = await world.run("turn resolve", world.admin)
    assert sent[-1].ephemeral and sent[-1].content.startswith("No turn of Seto 1560 is open for orders")
    assert not [s for s in world.h.log if s.kind == "channel"]


async def test_undo_says_which_turn_is_open_again(planned):
    world = planned
    await world.run("turn resolve", world.admin)
    sent = await world.run("turn undo", world.mod)
    assert (sent[0].type, sent[1].type) == (4, 7) and sent[-1].ephemeral  # asked, confirmed
    assert sent[-1].content.startswith("↩️ The resolution of turn 3 of Seto 1560 is undone: turn 3 is open")
    (notice,) = [s for s in sent if s.kind == "channel"]
    assert notice.target == CHANNELS["naval-reports"] and "report no longer stands" in notice.content
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.phase) == (3, Phase.CORRECTION)
    assert len(await world.service.orders(1, None)) == 18
    # The seed is public now: a player may no longer change orders (fairness), a moderator may.
    sent = await world.run("order idle", world.players["mori"], unit="mori-kobayakawa")
    assert sent[-1].ephemeral and "only the moderators may change its orders" in sent[-1].content
    assert len(await world.service.orders(1, None)) == 18


async def test_preview_is_private_stores_nothing_and_never_shows_the_seed(planned):
    world = planned
    sent = await world.run("turn preview", world.mod)
    assert sent[0].type == 5 and all(s.kind != "channel" for s in sent)
    (summary,) = [s for s in sent if s.kind == "followup"]
    assert summary.ephemeral and summary.content.startswith("🔍 PREVIEW of turn 3 of Seto 1560")
    log = summary.files["preview-moderator-log.md"].decode()
    assert "Throwaway preview dice key: a key pair made for this preview alone" in log and KEY.fingerprint not in log
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.phase) == (3, Phase.PLANNING)


@pytest.mark.parametrize("path", ["turn open", "turn deadline", "turn lock", "turn reopen", "turn preview",
                                  "turn resolve", "turn log", "turn undo", "turn redo"])
async def test_a_player_cannot_use_the_moderators_turn_commands(planned, path):
    world = planned
    sent = await world.run(path, world.players["mori"])
    assert len(sent) == 1 and sent[0].type == 4 and sent[0].ephemeral  # refused, nothing posted anywhere
    assert sent[0].content.startswith("Only the moderators of Seto 1560 can do this")
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.phase) == (3, Phase.PLANNING)


async def test_status_shows_moderators_every_clan_and_players_their_own(planned):
    world = planned
    moderator = (await world.run("game status", world.mod))[-1].content
    assert moderator.startswith("**Seto 1560** (#1) — turn 3: open for orders until <t:1772539200:F>")
    await world.run("orders ready", world.players["kono"])
    moderator = (await world.run("game status", world.mod))[-1].content
    assert "Deadline: <t:1772539200:F> (<t:1772539200:R>); then the moderators resolve the turn." in moderator
    assert "• Mōri: not ready; 5 of 7 units ordered" in moderator
    assert "• Kōno: ✅ ready; 3 of 4 units ordered" in moderator
    player = (await world.run("game status", world.players["otomo"]))[-1].content
    assert "• Ōtomo: not ready; 6 of 7 units ordered" in player
    assert "• Mōri: not ready\n" in player and "• Kōno: ✅ ready\n" in player  # readiness of all, counts of its own
    commitment = KEY.fingerprint
    for text in (moderator, player):
        assert (f"Dice commitment: `{commitment}` (SHA-256 of the turn's public dice key); the key is revealed "
                f"with the report, and /dice verify then checks your rolls.") in text
        assert SEED not in text


async def test_every_message_about_the_phase_handles_a_correction(planned):
    world, mori = planned, planned.players["mori"]
    await world.run("turn resolve", world.admin)
    await world.run("turn undo", world.admin)
    status = (await world.run("game status", mori))[-1].content
    assert "turn 3: undone for a correction: only moderators may change orders" in status
    assert "its public dice key was revealed with the report that was undone" in status
    info = (await world.run("game info", mori))[-1].content
    assert "Turn 3: undone for a correction" in info
    ready = (await world.run("orders ready", mori))[-1].content
    assert ready.startswith("Mōri has ordered 5 of 7 units.")
    assert ready.endswith("The turn was resolved and undone for a correction: its dice are known, so only the "
                          "moderators may change its orders.")
    assert "until the deadline" not in ready and "No turn" not in ready
    listing = (await world.run("orders show", mori))[-1].content
    assert "orders for turn 3 of Seto 1560 (5):" in listing and "only the moderators may change" in listing
    for path, values in (("unit disband", {"unit": "mori-kodama"}), ("clan policy", {"pairing_target":
                                                                                     "least_damaged"})):
        sent = await world.run(path, mori, **values)
        assert sent[-1].ephemeral and "only the moderators may change its orders" in sent[-1].content
    assert len(await world.service.orders(1, "mori")) == 5


async def test_every_page_of_a_preview_log_says_it_is_a_preview(planned):
    """A preview's log must not pass for the real one: its title line, and a banner heading each page."""
    sent = await planned.run("turn preview", planned.mod)
    (summary,) = [s for s in sent if s.kind == "followup"]
    assert list(summary.files) == ["preview-moderator-log.md"]
    lines = summary.files["preview-moderator-log.md"].decode().splitlines()
    banner = ("🔍 PREVIEW — NOT the resolution of turn 3: throwaway dice, nothing stored or posted; the real "
              "dice will differ.")
    assert lines[0] == banner and lines[1] == "🔍 PREVIEW: ⚓ Seto 1560 — turn 3 (spring–summer) — moderator log"
    pages = [lines[i:i + 51] for i in range(0, len(lines), 51)]
    assert len(pages) > 1 and all(page[0] == banner for page in pages)


async def test_a_preview_of_a_signed_turn_speaks_of_a_throwaway_key_not_a_seed(planned):
    """The preview resolves on a throwaway dice key pair (never the turn's key, which stays secret):
    neither its reply nor its log may speak of a seed, nor pass its key off as the turn's."""
    sent = await planned.run("turn preview", planned.mod)
    (summary,) = [s for s in sent if s.kind == "followup"]
    assert summary.content == ("🔍 PREVIEW of turn 3 of Seto 1560: the orders given so far, resolved on dice of a "
                               "throwaway key (never the turn's own dice key, which stays secret). Nothing is stored "
                               "or posted; the preview's moderator log is attached.")
    log = summary.files["preview-moderator-log.md"].decode()
    assert "seed" not in log.lower() and "Dice key of this turn" not in log
    assert ("Throwaway preview dice key: a key pair made for this preview alone, not the turn's, and committed to "
            "nowhere.") in log.splitlines()
