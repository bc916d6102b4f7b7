"""/step: the open step of a turn (issue 12) — what it asks and of whom, answering its questions, and
(moderators) applying the defaults now.  Also what a click on a prompt does (``answer_component``,
``open_form``, the form's submission): the same answer as ``/step answer``, through ``StepService``.

Every refusal is a private reply and changes nothing: a stale prompt (its step is no longer open), a
question of another clan ("not for your clan": nothing more), a second answer ("you already
answered: …"), a value that is not a choice.  An answer that completes its step resolves it at once;
its reports, and the prompts of the step that opened after it, are posted here, as the scheduler
posts what happens at a deadline.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.domain.campaign import Campaign
from bot.domain.text import quote
from bot.i18n import Messages, N_
from bot.localized import Text
from bot.services.errors import UserError
from bot.services.step_model import label_for, step_label, stored_step
from bot.services.steps import FORM_NUMBER, FORM_TEXT, STRANGER, StepService
from bot.store import StoreError
from bot.services.stored_turns import StoredTurns
from cogs.common import (
    CAMPAIGN,
    RESTARTING,
    acting_faction,
    campaign_autocomplete,
    campaign_for,
    deadline_text,
    defer,
    is_moderator,
    moderator_of,
    player_faction,
    reader,
    reply,
    role_ids,
    service_of,
    track_in_flight,
)
from cogs.confirm import ask
from cogs.params import clan_of, fold
from cogs.step_prompts import (
    DYNAMIC_ITEMS,
    FORM_SUBMIT,
    FORM_SUBMIT_RE,
    MAX_FIELDS,
    MODAL_TITLE,
    FormButton,
    CLOSED,
    PromptKey,
    answered_text,
    choice_label,
    prompt_view,
    readers,
    source_words,
    worded,
)
from cogs.turn_posts import TurnPoster

log = logging.getLogger(__name__)

STEPS_ATTRIBUTE = "steps"  # on the bot: a StepService to use instead of the campaign service's (tests)
MODERATORS_ONLY = N_("only the moderators of {campaign} answer this question")
NO_SUCH_QUESTION = N_("{question} is not an open question for you; yours: {known}")
NO_QUESTION_FOR_YOU = N_("{question} is not an open question for you; none of the open step's is yours")
CLAN_FOR_MODERATORS = N_("only moderators answer for a clan (the clan option); leave it out to answer for yours")
FORM_NEEDS_FORM = N_("{question} is answered with a form; leave the choice out and the form opens")
CHOOSE_ONE = N_("{question}: choose one of {choices}")
MAX_STORED = 2**63 - 1  # the store's largest integer (SQLite's, PostgreSQL's bigint)


def steps_of(client: discord.Client):
    """The bot's step service: the campaign service's (tests may put their own on the bot)."""
    own = getattr(client, STEPS_ATTRIBUTE, None)
    return own if own is not None else StepService(client.service)  # type: ignore[attr-defined]


async def announce(client: discord.Client, outcomes: list[Any], opened: Any) -> None:
    """Post what an answer set going: each resolved step's reports (marked posted, as the scheduler's),
    the turn's digest after the one that ended its turn, then the prompts of the step that opened."""
    poster, stored = TurnPoster(client), StoredTurns(client.service)  # type: ignore[attr-defined]
    for outcome in outcomes:
        await poster.resolved(outcome)
        await stored.mark_posted(outcome)
        if outcome.turn_ended:
            await post_digest(client, outcome)
    if opened is not None:
        # Not under StepService.announce_opened's claim, which is one per (turn, step) for good: a step
        # opened anew after /turn undo and /turn redo may ask other questions, and the questions' own
        # claims (their spec's fingerprint in each) post those, once (cogs/step_prompts.py).
        await poster.step_opened(opened)


async def announce_after(client: discord.Client, outcome: Any) -> None:
    """After a resolution its caller posted (/turn resolve, /turn redo): the steps it set going (its chain),
    the turn's digest if it ended the turn, the prompts of the step open now."""
    if outcome.turn_ended:
        await post_digest(client, outcome)
    await announce(client, outcome.chain, outcome.opened)


