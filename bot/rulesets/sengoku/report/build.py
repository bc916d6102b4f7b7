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
from bot.rulesets.sengoku.report.sightings import seen_by_audience
from bot.rulesets.sengoku.report.templates import all_group_templates, all_templates

SEASONS = {"spring-summer": N_("spring–summer"), "summer-autumn": N_("summer–autumn"),
           "autumn-winter": N_("autumn–winter")}


@cache
def templates() -> dict:
    return all_templates()


@cache
def group_templates() -> dict:
    return all_group_templates()


def _lines(events: list[Event], names: Names, worded: dict | None = None) -> list[str]:
    """The report lines of ``events``.  ``worded``: the lines already worded in this language this
    turn, by event (or run of events): a template sees only the event and the names, never the
    audience, so an event reads the same in every report of one language that shows it, and a turn's
    18 reports word each event once instead of once per report (issue 18)."""
    worded = {} if worded is None else worded
    lines = []
    for run in _runs(events):
        key = id(run[0]) if len(run) == 1 else tuple(map(id, run))
        text = worded.get(key)
        if text is None:
            text = worded[key] = _worded(run, names)
        if text or len(run) > 1:  # a run's line stands even if empty, as a single event's does not
            lines.append(text)
    return lines


def _worded(run: list[Event], names: Names) -> str:
    if len(run) > 1:
        text = group_templates()[run[0].kind](run, names)
    else:
        text = templates()[run[0].kind](run[0], names)
    if not text or names.language == DEFAULT_LANGUAGE:
        return text
    # A line may open with a described unit ("отряд тяжёлых кораблей клана …"): the sentence starts upper
    # case.  Only the catalogue's own words are raised, never a name or id as typed (Latin: "kono-ashigaru").
    return _raised(text)


def _raised(line: str) -> str:
    body = line.lstrip()
    if body[:1].islower() and not body[:1].isascii():
        return line[:len(line) - len(body)] + sentence(body)
    return line


def _runs(events: list[Event]) -> list[list[Event]]:
    """Consecutive events that a feature sums up in one line (e.g. lines of
    communication cut at the same moment) form one run; others stand alone."""
    runs: list[list[Event]] = []
    last = None  # the group key of the run so far (each event's asked once)
    for event in events:
        key = _group_key(event)
        if key is not None and runs and last == key:
            runs[-1].append(event)
        else:
            runs.append([event])
        last = key
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


def _names(data: ReportInput, audience: Viewer, shared: dict[str, Names] | None = None) -> Names:
    """The names and words of one post, in its reader's language (the campaign's, or a clan's own);
    ``shared``: one ``Names`` per language for all of a turn's posts (it remembers the names it wrote)."""
    language = data.language_for(audience)
    if shared is None:
        return Names(data, language)
    if language not in shared:
        shared[language] = Names(data, language)
    return shared[language]


def build(data: ReportInput) -> Reports:
    shared: dict[str, Names] = {}  # per language: its names, and (worded) its lines by event
    worded: dict[str, dict] = {}
    seen = seen_by_audience(data)
    names = _names(data, PUBLIC, shared)
    public = (_header(data, names, names.t._("public report"))
              + (_lines(seen.public, names, worded.setdefault(names.language, {}))
                 or [names.t._("A quiet turn at sea.")]) + _footer(data, names))
    factions = {}
    for clan in data.before.clans:
        own = _names(data, Viewer.of(clan), shared)
        body = (_lines(seen.clans[clan], own, worded.setdefault(own.language, {}))
                or [own.t._("Nothing happened to your ships.")])
        who = own.t._("{clan}, your turn", clan=own.clan(clan))
        factions[clan] = "\n".join(_header(data, own, who) + body + _footer(data, own))
    log = _names(data, MODERATORS, shared)
    moderator = _header(data, log, log.t._("moderator log")) + _lines(
        data.events, log, worded.setdefault(log.language, {})) + [
        "", log.t._("Dice log:")] + [f"  {r.key}: {r.expr} {list(r.faces)} = {r.total}" for r in data.rolls] + _footer(
        data, log)
    return Reports(public="\n".join(public), factions=factions, moderators="\n".join(moderator))
