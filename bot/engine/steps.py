"""Steps within a turn (issue 12): what a ruleset tells the core about the next thing to be decided.

A turn is a chain of steps.  A simultaneous turn is one step (every faction orders, one
resolution), perhaps followed by a question to one faction (what a captive does); an impulse is one
power's action followed by the other powers' reactions; a move may stop for interceptions, evasions
and combat results that moderators enter.  The core runs them all the same way:

1. The ruleset names the step that opens (``TurnSteps.first`` when a turn opens, ``TurnSteps.after``
   when one resolves; ``None`` from ``after``: the turn is over).
2. Each of its questions is answered, in this order: by a standing order given in advance
   (``TurnSteps.standing_answer``), else by the faction (a prompt in Discord, or the same answer as a
   slash command), else, at the step's deadline, by the default the rules name (``Question.default``
   with ``Question.default_rule``).  An "orders" step (no questions) takes free orders, as a simultaneous turn does.
3. A step whose questions are all answered resolves at once (``TurnSteps.resolve_step``) and the next
   one opens; the report says which answers were defaults.

Like godip's ``Phase.Next()`` / ``DefaultOrder()`` and Diplomacy's retreat phase: the rules, not the
core, know what comes next and what nobody's answer means.  Everything here is plain data that the
store keeps as JSON (a step's spec is stored when it opens, so a restart asks the same questions).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from bot.domain.gamemap import GameMap
from bot.domain.text import N_, Phrase
from bot.engine.dice import Dice
from bot.engine.ruleset import Resolution, SubmittedOrder

ORDERS = "orders"  # the kind of a step that takes free orders from its actors (a simultaneous turn)
ANSWER_SLOT = "answer:"  # the order slot of a question's answer: answer:<question id>


class Wording(BaseModel):
    """A text the ruleset's catalogue words for the reader (the core's, for the core's own texts):
    a message id and its values, as a ``Phrase`` is kept in stored JSON."""

    model_config = ConfigDict(frozen=True)

    msgid: str
    values: dict[str, str | int] = Field(default_factory=dict)

    @classmethod
    def of(cls, phrase: Phrase | str) -> Wording:
        if isinstance(phrase, Phrase):
            return cls(msgid=phrase.msgid, values={k: v if isinstance(v, int) else str(v)
                                                   for k, v in phrase.values.items()})
        return cls(msgid=str(phrase))

    def english(self) -> str:
        return self.msgid.format(**self.values) if self.values else self.msgid


class Choice(BaseModel):
    """One answer a faction may give with one click (a button, or an option of a select menu)."""

    model_config = ConfigDict(frozen=True)

    value: str  # what is stored and what the rules read
    label: Wording


class FormField(BaseModel):
    """One field of a moderator's form (a Discord modal's text input): e.g. a combat round's losses."""

    model_config = ConfigDict(frozen=True)

    id: str
    label: Wording
    kind: Literal["int", "text"] = "int"
    minimum: int | None = None
    maximum: int | None = None
    required: bool = True


class Question(BaseModel):
    """One decision of a step.  ``faction`` answers it (None: the moderators).  Either ``choices``
    (buttons / a select menu) or ``form`` (a moderators' form) — never both.  ``default`` is the
    answer applied at the deadline (a choice's value, or a form's values), always one the rules
    name: ``default_rule`` cites it (the ruleset's rule id) and the report says it was applied.
    ``facts``: what the answering faction may see at the moment of decision — the only names a
    standing order's condition may use (bot/engine/conditions.py)."""

    model_config = ConfigDict(frozen=True)

    id: str  # unique within its step; stable: a restart asks the same question under the same id
    faction: str | None
    text: Wording
    choices: list[Choice] = Field(default_factory=list)
    form: list[FormField] = Field(default_factory=list)
    default: str | dict[str, Any] | None = None
    default_rule: str = ""
    facts: dict[str, Any] = Field(default_factory=dict)


class OnDeadline(StrEnum):
    DEFAULTS = "defaults"  # the defaults are applied and the step resolves (a prompt step)
    CAMPAIGN = "campaign"  # as the campaign says (auto_resolve, else the moderators are told): an orders step