async def post_digest(client: discord.Client, outcome: Any) -> None:
    """The turn's digest (one line per step), once its last step resolved; none for a one-step turn."""
    await steps_of(client).announce_digest(outcome.campaign.id, outcome.turn, TurnPoster(client).turn_digest)


def ended(outcome: Any) -> bool:
    """Whether ``outcome`` and the steps it set going ended its turn."""
    return (outcome.chain[-1] if outcome.chain else outcome).turn_ended


def who_answers(interaction: discord.Interaction, campaign: Campaign, question: Any) -> tuple[str | None, Any]:
    """(faction, moderator) to answer ``question`` as (StepService.answer): a player for their clan; a
    moderator as the clan they act for (/mod act-as: both), or the moderators' question (no clan)."""
    if question.faction is None:
        if not is_moderator(interaction, campaign) or acting_faction(interaction, campaign) is not None:
            raise UserError(MODERATORS_ONLY, campaign=campaign.name)
        return None, moderator_of(interaction)
    faction = player_faction(interaction, campaign)  # refuses one who plays no clan here
    if acting_faction(interaction, campaign) is not None:  # a moderator as that clan: its questions only
        return faction.id, moderator_of(interaction)
    return faction.id, None  # another clan's player: the service refuses, saying nothing more


async def refuse(interaction: discord.Interaction, exc: Exception) -> None:
    await interaction.client.tree.on_error(interaction, exc)  # type: ignore[attr-defined]


def stopping(interaction: discord.Interaction) -> bool:
    return bool(getattr(interaction.client, "stopping", False))


async def prompt_campaign(interaction: discord.Interaction, key: PromptKey) -> Campaign:
    """The campaign of a prompt's key, if it is this server's (else it reads as a stale prompt)."""
    try:
        if not stored_ids(key):
            raise UserError(CLOSED, step=Text(N_("Turn {turn}"), turn=key.turn))
        campaign = await service_of(interaction).campaign(key.campaign)
    except UserError:
        campaign = None
    if campaign is None or campaign.guild_id != interaction.guild_id:
        raise UserError(CLOSED, step=Text(N_("Turn {turn}"), turn=key.turn))
    return campaign


def stored_ids(key: PromptKey) -> bool:
    """Whether a key's numbers fit the store's integers: a crafted one beyond them is no prompt of ours
    (refused as closed, never with the store's words about its integers)."""
    return all(0 <= n <= MAX_STORED for n in (key.campaign, key.turn, key.step, key.question))


async def question_of(interaction: discord.Interaction, campaign: Campaign, key: PromptKey) -> tuple[Any, Any]:
    """(the open step, the question a prompt's key names); refused as closed if the key is not of the open
    step (resolved, or another opening of the same position), named by the step it was of."""
    try:
        opened = await steps_of(interaction.client).open_step(campaign.id)
    except UserError:
        opened = None
    question = key.question_in(opened) if opened is not None else None
    if question is None and opened is not None and key.opening_of(opened):
        raise UserError(STRANGER)  # no such question of the open step: as another clan's reads (no count told)
    if question is None:
        raise UserError(CLOSED, step=await label_of(interaction, campaign, key))
    return opened, question


async def label_of(interaction: discord.Interaction, campaign: Campaign, key: PromptKey) -> Text:
    """A stored step's label ("Turn 3 · captives' choices"); "Turn 3" if it cannot be read."""
    try:
        record = await service_of(interaction).repo.get_step(campaign.id, key.turn, key.step)
        return step_label(key.turn, key.step, stored_step(record, key.step), campaign.ruleset)
    except StoreError:
        return Text(N_("Turn {turn}"), turn=key.turn)


