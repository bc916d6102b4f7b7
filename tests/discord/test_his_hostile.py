"""Here I Stand under hostile input (issue 10, PREAMBLE: bad input is refused saying what was wrong and
what would be right, and changes nothing; a chosen name reaches posts as typed, never as markdown)."""

from __future__ import annotations

from tests.discord.conftest import channel_posts
from tests.discord.his_world import CHANNELS, his  # noqa: F401  (his: the fixture)

HOSTILE = "# \u202eBarbarossa [x](http://e.vil) @everyone\u200b"
SHOWN = r"\# Barbarossa \[x\](http://e.vil) @" + "\u200beveryone"


async def test_a_hostile_leader_name_is_escaped_in_the_reply_and_the_public_report(his):
    sent = await his.run("here-i-stand leader-add", his.mod, name=HOSTILE, power="Ottomans",
                         location="Barbary Coast", battle_rating=1)
    said = sent[-1].content.split("\nEdit:")[0]  # the edit as recorded is a code span: markdown is off there
    assert said.startswith("🛠️ **Mediterranean 1532** — added the naval leader " + SHOWN)
    await his.run("his move", his.players["ottoman"], **{"from": "Barbary Coast", "to": "Tyrrhenian Sea"})
    resolved = await his.run("turn resolve", his.mod)
    posted = "\n".join(p.content for p in channel_posts(resolved, CHANNELS["naval-reports"]))
    assert SHOWN in posted
    assert "[x](" not in posted and "@everyone" not in posted and "\u202e" not in posted


async def test_a_moderators_unit_edit_says_the_place_and_power_by_name(his):
    """The reply read "location turn_track:2, controller france": stored ids, not what moderators read."""
    sent = await his.run("here-i-stand unit", his.mod, unit="h1", location="turn_track:2", controller="France")
    assert "location Turn Track (turn 2), controller France" in sent[-1].content.split("\n")[0]
    sent = await his.run("here-i-stand unit", his.mod, unit="h1", location="Naples")
    assert "location Naples" in sent[-1].content.split("\n")[0]


async def test_a_space_or_power_that_does_not_exist_is_refused_by_its_option_and_nothing_is_stored(his):
    """An unknown destination was refused as "not adjacent (H2.3)": true of nothing that exists."""
    ottoman = his.players["ottoman"]
    sent = await his.run("his move", ottoman, **{"from": "Barbary Coast", "to": "Nowhere Land"})
    assert sent[-1].ephemeral and sent[-1].content == (
        "“Nowhere Land” is not a space the to option takes; the option lists the ones it does")
    sent = await his.run("his move", ottoman, **{"from": "Barbary Coast", "to": "Tyrrhenian Sea",
                                                 "fight_first": "Atlantis"})
    assert sent[-1].content == "“Atlantis” is not a space the fight_first option takes; the option lists the ones it does"
    sent = await his.run("his piracy", ottoman, zone="Gulf of Lyon", target="Venice [x](http://e.vil)")
    assert sent[-1].content == ("“Venice \\[x\\](http://e.vil)” is not a power of this campaign; the target option "
                                "lists them")
    assert await his.service.orders(1, "ottoman") == []
