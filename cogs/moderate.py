"""/moderate: moderators enter, between turns, the facts the rules read but never
make — armies and their detachments, the turn's weather, the diplomacy matrix,
who owns provinces and ports, port land guards, and each clan's treasury —
and ``act-as`` lets a moderator give and review a clan's orders as that clan
(a correction after /turn undo needs it when no role of theirs is the clan's).

Moderators only; every reply is ephemeral and is the audit line of the edit:
what changed, and the edit as stored.  Names typed by hand are matched to ids
after the command defers; text that matches nothing is passed on, so the rules
refuse it by name.  Autocomplete offers nothing to anyone but a moderator (it
would otherwise show every clan's armies and characters).
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import (
    CAMPAIGN,
    acting_key,
    acting_table,
    campaign_autocomplete,
    campaign_for,
    defer,
    is_moderator,
    moderator_only,
    reply,
    service_of,
)
from cogs.params import Port, area_name, campaign_quietly, clip, fold, game_map

Choice = app_commands.Choice
NOBODY = {"none", "nobody", "-"}
RELATIONS = [Choice(name="at war", value="at_war"), Choice(name="allied", value="allied"),
             Choice(name="neutral", value="neutral")]
DETACHMENT_FORMAT = ('write each detachment as name:figures, with i for infantry and c for cavalry (a cavalry '
                     'figure weighs 2 at sea), separated by commas: "ashigaru:18i, samurai:8i, horse:6c"; '
                     'a mixed one: "guard:4i2c"')
_DETACHMENT = re.compile(r"^(?P<name>[^:]+?)\s*:\s*(?P<counts>(?:\d+\s*[ic]\s*\+?\s*)+)$", re.IGNORECASE)
_COUNT = re.compile(r"(\d+)\s*([ic])", re.IGNORECASE)


def parse_detachments(text: str) -> list[dict[str, Any]]:
    """'ashigaru:18i, samurai:8i, horse:6c' → [{id, infantry, cavalry}, …]; refuses anything else
    with the format."""
    parts = [part.strip() for part in re.split(r"[,;\n]", text) if part.strip()]
    if not parts:
        raise UserError(f"detachments: none given; {DETACHMENT_FORMAT}")
    detachments = []
    for part in parts:
        match = _DETACHMENT.match(part)
        if match is None:
            raise UserError(f"detachments: {part!r} is not a detachment; {DETACHMENT_FORMAT}")
        counts = {"i": 0, "c": 0}
        for number, letter in _COUNT.findall(match["counts"]):
            if counts[letter.lower()]:
                raise UserError(f"detachments: {part!r} gives its {'infantry' if letter in 'iI' else 'cavalry'} "
                                f"twice; {DETACHMENT_FORMAT}")
            counts[letter.lower()] = int(number)
        detachments.append({"id": match["name"].strip(), "infantry": counts["i"], "cavalry": counts["c"]})
    return detachments


def _pick(text: str | None, named: dict[str, str]) -> str | None:
    """``named`` maps id → name: the id ``text`` means (by id or name, accents and case aside), else ``text``."""
    if text is None or text in named:
        return text
    wanted = fold(text)
    return next((key for key, name in named.items() if wanted in (fold(key), fold(name))), text)


def _clans(campaign: Campaign) -> dict[str, str]:
    return {f.id: f.name for f in campaign.factions}


def _provinces(campaign: Campaign, seas: bool = False) -> dict[str, str]:
    """The map's provinces (``seas``: every area, so that a sea typed by name is refused as a sea)."""
    return {a.id: a.name for a in game_map(campaign.map_id).areas.values() if seas or a.kind == "province"}


def _owner(text: str | None, campaign: Campaign) -> str | None:
    """A clan, or ``None`` for 'none' / 'nobody'."""
    return None if text is None or fold(text) in NOBODY else _pick(text, _clans(campaign))


async def _armies(interaction: discord.Interaction, campaign: Campaign,
                  clan: str | None = None) -> list[dict[str, Any]]:
    service = service_of(interaction)
    rows = []
    for faction in campaign.factions:
        if clan in (None, faction.id):
            rows += await service.armies(campaign.id, faction.id)
    return rows


async def _characters(interaction: discord.Interaction, campaign: Campaign,
                      clan: str | None = None) -> list[dict[str, Any]]:
    service = service_of(interaction)
    rows = []
    for faction in campaign.factions:
        if clan in (None, faction.id):
            rows += [{**c, "clan": faction.id} for c in await service.characters(campaign.id, faction.id)]
    return rows


