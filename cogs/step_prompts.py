"""A step's questions in Discord (issue 12): the prompt messages, their buttons, select menus and
moderators' forms, and posting them once per step.

A prompt's components are ``discord.ui.DynamicItem``s: everything a click needs is in its custom id
(``fw:ans:<campaign>:<turn>:<step>:<question index>:<choice index>:<fingerprint>``), and the bot
registers the item classes at start-up (``cogs/step.py``), so a click on a prompt posted before a
restart works like any other.  The fingerprint (8 hex digits of the SHA-256 of the step's spec and
opening time) tells a prompt of the step that is open from one of an earlier opening of the same
(turn, step) — after an undo and a redo the same position may ask other questions, and an index must
never answer them; the new opening's prompts are posted anew.

Each question is posted once, in the asked clan's private channel (a moderators' question in the
moderators' channel, with a button that opens a form; never in the public report channel), under a work lease named by the step, its
fingerprint and the question: a restart, or a second bot process, does not post it again.

Not an extension (it has no ``setup``): imported by cogs.step and cogs.turn_posts.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.domain.campaign import Campaign
from bot.engine.steps import AnswerSource, Question, Wording
from bot.i18n import Messages, N_
from bot.services.errors import UserError
from bot.services.leases import WorkLease
from cogs.common import clan_reader, deadline_text, public_reader

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()
MAX_BUTTONS = 5  # choices shown as buttons in one row; more: a select menu
MAX_OPTIONS = 25  # Discord's limit of a select menu's options
BUTTON_LABEL = 80  # Discord's limit of a button's label
OPTION_LABEL = 100  # ... of a select option's label
MODAL_TITLE = 45  # ... of a modal's title and a text input's label
MAX_FIELDS = 5  # ... of a modal's text inputs

PROMPT_HEAD = N_("❓ **{campaign}** — {label}")
ANSWER_BY_DEFAULT = N_("Answer by {deadline}; without an answer by then the rules answer for you: {default} ({rule}).")
ANSWER_BY_DEFAULT_NO_RULE = N_("Answer by {deadline}; without an answer by then the rules answer for you: {default}.")
ANSWER_BY = N_("Answer by {deadline}.")
NO_DEADLINE = N_("No deadline yet: the step waits for the answers.")
ONE_CLICK = N_("One click answers; an answer cannot be changed afterwards (a moderator can correct it).")
FOR_MODERATORS = N_("Moderators: enter it with the button below.")
ENTER = N_("Enter")
PICK_ONE = N_("Choose…")
ANSWERED = N_("✅ {who} answered: {choice}")
ENTERED = N_("✅ {who} entered: {values}")
# In the public report channel: never the clan's name (who is asked can be a secret); the log names it.
NO_CHANNEL = N_("⚠️ Moderators: a question of {label} was not posted, as its clan has no linked channel; /step show "
                "lists the questions not answered, and the clan can answer with /step answer.")
# In the moderators' channel: they may read whose question it is.
NO_CLAN_CHANNEL = N_("⚠️ A question of {label} for {clan} was not posted, as the clan has no linked channel; /step "
                     "show lists the questions not answered, and the clan can answer with /step answer (or link "
                     "its channel with /faction link).")
# In the public report channel: that a moderators' question waits, never its text nor a value.
MODERATORS_WAITING = N_("⚠️ Moderators: a moderators' question of {label} is waiting. Answer it with /step show (its "
                        "form opens from there, visible to you only), and set a moderators-only channel for the "
                        "next ones with /campaign channel moderators:#…")
# The bot may not post in the clan's room: the same two ways, in public naming nothing but the step.
NOT_POSTED = N_("⚠️ Moderators: the bot could not post a question of {label} in its clan's channel (check the bot's "
                "permissions there); /step show lists the questions not answered, and the clan can answer with "
                "/step answer.")
NOT_POSTED_CLAN = N_("⚠️ The bot could not post {clan}'s question of {label} in its channel (check the bot's "
                     "permissions there); the clan can answer with /step answer.")
CLOSED = N_("this question of {step} is closed: the step was resolved")  # StepService's words for the same
SOURCE_WORDS = {
    AnswerSource.STANDING: N_("by a standing order"),
    AnswerSource.FACTION: N_("by the clan"),
    AnswerSource.MODERATOR: N_("by a moderator"),
    AnswerSource.DEFAULT: N_("the default at the deadline"),
}

ID = r"(?P<campaign>\d+):(?P<turn>\d+):(?P<step>\d+):(?P<question>\d+)"
FP = r"(?P<fp>[0-9a-f]{8})"
FORM_SUBMIT = "fw:formsub:"  # a moderators' form's custom id: fw:formsub:<campaign>:<turn>:<step>:<question>:<fp>
FORM_SUBMIT_RE = re.compile(rf"fw:formsub:{ID}:{FP}")


def fingerprint(opened: Any) -> str:
    """8 hex digits of the open step's spec and when it opened (both stored): a restart gives the same,
    another opening of the same position (after /turn undo and /turn redo) another, whatever it asks."""
    opening = f"{opened.step.model_dump_json()}@{getattr(opened, 'opened_at', None) or ''}"
    return hashlib.sha256(opening.encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True)
class PromptKey:
    """Where a component's question is: campaign, turn, step, the question's index, the spec's fingerprint."""

    campaign: int
    turn: int
    step: int
    question: int
    fp: str

    @classmethod
    def of(cls, match: re.Match[str]) -> PromptKey:
        return cls(int(match["campaign"]), int(match["turn"]), int(match["step"]), int(match["question"]),
                   match["fp"])

    @classmethod
    def for_question(cls, opened: Any, index: int) -> PromptKey:
        return cls(opened.campaign.id, opened.turn, opened.number, index, fingerprint(opened))

    def ids(self) -> str:
        return f"{self.campaign}:{self.turn}:{self.step}:{self.question}"

    def opening_of(self, opened: Any) -> bool:
        """Whether this key is of the open step's opening (its position and fingerprint)."""
        return (opened.turn, opened.number, fingerprint(opened)) == (self.turn, self.step, self.fp)

    def question_in(self, opened: Any) -> Question | None:
        """The question this key names, if its step is the one open; None: the prompt is stale."""
        if not self.opening_of(opened) or not 0 <= self.question < len(opened.step.questions):
            return None
        return opened.step.questions[self.question]


