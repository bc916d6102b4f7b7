"""Report templates of Empires in Arms: one per event kind, the rules' and combat's (E3).

Each is ``(event, Names) -> str``; "" adds no line.  Every word is a message id (catalogue
``empires-in-arms``).  A roll is shown with its dice and, where the turn's dice log has it, its
key at the end of its line, ``   (key <key>)`` (the marker ``shown_roll_keys`` reads; a name typed
by a player cannot forge it: names are cleaned).  Rule ids are cited as the spec numbers them.
"""

from __future__ import annotations

from bot.domain.text import N_
from bot.rulesets.empires_in_arms.report.names import Names

PURPOSE = {"interception": N_("interception"), "patrol": N_("patrol"), "evasion": N_("evasion")}
MODIFIER = {"british": N_("British"), "french": N_("French"), "blockading": N_("blockading"),
            "capped": N_("capped by the commander (E4.2)")}
SIDE = {"active": N_("the active side"), "inactive": N_("the inactive side"), "attacker": N_("the attacker"),
        "defender": N_("the defender")}
BATTLE = {"interception": N_("Battle"), "patrol": N_("Battle"), "port": N_("Battle in port"),
          "strait": N_("Battery fire at the strait"), "landing": N_("Battery fire on the landing"),
          "loss_of_port": N_("Battle after the loss of a port")}
PLACEMENT = {"continue": N_("free to continue the move (E9.1)"), "stay": N_("stays where it is"),
             "nearest_port": N_("to the nearest friendly port (E9.2)"),
             "return_to_port": N_("back to the port it left (E9.3)"),
             "other_port": N_("to another port (E9.4)"), "destroyed": N_("destroyed")}
SOURCE = {"standing": N_("by a standing order"), "default": N_("by default at the deadline"),
          "faction": N_("by the nation"), "moderator": N_("by a moderator")}
QUESTION = {"intercept": N_("whether to intercept"), "evade": N_("whether to evade"),
            "cards": N_("a combat card"), "nearest_port": N_("the nearest port"), "commander": N_("the armada's commander"),
            "round": N_("the round's results"), "dice_missing": N_("the missing combat dice")}
ANSWER = {"yes": N_("yes"), "no": N_("no"), "none": N_("none")}
# An order by what players call it, never its kind's id (rules/orders.py KINDS)
ORDER = {"move_fleet": N_("movement plan"), "patrol": N_("patrol"), "convoy": N_("convoy"),
         "armada_command": N_("armada command"), "leave_armada": N_("leave-the-armada"),
         "separate_stack": N_("separate-stack"), "landing_retreat": N_("landing retreat"),
         "standing": N_("standing")}
STOPPED = {"no_maneuvers": N_("no maneuvers left"), "lost": N_("it lost a battle"),
           "stop_on_win": N_("its plan stops after a battle"), "placed": N_("it was placed in a port"),
           "destroyed": N_("nothing of it is left"), "evaded": N_("it evaded and stays")}


def _key(n: Names, *parts: str, faces=()) -> str:
    """The marker of the roll whose key has ``parts`` in order (and these faces), if the dice log has one."""
    needle = ":" + ":".join(parts)
    for roll in n.rolls:
        if needle in roll.key and (not faces or tuple(roll.faces) == tuple(faces)):
            return n.t._("   (key {key})", key=roll.key)
    return ""


def _faces(faces) -> str:
    return "[" + ", ".join(str(f) for f in faces) + "]"


def _spent(e, n):
    text = n.t.n_("{nation} spent {n} maneuver ({ko} KO) with {squadrons} (E1.2).",
                  "{nation} spent {n} maneuvers ({ko} KO) with {squadrons} (E1.2).", e.maneuvers,
                  nation=n.nation(e.nation), ko=e.ko, squadrons=n.squadrons(e.squadrons))
    return text + (" " + n.t._("{ko} KO left.", ko=e.ko_left) if e.ko_left is not None else "")


def _moved(e, n):
    return n.t._("{squadrons} ({nation}) moved from {origin} to {destination}.", squadrons=n.squadrons(e.squadrons),
                 nation=n.nation(e.nation), origin=n.place(e.origin), destination=n.place(e.destination))


def _dropped(e, n):
    return n.t._("{squadrons} ({nation}) stayed behind in {place}: a fleet of their own (E2.3, E2.4).",
                 squadrons=n.squadrons(e.squadrons), nation=n.nation(e.nation), place=n.place(e.place))


