"""The command payloads a sync sends — the core's (global) and each ruleset's (per server) —,
checked against Discord's documented limits (discord.py does not check them all;
bot/command_surface.py) and kept as a snapshot so any change to the command surface is a
visible diff.

Regenerate the snapshot after an intended change:
    FLEETWRIGHT_UPDATE_COMMANDS=1 python -m pytest tests/discord/test_command_surface.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import discord
import pytest

from bot.command_surface import SUB, problems as _problems, size as _chars

SNAPSHOT = Path(__file__).with_name("commands.snapshot.json")


@pytest.fixture
async def export(world) -> list[dict]:
    """Every top-level command as a sync sends it: the core's, then each ruleset's."""
    return [c.to_dict(world.bot.tree) for c in world.bot.top_level_commands()]


def _option(name: str = "opt", **extra) -> dict:
    return {"name": name, "description": "an option", "type": 3, **extra}


def _command(*options: dict, **extra) -> dict:
    return {"name": "cmd", "description": "a command", "type": 1, "options": list(options), **extra}


BROKEN = {
    "name with a space": (_command(_option("two words")), "cmd two words: bad name"),
    "upper-case name": (_command(_option("Unit")), "cmd Unit: bad name"),
    "name of 33 characters": (_command(_option("x" * 33)), f"cmd {'x' * 33}: bad name"),
    "empty description": (_command(_option(description="")), "cmd opt: description must be 1-100 characters"),
    "description of 101": (_command(description="d" * 101), "cmd: description must be 1-100 characters"),
    "26 options": (_command(*[_option(f"o{i}") for i in range(26)]), "cmd: 26 options (max 25)"),
    "26 choices": (_command(_option(choices=[{"name": f"c{i}", "value": f"c{i}"} for i in range(26)])),
                   "cmd opt: 26 choices (max 25)"),
    "choice name of 101": (_command(_option(choices=[{"name": "n" * 101, "value": "v"}])),
                           f"cmd opt: choice {'n' * 101!r} too long"),
    "empty choice name": (_command(_option(choices=[{"name": "", "value": "v"}])), "cmd opt: choice '' too long"),
    "required after optional": (_command(_option("a"), _option("b", required=True)),
                                "cmd: a required option follows an optional one"),
    "choices with autocomplete": (_command(_option(choices=[{"name": "c", "value": "c"}], autocomplete=True)),
                                  "cmd opt: choices and autocomplete together"),
    "group in a group": (_command({"name": "g", "description": "group", "type": 2, "options": [
                             {"name": "h", "description": "group", "type": 2, "options": []}]}),
                         "cmd g h: nested too deep (a command holds groups, a group holds sub-commands)"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_the_checker_catches_each_limit(case):
    """Each of Discord's documented limits is checked: a payload breaking one is named."""
    command, problem = BROKEN[case]
    assert _problems(command, "") == [problem]


def test_the_size_count_takes_every_name_description_and_choice():
    command = _command(_option("ab", description="cd", choices=[{"name": "ef", "value": "ghi"}]))
    assert _chars(command) == len("cmd") + len("a command") + len("ab") + len("cd") + len("ef") + len("ghi")


def test_every_command_fits_discords_limits(export):
    assert len(export) <= 100  # global chat-input commands of one application
    problems = [p for command in export for p in _problems(command, "/")]
    assert problems == []


def test_every_command_stays_well_under_the_size_limit(export):
    sizes = {command["name"]: _chars(command) for command in export}
    assert {name: size for name, size in sizes.items() if size >= 4000} == {}


