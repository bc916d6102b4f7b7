"""The read side of ``CampaignService``: a campaign, its orders as they read,
its units, what each clan holds, the roster, the audit log and the export.

A base of ``CampaignService`` (it needs ``repo``), kept apart so the service
module stays readable; nothing here writes to the store.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.domain.campaign import Campaign
from bot.domain.gamemap import GameMap
from bot.engine.ruleset import SubmittedOrder, UnitView
from bot.mapfiles import load_shipped_map
from bot.report.presenters import presenter
from bot.rules import get_ruleset
from bot.services.errors import UserError
from bot.services.settings import describe_setting, flatten
from bot.store import AuditEntry, Repository, TurnRecord

log = logging.getLogger(__name__)
_WORD = re.compile(r"(?<![\w-])[a-z0-9][a-z0-9_-]*")


def with_names(text: str, gamemap: GameMap) -> str:
    """Port and area ids in a ruleset's unit summary ('based mitajiri') → their names on the map."""
    def name(match: re.Match) -> str:
        word = match.group(0)
        if word in gamemap.ports:
            return gamemap.ports[word].name
        return gamemap.areas[word].name if word in gamemap.areas else word
    return _WORD.sub(name, text)


def named_units(units: list[UnitView], gamemap: GameMap) -> list[UnitView]:
    """Units as players read them: the summary in the map's names, never its ids."""
    return [u.model_copy(update={"summary": with_names(u.summary, gamemap)}) for u in units]


@dataclass
class OrderLine:
    slot: str
    faction: str
    text: str


class CampaignReads:
    repo: Repository

    async def campaign(self, campaign_id: int) -> Campaign:
        campaign = await self.repo.get_campaign(campaign_id)
        if campaign is None:
            raise UserError(f"there is no campaign #{campaign_id}")
        return campaign

    async def campaigns_in_guild(self, guild_id: int) -> list[Campaign]:
        return await self.repo.campaigns_in_guild(guild_id)

    async def current_turn(self, campaign_id: int) -> TurnRecord | None:
        campaign = await self.campaign(campaign_id)
        return await self.repo.get_turn(campaign_id, campaign.turn)

    async def _loaded(self, campaign: Campaign) -> tuple[Any, BaseModel, BaseModel, Any]:
        ruleset = get_ruleset(campaign.ruleset)
        record = await self.repo.load_state(campaign.id)
        state = ruleset.state_model.model_validate(record.state)
        settings = ruleset.settings_model.model_validate(record.settings)
        return ruleset, state, settings, load_shipped_map(campaign.map_id)

    async def settings(self, campaign_id: int) -> dict[str, Any]:
        record = await self.repo.load_state(campaign_id)
        return flatten(record.settings)

    async def settings_described(self, campaign_id: int) -> list[tuple[str, Any, str]]:
        """(name, value, what it settles) for every setting."""
        campaign = await self.campaign(campaign_id)
        model = get_ruleset(campaign.ruleset).settings_model
        values = await self.settings(campaign_id)
        return [(path, value, describe_setting(model, path)) for path, value in values.items()]

    # Orders and units

    async def orders(self, campaign_id: int, faction: str | None) -> list[SubmittedOrder]:
        campaign = await self.campaign(campaign_id)
        return await self.repo.list_orders(campaign_id, campaign.turn, faction)

    async def units(self, campaign_id: int, faction: str | None) -> list[UnitView]:
        campaign = await self.campaign(campaign_id)
        ruleset, state, _, gamemap = await self._loaded(campaign)
        return named_units(ruleset.units(state, faction), gamemap)

    async def describe_orders(self, campaign_id: int, faction: str) -> list[str]:
        return [line.text for line in await self.order_lines(campaign_id, faction)]

    async def order_lines(self, campaign_id: int, faction: str | None) -> list[OrderLine]:
        """Each stored order with its slot and how it reads."""
        campaign = await self.campaign(campaign_id)
        ruleset, state, _, gamemap = await self._loaded(campaign)
        show = presenter(campaign.ruleset)
        lines = []
        for order in await self.repo.list_orders(campaign_id, campaign.turn, faction):
            parsed = ruleset.parse_order(order.payload)
            lines.append(OrderLine(order.unit, order.faction, describe_order(show, parsed, state, gamemap)))
        return lines

    # What a clan holds besides its units, as its ruleset lists them.

    async def holding(self, campaign_id: int, faction: str, kind: str) -> Any:
        campaign = await self.campaign(campaign_id)
        ruleset, state, _, _ = await self._loaded(campaign)
        return ruleset.holdings(state, faction).get(kind)

    async def credits(self, campaign_id: int, faction: str) -> list[tuple[str, str, int]]:
        """(id, what players call it, turn won) of each usable capture credit the clan holds."""
        return await self.holding(campaign_id, faction, "credits") or []

    async def characters(self, campaign_id: int, faction: str) -> list[dict[str, Any]]:
        """The clan's characters: id, name, kind, status, wounds, victories, art_active, leads."""
        return await self.holding(campaign_id, faction, "characters") or []

    async def armies(self, campaign_id: int, faction: str) -> list[dict[str, Any]]:
        return await self.holding(campaign_id, faction, "armies") or []

    async def clan_policy(self, campaign_id: int, faction: str) -> dict[str, Any] | None:
        """The clan's standing policy; ``None``: the rules' defaults."""
        return await self.holding(campaign_id, faction, "clan_policy")

    # For moderators

    async def roster(self, campaign_id: int) -> dict[str, list[dict[str, Any]]]:
        """Every unit and character, whatever their state, for moderators (the ruleset's ``roster``)."""
        campaign = await self.campaign(campaign_id)
        ruleset, state, _, _ = await self._loaded(campaign)
        return ruleset.roster(state)

    async def audit_log(self, campaign_id: int, limit: int = 50, subject: str | None = None) -> list[AuditEntry]:
        """The latest moderator edits, newest first (only those concerning ``subject``, if given)."""
        await self.campaign(campaign_id)
        return await self.repo.audit_log(campaign_id, limit, subject)

    async def export(self, campaign_id: int) -> dict[str, Any]:
        await self.campaign(campaign_id)
        return await self.repo.export_campaign(campaign_id)


def describe_order(show, order: BaseModel, state: BaseModel, gamemap) -> str:
    """How the order reads; a plain listing of its fields if the presenter does not know its kind
    (the order is stored by then, so a gap in the presenter must not fail the command)."""
    try:
        return show.describe_order(order, state, gamemap)
    except KeyError:
        log.warning("The presenter cannot describe a %s order; showing its fields", getattr(order, "kind", "?"))
    fields = order.model_dump(mode="json", exclude_defaults=True, exclude={"kind", "unit"})
    details = "; ".join(f"{key.replace('_', ' ')}: {', '.join(map(str, value)) if isinstance(value, list) else value}"
                        for key, value in fields.items())
    kind = str(getattr(order, "kind", "order")).replace("_", " ")
    return f"{getattr(order, 'unit', '?')}: {kind}" + (f" ({details})." if details else ".")
