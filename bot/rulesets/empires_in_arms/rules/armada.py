"""Armadas (E3): taking command in one's own impulse (E3.1.3), forming one (E3.1.1), and leaving
one (E3.2.2, E4.3).  The other powers are asked whether they agree (E-OP-03: a step, answered by
their standing ``armada_agree`` or at the deadline "no"); without every one's agreement the armada
goes to the power with the most combat dice (E3.1.2, E-OP-04 net dice), a tie drawn by lot with the
turn's dice (``eia:<impulse>:armada:<id>:lot``)."""

from __future__ import annotations

from bot.domain.events import Event
from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.empires_in_arms.rules import naval as nv
from bot.rulesets.empires_in_arms.rules import shown
from bot.rulesets.empires_in_arms.rules.events import ArmadaCommandSet, ArmadaLeft, public
from bot.rulesets.empires_in_arms.rules.model import Armada, EiaState
from bot.rulesets.empires_in_arms.rules.orders import LeaveArmada, SetArmadaCommand


def apply(state: EiaState, context, nation: str, order) -> tuple[EiaState, list[Event]]:
    if isinstance(order, LeaveArmada):
        return leave(state, nation, order)
    return take_command(state, context, nation, order, agreed=False)


def take_command(state: EiaState, context, nation: str, order: SetArmadaCommand,
                 agreed: bool) -> tuple[EiaState, list[Event]]:
    armada = state.armadas.get(order.armada)
    if armada is None:
        if not order.at or not order.powers:
            raise OrderRejected(N_("there is no armada {armada}; to form one give its place and the other powers "
                                   "(E3.1.1)"), rule="E3.1.1",
                            armada=shown.armada(state, nation, order.armada))
        armada = Armada(id=order.armada, location=order.at, powers=tuple(dict.fromkeys((state.major_of(nation),
                                                                                        *order.powers))))
        if any(not state.fleet(p, armada.location) for p in armada.powers) or len(armada.powers) < 2:
            raise OrderRejected(N_("an armada is formed of the fleets of at least two allied major powers in one "
                                   "place (E3.1.1)"), rule="E3.1.1")
        if any(not state.allied(a, b) for a in armada.powers for b in armada.powers if a < b):
            raise OrderRejected(N_("an armada's powers must be allied (E3.1.1)"), rule="E3.1.1")
    squadron = state.squadrons.get(order.squadron)
    if squadron is None or squadron.location != armada.location or squadron.nation != nation:
        raise OrderRejected(N_("{squadron} is not one of your squadrons with the armada (E3.1.3)"), rule="E3.1.3",
                            squadron=shown.squadron(state, nation, order.squadron))
    if agreed:
        chosen, rule = squadron.id, "E3.1.1"
    else:
        chosen, rule = by_dice(state, context, armada)
    state = state.model_copy(update={"armadas": {**state.armadas, armada.id: armada.model_copy(
        update={"commander": chosen})}})
    top = state.squadrons[chosen]
    return state, [ArmadaCommandSet(audience=public(), armada=armada.id, squadron=chosen, nation=top.nation, rule=rule)]


def by_dice(state: EiaState, context, armada: Armada) -> tuple[str, str]:
    """E3.1.2 / E-OP-04: the power with the most (net) combat dice; equal: by lot."""
    dice = {p: sum(nv.base_dice(state, context.settings, s) for s in state.fleet(p, armada.location))
            for p in armada.powers}
    best = max(dice.values())
    leaders = [p for p in armada.powers if dice[p] == best]
    if len(leaders) == 1:
        power, rule = leaders[0], "E3.1.2"
    else:
        roll = context.dice.roll(f"eia:{state.impulse.number}:armada:{armada.id}:lot", f"1d{len(leaders)}")
        power, rule = leaders[roll.faces[0] - 1], "E3.1.2"
    own = [s for s in state.fleet(power, armada.location) if s.nation == power] or state.fleet(power, armada.location)
    top = max(own, key=lambda s: (nv.base_dice(state, context.settings, s), -ord(s.id[0]) if s.id else 0))
    return top.id, rule


def leave(state: EiaState, nation: str, order: LeaveArmada) -> tuple[EiaState, list[Event]]:
    """E3.2.2 / E4.3: in its own impulse a fleet leaves: a separate stack in the same place."""
    armada = state.armadas.get(order.armada)
    power = state.major_of(nation)
    if armada is None or power not in armada.powers:
        raise OrderRejected(N_("your fleet is not in the armada {armada}"), rule="E3.2.2",
                            armada=shown.armada(state, nation, order.armada))
    rest = tuple(p for p in armada.powers if p != power)
    armadas = dict(state.armadas)
    if len(rest) < 2:
        armadas.pop(armada.id)
    else:
        commander = armada.commander
        if commander and state.major_of(state.squadrons[commander].nation) == power:
            commander = None  # the rest choose again (E3.1.2 when they next move)
        armadas[armada.id] = armada.model_copy(update={"powers": rest, "commander": commander})
    return state.model_copy(update={"armadas": armadas}), [ArmadaLeft(audience=public(), armada=armada.id,
                                                                      nation=nation, place=armada.location)]
