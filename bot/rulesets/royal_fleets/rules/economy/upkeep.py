"""Upkeep, buy-over and pirates (U3.3-U3.5, U-OP-08, U-OP-09).

The economic phase of a turn, in this order:

1. Ships left unpaid last turn (flagged ``unpaid``) are on offer: ``buy_over`` orders, first
   submitted first, take them for half a turn's upkeep each (U3.5); what is left becomes pirates,
   a fleet of the pseudo-faction ``pirates`` in the same area, moved by moderators (U3.4).
2. This turn's upkeep, 10% of each ship's price (U3.3): every ship is paid while the treasury
   lasts, except those the faction's ``upkeep`` order leaves unpaid (crews disbanded); unpaid ships
   are flagged and offered next turn.  The spec's "buy-over window" is thus one turn long, and the
   buyers' offers are next-turn orders (U-OP-08, as the issue asks).
"""

from __future__ import annotations

from fractions import Fraction

from bot.domain.events import Audience
from bot.domain.text import N_
from bot.rulesets.royal_fleets.rules.model.cargo import after_losses, strand_transports
from bot.rulesets.royal_fleets.rules.model.context import Ctx
from bot.rulesets.royal_fleets.rules.model.events import (BecamePirates, BoughtOver, ModeratorNeeded, OrderFellBack,
                                                          ShipLeftPlay, ShipsOnOffer, TransportFeePaid, UpkeepPaid)
from bot.rulesets.royal_fleets.rules.model.fleet_ops import drop_empty, new_fleet, remove_ship
from bot.rulesets.royal_fleets.rules.model.state import PIRATES, Faction, Fleet, Ship


def buy_over(ctx: Ctx, orders: list) -> None:
    """U3.5: ``orders`` are (faction, BuyOver) in submission order."""
    for faction, order in orders:
        buyer = ctx.fleet(order.fleet)
        if buyer is None or buyer.commander != faction or buyer.location is None:
            continue
        for ship_id in order.ships:
            _buy_one(ctx, faction, buyer, ship_id)


def _buy_one(ctx: Ctx, faction: str, buyer: Fleet, ship_id: str) -> None:
    seller = ctx.state.fleet_of_ship(ship_id)
    ship = next((s for s in seller.ships if s.id == ship_id), None) if seller else None
    if ship is None or not ship.unpaid or seller.location not in (buyer.location, *ctx.sea.adjacent(buyer.location)):
        _fell_back(ctx, buyer, N_NOT_ON_OFFER, ship=ship_id)
        return
    row = ctx.settings.ship_types.get(ship.type)
    price = row.buy_over_price() if row else None
    if price is None:
        ctx.emit(ModeratorNeeded(what="U-OP-01", subject=ship_id, detail=f"ship_types.{ship.type}.price",
                                 rule="U-OP-01"))
        return
    treasury = ctx.state.factions[faction]
    if treasury.treasury < price or len(buyer.ships) >= ctx.settings.fleet_cap:
        _fell_back(ctx, buyer, N_CANNOT_BUY, ship=ship_id)
        return
    treasury.treasury -= price
    remove_ship(ctx, seller, ship_id)
    buyer.ships.append(ship.model_copy(update={"unpaid": False}))
    ctx.emit(BoughtOver(audience=Audience.of(faction, seller.commander), ships=(ship_id,), from_faction=seller.commander,
                        by_fleet=buyer.id, by_faction=faction, price=int(price), rule="U3.5"))
    ctx.emit(ShipLeftPlay(audience=Audience.of(seller.commander), ship=ship_id, ship_type=ship.type, fleet=seller.id,
                          faction=seller.commander, how="bought_over", rule="U3.5"))
    _crews_gone(ctx, seller)
    drop_empty(ctx)


def _crews_gone(ctx: Ctx, fleet: Fleet) -> None:
    """U-OP-30: troops aboard ships that left with their crews (U3.4, U3.5) are captured, those the
    fleet can still carry stay, so that no army is left aboard a fleet that is gone."""
    after_losses(ctx, fleet, how="captured")
    if not fleet.ships:
        strand_transports(ctx, fleet)


N_NOT_ON_OFFER = N_("{ship} is not an unpaid ship in or next to the buyer's area (U3.5)")
N_CANNOT_BUY = N_("{ship} could not be bought: too little money or no room in the fleet (U3.5, U1.1)")


