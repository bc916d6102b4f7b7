"""What players and moderators list: squadrons as units, holdings, the roster."""

from __future__ import annotations

from typing import Any

from bot.engine.ruleset import UnitView
from bot.rulesets.empires_in_arms.rules.model import DESTROYED, EiaState


def unit_views(state: EiaState, nation: str | None) -> list[UnitView]:
    """Squadrons in play (E16): a nation lists its own (a minor's through its major too, E2.1)."""
    return [UnitView(id=s.id, name=s.label, owner=s.nation, kind="squadron", location=s.location,
                     summary=f"{s.status.value}, {s.maneuvers_spent} maneuvers spent")
            for s in sorted(state.squadrons.values(), key=lambda s: s.id)
            if s.location != DESTROYED and (nation is None or state.major_of(s.nation) == nation
                                            or s.nation == nation)]


def holdings(state: EiaState, nation: str) -> dict[str, Any]:
    ko = state.impulse.ko.get(nation)
    return {"ko": ko, "convoy_used": nation in state.impulse.convoy_used,
            "active": state.impulse.active == nation, "impulse": state.impulse.number,
            "armadas": [a.model_dump(mode="json") for a in state.armadas.values() if nation in a.powers],
            "land": [i.model_dump(mode="json") for i in state.land.values() if i.nation == nation],
            "standing": state.standing[nation].model_dump(mode="json") if nation in state.standing else None,
            "relations": relations(state, nation)}


def relations(state: EiaState, nation: str) -> dict[str, str]:
    out = {}
    for other in state.nations:
        if other == nation:
            continue
        out[other] = "at_war" if state.enemies(nation, other) else "allied" if state.allied(nation, other) else "neutral"
    return out


def roster(state: EiaState) -> dict[str, list[dict[str, Any]]]:
    return {"units": [{"id": s.id, "name": s.label, "kind": "squadron", "owner": s.nation,
                       "state": f"{s.location} · {s.status.value}"} for s in sorted(state.squadrons.values(),
                                                                                 key=lambda s: s.id)],
            "characters": [], "armies": []}
