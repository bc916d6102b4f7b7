"""Ships at anchor: what lies in a port or on a coast when an enemy squadron
comes, and sinking it (S2.5, S4.6.2, S8.8.2, S8.8.4, OP-42 g, R11, R17).

A unit lies "in" a port when it is based there and is at home (its location
is the port's province).  A mothballed unit lies on the coast it was
mothballed on; R17: if that province has a port, it counts as lying in it.
"""

from __future__ import annotations

from bot.domain.events import Audience
from bot.rulesets.sengoku.rules.battle import casualties
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.events import Destroyed
from bot.rulesets.sengoku.rules.model.events_w3 import LeaderRecord
from bot.rulesets.sengoku.rules.model.model import CharacterStatus, NavalEvent, UnitState


def port_area(ctx: Ctx, port_id: str) -> str:
    return ctx.gamemap.ports[port_id].area


def hostile(ctx: Ctx, owner: str, clans: list[str]) -> bool:
    return any(ctx.state.at_war(owner, clan) for clan in clans)


def _home(ctx: Ctx, unit, port_id: str) -> bool:
    return (unit.state is UnitState.ACTIVE and unit.base_port == port_id
            and getattr(unit, "location", None) in (None, port_area(ctx, port_id)))


def _order_kind(ctx: Ctx, unit_id: str, orders: dict, idle: str) -> str:
    order = orders.get(unit_id)
    return order.kind if order is not None else idle


def under_repair(ctx: Ctx, sq) -> bool:
    """S4.2.2, OP-18: the flag, or an SQ-REPAIR order this sub-phase."""
    return sq.under_repair or _order_kind(ctx, sq.id, ctx.orders, "sq_idle") == "sq_repair"


def idle_defenders(ctx: Ctx, port_id: str, clans: list[str]) -> list[str]:
    """S4.2.1, OP-34: squadrons idle in the port, not repairing, not dispersed (S5.5)."""
    return sorted(sq.id for sq in ctx.state.squadrons.values()
                  if _home(ctx, sq, port_id) and hostile(ctx, sq.owner, clans) and not sq.dispersed
                  and not under_repair(ctx, sq) and _order_kind(ctx, sq.id, ctx.orders, "sq_idle") == "sq_idle")


def repairing_squadrons(ctx: Ctx, port_id: str, clans: list[str]) -> list[str]:
    # Those based there (the index, not a scan of every squadron): _home asks that too.
    return sorted(sq.id for sq in ctx.index.based_at(port_id)
                  if _home(ctx, sq, port_id) and hostile(ctx, sq.owner, clans) and not sq.dispersed
                  and under_repair(ctx, sq))


def dispersed_in_port(ctx: Ctx, port_id: str, clans: list[str]) -> list[str]:
    """R11: squadrons dispersed this sub-phase that went back to this port."""
    return sorted(sq.id for sq in ctx.index.based_at(port_id)
                  if _home(ctx, sq, port_id) and hostile(ctx, sq.owner, clans) and sq.dispersed)


def standalone_heavy(ctx: Ctx, port_id: str, clans: list[str]) -> list[str]:
    return sorted(hd.id for hd in ctx.state.heavy.values()
                  if hd.attached_to is None and _home(ctx, hd, port_id) and hostile(ctx, hd.owner, clans))


def repairing_heavy(ctx: Ctx, port_id: str, clans: list[str], squadrons: list[str]) -> list[str]:
    """S8.8.4: HDs under repair in port, and those attached to a squadron under repair
    (they are repaired with it)."""
    alone = [hd for hd in standalone_heavy(ctx, port_id, clans) if ctx.state.heavy[hd].under_repair]
    attached = [hd.id for sq in squadrons for hd in ctx.state.hds_of(sq)]
    return sorted(alone + attached)


def laid_up_fleets(ctx: Ctx, port_id: str, clans: list[str]) -> list[str]:
    """S8.8.2: trade fleets laid up or under repair (TF-IDLE, the default task)."""
    return sorted(tf.id for tf in ctx.state.fleets.values()
                  if _home(ctx, tf, port_id) and hostile(ctx, tf.owner, clans) and not _tasked(ctx, tf.id))


