"""A whole turn played through the commands by three players (Mōri, Ōtomo,
Kōno, one clan role each) and a moderator (who also gives the orders of
Miyoshi, a clan with no player, acting for it): everything each player can see
— their own replies and files, their clan's channel, the public report channel
— is collected, and nothing one player sees may carry another clan's orders or
hidden facts (S12.6, R19, OP-26, OP-49): its order texts, its units' experience
and heavy detachments, its stakes, the dice keys of its report, or on a map a
marker that names another clan's pirate or shows its experience.

Maps are compared by the overlay the presenter hands to the renderer (the
renderer is replaced by a recorder that returns a numbered PNG), so the test
reads what each map shows, not pixels."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import pytest

import bot.render
from cogs.params import game_map
from tests.discord.conftest import CHANNELS
from tests.discord.harness import Member, Sent

PLAYERS = ("mori", "otomo", "kono")
PUBLIC_FORBIDDEN = [re.compile(p) for p in (r"\bXP\b", r"(?i)\bstake\b", r"\(key ", r"(?i)heavy det", r"\d+ HD\b")]
PIRATES = {"mori-noshima": "mori", "otomo-hakata-maru": "otomo"}

ORDERS = {
    "mori": [("order cruise", {"unit": "mori-kobayakawa", "target": "suo", "engage": "always", "stake": "high"}),
             ("order cruise", {"unit": "mori-kurushima", "target": "buzen"}),
             ("order cruise", {"unit": "mori-kodama", "target": "buzen", "stake": "high"}),
             ("order piracy", {"unit": "mori-noshima", "port": "moji"}),
             ("order trade", {"unit": "mori-akita-maru"})],
    "otomo": [("order cruise", {"unit": "otomo-usuki", "target": "iyo"}),
              ("order cruise", {"unit": "otomo-wakabayashi", "target": "suo", "engage": "always", "stake": "low"}),
              ("order cruise", {"unit": "otomo-tahara", "target": "suo", "engage": "always", "stake": "low"}),
              ("order attack-port", {"unit": "otomo-moji", "port": "akamagaseki", "stake": "high"}),
              ("order piracy", {"unit": "otomo-hakata-maru", "port": "akamagaseki"}),
              ("order plunder", {"unit": "otomo-funai-maru", "target": "iyo"})],
    "kono": [("order landing", {"unit": "kono-mitsu-maru", "army": "kono-army", "origin": "iyo",
                                "destination": "sanuki"}),
             ("unit escort", {"unit": "kono-mitsu", "operation": "kono-mitsu-maru"}),
             ("order cruise", {"unit": "kono-imabari", "target": "iyo"})],
    "miyoshi": [("order cruise", {"unit": "miyoshi-sogo", "target": "iyo", "engage": "if-not-outnumbered"}),
                ("order cruise", {"unit": "miyoshi-ataki", "target": "iyo", "stake": "high"}),
                ("order cruise", {"unit": "miyoshi-shiwaku", "target": "sanuki", "engage": "always"}),
                ("order base", {"unit": "miyoshi-hyogo-maru", "port": "sakai"})],
}
LOOKS = [("fleet list", {}), ("fleet show", {"unit": "{unit}"}), ("orders show", {}), ("orders ready", {}),
         ("game status", {}), ("game clans", {}), ("game relations", {}), ("game info", {}),
         ("clan leaders", {}), ("map", {}), ("map", {"view": "mine"}), ("dice verify", {})]


@dataclass
class Seen:
    """What one player could read: texts, and the overlays of the maps they were sent."""

    texts: list[str] = field(default_factory=list)
    overlays: list[dict] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.texts + [json.dumps(o, ensure_ascii=False) for o in self.overlays])


@pytest.fixture
def overlays(monkeypatch) -> dict[bytes, dict]:
    """Every map drawn: its PNG bytes (numbered) → the overlay it was drawn from."""
    drawn: dict[bytes, dict] = {}

    async def record(gamemap, overlay, **_):
        png = b"\x89PNG\r\n\x1a\n" + f"map {len(drawn)}".encode()
        drawn[png] = overlay.model_dump(mode="json")
        return png
    monkeypatch.setattr(bot.render, "render_map_async", record)
    return drawn


def take(seen: Seen, sent: list[Sent], overlays: dict[bytes, dict]) -> None:
    for message in sent:
        seen.texts.append(message.content)
        for name, data in message.files.items():
            if data in overlays:
                seen.overlays.append(overlays[data])
            else:
                seen.texts.append(f"[{name}]\n{data.decode('utf-8', 'replace')}")


async def look_around(world, member: Member, seen: Seen, unit: str, overlays) -> None:
    for path, values in LOOKS:
        values = {k: v.format(unit=unit) for k, v in values.items()}
        sent = await world.run(path, member, **values)
        assert all(s.ephemeral for s in sent if s.kind != "channel"), path
        take(seen, sent, overlays)


def channel_posts(world, channel: int) -> list[Sent]:
    return world.h.sent("channel", channel)


async def test_a_whole_turn_leaks_nothing_between_clans(world, overlays):
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    seen = {clan: Seen() for clan in PLAYERS}
    receipts: dict[str, list[str]] = {clan: [] for clan in ORDERS}
    for clan, orders in ORDERS.items():
        member = world.players[clan] if clan in PLAYERS else world.mod
        if clan not in PLAYERS:
            await world.run("mod act-as", world.mod, clan=clan)
        for path, values in orders:
            sent = await world.run(path, member, **values)
            assert sent[-1].content.startswith(("✅", "(acting as")), sent[-1].content
            receipts[clan].append(sent[-1].content.split("✅ ", 1)[1].splitlines()[0])
            if clan in PLAYERS:
                take(seen[clan], sent, overlays)
    await world.run("mod act-as", world.mod, clan="none")
    hidden_summaries = {clan: [u.summary for u in await world.service.units(1, clan)] for clan in ORDERS}
    for clan in PLAYERS:
        await look_around(world, world.players[clan], seen[clan], ORDERS[clan][0][1]["unit"], overlays)

    resolved = await world.run("turn resolve", world.mod)
    (summary,) = [s for s in resolved if s.kind == "followup"]  # then the captives' prompt, in Ōtomo's room
    assert summary.ephemeral and resolved[-1].target == CHANNELS["otomo-war-room"]
    record = await world.service.repo.last_resolution(1)
    keys = {clan: set(re.findall(r"\(key ([^)]+)\)", record.report[f"faction:{clan}"])) for clan in ORDERS}
    # The turn's captives' choices (OP-46 c): Ōtomo's captive Tahara Chikakata; its player answers the prompt.
    (prompt,) = [s for s in channel_posts(world, CHANNELS["otomo-war-room"]) if "captives' choices" in s.content]
    answered = await world.h.click(prompt, "Commit suicide", world.players["otomo"], in_channel="otomo-war-room")
    # Ōtomo's player sees the reply and the prompt edited (the reports posted to each room are taken below).
    take(seen["otomo"], [s for s in answered if s.kind != "channel"], overlays)
    orders_step, captives = await world.service.repo.turn_resolutions(1, 3)
    assert (orders_step, captives.step) == (record, 2) and (await world.service.campaign(1)).turn == 4
    answer_lines = [line for line in captives.report["faction:otomo"].splitlines()
                    if "Tahara" in line and line not in captives.report["public"]]
    assert answer_lines  # Ōtomo's own report says how it answered; nobody else's may
    for clan in PLAYERS:
        await look_around(world, world.players[clan], seen[clan], ORDERS[clan][0][1]["unit"], overlays)
        mine = sorted(keys[clan])[0]
        take(seen[clan], await world.run("dice verify", world.players[clan], key=mine), overlays)
    public = channel_posts(world, CHANNELS["naval-reports"])
    public_text = "\n".join(s.content for s in public)
    assert "Turn 3 in steps:" in public_text  # the turn's digest, once its last step resolved
    assert public and any(s.files for s in public)
    for clan in PLAYERS:
        take(seen[clan], public + channel_posts(world, CHANNELS[f"{clan}-war-room"]), overlays)

    # The check has something to bite on: every clan gave orders, has keys, and every player saw maps.
    assert all(receipts[clan] for clan in ORDERS) and all(keys[clan] for clan in PLAYERS)
    assert all(len(seen[clan].overlays) >= 4 for clan in PLAYERS)
    assert [p.pattern for p in PUBLIC_FORBIDDEN if p.search(public_text)] == []
    problems = []
    for reader in PLAYERS:
        text = seen[reader].text()
        assert all(r in text for r in receipts[reader]), f"{reader} did not see its own receipts"
        for other in ORDERS:
            if other == reader:
                continue
            problems += [f"{reader} saw {other}'s order: {r}" for r in receipts[other] if r in text]
            problems += [f"{reader} saw {other}'s unit state: {s}" for s in hidden_summaries[other]
                         if s in text and s not in hidden_summaries[reader]]
            problems += [f"{reader} saw {other}'s dice key {k}" for k in keys[other] - keys[reader]
                         if k in text]
        if reader != "otomo":
            problems += [f"{reader} saw Ōtomo's captive's answer: {line}" for line in answer_lines if line in text]
        problems += map_problems(reader, seen[reader].overlays)
    assert problems == []


def map_problems(reader: str, overlays: list[dict]) -> list[str]:
    """Another clan's marker shows no experience or heavy-detachment count, and no pirate of another
    clan is drawn in its owner's name (OP-49)."""
    problems = []
    for overlay in overlays:
        for marker in overlay["markers"]:
            if marker["faction"] == reader:
                continue
            if re.search(r"\bXP\b|heavy det|\bHD\b", marker["detail"]):
                problems.append(f"{reader}'s map shows {marker['label']} ({marker['faction']}): {marker['detail']}")
    return problems


async def test_a_pirate_is_not_drawn_where_it_hunted_for_other_clans(world, overlays):
    """OP-49: the owner of a pirate is secret unless caught; no map another clan sees shows a Mōri unit
    off the port it pirated (only the pirate went there: Mōri's other units stay at home)."""
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    await world.run("order piracy", world.players["mori"], unit="mori-noshima", port="moji")
    await world.run("turn resolve", world.mod)
    hunting_ground = game_map("seto").ports["moji"].area
    for member in (world.players["otomo"], world.players["kono"]):
        for values in ({}, {"view": "mine"}):
            sent = await world.run("map", member, **values)
            (overlay,) = [overlays[data] for s in sent for data in s.files.values()]
            assert overlay["markers"], "the map shows the units"
            assert [m for m in overlay["markers"] if m["faction"] == "mori" and m["area"] == hunting_ground] == []
