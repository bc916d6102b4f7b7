"""A turn's heavy work as module-level functions of picklable arguments (issue 18): what
``bot.workers.run_in_worker`` runs in a worker process — or in a thread, with
``FLEETWRIGHT_WORKERS=0`` — while the bot's event loop only loads, commits and posts.

A worker is another process: nothing here may lean on the caller's objects.  Plug-ins are
looked up by id (``get_ruleset``, ``presenter``) in the worker, the dice are rebuilt there from
the turn's stored key and their log comes back with the result, and the map's data goes out
pickled once per turn, unpickled once per worker (``draw_map``).
"""

from __future__ import annotations

import pickle
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from typing import Any

from bot.domain.campaign import Campaign
from bot.domain.gamemap import GameMap
from bot.domain.viewer import Viewer
from bot.engine.dice import SEED_SCHEME, SeededDice, SignedDice, load_private_key
from bot.engine.ruleset import SubmittedOrder
from bot.engine.steps import Answer, Question, Step, steps_of
from bot.i18n import N_
from bot.localized import Text
from bot.plugins import get_ruleset, plugins
from bot.report import ReportInput, Reports
from bot.report.presenters import presenter
from bot.services.step_model import opening, split_answers, step_dice, worded
from bot.store import SEED_WITHHELD, ResolutionRecord, StepOpening, TurnRecord


@dataclass
class StepWork:
    """What resolving a campaign's open step needs, as the bot process loaded it."""

    campaign: Campaign
    turn: TurnRecord
    step: Step
    orders: list[SubmittedOrder]
    state: Any
    settings: Any
    gamemap: GameMap
    stored: dict[str, Any]  # the state as stored, which the record's before_state must be
    now: datetime  # the bot's clock: the deadline of the step that opens next
    record: bool = True  # also the reports and the stored record (a preview needs neither)


@dataclass
class Worked:
    """A resolved step: its report input, the dice's log (where the dice object stood), the step
    that opens next (None: the turn is over), and with ``StepWork.record`` its reports and record."""

    data: ReportInput
    log: list[Any]
    after: StepOpening | None
    reports: Reports | None = None
    record: ResolutionRecord | None = None


def resolve_step(work: StepWork) -> Worked:
    """The rules' resolution of the open step, then (``work.record``) its reports and record."""
    campaign, turn, step = work.campaign, work.turn, work.step
    steps = steps_of(get_ruleset(campaign.ruleset))
    dice = turn_dice(turn)
    plain, answers = split_answers(work.orders)
    result = steps.resolve_step(work.state, work.gamemap, work.settings, step, plain, answers,
                                step_dice(dice, campaign.step))
    following = steps.after(result.state, work.settings, step)
    after = None if following is None else opening(steps, result.state, following, campaign.step + 1, work.now)
    # Only what the report reveals goes into its input: never an rsa-vrf turn's private key, and an
    # hmac-seed turn's seed only with its last step, whose dice it is the last to fix.
    seed = SEED_WITHHELD if turn.dice_scheme == SEED_SCHEME and after is not None else turn.revealed()
    data = ReportInput(campaign_name=campaign.name, turn=campaign.turn, seed=seed,
                       commitment=turn.commitment, gamemap=work.gamemap, before=work.state, after=result.state,
                       events=result.events, rolls=list(dice.log), dice_scheme=turn.dice_scheme,
                       language=campaign.language, faction_languages=campaign.faction_languages(),
                       step=campaign.step)
    worked = Worked(data, list(dice.log), after)
    if work.record:
        worked.reports, worked.record = resolution_record(campaign, turn, work.orders, data, worked.log,
                                                          work.stored, step)
    return worked


def resolve_step_lean(work: StepWork) -> Worked:
    """``resolve_step`` as the worker returns it: without what the bot sent and keeps (the map, the state
    before, the stored state; ~0.8 MB of an L turn's 8.8 MB result), which the bot process would unpickle
    again in pebble's thread, competing with its event loop for the GIL.  ``with_sent`` puts them back."""
    worked = resolve_step(work)
    worked.data = replace(worked.data, gamemap=None, before=None)
    if worked.record is not None:
        worked.record = worked.record.model_copy(update={"before_state": {}})
    return worked


def with_sent(worked: Worked, work: StepWork) -> Worked:
    """A ``resolve_step_lean`` result with the bot's own map, state before and stored state: the same
    values (the rules change no state they are given; the record's before_state is ``work.stored``)."""
    worked.data = replace(worked.data, gamemap=work.gamemap, before=work.state)
    if worked.record is not None:
        worked.record = worked.record.model_copy(update={"before_state": work.stored})
    return worked


def turn_dice(turn: TurnRecord) -> SeededDice | SignedDice:
    """The turn's dice source, by its scheme: turns stored before signed dice keep their seed."""
    if turn.dice_scheme == SEED_SCHEME:
        return SeededDice(turn.seed)
    return SignedDice(load_private_key(turn.seed), turn.turn)


