"""The moderators' form for a round of naval combat (E-OP-13): the bot has rolled and shows the dice and
the 5s (E8.5); the moderators enter each side's result and losses, and, in open sea, the round's winner or
a tie (in a port the totals decide, E10.3).  Five fields at most (a Discord form's limit).

The question has no default: a combat result is never invented.  The step that asks it should wait for the
moderators at its deadline (``DeadlinePolicy(hours=None)``), and ``/turn defaults`` then refuses, saying
the question has no default and a moderator answers it (bot/services/steps.py).
"""

from __future__ import annotations

import re
from typing import Any

from bot.domain.text import N_, Phrase
from bot.engine.steps import FormField, Question, Wording

from .types import ACTIVE, INACTIVE, TIE, BattleKind, BattleState, CombatError, RoundDice, RoundResult, SideRole

RULE = "E-OP-13"
WINNER_CODES: dict[int, str] = {1: ACTIVE, 2: INACTIVE, 0: TIE}
_NONE_WORDS = {"", "-", "—", "0", "none", "no", "nothing"}


def question_id(round_no: int) -> str:
    return f"combat_r{round_no}"


def _field(fid: str, label: str, *, kind: str = "int", required: bool = True, maximum: int | None = 99,
           **values: Any) -> FormField:
    return FormField(id=fid, label=Wording(msgid=label, values=values), kind=kind,  # type: ignore[arg-type]
                     minimum=0 if kind == "int" else None, maximum=maximum if kind == "int" else None,
                     required=required)


def form_fields(state: BattleState, rolled: RoundDice) -> list[FormField]:
    """Round 0: the battery's result and the losses it caused; a port round: both fleets' results, the
    battery's, both sides' losses; an open-sea round: both results, both losses and the winner."""
    battle = state.battle
    active, inactive = _side_name(state, ACTIVE), _side_name(state, INACTIVE)
    battery = _field("battery_result", N_("Battery's result"))
    losses = [_field("active_losses", N_("Lost by {side} (names)"), kind="text", required=False, side=active),
              _field("inactive_losses", N_("Lost by {side} (names)"), kind="text", required=False, side=inactive)]
    results = [_field("active_result", N_("Result of {side}"), side=active),
               _field("inactive_result", N_("Result of {side}"), side=inactive)]
    if rolled.round_no == 0:
        return [battery, losses[0]]
    if battle.kind == BattleKind.PORT:
        return results + [battery] + losses
    winner = _field("winner", N_("Winner: 1, 2, or 0 for a tie"), maximum=2)
    return results + losses + [winner]


def round_question(state: BattleState, problem: str | None = None) -> Question:
    """The moderators' question for the awaited round, showing its dice and 5s.  ``problem``: why their
    last entry for it was refused (``read_form``'s ``CombatError``): the core checks a form's numbers when
    it is sent, but only the rules know the squadrons, so a wrong name is found at resolution; the step
    then asks the same round again, saying what was wrong, and nothing else changes."""
    rolled = state.awaiting
    if rolled is None:
        raise CombatError(N_("No round of this battle is waiting for results."))
    text = _text(state, rolled)
    if problem:
        text = Wording(msgid=N_("{question} Your last entry was refused: {problem}"),
                       values={"question": text.english(), "problem": str(problem)})
    return Question(id=question_id(rolled.round_no), faction=None, text=text,
                    form=form_fields(state, rolled), default=None, default_rule=RULE)


def _faces(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces) or "—"


