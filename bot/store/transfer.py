"""The campaign export document: its shape, and the checks an import makes.

Backend-neutral, so an export from SQLite imports into PostgreSQL unchanged.
States, settings, payloads and events stay plain JSON; ids are not carried
over (an import gets a new campaign id).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.domain.campaign import Campaign
from bot.engine.dice import Roll
from bot.engine.ruleset import SubmittedOrder
from bot.store.errors import StoreError
from bot.store.repository import AuditFields, JsonDict, TurnStatus

FORMAT = "fleetwright.campaign"
VERSION = 1


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TurnDoc(_Doc):
    turn: int = Field(ge=1)
    seed: str
    commitment: str
    status: TurnStatus
    opened_note: str | None = None


class OrderDoc(_Doc):
    turn: int
    faction: str
    unit: str
    seq: int = Field(ge=1)
    payload: JsonDict


class ResolutionDoc(_Doc):
    turn: int
    seed: str
    before_state: JsonDict
    after_state: JsonDict
    orders: list[SubmittedOrder]
    dice: list[Roll]
    events: list[JsonDict]
    report: dict[str, str]
    created_seq: int = Field(ge=1)


class AuditDoc(_Doc, AuditFields):
    seq: int = Field(ge=1)


class CampaignExport(_Doc):
    format: Literal["fleetwright.campaign"]
    version: Literal[1]
    campaign: Campaign
    settings: JsonDict
    state: JsonDict
    last_seq: int = Field(ge=0)
    turns: list[TurnDoc]
    orders: list[OrderDoc]
    resolutions: list[ResolutionDoc]
    audit: list[AuditDoc] = Field(default_factory=list)  # absent in exports made before the audit log

    def seq_floor(self) -> int:
        """The counter an imported campaign must continue from."""
        seqs = [o.seq for o in self.orders] + [r.created_seq for r in self.resolutions]
        seqs += [a.seq for a in self.audit]
        return max([self.last_seq, *seqs])


def parse_export(data: Any) -> CampaignExport:
    """Validate an export document; raise StoreError saying what is wrong."""
    try:
        doc = CampaignExport.model_validate(data)
    except ValidationError as exc:
        raise StoreError(f"not a valid campaign export: {_describe(exc)}") from exc
    problems = _inconsistencies(doc)
    if problems:
        raise StoreError("inconsistent campaign export: " + "; ".join(problems))
    return doc


def _describe(exc: ValidationError, limit: int = 5) -> str:
    errors = exc.errors()
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'document'}: {e['msg']}"
             for e in errors[:limit]]
    if len(errors) > limit:
        parts.append(f"and {len(errors) - limit} more")
    return "; ".join(parts)


def _inconsistencies(doc: CampaignExport) -> list[str]:
    problems = []
    turns = {t.turn: t for t in doc.turns}
    problems += [f"turn {n} is listed twice" for n in _repeated(t.turn for t in doc.turns)]
    problems += [f"an order for unit {o.unit!r} is for turn {o.turn}, which is not listed"
                 for o in doc.orders if o.turn not in turns]
    problems += [f"turn {t} has two orders for unit {u!r}"
                 for t, u in _repeated((o.turn, o.unit) for o in doc.orders)]
    problems += [f"order number {s} is used twice" for s in _repeated(o.seq for o in doc.orders)]
    problems += [f"audit entry number {s} is used twice" for s in _repeated(a.seq for a in doc.audit)]
    resolved = {t.turn for t in doc.turns if t.status == TurnStatus.RESOLVED}
    recorded = [r.turn for r in doc.resolutions]
    problems += [f"turn {n} has two resolutions" for n in _repeated(recorded)]
    problems += [f"turn {n} has a resolution but is not marked resolved"
                 for n in sorted(set(recorded) - resolved)]
    problems += [f"turn {n} is marked resolved but has no resolution"
                 for n in sorted(resolved - set(recorded))]
    problems += [f"the resolution of turn {r.turn} has another seed than the turn"
                 for r in doc.resolutions if r.turn in turns and r.seed != turns[r.turn].seed]
    problems += [f"turn {n} is resolved but the campaign is still at turn {doc.campaign.turn}"
                 for n in sorted(resolved) if n >= doc.campaign.turn]
    return problems


def _repeated(values: Any) -> list[Any]:
    return [value for value, count in Counter(values).items() if count > 1]
