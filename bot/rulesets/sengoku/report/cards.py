"""Sengoku's summary cards (see ``bot.report.cards``): one per battle the
audience saw, and for a clan one card of how its own units came out.

Built only from the events the audience may read (the same filter as its
report, S12.6, R19), so a card never says more than the report beside it:
no stakes, dice, experience or heavy detachments of another clan's units.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.report import ReportInput, per_turn
from bot.report.cards import Card, CardField
from bot.rulesets.sengoku.report.names import Names
from bot.rulesets.sengoku.report.sightings import seen_by_audience

NO_WINNER = "#7f8c8d"
Sees = Callable[[Event], bool]


def cards_for(data: ReportInput, clan: str | None, moderators: bool = False) -> list[Card]:
    """The cards of one audience: the public (``clan=None``), a clan, or the moderators."""
    viewer = MODERATORS if moderators else PUBLIC if clan is None else Viewer.of(clan)
    names = Names(data, data.language_for(viewer))
    seen = _seen(data, clan, moderators)
    own = set() if moderators or clan is None else _own_units(data, clan) | {
        uid for uid, hd in data.before.heavy.items() if hd.owner == clan}
    cards = battle_cards(seen, names, data, lambda unit: moderators or unit in own)
    if clan is not None and not moderators:
        cards.insert(0, clan_card(seen, names, data, clan))
    return cards


def _seen(data: ReportInput, clan: str | None, moderators: bool) -> list[Event]:
    """The events the audience may read (as its report and map have them, sightings.seen_by_audience)."""
    if moderators:
        return data.events
    seen = seen_by_audience(data)
    if clan is None:
        return seen.public
    if clan in seen.clans:
        return seen.clans[clan]
    return [e for e in data.events if e.audience.sees(clan)]  # a clan not in the turn: what names it


def battle_cards(events: list[Event], names: Names, data: ReportInput,
                 knows: Callable[[str], bool] = lambda unit: False) -> list[Card]:
    """A card per battle, from its BattleBegan to its BattleEnded (S8.6: the battle in rounds).
    ``knows``: the units the audience knows in full (its own), listed on a side even if unnamed."""
    cards, open_battles, lead_in = [], {}, []
    named_by = per_turn(data, "sengoku.cards.named", lambda _: {})  # filled as asked: id(event) -> _named
    for event in events:
        if event.kind == "battle_began":
            open_battles[event.battle] = (event, [], list(lead_in))
        elif event.kind == "battle_ended" and event.battle in open_battles:
            began, inside, before = open_battles.pop(event.battle)
            named = set().union(*(_named_in(named_by, e) for e in before + inside))
            cards.append(_battle_card(began, inside, event, names, data, lambda u: u in named or knows(u)))
            lead_in = []
        else:
            lead_in.append(event)
            for _, inside, _ in open_battles.values():
                inside.append(event)
    return cards


# Fields of an event that name units (ids), as the report's templates name them.
_UNIT_FIELDS = ("unit", "units", "sides", "lead", "leads", "fleet", "fleets", "holders")


def _named_in(named_by: dict[int, tuple[Event, frozenset[str]]], event: Event) -> frozenset[str]:
    """``_named(event)``, worked out once per turn: every audience's battle cards ask it of the events
    around each battle they saw (a large turn: ~40,000 times over 18 audiences).  Kept with the event,
    so that its id is never another's."""
    found = named_by.get(id(event))
    if found is None or found[0] is not event:
        found = named_by[id(event)] = (event, frozenset(_named(event)))
    return found[1]


def _named(event: Event) -> set[str]:
    """The unit ids an event names: a battle's side lists only units the audience's report names
    in that battle (its meeting or attack, its rounds, its fates).  The BattleBegan event holds every
    fighter, among them port defenders and heavy detachments standing in (S9.1.3) that never paired:
    naming them would tell more than the report, e.g. a clan's count of heavy detachments (S12.6)."""
    found: set[str] = set()
    fields = event.__dict__  # getattr(event, name, None), without pydantic's slow way to a missing field
    for name in _UNIT_FIELDS:
        value = fields.get(name)
        if isinstance(value, dict):
            value = list(value.values())
        for item in value if isinstance(value, (list, tuple)) else [value]:
            found.update(item if isinstance(item, (list, tuple)) else [item])
    return {u for u in found if isinstance(u, str)}


