"""An impulse as a chain of steps (issue 12; H2.6, H10): the active power's action (an orders step),
then each reaction the action calls for, each a step whose questions go to the powers concerned (or
to the moderators, for card effects the naval rules do not define: H-OP-09, -19, -20, -21, -27).
Unanswered questions get the named default at the deadline; standing orders answer at once (H10.6).

The state carries the action under way (``HisState.pending``, its ``phase``) and the step it asks
next (``HisState.next_step``), which ``resolve_step`` computes — it alone has the map — and
``after`` returns.  A phase with nothing to ask is settled at once, so a naval move nobody can react
to resolves in one step.

Naval move (H2.6): foul_weather → [foul_weather_effect] → interception → avoid → (rotate) → for each
combat (H2.6.7, H-OP-17 order): combat_cards → response_cards → combat_result (casualties, keeper,
retreat).  Transport (H4): foul_weather → [foul_weather_effect] → landing.  Piracy (H5.2):
piracy_reward, one hit at a time (each hit's legal rewards depend on the ones before).
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError

from bot.domain.events import Audience
from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected, Resolution, SubmittedOrder
from bot.engine.steps import (
    ORDERS,
    Answer,
    AnswerSource,
    Choice,
    DeadlinePolicy,
    FormField,
    OnDeadline,
    Question,
    Step,
    Wording,
)
from bot.rulesets.here_i_stand.rules import building, combat, naval_move, piracy, transport
from bot.rulesets.here_i_stand.rules.actions import ACTIONS
from bot.rulesets.here_i_stand.rules.events import (
    ActionNotCarried,
    AnswerApplied,
    FightCancelled,
    InterceptionRolled,
    MoveCancelled,
    ResponsePlayed,
    public,
)
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import OTTOMANS, HisState, PowerKind, UnitType
from bot.rulesets.here_i_stand.rules.records import Pending
from bot.rulesets.here_i_stand.rules.settings import HisSettings
from bot.rulesets.here_i_stand.rules.board import board
from bot.rulesets.here_i_stand.rules.standing import NO, YES, standing_answer

PASS = "pass"  # ends the impulse, spending nothing (orders.Pass; sequence.py opens the next power's)
CHAIN_LIMIT = 200  # phases settled in one resolution: more is a bug in this module, not a long move
YES_NO = [Choice(value=NO, label=Wording(msgid=N_("No"))), Choice(value=YES, label=Wording(msgid=N_("Yes")))]


def action_step(state: HisState) -> Step:
    """The active power's action: an orders step (H10.1, H10.3–H10.5)."""
    power = state.impulse.active_power
    return Step(kind=ORDERS, label=Wording(msgid=N_("impulse {impulse} · {power}'s action"),
                                           values={"impulse": state.impulse.number, "power": state.powers[power].name}),
                actors=[power], order_kinds=[*ACTIONS, PASS])


class HisSteps:
    """Here I Stand's ``TurnSteps`` (bot/engine/steps.py)."""

    def first(self, state: HisState, settings: HisSettings) -> Step:
        return state.next_step if state.pending is not None and state.next_step else action_step(state)

    def after(self, state: HisState, settings: HisSettings, resolved: Step) -> Step | None:
        return state.next_step

    def standing_answer(self, state: HisState, step: Step, question: Question) -> Answer | None:
        return standing_answer(state, question)

    def resolve_step(self, state: HisState, gamemap, settings: HisSettings, step: Step,
                     orders: list[SubmittedOrder], answers: list[Answer], dice: Dice) -> Resolution:
        gamemap = board(gamemap)  # the core's GameMap, or a HisMap already (the rules' tests)
        events: list = [applied(step, a) for a in answers if a.source in (AnswerSource.STANDING, AnswerSource.DEFAULT)]
        if step.kind == ORDERS:
            state, more, acted = resolve_action(state, gamemap, settings, orders, dice)
            events += more
            if not acted:  # no action: the impulse is over; one not carried: the power may give another
                following = action_step(state) if more and state.impulse.cp_remaining >= 1 else None
                return Resolution(state=state.model_copy(update={"pending": None, "next_step": following}),
                                  events=events)
        else:
            if state.pending is None or state.pending.phase != step.kind:
                raise ValueError(f"step {step.kind} does not match the action under way")  # a core bug
            state, more = PHASES[step.kind].settle(state, gamemap, settings, {a.question: a for a in answers}, dice)
            events += more
        state, more = advance(state, gamemap, settings, dice)
        return Resolution(state=state, events=events + more)


