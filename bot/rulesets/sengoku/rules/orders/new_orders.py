"""New squadron orders at the start of a sub-phase (S5.1, V2, S12.5 6.1).

Squadrons may get new orders in SP2 and SP3 [L55] (squadron piracy only in
SP1 [L52], refused by validation).  A new order ends a standing cruise.  A
squadron re-tasked away from its station sails from the station (V4, OP-24 1):
it keeps its place there until its wave moves it (missions.movers_for then
clears the station).  One told to lie idle or repair goes back to its base
port first; the return trip is abstract (OP-24 5).  An escort moves with its
landing operation from its base port.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events_turn import ReturnedToBase

SAILS_FROM_STATION = {"sq_cruise", "sq_ravage", "sq_piracy", "sq_attack_port", "sq_locsweep"}


def retask(ctx: Ctx, order) -> None:
    sq = ctx.state.squadrons[order.unit]
    if order.kind != "sq_cruise":
        sq.standing = None  # S4.3.4: the standing cruise lasts until new orders
    if order.kind in SAILS_FROM_STATION:
        return
    home = ctx.base_area(sq.base_port)
    away = sq.station is not None or (sq.location is not None and sq.location != home)
    sq.station = None
    if away:
        sq.location = home
        ctx.emit(ReturnedToBase(audience=Audience.of(sq.owner), unit=sq.id, port=sq.base_port))
