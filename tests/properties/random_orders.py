"""Random orders of every kind (bot/rulesets/sengoku/rules/orders/orders.py) for a drawn
campaign.  Most are plausible — the clan's own unit of the right kind, targets
near the enemy so that squadrons meet and fight — and some are not: someone
else's unit, a wrong kind of unit, a hidden fact in a policy, an unknown
field or kind, so that validation (V1–V5) and the fall-backs (S12.4) run too.
"""

from __future__ import annotations

from hypothesis import strategies as st

from bot.domain.gamemap import GameMap
from bot.engine.ruleset import SubmittedOrder
from tests.properties.campaigns import (ACCEPT, MANOEUVRES, MAPS, ORDER_KINDS, POLICIES, _walk, coastal,
                                        provinces, rarely)

# Squadron missions come up most often: they make the battles.
KIND_WEIGHTS = {"sq_cruise": 6, "sq_attack_port": 3, "sq_ravage": 3, "sq_idle": 2, "tf_landing": 2}


class _View:
    """What the order drawer needs to know about the drawn state."""

    def __init__(self, state: dict, gm: GameMap) -> None:
        self.state, self.gm = state, gm
        self.clans = sorted(state["clans"])
        self.all_units = sorted(state["squadrons"]) + sorted(state["fleets"]) + sorted(state["heavy"])
        self.kinds = [k for k in ORDER_KINDS for _ in range(KIND_WEIGHTS.get(k, 1))] + ["sq_bogus"]

    def own(self, table: str, clan: str) -> list[str]:
        return sorted(u for u, e in self.state[table].items() if e["owner"] == clan
                      and e.get("state", "active") == "active")

    def own_of(self, key: str, clan: str) -> list[str]:
        return sorted(k for k, e in self.state[key].items() if e["clan"] == clan)

    def at_war(self, clan: str) -> list[str]:
        return sorted({b if a == clan else a for a, b, rel in self.state["relations"]
                       if rel == "at_war" and clan in (a, b)})

    def start(self, unit: str) -> str | None:
        entry = self.state["squadrons"].get(unit) or self.state["fleets"].get(unit) or {}
        if entry.get("station") or entry.get("location"):
            return entry.get("station") or entry.get("location")
        port = self.gm.ports.get(entry.get("base_port") or "")
        return port.area if port else None

    def enemy_areas(self, clan: str) -> list[str]:
        """Where the enemy's squadrons lie (twice as likely), and the enemy's coasts."""
        enemies = self.at_war(clan)
        lying = sorted({self.start(u) for u, e in self.state["squadrons"].items() if e["owner"] in enemies} - {None})
        coasts = sorted(a for a, owner in self.state["area_owner"].items() if owner in enemies)
        return [a for a in lying * 2 + coasts if a in coastal(self.gm)]

    def enemy_ports(self, clan: str) -> list[str]:
        enemies = self.at_war(clan)
        return sorted(p for p, port in self.gm.ports.items()
                      if self.state["ports"][p].get("owner", self.state["area_owner"].get(port.area)) in enemies)

    def own_ports(self, clan: str) -> list[str]:
        return sorted(p for p, port in self.gm.ports.items()
                      if self.state["ports"][p].get("owner", self.state["area_owner"].get(port.area)) == clan)


def _pick(draw, options: list, fallback: str = "nowhere"):
    return draw(st.sampled_from(options)) if options else fallback


def _likely(draw, good: list, anything: list):
    """Usually one of ``good`` (when there is one), sometimes anything."""
    return _pick(draw, good if good and not rarely(draw, 4) else anything)


def _unit_for(draw, view: _View, clan: str, kind: str) -> str:
    if kind == "clan_policy":
        return clan if not rarely(draw, 6) else _pick(draw, view.clans)
    if kind == "redeem_capture":
        own = [c["id"] for c in view.state["credits"] if c["holder"] == clan]
        return _likely(draw, own, own + ["credit:0:nothing"])
    if rarely(draw, 12):
        return _pick(draw, view.all_units + ["ghost"])  # someone else's, or none at all (V1)
    tables = ["squadrons"] if kind.startswith("sq_") else ["fleets"] if kind.startswith("tf_") else TABLES
    return _pick(draw, [u for t in tables for u in view.own(t, clan)] or view.all_units, "ghost")