def test_command_surface_matches_the_snapshot(world):
    surface = world.bot.surface()
    scoped = {"global": surface.core,
              **{f"per server hosting {ruleset}": own for ruleset, own in surface.rulesets.items()}}
    text = json.dumps(scoped, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if os.environ.get("FLEETWRIGHT_UPDATE_COMMANDS"):
        SNAPSHOT.write_text(text, encoding="utf-8")
    stored = SNAPSHOT.read_text(encoding="utf-8") if SNAPSHOT.exists() else ""
    assert text == stored, (
        "the slash commands changed; review the diff and regenerate with FLEETWRIGHT_UPDATE_COMMANDS=1")


def _leaves(node: dict, prefix: str = "") -> list[str]:
    subs = [o for o in node.get("options") or [] if o["type"] in SUB]
    if not subs:
        return [prefix.strip()]
    return [leaf for o in subs for leaf in _leaves(o, f"{prefix} {o['name']}")]


def test_the_surface_is_the_documented_one(export):
    subcommands = {c["name"]: sorted(_leaves(c)) for c in export}
    assert subcommands == {
        "campaign": ["channel", "create", "export", "language", "moderators", "settings set"],
        "clan": ["leaders", "policy", "redeem"],
        "dice": ["verify"],
        "eia": ["command", "convoy", "landing-retreat", "leave", "move", "patrol", "standing"],
        "empires-in-arms": ["armada", "dice", "ko", "lose-port", "port", "relation", "squadron", "squadron-add",
                            "zone"],
        "faction": ["add", "language", "link"],
        "fleet": ["list", "show"],
        "game": ["clans", "info", "relations", "settings", "status"],
        "help": [""],
        "here-i-stand": ["alliance", "barbary-pirates", "cp", "leader", "leader-add", "port", "power", "standing",
                         "unit", "unit-add", "war"],
        "his": ["build", "move", "pass", "piracy", "standing", "transport"],
        "map": [""],
        "mod": ["act-as", "audit"],
        "order": ["attack-port", "base", "cruise", "fleet-idle", "idle", "landing", "piracy",
                  "plunder", "ravage", "repair", "trade"],
        "orders": ["clear", "ready", "show", "withdraw"],
        "royal": ["battle", "blockade", "buy-over", "deploy", "hire", "hold", "joint", "merge", "move", "repair",
                  "retreat-to-ships", "split", "support", "transport", "upkeep"],
        "royal-fleets": ["army", "deployment", "fleet", "fleet-add", "province", "relation", "ship",
                         "table fee", "table income", "table ship-type", "table show", "trade-post", "treasury"],
        "sengoku": ["army remove", "army set", "basing", "commander add", "commander edit", "commander remove",
                    "port", "province", "relation", "treasury", "unit add", "unit edit", "unit remove", "weather"],
        "step": ["answer", "show"],
        "turn": ["deadline", "defaults", "lock", "log", "open", "preview", "redo", "reopen", "resolve", "undo"],
        "unit": ["disband", "escort", "evacuate", "keep-loc", "mothball", "sweep", "tactics"],
    }
    assert all(c.get("contexts") == [0] for c in export), "every command is for servers only"


MODERATOR_GROUPS = {"campaign", "faction", "turn", "mod", "sengoku", "royal-fleets", "here-i-stand",
                    "empires-in-arms"}


def test_moderator_groups_are_hidden_from_players_and_never_mixed(world):
    """Issue 17: Discord hides a group with default_member_permissions (Manage Server) from players, so a
    group holds moderators' commands only or players' only; a server admin may show them to a moderator role."""
    from cogs.common import moderator_command
    exported = {c["name"]: c for c in (c.to_dict(world.bot.tree) for c in world.bot.top_level_commands())}
    hidden = {name for name, c in exported.items() if c.get("default_member_permissions") is not None}
    assert hidden == MODERATOR_GROUPS
    assert all(int(exported[name]["default_member_permissions"]) == 32 for name in hidden)  # manage_guild
    for command in world.bot.walk_all_commands():
        if isinstance(command, discord.app_commands.Command):
            root = command.qualified_name.split()[0]
            assert moderator_command(command) == (root in MODERATOR_GROUPS), command.qualified_name
def _text_options(node: dict, where: str = ""):
    """(command path, option) for every text option a person types (choices are Discord's to limit)."""
    here = f"{where} {node['name']}".strip()
    for option in node.get("options") or []:
        if option["type"] in SUB:
            yield from _text_options(option, here)
        elif option["type"] == 3 and not option.get("choices"):
            yield here, option


def test_every_text_option_has_a_max_length(export):
    """Issue 17: without max_length a 5,000-character name is accepted, and a reply repeating it never arrives."""
    missing = [f"/{path} {o['name']}" for c in export for path, o in _text_options(c) if not o.get("max_length")]
    assert missing == []
    assert max(o["max_length"] for c in export for _, o in _text_options(c)) <= 500


def test_every_command_takes_at_most_6000_characters_of_text(export):
    totals: dict[str, int] = {}
    for command in export:
        for path, option in _text_options(command):
            totals[path] = totals.get(path, 0) + option["max_length"]
    assert {path: total for path, total in totals.items() if total > 6000} == {}


def _descriptions(node: dict, where: str = "") -> list[tuple[str, str]]:
    here = f"{where} {node['name']}".strip()
    return [(here, node.get("description", ""))] + [d for o in node.get("options") or [] for d in _descriptions(o, here)]


async def test_no_command_speaks_of_a_seed(export):
    """A turn is opened with a signed dice key (docs/decisions.md): its commitment is the public key's,
    and no seed is ever published or revealed; the command list must not say otherwise."""
    said = [(where, text) for command in export for where, text in _descriptions(command) if "seed" in text.lower()]
    assert said == []
