"""Building naval units (H6; RU L53–L73, the only seed with it) and the Turn Track's return to the
pool (H6.3.3).  Seed over spec: none differ here; RU L69's "не занятому вражескими войсками" (not
occupied by enemy troops) is read as enemy land units there or a siege (H6 interpretation, a setting)
or enemy naval units in the port."""

from __future__ import annotations

from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.events import Built, CpSpent, ReturnedToPool, public
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import (
    OTTOMANS,
    POOL,
    PROTESTANTS,
    HisState,
    NavalUnit,
    UnitType,
    track_turn,
)
from bot.rulesets.here_i_stand.rules.settings import HisSettings

COST = {UnitType.SQUADRON: 2, UnitType.CORSAIR: 1}  # H6.4, H6.5.2


def corsair_only(state: HisState, gamemap: HisMap, port: str) -> bool:
    """Algiers and pirate havens: corsairs are all the Ottomans may build there (H6.5.4)."""
    held = state.ports.get(port)
    return gamemap.is_algiers(port) or bool(held and held.pirate_haven)


def validate_build(state: HisState, gamemap: HisMap, settings: HisSettings, power: str, port: str,
                   kind: UnitType) -> None:
    """H6.1, H6.3–H6.5, H10.5; raises OrderRejected saying what is wrong and what would be right."""
    if kind == UnitType.SQUADRON and power == PROTESTANTS:
        raise OrderRejected(N_("the Protestants build no squadrons (H6.4)"), rule="H6.4")
    if kind == UnitType.CORSAIR and power != OTTOMANS:
        raise OrderRejected(N_("only the Ottomans build corsairs (H6.5.2)"), rule="H6.5.2")
    if kind == UnitType.CORSAIR and not state.barbary_pirates:
        raise OrderRejected(N_("corsairs can be built only once Barbary Pirates has happened (H6.5.1)"), rule="H6.5.1")
    if state.impulse.active_power != power or state.impulse.cp_remaining < COST[kind]:
        raise OrderRejected(N_("building this costs {cp} CP of your impulse; {left} left"), rule="H6.4",
                            cp=COST[kind], left=state.impulse.cp_remaining if state.impulse.active_power == power else 0)
    _check_port(state, gamemap, settings, power, port, kind)
    if state.pool(power, kind) < 1:
        raise OrderRejected(N_("no counter of this kind is free to build: the rest are on the map or wait on the "
                               "Turn Track until the start of their turn (H6.3)"), rule="H6.3")


def _check_port(state: HisState, gamemap: HisMap, settings: HisSettings, power: str, port: str,
                kind: UnitType) -> None:
    held = state.ports.get(port)
    if not gamemap.is_port(port) or held is None or held.controller != power:
        raise OrderRejected(N_("naval units are built in a port you control"), rule="H6.3.1")
    special = power == OTTOMANS and corsair_only(state, gamemap, port)
    if special and kind != UnitType.CORSAIR:
        raise OrderRejected(N_("in Algiers and pirate havens the Ottomans build only corsairs (H6.5.4)"), rule="H6.5.4")
    if gamemap.home_of(port) != power and not special:
        raise OrderRejected(N_("naval units are built in your own home ports (H6.3.1); corsairs also in Algiers "
                               "and pirate havens"), rule="H6.3.1")
    if held.unrest:
        raise OrderRejected(N_("nothing can be built in a port in unrest (H6.1.3)"), rule="H6.1.3")
    besieged = held.besieged and not settings.besieged_port_can_build
    if held.enemy_land_units or besieged or state.enemy_units_at(port, power):
        raise OrderRejected(N_("nothing can be built in a port occupied by enemy units (H6.3.1)"), rule="H6.3.1")


def build(state: HisState, gamemap: HisMap, settings: HisSettings, power: str, port: str,
          kind: UnitType) -> tuple[HisState, list]:
    """H6.4/H6.5: one unit, from the power's pool counters (a counter back from the Turn Track first)."""
    validate_build(state, gamemap, settings, power, port, kind)
    spare = next((u for u in state.units.values() if u.location == POOL and u.owner == power and u.type == kind), None)
    unit = (spare.model_copy(update={"location": port, "controller": power, "vertical": False,
                                     "lost_combat_in_impulse": None}) if spare else
            NavalUnit(id=_new_id(state, power, kind), type=kind, owner=power, controller=power, location=port))
    state = state.spend(COST[kind]).with_units(unit)
    return state, [CpSpent(audience=public(), power=power, action=f"build_{kind}", cp=COST[kind],
                           remaining=state.impulse.cp_remaining),
                   Built(audience=public(), power=power, unit=unit.id, type=kind, port=port)]


def _new_id(state: HisState, power: str, kind: UnitType) -> str:
    n = 1
    while f"{power}-{kind}-{n}" in state.units:
        n += 1
    return f"{power}-{kind}-{n}"


def start_of_turn(state: HisState, turn: int) -> tuple[HisState, list]:
    """H6.3.3: naval units in the Turn Track box of ``turn`` (or an earlier one) are back in the
    pool.  Leaders there re-enter by the moderators' placement (H-OP-26), so they stay.  Janissaries
    may be played again (once per turn, H3.3.6 (a))."""
    back = [u.model_copy(update={"location": POOL}) for u in state.units.values()
            if (track_turn(u.location) or turn + 1) <= turn]
    powers = {p: v.model_copy(update={"janissaries_used": False}) for p, v in state.powers.items()}
    state = state.model_copy(update={"turn": turn, "powers": powers}).with_units(*back)
    return state, ([ReturnedToPool(audience=public(), units=tuple(u.id for u in back))] if back else [])