TABLES = ["squadrons", "fleets", "heavy"]


def _squadron_fields(draw, view: _View, clan: str, unit: str) -> dict:
    """Encounter policies and battle choices (S5.5, S8.2, S9.3); a hidden fact
    in a policy (V5), an unknown leader or a manoeuvre without the art now and
    then."""
    fields = {"stake": draw(st.sampled_from(["low", "high"])),
              "want_battle": draw(st.sampled_from(POLICIES[:-1] if not rarely(draw, 20) else POLICIES[-1:])),
              "when_enemy_wants": draw(st.sampled_from(ACCEPT[:-1] if not rarely(draw, 20) else ACCEPT[-1:])),
              "stake_later_rounds": draw(st.sampled_from([None, "low", "high"])),
              "if_forced_by_ordinary": draw(st.sampled_from(["accept", "refuse"])),
              "withdraw_if": draw(st.sampled_from(["never", "always", "if own_damage >= 3"]))}
    leader = view.state["squadrons"].get(unit, {}).get("leader")
    if rarely(draw, 4):
        leader = _likely(draw, view.own_of("characters", clan), ["nobody"])
        fields["leader"] = leader
    art = view.state["characters"].get(leader or "", {})
    if art.get("victories", 0) >= 3 or (art.get("academy_naval_art") and art.get("victories", 0)) or rarely(draw, 12):
        fields["manoeuvre"] = draw(st.sampled_from(MANOEUVRES))
    return fields


def _route(draw, view: _View, unit: str, target: str | None = None) -> list[str]:
    if draw(st.booleans()):
        return []  # the shortest coastal route
    route = _walk(draw, view.gm, view.start(unit), draw(st.integers(1, 3)))
    return route + ([target] if target and rarely(draw, 4) else [])


def _army_fields(draw, view: _View, clan: str, unit: str, landing: bool) -> dict:
    army = _likely(draw, view.own_of("armies", clan), sorted(view.state["armies"]) + ["no-army"])
    entry = view.state["armies"].get(army, {})
    fields = {"army": army, "origin": entry.get("area") or _pick(draw, provinces(view.gm)),
              "destination": _likely(draw, view.enemy_areas(clan), coastal(view.gm)),
              "fleets": draw(st.lists(st.sampled_from(view.own("fleets", clan) or [unit]), max_size=2, unique=True)),
              "passengers": draw(st.lists(st.sampled_from(view.own_of("characters", clan) or ["nobody"]),
                                          max_size=1))}
    dets = [d["id"] for d in entry.get("detachments", [])]
    if landing and dets and draw(st.booleans()):
        fields["detachments"] = draw(st.lists(st.sampled_from(dets), min_size=1, max_size=2, unique=True))
    if landing:
        fields.update(mode=draw(st.sampled_from(["quick", "quick", "prepared"])),
                      on_fleet_melee=draw(st.sampled_from(["retreat", "continue"])))
    return fields


def _target_fields(draw, view: _View, clan: str, kind: str, unit: str) -> dict:
    """Missions with a target coast or port, aimed at the enemy most of the time."""
    if kind in ("sq_piracy", "sq_attack_port", "tf_piracy"):
        extra = {"destroy_port": draw(st.booleans())} if kind == "sq_attack_port" else {}
        port = _likely(draw, view.enemy_ports(clan), sorted(view.gm.ports))
        return {"target_port": port, "route": _route(draw, view, unit), **extra}
    target = _likely(draw, view.enemy_areas(clan), coastal(view.gm))
    extra = {}
    if kind == "sq_ravage":
        extra = {"coast_action": draw(st.sampled_from([None, "ravage", "plunder"]))}
    elif kind == "sq_cruise":
        extra = {"intercept_landings": draw(st.booleans()),
                 "intercept_direction": draw(st.sampled_from(["pin", "push_back"])),
                 "intercept_stake": draw(st.sampled_from(["low", "high"]))}
    return {"target": target, "route": _route(draw, view, unit, target), **extra}


