"""Storms at the start of a landing or an evacuation (S3.9, OP-17).

If stormy weather was declared this turn (``state.storm``), a d6 is rolled at
the start of the operation: one per operation, or one per fleet with
``storm_roll_scope = fleet`` (OP-17 a).  On a 1 each transported detachment
(with ``fleet``: each on the fleet that rolled it) loses d6−1 figures (OP-17 b),
which castles cannot make good (S3.9 step 4).  The fleets take no damage and the
operation goes on (OP-17 c).
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events_landing import StormChecked, StormStruck
from bot.rulesets.sengoku.rules.landing.landing_ops import Op, lose_figures


def check(ctx: Ctx, op: Op) -> None:
    if not ctx.state.storm:
        return
    if ctx.settings.storm_roll_scope == "operation":
        rolls = [(None, f"storm:{op.label}", list(op.carried))]
    else:
        rolls = [(fleet, f"storm:{op.label}:{fleet}", list(op.loads[fleet])) for fleet in op.fleet_join]
    caught = []
    for fleet, key, detachments in rolls:
        face = ctx.roll(key, "d6").total
        ctx.emit(StormChecked(audience=Audience.of(op.clan), operation=op.label, key=key, face=face,
                              caught=face == 1, fleet=fleet))
        if face != 1:
            continue
        caught += [fleet] if fleet else list(op.fleet_join)
        for det_id in detachments:
            loss_key = f"stormloss:{op.label}:{det_id}"
            lose_figures(ctx, op, det_id, "storm", loss_key, ctx.roll(loss_key, "d6-1"))
    if caught:
        ctx.emit(StormStruck(audience=Audience.everyone(), operation=op.label, lead=op.lead, fleets=caught))