CARD_QUESTIONS = ("foul_weather",)  # answers that could tell what a hand holds (H-OP-35)


def applied(step: Step, answer: Answer) -> AnswerApplied:
    """H10.6: a standing order applied is stated publicly, unless the answer could tell what the
    power's hand holds; a default goes to the power and the moderators (the moderators' log)."""
    question = step.question(answer.question)
    public_ok = answer.source == AnswerSource.STANDING and answer.question.split(":", 1)[0] not in CARD_QUESTIONS
    if question is None or question.faction is None:
        audience = Audience.moderators()
    else:
        audience = Audience.everyone() if public_ok else Audience.of(question.faction)
    value = answer.value if isinstance(answer.value, str) else ",".join(f"{k}={v}" for k, v in sorted(answer.value.items()))
    return AnswerApplied(audience=audience, question=answer.question, value=value, source=answer.source,
                         rule=answer.rule)


def advance(state: HisState, gamemap: HisMap, settings: HisSettings, dice: Dice) -> tuple[HisState, list]:
    """Settle every phase with nothing to ask, until one asks (its step is next) or the action is
    done (the next action of the impulse if CP are left, else the impulse is over)."""
    events: list = []
    for _ in range(CHAIN_LIMIT):
        pending = state.pending
        if pending is None:
            following = action_step(state) if state.impulse.cp_remaining >= 1 else None
            return state.model_copy(update={"next_step": following}), events
        phase = PHASES[pending.phase]
        step = phase.ask(state, gamemap, settings)
        if step is not None and step.questions:
            return state.model_copy(update={"next_step": step}), events
        state, more = phase.settle(state, gamemap, settings, {}, dice)
        events += more
    raise RuntimeError("a naval action's phases did not come to an end")


# -- the action ----------------------------------------------------------------------------------

def resolve_action(state: HisState, gamemap: HisMap, settings: HisSettings, orders: list[SubmittedOrder],
                   dice: Dice) -> tuple[HisState, list, bool]:
    """The active power's last action order, carried out (False: none, the impulse ends)."""
    power = state.impulse.active_power
    mine = sorted((o for o in orders if o.faction == power and o.payload.get("kind") in ACTIONS), key=lambda o: o.seq)
    if not mine:
        return state, [], False
    payload = mine[-1].payload
    try:
        state, events = ACTION[payload["kind"]](state, gamemap, settings, payload, dice)
    except OrderRejected as refused:
        values = {k: v if isinstance(v, int) else str(v) for k, v in refused.values.items()}
        return state, [ActionNotCarried(audience=Audience.of(power), power=power, action=payload["kind"],
                                        reason=refused.msgid, values=values, rule=refused.rule or "")], False
    except (ValidationError, KeyError, TypeError):
        return state, [ActionNotCarried(audience=Audience.of(power), power=power, action=payload["kind"],
                                        reason=N_("the order could not be read"), rule="H10")], False
    # the impulse was not a pass (sequence.py: every power passing in a row ends the action phase)
    return state.model_copy(update={"impulse": state.impulse.model_copy(update={"acted": True})}), events, True


def _naval_move(state, gamemap, settings, payload, dice):
    order = naval_move.NavalMoveOrder.model_validate(payload)
    groups = naval_move.validate_move(state, gamemap, settings, order)
    state, events = naval_move.execute_move(state, gamemap, groups)
    pending = Pending(action="naval_move", power=state.impulse.active_power, phase="foul_weather", groups=tuple(groups),
                      combat_order=tuple((f.space, f.opponent) for f in order.combat_order))
    return state.model_copy(update={"pending": pending}), events


