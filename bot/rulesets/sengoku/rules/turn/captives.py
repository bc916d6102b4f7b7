"""The steps of a Sengoku turn (issue 12, bot/engine/steps.py): the orders step, then — if anyone
was captured — the captives' choices (OP-46 c).

S9.4 and S9.5 (seed 001, 5.1–5.2: "попадает в плен. Может совершить самоубийство"): a captured
character "may commit suicide".  Neither says when; OP-46 (c) proposes that the player answers
after the result is posted, unless the character's standing ``if_captured`` already says.  Asking
after the whole turn, not in the middle of it, changes nothing the turn decides: a captive and a
dead character alike neither lead nor land again this turn (``CharacterStatus.FREE`` is what every
rule reads), so the orders step resolves exactly as a turn did before steps.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.domain.gamemap import GameMap
from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution, SubmittedOrder
from bot.engine.steps import (
    ORDERS,
    Answer,
    AnswerSource,
    Choice,
    DeadlinePolicy,
    OnDeadline,
    Question,
    Step,
    Wording,
    orders_step,
)
from bot.rulesets.sengoku.rules.model.events_turn import CaptiveAnswered, CaptiveDecided
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, PendingCaptive, SengokuState
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings
from bot.rulesets.sengoku.rules.turn.resolve import resolve

CAPTIVES = "captives"  # the step's kind
QUESTION = "captive:"  # a question's id: captive:<character id>
SUICIDE, REMAIN = "suicide", "remain_captive"
RULE = "OP-46c"  # the default's rule: remain a captive
CHOICES = [Choice(value=SUICIDE, label=Wording(msgid=N_("Commit suicide"))),
           Choice(value=REMAIN, label=Wording(msgid=N_("Remain a captive")))]


class SengokuSteps:
    """``SengokuRuleset.steps``: what the core asks of a Sengoku turn, step by step."""

    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset

    def first(self, state: SengokuState, settings: SengokuSettings) -> Step:
        return orders_step()

    def after(self, state: SengokuState, settings: SengokuSettings, resolved: Step) -> Step | None:
        return captives_step(state, settings) if resolved.kind == ORDERS else None

    def standing_answer(self, state: SengokuState, step: Step, question: Question) -> Answer | None:
        """OP-46 (c): the character's ``if_captured``, unless it is ``ask_player``."""
        if step.kind != CAPTIVES:
            return None
        character = state.characters.get(question.id.removeprefix(QUESTION))
        if character is None or character.if_captured not in (SUICIDE, REMAIN):
            return None
        return Answer(question=question.id, value=character.if_captured, source=AnswerSource.STANDING)

    def resolve_step(self, state: SengokuState, gamemap: GameMap, settings: SengokuSettings, step: Step,
                     orders: list[SubmittedOrder], answers: list[Answer], dice: Dice) -> Resolution:
        if step.kind == CAPTIVES:
            return resolve_captives(state, step, answers)
        return resolve(state, gamemap, settings, orders, dice)


def captives_step(state: SengokuState, settings: SengokuSettings) -> Step | None:
    """One question per character captured this turn and still a captive, asked of its clan;
    None when nobody was captured (the turn is over)."""
    pending = _pending(state)
    questions = [_question(state, p) for p in pending]
    if not questions:
        return None
    # Secret when no capture was public (OP-49: a pirate's fight only some clans saw): the step's very
    # existence would tell the report channel that someone was captured (Step.secret).
    return Step(kind=CAPTIVES, label=Wording(msgid=N_("captives' choices")),
                actors=sorted({q.faction for q in questions if q.faction}), questions=questions,
                deadline=DeadlinePolicy(hours=settings.captives_hours, on_deadline=OnDeadline.DEFAULTS),
                secret=all(p.seen_by is not None for p in pending))


def _pending(state: SengokuState) -> list[PendingCaptive]:
    return [p for p in state.captives if p.character in state.characters
            and state.characters[p.character].status is CharacterStatus.CAPTURED]


def _question(state: SengokuState, pending: PendingCaptive) -> Question:
    character = state.characters[pending.character]
    captor = state.clans[character.captor].name if character.captor in state.clans else character.captor or "?"
    text = Wording(msgid=N_("{character} was captured by {captor} and may commit suicide (S9.4, OP-46): what does "
                            "{character} do?"), values={"character": character.name, "captor": captor})
    return Question(id=f"{QUESTION}{character.id}", faction=character.clan, text=text, choices=CHOICES,
                    default=REMAIN, default_rule=RULE)


def resolve_captives(state: SengokuState, step: Step, answers: list[Answer]) -> Resolution:
    """Each answer carried out: suicide → dead; else the character stays a captive.  A question the
    core left unanswered (it should not) takes its default, and its line says so."""
    after = state.model_copy(deep=True)
    given = {answer.question: answer for answer in answers}
    seen = {p.character: p.seen_by for p in state.captives}
    events = []
    for question in step.questions:
        answer = given.get(question.id) or Answer(question=question.id, value=str(question.default),
                                                  source=AnswerSource.DEFAULT, rule=question.default_rule)
        character = after.characters.get(question.id.removeprefix(QUESTION))
        if character is None or character.status is not CharacterStatus.CAPTURED:
            continue  # freed or killed by a moderator meanwhile: nothing left to decide
        suicide = answer.value == SUICIDE
        captor = character.captor
        if suicide:
            character.status, character.captor = CharacterStatus.DEAD, None
        events.append(CaptiveAnswered(audience=Audience.of(character.clan), character=character.id,
                                      choice=SUICIDE if suicide else REMAIN, source=answer.source.value,
                                      rule=answer.rule))
        whom = seen.get(character.id)
        audience = Audience.everyone() if whom is None else Audience.of(character.clan, *whom)
        events.append(CaptiveDecided(audience=audience, character=character.id, captor=captor, suicide=suicide))
    after.captives = []
    return Resolution(state=after, events=events)
