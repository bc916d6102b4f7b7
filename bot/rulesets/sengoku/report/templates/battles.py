"""Templates of the events of encounters and battles (S5, S8, S9).

Every sentence is an English message id in the Sengoku catalogue, worded in the report's language
through ``n.t`` (names.py); dice, keys, categories and rule ids stay as they are."""

from __future__ import annotations

from typing import Callable

from bot.domain.events import Event
from bot.i18n import N_
from bot.rulesets.sengoku.report.names import Names

HARM = {"unharmed": N_("unharmed"), "wound": N_("1 wound"), "two_wounds": N_("2 wounds"),
        "killed": N_("killed"), "general_killed_commander_captured": N_("killed (General) / captured (Commander)")}
LOSS = {"no_losses": N_("no real losses"), "small_losses": N_("small losses"), "heavy_losses": N_("heavy losses"),
        "captured": N_("ships captured"), "burnt": N_("burnt in harbour")}
STAKES = {"low": N_("low"), "high": N_("high")}
MANOEUVRES = {"take_wind": N_("take wind"), "feigned_retreat": N_("feigned retreat"), "tsuruyoki": N_("tsuruyoki"),
              "defensive": N_("defensive")}


def stake(n: Names, value) -> str:
    """A stake as the report writes it (an enum or its value): low, high."""
    value = getattr(value, "value", value)
    return n.t._(STAKES[value]) if value in STAKES else str(value)


def _met(e, n: Names) -> str:
    t = n.t
    sides = t._(" and ").join(t.n_("{clan} {n} squadron ({units})", "{clan} {n} squadrons ({units})", len(u),
                                   clan=n.clan(c), units=n.units(u)) for c, u in e.sides.items())
    return t._("Off {area}: {sides} met.", area=n.area(e.area), sides=sides)


def _battle_ended(e, n: Names) -> str:
    t = n.t
    result = (t._("{clan} won", clan=n.clan(e.winner)) if e.winner
              else t._("no winner: neither side kept a squadron in line"))
    capped = t._(" — stopped at the round limit; the moderator decides (OP-33)") if e.capped else ""
    return t.n_("  Battle off {area} over after {n} round: {result}.{capped}",
                "  Battle off {area} over after {n} rounds: {result}.{capped}", e.rounds,
                area=n.area(e.area), result=result, capped=capped)


def _pair(e, n: Names) -> str:
    """pair_seen, for everyone: categories and winner only (R19)."""
    t = n.t
    left, right = (n.units(side) for side in e.sides)
    if e.winner is None:
        outcome = t._("both sides defeated (S8.3)")
    else:  # English says "won" of one squadron or several; a language with plurals words each
        outcome = t.n_("{units} won", "{units} won", len(e.sides[e.winner]), units=(left, right)[e.winner])
    return t._("  Round {round}: {left} [{left_category}] vs {right} [{right_category}] → {outcome}.",
               round=e.round, left=left, left_category=e.categories[0], right=right,
               right_category=e.categories[1], outcome=outcome)


def _tiebreak(e, n: Names) -> str:
    """pair_decided, for moderators: the S8.3 step that broke a tie; the round
    line itself comes from pair_seen."""
    if not e.tiebreak or e.winner is None:
        return ""
    return n.t._("    (round {round}: tie broken on {tiebreak}, S8.3)", round=e.round, tiebreak=n.text(e.tiebreak))


def modifiers(n: Names, modifiers) -> list[str]:
    """A roll's modifiers, ``+1 XP``, ``-2 dmg``: their labels in the report's language (engine_texts.py)."""
    return [f"{v:+d} {n.text(label)}" for label, v in modifiers]


def _rolled(e, n: Names) -> str:
    mods = "".join(" " + m for m in modifiers(n, e.modifiers))
    shift = f" → {e.category}" if e.category != e.base_category else ""
    return n.t._("    {unit} ({stake} stake) 2d6 [{faces}]{modifiers} = {total} → {category}{shift}   (key {key})",
                 unit=n.unit(e.unit), stake=stake(n, e.stake), faces="·".join(map(str, e.faces)), modifiers=mods,
                 total=e.total, category=e.base_category, shift=shift, key=e.key)