async def answer_component(interaction: discord.Interaction, key: PromptKey, pick: int | dict[str, Any]) -> None:
    """A click on a prompt's button or select menu (``pick``: the choice's index), or a submitted form
    (``pick``: its values): answered as ``/step answer`` would, then the prompt shows the answer."""
    if stopping(interaction):
        await interaction.response.send_message(reader(interaction)._(RESTARTING), ephemeral=True)
        return
    track_in_flight(interaction.client, interaction)
    try:
        # The answer may resolve the step: longer than 3 s.  A form opened by /step answer has no message
        # to update: its answer is a private reply.
        await (interaction.response.defer() if interaction.message is not None else defer(interaction))
        campaign = await prompt_campaign(interaction, key)
        steps = steps_of(interaction.client)
        opened, question = await question_of(interaction, campaign, key)
        faction, by = who_answers(interaction, campaign, question)
        if by is None and question.faction != faction:  # before the pick: nothing about its choices is told
            raise UserError(STRANGER)
        if isinstance(pick, dict):
            value: Any = pick
        elif 0 <= pick < len(question.choices):
            value = question.choices[pick].value
        else:
            raise UserError(CLOSED, step=opened.label)
        receipt = await steps.answer(campaign.id, key.turn, key.step, question.id, value, faction=faction, by=by)
        if interaction.message is None:
            await reply(interaction, answered_lines(receipt, question, reader(interaction, campaign.ruleset)))
        else:
            await show_answered(interaction, campaign, key, question, receipt.answer)
        await announce(interaction.client, receipt.outcomes, receipt.opened)
    except Exception as exc:  # noqa: BLE001 - the tree's handler speaks errors to users
        await refuse(interaction, exc)


def answered_lines(receipt: Any, question: Any, t: Messages, faction: str | None = None) -> str:
    """The private reply to an answer given by a command (or a form it opened): what was answered, and what
    it set going.  ``faction``: a player's clan (None: a moderator), who reads a secret step (Step.secret)
    as its turn only: an answer may set going a step that asks another clan about a hidden thing."""
    lines = [t._("✅ Answered: {choice} — {question}", question=worded(question.text, t),
                 choice=choice_label(question, receipt.answer.value, t))]
    lines += [t._("Resolved: {label}; its reports are being posted.", label=worded(
        (None if faction is not None and o.secret else getattr(o, "step_label", None))
        or t._("turn {turn}", turn=o.turn), t)) for o in receipt.outcomes]
    if receipt.opened is not None:
        opened = receipt.opened
        label = label_for(opened.turn, opened.number, opened.step, opened.campaign.ruleset, faction)
        lines.append(t._("Now open: {label}.", label=worded(label, t)))
    return "\n".join(lines)


async def show_answered(interaction: discord.Interaction, campaign: Campaign, key: PromptKey, question: Any,
                        answer: Any) -> None:
    """The prompt message, edited: the answer and who gave it, its components disabled."""
    message = interaction.message
    if message is None:
        return
    t = readers(campaign, question)
    try:
        await interaction.edit_original_response(
            content=answered_text(message.content, question, answer, interaction.user.display_name, t),
            view=prompt_view(key, question, t, answered=answer))
    except discord.HTTPException as exc:  # the answer stands; the prompt only shows it
        log.info("Could not mark prompt %s answered: %s", message.id, exc)


async def open_form(interaction: discord.Interaction, key: PromptKey) -> None:
    """A moderators' form button: the form opens (a modal answers at once: no defer before it)."""
    try:
        campaign = await prompt_campaign(interaction, key)
        opened, question = await question_of(interaction, campaign, key)
        who_answers(interaction, campaign, question)
        await interaction.response.send_modal(form_of(key, opened, question, reader(interaction, campaign.ruleset)))
    except Exception as exc:  # noqa: BLE001
        await refuse(interaction, exc)


def form_of(key: PromptKey, opened: Any, question: Any, t: Messages) -> discord.ui.Modal:
    """The question's form: one text input per field (Discord takes five).  It is stopped before it is
    sent: ``StepCog.on_interaction`` reads its submission from the custom id, so one survives a restart."""
    title = worded(opened.label, t)[:MODAL_TITLE] or "?"
    modal = discord.ui.Modal(title=title, custom_id=f"{FORM_SUBMIT}{key.ids()}:{key.fp}", timeout=None)
    if len(question.form) > MAX_FIELDS:  # the service then refuses the missing required ones by name
        log.warning("Question %s has %d form fields; Discord's form shows the first %d", question.id,
                    len(question.form), MAX_FIELDS)
    for field in question.form[:MAX_FIELDS]:
        span = f" ({field.minimum}–{field.maximum})" if field.minimum is not None and field.maximum is not None else ""
        label = worded(field.label, t)
        modal.add_item(discord.ui.TextInput(label=(label[:MODAL_TITLE - len(span)] + span) or "?",
                                            custom_id=field.id, required=field.required,
                                            max_length=FORM_NUMBER if field.kind == "int" else FORM_TEXT))
    modal.stop()
    return modal


