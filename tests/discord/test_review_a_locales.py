"""Hostile review (issues 11, 16): translated refusals and autocompletes tell a player no more than
the English ones do."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.discord.test_refusal_oracle import PROBES, _filled, with_orders  # noqa: F401  (the fixture)


@pytest.mark.parametrize("locale", ["ru", "ja", "zh-TW"])
async def test_a_foreign_name_is_refused_like_a_missing_one_in_every_language(with_orders, locale):  # noqa: F811
    world = with_orders
    mori = replace(world.players["mori"], locale=locale)
    differ = []
    for path, values, foreign, missing in PROBES:
        replies = []
        for name in (foreign, missing):
            sent = await world.run(path, mori, **_filled(values, name))
            replies.append(sent[-1].content.replace(name, "‹typed›"))
        if replies[0] != replies[1]:
            differ.append((path, foreign, replies))
    assert differ == []


@pytest.mark.parametrize("locale", ["ru", "ja"])
async def test_a_translated_autocomplete_offers_no_other_clans_things(with_orders, locale):  # noqa: F811
    world = with_orders
    mori = replace(world.players["mori"], locale=locale)
    fields = [("order base", "unit", {"port": "x"}), ("order cruise", "leader", {"unit": "x", "target": "x"}),
              ("orders withdraw", "unit", {}), ("clan redeem", "credit", {"build": "squadron", "port": "x"}),
              ("fleet show", "unit", {})]
    for path, field, others in fields:
        for typed in ("otomo", "miyoshi", "hd", "credit:2:o", "tahara", ""):
            choices = await world.h.autocomplete(path, mori, field, **others, **{field: typed})
            shown = " ".join(c["name"] + " " + c["value"] for c in choices)
            assert not any(w in shown.casefold() for w in ("otomo", "ōtomo", "miyoshi", "tahara")), \
                (path, field, typed, choices)


class _Response:
    status, reason = 403, "Forbidden"


async def test_a_server_the_bot_cannot_reach_does_not_stop_the_others_or_start_up(world, monkeypatch, caplog):
    """Per-server sync at start-up: Discord refusing one server (403: the bot was removed) is logged;
    the next server is still synced, and the refused one is tried again at the next start."""
    import discord

    from bot.startup import GUILD_HASH_KEY, sync_hosted_servers
    from tests.discord.harness import GUILD_ID
    other = GUILD_ID + 1
    await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1560")
    campaign = (await world.service.repo.campaigns_in_guild(GUILD_ID))[0]
    campaign.guild_id, campaign.id, campaign.name = other, None, "Elsewhere"
    await world.service.repo.create_campaign(campaign, {}, {})
    sent = []

    async def sync(*, guild=None):
        if guild.id == GUILD_ID:
            raise discord.Forbidden(_Response(), "Missing Access")
        sent.append(guild.id)
        return []

    monkeypatch.setattr(world.bot.tree, "sync", sync)
    world.bot.sync_commands = True
    await sync_hosted_servers(world.bot)
    assert sent == [other]
    assert await world.service.repo.get_meta(GUILD_HASH_KEY.format(guild=GUILD_ID)) is None
    assert f"commands of guild {GUILD_ID}" in caplog.text


async def test_a_translator_failing_in_a_sync_is_logged_not_raised(world, monkeypatch, caplog):
    """discord.py wraps a translator's exception in TranslationError, which is no HTTPException: it
    must not stop start-up (the global sync) nor turn /campaign create into an unexpected error."""
    from discord import app_commands

    from bot.startup import sync_command_tree
    from tests.discord.harness import GUILD_ID

    async def sync(*, guild=None):
        raise app_commands.TranslationError("a broken catalogue", string="order", locale=None, context=None)

    monkeypatch.setattr(world.bot.tree, "sync", sync)
    world.bot.sync_commands = True
    await sync_command_tree(world.bot)
    sent = await world.run("campaign create", world.admin, scenario="seto-demo", name="Seto 1560")
    assert sent[-1].content.startswith("Campaign #1 \"Seto 1560\" created:")
    assert (await world.service.repo.campaigns_in_guild(GUILD_ID))[0].name == "Seto 1560"
    assert "could not translate the commands" in caplog.text


async def test_the_language_commands_answer_a_russian_moderator_in_russian(world):
    """/campaign language and /faction language (issue 16's own commands) replied in English to every
    client, and their refusals too (hostile review)."""
    await world.setup_campaign()
    mod = replace(world.mod, locale="ru")
    sent = await world.run("campaign language", mod, language="ja")
    assert sent[-1].content == ("Seto 1560 теперь говорит на языке 日本語 (ja) в общих публикациях и журнале "
                                "модераторов (было English (en)); закрытые отчёты клана следуют ему, если "
                                "/faction language не задаёт клану собственный язык.")
    sent = await world.run("faction language", mod, clan="mori", language="ru")
    assert sent[-1].content == "Закрытые отчёты Mōri в Seto 1560 — на языке Русский (ru)."
    sent = await world.run("faction language", mod, clan="mori")
    assert sent[-1].content == "Закрытые отчёты Mōri в Seto 1560 следуют языку кампании, 日本語 (ja)."
    sent = await world.run("faction language", mod, clan="hojo", language="ru")
    assert sent[-1].content == "В кампании Seto 1560 нет клана “hojo”; её кланы: Mōri, Ōtomo, Kōno, Miyoshi"


async def test_the_language_commands_answer_a_japanese_moderator_in_japanese(world):
    await world.setup_campaign()
    mod = replace(world.mod, locale="ja")
    sent = await world.run("faction language", mod, clan="otomo", language="zh-TW")
    assert sent[-1].content == "Seto 1560 における Ōtomo の非公開報告は 繁體中文 (zh-TW) で書かれます。"


@pytest.mark.parametrize("locale", ["ru", "ja"])
async def test_another_servers_campaign_reads_like_none_in_every_language(world, locale):
    """/faction language and /campaign language naming the campaign of another server: the refusal is
    the one for a campaign number that exists nowhere, in the reader's language, and nothing changes."""
    from tests.discord.harness import GUILD_ID
    await world.setup_campaign()
    campaign = (await world.service.repo.campaigns_in_guild(GUILD_ID))[0]
    campaign.guild_id, campaign.id, campaign.name = GUILD_ID + 1, None, "Elsewhere"
    await world.service.repo.create_campaign(campaign, {}, {})
    mod = replace(world.mod, locale=locale)
    for path, values in (("faction language", {"clan": "mori", "language": "ru"}),
                         ("campaign language", {"language": "ru"})):
        there = (await world.run(path, mod, campaign=2, **values))[-1].content
        nowhere = (await world.run(path, mod, campaign=99, **values))[-1].content
        assert there.replace("2", "‹n›") == nowhere.replace("99", "‹n›"), (path, there, nowhere)
    elsewhere = await world.service.campaign(2)
    assert elsewhere.language == "en" and elsewhere.faction("mori").language is None


async def test_a_player_naming_another_servers_campaign_reads_what_a_missing_one_reads_in_russian(world):
    from tests.discord.harness import GUILD_ID
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    campaign = (await world.service.repo.campaigns_in_guild(GUILD_ID))[0]
    campaign.guild_id, campaign.id, campaign.name = GUILD_ID + 1, None, "Elsewhere"
    await world.service.repo.create_campaign(campaign, {}, {})
    mori = replace(world.players["mori"], locale="ru")
    differ = []
    for path, values in (("fleet list", {}), ("orders show", {}), ("game settings", {}), ("map", {}),
                         ("orders ready", {}), ("help", {}), ("order idle", {"unit": "mori-kobayakawa"})):
        there = (await world.run(path, mori, campaign=2, **values))[-1].content.replace("#2", "#‹n›")
        nowhere = (await world.run(path, mori, campaign=99, **values))[-1].content.replace("#99", "#‹n›")
        if there != nowhere:
            differ.append((path, there, nowhere))
    assert differ == []