def _loss(e, n: Names) -> str:
    t = n.t
    loss = t._(LOSS[e.result])
    if e.face is None:
        text = (N_("    {unit} won: {loss} (S8.4.4), no loss die.") if e.won
                else N_("    {unit} lost: {loss} (S8.4.4), no loss die."))
        return t._(text, unit=n.unit(e.unit), loss=loss)
    mod = f" {e.modifier:+d}" if e.modifier else ""
    damage = t._(", damage {damage}", damage=e.damage_after) if e.result != "captured" else ""
    text = (N_("    {unit} won at {stake} stake: loss d6 [{face}]{modifier} → {loss}{damage}   (key {key})") if e.won
            else N_("    {unit} lost at {stake} stake: loss d6 [{face}]{modifier} → {loss}{damage}   (key {key})"))
    return t._(text, unit=n.unit(e.unit), stake=stake(n, e.stake), face=e.face, modifier=mod, loss=loss,
               damage=damage, key=e.key)


def _harmed(e, n: Names) -> str:
    t = n.t
    roll = (t._(" d6 [{face}] on {table}:", face=e.face, table=e.table) if e.face is not None
            else f" ({e.table}):")
    key = t._("   (key {key})", key=e.key) if e.key else ""
    values = dict(character=n.character(e.character), roll=roll, key=key)
    if e.harm == "captured" and e.captor:  # a whole phrase: a person is taken, where a ship is captured
        return t._("    {character}{roll} captured by {clan}.{key}", clan=n.clan(e.captor), **values)
    harm = t._(HARM[e.harm]) if e.harm in HARM else e.harm
    captor = t._(" by {clan}", clan=n.clan(e.captor)) if e.captor and e.harm != "unharmed" else ""
    return t._("    {character}{roll} {harm}{captor}.{key}", harm=harm, captor=captor, **values)


# Fall-backs that are what the unit does, not what it is ("keeps its base", S12.4 and S2.5).
_FALLBACK_VERBS = ("keeps ", "sails ")


def _fell_back(e, n: Names) -> str:
    values = dict(unit=n.unit(e.unit), order=e.order, reason=n.text(e.reason), fallback=n.text(e.fallback))
    if e.fallback.startswith(_FALLBACK_VERBS):
        return n.t._("Order for {unit} ({order}) could not be carried out: {reason}. It {fallback} instead.", **values)
    return n.t._("Order for {unit} ({order}) could not be carried out: {reason}. It is {fallback} instead.", **values)


def _based(e, n: Names) -> str:
    t = n.t
    if e.host:
        return t._("{unit} is now based at {port} (was {previous}), under the basing agreement with {host} for "
                   "turn {turn} (S2.4).", unit=n.unit(e.unit), port=n.port(e.port), previous=n.port(e.previous),
                   host=n.clan(e.host), turn=e.agreement_turn)
    return t._("{unit} is now based at {port} (was {previous}).", unit=n.unit(e.unit), port=n.port(e.port),
               previous=n.port(e.previous))


def _on_station(e, n: Names) -> str:
    if e.blocks_port:
        return n.t._("{unit} cruises off {area}, blockading {port} (S4.3.3).", unit=n.unit(e.unit),
                     area=n.area(e.area), port=n.port(e.blocks_port))
    return n.t._("{unit} cruises off {area}.", unit=n.unit(e.unit), area=n.area(e.area))


def _avoided(e, n: Names) -> str:
    if e.dispersed:
        return n.t._("  {unit} avoided battle and was dispersed (S5.5).", unit=n.unit(e.unit))
    return n.t._("  {unit} declined battle without being dispersed (OP-28).", unit=n.unit(e.unit))


def _battle_began(e, n: Names) -> str:
    if e.port_defence:
        return n.t._("  Battle off {area} for the port of {port}.", area=n.area(e.area), port=n.port(e.port_defence))
    return n.t._("  Battle off {area}.", area=n.area(e.area))


def _manoeuvre(e, n: Names) -> str:
    name = n.t._(MANOEUVRES[e.manoeuvre]) if e.manoeuvre in MANOEUVRES else e.manoeuvre.replace('_', ' ')
    if e.cancelled:
        return n.t._("  {clan} used the manoeuvre {manoeuvre} (cancelled: {cancelled}).", clan=n.clan(e.clan),
                     manoeuvre=name, cancelled=", ".join(n.text(c) for c in e.cancelled))
    return n.t._("  {clan} used the manoeuvre {manoeuvre}.", clan=n.clan(e.clan), manoeuvre=name)


