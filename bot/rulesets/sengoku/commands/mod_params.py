"""What Sengoku's moderator commands (/sengoku …) add to cogs/mod_common.py: its provinces,
armies and characters picked by moderators, and the detachments of an army typed as text."""

from __future__ import annotations

import re
from typing import Any

from discord import app_commands

from bot.domain.campaign import Campaign
from bot.domain.text import quote
from bot.i18n import N_
from bot.localized import Text
from bot.services.errors import UserError
from cogs.common import reader
from cogs.mod_common import ModeratorRef, UnitRef, chosen_clan, clans, roster
from cogs.params import fold, game_map

DETACHMENT_FORMAT = N_('write each detachment as name:figures, with i for infantry and c for cavalry (a cavalry '
                        'figure weighs 2 at sea), separated by commas: "ashigaru:18i, samurai:8i, horse:6c"; '
                        'a mixed one: "guard:4i2c"')
SENGOKU = "sengoku"  # the catalogue domain of these texts
# A character's kind and status in a label (model.CharacterKind, CharacterStatus values).
CHARACTER_WORDS = {"general": N_("general"), "commander": N_("commander"), "captured": N_("captured"),
                   "dead": N_("dead")}
_DETACHMENT = re.compile(r"^(?P<name>[^:]+?)\s*:\s*(?P<counts>(?:\d+\s*[ic]\s*\+?\s*)+)$", re.IGNORECASE)
_COUNT = re.compile(r"(\d+)\s*([ic])", re.IGNORECASE)


def parse_detachments(text: str) -> list[dict[str, Any]]:
    """'ashigaru:18i, samurai:8i, horse:6c' → [{id, infantry, cavalry}, …]; refuses anything else
    with the format."""
    parts = [part.strip() for part in re.split(r"[,;\n]", text) if part.strip()]
    if not parts:
        raise UserError(N_("detachments: none given; {format}"), domain=SENGOKU, format=_format())
    detachments = []
    for part in parts:
        match = _DETACHMENT.match(part)
        if match is None:
            raise UserError(N_("detachments: {part} is not a detachment; {format}"), domain=SENGOKU,
                            part=quote(part), format=_format())
        counts = {"i": 0, "c": 0}
        for number, letter in _COUNT.findall(match["counts"]):
            if counts[letter.lower()]:
                twice = (N_("detachments: {part} gives its infantry twice; {format}") if letter in "iI"
                         else N_("detachments: {part} gives its cavalry twice; {format}"))
                raise UserError(twice, domain=SENGOKU, part=quote(part), format=_format())
            counts[letter.lower()] = int(number)
        detachments.append({"id": match["name"].strip(), "infantry": counts["i"], "cavalry": counts["c"]})
    return detachments


def _format() -> Text:
    return Text(DETACHMENT_FORMAT, domain=SENGOKU)


def provinces(campaign: Campaign, seas: bool = False) -> dict[str, str]:
    """The map's provinces (``seas``: every area, so that a sea typed by name is refused as a sea)."""
    return {a.id: a.name for a in game_map(campaign.map_id).areas.values() if seas or a.kind == "province"}


class ProvinceRef(ModeratorRef):
    async def options(self, interaction, campaign):
        return sorted(((name, key) for key, name in provinces(campaign).items()), key=lambda p: fold(p[0]))


class ArmyRef(ModeratorRef):
    """Any clan's army (of the clan option's clan, if one is given)."""

    async def options(self, interaction, campaign):
        named, clan = clans(campaign), chosen_clan(interaction, campaign)
        gamemap, t = game_map(campaign.map_id), reader(interaction, SENGOKU)
        return [(t._("{army} — {clan}, in {area}", army=a["name"], clan=named.get(a["clan"], a["clan"]),
                     area=gamemap.area_name(a["area"])), a["id"])
                for a in (await roster(interaction, campaign))["armies"] if clan in (None, a["clan"])]


class CharacterRef(ModeratorRef):
    """A character (free ones only, if ``free``; of the clan typed in ``clan_option``, if any)."""

    def __init__(self, free: bool = True, clan_option: str | None = "clan") -> None:
        self.free, self.clan_option = free, clan_option

    async def options(self, interaction, campaign):
        named, clan = clans(campaign), chosen_clan(interaction, campaign, self.clan_option)
        t = reader(interaction, SENGOKU)
        return [(f"{c['name']} — {named.get(c['clan'], c['clan'])}, {_word(t, c['kind'])}"
                 + ("" if c["status"] == "free" else f", {_word(t, c['status'])}")
                 + (t._(", leads {units}", units=", ".join(c["leads"])) if c["leads"] else ""), c["id"])
                for c in (await roster(interaction, campaign))["characters"]
                if clan in (None, c["clan"]) and (c["status"] == "free" or not self.free)]


def _word(t, value: str) -> str:
    return t._(CHARACTER_WORDS[value]) if value in CHARACTER_WORDS else value


Province = app_commands.Transform[str, ProvinceRef()]
ArmyOf = app_commands.Transform[str, ArmyRef()]
FreeCharacter = app_commands.Transform[str, CharacterRef()]
AnyCharacter = app_commands.Transform[str, CharacterRef(free=False, clan_option=None)]
AnyFreeCharacter = app_commands.Transform[str, CharacterRef(clan_option=None)]
SquadronOf = app_commands.Transform[str, UnitRef(("squadron",), clan_option="owner")]
