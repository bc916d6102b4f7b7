"""Setting a campaign up beyond a shipped scenario: an empty campaign on a
shipped map, clans added one by one, and the diplomacy table.

Functions of a ``CampaignService`` (they use its repository, state lock and
moderator edits) kept out of campaigns.py so that file stays small.  The rules
decide what a clan is (the edit the ruleset's ``faction_add_edit`` gives); this module
only keeps the campaign's list of factions in step with it.
"""

from __future__ import annotations

import re
import unicodedata

from matplotlib.colors import to_hex

from bot.domain.campaign import Campaign, Faction
from bot.domain.gamemap import MapError
from bot.domain.text import clean, quote
from bot.mapfiles import load_shipped_map, map_ruleset, shipped_map_ids
from bot.plugins import get_ruleset, plugin, ruleset_ids
from bot.services.audit import COMMAND_LINE, Moderator
from bot.services.campaigns import CampaignService, plain_name
from bot.i18n import N_
from bot.services.errors import UserError


async def create_empty_campaign(service: CampaignService, map_id: str, name: str,
                                guild_id: int | None = None, ruleset_id: str | None = None) -> Campaign:
    """A campaign with no clans on a shipped map, ready for ``add_faction``.  Its ruleset is the one
    named, else the one shipping the map: a map is read by the ruleset it was drawn for."""
    try:
        gamemap = load_shipped_map(map_id)
    except MapError:
        raise UserError(N_("there is no shipped map {map}; maps: {maps}"), map=repr(map_id),
                        maps=", ".join(shipped_map_ids())) from None
    ruleset = get_ruleset(campaign_ruleset(map_id, ruleset_id))
    state = ruleset.state_from_scenario({}, gamemap, f"empty campaign on {map_id}")
    campaign = Campaign(name=name, guild_id=guild_id, ruleset=ruleset.id, map_id=map_id, scenario=None,
                        turn=getattr(state, "turn", 1), factions=[])
    return await service.repo.create_campaign(campaign, ruleset.settings_model().model_dump(mode="json"),
                                              state.model_dump(mode="json"))


def campaign_ruleset(map_id: str, ruleset_id: str | None) -> str:
    """The ruleset a new campaign on ``map_id`` plays: ``ruleset_id`` if given (refused if unknown, or
    if the map is another ruleset's), else the ruleset shipping the map, else the only one installed."""
    owner = map_ruleset(map_id)
    if ruleset_id is None:
        if owner is not None:
            return owner
        known = ruleset_ids()
        if len(known) != 1:
            raise UserError(N_("name the ruleset of the new campaign: {rulesets}"), rulesets=", ".join(_names(known)))
        return known[0]
    if ruleset_id not in ruleset_ids():
        raise UserError(N_("there is no ruleset {ruleset}; rulesets: {rulesets}"), ruleset=repr(ruleset_id),
                        rulesets=", ".join(_names(ruleset_ids())))
    if owner is not None and owner != ruleset_id:
        theirs = plugin(ruleset_id).maps()
        values = {"map": map_id, "owner": plugin(owner).name, "ruleset": plugin(ruleset_id).name}
        if theirs:
            raise UserError(N_("the map {map} is drawn for the {owner}, not the {ruleset}; its maps: {maps}"),
                            maps=", ".join(theirs), **values)
        raise UserError(N_("the map {map} is drawn for the {owner}, not the {ruleset}; it ships no map"), **values)
    return ruleset_id


def _names(ruleset_ids: list[str]) -> list[str]:
    return [f"{plugin(r).name} ({r})" for r in ruleset_ids]


def colour_hex(text: str) -> str:
    """'#C0392B', 'c0392b' or a colour name ('crimson') → '#c0392b'; refuses anything else."""
    value = text.strip().lower()
    if re.fullmatch(r"[0-9a-f]{6}", value):
        value = "#" + value
    try:
        return to_hex(value)
    except ValueError:
        raise UserError(N_("{colour} is not a colour: give #rrggbb (e.g. #d35400) or a colour name such as crimson "
                           "or teal"), colour=quote(text)) from None


def faction_id_for(name: str, taken: set[str]) -> str:
    """The id a new clan gets from its name ('Shōni' → 'shoni'); a name with no Latin letters
    ('毛利') gets 'clan-<n>'."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:32].strip("-")
    if slug:
        return slug
    number = 1
    while f"clan-{number}" in taken:
        number += 1
    return f"clan-{number}"


async def add_faction(service: CampaignService, campaign_id: int, name: str, colour: str,
                      role_id: int | None = None, channel_id: int | None = None,
                      by: Moderator = COMMAND_LINE) -> tuple[Faction, str]:
    """A new clan in the campaign and in its rules' state; (the faction, what the rules say changed).
    Refuses a name, role or channel another clan has, or a bad colour, and then changes nothing."""
    campaign = await service.campaign(campaign_id)
    name = clean(name)
    plain_name(name, N_("a clan"))
    hex_colour = colour_hex(colour)
    for other in campaign.factions:
        if _fold(other.name) == _fold(name):
            raise UserError(N_("{campaign} already has a clan named {clan}; choose another name, or link it with "
                               "/faction link"), campaign=campaign.name, clan=other.name)
        if role_id is not None and other.role_id == role_id:
            raise UserError(N_("{role} is already {clan}'s role; each clan needs its own role"), role=f"<@&{role_id}>",
                            clan=other.name)
        if channel_id is not None and other.channel_id == channel_id:
            raise UserError(N_("{channel} is already {clan}'s channel; each clan needs its own private channel, or it "
                               "would read another clan's report"), channel=f"<#{channel_id}>", clan=other.name)
    faction_id = faction_id_for(name, {f.id for f in campaign.factions})
    if campaign.faction(faction_id) is not None:
        raise UserError(N_("the name {name} is too close to {clan}: it differs only in accents, case, punctuation "
                           "or spacing; choose a name that differs in its letters"), name=quote(name),
                        clan=campaign.faction(faction_id).name)
    faction = Faction(id=faction_id, name=name, colour=hex_colour, role_id=role_id, channel_id=channel_id)
    edit = get_ruleset(campaign.ruleset).faction_add_edit(faction_id, name, hex_colour)
    description = await service.moderator_edit(
        campaign_id, edit, by=by,
        campaign_change=lambda changed: changed.factions.append(faction))  # one transaction: both or neither
    return faction, description


async def relations(service: CampaignService, campaign_id: int,
                    faction_id: str | None = None) -> list[tuple[str, str, str]]:
    """(clan, other clan, relation) for each pair, each pair once (``faction_id``: only its pairs),
    as the ruleset reads them (its ``relations``: e.g. "at_war", "allied", "neutral")."""
    campaign = await service.campaign(campaign_id)
    ruleset, state, _, _ = await service._loaded(campaign)
    ids = [f.id for f in campaign.factions]
    rows, seen = [], set()
    for clan in ids if faction_id is None else [faction_id]:
        held = ruleset.relations(state, clan)
        for other in ids:
            if other != clan and frozenset((clan, other)) not in seen and other in held:
                seen.add(frozenset((clan, other)))
                rows.append((clan, other, held[other]))
    return rows


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()
