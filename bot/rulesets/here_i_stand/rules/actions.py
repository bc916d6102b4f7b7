"""An action order checked when it is given (H10.1, H10.3–H10.5), so the power reads at once what
is wrong and what would be right; the same checks run again when the step resolves (the board may
have changed).  For the plug-in's ``validate_order``."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules import building, naval_move, piracy, transport
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import HisState, UnitType
from bot.rulesets.here_i_stand.rules.settings import HisSettings

ACTIONS = ("naval_move", "naval_transport", "initiate_piracy", "build_squadron", "build_corsair")
NEEDS = {"naval_transport": ("formation", "path"), "initiate_piracy": ("zone", "target"),
         "build_squadron": ("port",), "build_corsair": ("port",)}


def validate_action(state: HisState, gamemap: HisMap, settings: HisSettings, faction: str,
                    payload: dict[str, Any]) -> None:
    """Raises OrderRejected; changes nothing.  A power not taking its impulse learns only that."""
    kind = payload.get("kind")
    if kind not in ACTIONS:
        raise OrderRejected(N_("unknown action {kind}; the naval actions are {kinds}"), rule="H10",
                            kind=repr(kind), kinds=", ".join(ACTIONS))
    if faction != state.impulse.active_power or state.pending is not None:
        raise OrderRejected(N_("actions are given by the power taking its impulse, between reactions"), rule="H10")
    missing = [name for name in NEEDS.get(kind, ()) if name not in payload]
    if missing:
        raise OrderRejected(N_("{kind} needs {fields}"), rule="H10", kind=kind, fields=", ".join(missing))
    if kind == "naval_move":
        try:
            order = naval_move.NavalMoveOrder.model_validate(payload)
        except ValidationError as bad:
            where = ".".join(str(p) for p in bad.errors()[0]["loc"])
            raise OrderRejected(N_("naval_move: {field} is not right; give groups of units, each with 'to'"),
                                rule="H10.1", field=where) from None
        naval_move.validate_move(state, gamemap, settings, order)
    elif kind == "naval_transport":
        transport.validate_transport(state, gamemap, payload["formation"], list(payload["path"]))
    elif kind == "initiate_piracy":
        piracy.validate_piracy(state, gamemap, payload["zone"], payload["target"])
    else:
        unit = UnitType.SQUADRON if kind == "build_squadron" else UnitType.CORSAIR
        building.validate_build(state, gamemap, settings, faction, payload["port"], unit)
