"""/faction: link each clan to the Discord role its players hold and to its
private channel (moderators); list the links."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.services.errors import UserError
from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only, reply, service_of
from cogs.params import campaign_quietly, fold

Choice = app_commands.Choice


def check_link(campaign: Campaign, clan: str, role: discord.Role, channel: discord.abc.GuildChannel) -> None:
    """One role and one private channel per clan, and never the public report channel:
    otherwise one clan would read another's orders or report."""
    if role.is_default():
        raise UserError("@everyone cannot be a clan's role; create a role for the clan's players")
    if channel.id == campaign.report_channel_id:
        raise UserError(f"{channel.mention} is the public report channel; a clan needs a private channel")
    for other in campaign.factions:
        if other.id == clan:
            continue
        if other.role_id == role.id:
            raise UserError(f"{role.mention} is already {other.name}'s role; each clan needs its own role")
        if other.channel_id == channel.id:
            raise UserError(f"{channel.mention} is already {other.name}'s channel; each clan needs its own "
                            f"private channel, or it would read another clan's report")


@app_commands.guild_only()
class FactionCog(commands.GroupCog, group_name="faction", group_description="Link clans to roles and channels"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="link", description="Link a clan to its players' role and its private channel")
    @app_commands.describe(clan="the clan", role="the role its players hold",
                           channel="its private channel, for its turn reports", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def link(self, interaction: discord.Interaction, clan: str, role: discord.Role,
                   channel: discord.TextChannel, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        clan_id = next((f.id for f in chosen.factions if fold(clan) in (fold(f.id), fold(f.name))), clan.strip())
        check_link(chosen, clan_id, role, channel)
        faction = await service_of(interaction).link_faction(chosen.id, clan_id, role.id, channel.id)
        await reply(interaction, f"{faction.name} of {chosen.name}: players hold {role.mention}; "
                                 f"its private reports go to {channel.mention}.")

    @link.autocomplete("clan")
    async def clan_autocomplete(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        chosen = await campaign_quietly(interaction)
        if chosen is None:
            return []
        wanted = fold(current)
        return [Choice(name=f.name, value=f.id) for f in chosen.factions
                if wanted in fold(f.name) or wanted in fold(f.id)][:25]

    @app_commands.command(name="list", description="The clans of the campaign, their roles and channels")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def list_factions(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        lines = [f"**{chosen.name}** — {len(chosen.factions)} clans"]
        for f in chosen.factions:
            role = f"<@&{f.role_id}>" if f.role_id else "no role linked"
            channel = f"<#{f.channel_id}>" if f.channel_id else "no channel linked"
            lines.append(f"• {f.name} (`{f.id}`): {role}, {channel}")
        await reply(interaction, "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FactionCog(bot))