def worded(wording: Wording | Any, t: Messages) -> str:
    """A ruleset's wording in ``t``'s language (``t``: the ruleset's catalogue, which falls back to the core's)."""
    if not isinstance(wording, Wording):
        return wording.render(t) if hasattr(wording, "render") else str(wording)
    return t._(wording.msgid, **wording.values) if wording.values else t._(wording.msgid)


def choice_label(question: Question, value: Any, t: Messages) -> str:
    """The label of the choice ``value`` (a form's values as ``field: value``)."""
    if isinstance(value, dict):
        labels = {f.id: worded(f.label, t) for f in question.form}
        return ", ".join(f"{labels.get(k, k)}: {v}" for k, v in value.items())
    found = next((c for c in question.choices if c.value == value), None)
    return worded(found.label, t) if found else str(value)


def source_words(answer: Any, t: Messages) -> str:
    words = t._(SOURCE_WORDS.get(answer.source, str(answer.source)))
    return f"{words}, {answer.rule}" if answer.source is AnswerSource.DEFAULT and answer.rule else words


def readers(campaign: Campaign, question: Question) -> Messages:
    """Who reads a question's prompt: the asked clan (its language), the moderators (the campaign's)."""
    if question.faction is None:
        return public_reader(campaign, campaign.ruleset)
    return clan_reader(campaign, question.faction, campaign.ruleset)


def prompt_text(opened: Any, question: Question, t: Messages) -> str:
    lines = [t._(PROMPT_HEAD, campaign=opened.campaign.name, label=worded(opened.label, t)), worded(question.text, t)]
    deadline = deadline_text(opened.deadline)
    if deadline and question.default is not None:
        default = choice_label(question, question.default, t)
        lines.append(t._(ANSWER_BY_DEFAULT, deadline=deadline, default=default, rule=question.default_rule)
                     if question.default_rule else t._(ANSWER_BY_DEFAULT_NO_RULE, deadline=deadline, default=default))
    else:
        lines.append(t._(ANSWER_BY, deadline=deadline) if deadline else t._(NO_DEADLINE))
    lines.append(t._(FOR_MODERATORS) if question.form else t._(ONE_CLICK))
    return "\n".join(lines)


