"""Empires in Arms' own case procedures (docs/scenarios.md, the plug-in's ``case_procedures``).

``lose_port`` (E14, EX9): a moderator confirms the loss of a port, then the steps it opens are
answered as the case says (one mapping per step, question id → value; the rest take their
defaults), up to the active nation's orders or a question with no default left unanswered::

    lose_port:
      port: s
      nation: france
      answers: [{"intercept:france": "yes"}, {"evade:mover": "yes"}, {}, {"combat_r1": {...}}]
"""

from __future__ import annotations

from typing import Any

from bot.engine.steps import ORDERS, Answer, AnswerSource


def lose_port(state, gamemap, settings, dice, section: dict[str, Any]):
    from bot.rulesets.empires_in_arms.rules.edits import apply_edit, parse_edit
    from bot.rulesets.empires_in_arms.rules.steps import EiaSteps

    edit = parse_edit({"kind": "lose_port", "port": section["port"], "nation": section["nation"]})
    state, _ = apply_edit(state, gamemap, edit)
    steps, events = EiaSteps(), []
    answers = list(section.get("answers") or [])
    step = state.next_step if state.pending is not None else None
    while step is not None and step.kind != ORDERS:
        given = answers.pop(0) if answers else {}
        if any(q.default is None and q.id not in given for q in step.questions):
            break
        replies = [steps.standing_answer(state, step, q) or _answer(q, given) for q in step.questions]
        result = steps.resolve_step(state, gamemap, settings, step, [], replies, dice)
        state, events = result.state, events + list(result.events)
        step = steps.after(state, settings, step)
    if state.carried_events:  # nothing to ask: the edit's own events are the case's
        from bot.rulesets.empires_in_arms.rules.steps import parse_carried
        events = [parse_carried(raw) for raw in state.carried_events] + events
        state = state.model_copy(update={"carried_events": ()})
    return state, events


def _answer(question, given: dict[str, Any]) -> Answer:
    if question.id in given:
        source = AnswerSource.MODERATOR if question.faction is None else AnswerSource.FACTION
        return Answer(question=question.id, value=given[question.id], source=source)
    return Answer(question=question.id, value=question.default, source=AnswerSource.DEFAULT,
                  rule=question.default_rule)