def _tasked(ctx: Ctx, fleet_id: str) -> bool:
    """S3.1: a fleet with no task lies idle.  A landing is a task only in its own
    sub-phase (once over, the fleet is back in port with nothing to do), and it
    tasks every fleet it combines, not only the lead; an evacuation is a task
    until it has sailed (S3.8.2)."""
    evacuated = ctx.sealift.get("evacuated", set())
    for order in ctx.fleet_orders.values():
        if order.kind not in ("tf_landing", "tf_evacuation") or fleet_id not in (order.unit, *order.fleets):
            continue
        if order.subphase == ctx.subphase if order.kind == "tf_landing" else \
                (order.unit, order.subphase) not in evacuated:
            return True
    return _order_kind(ctx, fleet_id, ctx.fleet_orders, "tf_idle") not in ("tf_idle", "tf_landing",
                                                                            "tf_evacuation")


def mothballed_on(ctx: Ctx, area: str, clans: list[str]) -> list[str]:
    """S2.5, R17: mothballed units of clans at war with the attacker on that coast."""
    found = []
    for table in (ctx.state.squadrons, ctx.state.heavy, ctx.state.fleets):
        found += [u.id for u in table.values() if u.state is UnitState.MOTHBALLED
                  and getattr(u, "location", None) == area and hostile(ctx, u.owner, clans)]
    return sorted(found)


def sink(ctx: Ctx, unit_id: str, area: str, cause: str, clans: list[str]) -> None:
    """Destroy one unit at anchor.  A squadron's HDs go down with it (they lie in
    the same harbour); a heavy detachment's fate is told only to the two sides."""
    state = ctx.state
    if unit_id in state.squadrons:
        for hd in state.heavy.values():
            if hd.attached_to == unit_id and hd.state is UnitState.MOTHBALLED:
                _sink_heavy(ctx, hd.id, area, cause, clans)
        casualties.destroy_squadron(ctx, unit_id, area, cause, hds_survive=False)
    elif unit_id in state.heavy:
        _sink_heavy(ctx, unit_id, area, cause, clans)
    else:
        fleet = state.fleets[unit_id]
        fleet.state = UnitState.DESTROYED
        ctx.emit(Destroyed(audience=Audience.everyone(), unit=unit_id, area=area, cause=cause))


def _sink_heavy(ctx: Ctx, unit_id: str, area: str, cause: str, clans: list[str]) -> None:
    hd = ctx.state.heavy[unit_id]
    hd.state = UnitState.DESTROYED
    hd.attached_to = None
    ctx.emit(Destroyed(audience=Audience.of(hd.owner, *clans), unit=unit_id, area=area, cause=cause))


def leaders_of(ctx: Ctx, units: list[str]) -> list[str]:
    """Leaders of the squadrons still in line, free to be credited."""
    found = []
    for unit in units:
        sq = ctx.state.squadrons[unit]
        if (sq.state is UnitState.ACTIVE and not sq.dispersed and sq.leader
                and ctx.state.characters[sq.leader].status is CharacterStatus.FREE):
            found.append(sq.leader)
    return found


def record_victory(ctx: Ctx, units: list[str], where: str) -> None:
    """S9.3.1, OP-45 a: a successful port attack is a victory; R9: at most one per
    leader per engagement (a won battle in the same attack already counted)."""
    for leader in leaders_of(ctx, units):
        if not casualties.grant_victory(ctx, leader):
            continue
        character = ctx.state.characters[leader]
        ctx.emit(LeaderRecord(audience=Audience.of(character.clan), character=leader, record="victory",
                              where=where, victories=character.victories))


def record_destroyed_at_anchor(ctx: Ctx, units: list[str], where: str) -> None:
    """S9.2.3, OP-44 a: destroying a fleet at anchor makes a veteran from next turn (OP-44 b)."""
    for leader in leaders_of(ctx, units):
        character = ctx.state.characters[leader]
        character.naval_events.append(NavalEvent(turn=ctx.state.turn, kind="destroyed_at_anchor"))
        ctx.emit(LeaderRecord(audience=Audience.of(character.clan), character=leader,
                              record="destroyed_at_anchor", where=where, victories=character.victories))
