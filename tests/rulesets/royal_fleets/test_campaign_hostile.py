"""Harder random campaigns than test_campaign_properties.py: fleets between the maps, pirates,
armies ashore and aboard (U9), hired transports, blockades of ports whose province changed hands,
contested trade posts, and every kind of order (U14) given by any faction, for any fleet, with
any names.  A turn never raises and leaves the state sound."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings as hsettings
from hypothesis import strategies as st

from bot.engine.dice import SeededDice
from bot.rulesets.royal_fleets.rules.model.state import Army, Cargo, Fleet, RoyalState, Ship, Transit
from bot.rulesets.royal_fleets.rules.turn.resolve import resolve
from tests.rulesets.royal_fleets.support import EXAMPLE_TYPES, SEA, order, settings

FACTIONS = ("spain", "dutch", "france", "pirates")
AREAS = sorted(SEA.areas)
PROVINCES = sorted(SEA.provinces)
PORTS = sorted(SEA.ports)
TYPES = sorted(EXAMPLE_TYPES)
KINDS = ("move", "hold", "blockade", "support", "transport", "hire", "repair", "upkeep", "buy_over", "merge",
         "split", "deploy")


@st.composite
def fleets(draw) -> list[Fleet]:
    made = []
    for n in range(draw(st.integers(2, 7))):
        faction = draw(st.sampled_from(FACTIONS))
        ships = [Ship(id=f"f{n}s{i}", type=(t := draw(st.sampled_from(TYPES))),
                      health=draw(st.integers(1, EXAMPLE_TYPES[t].max_health)), unpaid=draw(st.booleans()))
                 for i in range(draw(st.integers(1, 4)))]
        transit = draw(st.booleans()) and draw(st.booleans())
        if transit:
            here, far = draw(st.sampled_from([("t_e", "t_w"), ("t_w", "t_e")]))
            made.append(Fleet(id=f"f{n}", name=f"Fleet {n}", owners=(faction,), commander=faction, ships=ships,
                              in_transit=Transit(from_area=here, to_area=far, arrival_turn=draw(st.integers(4, 6)))))
            continue
        area = draw(st.sampled_from(AREAS))
        made.append(Fleet(id=f"f{n}", name=f"Fleet {n}", owners=(faction,), commander=faction, ships=ships,
                          location=area, blockading=draw(st.lists(st.sampled_from(PORTS), max_size=1)),
                          mp_debt_next_turn=draw(st.integers(0, 2))))
    return made


@st.composite
def walk(draw, start: str | None) -> list[str]:
    """A route along the map's adjacency (so that it is mostly legal, U2.2)."""
    path, here = [], start or draw(st.sampled_from(AREAS))
    for _ in range(draw(st.integers(1, 4))):
        here = draw(st.sampled_from(sorted(SEA.adjacent(here))))
        path.append(here)
    return path


def ids(draw, fleets_: list[Fleet]):
    names = [f.id for f in fleets_] + ["nope", "", "f0\n@everyone"]
    return draw(st.sampled_from(names))


@st.composite
def an_order(draw, fleets_: list[Fleet], seq: int):
    kind = draw(st.sampled_from(KINDS + ("transport",) * 6 + ("move", "blockade") * 2))  # the risky ones more
    fleet = ids(draw, fleets_)
    own = next((f for f in fleets_ if f.id == fleet), None)
    mostly_theirs = st.just(own.commander) if own else st.sampled_from(FACTIONS)
    faction = draw(mostly_theirs | st.sampled_from(FACTIONS))  # mostly the fleet's own commander
    area = draw(st.sampled_from(AREAS + ["nowhere"]))
    path = draw(walk(own.location if own and own.location else None) | st.lists(st.sampled_from(AREAS), min_size=1,
                                                                                   max_size=5))
    ship_ids = [s.id for f in fleets_ for s in f.ships] + ["ghost"]
    ships = draw(st.lists(st.sampled_from(ship_ids), min_size=1, max_size=3))
    plan = {"avoid": draw(st.sampled_from(["fight", "avoid", "outmatched"])),
            "retreat_after_round": draw(st.none() | st.integers(1, 4)),
            "retreat_below_pct": draw(st.none() | st.integers(1, 100)),
            "if_cornered": draw(st.sampled_from(["attack", "surrender"])),
            "targeting": draw(st.sampled_from(["even", "concentrate", "capture"])),
            "intercept": draw(st.none() | st.booleans()),
            "retreat_to": draw(st.lists(st.sampled_from(AREAS), max_size=2))}
    payload = {
        "move": {"fleet": fleet, "path": path, "plan": plan},
        "hold": {"fleet": fleet, "plan": plan},
        "blockade": {"fleet": fleet, "port": draw(st.sampled_from(PORTS)), "path": path[:draw(st.integers(0, 2))],
                     "plan": plan},
        "support": {"fleet": fleet, "area": area, "side": draw(st.sampled_from(FACTIONS)), "plan": plan},
        "transport": {"fleet": fleet, "army": (army := draw(st.sampled_from(["a0", "a1", "a2", "zz"]))),
                      "embark": draw(st.none() | st.sampled_from(PROVINCES) | st.just(f"@{army}")), "path": path[:draw(st.integers(0, 3))],
                      "land": draw(st.none() | st.sampled_from(PROVINCES)), "hired_units": draw(st.integers(0, 3)),
                      "plan": plan},
        "hire": {"area": area, "ships": draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3)),
                 "fleet": draw(st.none() | st.just(fleet))},
        "repair": {"fleet": fleet, "ships": ships[:draw(st.integers(0, 2))]},
        "upkeep": {"unpaid": ships[:draw(st.integers(0, 2))]},
        "buy_over": {"fleet": fleet, "ships": ships},
        "merge": {"fleet": fleet, "into": ids(draw, fleets_)},
        "split": {"fleet": fleet, "ships": ships, "name": draw(st.sampled_from(["New", "**bold** <@1>", "x" * 60]))},
        "deploy": {"fleet": fleet, "area": area},
    }[kind]
    payload = {k: v for k, v in payload.items() if v is not None}
    return order(faction, seq, kind=kind, **payload)


