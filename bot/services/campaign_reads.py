"""The read side of ``CampaignService``: a campaign, its orders as they read,
its units, what each clan holds, the roster, the audit log and the export.

A base of ``CampaignService`` (it needs ``repo``), kept apart so the service
module stays readable; nothing here writes to the store.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.domain.campaign import Campaign
from bot.domain.gamemap import GameMap
from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected, SubmittedOrder, UnitView, falls_back, slot_unit
from bot.i18n import N_
from bot.mapfiles import load_shipped_map
from bot.report.presenters import presenter
from bot.plugins import get_ruleset
from bot.services.errors import UserError
from bot.services.parsed import Parsed, ParsedCache
from bot.services.settings import describe_setting, flatten
from bot.store import AuditEntry, Repository, StateRecord, StateText, TurnRecord

log = logging.getLogger(__name__)
_WORD = re.compile(r"(?<![\w-])[a-z0-9][a-z0-9_-]*")


def with_names(text: str, gamemap: GameMap) -> str:
    """Place ids in a ruleset's unit summary ('based mitajiri') → their names on the map.  Any node of
    the map, whatever its ruleset calls its sections (a board of sea zones and ports has no areas)."""
    def name(match: re.Match) -> str:
        word = match.group(0)
        return gamemap.nodes[word].name if word in gamemap.nodes else word
    return _WORD.sub(name, text)


def named_units(units: list[UnitView], gamemap: GameMap) -> list[UnitView]:
    """Units as players read them: the summary in the map's names, never its ids."""
    return [u.model_copy(update={"summary": with_names(u.summary, gamemap)}) for u in units]


@dataclass
class OrderLine:
    slot: str
    faction: str
    text: str
    subject: str = ""  # what the order names as its own (a unit's, a clan's or a credit's id), as typed


def no_campaign(campaign_id: int) -> UserError:
    # the message id of a campaign of another server (cogs/common.py campaign_for): a reader
    # in any language cannot tell one from the other
    return UserError(N_("there is no campaign #{campaign}"), campaign=campaign_id)


class CampaignReads:
    repo: Repository
    parsed: ParsedCache  # the parsed states, settings and orders, keyed by their stored text

    async def campaign(self, campaign_id: int) -> Campaign:
        campaign = await self.repo.get_campaign(campaign_id)
        if campaign is None:
            raise no_campaign(campaign_id)
        return campaign

    async def campaigns_in_guild(self, guild_id: int) -> list[Campaign]:
        return await self.repo.campaigns_in_guild(guild_id)

    async def current_turn(self, campaign_id: int) -> TurnRecord | None:
        campaign = await self.campaign(campaign_id)
        return await self.repo.get_turn(campaign_id, campaign.turn)

    async def _loaded(self, campaign: Campaign) -> tuple[Any, BaseModel, BaseModel, Any]:
        """The campaign's ruleset, state, settings and map, to read only: the state and settings are
        the shared parsed copies (bot/services/parsed.py), which nobody may change."""
        return self._loaded_from(campaign, await self.repo.load_state_text(campaign.id))

    def _loaded_from(self, campaign: Campaign, texts: StateText) -> tuple[Any, BaseModel, BaseModel, Any]:
        parsed = self._parsed_copy(campaign, texts)
        return get_ruleset(campaign.ruleset), parsed.state, parsed.settings, self._map(campaign)

    @staticmethod
    def _map(campaign: Campaign) -> GameMap:
        return load_shipped_map(campaign.map_id)  # parsed once per file (bot/mapfiles.py)

    def _parsed_copy(self, campaign: Campaign, texts: StateText) -> Parsed:
        ruleset = get_ruleset(campaign.ruleset)
        return self.parsed.state(campaign.id, campaign.ruleset, texts,
                                 lambda settings, state: _models(ruleset, campaign, settings, state))

    async def _loaded_with_record(self, campaign: Campaign) -> tuple[Any, BaseModel, BaseModel, Any, StateRecord]:
        """As ``_loaded``, with the stored values themselves: what a write made from them checks
        is still stored (``expected``), and what a resolution records it was computed from.  Its own
        copies, not the shared ones: a resolution or an edit changes the state in place."""
        ruleset = get_ruleset(campaign.ruleset)
        record = await self.repo.load_state(campaign.id)
        state, settings = _models(ruleset, campaign, record.settings, record.state)
        return ruleset, state, settings, load_shipped_map(campaign.map_id), record

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
        return await self.repo.list_orders(campaign_id, campaign.turn, faction, step=campaign.step)

    async def units(self, campaign_id: int, faction: str | None) -> list[UnitView]:
        campaign = await self.campaign(campaign_id)
        ruleset, state, _, gamemap = await self._loaded(campaign)
        return named_units(ruleset.units(state, faction), gamemap)

    async def is_ready(self, campaign_id: int, faction: str) -> bool:
        """Whether the clan has marked its orders for the current turn ready (/orders ready)."""
        campaign = await self.campaign(campaign_id)
        return faction in await self.repo.ready_factions(campaign_id, campaign.turn, step=campaign.step)

    async def describe_orders(self, campaign_id: int, faction: str) -> list[str]:
        return [line.text for line in await self.order_lines(campaign_id, faction)]

    async def order_lines(self, campaign_id: int, faction: str | None) -> list[OrderLine]:
        """Each stored order with its slot and how it reads."""
        campaign = await self.campaign(campaign_id)
        parsed = self._parsed_copy(campaign, await self.repo.load_state_text(campaign.id))
        ruleset, gamemap = get_ruleset(campaign.ruleset), self._map(campaign)
        show, units = presenter(campaign.ruleset), every_unit(ruleset, parsed)
        lines = []
        for order in await self.repo.list_orders(campaign_id, campaign.turn, faction, step=campaign.step):
            text = stored_order_text(show, ruleset, order, parsed.state, gamemap, units)
            lines.append(OrderLine(order.unit, order.faction, text, str(order.payload.get("unit", ""))))
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
    except Exception:  # KeyError for an unknown kind, or any field the presenter cannot show
        log.warning("The presenter cannot describe a %s order; showing its fields", getattr(order, "kind", "?"),
                    exc_info=True)
    fields = order.model_dump(mode="json", exclude_defaults=True, exclude={"kind", "unit"})
    details = "; ".join(f"{key.replace('_', ' ')}: {', '.join(map(str, value)) if isinstance(value, list) else value}"
                        for key, value in fields.items())
    kind = str(getattr(order, "kind", "order")).replace("_", " ")
    return f"{getattr(order, 'unit', '?')}: {kind}" + (f" ({details})." if details else ".")


