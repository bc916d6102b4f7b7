"""The languages a campaign speaks: its own, for its public posts and the moderators' log (set by
moderators), and each clan's, for its private posts (default: the campaign's).  Ephemeral
replies follow the reader's Discord client instead (cogs/common.py ``reader``)."""

from __future__ import annotations

from bot.domain.campaign import Campaign, Faction
from bot.domain.text import quote
from bot.i18n import LANGUAGES, N_
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError


def language_name(code: str) -> str:
    """A language as its own speakers name it: "Русский (ru)"."""
    return f"{LANGUAGES.get(code, code)} ({code})"


def checked_language(code: str) -> str:
    if code not in LANGUAGES:
        known = ", ".join(language_name(c) for c in LANGUAGES)
        raise UserError(N_("there is no language {code}; the bot speaks {known}"), code=quote(code), known=known)
    return code


async def set_campaign_language(service: CampaignService, campaign_id: int, code: str) -> tuple[Campaign, str]:
    """The campaign with its new language, and its old one."""
    checked_language(code)
    old: list[str] = []

    def set_it(campaign: Campaign) -> None:
        old.append(campaign.language)
        campaign.language = code

    campaign = await service.amend_campaign(campaign_id, set_it)
    return campaign, old[-1]


async def set_clan_language(service: CampaignService, campaign_id: int, faction_id: str,
                            code: str | None) -> tuple[Campaign, Faction]:
    """The clan's own language (None: it follows the campaign's)."""
    if code is not None:
        checked_language(code)

    def set_it(campaign: Campaign) -> None:
        faction = campaign.faction(faction_id)
        if faction is None:
            known = ", ".join(f.name for f in campaign.factions)
            raise UserError(N_("{campaign} has no clan {clan}; its clans: {known}"), campaign=campaign.name,
                            clan=quote(faction_id), known=known)
        faction.language = code

    campaign = await service.amend_campaign(campaign_id, set_it)
    return campaign, campaign.faction(faction_id)
