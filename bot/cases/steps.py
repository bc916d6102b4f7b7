"""A case made of steps (issue 12, bot/engine/steps.py): the case's orders, dice and ``expect`` are
the turn's first step; ``steps:`` lists the steps that open after it, in order, each with its
scripted answers, the questions left to their defaults, its dice and what must come out — so a
whole chain (orders, then a question to a clan) is one case.  The run asks the ruleset what opens
next exactly as the bot does (``TurnSteps.after``), applies its standing answers first
(``standing_answer``), and fails if the chain goes on past the last listed step or ends before it.
Pure: no store, no Discord.  Format: docs/scenarios.md "Steps"."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.cases.compare import event_problems, report_problems, state_problems
from bot.cases.procedures import Orders, submitted_orders
from bot.engine.dice import DiceError, ScriptedDice
from bot.engine.steps import Answer, AnswerSource, Question, Step, TurnSteps


class StepExpect(BaseModel):
    """What must come out of one step's resolution (a step has no moments: no ``during``)."""

    model_config = ConfigDict(extra="forbid")

    state: dict[str, Any] = Field(default_factory=dict)
    events: list[dict[str, Any]] = Field(default_factory=list)
    no_events: list[dict[str, Any]] = Field(default_factory=list)
    reports: dict[str, list[str]] = Field(default_factory=dict)
    not_in_reports: dict[str, list[str]] = Field(default_factory=dict)
    events_order: Literal["emitted", "any"] = "emitted"


class CaseStep(BaseModel):
    """One step after the first: ``kind`` the step that must open; ``asked`` the questions that must
    be put to the factions (those no standing order answers); ``standing`` the answers standing orders
    must give; ``answers`` (question id → a choice's value, or a form's values) what the factions (a
    moderator, for a moderators' question) answer; ``defaults`` the questions nobody answers by the
    deadline (their rules' default applies); ``orders`` an orders step's orders; ``dice`` its rolls by
    key as the rules ask for them (the bot prefixes step k's keys with ``s<k>:``; a case does not)."""

    model_config = ConfigDict(extra="forbid")

    kind: str | None = None
    asked: list[str] | None = None
    standing: dict[str, Any] = Field(default_factory=dict)
    answers: dict[str, Any] = Field(default_factory=dict)
    defaults: list[str] = Field(default_factory=list)
    orders: Orders = Field(default_factory=dict)
    dice: dict[str, Any] = Field(default_factory=dict)
    expect: StepExpect = Field(default_factory=StepExpect)


def run_steps(case, pos, steps: TurnSteps, first: Step, state) -> list[str]:
    """The steps after the first (``state``: after it), each checked against its entry."""
    problems: list[str] = []
    resolved, number = first, 1
    for number, entry in enumerate(case.steps, start=2):
        step = steps.after(state, pos.settings, resolved)
        if step is None:
            problems.append(f"step {number}: the turn was over after step {number - 1} ({resolved.kind}); "
                            f"the case lists {len(case.steps) - number + 2} more step(s)")
            return problems
        mine, state = _run_step(case, pos, steps, step, number, entry, state)
        problems += mine
        resolved = step
    extra = steps.after(state, pos.settings, resolved)
    if extra is not None:
        problems.append(f"step {number + 1} opens after the last step the case lists: {_describe(extra)}; "
                        "list it in steps: (its answers or defaults)")
    return problems


