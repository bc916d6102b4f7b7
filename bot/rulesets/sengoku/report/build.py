"""Report of the Sengoku naval rules (S12.6, R19, OP-49).

The public report carries no hidden facts: no experience, no heavy-detachment
counts, no stakes, no dice, no pirate owners.  A clan's report adds what its
own units rolled, with every die, modifier and key.  The moderator log has
everything, including each default or proposal applied.
"""

from __future__ import annotations

from functools import cache

from bot.domain.events import Event
from bot.domain.text import escape, sentence
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.engine.dice import SEED_SCHEME
from bot.i18n import DEFAULT_LANGUAGE, N_
from bot.report import ReportInput, Reports
from bot.rulesets.sengoku.report.names import Names
from bot.rulesets.sengoku.report.templates import all_group_templates, all_templates

SEASONS = {"spring-summer": N_("spring–summer"), "summer-autumn": N_("summer–autumn"),
           "autumn-winter": N_("autumn–winter")}


@cache
def templates() -> dict:
    return all_templates()


@cache
def group_templates() -> dict:
    return all_group_templates()


def _lines(events: list[Event], names: Names) -> list[str]:
    lines = _template_lines(events, names)
    if names.language == DEFAULT_LANGUAGE:
        return lines
    # A line may open with a described unit ("отряд тяжёлых кораблей клана …"): the sentence starts upper
    # case.  Only the catalogue's own words are raised, never a name or id as typed (Latin: "kono-ashigaru").
    return [_raised(line) for line in lines]


def _raised(line: str) -> str:
    body = line.lstrip()
    if body[:1].islower() and not body[:1].isascii():
        return line[:len(line) - len(body)] + sentence(body)
    return line


def _template_lines(events: list[Event], names: Names) -> list[str]:
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


def _header(data: ReportInput, names: Names, who: str) -> list[str]:
    t = names.t
    season = t._(SEASONS[data.before.season]) if data.before.season in SEASONS else data.before.season
    return [t._("⚓ {campaign} — turn {turn} ({season}) — {who}", campaign=escape(data.campaign_name),
                turn=data.turn, season=season, who=who), ""]


def _footer(data: ReportInput, names: Names) -> list[str]:
    """The dice reveal: the seed and its commitment, or (rsa-vrf) the public key's fingerprint."""
    t = names.t
    if data.dice_scheme != SEED_SCHEME:
        return ["", t._("Dice key of this turn: RSA public key with SHA-256 fingerprint {commitment}, the "
                        "commitment published when planning opened.", commitment=data.commitment),
                t._("Each roll is fixed by the key's signature of its key (its proof), shown only to those whose "
                    "report shows the roll: `/dice verify` checks yours and gives you the proofs and the public "
                    "key, to check offline with `python -m bot dice verify`.")]
    return ["", t._("Seed revealed: {seed}", seed=data.seed),
            t._("It matches the commitment published when planning opened: {commitment} (SHA-256).",
                commitment=data.commitment),
            t._("Every roll is HMAC-SHA256(seed, key): recompute any key in your report with "
                "`python -m bot dice`.")]


def _names(data: ReportInput, audience: Viewer) -> Names:
    """The names and words of one post, in its reader's language (the campaign's, or a clan's own)."""
    return Names(data, data.language_for(audience))


def build(data: ReportInput) -> Reports:
    names = _names(data, PUBLIC)
    public_events = [e for e in data.events if e.audience.public]
    public = (_header(data, names, names.t._("public report"))
              + (_lines(public_events, names) or [names.t._("A quiet turn at sea.")]) + _footer(data, names))
    factions = {}
    for clan in data.before.clans:
        own = _names(data, Viewer.of(clan))
        seen = [e for e in data.events if e.audience.sees(clan)]
        body = _lines(seen, own) or [own.t._("Nothing happened to your ships.")]
        who = own.t._("{clan}, your turn", clan=own.clan(clan))
        factions[clan] = "\n".join(_header(data, own, who) + body + _footer(data, own))
    log = _names(data, MODERATORS)
    moderator = _header(data, log, log.t._("moderator log")) + _lines(data.events, log) + [
        "", log.t._("Dice log:")] + [f"  {r.key}: {r.expr} {list(r.faces)} = {r.total}" for r in data.rolls] + _footer(
        data, log)
    return Reports(public="\n".join(public), factions=factions, moderators="\n".join(moderator))
