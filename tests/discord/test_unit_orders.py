"""/unit: the less common unit orders, each privately confirmed or refused."""

from __future__ import annotations


def private(sent) -> bool:
    """Deferred first (or asked to confirm privately, then the click updated that prompt: type 7),
    every reply ephemeral, nothing posted in a channel."""
    if sent[0].kind == "callback" and sent[0].type == 4 and sent[0].ephemeral and sent[1:2] and sent[1].type == 7:
        sent = [sent[0], *sent[2:]]
    elif not (sent[0].kind == "callback" and sent[0].type == 5):
        return False
    return all(s.ephemeral for s in sent) and not [s for s in sent if s.kind == "channel"]


async def payloads(world, clan="mori"):
    return {o.payload["unit"]: o.payload for o in await world.service.orders(1, clan)}


async def test_escort_covers_a_landing_offered_first_by_autocomplete(armed):
    world, mori = armed, armed.players["mori"]
    await world.run("order landing", mori, unit="Akita-maru", army="Kikkawa army", origin="bingo",
                    destination="Iyo")
    choices = await world.h.autocomplete("unit escort", mori, "operation", unit="x", operation="")
    assert choices[0] == {"name": "Akita-maru carries Kikkawa army to Iyo.", "value": "mori-akita-maru"}
    assert {c["value"] for c in choices} == {"mori-akita-maru", "mori-tomo-maru"}
    assert "Tomo-maru — no landing ordered yet" in [c["name"] for c in choices]

    sent = await world.run("unit escort", mori, unit="Kobayakawa-1", operation="Akita-maru", stake="high")
    assert private(sent)
    assert sent[-1].content.startswith("✅ Kobayakawa-1 will escort the landing of ")
    order = (await payloads(world))["mori-kobayakawa"]
    assert (order["kind"], order["operation"], order["stake"]) == ("sq_escort", "mori-akita-maru", "high")


async def test_escort_of_another_clans_fleet_is_refused(armed):
    world = armed
    sent = await world.run("unit escort", world.players["mori"], unit="mori-kobayakawa",
                           operation="otomo-hakata-maru")
    assert private(sent) and sent[-1].content.startswith("Refused: “otomo-hakata-maru” is not a trade fleet of "
                                                         "your clan") and "(S4.5)" in sent[-1].content
    assert await payloads(world) == {}


async def test_sweep_follows_the_route_given(armed):
    world, mori = armed, armed.players["mori"]
    sent = await world.run("unit sweep", mori, unit="Noshima Murakami", route="Aki, Geiyo Islands",
                           leader="Murakami Takeyoshi")
    assert private(sent)
    assert sent[-1].content.startswith("✅ Noshima Murakami will sweep a line of communication: Aki → Geiyo Islands")
    order = (await payloads(world))["mori-noshima"]
    assert (order["kind"], order["route"], order["leader"]) == ("sq_locsweep", ["aki", "geiyo"],
                                                                 "murakami-takeyoshi")


async def test_sweep_by_a_trade_fleet_is_refused(armed):
    world = armed
    sent = await world.run("unit sweep", world.players["mori"], unit="mori-akita-maru", route="aki, geiyo")
    assert private(sent) and sent[-1].content == ("Refused: Akita-maru is a trade fleet; sq_locsweep is a "
                                                  "war-squadron mission (S4.1)")
    assert await payloads(world) == {}


async def test_keep_loc_offers_and_takes_only_provinces_without_a_port(armed):
    world, mori = armed, armed.players["mori"]
    choices = await world.h.autocomplete("unit keep-loc", mori, "target", unit="x", target="")
    assert {c["value"] for c in choices} == {"bitchu", "geiyo", "kii"}
    sent = await world.run("unit keep-loc", mori, unit="Tomo-maru", target="Bitchu")
    assert private(sent) and sent[-1].content.startswith("✅ Tomo-maru keeps open a line of communication to Bitchū")
    order = (await payloads(world))["mori-tomo-maru"]
    assert (order["kind"], order["target"]) == ("tf_loc", "bitchu")

    sent = await world.run("unit keep-loc", mori, unit="mori-akita-maru", target="bingo")
    assert sent[-1].ephemeral and sent[-1].content.startswith("Refused: Bingo has a port") and "(S3.6.1)" in \
        sent[-1].content


async def test_evacuate_an_army_with_its_fleets(armed):
    world, mori = armed, armed.players["mori"]
    armies = await world.h.autocomplete("unit evacuate", mori, "army", unit="x", army="")
    assert armies == [{"name": "Kikkawa army — in Bingo", "value": "mori-kikkawa"}]
    sent = await world.run("unit evacuate", mori, unit="Tomo-maru", army="mori-kikkawa", origin="Bingo",
                           destination="Aki")
    assert private(sent) and sent[-1].content == "✅ Tomo-maru will evacuate Kikkawa army to Aki."
    order = (await payloads(world))["mori-tomo-maru"]
    assert order | {"kind": "tf_evacuation", "army": "mori-kikkawa", "origin": "bingo",
                    "destination": "aki"} == order


async def test_evacuating_another_clans_army_is_refused(armed):
    world = armed
    sent = await world.run("unit evacuate", world.players["mori"], unit="mori-tomo-maru", army="otomo-bungo",
                           origin="bingo", destination="aki")
    assert private(sent) and sent[-1].content == "Refused: “otomo-bungo” is not an army of your clan (S3.8)"
    assert await payloads(world) == {}


async def test_mothball_on_your_own_coast_only(armed):
    world, mori = armed, armed.players["mori"]
    sent = await world.run("unit mothball", mori, unit="Kodama-2", area="Aki")
    assert private(sent) and sent[-1].content == "✅ Kodama-2 is mothballed on the coast of Aki."
    assert (await payloads(world))["mori-kodama"] == {"kind": "mothball", "unit": "mori-kodama", "area": "aki",
                                                      "subphase": "SP1"}
    sent = await world.run("unit mothball", mori, unit="mori-kurushima", area="Iyo")
    assert sent[-1].ephemeral and sent[-1].content.startswith("Refused: Iyo is not a coastal province of your clan")
    assert "mori-kurushima" not in await payloads(world)


async def test_disband_own_units_only(armed):
    world, mori = armed, armed.players["mori"]
    sent = await world.run("unit disband", mori, unit="Kurushima-maru")
    assert private(sent) and sent[-1].content == "✅ Kurushima-maru is disbanded."
    sent = await world.run("unit disband", mori, unit="otomo-usuki")
    assert sent[-1].content == "Refused: your clan has no unit 'otomo-usuki'; /fleet list shows your units (V1)"
    assert list(await payloads(world)) == ["mori-kurushima"] and await payloads(world, "otomo") == {}
