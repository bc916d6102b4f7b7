"""The Turn End Phase for squadrons, credits and leaders (S12.5 step 7).

7.3  Squadrons that are not on a standing cruise go back to their base port
     (W3 and W4 squadrons [L58, L59], escorts, any left at sea); standing
     cruisers stay on station (S5.2).  The trip is abstract (OP-24 5).
7.4  Capture credits of this turn: a holder that is no longer active
     (destroyed, captured) no longer holds it; a credit with no holder left
     is void (S8.4.6, OP-36, R3).  Dispersal already removed its holder when
     it happened (casualties.disperse), because the dispersed flag is cleared
     every sub-phase.
7.5  Each leader's naval record for the turn, to his clan: battles led
     (veteran from next turn, S9.2, OP-44 b) and victories (S9.3, R9: at
     most one per engagement, counted where each battle ends).
7.7  Per-turn flags are cleared.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events_turn import CreditVoided, NavalRecord, ReturnedToBase
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.rules.movement.movement import Mover, run_wave


def run(ctx: Ctx) -> None:
    _home_at_turn_end(ctx)
    _check_credits(ctx)
    _leader_records(ctx)
    _clear_turn_flags(ctx)


def _home_at_turn_end(ctx: Ctx) -> None:
    """S12.5 7.3."""
    if ctx.settings.return_trip_encounters:
        _sail_home(ctx)
    for sq in sorted(ctx.state.squadrons.values(), key=lambda s: s.id):
        if sq.state is not UnitState.ACTIVE:
            continue
        if sq.standing and sq.station and sq.location == sq.station:
            continue  # S4.3.4: stays on station until new orders, defeated or dispersed
        home = ctx.base_area(sq.base_port)
        was_away = sq.station is not None or sq.location != home
        sq.station = None
        if home is not None and was_away:
            sq.location = home
            ctx.emit(ReturnedToBase(audience=Audience.of(sq.owner), unit=sq.id, port=sq.base_port))


def _sail_home(ctx: Ctx) -> None:
    """OP-24 (5) with ``return_trip_encounters``: the way home is sailed step by
    step, as a wave of its own ("WR"), and meets what stands on it (S5.4)."""
    movers = []
    for sq in sorted(ctx.state.squadrons.values(), key=lambda s: s.id):
        home = ctx.base_area(sq.base_port)
        staying = sq.standing and sq.station and sq.location == sq.station
        if sq.state is not UnitState.ACTIVE or staying or home is None or sq.location in (None, home):
            continue
        route = ctx.gamemap.coast_path(sq.location, home)
        if route and len(route) > 1:
            sq.station = None
            movers.append(Mover(unit=sq.id, route=route, mission="return"))
    if movers:
        run_wave(ctx, "WR", movers)


def _check_credits(ctx: Ctx) -> None:
    """S12.5 7.4, R3."""
    for credit in ctx.state.credits:
        if credit.turn_captured != ctx.state.turn:
            continue
        gone = [u for u in credit.holders
                if u not in ctx.state.squadrons or ctx.state.squadrons[u].state is not UnitState.ACTIVE]
        credit.holders = [u for u in credit.holders if u not in gone]
        if not credit.holders:
            credit.void = True
        if credit.void:
            ctx.emit(CreditVoided(audience=Audience.of(credit.holder), clan=credit.holder, credit=credit.id,
                                  reason="every squadron that held it was dispersed or destroyed later "
                                         "this turn (S8.4.6, R3)"))


def _leader_records(ctx: Ctx) -> None:
    """S12.5 7.5: the records themselves are written when each battle ends
    (casualties.record_leaders); this tells each clan what its leaders gained."""
    turn = ctx.state.turn
    for character in sorted(ctx.state.characters.values(), key=lambda c: c.id):
        battles = sum(1 for e in character.naval_events if e.turn == turn and e.kind == "led_battle")
        gained = character.victories - ctx.victories_at_start.get(character.id, character.victories)
        if not battles and not gained:
            continue
        newly_art = character.art_active() and character.id not in ctx.art_active
        ctx.emit(NavalRecord(audience=Audience.of(character.clan), character=character.id, battles=battles,
                              victories=gained, total_victories=character.victories,
                              art_now_active=newly_art))


def _clear_turn_flags(ctx: Ctx) -> None:
    """S12.5 7.7: per-turn flags end with the turn."""
    for sq in ctx.state.squadrons.values():
        sq.dispersed = False
    for fleet in ctx.state.fleets.values():
        fleet.repaired_this_turn = False
        fleet.plundered_this_turn = False
