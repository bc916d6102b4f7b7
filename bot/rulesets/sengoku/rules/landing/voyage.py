"""Operations sailing together, one coast per step (S5.2 WL, S5.3, OP-24, S12.5 6.5).

All operations of one sailing move at the same time.  At step 0 and after each
step: first each coast's hostile squadrons meet the escorts and may intercept
(S12.5 6.5.3), then hostile landing fleets that met each other (6.5.4).  An
operation stops at ``stop_at``: its destination, or its embarkation coast for
a prepared landing (OP-14).  Battle ids follow the waves':
``<sub-phase>-<wave>-<area>-s<step>-<clan>-<clan>``.
"""

from __future__ import annotations

from bot.rulesets.sengoku.rules.landing import interception, melee
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.landing.landing_ops import Op, place


def sail(ctx: Ctx, ops: list[Op], when: str, wave: str, meet_at_start: bool = True) -> list[Op]:
    """Move the operations to their stops; return those that arrived."""
    for op in ops:
        op.arrived = False
        place(ctx, op)
    step = 0
    if meet_at_start:
        _encounters(ctx, ops, f"{when}-{wave}", step, swaps=[])
    while any(op.sailing and op.step < op.stop_at for op in ops):
        step += 1
        before = {op.label: op.area for op in ops}
        for op in ops:
            if op.sailing and op.step < op.stop_at:
                op.step += 1
                place(ctx, op)
        _encounters(ctx, ops, f"{when}-{wave}", step, melee.swaps(ctx, ops, before))
    return [op for op in ops if not op.ended]


def _encounters(ctx: Ctx, ops: list[Op], prefix: str, step: int, swaps) -> None:
    for area in sorted({op.area for op in ops if op.sailing}):
        here = [op for op in ops if op.sailing and op.area == area]
        interception.at_coast(ctx, f"{prefix}-{area}-s{step}".lower(), area, here)
    melee.meetings(ctx, ops, f"{prefix}".lower(), step, swaps)
    for op in ops:
        if op.sailing and op.step >= op.stop_at:
            op.arrived = True  # at its stop: out of later encounters of this sailing