def _transport(state, gamemap, settings, payload, dice):
    path = list(payload["path"])
    state, events = transport.transport(state, gamemap, payload["formation"], path)
    pending = Pending(action="naval_transport", power=state.impulse.active_power, phase="foul_weather",
                      formation=payload["formation"], path=tuple(path))
    return state.model_copy(update={"pending": pending}), events


def _piracy(state, gamemap, settings, payload, dice):
    state, events, hits = piracy.start_piracy(state, gamemap, settings, payload["zone"], payload["target"], dice)
    pending = Pending(action="initiate_piracy", power=OTTOMANS, phase="piracy_reward", zone=payload["zone"],
                      target=payload["target"], hits=hits) if hits else None
    return state.model_copy(update={"pending": pending}), events


def _build(kind: UnitType):
    def run(state, gamemap, settings, payload, dice):
        return building.build(state, gamemap, settings, state.impulse.active_power, payload["port"], kind)
    return run


ACTION: dict[str, Callable] = {"naval_move": _naval_move, "naval_transport": _transport, "initiate_piracy": _piracy,
                               "build_squadron": _build(UnitType.SQUADRON), "build_corsair": _build(UnitType.CORSAIR)}


# -- the phases ----------------------------------------------------------------------------------

class Phase:
    """``ask``: the step (None or no questions: nothing to ask); ``settle``: the phase carried out with
    the answers given (missing ones read as the default), the action moved on to its next phase."""

    def __init__(self, ask, settle) -> None:
        self.ask, self.settle = ask, settle


def _next(state: HisState, phase: str | None, **changes) -> HisState:
    pending = None if phase is None else state.pending.model_copy(update={"phase": phase, **changes})
    return state.model_copy(update={"pending": pending})


def _value(answers: dict[str, Answer], question: str, default):
    found = answers.get(question)
    return default if found is None else found.value


def _prompt(kind: str, label: Wording, questions: list[Question], hours: int) -> Step:
    return Step(kind=kind, label=label, actors=sorted({q.faction for q in questions if q.faction}),
                moderators=any(q.faction is None for q in questions), questions=questions,
                deadline=DeadlinePolicy(hours=hours, on_deadline=OnDeadline.DEFAULTS))


def _label(state: HisState, msgid: str, **values) -> Wording:
    """A reaction step's label with its impulse and the acting power (H10): "impulse 3 · Ottomans ·
    interception", read after the core's "Turn 1 · "."""
    return Wording(msgid=msgid, values={"impulse": state.impulse.number,
                                        "power": state.powers[state.pending.power].name, **values})


def _space(gamemap: HisMap, space: str) -> dict[str, str]:
    return {"space": gamemap.name(space)}


def _moving_facts(state: HisState, space: str, power: str) -> dict[str, int]:
    units = state.units_at(space, power)
    return {"moving_units": len(units), "moving_squadrons": sum(1 for u in units if u.type == UnitType.SQUADRON),
            "moving_corsairs": sum(1 for u in units if u.type == UnitType.CORSAIR)}


# H2.6.3 / H4.2.1.5: Foul Weather (H-OP-09)
def ask_foul_weather(state: HisState, gamemap: HisMap, settings: HisSettings) -> Step:
    pending = state.pending
    mover = state.powers[pending.power].name
    where = pending.groups[0].destination if pending.groups else pending.path[-1]
    facts = _moving_facts(state, where, pending.power) if pending.groups else {}
    questions = [Question(id=f"foul_weather:{p.id}", faction=p.id,
                          text=Wording(msgid=N_("Play Foul Weather against {power}'s naval action?"),
                                       values={"power": mover}),
                          choices=YES_NO, default=NO, default_rule="H-OP-09", facts=facts)
                 for p in state.powers.values() if p.kind == PowerKind.MAJOR and p.id != pending.power]
    return _prompt("foul_weather", _label(state, N_("impulse {impulse} · {power} · Foul Weather?")),
                   questions, settings.reaction_hours)