def _choices(options: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    wanted = fold(current)
    return [Choice(name=clip(label), value=value) for label, value in options
            if wanted in fold(label) or wanted in fold(value)][:25]


class _ModeratorRef(app_commands.Transformer):
    """A text option whose autocomplete is for moderators only; ``options`` gives (label, value) pairs."""

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return value.strip()

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        campaign = await campaign_quietly(interaction)
        if campaign is None or not is_moderator(interaction, campaign):
            return []
        try:
            return _choices(await self.options(interaction, campaign), value)
        except (UserError, StoreError):
            return []

    async def options(self, interaction: discord.Interaction, campaign: Campaign) -> list[tuple[str, str]]:
        raise NotImplementedError


def _chosen_clan(interaction: discord.Interaction, campaign: Campaign) -> str | None:
    """The clan option of the command being typed, as an id (None if not given or not a clan)."""
    typed = getattr(interaction.namespace, "clan", None)
    clan = _pick(typed, _clans(campaign)) if typed else None
    return clan if clan in _clans(campaign) else None


class ClanRef(_ModeratorRef):
    """Any clan of the campaign (``nobody``: also a 'none' choice, shown as ``nobody``)."""

    def __init__(self, nobody: bool | str = False) -> None:
        self.nobody = "nobody" if nobody is True else nobody

    async def options(self, interaction, campaign):
        return [(f.name, f.id) for f in campaign.factions] + ([(self.nobody, "none")] if self.nobody else [])


class ProvinceRef(_ModeratorRef):
    async def options(self, interaction, campaign):
        return sorted(((name, key) for key, name in _provinces(campaign).items()), key=lambda p: fold(p[0]))


class ArmyRef(_ModeratorRef):
    """Any clan's army (of the clan option's clan, if one is given)."""

    async def options(self, interaction, campaign):
        names = _clans(campaign)
        return [(f"{a['name']} — {names.get(a['clan'], a['clan'])}, in {area_name(campaign, a['area'])}", a["id"])
                for a in await _armies(interaction, campaign, _chosen_clan(interaction, campaign))]


class CharacterRef(_ModeratorRef):
    """A free character (of the clan option's clan, if one is given)."""

    async def options(self, interaction, campaign):
        names = _clans(campaign)
        return [(f"{c['name']} — {names.get(c['clan'], c['clan'])}, {c['kind']}"
                 + (f", leads {', '.join(c['leads'])}" if c["leads"] else ""), c["id"])
                for c in await _characters(interaction, campaign, _chosen_clan(interaction, campaign))
                if c["status"] == "free"]


Clan = app_commands.Transform[str, ClanRef()]
Owner = app_commands.Transform[str, ClanRef(nobody=True)]
ActAs = app_commands.Transform[str, ClanRef(nobody="none — stop acting for a clan")]
Province = app_commands.Transform[str, ProvinceRef()]
ArmyOf = app_commands.Transform[str, ArmyRef()]
Character = app_commands.Transform[str, CharacterRef()]
Figures = app_commands.Range[int, 0, 10000]
Points = app_commands.Range[int, 0, 1000000]


async def apply(interaction: discord.Interaction, campaign: Campaign, payload: dict[str, Any]) -> None:
    """Apply the edit and show the moderator what changed and the edit as recorded."""
    description = await service_of(interaction).moderator_edit(campaign.id, payload)
    recorded = json.dumps(payload, ensure_ascii=False)
    await reply(interaction, f"🛠️ **{campaign.name}** — {description}\nEdit: `{recorded}`")


@app_commands.guild_only()
class ModerateCog(commands.GroupCog, group_name="moderate",
                  group_description="Moderators: armies, weather, diplomacy, ports, treasury; act for a clan"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="army", description="Create or replace an army: clan, province, detachments, leader")
    @app_commands.describe(clan="the army's clan", name="its name; that clan's army of this name is replaced",
                           area="the province it stands in",
                           detachments='e.g. "ashigaru:18i, samurai:8i, horse:6c" (i: infantry, c: cavalry)',
                           leader="a free character of the clan (default: none)",
                           army="id of the army to replace (default: by name, else a new army)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def army(self, interaction: discord.Interaction, clan: Clan, name: app_commands.Range[str, 1, 80],
                   area: Province, detachments: app_commands.Range[str, 1, 500], leader: Character | None = None,
                   army: ArmyOf | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        clan_id = _pick(clan, _clans(chosen))
        units = parse_detachments(detachments)
        payload: dict[str, Any] = {"kind": "army_set", "name": name.strip(), "clan": clan_id,
                                   "area": _pick(area, _provinces(chosen, seas=True)), "detachments": units}
        if leader:  # a name is looked for in the army's clan first, so the rules can say whose character it is
            own = {c["id"]: c["name"] for c in await _characters(interaction, chosen, clan_id)}
            found = _pick(leader, own)
            if found not in own:
                found = _pick(leader, {c["id"]: c["name"] for c in await _characters(interaction, chosen)})
            payload["leader"] = found
        if army:
            payload["id"] = _pick(army, {a["id"]: a["name"] for a in await _armies(interaction, chosen, clan_id)})
        await apply(interaction, chosen, payload)

    @app_commands.command(name="army-remove", description="Take an army off the map")
    @app_commands.describe(army="the army", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def army_remove(self, interaction: discord.Interaction, army: ArmyOf, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        armies = {a["id"]: a["name"] for a in await _armies(interaction, chosen)}
        await apply(interaction, chosen, {"kind": "army_remove", "id": _pick(army, armies)})

    @app_commands.command(name="weather", description="Declare stormy weather for the turn, or fair (S3.9)")
    @app_commands.describe(storm="true: storms threaten landings and evacuations", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def weather(self, interaction: discord.Interaction, storm: bool, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "weather", "storm": storm})

    @app_commands.command(name="relation", description="Set two clans at war, allied or neutral (OP-48)")
    @app_commands.describe(clan_a="one clan", clan_b="the other clan", relation="their relation",
                           campaign=CAMPAIGN)
    @app_commands.choices(relation=RELATIONS)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def relation(self, interaction: discord.Interaction, clan_a: Clan, clan_b: Clan,
                       relation: Choice[str], campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        clans = _clans(chosen)
        await apply(interaction, chosen, {"kind": "relation", "a": _pick(clan_a, clans), "b": _pick(clan_b, clans),
                                          "relation": relation.value})

    @app_commands.command(name="province", description="Give a province (and its port) to a clan, or to nobody")
    @app_commands.describe(area="the province", clan="its new owner, or 'nobody'", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def province(self, interaction: discord.Interaction, area: Province, clan: Owner,
                       campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        await apply(interaction, chosen, {"kind": "province_owner", "area": _pick(area, _provinces(chosen, seas=True)),
                                          "clan": _owner(clan, chosen)})

    @app_commands.command(name="port", description="Set a port's owner and its land guard (S8.8.4)")
    @app_commands.describe(port="the port", owner="its owner, or 'nobody' (default: unchanged)",
                           guard="land troops guarding it, in figures (default: unchanged)",
                           guard_cavalry="how many of the guard are cavalry (default: unchanged)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def port(self, interaction: discord.Interaction, port: Port, owner: Owner | None = None,
                   guard: Figures | None = None, guard_cavalry: Figures | None = None,
                   campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        ports = {p.id: p.name for p in game_map(chosen.map_id).ports.values()}
        payload: dict[str, Any] = {"kind": "port", "port": _pick(port, ports)}
        if owner is not None:
            payload["owner"] = _owner(owner, chosen)
        if guard is not None:
            payload["land_guard"] = guard
        if guard_cavalry is not None:
            payload["land_guard_cavalry"] = guard_cavalry
        await apply(interaction, chosen, payload)

    @app_commands.command(name="treasury", description="Set a clan's rice and development points (S8.4.6)")
    @app_commands.describe(clan="the clan", rice="rice points, RP (default: unchanged)",
                           development="development points, DP (default: unchanged)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def treasury(self, interaction: discord.Interaction, clan: Clan, rice: Points | None = None,
                       development: Points | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        payload: dict[str, Any] = {"kind": "treasury", "clan": _pick(clan, _clans(chosen))}
        if rice is not None:
            payload["rice"] = rice
        if development is not None:
            payload["development"] = development
        await apply(interaction, chosen, payload)

    @app_commands.command(name="act-as", description="Give and review one clan's orders as that clan; 'none' stops")
    @app_commands.describe(clan="the clan, or 'none' to act as yourself again", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def act_as(self, interaction: discord.Interaction, clan: ActAs, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        table, key = acting_table(self.bot), acting_key(interaction, chosen)
        clan_id = _owner(clan, chosen)
        if clan_id is None:
            was = chosen.faction(table.pop(key, ""))
            await reply(interaction, f"🎭 You no longer act for {was.name} in {chosen.name}: /order, /unit, /clan, "
                                     f"/orders and /fleet list follow your own roles again." if was else
                                     f"You were not acting for a clan in {chosen.name}; nothing changed.")
            return
        faction = chosen.faction(clan_id)
        if faction is None:
            names = ", ".join(f.name for f in chosen.factions)
            raise UserError(f"{chosen.name} has no clan {clan!r}; its clans: {names} (or 'none' to stop acting)")
        table[key] = faction.id
        await reply(interaction, f"🎭 You now act for {faction.name} in {chosen.name}: your /order, /unit, /clan, "
                                 f"/orders and /fleet list commands give and show {faction.name}'s orders, and each "
                                 f"reply starts with “(acting as {faction.name})”. It lasts until /moderate act-as "
                                 f"clan:none, or until the bot restarts (it is kept in memory only).")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModerateCog(bot))
