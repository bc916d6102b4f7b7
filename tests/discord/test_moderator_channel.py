"""The moderators' channel (issue 12): a step's question for the moderators (a combat result, a card's
effect) and the values entered in its form are posted there, never in the public report channel; with
none set, the report channel is told only that one waits (no text, no values) and /step show opens the
form privately.  Set with /campaign channel moderators:, audited, shown by /game info, carried by an
export."""

from __future__ import annotations

from cogs.turn_posts import TurnPoster
from tests.discord.conftest import CHANNELS, ROLES, channel_posts
from tests.discord.fake_steps import FakeSteps

MOD_ROOM, REPORTS = CHANNELS["moderators-room"], CHANNELS["naval-reports"]
SECRETS = ("combat round", "Losses", "Murakami")  # the moderators' question, its form, a clan's question


async def stepped(world, *, moderators: bool, link=("mori", "otomo", "kono", "miyoshi")):
    await world.setup_campaign(link=link)
    if moderators:
        await world.run("campaign channel", world.admin, moderators=MOD_ROOM)
    world.bot.steps = world.steps = FakeSteps(await world.service.campaign(1))
    start = len(world.h.log)
    await TurnPoster(world.bot).step_opened(await world.steps.open_step(1))
    return world.h.log[start:]


def public(world) -> list:
    """Everything the bot posted in the report channel."""
    return channel_posts(world.h.log, REPORTS)


async def test_the_moderators_question_goes_to_their_channel_only(world):
    sent = await stepped(world, moderators=True)
    (prompt,) = channel_posts(sent, MOD_ROOM)
    assert prompt.content.splitlines()[1] == "The combat round's result"
    assert list(world.h.buttons(prompt)) == ["Enter"]
    assert not channel_posts(sent, REPORTS)


async def test_without_a_moderators_channel_the_report_channel_is_told_only_that_one_waits(world):
    sent = await stepped(world, moderators=False)
    (notice,) = channel_posts(sent, REPORTS)
    assert notice.content == (
        "⚠️ Moderators: a moderators' question of Turn 3 · captives' choices is waiting. Answer it with /step show "
        "(its form opens from there, visible to you only), and set a moderators-only channel for the next ones "
        "with /campaign channel moderators:#…")
    assert not world.h.buttons(notice)  # no form button in public
    assert not any(secret in s.content for s in public(world) for secret in SECRETS)
    shown = await world.h.invoke("step show", world.mod)
    assert shown[-1].ephemeral and list(world.h.buttons(shown[-1])) == ["Enter: The combat round's result"]
    (modal,) = await world.h.click(shown[-1], "Enter: The combat round's result", world.mod)
    answered = await world.h.submit_form(modal.body["custom_id"], {"losses": "4", "note": "the flagship sank"},
                                         world.mod, message=shown[-1])
    assert world.steps.open.answers["combat"].value == {"losses": 4, "note": "the flagship sank"}
    assert not [s for s in answered if s.kind == "channel"]  # the values entered: no post anywhere
    assert not any("flagship" in s.content or "Losses" in s.content for s in public(world))


async def test_the_answered_form_shows_its_values_in_the_moderators_channel_only(world):
    sent = await stepped(world, moderators=True)
    (prompt,) = channel_posts(sent, MOD_ROOM)
    (modal,) = await world.h.click(prompt, "Enter", world.mod, in_channel="moderators-room")
    answered = await world.h.submit_form(modal.body["custom_id"], {"losses": "1", "note": "Kōno's card"},
                                         world.mod, message=prompt, in_channel="moderators-room")
    (edit,) = [s for s in answered if s.kind == "edit"]  # the prompt in the moderators' room, edited
    assert edit.content.endswith("✅ mod entered: Losses: 1, Note: Kōno's card")
    assert not public(world)
    assert not any("Kōno's card" in s.content for s in world.h.log if s.kind == "channel")


async def test_a_clan_without_a_channel_is_named_in_the_moderators_channel_not_in_public(world):
    sent = await stepped(world, moderators=True, link=("otomo", "kono"))
    notices = [s.content for s in channel_posts(sent, MOD_ROOM)]
    assert ("⚠️ A question of Turn 3 · captives' choices for Mōri was not posted, as the clan has no linked channel; "
            "/step show lists the questions not answered, and the clan can answer with /step answer (or link its "
            "channel with /faction link).") in notices
    assert not channel_posts(sent, REPORTS)  # nothing public tells who was asked


async def test_setting_the_moderators_channel_is_checked_audited_and_shown(world):
    await world.setup_campaign()
    before = len(await world.service.audit_log(1, 200))
    refusals = {"general": "Every member can read <#510>",
                "mori-war-room": "<#530> is Mōri's private channel",
                "naval-reports": "<#520> cannot be both the public report channel and the moderators-only channel"}
    for name, words in refusals.items():
        sent = await world.run("campaign channel", world.admin, moderators=CHANNELS[name])
        assert sent[-1].ephemeral and sent[-1].content.startswith(words), sent[-1].content
    assert (await world.service.campaign(1)).moderator_channel_id is None  # a refusal changes nothing
    nothing = await world.run("campaign channel", world.admin)
    assert nothing[-1].content.startswith("Give channel (the public report channel), moderators (the")
    sent = await world.run("campaign channel", world.mod, moderators=MOD_ROOM)
    assert sent[-1].content == ("The moderators' questions of Seto 1560 and the values entered in their forms go "
                                "to <#550>.")
    campaign = await world.service.campaign(1)
    assert (campaign.moderator_channel_id, campaign.report_channel_id) == (MOD_ROOM, REPORTS)  # the other kept
    entries = await world.service.audit_log(1, 200)
    assert len(entries) == before + 1
    assert entries[0].kind == "/campaign channel" and entries[0].payload["options"] == {"moderators": "#moderators-room"}
    info = await world.run("game info", world.mod)
    assert "Moderators' channel: <#550>" in info[-1].content
    linked = await world.run("faction link", world.admin, clan="mori", role=ROLES["mori"], channel=MOD_ROOM)
    assert linked[-1].content.startswith("<#550> is the moderators-only channel")


async def test_the_moderators_channel_survives_an_export_and_an_import(world):
    await world.setup_campaign()
    await world.run("campaign channel", world.admin, moderators=MOD_ROOM)
    exported = await world.service.export(1)
    assert exported["campaign"]["moderator_channel_id"] == MOD_ROOM
    imported = await world.service.import_(exported, world.h.guild_id if hasattr(world.h, "guild_id") else None)
    assert (await world.service.campaign(imported.id)).moderator_channel_id == MOD_ROOM