def _picked(e, n):
    return n.t._("{squadrons} ({nation}) were picked up in {place} (E2.3).", squadrons=n.squadrons(e.squadrons),
                 nation=n.nation(e.nation), place=n.place(e.place))


def _modifiers(e, n) -> str:
    """Each modifier by what gives it: a nation (E7.1 by nationality, keyed by its id), blockading, a cap."""
    parts = [f"{'+' if v >= 0 else '−'}{abs(v)} {n.t._(MODIFIER[k]) if k in MODIFIER else n.nation(k)}"
             for k, v in e.modifiers.items() if v]
    return (" " + " ".join(parts)) if parts else ""


def _rolled(e, n):
    verdict = n.t._("success") if e.success else n.t._("failed")
    text = n.t._("{purpose} by {nation} in {zone} against {target}: {faces}{modifiers} = {total}, more than 9 "
                 "needed: {verdict} (E7).", purpose=n.t._(PURPOSE.get(e.purpose, e.purpose)),
                 nation=n.nation(e.nation), zone=n.place(e.zone), target=n.nations(e.target), faces=_faces(e.faces),
                 modifiers=_modifiers(e, n), total=e.total, verdict=verdict)
    key = {"interception": "intercept", "evasion": "evade"}.get(e.purpose, e.purpose)
    return text + _key(n, key, e.zone, faces=e.faces)


def _declined(e, n):
    return n.t._("{nation} did not try to intercept in {zone} (E5.3).", nation=n.nation(e.nation), zone=n.place(e.zone))


def _automatic(e, n):
    return n.t._("{squadrons} ({nation}) in {port} intercept at {strait} without a roll (E13.2).",
                 squadrons=n.squadrons(e.squadrons), nation=n.nation(e.nation), port=n.place(e.port),
                 strait=n.place(e.strait))


def _evaded(e, n):
    if e.breakout:
        return n.t._("{squadrons} ({nation}) evaded and returned to {place} (E6.3).",
                     squadrons=n.squadrons(e.squadrons), nation=n.nation(e.nation), place=n.place(e.place))
    return n.t._("{squadrons} ({nation}) evaded and are in {place} (E6.2, E6.4).", squadrons=n.squadrons(e.squadrons),
                 nation=n.nation(e.nation), place=n.place(e.place))


def _destroyed(e, n):
    return n.t._("{squadrons} ({nation}) destroyed in {place} ({rule}).", squadrons=n.squadrons(e.squadrons),
                 nation=n.nation(e.nation), place=n.place(e.place), rule=e.rule)


def _placed(e, n):
    return n.t._("{squadrons} ({nation}) placed from {origin} in {destination} ({rule}).",
                 squadrons=n.squadrons(e.squadrons), nation=n.nation(e.nation), origin=n.place(e.origin),
                 destination=n.place(e.destination), rule=e.rule)


def _no_port(e, n):
    return n.t._("{squadrons} ({nation}) lost in {place} and have no friendly port to go to: they stay until a "
                 "moderator places them with `/empires-in-arms squadron` (E-OP-18).",
                 squadrons=n.squadrons(e.squadrons), nation=n.nation(e.nation), place=n.place(e.place))


def _convoy(e, n):
    return n.t._("A convoy of {nation} sailed {path} ({ko} KO, E11.5).", nation=n.nation(e.nation), path=n.path(e.path),
                 ko=e.ko)


def _cargo(e, n):
    return n.t._("The convoy carried {items} to {destination}.", items=n.items(e.items),
                 destination=n.place(e.destination))


def _landing(e, n):
    text = n.t._("{nation} landed {items} in {port} (E12.3).", nation=n.nation(e.nation), items=n.items(e.items),
                 port=n.place(e.port))
    if e.enemy_present:
        text += " " + n.t._("Enemy formations are there: evasion or combat follows by the land rules; a moderator "
                            "enters it (E12.4, E-OP-23).")
    return text


def _command(e, n):
    return n.t._("{squadron} ({nation}) commands {armada} ({rule}).", squadron=n.squadron(e.squadron),
                 nation=n.nation(e.nation), armada=n.armada(e.armada), rule=e.rule)


def _left_armada(e, n):
    return n.t._("The fleet of {nation} left {armada} in {place}: a stack of its own (E3.2.2, E4.3).",
                 nation=n.nation(e.nation), armada=n.armada(e.armada), place=n.place(e.place))


def _zone(e, n):
    if e.nation is None:
        return n.t._("Nobody controls {zone} any more (E-OP-12).", zone=n.place(e.zone))
    return n.t._("{nation} controls {zone} (E-OP-12).", nation=n.nation(e.nation), zone=n.place(e.zone))