def settle_foul_weather(state, gamemap, settings, answers, dice):
    played = tuple(p for p in state.powers if _value(answers, f"foul_weather:{p}", NO) == YES)
    events = [ResponsePlayed(audience=public(), power=p, card="foul_weather") for p in played]
    if played:
        return _next(state, "foul_weather_effect", played=played), events
    return _next(state, "interception" if state.pending.action == "naval_move" else "landing"), events


# H-OP-09: the card's effect is the moderators'
STANDS, CANCELLED = "stands", "cancelled"


def ask_foul_weather_effect(state, gamemap, settings) -> Step:
    question = Question(id="foul_weather_effect", faction=None,
                        text=Wording(msgid=N_("Foul Weather was played: does the action stand or is it cancelled?")),
                        choices=[Choice(value=STANDS, label=Wording(msgid=N_("It stands"))),
                                 Choice(value=CANCELLED, label=Wording(msgid=N_("It is cancelled")))],
                        default=STANDS, default_rule="H-OP-09")
    return _prompt("foul_weather_effect", _label(state, N_("impulse {impulse} · {power} · Foul Weather's effect")),
                   [question], settings.prompt_hours)


def settle_foul_weather_effect(state, gamemap, settings, answers, dice):
    pending = state.pending
    if _value(answers, "foul_weather_effect", STANDS) != CANCELLED:
        return _next(state, "interception" if pending.action == "naval_move" else "landing"), []
    if pending.action == "naval_move":
        state = naval_move.undo_move(state, pending.groups)
    else:
        moved = state.formations[pending.formation].model_copy(update={"location": pending.path[0]})
        state = state.model_copy(update={"formations": {**state.formations, pending.formation: moved}})
    return _next(state, None), [MoveCancelled(audience=public(), power=pending.power, by=pending.played)]


# H2.6.4: interception (H-OP-13: default no attempt)
def ask_interception(state, gamemap, settings) -> Step:
    attempts = naval_move.interception_attempts(state, gamemap, settings, state.pending.groups)
    questions = [Question(id=a.id, faction=a.power,
                          text=Wording(msgid=N_("Intercept into {space} from {origin}? (naval units: {units})"),
                                       values={**_space(gamemap, a.destination), "origin": gamemap.name(a.origin),
                                               "units": len(a.units)}),
                          choices=[*YES_NO, *(_part_choice(s, c, x) for s, c in a.parts(state)
                                              for x in ((False, True) if a.leaders else (False,)))][:25],
                          default=NO, default_rule="H-OP-13",
                          facts={**_moving_facts(state, a.destination, state.pending.power),
                                 "stack_units": len(a.units), "leader_rating": a.rating})
                 for a in attempts]
    return _prompt("interception", _label(state, N_("impulse {impulse} · {power} · interception")),
                   questions, settings.prompt_hours)


def _part_choice(squadrons: int, corsairs: int, leaders: bool = False) -> Choice:
    """Part of a stack; ``leaders``: its naval leaders go with that part [ZH:L17], their rating counts."""
    if leaders:
        return Choice(value=f"part:{squadrons}:{corsairs}:leaders",
                      label=Wording(msgid=N_("Only part of the stack, with the leaders (squadrons: {squadrons}, "
                                             "corsairs: {corsairs})"),
                                    values={"squadrons": squadrons, "corsairs": corsairs}))
    return Choice(value=f"part:{squadrons}:{corsairs}",
                  label=Wording(msgid=N_("Only part of the stack (squadrons: {squadrons}, corsairs: {corsairs})"),
                                values={"squadrons": squadrons, "corsairs": corsairs}))


def _chosen(state, attempt, value):
    if value == YES:
        return attempt
    if isinstance(value, str) and value.startswith("part:"):
        _, squadrons, corsairs, *leaders = value.split(":")
        return attempt.part(state, int(squadrons), int(corsairs), with_leaders=leaders == ["leaders"])
    return None


