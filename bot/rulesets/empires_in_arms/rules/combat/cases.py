"""A case procedure ``naval_battle`` (docs/scenarios.md, a plug-in's ``case_procedures``): one battle
fought on a case's state, with the combat module's outputs (EX5: "combat-module outputs are test
inputs") or the moderators' form values as its inputs, round by round.  It returns the battle's events
and the state unchanged: applying an outcome (E9's placements) is the impulse's, not combat's.
The battle is built by ``adapt`` (the model and board read duck-typed).

Section::

    naval_battle:
      impulse: "1"                 # the dice keys' impulse (default "1")
      kind: port                   # interception | patrol | port | strait | landing | loss_of_port
      place: p2                    # the zone, the port (port, landing) or the strait
      zone: z2                     # default: the place's zone (a port's), or the place
      number: 1                    # the n-th battle at the place this impulse (dice keys <place>-n)
      battery_port: f              # strait: the fortress port firing (E13.1); port/landing: the place
      active: {squadrons: [b1, b2], commander: britain, evasion_failed_bonus: false, left_port: null,
               lost_port: false, fives_before: 0}
      inactive: {squadrons: [f1]}  # or {nations: [turkey]} for a side with no squadrons
      results: {0: {battery_result: 1}, 1: {active_result: 3, inactive_result: 1, battery_result: 1}}
      form: {1: {active_result: 2, inactive_result: 1, active_losses: "Victory", winner: 1}}
"""

from __future__ import annotations

from typing import Any

from bot.domain.events import Event
from bot.engine.dice import Dice

from .adapt import battle_from, side_from
from .battle import advance, enter_round, open_battle
from .form import read_form
from .types import CombatSettings, RoundResult, ScriptedCombat


def naval_battle(state: Any, gamemap: Any, settings: Any, dice: Dice,
                 section: dict[str, Any]) -> tuple[Any, list[Event]]:
    combat = CombatSettings.of(settings)
    sides = {}
    for role in ("active", "inactive"):
        spec = dict(section.get(role) or {})
        sides[role] = side_from(state, spec.pop("squadrons", ()) or (), commander=spec.pop("commander", None),
                                nations=spec.pop("nations", ()) or (), **spec)
    battle = battle_from(state, gamemap, combat, impulse=section.get("impulse", "1"),
                         kind=section.get("kind", "interception"), place=section["place"], zone=section.get("zone"),
                         battery_port=section.get("battery_port"), number=int(section.get("number", 1)),
                         **sides)
    module = ScriptedCombat({int(r): RoundResult(**v) for r, v in (section.get("results") or {}).items()})
    forms = {int(r): v for r, v in (section.get("form") or {}).items()}
    fight, events = open_battle(battle)
    fight, more = advance(fight, module, dice, combat)
    events += more
    while fight.awaiting is not None and fight.awaiting.round_no in forms:
        fight, more = enter_round(fight, read_form(fight, forms[fight.awaiting.round_no]), combat)
        events += more
        fight, more = advance(fight, module, dice, combat)
        events += more
    return state, events
