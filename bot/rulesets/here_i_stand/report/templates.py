"""Report templates of Here I Stand's naval rules: one per event kind of ``rules/events.py``.

Each is ``(event, Names) -> str``; "" adds no line.  Every word is a message id (catalogue
``here-i-stand``).  A roll is shown on a line of its own ending in ``   (key <key>)`` (the marker
``shown_roll_keys`` reads; a name typed by a player cannot forge it: names are cleaned).  HIS plays
with open dice (rules/events.py), so every roll's line reaches every audience the event reaches.
"""

from __future__ import annotations

import re

from bot.domain.text import N_, escape
from bot.rulesets.here_i_stand.report.names import Names, counted
from bot.rulesets.here_i_stand.report.sequence_templates import SEQUENCE_TEMPLATES
from bot.rulesets.here_i_stand.rules.steps import RESPONSE_FIELDS

ACTION = {"naval_move": N_("a naval move"), "naval_transport": N_("a naval transport"),
          "initiate_piracy": N_("piracy"), "build_squadron": N_("building a squadron"),
          "build_corsair": N_("building a corsair")}
CARD = {"foul_weather": N_("Foul Weather"), "janissaries": N_("Janissaries"),
        "professional_rowers": N_("Professional Rowers")}
APPLIED = {"standing": N_("Standing order applied{rule}: {question} → {value}."),
           "default": N_("Default applied{rule}: {question} → {value}.")}
# The answers' values as players read them (rules/steps.py, standing.py, combat.py, piracy.py).
VALUE = {"no": N_("no"), "yes": N_("yes"), "stands": N_("it stands"), "cancelled": N_("cancelled"),
         "lost": N_("the formation lost the battle"), "own_first": N_("own units first"),
         "allies_first": N_("allies' and loaned units first"), "squadron": N_("a squadron"),
         "corsair": N_("a corsair"), "card": N_("a random card"), "vp": N_("one piracy VP")}
FORM = dict(RESPONSE_FIELDS)  # the moderators' form fields, labelled as the prompt labels them


def _faces(faces) -> str:
    return "[" + ", ".join(str(f) for f in faces) + "]" if faces else "—"


def _hits(n: Names, hits: int) -> str:
    return n.t.n_("{n} hit", "{n} hits", hits, n=hits)


def _dice(n: Names, count: int) -> str:
    return n.t.n_("{n} die", "{n} dice", count, n=count)


def _rating(n: Names, rating: int) -> str:
    return n.t._(" + rating {rating}", rating=rating) if rating else ""


def _cp(e, n):
    return n.t._("{power}: {action} for {cp} CP ({remaining} CP left in the impulse).", power=n.power(e.power),
                 cp=e.cp, action=n.t._(ACTION.get(e.action, e.action)), remaining=e.remaining)


def _moved(e, n):
    text = n.t._("{power}: naval move from {origin} to {destination} with {units}{leaders} (H2.6.2).",
                 power=n.power(e.power),
                 units=n.units(e.units, e.power), leaders=n.and_leaders(e.leaders), origin=n.place(e.origin),
                 destination=n.place(e.destination))
    return text + (" " + n.t._("They arrive vertical: no friendly unit was there.") if e.vertical else "")


def _cancelled(e, n):
    return n.t._("Foul Weather ({by}): the naval action of {power} does not take place (H2.6.3).", by=n.powers(e.by),
                 power=n.power(e.power))


def _response(e, n):
    return n.t._("{power}: {card} is played.", power=n.power(e.power), card=n.t._(CARD.get(e.card, e.card)))


def _intercepted(e, n):
    outcome = (n.t._("success: the stack enters {destination}, vertical", destination=n.place(e.destination))
               if e.success else n.t._("failed"))
    return n.t._("{power}: interception from {origin} into {destination} with {units}, 2d6 {faces}{rating} = "
                 "{total}, 9 needed — {outcome} (H2.6.4.6).", power=n.power(e.power), origin=n.place(e.origin),
                 destination=n.place(e.destination), units=n.units(e.units, e.power), faces=_faces(e.faces),
                 rating=_rating(n, e.rating), total=e.total, outcome=outcome) \
        + n.key_marker(f"intercept:{e.power}:{e.origin}:{e.destination}")