def settle_interception(state, gamemap, settings, answers, dice):
    attempts = naval_move.interception_attempts(state, gamemap, settings, state.pending.groups)
    chosen = {a.id: found for a in attempts if (found := _chosen(state, a, _value(answers, a.id, NO)))}
    state, events, intercepted = naval_move.intercept(state, attempts, chosen, dice, dict(state.pending.intercepted))
    origins = {}
    for event in events:
        if isinstance(event, InterceptionRolled) and event.success:
            origins.setdefault(event.destination, event.origin)  # H-OP-25: where the interceptors came from
    return _next(state, "avoid", intercepted=intercepted, intercepted_from=origins), events


# H2.6.5: avoid battle (H-OP-15: default no attempt)
def ask_avoid(state, gamemap, settings) -> Step:
    found = naval_move.avoidances(state, gamemap, settings, state.pending.groups, state.pending.intercepted)
    questions = [Question(id=f.id, faction=f.power,
                          text=Wording(msgid=N_("Avoid battle in {space}? Choose where to, or stay."),
                                       values=_space(gamemap, f.zone)),
                          choices=[Choice(value=NO, label=Wording(msgid=N_("Stay"))),
                                   *(Choice(value=s, label=Wording(msgid=N_("To {space}"), values=_space(gamemap, s)))
                                     for s in f.destinations)],
                          default=NO, default_rule="H-OP-15",
                          facts={**_moving_facts(state, f.zone, state.pending.power), "stack_units": len(f.units),
                                 "leader_rating": f.rating})
                 for f in found]
    return _prompt("avoid", _label(state, N_("impulse {impulse} · {power} · avoid battle")),
                   questions, settings.prompt_hours)


def settle_avoid(state, gamemap, settings, answers, dice):
    events: list = []
    for found in naval_move.avoidances(state, gamemap, settings, state.pending.groups, state.pending.intercepted):
        where = _value(answers, found.id, NO)
        if where in found.destinations:
            state, more = naval_move.avoid(state, found, where, dice)
            events += more
    state, more = naval_move.rotate(state)  # H2.6.6
    queue = naval_move.combat_queue(state, settings, state.pending.groups, state.pending.combat_order)
    return _next(state, "combat", combats=queue), events + more


# H2.6.7: the combats, one after another
def settle_combat(state, gamemap, settings, answers, dice):
    pending = state.pending
    for index, (space, opponent) in enumerate(pending.combats):
        if state.units_at(space, pending.power) and state.units_at(space, opponent):
            origin = next((g.origin for g in pending.groups if g.destination == space), None)
            came = pending.intercepted_from.get(space) if pending.intercepted.get(space) == opponent else None
            fight = combat.open_combat(state, gamemap, space, pending.power, opponent, attacker_from=origin,
                                       defender_from=came)
            return _next(state, "combat_cards", combat=fight, combats=pending.combats[index + 1:]), []
    return _next(state, None), []


def _combat_label(text: str, state: HisState, gamemap: HisMap, fight) -> Wording:
    return _label(state, text, **_space(gamemap, fight.space))


# each side's field names its power: a moderator enters dice for the Hapsburgs, not for "the attacker"
DICE_FIELDS = (("attacker_dice", N_("Extra dice of {power} (attacker)")),
               ("defender_dice", N_("Extra dice of {power} (defender)")))


def _field_label(state: HisState, fight, field: str, label: str) -> Wording:
    side = {"attacker_dice": fight.attacker, "defender_dice": fight.defender}.get(field)
    return Wording(msgid=label, values={"power": state.powers[side.power].name} if side else {})


# H3.3.3–H3.3.4: combat cards, their effect as dice entered by the moderators (H-OP-19)
def ask_combat_cards(state, gamemap, settings) -> Step | None:
    if not settings.ask_combat_cards:
        return None
    fight = state.pending.combat
    question = Question(id="combat_cards", faction=None,
                        text=Wording(msgid=N_("Combat cards at {space}: the attacker's, then the defender's, as "
                                              "extra dice (0: none)"), values=_space(gamemap, fight.space)),
                        form=[FormField(id=f, label=_field_label(state, fight, f, label), minimum=-20, maximum=20,
                                        required=False)
                              for f, label in DICE_FIELDS],
                        default={f: 0 for f, _ in DICE_FIELDS}, default_rule="H-OP-19")
    return _prompt("combat_cards",
                   _combat_label(N_("impulse {impulse} · {power} · combat cards at {space}"), state, gamemap, fight),
                   [question],
                   settings.prompt_hours)