class DeadlinePolicy(BaseModel):
    """When a step's deadline falls and what it does.  ``hours``: so long after the step opens
    (None: the moderators set it, /turn deadline).  The ruleset proposes; the campaign's settings
    may override the hours (the step's ``kind`` names the setting)."""

    model_config = ConfigDict(frozen=True)

    hours: float | None = None
    on_deadline: OnDeadline = OnDeadline.CAMPAIGN


class Step(BaseModel):
    """What is to be decided next, as the ruleset describes it.  ``label`` is what players read
    ("Turn 3 · impulse 7 · interception"); ``actors`` the factions that act (empty with ``moderators``:
    moderators answer); ``order_kinds`` the order kinds accepted (an orders step: the ruleset's
    order kinds; a prompt step: none besides the answers to ``questions``)."""

    model_config = ConfigDict(frozen=True)

    kind: str = ORDERS
    label: Wording
    actors: list[str] = Field(default_factory=list)
    moderators: bool = False
    order_kinds: list[str] = Field(default_factory=list)  # empty on an orders step: every kind
    questions: list[Question] = Field(default_factory=list)
    deadline: DeadlinePolicy = Field(default_factory=DeadlinePolicy)
    # Its existence is its actors' and the moderators' only: no public reminder, report, map or digest
    # line, and anyone else reads it as "Turn 3" (a capture only some clans saw, a card from a hidden hand).
    secret: bool = False

    def question(self, question_id: str) -> Question | None:
        return next((q for q in self.questions if q.id == question_id), None)

    @property
    def takes_orders(self) -> bool:
        return self.kind == ORDERS


class AnswerSource(StrEnum):
    STANDING = "standing"  # a standing order given in advance
    FACTION = "faction"  # a click on a prompt, or the same answer as a slash command
    MODERATOR = "moderator"  # a moderator's form, or a moderator answering for a faction
    DEFAULT = "default"  # nobody answered by the deadline: the rules' default


class Answer(BaseModel):
    """A question's answer as the rules read it, and where it came from (the report says so)."""

    model_config = ConfigDict(frozen=True)

    question: str
    value: str | dict[str, Any]
    source: AnswerSource
    rule: str = ""  # a default's rule (Question.default_rule)


def answer_slot(question_id: str) -> str:
    return f"{ANSWER_SLOT}{question_id}"


@runtime_checkable
class TurnSteps(Protocol):
    """What a ruleset with more than one step per turn implements (alongside ``Ruleset``).  A ruleset
    without it is one orders step per turn (``single_step``)."""

    def first(self, state: BaseModel, settings: BaseModel) -> Step:
        """The step a turn opens with."""

    def after(self, state: BaseModel, settings: BaseModel, resolved: Step) -> Step | None:
        """The step that opens after ``resolved`` (``state``: after it); None: the turn is over."""

    def standing_answer(self, state: BaseModel, step: Step, question: Question) -> Answer | None:
        """The answer a standing order gives (source STANDING), or None: the faction is asked."""

    def resolve_step(self, state: BaseModel, gamemap: GameMap, settings: BaseModel, step: Step,
                     orders: list[SubmittedOrder], answers: list[Answer], dice: Dice) -> Resolution:
        """Pure: resolve a step (an orders step: ``Ruleset.resolve``) with every question answered."""


class SingleStep:
    """The steps of a ruleset that has one orders step per turn: ``Ruleset.resolve`` is that step."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    def first(self, state: BaseModel, settings: BaseModel) -> Step:
        return orders_step()

    def after(self, state: BaseModel, settings: BaseModel, resolved: Step) -> Step | None:
        return None

    def standing_answer(self, state: BaseModel, step: Step, question: Question) -> Answer | None:
        return None

    def resolve_step(self, state: BaseModel, gamemap: GameMap, settings: BaseModel, step: Step,
                     orders: list[SubmittedOrder], answers: list[Answer], dice: Dice) -> Resolution:
        return self.ruleset.resolve(state, gamemap, settings, orders, dice)


def orders_step() -> Step:
    """The one step of a simultaneous turn: every faction orders (the core's catalogue words the label)."""
    return Step(kind=ORDERS, label=Wording(msgid=N_("orders")))


def steps_of(ruleset: Any) -> TurnSteps:
    """The ruleset's steps: its own ``steps`` attribute if it has one, else one orders step per turn."""
    steps = getattr(ruleset, "steps", None)
    return steps if steps is not None else SingleStep(ruleset)
