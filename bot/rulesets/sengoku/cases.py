"""Sengoku's own case procedures (the case runner, bot/cases, runs them by name): one battle
between two listed sides, and the moments of a turn a case may check (``during``)."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from bot.rulesets.sengoku.rules.battle.battle import fight
from bot.rulesets.sengoku.rules.battle.sides import BattleSide, Fighter
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.model import Manoeuvre, Stake
from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy
from bot.rulesets.sengoku.rules.turn import resolve as turn


def run_battle(state, gamemap, settings, dice, spec: dict[str, Any]):
    """One Sengoku battle (S8.6.7) between the two sides the case lists (its ``battle`` section)."""
    ctx = Ctx(state=state.model_copy(deep=True), gamemap=gamemap, settings=settings, dice=dice)
    ctx.veterans = {c.id for c in ctx.state.characters.values() if c.is_veteran(ctx.state.turn)}
    ctx.art_active = {c.id for c in ctx.state.characters.values() if c.art_active()}
    sides = []
    for side in spec["sides"]:
        fighters = [Fighter(f["unit"], side["clan"], Stake(f.get("stake", "low")),
                            Stake(f["stake_later"]) if f.get("stake_later") else None,
                            bool(f.get("port_defender", False))) for f in side["fighters"]]
        manoeuvre = Manoeuvre(side["manoeuvre"]) if side.get("manoeuvre") else None
        sides.append(BattleSide(side["clan"], fighters, manoeuvre, PairingPolicy(**side.get("pairing", {}))))
    fight(ctx, spec.get("id", "b1"), spec["area"], (sides[0], sides[1]), port=spec.get("port"))
    ctx.index.detach()  # as resolve: the state handed back carries no lookups
    return ctx.state, ctx.events


@contextlib.contextmanager
def watching(moments: dict[str, Any]):
    """The state at each moment a moderator may ask about: after each sub-phase (SP1 …) and just
    before the Turn End Phase ("turn_end"), when the per-turn flags (dispersed, repaired_this_turn,
    evac_ready, damage_pending_turn_end) are still set.  Snapshots taken by wrapping the turn's
    steps for this one call: the rules run unchanged, only the state is copied between steps."""
    run_subphase, turn_end = turn._run_subphase, turn._turn_end
    mine = threading.get_ident()  # a turn resolved meanwhile in another thread is not this case's

    def subphase(ctx, name, orders):
        run_subphase(ctx, name, orders)
        if threading.get_ident() == mine:
            moments[name] = ctx.state.model_copy(deep=True)

    def before_turn_end(ctx):
        if threading.get_ident() == mine:
            moments["turn_end"] = ctx.state.model_copy(deep=True)
        turn_end(ctx)

    turn._run_subphase, turn._turn_end = subphase, before_turn_end
    try:
        yield
    finally:
        turn._run_subphase, turn._turn_end = run_subphase, turn_end
