"""The command payloads a sync sends, checked against Discord's documented
limits (discord.py does not check them all) and kept as a snapshot so any
change to the command surface is a visible diff.

Regenerate the snapshot after an intended change:
    FLEETWRIGHT_UPDATE_COMMANDS=1 python -m pytest tests/discord/test_command_surface.py
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

SNAPSHOT = Path(__file__).with_name("commands.snapshot.json")
NAME = re.compile(r"^[-_'\w]{1,32}$")
SUB = (1, 2)  # sub-command, sub-command group


@pytest.fixture
async def export(world) -> list[dict]:
    return [c.to_dict(world.bot.tree) for c in world.bot.tree.get_commands()]


def _chars(node: dict) -> int:
    """What Discord counts toward the 8,000 limit: names, descriptions, choice names and values."""
    total = len(node["name"]) + len(node.get("description", ""))
    total += sum(len(c["name"]) + len(str(c["value"])) for c in node.get("choices") or [])
    return total + sum(_chars(o) for o in node.get("options") or [])


def _problems(node: dict, where: str) -> list[str]:
    here = f"{where} {node['name']}".strip()
    problems = []
    if not NAME.match(node["name"]) or node["name"] != node["name"].lower():
        problems.append(f"{here}: bad name")
    if not 1 <= len(node.get("description", "")) <= 100:
        problems.append(f"{here}: description must be 1-100 characters")
    options = node.get("options") or []
    if len(options) > 25:
        problems.append(f"{here}: {len(options)} options (max 25)")
    required = [o.get("required", False) for o in options if o["type"] not in SUB]
    if required != sorted(required, reverse=True):
        problems.append(f"{here}: a required option follows an optional one")
    choices = node.get("choices") or []
    if len(choices) > 25:
        problems.append(f"{here}: {len(choices)} choices (max 25)")
    if choices and node.get("autocomplete"):
        problems.append(f"{here}: choices and autocomplete together")
    for choice in choices:
        if not 1 <= len(choice["name"]) <= 100 or len(str(choice["value"])) > 100:
            problems.append(f"{here}: choice {choice['name']!r} too long")
    for option in options:
        problems += _problems(option, here)
    return problems


def test_every_command_fits_discords_limits(export):
    assert len(export) <= 100
    problems = [p for command in export for p in _problems(command, "/")]
    assert problems == []


def test_every_command_stays_well_under_the_size_limit(export):
    sizes = {command["name"]: _chars(command) for command in export}
    assert {name: size for name, size in sizes.items() if size >= 4000} == {}


def test_command_surface_matches_the_snapshot(export):
    text = json.dumps(export, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if os.environ.get("FLEETWRIGHT_UPDATE_COMMANDS"):
        SNAPSHOT.write_text(text, encoding="utf-8")
    stored = SNAPSHOT.read_text(encoding="utf-8") if SNAPSHOT.exists() else ""
    assert text == stored, (
        "the slash commands changed; review the diff and regenerate with FLEETWRIGHT_UPDATE_COMMANDS=1")


def test_the_surface_is_the_documented_one(export):
    subcommands = {c["name"]: sorted(o["name"] for o in c["options"] if o["type"] == 1) for c in export}
    assert subcommands == {
        "campaign": ["channel", "create", "export", "info", "moderators", "set", "settings"],
        "clan": ["leaders", "policy", "redeem"],
        "faction": ["link", "list"],
        "fleet": ["list"],
        "moderate": ["act-as", "army", "army-remove", "port", "province", "relation", "treasury", "weather"],
        "order": ["attack-port", "base", "clear", "cruise", "fleet-idle", "idle", "landing", "piracy",
                  "plunder", "ravage", "repair", "trade"],
        "orders": ["list", "ready"],
        "turn": ["deadline", "lock", "open", "preview", "redo", "reopen", "resolve", "status", "undo"],
        "unit": ["disband", "escort", "evacuate", "keep-loc", "mothball", "sweep"],
    }
    assert all(c.get("contexts") == [0] for c in export), "every command is for servers only"
