"""The offline demo: a shipped scenario (by default its ruleset plug-in's ``demo_scenario``) stored
in SQLite, its planned orders submitted through the services, the turn resolved with the
scenario's fixed seed, and the reports and map written to a folder.  A turn made of steps plays
the steps its demo section scripts, through the same services as Discord: either step by step
(``demo.steps``: orders, answers, the rest left to their defaults; each later step's reports go to
``step-<nn>/``, with the maps of the last one), or by question (``demo.answers``: the questions it
names answered as a moderator would, every other left to its default until the turn is over; each
audience's reports of the whole turn in one file, step after step, with the last step's maps).
Without either, the demo stops at the turn's first step."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.engine.dice import SeededDice
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import load_shipped_map
from bot.i18n import DEFAULT_LANGUAGE
from bot.report import ReportInput, build_reports
from bot.plugins import UnknownRuleset, get_ruleset, plugin, plugins
from bot.scenarios import load_shipped_scenario
from bot.domain.campaign import Phase
from bot.services.audit import COMMAND_LINE, Moderator
from bot.services.campaigns import CampaignService, TurnOutcome
from bot.services.errors import UserError
from bot.services.queries import turn_proofs
from bot.services.sheet_maps import SheetMap, sheet_file_name
from bot.services.step_model import CHAIN_LIMIT
from bot.services.steps import StepService
from bot.store import open_repository

DEMO_CLOCK = datetime(1560, 6, 1, tzinfo=timezone.utc)
DEMO_MODERATOR = Moderator(None, "demo")  # who answers the demo's questions by id (the audit log's actor)


def demo_scenario(ruleset_id: str | None = None) -> str:
    """The scenario the demo resolves: the ruleset's own, or (none named) the one installed ruleset's
    that has a demo.  Refuses a ruleset with none, or a choice among several, naming them."""
    if ruleset_id is not None:
        try:
            chosen = plugin(ruleset_id)
        except UnknownRuleset as exc:
            raise UserError(str(exc)) from None
        if chosen.demo_scenario is None:
            raise UserError(f"the {chosen.name} ship no demo; give --scenario ID")
        return chosen.demo_scenario
    demos = {p.id: p.demo_scenario for p in plugins().values() if p.demo_scenario}
    if len(demos) != 1:
        raise UserError(f"name the ruleset of the demo (--ruleset ID): {', '.join(demos) or 'none ships one'}")
    return next(iter(demos.values()))


async def run_demo(out: Path, scenario_id: str | None = None, echo=print,
                   language: str = DEFAULT_LANGUAGE) -> list[Path]:
    """``language``: the campaign's and every clan's (bot/i18n.py LANGUAGES), for its reports and maps."""
    scenario_id = scenario_id or demo_scenario()
    out.mkdir(parents=True, exist_ok=True)
    database = out / "demo.db"
    for leftover in (database, out / "demo.db-wal", out / "demo.db-shm"):
        leftover.unlink(missing_ok=True)
    scenario = load_shipped_scenario(scenario_id)
    if scenario.file.demo is None:
        raise UserError(f"scenario {scenario_id} has no demo section (seed, campaign name)")
    repo = await open_repository(database)
    try:
        service = CampaignService(repo, clock=lambda: DEMO_CLOCK)
        campaign = await service.create_campaign(scenario_id, scenario.file.demo.campaign_name)
        turn = await service.open_turn(campaign.id, seed=scenario.file.demo.seed)
        echo(f"Campaign #{campaign.id} {campaign.name}: turn {turn.turn} open, dice commitment (SHA-256 of its public "
             f"key) {turn.commitment}")
        for faction, payloads in scenario.file.orders.items():
            for payload in payloads:
                receipt = await service.submit_order(campaign.id, faction, payload)
                echo(f"  [{faction}] {receipt.description}")
        outcome = await service.resolve_turn(campaign.id)
        later = await _later_steps(service, campaign.id, turn.turn, scenario.file.demo, echo)
        if language != DEFAULT_LANGUAGE:
            outcome = _in_language(outcome, campaign.ruleset, language)
            later = [_in_language(o, campaign.ruleset, language) for o in later]
        whole = bool(later) and not scenario.file.demo.steps  # demo.answers: the turn in one file per audience
        # The public map, one per clan (its own units in full) and the moderators' (everything).
        maps = await _maps(service, campaign.ruleset, later[-1] if whole else outcome)
        last_maps = await _maps(service, campaign.ruleset, later[-1]) if later and not whole else {}
        # What /dice verify gives each clan: to try `python -m bot dice verify --proofs FILE` offline.
        proofs = {faction: await turn_proofs(service, campaign.id, outcome.turn, reader=faction)
                  for faction in outcome.reports.factions}
    finally:
        await repo.close()
    written = _write(out, [outcome, *later] if whole else [outcome], maps)
    for number, step in enumerate([] if whole else later):
        folder = out / f"step-{step.step:02d}"
        folder.mkdir(exist_ok=True)
        written += _write(folder, [step], last_maps if number == len(later) - 1 else {})
    return written + _write_proofs(out, proofs)


async def _maps(service: CampaignService, ruleset_id: str, outcome) -> dict[Viewer, list[SheetMap]]:
    return await service.render_sheet_maps(ruleset_id, outcome.data,
                                           [PUBLIC, *map(Viewer.of, outcome.reports.factions), MODERATORS])


async def _later_steps(service: CampaignService, campaign_id: int, turn: int, demo, echo) -> list[TurnOutcome]:
    if demo.steps:
        return await _play_steps(service, campaign_id, demo.steps, echo)
    if demo.answers:
        return await _through_the_steps(service, campaign_id, turn, demo.answers, echo)
    return []


async def _play_steps(service: CampaignService, campaign_id: int, entries, echo) -> list[TurnOutcome]:
    """The scripted steps after the first, each checked against the step open: an orders step's
    orders submitted and resolved; a prompt step's answers given (a moderators' question as the
    command line's moderator), the rest left to their defaults; steps standing orders answer whole
    resolve on their own, as in the bot."""
    steps = StepService(service)
    outcomes = await steps.continue_chain(campaign_id)
    for number, entry in enumerate(entries, start=2):
        campaign = await service.campaign(campaign_id)
        if campaign.phase is not Phase.PLANNING:
            raise UserError(f"demo step {number}: the turn is over; the scenario lists {len(entries) - number + 2} "
                            "more step(s)")
        opened = await steps.open_step(campaign_id)
        if entry.kind not in (None, opened.step.kind):
            raise UserError(f"demo step {number}: the open step is {opened.step.kind} (step {campaign.step}), "
                            f"the scenario expects {entry.kind}")
        if opened.step.takes_orders:
            for faction, payloads in entry.orders.items():
                for payload in payloads:
                    receipt = await service.submit_order(campaign_id, faction, payload)
                    echo(f"  [{faction}] {receipt.description}")
            outcomes.append(await service.resolve_turn(campaign_id))
        else:
            outcomes += await _answer(service, steps, campaign, opened, entry, number)
        outcomes += await steps.continue_chain(campaign_id)
    for done in outcomes:
        echo(f"  step {done.step} resolved")
    return outcomes


async def _answer(service: CampaignService, steps: StepService, campaign, opened, entry, number: int) -> list:
    outcomes = []
    for question_id, value in entry.answers.items():
        question = opened.step.question(question_id)
        if question is None:
            raise UserError(f"demo step {number}: {opened.step.kind} asks no {question_id}; it asks "
                            f"{', '.join(q.id for q in opened.step.questions)}")
        receipt = await steps.answer(campaign.id, campaign.turn, campaign.step, question_id, value,
                                     faction=question.faction, by=None if question.faction else COMMAND_LINE)
        outcomes += receipt.outcomes
    now = await service.campaign(campaign.id)
    if now.phase is Phase.PLANNING and (now.turn, now.step) == (campaign.turn, campaign.step):
        outcomes += await steps.apply_defaults(campaign.id, campaign.turn, campaign.step)
    return outcomes


async def _through_the_steps(service: CampaignService, campaign_id: int, turn: int, answers: dict[str, Any],
                             echo) -> list:
    """The rest of a turn of steps, after its first (orders) step: each question the scenario's demo
    answers is answered as a moderator would, every other takes its default, until the turn is over."""
    steps, outcomes = StepService(service), []
    for _ in range(CHAIN_LIMIT):
        outcomes += await steps.continue_chain(campaign_id)  # steps that standing orders answered
        campaign = await service.campaign(campaign_id)
        if campaign.phase is not Phase.PLANNING or campaign.turn != turn:
            return outcomes
        opened = await steps.open_step(campaign_id)
        if opened.step.takes_orders:  # an orders step within the turn: the demo has no orders for it
            outcomes.append(await service.resolve_turn(campaign_id))
            continue
        scripted = [q for q in opened.unanswered() if q.id in answers]
        for question in scripted:
            receipt = await steps.answer(campaign_id, opened.turn, opened.number, question.id, answers[question.id],
                                         faction=None, by=DEMO_MODERATOR)
            echo(f"  {opened.label}: {question.id} = {receipt.answer.value}")
            outcomes += receipt.outcomes
        if not scripted:
            echo(f"  {opened.label}: defaults for {', '.join(q.id for q in opened.unanswered())}")
            outcomes += await steps.apply_defaults(campaign_id, opened.turn, opened.number)
    raise UserError(f"the turn's steps did not end within {CHAIN_LIMIT} steps")


def _joined(texts) -> str:
    return "\n\n---\n\n".join(texts)


def _in_language(outcome, ruleset_id: str, language: str):
    """The outcome with its reports worded in ``language`` for the campaign and every clan.
    Until the services fill ReportInput's languages from the campaign's settings (issue 16 part A),
    the demo sets them itself and builds the reports again from the same resolved turn."""
    data = replace(outcome.data, language=language,
                   faction_languages={clan: language for clan in outcome.reports.factions})
    return replace(outcome, data=data, reports=build_reports(ruleset_id, data))


def _write_proofs(out: Path, proofs: dict) -> list[Path]:
    written = []
    for faction, found in proofs.items():
        if found is not None:
            path = out / f"dice-proofs-{Viewer.of(faction).file_stem}.json"
            path.write_text(json.dumps(found.document(), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
            written.append(path)
    return written


def _write(out: Path, outcomes: list, maps: dict[Viewer, list[SheetMap]]) -> list[Path]:
    """Each audience's reports of ``outcomes``, step after step (one step: its report), and ``maps``."""
    files = {"report-public.md": _joined(o.reports.public for o in outcomes),
             "moderator-log.md": _joined(o.reports.moderators for o in outcomes)}
    for faction in dict.fromkeys(f for o in outcomes for f in o.reports.factions):
        files[f"report-{Viewer.of(faction).file_stem}.md"] = _joined(o.reports.factions[faction] for o in outcomes
                                                                     if faction in o.reports.factions)
    written = []
    for name, text in files.items():
        path = out / name
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    for audience, sheets in maps.items():  # every sheet of the map (bot/services/sheet_maps.py)
        for drawn in sheets:
            name = "map.png" if audience.is_public else f"map-{audience.file_stem}.png"
            image = out / sheet_file_name(name, drawn.sheet)
            image.write_bytes(drawn.png)
            written.append(image)
    return written


def demo_turn_input(scenario_id: str | None = None) -> ReportInput:
    """The demo's turn resolved in memory, without a database: what its reports and maps are
    drawn from.  For tests and benchmarks that need a real, busy turn."""
    scenario = load_shipped_scenario(scenario_id or demo_scenario())
    gamemap = load_shipped_map(scenario.file.map)
    ruleset = get_ruleset(scenario.file.ruleset)
    orders = [SubmittedOrder(faction=f, unit=ruleset.order_slot(ruleset.parse_order(p)), seq=i, payload=p)
              for i, (f, p) in enumerate((f, p) for f, ps in scenario.file.orders.items() for p in ps)]
    result = ruleset.resolve(scenario.state, gamemap, scenario.settings, orders,
                                                         SeededDice(scenario.file.demo.seed))
    return ReportInput(campaign_name=scenario.file.demo.campaign_name, turn=scenario.state.turn, seed="",
                       commitment="", gamemap=gamemap, before=scenario.state, after=result.state,
                       events=list(result.events))