def _text(state: BattleState, rolled: RoundDice) -> Wording:
    battle = state.battle
    values: dict[str, str | int] = {
        "place": battle.name(battle.place), "round": rolled.round_no, "active": _side_name(state, ACTIVE),
        "inactive": _side_name(state, INACTIVE), "active_dice": _faces(rolled.active),
        "inactive_dice": _faces(rolled.inactive), "battery_dice": _faces(rolled.battery),
        "fives_to_active": rolled.fives_to_active, "fives_to_inactive": rolled.fives_to_inactive}
    if rolled.round_no == 0:
        msgid = N_("Battery fire at {place} before the battle: the battery rolled {battery_dice} "
                   "({fives_to_active} fives against {active}, E8.5). Enter the battery's result and what "
                   "{active} lost.")
    elif battle.kind == BattleKind.PORT:
        msgid = N_("Battle in port at {place}, round {round}: {active} rolled {active_dice}; {inactive} rolled "
                   "{inactive_dice}; the battery rolled {battery_dice}. Fives received: {active} "
                   "{fives_to_active}, {inactive} {fives_to_inactive}. Enter each result and what each side "
                   "lost; the defender's total adds the battery's (E10.3).")
    else:
        msgid = N_("Battle at {place}, round {round}: {active} rolled {active_dice}; {inactive} rolled "
                   "{inactive_dice}. Fives received: {active} {fives_to_active}, {inactive} "
                   "{fives_to_inactive}. Enter each result, what each side lost, and the winner: "
                   "1 = {active}, 2 = {inactive}, 0 = a tie (another round).")
    return Wording(msgid=msgid, values=values)


def _side_name(state: BattleState, role: SideRole) -> str:
    battle = state.battle
    return " + ".join(battle.name(n) for n in battle.side(role).nations)


def read_form(state: BattleState, values: dict[str, Any]) -> RoundResult:
    """The ``RoundResult`` the moderators entered for the awaited round; a clear ``CombatError`` (and
    nothing changed) for a name that is not one of the side's squadrons afloat or a missing winner."""
    rolled = state.awaiting
    if rolled is None:
        raise CombatError(N_("No round of this battle is waiting for results."))
    wanted = {f.id: f for f in form_fields(state, rolled)}
    number = {k: _whole(values, k, wanted) for k in ("active_result", "inactive_result", "battery_result")
              if k in wanted}
    result: dict[str, Any] = dict(number)
    for role, key in ((ACTIVE, "active_losses"), (INACTIVE, "inactive_losses")):
        if key in wanted:
            result[key] = _losses(state, role, values.get(key))
    if "winner" in wanted:
        code = _whole(values, "winner", wanted)
        if code not in WINNER_CODES:
            raise CombatError(Phrase(N_("The winner is {code}: enter 1 for {active}, 2 for {inactive}, or 0 for a tie."),
                                     code=code, active=_side_name(state, ACTIVE), inactive=_side_name(state, INACTIVE)))
        result["winner"] = WINNER_CODES[code]
    return RoundResult(**result)


def _whole(values: dict[str, Any], key: str, fields: dict[str, FormField]) -> int:
    raw = values.get(key, 0)
    text = str(raw).strip() if raw is not None else "0"
    if not re.fullmatch(r"[0-9]+", text or "0"):
        label = fields[key].label.english() if key in fields else key
        raise CombatError(Phrase(N_("{field} is {value}: enter a whole number, 0 or more."), field=label,
                                 value=repr(raw)[:40]))
    return int(text or 0)


def _losses(state: BattleState, role: SideRole, raw: Any) -> tuple[str, ...]:
    """Squadrons named by id or name (any case), separated by commas or semicolons."""
    text = str(raw or "").strip()
    if text.lower() in _NONE_WORDS:
        return ()
    battle = state.battle
    afloat = [s for s in battle.side(role).squadrons if s.id not in state.lost]
    by_key = {k.casefold(): s.id for s in afloat for k in (s.id, s.label)}
    out: list[str] = []
    for part in (p.strip() for p in re.split(r"[,;\n]", text)):
        if not part:
            continue
        found = by_key.get(part.casefold())
        if found is None or found in out:
            names = ", ".join(s.label for s in afloat) or "none"
            raise CombatError(Phrase(N_("{given} is not a squadron of {side} still afloat (or is named twice); "
                                     "name some of: {names}."), given=part[:40], side=_side_name(state, role),
                                     names=names))
        out.append(found)
    return tuple(out)