def _form(answers, question: str, names) -> dict[str, int]:
    given = _value(answers, question, {}) or {}
    return {n: int(given.get(n) or 0) for n in names}


def settle_combat_cards(state, gamemap, settings, answers, dice):
    values = _form(answers, "combat_cards", [f for f, _ in DICE_FIELDS])
    fight, events = combat.roll_combat(state.pending.combat, dice, values["attacker_dice"], values["defender_dice"])
    return _next(state, "response_cards", combat=fight), events


RESPONSE_FIELDS = (*DICE_FIELDS,
                   ("janissaries", N_("Janissaries played? 1 = yes")))  # the form adds its range "(0–1)"


# H3.3.6: Janissaries and Professional Rowers, extra dice entered by the moderators (H-OP-20, H-OP-21)
def ask_response_cards(state, gamemap, settings) -> Step | None:
    if not settings.ask_response_cards:
        return None
    fight = state.pending.combat
    fields = [f for f in RESPONSE_FIELDS if f[0] != "janissaries" or _janissaries_open(state, fight)]
    question = Question(id="response_cards", faction=None,
                        text=Wording(msgid=N_("Response cards at {space} (Janissaries, Professional Rowers): extra "
                                              "dice for each side (0: none)"), values=_space(gamemap, fight.space)),
                        form=[FormField(id=f, label=_field_label(state, fight, f, label), minimum=0,
                                        maximum=1 if f == "janissaries" else 20, required=False)
                              for f, label in fields],
                        default={f: 0 for f, _ in fields}, default_rule="H-OP-20")
    return _prompt("response_cards",
                   _combat_label(N_("impulse {impulse} · {power} · response cards at {space}"), state, gamemap, fight),
                   [question],
                   settings.prompt_hours)


def _janissaries_open(state, fight) -> bool:
    """H3.3.6 (a): the Ottomans fight here and have not played Janissaries this turn."""
    ottomans = state.powers.get(OTTOMANS)
    return bool(ottomans and not ottomans.janissaries_used and OTTOMANS in (fight.attacker.power, fight.defender.power))


def settle_response_cards(state, gamemap, settings, answers, dice):
    values = _form(answers, "response_cards", [f for f, _ in RESPONSE_FIELDS])
    fight, events = state.pending.combat, []
    for power, field in ((fight.attacker.power, "attacker_dice"), (fight.defender.power, "defender_dice")):
        fight, more = combat.extra_dice(fight, dice, power, values[field])
        events += more
    if values["janissaries"] and _janissaries_open(state, fight):
        ottomans = state.powers[OTTOMANS]
        state = state.with_power(ottomans.model_copy(update={"janissaries_used": True}))  # once a turn (H3.3.6 a)
        events.append(ResponsePlayed(audience=public(), power=OTTOMANS, card="janissaries"))
    return _next(state, "combat_result", combat=fight), events


# H3.3.7–H3.3.9: winner, casualties (H-OP-24), the keeper (H-OP-23), retreat (H-OP-25)
def _survivors(fight, losses) -> dict[str, int]:
    counts = {}
    for side, lost in ((fight.attacker, losses.attacker), (fight.defender, losses.defender)):
        counts[side.power] = len(side.units) - sum(lost) + (1 if losses.keeper == side.power else 0)
    return counts


