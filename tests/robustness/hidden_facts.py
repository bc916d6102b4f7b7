"""What one clan may not learn about another, as checks over a resolved turn
(used by test_secrecy).  Each check returns a list of leaks, one line each.

* ``uninvolved_audiences``: an event that carries a hidden fact (dice, losses,
  experience, a heavy-detachment count, a pirate's identity, a leader's
  record …) goes only to clans it is about: each clan in its audience owns
  something the event names (a unit, a character, an army, a port, a
  province, a capture credit) or is named itself.
* ``hidden_facts_in_text``: in a clan's text, no dice faces, dice key,
  experience, stake or heavy-detachment figure is told about another clan's
  unit or character: the words before such a figure never name one (R19,
  OP-49) — save the heavy detachments a clan captures by a forced refusal,
  which R19 tells the captor.
* ``foreign_dice_keys``: no dice key in a clan's text is wholly about other
  clans' units or characters (a key naming one of its own — its fleet
  intercepted by an enemy squadron — is its own roll).
"""

from __future__ import annotations

import re
from typing import Any

from bot.domain.events import Event

HIDDEN_FIGURES = [
    (re.compile(r"d6 \["), "dice faces"),
    (re.compile(r"\(key "), "a dice key"),
    (re.compile(r"\bXP\b"), "experience (XP)"),
    (re.compile(r"gains experience"), "experience gained"),
    (re.compile(r"\bstake\b"), "a stake"),
    (re.compile(r"\bHD\b"), "heavy detachments (HD)"),
    (re.compile(r"\d+\s*(?:×\s*)?heavy det", re.IGNORECASE), "a count of heavy detachments"),
]
# Event kinds that carry a hidden fact (tests/test_visibility.py keeps them from the public).
SECRET_KINDS = {"squadron_rolled", "loss_rolled", "experience_gained", "character_harmed", "interception_rolled",
                "loot_rolled", "figures_lost", "storm_checked", "forced_refusal", "pair_decided", "credit_gained",
                "pirate_identified", "heavy_in_port", "naval_record", "leader_record", "plunder_looted"}
# R19: a forced refusal's heavy-detachment count goes to the two clans, so the captor reads it.
CAPTURED_HD = re.compile(r"heavy detachments? lost to (.+?) \(S5\.7\)")
DICE_KEY = re.compile(r"\(key ([^)\s]+)\)")


def owned_by(states: list[Any], clan: str) -> set[str]:
    """Ids of everything the clan holds in any of ``states`` (before and after the turn)."""
    ids = {clan}
    for state in states:
        for table in (state.squadrons, state.fleets, state.heavy):
            ids |= {u for u, unit in table.items() if unit.owner == clan}
        ids |= {c for c, ch in state.characters.items() if ch.clan == clan}
        ids |= {a for a, army in state.armies.items() if army.clan == clan}
        ids |= {p for p, port in state.ports.items() if port.owner == clan}
        ids |= {a for a, owner in state.area_owner.items() if owner == clan}
        ids |= {c.id for c in state.credits if c.holder == clan}
    return ids


def named_in(event: Event) -> set[str]:
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):  # composite labels too: operation "c0-t1:sp2", dice key "loss:…:c0-sq1:r1"
            found.update({value, *re.split(r"[:+/]", value)})
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
    walk(event.model_dump(exclude={"kind", "audience"}))
    return found


def uninvolved_audiences(events: list[Event], before: Any, after: Any) -> list[str]:
    leaks = []
    clans = sorted(before.clans)
    holdings = {clan: owned_by([before, after], clan) for clan in clans}
    for event in events:
        if event.audience.public or event.kind not in SECRET_KINDS:
            continue
        names = named_in(event)
        for clan in event.audience.factions:
            if not holdings.get(clan, {clan}) & names:
                leaks.append(f"{event.kind} goes to {clan}, which it is not about: {sorted(names)[:8]}")
    return leaks


def foreign_names(before: Any, after: Any, clan: str) -> dict[str, str]:
    """Display name → owning clan, for every unit and character of the other clans."""
    names = {}
    for state in (before, after):
        for table in (state.squadrons, state.fleets):
            names |= {unit.name: unit.owner for unit in table.values() if unit.owner != clan}
        names |= {f"heavy detachment {h}": hd.owner for h, hd in state.heavy.items() if hd.owner != clan}
        names |= {ch.name: ch.clan for ch in state.characters.values() if ch.clan != clan}
    return names


def names_pattern(names: dict[str, str]) -> re.Pattern | None:
    if not names:
        return None
    alternatives = sorted(names, key=len, reverse=True)  # "squadron 10" before "squadron 1"
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, alternatives)) + r")(?![\w-])")


def hidden_facts_in_text(text: str, before: Any, after: Any, clan: str) -> list[str]:
    names = foreign_names(before, after, clan)
    pattern = names_pattern(names)
    if pattern is None:
        return []
    leaks = []
    reader = before.clans[clan].name if clan in before.clans else None
    for line in text.splitlines():
        captor = CAPTURED_HD.search(line)
        for figure, what in HIDDEN_FIGURES:
            if captor and reader == captor.group(1) and what == "a count of heavy detachments":
                continue
            hit = figure.search(line)
            named = pattern.search(line[:hit.start()]) if hit else None
            if named:
                leaks.append(f"{clan} reads {what} of {names[named.group(1)]}'s {named.group(1)}: {line.strip()!r}")
    return leaks


def _pieces(states: list[Any], clan: str) -> set[str]:
    """Ids of the clan's units, characters and armies (what dice are rolled for)."""
    ids = set()
    for state in states:
        for table in (state.squadrons, state.fleets, state.heavy):
            ids |= {u for u, unit in table.items() if unit.owner == clan}
        ids |= {c for c, ch in state.characters.items() if ch.clan == clan}
        ids |= {a for a, army in state.armies.items() if army.clan == clan}
    return ids


def foreign_dice_keys(text: str, before: Any, after: Any, clan: str) -> list[str]:
    foreign = set().union(*(_pieces([before, after], other) for other in before.clans if other != clan))
    own = _pieces([before, after], clan)
    leaks = []
    for key in DICE_KEY.findall(text):
        pieces = set(re.split(r"[:/+]", key))
        subjects = pieces & (foreign - own)
        if subjects and not pieces & own:
            leaks.append(f"{clan} reads the dice key {key!r} of {sorted(subjects)}")
    return leaks
