"""The slash-command surface: the core's commands (global) and each ruleset's own groups (synced
per server that hosts a campaign of that ruleset, bot/startup.py), and the checks that it fits
Discord's limits and that no top-level name is taken twice.

Discord shows a guild command beside a global one of the same name, and a server may host
campaigns of two rulesets at once: so every top-level name belongs to one owner, the core or one
ruleset, and a ruleset that claims a taken name gets none of its commands loaded (``clashes``).
The limits (https://discord.com/developers/docs/interactions/application-commands) are checked on
the payloads a sync sends (``to_dict``), since discord.py does not check them all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.plugins import RulesetPlugin

NAME = re.compile(r"^[-_'\w]{1,32}$")
SUB = (1, 2)  # option types: sub-command, sub-command group
COMMAND_LIMIT = 100  # chat-input commands of one application: global ones, and each guild's own
SIZE_LIMIT = 8000  # what Discord counts per top-level command (names, descriptions, choices)
SIZE_BUDGET = 4000  # kept under half of it: room for a new option without a redesign
CORE = "the core"


def size(node: dict) -> int:
    """What Discord counts toward the 8,000 limit: names, descriptions, choice names and values."""
    total = len(node["name"]) + len(node.get("description", ""))
    total += sum(len(c["name"]) + len(str(c["value"])) for c in node.get("choices") or [])
    return total + sum(size(o) for o in node.get("options") or [])


def problems(node: dict, where: str = "", depth: int = 0) -> list[str]:
    """What in one exported command (or one of its options, at ``depth``) Discord would refuse."""
    here = f"{where} {node['name']}".strip()
    found = []
    kind = node.get("type") if depth else None  # a top-level command's type 1 means "chat input"
    if (kind == 2 and depth != 1) or (kind == 1 and depth > 2):
        found.append(f"{here}: nested too deep (a command holds groups, a group holds sub-commands)")
    if not NAME.match(node["name"]) or node["name"] != node["name"].lower():
        found.append(f"{here}: bad name")
    if not 1 <= len(node.get("description", "")) <= 100:
        found.append(f"{here}: description must be 1-100 characters")
    options = node.get("options") or []
    names = [o["name"] for o in options]
    found += [f"{here}: two options named {name!r}" for name in sorted({n for n in names if names.count(n) > 1})]
    if len(options) > 25:
        found.append(f"{here}: {len(options)} options (max 25)")
    required = [o.get("required", False) for o in options if o["type"] not in SUB]
    if required != sorted(required, reverse=True):
        found.append(f"{here}: a required option follows an optional one")
    choices = node.get("choices") or []
    if len(choices) > 25:
        found.append(f"{here}: {len(choices)} choices (max 25)")
    if choices and node.get("autocomplete"):
        found.append(f"{here}: choices and autocomplete together")
    for choice in choices:
        if not 1 <= len(choice["name"]) <= 100 or len(str(choice["value"])) > 100:
            found.append(f"{here}: choice {choice['name']!r} too long")
    for option in options:
        found += problems(option, here, depth + 1)
    return found


def localised(node: dict, locale: str) -> dict:
    """A translated payload (``get_translated_payload``) as a client of ``locale`` reads it: each
    name, description and choice name in its language where it has one, else the English."""
    def said(item: dict, key: str) -> str:
        return (item.get(f"{key}_localizations") or {}).get(locale) or item.get(key, "")

    shown = {k: v for k, v in node.items() if not k.endswith("_localizations")}
    shown.update(name=said(node, "name"), description=said(node, "description"))
    if node.get("choices"):
        shown["choices"] = [{"name": said(c, "name"), "value": c["value"]} for c in node["choices"]]
    if node.get("options"):
        shown["options"] = [localised(o, locale) for o in node["options"]]
    return shown


def locale_problems(payloads: Iterable[dict], locale: str) -> list[str]:
    """What Discord would refuse in one locale's commands: names (its rules, unique per parent),
    lengths, and the size budget per top-level command, counted on the localised texts."""
    shown = [localised(p, locale) for p in payloads]
    found = [f"[{locale}] {p}" for command in shown for p in problems(command, "/")]
    found += [f"[{locale}] /{c['name']}: {size(c):,} characters (keep under {SIZE_BUDGET:,}; Discord refuses "
              f"{SIZE_LIMIT:,})" for c in shown if size(c) >= SIZE_BUDGET]
    names = [c["name"] for c in shown]
    twice = sorted({n for n in names if names.count(n) > 1})
    found += [f"[{locale}] two top-level commands named {n!r}" for n in twice]
    return found


def clashes(core: Iterable[str], rulesets: Iterable[RulesetPlugin]) -> dict[str, str]:
    """Ruleset id → why none of its commands may be loaded: a top-level name it declares is the
    core's or an earlier ruleset's (rulesets are taken in the order given), or declared twice."""
    owner = {name: CORE for name in core}
    refused: dict[str, str] = {}
    for ruleset in rulesets:
        taken = [name for name in ruleset.command_groups if name in owner]
        twice = sorted({name for name in ruleset.command_groups if ruleset.command_groups.count(name) > 1})
        if taken or twice:
            said = [f"/{name} is {owner[name]}'s" if owner[name] == CORE else f"/{name} is ruleset {owner[name]!r}'s"
                    for name in taken] + [f"/{name} is declared twice" for name in twice]
            refused[ruleset.id] = (f"ruleset {ruleset.id!r} cannot add its commands: {'; '.join(said)}. A top-level "
                                   f"command name belongs to one owner (a server may host campaigns of several "
                                   f"rulesets, and Discord would show both); rename its group in its command_groups "
                                   f"and its cog")
            continue
        owner.update({name: ruleset.id for name in ruleset.command_groups})
    return refused


@dataclass
class Surface:
    """The exported payloads: the core's (global) and each ruleset's (per server)."""

    core: list[dict]
    rulesets: Mapping[str, list[dict]] = field(default_factory=dict)

    def all(self) -> list[dict]:
        return [*self.core, *(c for commands in self.rulesets.values() for c in commands)]

    def sizes(self) -> dict[str, int]:
        return {command["name"]: size(command) for command in self.all()}


def surface_problems(surface: Surface, declared: Mapping[str, Iterable[str]] | None = None) -> list[str]:
    """Everything about the whole tree that Discord would refuse, or that breaks the ownership of
    names: levels, names, 25 options and choices, the size budget per top-level command, 100 global
    commands, 100 on a server hosting every ruleset, a name owned twice, and (``declared``: ruleset
    id → its command_groups) a ruleset adding other top-level names than it declares."""
    found = [p for command in surface.all() for p in problems(command, "/")]
    found += [f"/{name}: {chars:,} characters (keep under {SIZE_BUDGET:,}; Discord refuses {SIZE_LIMIT:,})"
              for name, chars in surface.sizes().items() if chars >= SIZE_BUDGET]
    if len(surface.core) > COMMAND_LIMIT:
        found.append(f"{len(surface.core)} global commands (max {COMMAND_LIMIT})")
    on_one_server = sum(len(commands) for commands in surface.rulesets.values())
    if on_one_server > COMMAND_LIMIT:
        found.append(f"{on_one_server} ruleset commands on a server hosting every ruleset (max {COMMAND_LIMIT})")
    owners: dict[str, str] = {}
    for owner, commands in [(CORE, surface.core), *surface.rulesets.items()]:
        for command in commands:
            name = command["name"]
            if name in owners:
                found.append(f"/{name} is both {owners[name]}'s and {owner}'s")
            owners.setdefault(name, owner)
    for ruleset, names in (declared or {}).items():
        added = sorted(c["name"] for c in surface.rulesets.get(ruleset, []))
        if added != sorted(names):
            found.append(f"ruleset {ruleset!r} declares the commands {sorted(names)} but adds {added}")
    return found