def ask_combat_result(state, gamemap, settings) -> Step:
    fight = state.pending.combat
    losses = combat.losses(fight, settings)
    questions = []
    for side, lost in ((fight.attacker, losses.attacker), (fight.defender, losses.defender)):
        if sum(lost) and sum(lost) < len(side.units) and combat.mixed(state, side):
            questions.append(Question(id=f"casualties:{side.power}", faction=side.power,
                                      text=Wording(msgid=N_("Whose units do you lose first at {space}?"),
                                                   values=_space(gamemap, fight.space)),
                                      choices=[Choice(value=combat.OWN_FIRST, label=Wording(msgid=N_("Your own"))),
                                               Choice(value=combat.ALLIES_FIRST,
                                                      label=Wording(msgid=N_("Your allies' and loans")))],
                                      default=combat.OWN_FIRST, default_rule="H-OP-24"))
    keeper = losses.keeper
    if keeper and all(n > 0 for n in (losses.attacker if keeper == fight.attacker.power else losses.defender)):
        questions.append(Question(id=f"keep:{keeper}", faction=keeper,
                                  text=Wording(msgid=N_("Both sides were wiped out at {space}; you keep one unit: "
                                                        "which?"), values=_space(gamemap, fight.space)),
                                  choices=[Choice(value=UnitType.SQUADRON, label=Wording(msgid=N_("A squadron"))),
                                           Choice(value=UnitType.CORSAIR, label=Wording(msgid=N_("A corsair")))],
                                  default=UnitType.SQUADRON, default_rule="H-OP-23"))
    retreat = _retreat_question(state, gamemap, fight, losses)
    if retreat:
        questions.append(retreat)
    return _prompt("combat_result",
                   _combat_label(N_("impulse {impulse} · {power} · combat result at {space}"), state, gamemap, fight),
                   questions,
                   settings.prompt_hours)


def _retreat_question(state, gamemap, fight, losses) -> Question | None:
    power = combat.retreating(fight)
    options = combat.retreat_options(state, gamemap, fight)
    if _survivors(fight, losses)[power] <= 0 or len(options) < 2:
        return None
    return Question(id=f"retreat:{power}", faction=power,
                    text=Wording(msgid=N_("Retreat from {space}: where to?"), values=_space(gamemap, fight.space)),
                    choices=[Choice(value=s, label=Wording(msgid=N_("To {space}"), values=_space(gamemap, s)))
                             for s in options],
                    default=combat.default_retreat(options, fight.side(power)), default_rule="H-OP-25")


def settle_combat_result(state, gamemap, settings, answers, dice):
    pending, fight = state.pending, state.pending.combat
    priorities = {p: _value(answers, f"casualties:{p}", combat.OWN_FIRST) for p in (fight.attacker.power,
                                                                                   fight.defender.power)}
    kept = _value(answers, f"keep:{combat.losses(fight, settings).keeper}", None)
    state, events = combat.apply_losses(state, fight, settings, priorities=priorities, kept=kept)
    power = combat.retreating(fight)
    options = combat.retreat_options(state, gamemap, fight)
    wanted = _value(answers, f"retreat:{power}", None)
    destination = wanted if wanted in options else combat.default_retreat(options, fight.side(power))
    state, more = combat.apply_retreat(state, gamemap, fight, settings, destination)
    events += more
    queue = pending.combats
    stopped = (fight.in_port and settings.cancel_port_fights_after_retreat) or fight.loser == pending.power
    if stopped:  # H-OP-16; H2.6.7.3: the mover fights on in a space until it loses
        events += [FightCancelled(audience=public(), space=s, attacker=pending.power, defender=o)
                   for s, o in queue if s == fight.space]
        queue = tuple((s, o) for s, o in queue if s != fight.space)
    return _next(state, "combat", combat=None, combats=queue), events


# H5.2.5: the piracy rewards, one hit at a time (H-OP-34)
def _reward_choices(state, gamemap, pending) -> list[str]:
    legal = piracy.legal_rewards(state, gamemap, pending.zone, pending.target)
    choices = [f"squadron:{u}" for u in piracy.squadrons_within(state, gamemap, pending.zone, pending.target)]
    return choices + [r for r in (piracy.CARD, piracy.VP) if r in legal]