def _battle_card(began: Event, inside: list[Event], ended: Event, names: Names, data: ReportInput,
                 shown: Callable[[str], bool]) -> Card:
    t = names.t
    title = (t._("⚔️ Battle off {area} for the port of {port}", area=names.area(began.area),
                 port=names.port(began.port_defence)) if began.port_defence
             else t._("⚔️ Battle off {area}", area=names.area(began.area)))
    outcome = (t.n_("{clan} won after {n} round", "{clan} won after {n} rounds", ended.rounds,
                    clan=names.clan(ended.winner)) if ended.winner
               else t.n_("no winner after {n} round", "no winner after {n} rounds", ended.rounds))
    fields = [CardField(names.clan(clan), names.units([u for u in units if shown(u)]) or "—")
              for clan, units in began.sides.items()]
    fields.append(CardField(t._("Outcome"), outcome, inline=False))
    fates = _fates(inside, names)
    if fates:
        fields.append(CardField(t._("Losses"), "\n".join(fates), inline=False))
    return Card(title, _colour(data, ended.winner), fields=tuple(fields))


def _fates(events: list[Event], names: Names) -> list[str]:
    fates, t = [], names.t
    for event in events:
        if event.kind == "destroyed":
            fates.append(t._("{unit}: destroyed", unit=names.unit(event.unit)))
        elif event.kind == "captured":
            fates.append(t._("{unit}: captured by {clan}", unit=names.unit(event.unit), clan=names.clan(event.by)))
        elif event.kind == "dispersed" and event.back_to:
            fates.append(t._("{unit}: dispersed, back to {port}", unit=names.unit(event.unit),
                             port=names.port(event.back_to)))
        elif event.kind == "dispersed":
            fates.append(t._("{unit}: dispersed", unit=names.unit(event.unit)))
        elif event.kind == "character_fate":
            fates.append(_fate(event, names))
    return fates


def _fate(event: Event, names: Names) -> str:
    """A character's fate (S9.4), each a whole phrase: a ship's "captured" is another word in some languages."""
    character = names.character(event.character)
    if event.status == "dead":
        return names.t._("{character}: killed", character=character)
    if event.status == "captured" and event.captor:
        return names.t._("{character}: captured by {clan}", character=character, clan=names.clan(event.captor))
    return names.t._("{character}: {fate}", character=character, fate=names.text(event.status))


def clan_card(events: list[Event], names: Names, data: ReportInput, clan: str) -> Card:
    """How the clan's own units came out of the turn, and what it took."""
    own = _own_units(data, clan)
    lost = [f for e in events if e.__dict__.get("unit") in own for f in _fates([e], names)]  # getattr(e, "unit", None)
    taken = [names.unit(e.unit) for e in events if e.kind == "captured" and e.by == clan]
    damaged = [f"{unit.name} ({unit.damage})" for unit in data.after.squadrons.values()
               if unit.owner == clan and unit.damage and unit.state.value == "active"]
    t, none = names.t, names.t._("none")
    fields = (CardField(t._("Lost or scattered"), "\n".join(lost) or none, inline=False),
              CardField(t._("Captured"), ", ".join(taken) or none),
              CardField(t._("Damaged squadrons"), ", ".join(damaged) or none))
    # A side is keyed by its lead clan; an ally's or a helper's squadron fights in it too (OP-29 b, S4.2.4).
    battles = sum(1 for e in events if e.kind == "battle_began"
                  and any(u in own for units in e.sides.values() for u in units))
    description = (t.n_("Fought {n} battle this turn.", "Fought {n} battles this turn.", battles) if battles
                   else t._("Fought no battle this turn."))
    return Card(t._("{clan} — turn {turn}", clan=names.clan(clan), turn=data.turn), _colour(data, clan),
                description, fields)


def _own_units(data: ReportInput, clan: str) -> set[str]:
    """The clan's units as the turn began: a unit captured during the turn was still its loss."""
    return {uid for table in (data.before.squadrons, data.before.fleets)
            for uid, unit in table.items() if unit.owner == clan}


def _colour(data: ReportInput, clan: str | None) -> str:
    found = data.before.clans.get(clan) if clan else None
    return found.colour if found else NO_WINNER
