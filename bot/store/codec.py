"""JSON text <-> Python values, and campaign rows <-> ``Campaign``.

One fixed encoding (compact, key order preserved, UTF-8 kept as is) so that
the same value always gives the same text: undo and export/import rely on the
text of a state surviving a round trip byte for byte.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from pydantic import ValidationError

from bot.domain.campaign import Campaign, Faction
from bot.i18n import DEFAULT_LANGUAGE
from bot.store.errors import StoreError


class RowLike(Protocol):
    """A database row read by column name (sqlite3.Row, asyncpg.Record, dict)."""

    def __getitem__(self, key: str, /) -> Any: ...


def dumps(value: Any, what: str) -> str:
    try:
        # allow_nan=False: NaN/Infinity are not JSON and PostgreSQL would refuse them.
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(
            f"cannot store {what}: {exc}; store only JSON values "
            "(dict, list, str, int, float, bool, None), e.g. model_dump(mode='json')"
        ) from exc


def loads(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as exc:
        raise StoreError(
            f"stored {what} is not valid JSON ({exc}); the database is damaged") from exc


def require_dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StoreError(f"{what} must be a JSON object (dict), got {type(value).__name__}")
    return value


CAMPAIGN_COLUMNS = ("guild_id", "name", "ruleset", "map_id", "scenario", "turn", "phase",
                    "report_channel_id", "moderator_role_id", "deadline", "meta_json", "auto_resolve", "step",
                    "moderator_channel_id")


def campaign_values(campaign: Campaign) -> tuple[Any, ...]:
    """Column values in ``CAMPAIGN_COLUMNS`` order."""
    # Settings of the campaign's own (not its ruleset's) live in the metadata: no migration for one more.
    meta = {"factions": [_faction_meta(f) for f in campaign.factions],
            **({"language": campaign.language} if campaign.language != DEFAULT_LANGUAGE else {})}
    return (campaign.guild_id, campaign.name, campaign.ruleset, campaign.map_id,
            campaign.scenario, campaign.turn, campaign.phase.value,
            campaign.report_channel_id, campaign.moderator_role_id, campaign.deadline,
            dumps(meta, "campaign factions"), int(campaign.auto_resolve), campaign.step,
            campaign.moderator_channel_id)


def _faction_meta(faction: Faction) -> dict[str, Any]:
    """A clan as stored: a clan without a language of its own is stored as it was before languages."""
    return {k: v for k, v in faction.model_dump(mode="json").items() if k != "language" or v is not None}


def campaign_from_row(row: RowLike) -> Campaign:
    meta = loads(row["meta_json"], f"metadata of campaign {row['id']}")
    try:
        return Campaign(
            id=row["id"], guild_id=row["guild_id"], name=row["name"], ruleset=row["ruleset"],
            map_id=row["map_id"], scenario=row["scenario"], turn=row["turn"], step=row["step"],
            phase=row["phase"], report_channel_id=row["report_channel_id"],
            moderator_role_id=row["moderator_role_id"], deadline=row["deadline"],
            moderator_channel_id=row["moderator_channel_id"],
            auto_resolve=bool(row["auto_resolve"]), version=row["version"],
            factions=[Faction.model_validate(f) for f in meta.get("factions", [])],
            language=meta.get("language", DEFAULT_LANGUAGE),
        )
    except ValidationError as exc:
        raise StoreError(f"stored campaign #{row['id']} cannot be read; the moderators can see the log",
                         detail=f"stored campaign {row['id']} is not valid: {exc}") from exc