def _fields(draw, view: _View, clan: str, kind: str, unit: str) -> dict:
    gm = view.gm
    if kind in ("sq_cruise", "sq_ravage", "tf_plunder", "sq_piracy", "sq_attack_port", "tf_piracy"):
        return _target_fields(draw, view, clan, kind, unit)
    portless = sorted(a for a in provinces(gm) if not any(p.area == a for p in gm.ports.values()))
    others = [c for c in view.clans if c != clan]
    simple = {
        "sq_idle": lambda: {"help_friendly_in_home_waters": draw(st.booleans())},
        "sq_locsweep": lambda: {"route": _walk(draw, gm, view.start(unit), draw(st.integers(0, 3)))},
        "sq_escort": lambda: {"operation": _pick(draw, view.own("fleets", clan) + ["ghost"])},
        "tf_idle": lambda: {"repair": draw(st.booleans())},
        "tf_loc": lambda: {"target": _likely(draw, portless, provinces(gm)), "path": _route(draw, view, unit)},
        "tf_landing": lambda: _army_fields(draw, view, clan, unit, landing=True),
        "tf_evacuation": lambda: _army_fields(draw, view, clan, unit, landing=False),
        "base": lambda: {"port": _likely(draw, view.own_ports(clan), sorted(gm.ports))},
        "mothball": lambda: {"area": _pick(draw, coastal(gm))},
        "clan_policy": lambda: {"pairing_own_order": draw(st.sampled_from(["strongest_first", "weakest_first"])),
                                "pairing_target": draw(st.sampled_from(["most_damaged", "least_damaged"])),
                                "multi_clan_priority": draw(st.permutations(others)),
                                "on_last_port_lost": draw(st.sampled_from(["lose", "transfer"]))},
        "redeem_capture": lambda: {"build": draw(st.sampled_from(["squadron", "heavy_detachment"])),
                                   "port": _likely(draw, view.own_ports(clan), sorted(gm.ports)), "name": "Prize"},
    }
    return simple.get(kind, dict)()


@st.composite
def order_payload(draw, view: _View, clan: str, unit: str | None = None, kinds: list[str] | None = None) -> dict:
    """One order; ``unit`` and ``kinds`` narrow it to a given unit's orders."""
    kind = draw(st.sampled_from(kinds or view.kinds))
    unit = unit or _unit_for(draw, view, clan, kind)
    payload = {"kind": kind, "unit": unit}
    if rarely(draw, 4):
        payload["subphase"] = draw(st.sampled_from(["SP2", "SP3"]))
    if kind.startswith("sq_"):
        payload.update(_squadron_fields(draw, view, clan, unit))
    payload.update(_fields(draw, view, clan, kind, unit))
    if rarely(draw, 30):
        payload["bogus_field"] = 1  # refused by the order model (extra="forbid")
    return payload


@st.composite
def turn_orders(draw, state: dict, map_id: str) -> list[SubmittedOrder]:
    view = _View(state, MAPS[map_id])
    submitted: list[SubmittedOrder] = []
    squadron_kinds = [k for k in view.kinds if k.startswith("sq_")]
    fleet_kinds = [k for k in view.kinds if k.startswith("tf_")]
    for clan in view.clans:
        payloads = [draw(order_payload(view, clan, unit, squadron_kinds))
                    for unit in view.own("squadrons", clan) if not rarely(draw, 4)]
        payloads += [draw(order_payload(view, clan, unit, fleet_kinds))
                     for unit in view.own("fleets", clan) if draw(st.booleans())]
        payloads += [draw(order_payload(view, clan)) for _ in range(draw(st.integers(0, 3)))]
        for payload in draw(st.permutations(payloads)):  # the submission order matters (R4)
            submitted.append(SubmittedOrder(faction=clan, unit=str(payload["unit"]), seq=len(submitted) + 1,
                                            payload=payload))
    return submitted