async def asking(steps: Any, campaign_id: int) -> Any:
    """The open step if it asks questions rather than taking orders (``steps``: a StepService), else None."""
    try:
        opened = await steps.open_step(campaign_id)
    except UserError:
        return None
    return None if opened.step.takes_orders else opened


# The components: each a DynamicItem whose custom id says everything a click needs.

def answering(interaction: discord.Interaction) -> Any:
    """What answers a click: the /step cog (cogs/step.py), loaded with the bot, which registers these items."""
    return interaction.client.get_cog("StepCog")  # type: ignore[attr-defined]


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"fw:ans:{ID}:(?P<choice>\d+):{FP}"):
    def __init__(self, key: PromptKey, choice: int, label: str = "?", *, disabled: bool = False,
                 chosen: bool = False) -> None:
        style = discord.ButtonStyle.success if chosen else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label[:BUTTON_LABEL] or "?", style=style, disabled=disabled,
                                           custom_id=f"fw:ans:{key.ids()}:{choice}:{key.fp}"))
        self.key, self.choice = key, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> AnswerButton:
        return cls(PromptKey.of(match), int(match["choice"]), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answering(interaction).answer_component(interaction, self.key, self.choice)


class AnswerSelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"fw:sel:{ID}:{FP}"):
    def __init__(self, key: PromptKey, options: list[discord.SelectOption] | None = None, *,
                 placeholder: str | None = None, disabled: bool = False) -> None:
        super().__init__(discord.ui.Select(custom_id=f"fw:sel:{key.ids()}:{key.fp}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="?", value="0")],
                                           disabled=disabled))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> AnswerSelect:
        return cls(PromptKey.of(match), list(item.options) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        picked = str(((interaction.data or {}).get("values") or ["-1"])[0])
        # isdecimal, not isdigit: "²" is a digit int() refuses (a crafted value must read as no choice)
        index = int(picked) if picked.isdecimal() and len(picked) < 10 else -1
        await answering(interaction).answer_component(interaction, self.key, index)


class FormButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"fw:form:{ID}:{FP}"):
    def __init__(self, key: PromptKey, label: str = "?", *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label[:BUTTON_LABEL] or "?", style=discord.ButtonStyle.secondary,
                                           disabled=disabled, custom_id=f"fw:form:{key.ids()}:{key.fp}"))
        self.key = key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> FormButton:
        return cls(PromptKey.of(match), item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answering(interaction).open_form(interaction, self.key)


DYNAMIC_ITEMS = (AnswerButton, AnswerSelect, FormButton)


def prompt_view(key: PromptKey, question: Question, t: Messages, answered: Any = None) -> discord.ui.View:
    """The question's components (``answered``: disabled, the chosen button marked).  The view is
    stopped before it is sent: the dynamic items answer the clicks, never this view."""
    view = discord.ui.View(timeout=None)
    if question.form:
        view.add_item(FormButton(key, t._(ENTER), disabled=answered is not None))
    elif len(question.choices) <= MAX_BUTTONS:
        for index, choice in enumerate(question.choices):
            view.add_item(AnswerButton(key, index, worded(choice.label, t), disabled=answered is not None,
                                       chosen=answered is not None and answered.value == choice.value))
    else:
        if len(question.choices) > MAX_OPTIONS:
            log.warning("Question %s has %d choices; a select menu shows the first %d (/step answer takes all)",
                        question.id, len(question.choices), MAX_OPTIONS)
        options = [discord.SelectOption(label=worded(c.label, t)[:OPTION_LABEL] or "?", value=str(i),
                                        default=answered is not None and answered.value == c.value)
                   for i, c in enumerate(question.choices[:MAX_OPTIONS])]
        view.add_item(AnswerSelect(key, options, placeholder=t._(PICK_ONE), disabled=answered is not None))
    view.stop()
    return view


def answered_text(content: str, question: Question, answer: Any, who: str, t: Messages) -> str:
    """The prompt as it reads once answered: its text and who answered what."""
    line = (t._(ENTERED, who=who, values=choice_label(question, answer.value, t)) if question.form
            else t._(ANSWERED, who=who, choice=choice_label(question, answer.value, t)))
    return f"{content}\n{line}"[:2000]


class StepPrompts:
    """Posts an opened step's questions, each once (a work lease per question)."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service  # type: ignore[attr-defined]

    def channel(self, channel_id: int):
        return self.bot.get_channel(channel_id) or self.bot.get_partial_messageable(channel_id)

    async def step_opened(self, opened: Any) -> int:
        """Post every question of ``opened`` not answered yet and not posted yet; return how many were."""
        posted = 0
        for index, question in enumerate(opened.step.questions):
            if question.id in opened.answers:
                continue  # a standing order answered it when the step opened
            lease = WorkLease(self.service, opened.campaign.id, opened.turn,
                              f"prompt:s{opened.number}:{fingerprint(opened)}:q{index}")
            if not await lease.take():
                continue  # posted already, or another process is posting it
            try:
                async with lease.kept():
                    posted += await self.post_question(opened, index, question)
            except BaseException:
                await lease.release()
                raise
            await lease.finish()
        return posted

    async def post_question(self, opened: Any, index: int, question: Question) -> int:
        campaign = opened.campaign
        t = readers(campaign, question)
        faction = campaign.faction(question.faction) if question.faction else None
        if question.faction is None and campaign.moderator_channel_id is None:
            return await self.no_moderators_channel(opened, question)
        # A moderators' question only ever in their channel: its text (a card's effect, a hidden hand) and
        # the values entered in its form (shown on the prompt once answered) are not the players' reading.
        channel_id = faction.channel_id if faction else campaign.moderator_channel_id
        if channel_id is None:
            return await self.no_channel(opened, question, faction)
        key = PromptKey.for_question(opened, index)
        try:
            await self.channel(channel_id).send(prompt_text(opened, question, t), view=prompt_view(key, question, t),
                                                allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as exc:  # e.g. no access to the clan's room: the resolution that opened
            log.warning("Could not post question %s in channel %s: %s", question.id, channel_id, exc)  # it stands
            if faction is None:  # the moderators' own channel refused it: /step show still opens its form
                return 0
            return await self.no_channel(opened, question, faction, not_posted=True)
        return 1

    async def no_channel(self, opened: Any, question: Question, faction: Any, not_posted: bool = False) -> int:
        """A clan's question with no channel to post it in (or one the bot may not post in): the moderators
        are told (in their channel, by the clan's name; else in the report channel, naming nothing but the step)."""
        campaign = opened.campaign
        log.warning("Campaign %s turn %s step %s: question %s (of %s) has nowhere to be posted", campaign.id,
                    opened.turn, opened.number, question.id, question.faction)
        t = public_reader(campaign, campaign.ruleset)
        label = worded(opened.label, t)
        if campaign.moderator_channel_id is not None:
            await self.tell(campaign.moderator_channel_id,
                            t._(NOT_POSTED_CLAN if not_posted else NO_CLAN_CHANNEL, label=label, clan=faction.name))
        elif campaign.report_channel_id is not None:
            await self.tell(campaign.report_channel_id, t._(NOT_POSTED if not_posted else NO_CHANNEL, label=label))
        return 0

    async def no_moderators_channel(self, opened: Any, question: Question) -> int:
        """A moderators' question and no moderators' channel: never posted publicly.  The report channel is
        told only that one waits and how to set the channel (no text, no values); /step show opens its form."""
        campaign = opened.campaign
        log.warning("Campaign %s turn %s step %s: moderators' question %s not posted: no moderators' channel",
                    campaign.id, opened.turn, opened.number, question.id)
        if campaign.report_channel_id is not None:
            t = public_reader(campaign, campaign.ruleset)
            await self.tell(campaign.report_channel_id, t._(MODERATORS_WAITING, label=worded(opened.label, t)))
        return 0

    async def tell(self, channel_id: int, text: str) -> None:
        with contextlib.suppress(discord.HTTPException):
            await self.channel(channel_id).send(text, allowed_mentions=NO_MENTIONS)