def submitted(data: dict[str, Any]) -> dict[str, str]:
    """A modal submission's values by their inputs' custom ids (action rows or labels around them)."""
    values: dict[str, str] = {}

    def walk(components: list[dict[str, Any]]) -> None:
        for component in components or ():
            if "value" in component and "custom_id" in component:
                values[component["custom_id"]] = component["value"]
            walk(component.get("components") or [])
            if isinstance(component.get("component"), dict):
                walk([component["component"]])

    walk(data.get("components") or [])
    return values


# /step

def your_questions(step: Any, faction: str | None) -> list[tuple[int, Any]]:
    """(index, question) a clan is asked (``faction`` None: every question, for the moderators)."""
    return [(i, q) for i, q in enumerate(step.questions) if faction is None or q.faction == faction]


def question_line(campaign: Campaign, question: Any, answers: dict[str, Any], t: Messages, everyone: bool) -> str:
    text = worded(question.text, t)
    if everyone:
        owner = campaign.faction(question.faction) if question.faction else None
        text = f"{owner.name if owner else t._('moderators')}: {text}"
    answer = answers.get(question.id)
    if answer is not None:
        return t._("• {question} — answered: {choice} ({source})", question=text,
                   choice=choice_label(question, answer.value, t), source=source_words(answer, t))
    if question.form:
        return t._("• {question} — not answered yet (a moderators' form)", question=text)
    return t._("• {question} — not answered yet; choices: {choices}", question=text,
               choices=", ".join(worded(c.label, t) for c in question.choices))


def viewer_of(interaction: discord.Interaction, campaign: Campaign) -> str | None:
    """Whose questions /step shows: the caller's clan; None (all of them) for a moderator of no clan."""
    if is_moderator(interaction, campaign) and acting_faction(interaction, campaign) is None:
        mine = [f for f in campaign.factions if f.role_id in role_ids(interaction)]
        if len(mine) != 1:
            return None
    return player_faction(interaction, campaign).id


def show_text(opened: Any, faction: str | None, t: Messages) -> str:
    campaign = opened.campaign
    label = label_for(opened.turn, opened.number, opened.step, campaign.ruleset, faction)  # a secret step: "Turn 3"
    lines = [t._("**{campaign}** — {label}", campaign=campaign.name, label=worded(label, t))]
    deadline = deadline_text(opened.deadline)
    lines.append(t._("Deadline: {deadline}.", deadline=deadline) if deadline else t._("No deadline set."))
    if opened.step.takes_orders and not opened.step.questions:
        lines.append(t._("This step takes orders: /orders show lists yours, /orders ready says they are complete."))
        return "\n".join(lines)
    mine = your_questions(opened.step, faction)
    if not mine:
        name = campaign.faction(faction).name if faction and campaign.faction(faction) else "?"
        lines.append(t._("No question of this step is for {clan}.", clan=name))
        return "\n".join(lines)
    lines.append(t._("Questions:") if faction is None else t._("Your questions:"))
    lines += [question_line(campaign, q, opened.answers, t, faction is None) for _, q in mine]
    if any(q.id not in opened.answers for _, q in mine):
        lines.append(t._("Answer with the buttons posted in your channel, or with /step answer."))
    return "\n".join(lines)


def forms_view(opened: Any, t: Messages) -> discord.ui.View | None:
    """A moderator's /step show: a button per unanswered moderators' form (five at most)."""
    view = discord.ui.View(timeout=None)
    for index, question in your_questions(opened.step, None):
        if question.form and question.faction is None and question.id not in opened.answers and len(view.children) < 5:
            view.add_item(FormButton(PromptKey.for_question(opened, index),
                                     t._("Enter: {question}", question=worded(question.text, t))))
    view.stop()
    return view if view.children else None


