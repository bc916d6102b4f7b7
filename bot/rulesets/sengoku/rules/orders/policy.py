"""Standing encounter policies (S5.5) and what they may look at (S5.6, V5).

A policy is ``always``, ``never`` or ``if <condition>``; a condition is one or
more comparisons joined by ``and``, e.g. ``if enemy_count <= own_count and
enemy_reinforced == 0``.  Only facts a player sees at the moment of decision
may be named (S5.6, OP-26): enemy count, damage, type (ordinary/reinforced)
and clan, plus anything about the player's own squadrons.

``enemy_clan == <clan>`` holds when that clan's squadrons are among the enemy
met (``!=``: when they are not); the clan is written by id or name and read as
the id.  Only the clans of squadrons actually met are compared, so a condition
can learn nothing the encounter does not show.
"""

from __future__ import annotations

import operator
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from bot.domain.text import N_, Phrase, quote
from bot.engine.ruleset import OrderRejected

VISIBLE_FACTS = {
    "enemy_count": "number of enemy squadrons",
    "enemy_damage": "total damage of the enemy squadrons",
    "enemy_max_damage": "damage of the most damaged enemy squadron",
    "enemy_reinforced": "number of reinforced enemy squadrons",
    "enemy_ordinary": "number of ordinary enemy squadrons",
    "enemy_clan": "the clan of the enemy squadrons (== or != a clan)",
    "own_count": "number of own squadrons here",
    "own_damage": "total damage of own squadrons here",
    "own_reinforced": "number of own reinforced squadrons here",
    "own_xp": "experience of this squadron",
    "own_hd": "heavy detachments of this squadron",
}

HIDDEN_FACTS = {
    "enemy_xp": N_("enemy experience"),
    "enemy_experience": N_("enemy experience"),
    "enemy_hd": N_("the number of enemy heavy detachments"),
    "enemy_leader": N_("the enemy's leader"),
    "enemy_stake": N_("the enemy's stake"),
    "enemy_mission": N_("the enemy's mission"),
}

_OPS = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt,
        "==": operator.eq, "!=": operator.ne}
_CLAUSE = re.compile(r"^\s*([a-z_]+)\s*(<=|>=|==|!=|<|>)\s*([a-z_]+|-?\d+)\s*$")
_CLAN_CLAUSE = re.compile(r"^\s*enemy_clan\s*(<=|>=|==|!=|<|>)\s*(.*?)\s*$")
CLAN_FACT = "enemy_clan"


@dataclass(frozen=True)
class Clause:
    left: str
    op: str
    right: str | int

    def holds(self, facts: dict) -> bool:
        if self.left == CLAN_FACT:  # facts[CLAN_FACT]: the set of clans met
            return (self.right in facts[CLAN_FACT]) == (self.op == "==")
        right = self.right if isinstance(self.right, int) else facts[self.right]
        return _OPS[self.op](facts[self.left], right)


@dataclass(frozen=True)
class Policy:
    """``clauses is None`` with ``constant`` set means always/never."""

    constant: bool | None
    clauses: tuple[Clause, ...] = ()

    def decide(self, facts: dict) -> bool:
        if self.constant is not None:
            return self.constant
        return all(clause.holds(facts) for clause in self.clauses)


def parse_policy(text: str, field: str, yes: str = "always", no: str = "never",
                 clans: Mapping[str, str] | None = None) -> Policy:
    """Raise OrderRejected naming the field and what would be valid.  ``clans`` (id → name): the
    campaign's clans, which an ``enemy_clan`` condition may name; without it the word is taken as an id."""
    words = text.strip().lower()
    if words in (yes, "yes", "true"):
        return Policy(True)
    if words in (no, "no", "false"):
        return Policy(False)
    if not words.startswith("if "):
        raise OrderRejected(
            N_("{field}: {text} is not a policy; use '{yes}', '{no}' or 'if <condition>', "
               "e.g. 'if enemy_count <= own_count'"), rule="S5.5", field=field, text=quote(text), yes=yes, no=no)
    clauses = tuple(_parse_clause(part, field, clans) for part in words[3:].split(" and "))
    return Policy(None, clauses)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _clan_clause(op: str, word: str, field: str, clans: Mapping[str, str] | None) -> Clause:
    """OP-26: the enemy clan is visible; named by id or name, kept as the id."""
    example = f"{CLAN_FACT} == {next(iter(sorted(clans.values())), 'Mori') if clans else 'mori'}"
    if op not in ("==", "!="):
        raise OrderRejected(N_("{field}: a clan is compared only with == or != ({example})"), rule="OP-26",
                            field=field, example=example)
    if not word:
        raise OrderRejected(N_("{field}: name the clan, e.g. '{example}'"), rule="OP-26", field=field,
                            example=example)
    if clans is None:
        return Clause(CLAN_FACT, op, word)
    wanted = _fold(word)
    clan = next((cid for cid, name in clans.items() if wanted in (_fold(cid), _fold(name))), None)
    if clan is None:
        raise OrderRejected(N_("{field}: no clan {clan} in this campaign; name one of {clans} (S5.6, OP-26)"),
                            rule="OP-26", field=field, clan=repr(word), clans=", ".join(sorted(clans.values())))
    return Clause(CLAN_FACT, op, clan)


def _parse_clause(text: str, field: str, clans: Mapping[str, str] | None = None) -> Clause:
    clan_match = _CLAN_CLAUSE.match(text)
    if clan_match:
        return _clan_clause(*clan_match.groups(), field, clans)
    match = _CLAUSE.match(text)
    if not match:
        raise OrderRejected(N_("{field}: cannot read condition {text}; write e.g. 'enemy_count <= own_count'"),
                            rule="S5.5", field=field, text=repr(text.strip()))
    left, op, right = match.groups()
    for name in (left, right):
        if name == CLAN_FACT:  # on the right of a comparison, a clan is no number
            raise OrderRejected(N_("{field}: write the clan on the right: '{fact} == <clan>'"), rule="OP-26",
                                field=field, fact=CLAN_FACT)
        if not name.lstrip("-").isdigit():
            _check_visible(name, field)
    return Clause(left, op, int(right) if right.lstrip("-").isdigit() else right)


def _check_visible(name: str, field: str) -> None:
    if name in VISIBLE_FACTS:
        return
    if name in HIDDEN_FACTS:
        raise OrderRejected(N_("{field}: a condition may not use {fact} ({name}); it is hidden from you when you "
                               "decide (S5.6). Visible: {visible}"), rule="S5.6", field=field,
                            fact=Phrase(HIDDEN_FACTS[name]), name=name, visible=", ".join(sorted(VISIBLE_FACTS)))
    raise OrderRejected(N_("{field}: unknown fact {name}; visible facts are {visible}"), rule="S5.6", field=field,
                        name=repr(name), visible=", ".join(sorted(VISIBLE_FACTS)))
