"""Report of the Sengoku naval rules (S12.6, R19, OP-49).

The public report carries no hidden facts: no experience, no heavy-detachment
counts, no stakes, no dice, no pirate owners.  A clan's report adds what its
own units rolled, with every die, modifier and key.  The moderator log has
everything, including each default or proposal applied.
"""

from __future__ import annotations

from functools import cache

from bot.domain.events import Event
from bot.engine.dice import SEED_SCHEME
from bot.domain.text import escape
from bot.report import ReportInput, Reports
from bot.rulesets.sengoku.report.names import Names
from bot.rulesets.sengoku.report.templates import all_group_templates, all_templates

SEASONS = {"spring-summer": "spring–summer", "summer-autumn": "summer–autumn", "autumn-winter": "autumn–winter"}


@cache
def templates() -> dict:
    return all_templates()


@cache
def group_templates() -> dict:
    return all_group_templates()


def _lines(events: list[Event], names: Names) -> list[str]:
    lines = []
    for run in _runs(events):
        if len(run) > 1:
            lines.append(group_templates()[run[0].kind](run, names))
            continue
        text = templates()[run[0].kind](run[0], names)
        if text:
            lines.append(text)
    return lines


def _runs(events: list[Event]) -> list[list[Event]]:
    """Consecutive events that a feature sums up in one line (e.g. lines of
    communication cut at the same moment) form one run; others stand alone."""
    runs: list[list[Event]] = []
    for event in events:
        key = _group_key(event)
        if key is not None and runs and _group_key(runs[-1][-1]) == key:
            runs[-1].append(event)
        else:
            runs.append([event])
    return runs


def _group_key(event: Event) -> tuple | None:
    if event.kind not in group_templates():
        return None
    return (event.kind, getattr(event, "subphase", None))


def _header(data: ReportInput, who: str) -> list[str]:
    season = SEASONS.get(data.before.season, data.before.season)
    return [f"⚓ {escape(data.campaign_name)} — turn {data.turn} ({season}) — {who}", ""]


def _footer(data: ReportInput) -> list[str]:
    if data.dice_scheme != SEED_SCHEME:
        return ["", f"Dice key of this turn: RSA public key with SHA-256 fingerprint {data.commitment}, the "
                    f"commitment published when planning opened.",
                "Each roll is fixed by the key's signature of its key (its proof), shown only to those whose report "
                "shows the roll: `/dice verify` checks yours and gives you the proofs and the public key, to check "
                "offline with `python -m bot dice verify`."]
    return ["", f"Seed revealed: {data.seed}",
            f"It matches the commitment published when planning opened: {data.commitment} (SHA-256).",
            "Every roll is HMAC-SHA256(seed, key): recompute any key in your report with `python -m bot dice`."]


def build(data: ReportInput) -> Reports:
    names = Names(data)
    public_events = [e for e in data.events if e.audience.public]
    public = _header(data, "public report") + (_lines(public_events, names) or ["A quiet turn at sea."])
    factions = {}
    for clan in data.before.clans:
        seen = [e for e in data.events if e.audience.sees(clan)]
        body = _lines(seen, names) or ["Nothing happened to your ships."]
        factions[clan] = "\n".join(_header(data, f"{names.clan(clan)}, your turn") + body + _footer(data))
    moderator = _header(data, "moderator log") + _lines(data.events, names) + ["", "Dice log:"] + [
        f"  {r.key}: {r.expr} {list(r.faces)} = {r.total}" for r in data.rolls] + _footer(data)
    return Reports(public="\n".join(public + _footer(data)), factions=factions, moderators="\n".join(moderator))
