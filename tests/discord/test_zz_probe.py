async def test_probe(world):
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    mori = world.players["mori"]
    for u in ["nosuch", "otomo-tahara", "**x**"]:
        sent = await world.run("order cruise", mori, unit=u, target="suo")
        print(u, "->", sent[-1].content[:250])
        sent = await world.run("order clear", mori, unit=u)
        print("clear", u, "->", sent[-1].content[:250])
    await world.run("order base", mori, unit="mori-kobayakawa", port="tomo")
    sent = await world.run("order clear", mori, unit="Kobayakawa-1")
    print("clear base by name ->", sent[-1].content[:250])
    sent = await world.run("order clear", mori, unit="mori-kobayakawa")
    print("clear base by id ->", sent[-1].content[:250])