def _intercept_skipped(e, n):
    if e.already_in:
        return n.t._("{power}: no interception from {origin} into {destination}, those units already intercepted "
                     "into {other} (H2.6.4).", power=n.power(e.power), origin=n.place(e.origin),
                     destination=n.place(e.destination), other=n.place(e.already_in))
    return n.t._("{power}: no interception into {destination}, {by} is already there (H2.6.4.4).",
                 power=n.power(e.power), destination=n.place(e.destination), by=n.power(e.by))


def _avoided(e, n):
    outcome = (n.t._("success: they withdraw to {destination}", destination=n.place(e.destination))
               if e.success else n.t._("failed: they stay and fight"))
    return n.t._("{power}: avoid battle in {zone} with {units}, 2d6 {faces}{rating} = {total}, 9 needed — "
                 "{outcome} (H2.6.5.5).", power=n.power(e.power), zone=n.place(e.zone),
                 units=n.units(e.units, e.power), faces=_faces(e.faces), rating=_rating(n, e.rating), total=e.total,
                 outcome=outcome) + n.key_marker(f"avoid:{e.power}:{e.zone}")


def _rotated(e, n):
    return n.t._("The vertical units turn back to normal orientation: {units} (H2.6.6).", units=n.units(e.units))


def _combat(e, n):
    base = f"combat:{e.space}:{e.attacker}-{e.defender}"
    where = (n.t._("in port at {space}", space=n.place(e.space)) if e.in_port
             else n.t._("in {space}", space=n.place(e.space)))
    head = n.t._("⚔ Naval combat {where}: {attacker} against {defender} (H3.3).", where=where,
                 attacker=n.power(e.attacker), defender=n.power(e.defender))
    sides = [n.t._("  {power}: {dice} {faces}, {hits}", power=n.power(power), dice=_dice(n, dice),
                   faces=_faces(faces), hits=_hits(n, hits)) + n.key_marker(f"{base}:{role}")
             for power, dice, faces, hits, role in ((e.attacker, e.attacker_dice, e.attacker_faces, e.attacker_hits,
                                                     "attacker"),
                                                    (e.defender, e.defender_dice, e.defender_faces, e.defender_hits,
                                                     "defender"))]
    return "\n".join([head, *sides])


def _extra(e, n):
    found = _extra_key(e, n)
    return n.t._("  {power}: a response card's extra {dice} at {space}: {faces}, {hits} (H3.3.6).",
                 power=n.power(e.power), dice=_dice(n, len(e.faces)), space=n.place(e.space), faces=_faces(e.faces),
                 hits=_hits(n, e.hits)) + (n.t._("   (key {key})", key=found) if found else "")


def _extra_key(e, n) -> str:
    """combat.extra_dice keys the roll by the whole combat and the side; the event names the power."""
    own = re.escape(e.power)
    pattern = re.compile(rf"(?:s\d+:)?combat:{re.escape(e.space)}:(?:{own}-[^:]+:attacker|[^:]+-{own}:defender)"
                         r":extra")
    return next((r.key for r in n.data.rolls if pattern.fullmatch(r.key) and r.faces == tuple(e.faces)), "")


def _decided(e, n):
    if e.tie:
        return n.t._("Naval combat in {space} won by {winner}: hits {a}–{d}, a tie goes to the defender "
                     "(H3.3.7).", winner=n.power(e.winner), space=n.place(e.space), a=e.attacker_hits,
                     d=e.defender_hits)
    return n.t._("Naval combat in {space} won by {winner} against {loser}: hits {a}–{d} (H3.3.7).",
                 winner=n.power(e.winner), loser=n.power(e.loser), space=n.place(e.space), a=e.attacker_hits,
                 d=e.defender_hits)


def _lost(e, n):
    leaders = n.t._("; naval leaders {leaders}", leaders=n.leaders(e.leaders)) if e.leaders else ""
    return n.t._("{power}: {units}{leaders} lost, to {to} ({rule}).", power=n.power(e.power),
                 units=n.units(e.units, e.power) if e.units else n.t._("no unit"), leaders=leaders, to=n.place(e.to),
                 rule=e.rule)


def _kept(e, n):
    return n.t._("Both sides were eliminated; {power} keeps one unit: {unit} ({rule}).", power=n.power(e.power),
                 unit=n.unit(e.unit), rule=e.rule)


