"""Issue 16: a campaign's language (its public posts, the moderators' log) and each clan's own
(its private reports; default: the campaign's), set by moderators, stored, shown in /game
settings and given to the reports; ephemeral replies read the reader's Discord locale."""

from __future__ import annotations

import json
from types import SimpleNamespace

import discord
import pytest

from bot.services.errors import UserError
from bot.services.languages import set_campaign_language, set_clan_language
from bot.services.queries import map_data
from bot.store.codec import CAMPAIGN_COLUMNS, campaign_values
from cogs.common import LANGUAGE_CHOICES, clan_reader, public_reader, reader


async def test_moderators_set_the_campaigns_language_and_a_clans_own(world):
    campaign_id = await world.setup_campaign()
    sent = await world.run("campaign language", world.mod, language="ru")
    assert sent[-1].content == ("Seto 1560 speaks Русский (ru) in its public posts and moderators' log (was "
                                "English (en)); a clan's private reports follow it unless /faction language "
                                "gives the clan its own.")
    sent = await world.run("faction language", world.mod, clan="mori", language="ja")
    assert sent[-1].content == "Mōri's private reports in Seto 1560 are in 日本語 (ja)."
    campaign = await world.service.campaign(campaign_id)
    assert campaign.language == "ru"
    assert campaign.faction_languages() == {"mori": "ja", "otomo": "ru", "kono": "ru", "miyoshi": "ru"}

    shown = "\n".join(s.content for s in await world.run("game settings", world.players["kono"]) if s.content)
    assert shown.endswith("\nLanguage: Русский (ru) — of the public posts and the moderators' log (/campaign "
                          "language); clans with their own: Mōri: 日本語 (ja) (/faction language)")

    sent = await world.run("faction language", world.mod, clan="mori")
    assert sent[-1].content == "Mōri's private reports in Seto 1560 follow the campaign's language, Русский (ru)."
    assert (await world.service.campaign(campaign_id)).faction("mori").language is None


async def test_the_reports_input_carries_the_campaigns_and_each_clans_language(world):
    campaign_id = await world.setup_campaign()
    await set_campaign_language(world.service, campaign_id, "zh-TW")
    await set_clan_language(world.service, campaign_id, "otomo", "ru")
    data = await map_data(world.service, campaign_id)
    assert data.language == "zh-TW"
    assert data.faction_languages == {"mori": "zh-TW", "otomo": "ru", "kono": "zh-TW", "miyoshi": "zh-TW"}


async def test_a_language_the_bot_does_not_speak_is_refused_and_changes_nothing(world):
    campaign_id = await world.setup_campaign()
    with pytest.raises(UserError, match=r"^there is no language “fr”; the bot speaks English \(en\), Русский \(ru\), "
                                        r"繁體中文 \(zh-TW\), 日本語 \(ja\)$"):
        await set_campaign_language(world.service, campaign_id, "fr")
    with pytest.raises(UserError, match="has no clan “hojo”"):
        await set_clan_language(world.service, campaign_id, "hojo", "ru")
    assert (await world.service.campaign(campaign_id)).language == "en"


async def test_a_clan_without_its_own_language_is_stored_as_before(world):
    """Stored bytes of campaigns that never chose a language stay what they were (undo and export compare them)."""
    campaign_id = await world.setup_campaign()
    await set_clan_language(world.service, campaign_id, "otomo", "ru")
    await set_clan_language(world.service, campaign_id, "otomo", None)
    campaign = await world.service.campaign(campaign_id)
    meta = json.loads(campaign_values(campaign)[CAMPAIGN_COLUMNS.index("meta_json")])
    assert "language" not in json.dumps(meta)
    await set_campaign_language(world.service, campaign_id, "ru")
    assert json.loads(campaign_values(await world.service.campaign(campaign_id))[10])["language"] == "ru"


def test_language_choices_name_each_language_in_its_own_words():
    assert [(c.name, c.value) for c in LANGUAGE_CHOICES] == [
        ("English (en)", "en"), ("Русский (ru)", "ru"), ("繁體中文 (zh-TW)", "zh-TW"), ("日本語 (ja)", "ja")]


def test_an_ephemeral_reply_reads_the_readers_locale_a_post_the_campaigns_or_the_clans():
    from bot.domain.campaign import Campaign, Faction
    assert reader(SimpleNamespace(locale=discord.Locale.russian)).language == "ru"
    assert reader(SimpleNamespace(locale=discord.Locale.taiwan_chinese)).language == "zh-TW"
    assert reader(SimpleNamespace(locale=discord.Locale.british_english)).language == "en"
    assert reader(SimpleNamespace(locale=discord.Locale.french)).language == "en"
    campaign = Campaign(name="c", ruleset="sengoku", map_id="seto", language="ja",
                        factions=[Faction(id="mori", name="Mōri", language="ru"), Faction(id="otomo", name="Ōtomo")])
    assert public_reader(campaign).language == "ja"
    assert (clan_reader(campaign, "mori").language, clan_reader(campaign, "otomo").language) == ("ru", "ja")