@st.composite
def campaigns(draw):
    made = draw(fleets())
    armies: dict[str, Army] = {}
    for n in range(3):
        owner = draw(st.sampled_from(FACTIONS[:3]))
        units = draw(st.lists(st.integers(1, 10), min_size=1, max_size=3))
        carriers = [i for i, f in enumerate(made) if f.commander == owner]
        if carriers and draw(st.booleans()):
            i = draw(st.sampled_from(carriers))
            armies[f"a{n}"] = Army(id=f"a{n}", name=f"Army {n}", owner=owner, units=units, aboard=made[i].id)
            made[i] = made[i].model_copy(update={"cargo": [*made[i].cargo, Cargo(army=f"a{n}", units=len(units))]})
        else:  # ashore, mostly where one of the owner's fleets can take it aboard (U9.2)
            near = sorted({p for i in carriers if made[i].location for p in SEA.bordering_provinces(made[i].location)})
            armies[f"a{n}"] = Army(id=f"a{n}", name=f"Army {n}", owner=owner, units=units,
                                   province=draw(st.sampled_from(near or PROVINCES) | st.sampled_from(PROVINCES)))
    orders = [draw(an_order(made, seq)) for seq in range(1, draw(st.integers(1, 12)))]
    for o in orders:  # mostly an army of the ordering faction; "@a1": the province army a1 is in
        mine = [a for a in armies.values() if a.owner == o.faction]
        if o.payload.get("kind") == "transport" and o.payload["army"] != "zz" and mine:
            o.payload["army"] = mine[0].id
            if str(o.payload.get("embark", "")).startswith("@"):
                o.payload["embark"] = "@" + mine[0].id
        if str(o.payload.get("embark", "")).startswith("@"):
            army = armies.get(o.payload["embark"][1:])
            o.payload["embark"] = army.province if army and army.province else PROVINCES[0]
    pairs = [(a, b) for i, a in enumerate(FACTIONS[:3]) for b in FACTIONS[i + 1:3]]
    wars = draw(st.lists(st.sampled_from(pairs), unique=True))
    owners = {p: draw(st.none() | st.sampled_from(FACTIONS[:3])) for p in PROVINCES}  # ports change hands
    posts = {p: draw(st.none() | st.sampled_from(FACTIONS)) for p in ("south_africa", "west_indies")}
    factions = {"spain": {"name": "Spain", "treasury": Fraction(draw(st.integers(0, 5000)))},
                "dutch": {"name": "United Provinces", "treasury": Fraction(draw(st.integers(0, 50)))},
                "france": {"name": "France", "treasury": Fraction(5000)},
                "pirates": {"name": "Pirates", "moderated": True}}
    state_ = RoyalState.model_validate({
        "turn": 5, "factions": factions, "relations": [(a, b, "at_war") for a, b in wars],
        "provinces": {p: {"owner": o} for p, o in owners.items()}, "trade_posts": posts,
        "fleets": {f.id: f for f in made}, "armies": armies, "deployment": draw(st.booleans())})
    return state_, orders, draw(st.text(min_size=1, max_size=8))


@hsettings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(campaigns())
def test_a_hostile_random_turn_never_raises_and_stays_sound(campaign):
    st_, orders, seed = campaign
    after = resolve(st_, SEA, settings(), orders, SeededDice(seed)).state
    for f in after.fleets.values():
        assert (f.location is None) != (f.in_transit is None), f.id
        assert f.ships, f.id
        for ship in f.ships:
            assert 1 <= ship.health <= EXAMPLE_TYPES[ship.type].max_health + ship.health_bonus
        for cargo in f.cargo:
            assert after.armies[cargo.army].aboard == f.id
    for army in after.armies.values():  # U-OP-30: no army aboard a fleet that is gone or does not carry it
        if army.aboard is not None and army.aboard in after.fleets:
            assert any(c.army == army.id for c in after.fleets[army.aboard].cargo), army.id
        assert army.aboard is None or army.aboard in after.fleets or army.aboard in after.transports, army.id
    seen = [s.id for f in after.fleets.values() for s in f.ships]
    assert len(set(seen)) == len(seen)
    for faction in after.factions.values():
        assert faction.treasury >= 0
    RoyalState.model_validate(after.model_dump())  # still a loadable state
