"""What an import checks beyond the export's own consistency (bot/store/transfer.py): everything the
campaign will later rely on — its ruleset and map load, its states, settings and orders fit the
ruleset, its deadline reads — so a campaign that imports is one every command can work on.  And an
unresolved turn, whose secret no export carries, gets a fresh dice key pair here."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from pydantic import ValidationError

from bot.domain.gamemap import MapError
from bot.engine.dice import KEY_SCHEME
from bot.engine.ruleset import OrderRejected
from bot.engine.steps import ANSWER_SLOT
from bot.i18n import LANGUAGES
from bot.mapfiles import load_shipped_map
from bot.plugins import get_ruleset
from bot.services.deadline import MAX_AHEAD
from bot.services.dice_keys import TurnKey
from bot.store import TurnStatus
from bot.store.transfer import CampaignExport

_EARLIEST = datetime(2000, 1, 1, tzinfo=timezone.utc)


def import_problems(doc: CampaignExport, now: datetime) -> list[str]:
    """One line per problem; none means the campaign will work once imported."""
    try:
        ruleset = get_ruleset(doc.campaign.ruleset)
    except KeyError:
        return [f"the campaign's ruleset {doc.campaign.ruleset!r} is not one this bot knows"]
    problems = _map_problems(doc.campaign.map_id) + _deadline_problems(doc.campaign.deadline, now)
    problems += _language_problems(doc)
    problems += _model_problems(ruleset.settings_model, doc.settings, "the settings")
    problems += _model_problems(ruleset.state_model, doc.state, "the state")
    for r in doc.resolutions:
        problems += _model_problems(ruleset.state_model, r.before_state, f"the state before turn {r.turn}")
        problems += _model_problems(ruleset.state_model, r.after_state, f"the state after turn {r.turn}")
    for o in doc.orders:
        if o.unit.startswith(ANSWER_SLOT):  # a question's answer (issue 12), not an order of the ruleset's
            continue
        try:
            ruleset.parse_order(o.payload)
        except (OrderRejected, ValidationError) as exc:
            problems.append(f"the turn {o.turn} order for unit {o.unit!r} does not read: {_first_line(exc)}")
    known = {f.id for f in doc.campaign.factions}
    problems += [f"the turn {o.turn} order for unit {o.unit!r} is by {o.faction!r}, no clan of the campaign"
                 for o in doc.orders if o.faction not in known]
    return problems


def _language_problems(doc: CampaignExport) -> list[str]:
    """The campaign's language and each clan's must be ones the bot speaks (bot/i18n.py LANGUAGES)."""
    spoken = ", ".join(LANGUAGES)
    found = [] if doc.campaign.language in LANGUAGES else [
        f"the campaign's language {doc.campaign.language!r} is not one the bot speaks ({spoken})"]
    return found + [f"clan {f.id!r} has the language {f.language!r}, not one the bot speaks ({spoken})"
                    for f in doc.campaign.factions if f.language is not None and f.language not in LANGUAGES]


def _map_problems(map_id: str) -> list[str]:
    try:
        load_shipped_map(map_id)
    except MapError as exc:
        return [f"the campaign's map {map_id!r} does not load: {'; '.join(exc.problems[:3])}"]
    return []


def _deadline_problems(deadline: str | None, now: datetime) -> list[str]:
    if deadline is None:
        return []
    try:
        when = datetime.fromisoformat(deadline)
        if when.tzinfo is None:
            raise ValueError("no time zone")
    except ValueError:
        return [f"the deadline {deadline!r} is not an ISO 8601 time with a time zone, e.g. 2026-12-01T20:00+00:00"]
    if not _EARLIEST <= when <= now + MAX_AHEAD:
        return [f"the deadline {deadline!r} is out of range: give one between 2000 and a year from now"]
    return []


def _model_problems(model: Any, data: dict, what: str) -> list[str]:
    try:
        model.model_validate(data)
    except ValidationError as exc:
        return [f"{what} does not fit the ruleset: {_first_line(exc)}"]
    return []


def _first_line(exc: Exception) -> str:
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return " ".join(lines[:3])[:300]


def rekey_open_turns(data: dict[str, Any], doc: CampaignExport, new_key: Any) -> list[tuple[int, str]]:
    """Give each unresolved turn of ``data`` (the raw document) a fresh key pair from ``new_key()``:
    the export carries no secret of it, and a secret carried by an old export may have been read.
    Returns (turn, new commitment) for each, to announce."""
    fresh: list[tuple[int, str]] = []
    for raw, turn in zip(data["turns"], doc.turns):
        if turn.status == TurnStatus.RESOLVED:
            continue
        key: TurnKey = new_key()
        note = (f"dice key made anew on import; commitment {key.fingerprint} (was {turn.commitment})")
        raw.update(seed=key.private_pem, public_key=key.public_pem, commitment=key.fingerprint,
                   dice_scheme=KEY_SCHEME, opened_note=note)
        fresh.append((turn.turn, key.fingerprint))
    return fresh