def _port_lost(e, n):
    text = n.t._("{port} passed from {previous} to {nation} (E14).", port=n.place(e.port),
                 previous=n.nation(e.previous), nation=n.nation(e.nation))
    if e.put_to_sea:
        text += " " + n.t._("{squadrons} must put to sea (E14.1).", squadrons=n.squadrons(e.put_to_sea))
    return text


def _card(e, n):
    return n.t._("{nation} played a naval combat card in the battle at {place}; the moderators apply its effect "
                 "(E8.3, E-OP-14).", nation=n.nation(e.nation), place=n.place(e.place))


def _not_carried(e, n):
    reason = n.t._(e.reason, **e.values) if e.values else n.t._(e.reason)
    rule = f" ({e.rule})" if e.rule else ""
    order = n.t._(ORDER[e.order]) if e.order in ORDER else e.order
    return n.t._("The {order} order of {nation} was not carried out: {reason}{rule}", order=order,
                 nation=n.nation(e.nation), reason=reason, rule=rule)


def _notice(e, n):
    """For the moderators: a battle waits for them (E-OP-15's dice) or their form was refused, and why."""
    reason = n.t._(e.reason, **e.values) if e.values else n.t._(e.reason)
    rule = f" ({e.rule})" if e.rule else ""
    return n.t._("⚠️ For the moderators{rule}: {reason}", rule=rule, reason=reason)


def _stopped(e, n):
    reason = n.t._(STOPPED[e.reason]) if e.reason in STOPPED else n.t._(e.reason)
    return n.t._("The move of {nation} ended in {place}: {reason}.", nation=n.nation(e.nation), place=n.place(e.place),
                 reason=reason)


def _answer(e, n):
    """A question by what it decides (its id's first part: intercept:britain, evade:mover …), the answer worded."""
    source = n.t._(SOURCE.get(e.source, e.source))
    rule = f" ({e.rule})" if e.rule else ""
    what = e.question.split(":", 1)[0]
    question = n.t._(QUESTION[what]) if what in QUESTION else e.question
    value = n.t._(ANSWER[e.value]) if e.value in ANSWER else n.place(e.value) if e.value in n.map.nodes else e.value
    return n.t._("Answered {source}{rule}: {question} → {value}.", source=source, rule=rule, question=question,
                 value=value)


def _impulse_ended(e, n):
    return n.t._("Impulse {impulse} of {nation} is over; next: {next}.", impulse=e.impulse, nation=n.nation(e.nation),
                 next=n.nation(e.next_nation))


# --- combat's events (rules/combat, E3) --------------------------------------------------------

def _began(e, n):
    n.sides[e.place] = (tuple(e.active_nations), tuple(e.inactive_nations))
    if not e.inactive_squadrons and e.battery_dice:  # a battery's fire alone: a strait (E13.1) or a landing (E12.2)
        rule = "E13.1" if e.battle == "strait" else "E12.2" if e.battle == "landing" else "E10.2"
        return n.t._("⚔ The batteries of {place} fire {dice} dice at {active} ({a}, {rule}).", place=n.place(e.place),
                     dice=e.battery_dice, active=n.nations(e.active_nations), a=n.squadrons(e.active_squadrons),
                     rule=rule)
    text = n.t._("⚔ {battle} in {place}: {active} ({a}) against {inactive} ({i}).",
                 battle=n.t._(BATTLE.get(e.battle, BATTLE["interception"])), place=n.place(e.place),
                 active=n.nations(e.active_nations), a=n.squadrons(e.active_squadrons),
                 inactive=n.nations(e.inactive_nations), i=n.squadrons(e.inactive_squadrons))
    if e.battery_dice:
        text += " " + (n.t._("The fortress fires {dice} dice (E10.2).", dice=e.battery_dice) if e.fortress
                       else n.t._("The batteries fire {dice} dice (E10.2).", dice=e.battery_dice))
    return text


def _side(n: Names, place: str, side: str, event=None) -> str:
    """A side by its nations: the event's own (combat's events name both sides), else the battle's start."""
    active, inactive = n.sides.get(place, ((), ()))
    if event is not None and getattr(event, "active", None) is not None:
        active, inactive = event.active, event.inactive
    nations = active if side == "active" else inactive
    return n.nations(nations) if nations else n.t._(SIDE.get(side, side))