def _reward_default(state, gamemap, settings, pending) -> str:
    legal = piracy.legal_rewards(state, gamemap, pending.zone, pending.target)
    reward = piracy.default_reward(legal, settings.piracy_reward_default_order)
    if reward == piracy.SQUADRON:
        return f"squadron:{piracy.squadrons_within(state, gamemap, pending.zone, pending.target)[0]}"
    return reward


def ask_piracy_reward(state, gamemap, settings) -> Step | None:
    pending = state.pending
    choices = _reward_choices(state, gamemap, pending)
    if len(choices) < 2:
        return None  # forced, or no effect
    labels = {piracy.CARD: N_("A random card from your hand"), piracy.VP: N_("One piracy VP")}
    hit = pending.hit + 1
    question = Question(id=f"piracy:{hit}", faction=pending.target,
                        text=Wording(msgid=N_("Piracy in {space}, hit {hit} of {hits}: what do you give?"),
                                     values={**_space(gamemap, pending.zone), "hit": hit, "hits": pending.hits}),
                        choices=[Choice(value=c, label=Wording(msgid=labels[c]) if c in labels else
                                        Wording(msgid=N_("The squadron {unit} in {space}"),  # its name, not id
                                                values={"unit": state.unit_name(state.units[c.split(":", 1)[1]]),
                                                        **_space(gamemap, state.units[c.split(':', 1)[1]].location)}))
                                 for c in choices],
                        default=_reward_default(state, gamemap, settings, pending), default_rule="H-OP-34")
    return _prompt("piracy_reward", _label(state, N_("impulse {impulse} · {power} · piracy reward")),
                   [question], settings.prompt_hours)


def settle_piracy_reward(state, gamemap, settings, answers, dice):
    pending = state.pending
    hit = pending.hit + 1
    value = _value(answers, f"piracy:{hit}", _reward_default(state, gamemap, settings, pending))
    kind, _, unit = value.partition(":")
    state, events = piracy.give_reward(state, gamemap, settings, pending.zone, pending.target, hit, kind, unit or None)
    return _next(state, None if hit >= pending.hits else "piracy_reward", hit=hit), events


# H4.2.3–H4.2.4: the landing is a land move the moderators resolve (H-OP-27)
LOST = "lost"


def ask_landing(state, gamemap, settings) -> Step:
    port = state.pending.path[-1]
    question = Question(id="landing", faction=None,
                        text=Wording(msgid=N_("Landing at {space}: did the transported formation lose a field "
                                              "battle there?"), values=_space(gamemap, port)),
                        choices=[Choice(value=STANDS, label=Wording(msgid=N_("No: the landing stands"))),
                                 Choice(value=LOST, label=Wording(msgid=N_("Yes: it lost the battle")))],
                        default=STANDS, default_rule="H-OP-27")
    return _prompt("landing",
                   _label(state, N_("impulse {impulse} · {power} · landing at {space}"), **_space(gamemap, port)),
                   [question],
                   settings.prompt_hours)


def settle_landing(state, gamemap, settings, answers, dice):
    if _value(answers, "landing", STANDS) == LOST:
        state, events = transport.landing_lost(state, state.pending.formation)
        return _next(state, None), events
    return _next(state, None), []


def _nothing(state, gamemap, settings) -> None:
    return None


PHASES: dict[str, Phase] = {
    "foul_weather": Phase(ask_foul_weather, settle_foul_weather),
    "foul_weather_effect": Phase(ask_foul_weather_effect, settle_foul_weather_effect),
    "interception": Phase(ask_interception, settle_interception),
    "avoid": Phase(ask_avoid, settle_avoid),
    "combat": Phase(_nothing, settle_combat),
    "combat_cards": Phase(ask_combat_cards, settle_combat_cards),
    "response_cards": Phase(ask_response_cards, settle_response_cards),
    "combat_result": Phase(ask_combat_result, settle_combat_result),
    "piracy_reward": Phase(ask_piracy_reward, settle_piracy_reward),
    "landing": Phase(ask_landing, settle_landing),
}
