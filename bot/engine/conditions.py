"""Conditions of standing orders: what a player decides in advance, by what they will see then.

A condition is ``always``, ``never`` (or the ruleset's words for them: ``accept`` / ``avoid``) or
``if <clause> and <clause> …``; a clause is ``fact op value``, ``op`` one of ``<= >= < > == !=``,
``value`` a whole number or another fact.  The ruleset declares its facts (``Facts``):

- **visible** ones, which a player sees at the moment of decision: the only names a condition
  may use (a standing order may not learn what its player could not, the way Diplomacy's orders
  can name only what is on the board);
- **hidden** ones, refused with a message saying they are hidden (a message id: what the fact is);
- **set-valued** ones (e.g. the clans of the enemy met): ``fact == X`` holds when X is among them,
  ``!=`` when it is not; X is read by id or name (``names`` when parsing) and kept as the id.

Refusals are ``OrderRejected`` with a message id; a ruleset may word each kind of refusal its own
way and cite its own rules (``Refusals``), the core's words cite none.  Parsing is pure and
deterministic; deciding reads only the facts given.
"""

from __future__ import annotations

import operator
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.domain.text import N_, Phrase, quote
from bot.engine.ruleset import OrderRejected

OPS = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt, "==": operator.eq,
       "!=": operator.ne}
_OP = r"(<=|>=|==|!=|<|>)"
_CLAUSE = re.compile(rf"^\s*([a-z_]+)\s*{_OP}\s*([a-z_]+|-?\d+)\s*$")


@dataclass(frozen=True)
class Refusal:
    """A refusal's message id (its values named as the core gives them, below) and the rule it cites."""

    msgid: str
    rule: str | None = None


@dataclass(frozen=True)
class Refusals:
    """How each refusal reads.  Values given to each: ``field`` always; ``not_a_condition``: text, yes,
    no, example; ``unreadable``: text, example; ``set_operator``, ``set_value_missing``: fact,
    example; ``unknown_value``: fact, value, names; ``set_on_the_right``: fact; ``hidden``: fact (what
    it is, a phrase), name, visible; ``unknown_fact``: name, visible."""

    not_a_condition: Refusal = Refusal(N_("{field}: {text} is not a condition; use '{yes}', '{no}' or "
                                          "'if <condition>', e.g. '{example}'"))
    unreadable: Refusal = Refusal(N_("{field}: cannot read condition {text}; write e.g. '{example}'"))
    set_operator: Refusal = Refusal(N_("{field}: {fact} is compared only with == or != ({example})"))
    set_value_missing: Refusal = Refusal(N_("{field}: say what {fact} is compared with, e.g. '{example}'"))
    unknown_value: Refusal = Refusal(N_("{field}: {fact} cannot be {value}; name one of {names}"))
    set_on_the_right: Refusal = Refusal(N_("{field}: write {fact} on the left: '{fact} == <value>'"))
    hidden: Refusal = Refusal(N_("{field}: a condition may not use {fact} ({name}); it is hidden from you "
                                 "when you decide. Visible: {visible}"))
    unknown_fact: Refusal = Refusal(N_("{field}: unknown fact {name}; visible facts are {visible}"))


@dataclass(frozen=True)
class Facts:
    """What a ruleset's conditions may name.  ``visible``: name → what it is (for the documentation);
    ``hidden``: name → a message id saying what it is (the refusal names it); ``sets``: the
    set-valued visible facts, name → an example value; ``example``: a condition to show."""

    visible: Mapping[str, str]
    hidden: Mapping[str, str] = field(default_factory=dict)
    sets: Mapping[str, str] = field(default_factory=dict)
    example: str = "a <= b"
    refusals: Refusals = Refusals()


@dataclass(frozen=True)
class Clause:
    left: str
    op: str
    right: str | int
    is_set: bool = False  # ``left`` is a set-valued fact: == means "among them"

    def holds(self, facts: Mapping) -> bool:
        if self.is_set:
            return (self.right in facts[self.left]) == (self.op == "==")
        right = self.right if isinstance(self.right, int) else facts[self.right]
        return OPS[self.op](facts[self.left], right)


@dataclass(frozen=True)
class Condition:
    """``constant`` set: always (True) or never (False); else every clause must hold."""

    constant: bool | None
    clauses: tuple[Clause, ...] = ()

    def decide(self, facts: Mapping) -> bool:
        if self.constant is not None:
            return self.constant
        return all(clause.holds(facts) for clause in self.clauses)


def parse_condition(facts: Facts, text: str, field: str, yes: str = "always", no: str = "never",
                    names: Mapping[str, Mapping[str, str]] | None = None) -> Condition:
    """The condition ``text`` of the order field ``field``; ``names``: per set-valued fact, its values
    (id → name) a condition may name; a fact without them takes the word as written (an id)."""
    words = text.strip().lower()
    if words in (yes, "yes", "true"):
        return Condition(True)
    if words in (no, "no", "false"):
        return Condition(False)
    if not words.startswith("if "):
        raise _refused(facts, "not_a_condition", field=field, text=quote(text), yes=yes, no=no,
                       example=f"if {facts.example}")
    return Condition(None, tuple(_clause(facts, part, field, names or {}) for part in words[3:].split(" and ")))


def _refused(facts: Facts, kind: str, **values) -> OrderRejected:
    refusal: Refusal = getattr(facts.refusals, kind)
    return OrderRejected(refusal.msgid, rule=refusal.rule, **values)


def fold(text: str) -> str:
    """A name as compared: without accents or case ("Ryūzōji" is "ryuzoji")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _clause(facts: Facts, text: str, field: str, names: Mapping[str, Mapping[str, str]]) -> Clause:
    for fact in facts.sets:
        found = re.match(rf"^\s*{re.escape(fact)}\s*{_OP}\s*(.*?)\s*$", text)
        if found:
            return _set_clause(facts, fact, *found.groups(), field, names.get(fact))
    match = _CLAUSE.match(text)
    if not match:
        raise _refused(facts, "unreadable", field=field, text=repr(text.strip()), example=facts.example)
    left, op, right = match.groups()
    for name in (left, right):
        if name in facts.sets:  # on the right of a comparison, a set is no number
            raise _refused(facts, "set_on_the_right", field=field, fact=name)
        if not name.lstrip("-").isdigit():
            _check_visible(facts, name, field)
    return Clause(left, op, int(right) if right.lstrip("-").isdigit() else right)


def _set_clause(facts: Facts, fact: str, op: str, word: str, field: str, known: Mapping[str, str] | None) -> Clause:
    example = f"{fact} == {next(iter(sorted(known.values())), facts.sets[fact]) if known else facts.sets[fact]}"
    if op not in ("==", "!="):
        raise _refused(facts, "set_operator", field=field, fact=fact, example=example)
    if not word:
        raise _refused(facts, "set_value_missing", field=field, fact=fact, example=example)
    if known is None:
        return Clause(fact, op, word, is_set=True)
    wanted = fold(word)
    value = next((vid for vid, name in known.items() if wanted in (fold(vid), fold(name))), None)
    if value is None:
        raise _refused(facts, "unknown_value", field=field, fact=fact, value=repr(word),
                       names=", ".join(sorted(known.values())))
    return Clause(fact, op, value, is_set=True)


def _check_visible(facts: Facts, name: str, field: str) -> None:
    if name in facts.visible:
        return
    visible = ", ".join(sorted(facts.visible))
    if name in facts.hidden:
        raise _refused(facts, "hidden", field=field, fact=Phrase(facts.hidden[name]), name=name, visible=visible)
    raise _refused(facts, "unknown_fact", field=field, name=repr(name), visible=visible)