def _fate(e, n: Names) -> str:
    if e.status == "captured":
        return n.t._("    {character} was captured by {clan}.", character=n.character(e.character),
                     clan=n.clan(e.captor))
    return n.t._("    {character} was killed.", character=n.character(e.character))


CREDITS = {  # S8.4.6, one whole sentence per kind of prize
    "squadron": N_("    Capture credit (squadron) for {clan}, held by {holders}: next turn build a squadron or a "
                   "heavy detachment for 1 DP + 3 RP (S8.4.6)."),
    "heavy_detachment": N_("    Capture credit (heavy detachment) for {clan}, held by {holders}: next turn build a "
                           "squadron or a heavy detachment for 1 DP + 3 RP (S8.4.6)."),
}


def _credit_gained(e, n: Names) -> str:
    values = dict(clan=n.clan(e.clan), holders=n.units(e.holders))
    if e.credit_kind in CREDITS:
        return n.t._(CREDITS[e.credit_kind], **values)
    return (f"    Capture credit ({e.credit_kind.replace('_', ' ')}) for {values['clan']}, held by {values['holders']}: "
            f"next turn build a squadron or a heavy detachment for 1 DP + 3 RP (S8.4.6).")  # no such kind today


TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "order_fell_back": _fell_back,
    "default_applied": lambda e, n: n.t._("[{rule}] default applied: {detail}", rule=e.rule, detail=n.text(e.detail)),
    "based": _based,
    "base_refused": lambda e, n: n.t._("{unit} could not re-base to {port}: {reason}.", unit=n.unit(e.unit),
                                       port=n.port(e.port), reason=n.text(e.reason)),
    "moved": lambda e, n: n.t._("{unit} sails: {route}.", unit=n.unit(e.unit),
                                route=" → ".join(n.area(a) for a in e.route)),
    "on_station": _on_station,
    "met": _met,
    "declined": lambda e, n: n.t._("  Nobody sought battle off {area}; all went on (OP-25).", area=n.area(e.area)),
    "avoided": _avoided,
    "forced_refusal": lambda e, n: n.t.n_(
        "  {unit} refused a battle forced by an ordinary squadron: {n} heavy detachment lost to {clan} (S5.7).",
        "  {unit} refused a battle forced by an ordinary squadron: {n} heavy detachments lost to {clan} (S5.7).",
        e.heavy_lost, unit=n.unit(e.unit), clan=n.clan(e.to_clan)),
    "refusal_seen": lambda e, n: n.t._("  {unit} refused a battle forced by an ordinary squadron and lost its heavy "
                                       "ships to {clan} (S5.7).", unit=n.unit(e.unit), clan=n.clan(e.to_clan)),
    "battle_began": _battle_began,
    "pairing_made": lambda e, n: "",
    "manoeuvre_used": _manoeuvre,
    "squadron_rolled": _rolled,
    "pair_seen": _pair,
    "pair_decided": _tiebreak,
    "loss_rolled": _loss,
    "dispersed": lambda e, n: n.t._("    {unit} is dispersed and returns to {port}.", unit=n.unit(e.unit),
                                    port=n.port(e.back_to)),
    "destroyed": lambda e, n: n.t._("    {unit} is destroyed: {cause}.", unit=n.unit(e.unit), cause=n.text(e.cause)),
    "captured": lambda e, n: n.t._("    {unit} is captured by {clan}.", unit=n.unit(e.unit), clan=n.clan(e.by)),
    "heavy_detached": lambda e, n: n.t._("    {unit} survives its squadron and returns to {port} (OP-35).",
                                         unit=n.unit(e.unit), port=n.port(e.back_to)),
    "credit_gained": _credit_gained,
    "experience_gained": lambda e, n: n.t._("    {unit} gains experience: {before} → {after}.", unit=n.unit(e.unit),
                                            before=e.before, after=e.after),
    "character_harmed": _harmed,
    "pirates_engaged": lambda e, n: n.t._("Off {area}: war squadrons engaged pirates (their owner is not known).",
                                          area=n.area(e.area)),
    "character_fate": _fate,
    "battle_ended": _battle_ended,
}
