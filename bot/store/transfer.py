"""The campaign export document: its shape, and the checks an import makes.

Backend-neutral, so an export from SQLite imports into PostgreSQL unchanged.
States, settings, payloads and events stay plain JSON; ids are not carried
over (an import gets a new campaign id).

An export carries no secret of a turn's dice (docs/decisions.md, signed dice):
a resolved ``hmac-seed`` turn's seed (its report revealed it) and a resolved
``rsa-vrf`` turn's public key, nothing of an unresolved turn and never a
private key.  So an import gives an unresolved turn a fresh key pair
(``CampaignService.import_``); the store refuses one that comes without.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.domain.campaign import Campaign
from bot.engine.dice import SEED_SCHEME, DiceError, Roll, check_proof, key_fingerprint
from bot.engine.seed import verify
from bot.engine.ruleset import SubmittedOrder
from bot.store.errors import StoreError
from bot.store.repository import AuditFields, JsonDict, TurnStatus

FORMAT = "fleetwright.campaign"
VERSION = 3  # 2: turns carry their dice scheme and public key, and no unresolved turn's seed; 3: steps


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TurnDoc(_Doc):
    turn: int = Field(ge=1)
    seed: str | None = None  # only a resolved hmac-seed turn's (revealed) seed; an import may give a new secret
    commitment: str
    status: TurnStatus
    opened_note: str | None = None
    dice_scheme: Literal["hmac-seed", "rsa-vrf"] = SEED_SCHEME
    public_key: str | None = None  # rsa-vrf, resolved: revealed with the report


class StepDoc(_Doc):
    """One opened step of a turn (issue 12): the ruleset's spec as it was asked."""

    turn: int = Field(ge=1)
    step: int = Field(ge=1)
    spec: JsonDict
    opened_at: str
    deadline: str | None = None


class OrderDoc(_Doc):
    turn: int
    step: int = Field(1, ge=1)
    faction: str
    unit: str
    seq: int = Field(ge=1)
    payload: JsonDict


class ResolutionDoc(_Doc):
    turn: int
    step: int = Field(1, ge=1)
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
    version: Literal[1, 2, 3]
    campaign: Campaign
    settings: JsonDict
    state: JsonDict
    last_seq: int = Field(ge=0)
    turns: list[TurnDoc]
    orders: list[OrderDoc]
    resolutions: list[ResolutionDoc]
    steps: list[StepDoc] = Field(default_factory=list)  # absent before steps (version 3): each turn was one
    audit: list[AuditDoc] = Field(default_factory=list)  # absent in exports made before the audit log

    def seq_floor(self) -> int:
        """The counter an imported campaign must continue from."""
        seqs = [o.seq for o in self.orders] + [r.created_seq for r in self.resolutions]
        seqs += [a.seq for a in self.audit]
        return max([self.last_seq, *seqs])


def parse_export(data: Any) -> CampaignExport:
    """Validate an export document; raise StoreError saying what is wrong."""
    doc = parse_shape(data)
    problems = inconsistencies(doc)
    if problems:
        raise StoreError("inconsistent campaign export: " + "; ".join(problems))
    return doc


def parse_shape(data: Any) -> CampaignExport:
    """The document's fields and types only; raise StoreError saying what is wrong."""
    try:
        return CampaignExport.model_validate(data)
    except ValidationError as exc:
        raise StoreError(f"not a valid campaign export: {_describe(exc)}") from exc


def _describe(exc: ValidationError, limit: int = 5) -> str:
    errors = exc.errors()
    parts = [f"{'.'.join(str(p) for p in e['loc']) or 'document'}: {e['msg']}"
             for e in errors[:limit]]
    if len(errors) > limit:
        parts.append(f"and {len(errors) - limit} more")
    return "; ".join(parts)