def _retreated(e, n):
    return n.t._("{power}: retreat from {origin} to {destination} with {units}{leaders} (H3.3.9).",
                 power=n.power(e.power),
                 units=n.units(e.units, e.power), leaders=n.and_leaders(e.leaders), origin=n.place(e.origin),
                 destination=n.place(e.destination))


def _fight_cancelled(e, n):
    return n.t._("The attacker retreated from {space}: the combat of {attacker} against {defender} there does not take "
                 "place (H-OP-16).", space=n.place(e.space), attacker=n.power(e.attacker),
                 defender=n.power(e.defender))


def _anti_piracy(e, n):
    head = n.t._("☠ Piracy in {zone} against {target}.", zone=n.place(e.zone), target=n.power(e.target))
    roll = n.t._("  Anti-piracy: {dice} (squadrons in the zone {in_zone}, adjacent {adjacent}, fortresses "
                 "{fortresses}) {faces}, corsairs sunk: {hits} (H5.2.2–H5.2.3).", dice=_dice(n, len(e.faces)),
                 in_zone=e.squadrons_in_zone, adjacent=e.squadrons_adjacent, fortresses=e.fortresses,
                 faces=_faces(e.faces), hits=e.hits) + n.key_marker(f"piracy:{e.zone}:anti")
    return "\n".join([head, roll])


def _piracy(e, n):
    return n.t._("  Piracy roll: {base} + {bonus} for the naval leaders {faces}, {hits} (H5.2.4).",
                 base=_dice(n, e.base), bonus=e.bonus, faces=_faces(e.faces), hits=_hits(n, e.hits)) \
        + n.key_marker(f"piracy:{e.zone}:pirates")


def _reward(e, n):
    if e.reward == "squadron":
        what = n.t._("{target} gives up {unit}", target=n.power(e.target), unit=n.unit(e.unit) if e.unit else "?")
    elif e.reward == "card":
        what = n.t._("the Ottomans draw a random card from the hand of {target}", target=n.power(e.target))
    elif e.reward == "vp":
        what = n.t._("the Ottomans gain 1 piracy VP")
    else:
        what = n.t._("no reward is possible")
    return n.t._("  Hit {hit}: {what} (H5.2.5).", hit=e.hit, what=what)


def _built(e, n):
    kind = n.t._("squadron") if e.type == "squadron" else n.t._("corsair")
    return n.t._("{power}: a {type} is built in {port} (H6).", power=n.power(e.power), type=kind, port=n.place(e.port))


def _returned(e, n):
    return n.t._("Back from the Turn Track to the pool: {units} (H6.3.3).", units=n.units(e.units))


def _transported(e, n):
    return n.t._("{power}: naval transport of {formation}, {route}, for {cp} CP (H4).", power=n.power(e.power),
                 formation=n.formation(e.formation), route=n.route(e.path), cp=e.cp)


def _landing_lost(e, n):
    captured = (n.t._("; army leaders captured: {leaders}", leaders=", ".join(escape(x) for x in e.leaders_captured))
                if e.leaders_captured else "")
    return n.t._("The landing at {port} failed: {power} lost the field battle and {units} land units{captured} "
                 "(H4.2.4).", port=n.place(e.port), power=n.power(e.power), units=e.land_units, captured=captured)


def _not_carried(e, n):
    reason = n.t._(e.reason, **e.values) if e.values else n.t._(e.reason)
    rule = f" ({e.rule})" if e.rule else ""
    return n.t._("{power}: {action} could not be carried out: {reason}{rule}. Give another action or pass.",
                 power=n.power(e.power), action=n.t._(ACTION.get(e.action, e.action)), reason=reason, rule=rule)


def _applied(e, n):
    rule = f" ({e.rule})" if e.rule else ""
    return n.t._(APPLIED.get(e.source, APPLIED["default"]), rule=rule, question=question_words(e.question, n),
                 value=value_words(e.value, n))