def _run_step(case, pos, steps: TurnSteps, step: Step, number: int, entry: CaseStep, state) -> tuple[list[str], Any]:
    where = f"step {number} ({step.kind})"
    problems = [f"{where}: expected a step of kind {entry.kind!r}"] if entry.kind not in (None, step.kind) else []
    answers, mine = _answers(steps, state, step, entry, where)
    problems += mine
    dice = ScriptedDice(dict(entry.dice))
    orders = submitted_orders(pos.ruleset, entry.orders)
    if orders and not step.takes_orders:
        problems.append(f"{where}: orders given, but this step takes none (it asks: "
                        f"{', '.join(q.id for q in step.questions)})")
    result = steps.resolve_step(state, pos.gamemap, pos.settings, step, orders, answers, dice)
    if dice.unused():
        unused = ", ".join(dice.unused())
        problems.append(f"{where}: {DiceError(f'planned rolls never made: {unused}')}")
    expect = entry.expect
    found = state_problems(result.state, expect.state)
    found += event_problems(result.events, expect.events, expect.no_events, any_order=expect.events_order == "any")
    found += report_problems(case.ruleset, case.case, pos.gamemap, state, result.state, result.events, dice.log,
                             expect.reports, expect.not_in_reports, turn=pos.state.turn)
    return problems + [f"{where}: {p}" for p in found], result.state


def _answers(steps: TurnSteps, state, step: Step, entry: CaseStep, where: str) -> tuple[list[Answer], list[str]]:
    """Each question's answer, in the order the bot takes them: a standing order's, else the case's
    scripted answer, else its default (listed in ``defaults``)."""
    ids = [q.id for q in step.questions]
    problems = [f"{where}: no question {qid!r} in this step; its questions: {', '.join(ids) or 'none'}"
                for qid in [*entry.answers, *entry.defaults, *entry.standing] if qid not in ids]
    answers, asked = [], []
    for question in step.questions:
        standing = steps.standing_answer(state, step, question)
        if standing is not None:
            answers.append(standing)
            problems += _standing_problems(question, standing, entry, where)
            continue
        asked.append(question.id)
        if question.id in entry.standing:
            problems.append(f"{where}: {question.id}: expected the standing answer {entry.standing[question.id]!r}; "
                            "no standing order answers it (it is asked)")
        answer, problem = _given(question, entry)
        problems += [f"{where}: {problem}"] if problem else []
        answers += [answer] if answer else []
    if entry.asked is not None and sorted(entry.asked) != sorted(asked):
        problems.append(f"{where}: asked {sorted(asked)}, expected {sorted(entry.asked)}")
    return answers, problems


def _standing_problems(question: Question, standing: Answer, entry: CaseStep, where: str) -> list[str]:
    problems = []
    if question.id in entry.answers or question.id in entry.defaults:
        problems.append(f"{where}: {question.id} is answered by a standing order ({standing.value!r}) when the step "
                        "opens; an answer given cannot be changed: remove it from answers/defaults")
    if question.id in entry.standing and entry.standing[question.id] != standing.value:
        problems.append(f"{where}: {question.id}: the standing answer is {standing.value!r}, expected "
                        f"{entry.standing[question.id]!r}")
    return problems


def _given(question: Question, entry: CaseStep) -> tuple[Answer | None, str | None]:
    """The case's answer to an asked question, or its default, or what the case must add."""
    values = [c.value for c in question.choices]
    if question.id in entry.answers and question.id in entry.defaults:
        return None, f"{question.id}: both answered and left to its default; keep one"
    if question.id in entry.answers:
        value = entry.answers[question.id]
        if values and value not in values:
            return None, f"{question.id}: {value!r} is not one of its choices: {', '.join(values)}"
        source = AnswerSource.FACTION if question.faction else AnswerSource.MODERATOR
        return Answer(question=question.id, value=value, source=source), None
    if question.id in entry.defaults:
        if question.default is None:
            return None, f"{question.id}: has no default; answer it"
        return Answer(question=question.id, value=question.default, source=AnswerSource.DEFAULT,
                      rule=question.default_rule), None
    choices = f"one of {', '.join(values)}" if values else "its form's values"
    return None, (f"{question.id} ({question.text.english()}) is asked of {question.faction or 'the moderators'} "
                  f"and neither answered nor left to its default: answers: {{{question.id}: <{choices}>}} "
                  f"or defaults: [{question.id}]")


def _describe(step: Step) -> str:
    asked = ", ".join(q.id for q in step.questions)
    return f"{step.kind} ({step.label.english()}{': ' + asked if asked else ''})"