def inconsistencies(doc: CampaignExport) -> list[str]:
    problems = []
    turns = {t.turn: t for t in doc.turns}
    problems += [f"turn {n} is listed twice" for n in _repeated(t.turn for t in doc.turns)]
    problems += [f"an order for unit {o.unit!r} is for turn {o.turn}, which is not listed"
                 for o in doc.orders if o.turn not in turns]
    problems += [f"turn {t} has two orders for unit {u!r}" + (f" in step {s}" if s > 1 else "")
                 for t, s, u in _repeated((o.turn, o.step, o.unit) for o in doc.orders)]
    problems += [f"step {s} of turn {t} is listed twice" for t, s in _repeated((x.turn, x.step) for x in doc.steps)]
    problems += [f"step {x.step} is listed for turn {x.turn}, which is not listed"
                 for x in doc.steps if x.turn not in turns]
    problems += [f"order number {s} is used twice" for s in _repeated(o.seq for o in doc.orders)]
    problems += [f"audit entry number {s} is used twice" for s in _repeated(a.seq for a in doc.audit)]
    resolved = {t.turn for t in doc.turns if t.status == TurnStatus.RESOLVED}
    recorded = [r.turn for r in doc.resolutions]
    problems += [f"turn {n} has two resolutions" + (f" of step {s}" if s > 1 else "")
                 for n, s in _repeated((r.turn, r.step) for r in doc.resolutions)]
    # The open turn's steps before its open one are resolved while the turn is not (issue 12).
    going_on = {r.turn for r in doc.resolutions if r.turn == doc.campaign.turn and r.step < doc.campaign.step}
    problems += [f"turn {n} has a resolution but is not marked resolved"
                 for n in sorted(set(recorded) - resolved - going_on)]
    problems += [f"turn {n} is marked resolved but has no resolution"
                 for n in sorted(resolved - set(recorded))]
    problems += [f"the resolution of turn {r.turn} has another seed than the turn"
                 for r in doc.resolutions if r.turn in turns and turns[r.turn].dice_scheme == SEED_SCHEME
                 and turns[r.turn].status == TurnStatus.RESOLVED and r.seed != turns[r.turn].seed]
    problems += [f"turn {n} is resolved but the campaign is still at turn {doc.campaign.turn}"
                 for n in sorted(resolved) if n >= doc.campaign.turn]
    problems += [p for t in doc.turns for p in _dice_problems(t)]
    problems += [p for r in doc.resolutions if r.turn in turns for p in _proof_problems(turns[r.turn], r)]
    return problems


def _dice_problems(turn: TurnDoc) -> list[str]:
    """A turn's revealed dice must be what its commitment promised; an unresolved one needs a secret."""
    n = turn.turn
    if turn.status != TurnStatus.RESOLVED:
        return [] if turn.seed else [f"turn {n} is not resolved and carries no dice secret (an export never "
                                     f"does): import it with `python -m bot import`, which makes it a new key"]
    if turn.dice_scheme == SEED_SCHEME:
        if turn.seed is None:
            return [f"turn {n} is resolved but its seed is missing"]
        return [] if verify(turn.seed, turn.commitment) else [
            f"the seed of turn {n} does not match its commitment {turn.commitment}"]
    if turn.public_key is None:
        return [f"turn {n} is resolved but its public dice key is missing"]
    try:
        fingerprint = key_fingerprint(turn.public_key)
    except DiceError as exc:
        return [f"the public dice key of turn {n} is unreadable: {exc}"]
    return [] if fingerprint == turn.commitment.lower() else [
        f"the public dice key of turn {n} does not match its commitment {turn.commitment}"]


def _proof_problems(turn: TurnDoc, resolution: ResolutionDoc) -> list[str]:
    if turn.dice_scheme == SEED_SCHEME or turn.public_key is None:
        return []
    # A step resolved of a turn still open (issue 12): the import gave the turn a fresh key for its
    # steps to come, so the step's rolls are checked against the key its report revealed.
    key = turn.public_key if turn.status == TurnStatus.RESOLVED else resolution.seed
    if resolution.seed != key:
        return [f"the resolution of turn {turn.turn} names another public dice key than the turn"]
    bad = [p for roll in resolution.dice if (p := check_proof(key, turn.turn, roll))]
    return [f"turn {turn.turn}: roll {p}" for p in bad[:3]] + (
        [f"turn {turn.turn}: and {len(bad) - 3} more rolls that do not match their proofs"] if len(bad) > 3 else [])


def _repeated(values: Any) -> list[Any]:
    return [value for value, count in Counter(values).items() if count > 1]
