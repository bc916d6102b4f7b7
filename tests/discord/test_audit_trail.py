"""Every moderator action is in the audit log (issue 17): settings, channels, roles, clans, turns,
and orders given while acting for a clan — not only the edits of the game state."""

from __future__ import annotations

from cogs.audit_trail import READS
from cogs.common import moderator_command
from tests.discord.conftest import CHANNELS, ROLES
from tests.services.steps_ruleset import install


def moderator_paths(bot) -> set[str]:
    paths = set()
    for command in bot.walk_all_commands():
        if hasattr(command, "callback") and moderator_command(command):
            paths.add(command.qualified_name)
    return paths


# One successful use of each moderator command, in an order that works (S… rules aside: setup first).
WALK = [
    ("campaign create", dict(scenario="seto-demo", name="Seto 1560")),
    ("campaign channel", dict(channel=CHANNELS["naval-reports"])),
    ("campaign moderators", dict(role=ROLES["Moderators"])),
    ("faction link", dict(clan="mori", role=ROLES["mori"], channel=CHANNELS["mori-war-room"])),
    ("faction add", dict(name="Shōni", colour="#d35400", role=ROLES["Spectators"],
                        channel=CHANNELS["spectators-lounge"])),
    ("campaign settings set", dict(key="stake_target.high", value="9")),
    ("campaign language", dict(language="ru")),
    ("faction language", dict(clan="mori", language="ja")),
    ("sengoku unit add", dict(kind="squadron", owner="Mōri", name="Kikkawa-1", base_port="Tomo")),
    ("sengoku unit edit", dict(unit="Kikkawa-1", damage=1, reason="battle damage")),
    ("sengoku unit remove", dict(unit="Kikkawa-1", reason="entered twice")),
    ("sengoku commander add", dict(name="Kikkawa Motoharu", clan="Mōri", rank="general")),
    ("sengoku commander edit", dict(commander="Kikkawa Motoharu", victories=1)),
    ("sengoku commander remove", dict(commander="Kikkawa Motoharu")),
    ("sengoku army set", dict(clan="Mōri", name="Kikkawa army", area="Aki", detachments="ashigaru:18i")),
    ("sengoku army remove", dict(army="Kikkawa army")),
    ("sengoku weather", dict(storm=True)),
    ("sengoku relation", dict(clan_a="Miyoshi", clan_b="mori", relation="at_war")),
    ("sengoku province", dict(area="Suō", clan="otomo")),
    ("sengoku port", dict(port="Tomo", guard=12)),
    ("sengoku treasury", dict(clan="mori", rice=2)),
    ("sengoku basing", dict(action="add", host="Ōtomo", guest="Mōri", port="Moji")),
    ("turn open", dict(deadline="in 48h")),
    ("turn deadline", dict(when="in 24h")),
    ("turn lock", {}),
    ("turn reopen", {}),
    ("turn preview", {}),
    ("mod act-as", dict(clan="otomo")),
    ("turn resolve", {}),
    ("turn undo", {}),
    ("turn redo", {}),
    ("turn defaults", {}),  # the captains' choices the test steps open after the orders (issue 12)
]


async def test_every_moderator_command_that_changes_anything_leaves_an_audit_entry(world, monkeypatch):
    install(monkeypatch)  # a turn with a prompt step after its orders, so /turn defaults has one to answer
    # A new command joins the walk; the royal fleets', Here I Stand's and Empires in Arms' own walks are in
    # tests/discord/test_royal_commands.py, test_his_commands.py and test_eia_commands.py.
    assert {p for p in moderator_paths(world.bot) - READS
            if not p.startswith(("royal-fleets ", "here-i-stand ", "empires-in-arms "))} == \
        {path for path, _ in WALK}
    for index, (path, values) in enumerate(WALK):
        sent = await world.run(path, world.admin if index < 3 else world.mod, **values)  # then a moderator role
        entries = await world.service.audit_log(1, 200)
        assert len(entries) == index + 1, (path, sent[-1].content)  # one entry each, no more
        assert entries[0].kind.lstrip("/") in (path, *KINDS.get(path, ())), (path, entries[0].kind)
    log = await world.service.audit_log(1, 200)
    assert len(log) == len(WALK)


# The moderator edits note the edit's own kind (with the state, in one transaction).
KINDS = {"faction add": ("clan_add",), "sengoku unit add": ("unit_add",), "sengoku unit edit": ("unit_edit",),
         "sengoku unit remove": ("unit_remove",), "sengoku commander add": ("character_add",),
         "sengoku commander edit": ("character_edit",), "sengoku commander remove": ("character_remove",),
         "sengoku army set": ("army_set",), "sengoku army remove": ("army_remove",), "sengoku weather": ("weather",),
         "sengoku relation": ("relation",), "sengoku province": ("province_owner", "ownership"),
         "sengoku port": ("port",), "sengoku treasury": ("treasury",), "sengoku basing": ("basing_agreement",)}


async def test_settings_links_and_orders_given_as_a_clan_show_in_mod_audit(world):
    """The report of the issue: a stake target changed, a clan linked and an order given while acting
    as a clan, and /mod audit said "No moderator edits recorded"."""
    await world.setup_campaign(link=("mori",))
    await world.run("campaign settings set", world.mod, key="stake_target.high", value="9")
    await world.run("faction link", world.mod, clan="otomo", role=ROLES["otomo"],
                    channel=CHANNELS["otomo-war-room"])
    await world.run("turn open", world.mod)
    await world.run("mod act-as", world.mod, clan="otomo")
    await world.run("order trade", world.mod, unit="otomo-hakata-maru")
    await world.run("fleet list", world.mod)  # a look changes nothing: not noted
    text = (await world.run("mod audit", world.mod))[-1].content
    assert "No moderator edits recorded" not in text
    lines = text.splitlines()
    assert "· mod (2) · `act-as /order trade`" in lines[1]
    assert lines[2].startswith("  (acting as Ōtomo) ✅ ")
    assert "`/mod act-as`" in lines[3] and "`/turn open`" in lines[5]
    assert "`/faction link`" in lines[7] and lines[8] == (
        f"  Ōtomo of Seto 1560: players hold <@&{ROLES['otomo']}>; its private reports go to "
        f"<#{CHANNELS['otomo-war-room']}>.")
    assert "`/campaign settings set`" in lines[9] and lines[10].startswith("  stake_target.high: 10 → 9")
    otomo = await world.service.audit_log(1, 50, "otomo")
    assert [e.kind for e in otomo] == ["act-as /order trade", "/mod act-as", "/faction link"]
