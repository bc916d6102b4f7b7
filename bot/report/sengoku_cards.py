"""Sengoku's summary cards (see ``bot.report.cards``): one per battle the
audience saw, and for a clan one card of how its own units came out.

Built only from the events the audience may read (the same filter as its
report, S12.6, R19), so a card never says more than the report beside it:
no stakes, dice, experience or heavy detachments of another clan's units.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.domain.events import Event
from bot.report import ReportInput
from bot.report.cards import Card, CardField
from bot.report.sengoku_names import Names

NO_WINNER = "#7f8c8d"
Sees = Callable[[Event], bool]


def cards_for(data: ReportInput, clan: str | None, moderators: bool = False) -> list[Card]:
    """The cards of one audience: the public (``clan=None``), a clan, or the moderators."""
    def sees(event: Event) -> bool:
        return moderators or event.audience.sees(clan)
    names = Names(data)
    seen = [e for e in data.events if sees(e)]
    cards = battle_cards(seen, names, data)
    if clan is not None and not moderators:
        cards.insert(0, clan_card(seen, names, data, clan))
    return cards


def battle_cards(events: list[Event], names: Names, data: ReportInput) -> list[Card]:
    """A card per battle, from its BattleBegan to its BattleEnded (S8.6: the battle in rounds)."""
    cards, open_battles = [], {}
    for event in events:
        if event.kind == "battle_began":
            open_battles[event.battle] = (event, [])
        elif event.kind == "battle_ended" and event.battle in open_battles:
            began, inside = open_battles.pop(event.battle)
            cards.append(_battle_card(began, inside, event, names, data))
        else:
            for _, inside in open_battles.values():
                inside.append(event)
    return cards


def _battle_card(began: Event, inside: list[Event], ended: Event, names: Names, data: ReportInput) -> Card:
    where = f"for the port of {names.port(began.port_defence)}" if began.port_defence else ""
    title = " ".join(filter(None, [f"⚔️ Battle off {names.area(began.area)}", where]))
    rounds = f"{ended.rounds} round{'s' if ended.rounds != 1 else ''}"
    outcome = f"{names.clan(ended.winner)} won after {rounds}" if ended.winner else f"no winner after {rounds}"
    fields = [CardField(names.clan(clan), names.units(units) or "—") for clan, units in began.sides.items()]
    fields.append(CardField("Outcome", outcome, inline=False))
    fates = _fates(inside, names)
    if fates:
        fields.append(CardField("Losses", "\n".join(fates), inline=False))
    return Card(title, _colour(data, ended.winner), fields=tuple(fields))


def _fates(events: list[Event], names: Names) -> list[str]:
    fates = []
    for event in events:
        if event.kind == "destroyed":
            fates.append(f"{names.unit(event.unit)}: destroyed")
        elif event.kind == "captured":
            fates.append(f"{names.unit(event.unit)}: captured by {names.clan(event.by)}")
        elif event.kind == "dispersed":
            back = f", back to {names.port(event.back_to)}" if event.back_to else ""
            fates.append(f"{names.unit(event.unit)}: dispersed{back}")
        elif event.kind == "character_fate":
            fates.append(f"{names.character(event.character)}: {_fate_words(event, names)}")
    return fates


def _fate_words(event: Event, names: Names) -> str:
    if event.status == "dead":
        return "killed"
    if event.status == "captured" and event.captor:
        return f"captured by {names.clan(event.captor)}"
    return event.status


def clan_card(events: list[Event], names: Names, data: ReportInput, clan: str) -> Card:
    """How the clan's own units came out of the turn, and what it took."""
    own = _own_units(data, clan)
    lost = [f for e in events if getattr(e, "unit", None) in own for f in _fates([e], names)]
    taken = [names.unit(e.unit) for e in events if e.kind == "captured" and e.by == clan]
    damaged = [f"{unit.name} ({unit.damage})" for unit in data.after.squadrons.values()
               if unit.owner == clan and unit.damage and unit.state.value == "active"]
    fields = (CardField("Lost or scattered", "\n".join(lost) or "none", inline=False),
              CardField("Captured", ", ".join(taken) or "none"),
              CardField("Damaged squadrons", ", ".join(damaged) or "none"))
    battles = sum(1 for e in events if e.kind == "battle_began" and clan in e.sides)
    description = (f"Fought {battles} battle{'s' if battles != 1 else ''} this turn." if battles
                   else "Fought no battle this turn.")
    return Card(f"{names.clan(clan)} — turn {data.turn}", _colour(data, clan), description, fields)


def _own_units(data: ReportInput, clan: str) -> set[str]:
    """The clan's units as the turn began: a unit captured during the turn was still its loss."""
    return {uid for table in (data.before.squadrons, data.before.fleets)
            for uid, unit in table.items() if unit.owner == clan}


def _colour(data: ReportInput, clan: str | None) -> str:
    found = data.before.clans.get(clan) if clan else None
    return found.colour if found else NO_WINNER
