"""Standing encounter policies (S5.5) and what they may look at (S5.6, V5), in the core's
condition language (bot/engine/conditions.py).

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

import functools
from collections.abc import Mapping

from bot.domain.text import N_
from bot.engine.conditions import Condition, Facts, Refusal, Refusals, parse_condition

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

CLAN_FACT = "enemy_clan"  # set-valued: the clans of the enemy squadrons met (OP-26)

# Sengoku's words for each refusal, citing its rules (the core's cite none).
REFUSALS = Refusals(
    not_a_condition=Refusal(N_("{field}: {text} is not a policy; use '{yes}', '{no}' or 'if <condition>', "
                               "e.g. 'if enemy_count <= own_count'"), "S5.5"),
    unreadable=Refusal(N_("{field}: cannot read condition {text}; write e.g. 'enemy_count <= own_count'"), "S5.5"),
    set_operator=Refusal(N_("{field}: a clan is compared only with == or != ({example})"), "OP-26"),
    set_value_missing=Refusal(N_("{field}: name the clan, e.g. '{example}'"), "OP-26"),
    unknown_value=Refusal(N_("{field}: no clan {value} in this campaign; name one of {names} (S5.6, OP-26)"),
                          "OP-26"),
    set_on_the_right=Refusal(N_("{field}: write the clan on the right: '{fact} == <clan>'"), "OP-26"),
    hidden=Refusal(N_("{field}: a condition may not use {fact} ({name}); it is hidden from you when you "
                      "decide (S5.6). Visible: {visible}"), "S5.6"),
    unknown_fact=Refusal(N_("{field}: unknown fact {name}; visible facts are {visible}"), "S5.6"),
)

FACTS = Facts(visible=VISIBLE_FACTS, hidden=HIDDEN_FACTS, sets={CLAN_FACT: "mori"},
              example="enemy_count <= own_count", refusals=REFUSALS)

Policy = Condition  # a standing policy is a condition on what the squadron sees (S5.5)


def parse_policy(text: str, field: str, yes: str = "always", no: str = "never",
                 clans: Mapping[str, str] | None = None) -> Policy:
    """Raise OrderRejected naming the field and what would be valid.  ``clans`` (id → name): the
    campaign's clans, which an ``enemy_clan`` condition may name; without it the word is taken as an id."""
    # A battle asks each squadron's policy once per meeting (thousands a turn, a handful of texts):
    # the parsed condition is immutable, so it is parsed once per text and clans (issue 18).  The
    # clans are read only by a clause on enemy_clan; without one, the text alone decides.
    named = clans is not None and CLAN_FACT in text.lower()
    return _parsed(text, field, yes, no, tuple(clans.items()) if named else None)


@functools.lru_cache(maxsize=1024)
def _parsed(text: str, field: str, yes: str, no: str, clans: tuple[tuple[str, str], ...] | None) -> Policy:
    return parse_condition(FACTS, text, field, yes=yes, no=no,
                           names=None if clans is None else {CLAN_FACT: dict(clans)})