def _fell_back(ctx: Ctx, fleet: Fleet, reason: str, **values) -> None:
    ctx.emit(OrderFellBack(audience=Audience.of(fleet.commander), fleet=fleet.id, faction=fleet.commander,
                           order="buy_over", reason=reason, values=values, rule="U3.5"))


def turn_pirate(ctx: Ctx) -> None:
    """U3.4: ships still unpaid from last turn leave their faction (one pirate fleet per fleet)."""
    for fleet in sorted(list(ctx.state.fleets.values()), key=lambda f: f.id):
        unpaid = [s for s in fleet.ships if s.unpaid]
        if not unpaid or fleet.commander == PIRATES or fleet.location is None:
            continue
        ctx.state.factions.setdefault(PIRATES, Faction(name="Pirates", colour="#202020", moderated=True))
        for ship in unpaid:
            remove_ship(ctx, fleet, ship.id)
            ctx.emit(ShipLeftPlay(audience=Audience.everyone(), ship=ship.id, ship_type=ship.type, fleet=fleet.id,
                                  faction=fleet.commander, how="pirate", rule="U3.4"))
        pirates = new_fleet(ctx, PIRATES, fleet.location, f"Pirates of {fleet.name}",
                            [s.model_copy(update={"unpaid": False}) for s in unpaid])
        ctx.emit(BecamePirates(audience=Audience.everyone(), ships=tuple(s.id for s in unpaid),
                               from_faction=fleet.commander, fleet=pirates.id, area=fleet.location, rule="U3.4"))
        _crews_gone(ctx, fleet)
    drop_empty(ctx)


def pay_upkeep(ctx: Ctx, orders: dict[str, object]) -> None:
    """U3.3: ``orders`` maps a faction to its ``upkeep`` order (if it gave one)."""
    for faction_id, faction in sorted(ctx.state.factions.items()):
        if faction.moderated:
            continue  # the pirates pay nobody (U-OP-09)
        order = orders.get(faction_id)
        skip = set(order.unpaid) if order is not None else set()
        ships = [(f, s) for f in sorted(ctx.state.fleets.values(), key=lambda f: f.id)
                 if f.commander == faction_id for s in f.ships]
        if ships:
            _pay(ctx, faction_id, faction, ships, skip)


def _pay(ctx: Ctx, faction_id: str, faction: Faction, ships: list[tuple[Fleet, Ship]], skip: set[str]) -> None:
    paid, unpaid, total = 0, [], Fraction(0)
    for fleet, ship in ships:
        row = ctx.settings.ship_types.get(ship.type)
        cost = row.upkeep() if row else None
        if cost is None:
            ctx.emit(ModeratorNeeded(what="U-OP-01", subject=ship.id, detail=f"ship_types.{ship.type}.price",
                                     rule="U-OP-01"))
            continue  # nobody can say what it costs: not flagged
        if ship.id in skip or faction.treasury - total < cost:
            ship.unpaid = True
            unpaid.append(ship.id)
            continue
        total += cost
        paid += 1
    faction.treasury -= total
    ctx.emit(UpkeepPaid(audience=Audience.of(faction_id), faction=faction_id, ships=paid, amount=int(total),
                        unpaid=tuple(unpaid), rule="U3.3"))
    if unpaid:  # offered for buy-over next turn: every faction may see them (U-OP-08)
        ctx.emit(ShipsOnOffer(audience=Audience.everyone(), faction=faction_id, ships=tuple(unpaid), rule="U3.5"))


def transport_fees(ctx: Ctx) -> None:
    """U9.5: a hired transport costs its fee "for each unit each turn of transport": one still at
    sea at the start of a turn is paid again (its first turn was paid at embarkation).  A fee the
    treasury cannot pay is a moderator's to rule on (U-OP-28)."""
    fee = ctx.settings.transport_fee_per_unit_turn
    for transport in sorted(ctx.state.transports.values(), key=lambda t: t.id):
        army = ctx.state.armies.get(transport.army)
        if army is None:
            continue
        treasury = ctx.state.factions[army.owner]
        due = None if fee is None else transport.units * fee
        if due is None or treasury.treasury < due:
            ctx.emit(ModeratorNeeded(what="U-OP-28", subject=transport.id,
                                     detail="transport_fee_per_unit_turn" if due is None else "treasury",
                                     rule="U-OP-28"))
            continue
        treasury.treasury -= due
        ctx.emit(TransportFeePaid(audience=Audience.of(army.owner), army=army.id, faction=army.owner,
                                  units=transport.units, fee=due, rule="U9.5"))