def find_question(opened: Any, typed: str, faction: str | None, t: Messages) -> tuple[int, Any]:
    """The open question ``typed`` names (its id, or its text), among ``faction``'s (None: all)."""
    mine = your_questions(opened.step, faction)
    wanted = fold(typed)
    found = next(((i, q) for i, q in mine if q.id == typed or fold(q.id) == wanted
                  or fold(worded(q.text, t)) == wanted), None)
    if found is not None:
        return found
    if not mine:
        raise UserError(NO_QUESTION_FOR_YOU, question=quote(typed))
    raise UserError(NO_SUCH_QUESTION, question=quote(typed),
                    known=", ".join(f"{worded(q.text, t)} ({q.id})" for _, q in mine))


def choice_value(question: Any, typed: str, t: Messages) -> str:
    """The choice ``typed`` names (its value or its label); anything else goes to the service, which
    refuses it with the choices listed."""
    wanted = fold(typed)
    found = next((c for c in question.choices if c.value == typed or fold(c.value) == wanted
                  or fold(worded(c.label, t)) == wanted), None)
    return found.value if found is not None else typed


@app_commands.guild_only()
class StepCog(commands.GroupCog, group_name="step", group_description="The open step of the turn: its questions"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def asker(self, interaction: discord.Interaction, campaign: Campaign, clan: str | None) -> str | None:
        """The clan a /step answer is for: ``clan`` (moderators only), else the caller's (None: a moderator
        of no clan, who may answer the moderators' questions)."""
        if clan is not None:
            if not is_moderator(interaction, campaign):
                raise UserError(CLAN_FOR_MODERATORS)
            return clan_of(campaign, clan).id
        return viewer_of(interaction, campaign)

    @app_commands.command(name="show", description="The open step: its label, deadline and your questions")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def show(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        opened = await steps_of(self.bot).open_step(chosen.id)
        t = reader(interaction, chosen.ruleset)
        faction = viewer_of(interaction, chosen)
        view = forms_view(opened, t) if faction is None else None
        text = show_text(opened, faction, t)
        if view is None:
            await reply(interaction, text)
        else:
            await interaction.followup.send(text[:2000], view=view, ephemeral=True)

    @app_commands.command(name="answer", description="Answer a question of the open step (as the buttons do)")
    @app_commands.describe(question="the question", choice="your answer (a form question: leave it out)",
                           clan="moderators: answer for this clan", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def answer(self, interaction: discord.Interaction, question: app_commands.Range[str, 1, 100],
                     choice: app_commands.Range[str, 1, 100] | None = None,
                     clan: app_commands.Range[str, 1, 100] | None = None, campaign: int | None = None) -> None:
        chosen = await campaign_for(interaction, campaign)
        steps = steps_of(self.bot)
        opened = await steps.open_step(chosen.id)
        t = reader(interaction, chosen.ruleset)
        faction = await self.asker(interaction, chosen, clan)
        index, asked = find_question(opened, question, faction, t)
        key = PromptKey.for_question(opened, index)
        if asked.form:
            if choice is not None:
                raise UserError(FORM_NEEDS_FORM, question=worded(asked.text, t))
            who_answers(interaction, chosen, asked)
            await interaction.response.send_modal(form_of(key, opened, asked, t))
            return
        if choice is None:
            raise UserError(CHOOSE_ONE, question=worded(asked.text, t),
                            choices=", ".join(worded(c.label, t) for c in asked.choices))
        await defer(interaction)
        if faction is None or clan is not None:  # a moderator: any question, or as the clan named
            by = moderator_of(interaction)
        else:
            faction, by = who_answers(interaction, chosen, asked)
        receipt = await steps.answer(chosen.id, opened.turn, opened.number, asked.id, choice_value(asked, choice, t),
                                     faction=faction, by=by)
        await reply(interaction, answered_lines(receipt, asked, t, None if by is not None and clan is not None
                                                or faction is None else faction))
        await announce(self.bot, receipt.outcomes, receipt.opened)

    async def answer_component(self, interaction: discord.Interaction, key: PromptKey, pick: int | dict) -> None:
        await answer_component(interaction, key, pick)

    async def open_form(self, interaction: discord.Interaction, key: PromptKey) -> None:
        await open_form(interaction, key)

    @answer.autocomplete("question")
    async def question_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, current, choices_of=None)

    @answer.autocomplete("choice")
    async def choice_autocomplete(self, interaction: discord.Interaction,
                                  current: str) -> list[app_commands.Choice[str]]:
        return await self.suggest(interaction, current, choices_of=getattr(interaction.namespace, "question", None))

    @answer.autocomplete("clan")
    async def clan_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        try:
            chosen = await campaign_for(interaction, getattr(interaction.namespace, "campaign", None))
        except UserError:
            return []
        if not is_moderator(interaction, chosen):
            return []  # players answer for their own clan only
        wanted = fold(current)
        return [app_commands.Choice(name=f.name[:100], value=f.id) for f in chosen.factions
                if wanted in fold(f.name) or wanted in fold(f.id)][:25]

    async def suggest(self, interaction: discord.Interaction, current: str,
                      choices_of: str | None) -> list[app_commands.Choice[str]]:
        """The caller's open questions (unanswered first), or the choices of the one named: never
        another clan's (a moderator with the clan option: that clan's)."""
        try:
            chosen = await campaign_for(interaction, getattr(interaction.namespace, "campaign", None))
            opened = await steps_of(self.bot).open_step(chosen.id)
            clan = getattr(interaction.namespace, "clan", None)
            faction = await self.asker(interaction, chosen, clan)
        except UserError:
            return []
        t, wanted = reader(interaction, chosen.ruleset), fold(current)
        mine = your_questions(opened.step, faction)
        if choices_of is not None:
            asked = next((q for _, q in mine if q.id == choices_of), None)
            options = [(worded(c.label, t), c.value) for c in (asked.choices if asked else [])]
        else:
            mine.sort(key=lambda pair: pair[1].id in opened.answers)
            options = [(worded(q.text, t), q.id) for _, q in mine]
        return [app_commands.Choice(name=name[:100] or value[:100], value=value[:100]) for name, value in options
                if wanted in fold(name) or wanted in fold(value)][:25]

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted moderators' form: read from its custom id and values, whichever process sent it."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        match = FORM_SUBMIT_RE.fullmatch(str((interaction.data or {}).get("custom_id", "")))
        if match is None:
            return
        key = PromptKey.of(match)
        try:
            campaign = await prompt_campaign(interaction, key)
            _, question = await question_of(interaction, campaign, key)
            typed = submitted(interaction.data or {})
            values = {f.id: typed[f.id] for f in question.form if f.id in typed}  # the service checks them
        except Exception as exc:  # noqa: BLE001
            await refuse(interaction, exc)
            return
        await answer_component(interaction, key, values)


async def ask_defaults(interaction: discord.Interaction, campaign: int | None) -> None:
    """/turn defaults: after a confirmation, the open step's unanswered questions get the rules' defaults
    (as at an ``OnDeadline.DEFAULTS`` deadline) and it resolves; for moderators who will not wait."""
    chosen = await campaign_for(interaction, campaign)
    opened = await steps_of(interaction.client).open_step(chosen.id)
    t = reader(interaction, chosen.ruleset)
    asked = (opened.turn, opened.number)
    prompt = t._("Apply the defaults now to the unanswered questions of {label} of {campaign}? Each gets the "
                 "answer the rules name for a missing one, the step resolves and its reports are posted.",
                 label=worded(opened.label, t), campaign=chosen.name)

    async def action(click: discord.Interaction) -> None:
        await defaults_now(click, chosen.id, asked)

    await ask(interaction, prompt, action, t._("Apply the defaults"))


async def defaults_now(interaction: discord.Interaction, campaign_id: int, asked: tuple[int, int]) -> None:
    steps = steps_of(interaction.client)
    outcomes = await steps.apply_defaults(campaign_id, *asked)
    opened = await still_open(steps, campaign_id)
    t = reader(interaction)
    lines = [t.n_("Defaults applied: {n} step resolved.", "Defaults applied: {n} steps resolved.", len(outcomes))]
    if opened is not None and (opened.turn, opened.number) != asked:
        lines.append(t._("Now open: {label}.", label=worded(opened.label, t)))
    else:
        opened = None
    await reply(interaction, "\n".join(lines))
    await announce(interaction.client, outcomes, opened)


async def still_open(steps: Any, campaign_id: int) -> Any:
    try:
        return await steps.open_step(campaign_id)
    except UserError:
        return None


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)  # a click on a prompt from before a restart still works
    await bot.add_cog(StepCog(bot))