def resolution_record(campaign: Campaign, turn: TurnRecord, orders: list[SubmittedOrder], data: ReportInput,
                      rolls: list[Any], stored: dict[str, Any],
                      step: Step | None = None) -> tuple[Reports, ResolutionRecord]:
    """The reports and what the store keeps of a resolution: pure CPU work.
    ``before_state`` is the state as it was stored, not re-dumped from the model: the commit
    checks it is still the stored one, and a valid state stored in another form (an old import,
    an edit, a field added with a default since) re-dumps differently and could never commit.
    A secret ``step`` (``Step.secret``) has no public report (stored empty: never posted, no public map) and
    reports only for the clans it asked or told something: another clan's empty report would tell it exists."""
    reports = presenter(campaign.ruleset).build_reports(data)
    if step is not None and step.secret:
        told = set(step.actors) | {f for e in data.events for f in e.audience.factions}
        reports = reports.model_copy(update={"public": "", "factions": {
            k: v for k, v in reports.factions.items() if k in told}})
    if defaults := defaults_applied(orders, campaign, step):  # the core's own lines (issue 12)
        reports = reports.model_copy(update={"moderators": f"{reports.moderators.rstrip()}\n\n{defaults}\n"})
    return reports, ResolutionRecord(
        campaign_id=campaign.id, turn=campaign.turn, step=campaign.step, seed=data.seed,
        before_state=stored, after_state=data.after.model_dump(mode="json"),
        orders=orders, dice=list(rolls), events=[e.model_dump(mode="json") for e in data.events],
        report={Viewer.public().key: reports.public, Viewer.moderators().key: reports.moderators,
                **{Viewer.of(k).key: v for k, v in reports.factions.items()}})


def defaults_applied(orders: list[SubmittedOrder], campaign: Campaign, step: Step | None = None) -> str:
    """The moderators' log lines of the answers that were defaults (nobody answered by the deadline):
    whose question, in its words, and the default as its button reads (ids only for a question the
    step no longer has)."""
    _, answers = split_answers(orders)
    lines = [_default_line(a, campaign, step.question(a.question) if step else None).render(campaign.language)
             for a in answers if a.source == "default"]
    if not lines:
        return ""
    return "\n".join([Text(N_("Defaults applied:")).render(campaign.language), *lines])


def _default_line(answer: Answer, campaign: Campaign, question: Question | None) -> Text:
    value = answer.value if isinstance(answer.value, str) else ", ".join(f"{k} = {v}" for k, v in answer.value.items())
    if question is None:
        return Text(N_("- {question}: nobody answered; the default {value} was applied ({rule})"),
                    question=answer.question, value=value, rule=answer.rule or "-")
    choice = next((c for c in question.choices if c.value == answer.value), None)
    faction = campaign.faction(question.faction) if question.faction else None
    return Text(N_("- {asked} — {question}: nobody answered; the default {value} was applied ({rule})"),
                asked=faction.name if faction else Text(N_("the moderators")),
                question=worded(question.text, campaign.ruleset),
                value=worded(choice.label, campaign.ruleset) if choice else value, rule=answer.rule or "-")


# --- maps ---------------------------------------------------------------------

# The report inputs a worker has unpickled, by the token of the turn's maps: each worker reads a
# turn's data once, however many of its maps it draws (two kept: two campaigns' turns at once).
_inputs: OrderedDict[str, ReportInput] = OrderedDict()
KEPT_INPUTS = 2


def pickled(data: ReportInput) -> bytes:
    """A turn's report input as its map tasks carry it: pickled once, for every map."""
    return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)


def draw_map(ruleset_id: str, token: str, blob: bytes, audience: Viewer, sheet: str | None) -> bytes:
    """One audience's map of one sheet, drawn by the ruleset's presenter (its overlay built here too)."""
    from bot.render import run_here  # matplotlib: loaded where maps are drawn

    data = _inputs.get(token)
    if data is None:
        data = _inputs[token] = pickle.loads(blob)
        while len(_inputs) > KEPT_INPUTS:
            _inputs.popitem(last=False)
    return run_here(partial(presenter(ruleset_id).render, data, audience, sheet))


# --- a worker's start ---------------------------------------------------------


def warm() -> None:
    """What a worker loads before its first task: every plug-in's rules and presenter, the
    renderer with matplotlib and the shipped fonts, and one small map drawn (font caches)."""
    for plugin_id in plugins():
        get_ruleset(plugin_id)
        presenter(plugin_id)
    from bot.mapfiles import load_shipped_map, shipped_map_ids
    from bot.render import MIN_WIDTH_PX, Overlay, render_map
    from bot.render.fonts import register

    register()
    ids = shipped_map_ids()
    if ids:
        render_map(load_shipped_map(ids[0]), Overlay(title="warm"), width_px=MIN_WIDTH_PX)