def _round_rolled(e, n):
    lines = []
    for side, count, faces, fives in (("active", e.active_count, e.active_dice, e.fives_to_inactive),
                                      ("inactive", e.inactive_count, e.inactive_dice, e.fives_to_active)):
        if count or faces:
            extra = " " + n.t._("(+1 die: the other side failed to evade, E6.5)") if e.evasion_bonus == side else ""
            lines.append(n.t._("  Round {round}, {side}: {count} dice {faces}, {fives} against the other side{extra}",
                               round=e.round, side=_side(n, e.place, side, e), count=count, faces=_faces(faces),
                               fives=n.t.n_("{n} five", "{n} fives", fives), extra=extra)
                         + _key(n, "battle", e.place, f"r{e.round}", side, faces=faces))
    if e.battery_count or e.battery_dice:
        when = n.t._("before the battle") if e.round == 0 else n.t._("round {round}", round=e.round)
        lines.append(n.t._("  Batteries of {place}, {when}: {count} dice {faces}.", place=n.place(e.place), when=when,
                           count=e.battery_count, faces=_faces(e.battery_dice))
                     + _key(n, "battery", e.place, f"r{e.round}", faces=e.battery_dice))
    return "\n".join(lines)


def _round_decided(e, n):
    if e.winner is None:
        return n.t._("  The batteries' result: {result} ({by}).", result=e.battery_result, by=_entered(e, n))
    winner = n.t._("a tie: another round") if e.winner == "tie" else n.t._("{side} wins the round",
                                                                           side=_side(n, e.place, e.winner, e))
    battery = n.t._(" (batteries {battery})", battery=e.battery_result) if e.battery_result else ""
    rule = f" ({e.rule})" if e.rule else ""
    return n.t._("  Round {round}: {active} {a_total} against {inactive} {i_total}{battery}; {winner}{rule} ({by}).",
                 round=e.round, active=_side(n, e.place, "active", e), a_total=e.active_total,
                 inactive=_side(n, e.place, "inactive", e), i_total=e.inactive_total, battery=battery, winner=winner,
                 rule=rule, by=_entered(e, n))


def _entered(e, n) -> str:
    return n.t._("entered by the moderators") if e.entered_by == "moderators" else n.t._("the combat module")


def _lost(e, n):
    when = n.t._(" in round {round}", round=e.round) if e.round is not None else ""
    rule = f" ({e.rule})" if e.rule else ""
    side = n.nations(e.nations) if e.nations else _side(n, e.place, e.side)
    return n.t._("  {side} lost {squadrons}{when}{rule}.", side=side,
                 squadrons=n.squadrons(e.squadrons), when=when, rule=rule)


def _decided(e, n):
    if e.winner is None:
        head = n.t._("The battery fire at {place} is over.", place=n.place(e.place))
    else:
        head = n.t.n_("The battle in {place} is over after {n} round: {winner} won.",
                      "The battle in {place} is over after {n} rounds: {winner} won.", e.rounds,
                      place=n.place(e.place), winner=_side(n, e.place, e.winner, e))
    fates = [n.t._("{side}: {fate}", side=_side(n, e.place, side, e), fate=n.t._(PLACEMENT.get(how, how)))
             for side, how in sorted(e.placements.items())]
    rule = f" ({e.rule})" if e.rule else ""
    return head + rule + ("" if not fates else " " + "; ".join(fates) + ".")


TEMPLATES = {
    "eia_maneuvers_spent": _spent, "eia_fleet_moved": _moved, "eia_squadrons_dropped": _dropped,
    "eia_squadrons_picked_up": _picked, "eia_interception_rolled": _rolled, "eia_interception_declined": _declined,
    "eia_automatic_interception": _automatic, "eia_evaded": _evaded, "eia_squadrons_destroyed": _destroyed,
    "eia_combat_card": _card, "eia_fleet_placed": _placed, "eia_no_port_for_loser": _no_port, "eia_convoy_sailed": _convoy,
    "eia_convoy_cargo": _cargo, "eia_landing": _landing, "eia_armada_command": _command,
    "eia_armada_left": _left_armada, "eia_zone_control": _zone, "eia_port_lost": _port_lost,
    "eia_plan_not_carried": _not_carried, "eia_plan_stopped": _stopped, "eia_moderators_notice": _notice, "eia_answer_applied": _answer,
    "eia_impulse_ended": _impulse_ended,
    "eia_battle_began": _began, "eia_round_rolled": _round_rolled, "eia_round_decided": _round_decided,
    "eia_squadrons_lost": _lost, "eia_battle_decided": _decided,
}