def _models(ruleset, campaign: Campaign, settings: dict[str, Any], state: dict[str, Any]) -> tuple[BaseModel, BaseModel]:
    """The stored state and settings as the ruleset's models; settings that are not valid are refused."""
    parsed_state = ruleset.state_model.model_validate(state)
    try:
        return parsed_state, ruleset.settings_model.model_validate(settings)
    except ValidationError as exc:  # stored before a setting was checked when set (issue 10)
        bad = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg'].removeprefix('Value error, ')}"
                        for e in exc.errors())
        raise UserError(N_("the settings of {campaign} are not valid ({bad}); a moderator sets them right with "
                           "/campaign settings set"), campaign=campaign.name, bad=bad) from None


def _every_unit(ruleset, state: BaseModel) -> set[str]:
    """The ids of every unit the state holds, whatever its state (a mothballed one may be disbanded)."""
    return {unit["id"] for unit in ruleset.roster(state).get("units", [])}


def every_unit(ruleset, parsed: Parsed) -> frozenset[str]:
    """``_every_unit`` of a shared parsed state, worked out once for it (the roster of 1,000 units
    takes ~8 ms; /orders show used to take it once per order)."""
    return parsed.once("every_unit", lambda: frozenset(_every_unit(ruleset, parsed.state)))


def stored_order_text(show, ruleset, order: SubmittedOrder, state: BaseModel, gamemap,
                      units: Collection[str] | None = None) -> str:
    """How a stored order reads.  One stored by an older version, edited by hand, or whose unit has
    gone since, may no longer read as an order: it is shown for what it is, and falls back at the
    resolution (the ruleset's ``fallback_rule``); it must not break /orders show, nor the order that
    replaces it.  ``units``: the ids of every unit of ``state`` (``every_unit``), if known."""
    unit = slot_unit(order.unit)  # the unit it was stored for, by its slot (the protocol's), not a payload field
    try:
        parsed = ruleset.parse_order(order.payload)
    except OrderRejected as exc:
        name = next((u.name for u in ruleset.units(state, None) if u.id == unit), None) if unit else None
        return (f"{name or 'an order'}: an order given earlier that no longer reads ({exc}); at the resolution "
                f"it {falls_back(ruleset)} unless a new one replaces it")
    if unit is not None and unit not in (_every_unit(ruleset, state) if units is None else units):
        kind = str(order.payload.get("kind", "order")).replace("_", " ")  # its unit was removed: no name to show
        return (f"an order for a unit no longer in the campaign ({kind}); at the resolution it {falls_back(ruleset)}; "
                f"withdraw it with /orders withdraw")
    try:
        return describe_order(show, parsed, state, gamemap)
    except Exception:  # noqa: BLE001 - logged; one odd order must not break every listing
        log.warning("A stored order for %s cannot be shown: %s", order.unit, order.payload, exc_info=True)
        return "an order that can no longer be read (stored by an older version); give it again, or withdraw it"
