"""Order slots are namespaced by what the order belongs to (docs/decisions.md):
a clan whose id is also a unit's id gives its clan policy, and that unit's
order is still there, read as a unit's order by every reader."""

from __future__ import annotations

from tests.discord.conftest import CHANNELS, ROLES


async def test_a_clan_whose_id_is_a_units_gives_a_policy_and_the_squadrons_order_survives(world):
    await world.setup_campaign()
    # "Otomo Usuki" gets the id otomo-usuki, the id of Ōtomo's squadron Usuki-3; the outsider holds its role.
    await world.run("faction add", world.admin, name="Otomo Usuki", colour="#d35400", role=ROLES["Spectators"],
                    channel=CHANNELS["spectators-lounge"])
    assert (await world.service.campaign(1)).faction("otomo-usuki") is not None
    await world.run("turn open", world.admin, deadline="in 48h")
    otomo, newcomer = world.players["otomo"], world.outsider
    sent = await world.run("order idle", otomo, unit="otomo-usuki")
    assert sent[-1].content.startswith("✅ Usuki-3 ")
    sent = await world.run("clan policy", newcomer, pairing_own_order="weakest_first")
    assert sent[-1].content.startswith("✅ Otomo Usuki's clan policy")

    orders = {(o.faction, o.unit): o.payload["kind"] for o in await world.service.orders(1, None)}
    assert orders == {("otomo", "unit:otomo-usuki"): "sq_idle",
                      ("otomo-usuki", "clan:otomo-usuki:policy"): "clan_policy"}
    assert "Usuki-3" in (await world.run("orders show", otomo))[-1].content
    shown = (await world.run("fleet show", otomo, unit="otomo-usuki"))[-1].content
    assert "Usuki-3" in shown and "policy" not in shown.casefold()
    # The newcomer has no units: its policy is no unit's order.
    assert "(0 of 0 units ordered)" in (await world.run("orders ready", newcomer))[-1].content

    # Withdrawing by the unit's id takes the unit's order, never the clan's of the same id.
    await world.run("orders withdraw", otomo, unit="otomo-usuki")
    orders = {(o.faction, o.unit) for o in await world.service.orders(1, None)}
    assert orders == {("otomo-usuki", "clan:otomo-usuki:policy")}
