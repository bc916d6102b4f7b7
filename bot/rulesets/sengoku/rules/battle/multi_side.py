"""Everything that meets at one place and step: sides, and the order of the
battles when three or more hostile sides are there (S5.4, S5.9, OP-29, R14).

Sides (OP-29 b): the clans present, allies together.  A clan joins the first
side (in clan-id order) all of whose clans it is allied with; a side's
``lead`` is the clan of its best admiral (then best squadron, then clan id)
and speaks for the side (pairing policy, report).  Every squadron still
fights for its own clan: captures and captors are its clan's.

Two sides meet as before.  With three or more sides taking part in battles
(OP-29 d), the deciding side is the one with the best admiral
(sides.admiral_rank: art active > veteran > battles commanded), then the
best squadron experience, then a die (S5.9 steps 1–3).  R14: it orders the
battles it takes part in by its ``multi_clan_priority`` (clan_orders); the
remaining battles follow the next-ranked side's priority, and so on.
Without a priority the side fights the opponent with the most squadrons
first, ties broken by a die (OP-29 c).  Battles are fought one after another;
a squadron dispersed, destroyed or captured takes no part in later ones.
Whether a battle happens at all stays with each squadron's own engage and
avoid policies (S5.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import casualties
from bot.rulesets.sengoku.rules.orders.clan_orders import policy_of
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.battle.encounter import meet
from bot.rulesets.sengoku.rules.battle.sides import admiral_rank, order_of
from bot.rulesets.sengoku.rules.model.events import DefaultApplied
from bot.rulesets.sengoku.rules.model.events_turn import BattleOrderDecided, DeciderRanked, SidesFormed
from bot.rulesets.sengoku.rules.model.model import UnitState


@dataclass
class Side:
    clans: list[str]
    units: list[str]
    lead: str = ""

    @property
    def label(self) -> str:
        """Used in battle ids: the clan id for a one-clan side, else ``a+b``."""
        return "+".join(sorted(self.clans))


def resolve_site(ctx: Ctx, battle_id: str, area: str, present: set[str], movers_here: set[str]) -> None:
    """Every hostile pair of sides with a mover among them meets (S5.4)."""
    if len({ctx.state.squadrons[unit].owner for unit in present}) < 2:
        return  # one clan, one side: nothing to meet (most places a wave passes, issue 18)
    sides = form_sides(ctx, present, leads=False)
    battles = _hostile_pairs(ctx, sides, movers_here)
    if not battles:
        return
    _set_leads(ctx, sides)  # as they stand before the first battle here, as when the sides formed
    if any(len(side.clans) > 1 for pair in battles for side in pair):
        ctx.emit(SidesFormed(audience=_site_audience(ctx, sides), area=area,
                             sides=[sorted(s.clans) for s in sides]))
    if len({side.label for pair in battles for side in pair}) >= 3:
        battles = _ordered_battles(ctx, battle_id, area, battles)
    for first, second in battles:
        units = (_in_play(ctx, first.units), _in_play(ctx, second.units))
        if units[0] and units[1] and movers_here & set(units[0] + units[1]):
            casualties.new_engagement(ctx)  # each battle is an engagement of its own (R9)
            meet(ctx, f"{battle_id}-{first.label}-{second.label}", area,
                 ((first.lead, units[0]), (second.lead, units[1])))


def _site_audience(ctx: Ctx, sides: list[Side]) -> Audience:
    """OP-49, S8.1.2: naming the clans at a place where a squadron is on piracy
    gives its owner away; then only the clans there (and moderators) see it."""
    if any(order_of(ctx, u).kind == "sq_piracy" for side in sides for u in side.units):
        return Audience.of(*(clan for side in sides for clan in side.clans))
    return ctx.public()


def form_sides(ctx: Ctx, present: set[str], leads: bool = True) -> list[Side]:
    """The sides of the clans present (OP-29 b); ``leads``: with each side's lead clan (else
    ``_set_leads`` later, where only a battle needs them)."""
    by_clan: dict[str, list[str]] = {}
    for unit in sorted(present):
        by_clan.setdefault(ctx.state.squadrons[unit].owner, []).append(unit)
    sides: list[Side] = []
    for clan in sorted(by_clan):
        home = next((s for s in sides if all(ctx.state.friendly(clan, c) for c in s.clans)), None)
        if home is None:
            sides.append(Side([clan], list(by_clan[clan])))
        else:
            home.clans.append(clan)
            home.units = sorted(home.units + by_clan[clan])
    if leads:
        _set_leads(ctx, sides)
    return sides


def _set_leads(ctx: Ctx, sides: list[Side]) -> None:
    for side in sides:
        best = min(side.units, key=lambda u: (_negated(_strength(ctx, u)), u))
        side.lead = ctx.state.squadrons[best].owner


def hostile(ctx: Ctx, a: Side, b: Side) -> bool:
    return any(ctx.state.at_war(x, y) for x in a.clans for y in b.clans)


def _hostile_pairs(ctx: Ctx, sides: list[Side], movers_here: set[str]) -> list[tuple[Side, Side]]:
    """Pairs in label order (the two-sided order of earlier versions)."""
    ordered = sorted(sides, key=lambda s: s.label)
    pairs = []
    for i, first in enumerate(ordered):
        for second in ordered[i + 1:]:
            units = (_in_play(ctx, first.units), _in_play(ctx, second.units))
            if hostile(ctx, first, second) and all(units) and movers_here & set(units[0] + units[1]):
                pairs.append((first, second))
    return pairs


def _ordered_battles(ctx: Ctx, battle_id: str, area: str,
                     battles: list[tuple[Side, Side]]) -> list[tuple[Side, Side]]:
    """R14: each ranked side in turn orders the battles it takes part in that are
    not yet placed."""
    sides = {s.label: s for pair in battles for s in pair}
    ranking = _rank_sides(ctx, battle_id, area, list(sides.values()))
    remaining, ordered = list(battles), []
    for side in ranking:
        mine = [pair for pair in remaining if side in pair]
        opponents = [pair[1] if pair[0] is side else pair[0] for pair in mine]
        for opponent in _priority(ctx, battle_id, side, opponents):
            pair = next(p for p in mine if opponent in p)
            ordered.append(pair)
            remaining.remove(pair)
    ctx.emit(BattleOrderDecided(audience=_site_audience(ctx, list(sides.values())), area=area,
                                decider=ranking[0].lead, battles=[[a.label, b.label] for a, b in ordered]))
    return ordered


def _strength(ctx: Ctx, unit: str) -> tuple:
    return (admiral_rank(ctx, unit), ctx.state.squadrons[unit].experience)


def _negated(key: tuple) -> tuple:
    return tuple(_negated(k) if isinstance(k, tuple) else -k for k in key)


def _rank_sides(ctx: Ctx, battle_id: str, area: str, sides: list[Side]) -> list[Side]:
    """S5.9: best admiral, then best squadron, then a die; a die is rolled only
    where a tie decides something (a place with three or more sides still to order)."""
    admiral = {s.label: max(admiral_rank(ctx, u) for u in _in_play(ctx, s.units)) for s in sides}
    veteran = {s.label: max(ctx.state.squadrons[u].experience for u in _in_play(ctx, s.units)) for s in sides}
    pool = sorted(sides, key=lambda s: s.label)
    ranking, basis = [], None
    while pool:
        if len(pool) < 3:
            ranking += sorted(pool, key=lambda s: (_negated(admiral[s.label]), -veteran[s.label], s.label))
            break
        top = max(admiral[s.label] for s in pool)
        tied = [s for s in pool if admiral[s.label] == top]
        step = "admiral"
        if len(tied) > 1:
            best = max(veteran[s.label] for s in tied)
            tied, step = [s for s in tied if veteran[s.label] == best], "squadron_experience"
        if len(tied) > 1:
            key = f"decider:{battle_id}" if not ranking else f"decider:{battle_id}:p{len(ranking) + 1}"
            tied, step = [tied[ctx.roll(key, f"d{len(tied)}").total - 1]], "random"
        basis = basis or step
        ranking.append(tied[0])
        pool.remove(tied[0])
    detail = "; ".join(f"{s.label}: admiral art {admiral[s.label][0]}, veteran {admiral[s.label][1]}, "
                       f"battles led {admiral[s.label][2]}; best squadron XP {veteran[s.label]}" for s in ranking)
    ctx.emit(DeciderRanked(area=area, ranking=[s.label for s in ranking], basis=basis, detail=detail))
    return ranking


def _priority(ctx: Ctx, battle_id: str, side: Side, opponents: list[Side]) -> list[Side]:
    """The side's ``multi_clan_priority`` (its lead clan's first, then its allies');
    opponents it does not list follow, most squadrons first (OP-29 c)."""
    listed: list[str] = []
    for clan in [side.lead] + sorted(c for c in side.clans if c != side.lead):
        listed += [c for c in policy_of(ctx.state, clan).multi_clan_priority if c not in listed]

    def place(opponent: Side) -> int:
        return min((listed.index(c) for c in opponent.clans if c in listed), default=len(listed))

    named = sorted((o for o in opponents if place(o) < len(listed)), key=place)
    rest = [o for o in opponents if place(o) == len(listed)]
    rest = _most_squadrons_first(ctx, battle_id, side, rest)
    if len(rest) > 1:
        ctx.emit(DefaultApplied(rule="OP-29 (c)", detail=f"{side.label} fights {', '.join(o.label for o in rest)} "
                                                         f"in that order: most squadrons first"))
    return named + rest


def _most_squadrons_first(ctx: Ctx, battle_id: str, side: Side, rest: list[Side]) -> list[Side]:
    ordered: list[Side] = []
    pool = sorted(rest, key=lambda s: s.label)
    while pool:
        top = max(len(_in_play(ctx, s.units)) for s in pool)
        tied = [s for s in pool if len(_in_play(ctx, s.units)) == top]
        if len(tied) > 1 and len(pool) > 1:
            key = f"priority:{battle_id}:{side.label}:p{len(ordered) + 1}"
            tied = [tied[ctx.roll(key, f"d{len(tied)}").total - 1]]
        ordered.append(tied[0])
        pool.remove(tied[0])
    return ordered


def _in_play(ctx: Ctx, units: list[str]) -> list[str]:
    out = []
    for unit in units:
        sq = ctx.state.squadrons[unit]
        if sq.state is UnitState.ACTIVE and not sq.dispersed:
            out.append(unit)
    return out