def question_words(question: str, n: Names) -> str:
    """A question by what it asked (its id as rules/steps.py makes it: ``intercept:<power>:<from>:<to>`` …)."""
    head, _, rest = question.partition(":")
    parts = rest.split(":") if rest else []
    if head == "foul_weather" and parts:
        return n.t._("Foul Weather by {power}", power=n.power(parts[0]))
    if head == "intercept" and len(parts) == 3:
        return n.t._("interception by {power} from {origin} into {destination}", power=n.power(parts[0]),
                     origin=n.place(parts[1]), destination=n.place(parts[2]))
    if head == "avoid" and len(parts) == 2:
        return n.t._("avoid battle in {zone} by {power}", power=n.power(parts[0]), zone=n.place(parts[1]))
    if head == "casualties" and parts:
        return n.t._("whose units {power} loses first", power=n.power(parts[0]))
    if head == "keep" and parts:
        return n.t._("the unit {power} keeps", power=n.power(parts[0]))
    if head == "retreat" and parts:
        return n.t._("the retreat of {power}", power=n.power(parts[0]))
    if head == "reenter" and parts:  # rules/sequence.py: a leader back from the Turn Track (H-OP-26)
        return n.t._("where {leader} re-enters", leader=n.leader(parts[0]))
    if head == "piracy" and parts:
        return n.t._("the reward of piracy hit {hit}", hit=parts[0])
    fixed = {"foul_weather_effect": N_("Foul Weather's effect"), "combat_cards": N_("the combat cards' extra dice"),
             "response_cards": N_("the response cards' extra dice"), "landing": N_("the landing battle")}
    return n.t._(fixed[question]) if question in fixed else escape(question)


def value_words(value: str, n: Names) -> str:
    """An answer's value as players read it: a word, a space, a unit, part of a stack or a form."""
    if value in VALUE:
        return n.t._(VALUE[value])
    if value.startswith("part:") and value.count(":") == 2:
        _, squadrons, corsairs = value.split(":")
        return _part(n, int(squadrons) if squadrons.isdigit() else 0, int(corsairs) if corsairs.isdigit() else 0)
    if value.startswith("part:") and value.endswith(":leaders") and value.count(":") == 3:  # [ZH:L17]
        _, squadrons, corsairs, _ = value.split(":")
        return n.t._("{part}, with the leaders", part=_part(n, int(squadrons) if squadrons.isdigit() else 0,
                                                            int(corsairs) if corsairs.isdigit() else 0))
    if value.startswith("squadron:"):
        return n.unit(value.split(":", 1)[1])
    if "=" in value:
        fields = [pair.partition("=") for pair in value.split(",")]
        return ", ".join(f"{_field(n, k)}: {escape(v)}" for k, _, v in fields)
    return n.place(value)


def _part(n: Names, squadrons: int, corsairs: int) -> str:
    """H2.6.4.2: part of a stack, each count in the catalogue's plural ("1 squadron", never "1 squadrons")."""
    counts = [counted(n.t, kind, k) for kind, k in (("squadron", squadrons), ("corsair", corsairs)) if k]
    return n.t._("only {units}", units=n.t._(" and ").join(counts) or counted(n.t, "naval", 0))


def _field(n: Names, key: str) -> str:
    """A form field's label as the prompt showed it, the side's power named (the fight under way)."""
    if key not in FORM:
        return escape(key)
    fight = n.before.pending.combat if n.before.pending else None
    side = {"attacker_dice": fight.attacker, "defender_dice": fight.defender}.get(key) if fight else None
    return n.t._(FORM[key], power=n.power(side.power) if side else "?")


TEMPLATES = {
    "his_cp_spent": _cp, "his_naval_moved": _moved, "his_move_cancelled": _cancelled,
    "his_response_played": _response, "his_interception": _intercepted,
    "his_interception_skipped": _intercept_skipped, "his_avoid_battle": _avoided, "his_rotated": _rotated,
    "his_combat_rolled": _combat, "his_extra_combat_dice": _extra, "his_combat_decided": _decided,
    "his_units_lost": _lost, "his_unit_kept": _kept, "his_retreated": _retreated,
    "his_fight_cancelled": _fight_cancelled, "his_anti_piracy": _anti_piracy, "his_piracy_rolled": _piracy,
    "his_piracy_reward": _reward, "his_built": _built, "his_returned_to_pool": _returned,
    "his_transported": _transported, "his_answer_applied": _applied, "his_landing_lost": _landing_lost,
    "his_action_not_carried": _not_carried,
}
TEMPLATES.update(SEQUENCE_TEMPLATES)  # the impulse sequencing's events (H2's file)
