"""Mission effects of wave W3 at their targets (S12.5 6.3), in the order the
spec lists them: port attacks (S8.8, port_attack), ravage or plunder (S4.6,
coast_raids), piracy presence (S4.7, squadron_piracy).  At the Turn End the
pirates still at their ports are handed over (S12.5 step 8)."""

from __future__ import annotations

from bot.rulesets.sengoku.rules.ports import port_attack
from bot.rulesets.sengoku.rules.trade import coast_raids, squadron_piracy
from bot.rulesets.sengoku.rules.model.context import Ctx


def w3_effects(ctx: Ctx) -> None:
    squadron_piracy.check(ctx)       # OP-23: cancellations since the last sub-phase
    port_attack.run(ctx)
    coast_raids.run(ctx)
    squadron_piracy.arrive(ctx)


def turn_end(ctx: Ctx) -> None:
    squadron_piracy.turn_end(ctx)
