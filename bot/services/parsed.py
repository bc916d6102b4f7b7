"""Parsed copies of what a campaign stores, kept between commands (issue 18).

An order submission reads the campaign's state, settings and the orders given so far, and parsing
them was most of its cost on a large campaign (at 1,000 units ~5 ms of JSON and pydantic for the
state, ~6 ms for 1,500 orders, on every /order).  The parsed copies are kept here, keyed by the
stored text itself, so a copy can never be stale: any change — a resolution, a moderator's edit,
another bot process's write, a hand edit of the database — changes the text, and the next read
parses it anew.  Only the text is compared; nothing here trusts a version or a clock.

The copies are shared by every reader, so nobody may change one: readers only look (validation,
descriptions, listings, the units a clan sees).  What changes a state in place (a resolution, a
moderator's edit) parses its own (``CampaignReads._loaded_with_record``).  With
``ParsedCache.check`` on (the tests turn it on) each copy is compared with what it was parsed from
whenever it is given out again, so a reader that changed one fails loudly (``CopyChanged``).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel

from bot.engine.ruleset import SubmittedOrder
from bot.store import OrderText, StateText
from bot.store.codec import loads

# The copies of this many characters of stored text are kept (least recently used dropped first):
# about ten 1,000-unit campaigns (0.35 M characters, ~2.5 MB parsed, each), or hundreds of small ones.
BUDGET_CHARS = 4_000_000


class CopyChanged(AssertionError):
    """A reader changed a shared parsed copy (only raised with ``ParsedCache.check`` on)."""


@dataclass(eq=False)
class Parsed:
    """One campaign's state and settings as parsed from ``texts``, and what readers derive from
    them once (``derived``).  Shared: read it, never change it."""

    ruleset_id: str
    texts: StateText
    state: BaseModel
    settings: BaseModel
    derived: dict[str, Any] = field(default_factory=dict)
    dumped: tuple[Any, Any] | None = None  # check mode: the models as parsed

    def once(self, name: str, make: Callable[[], Any]) -> Any:
        """``make()``'s value for this state, made on first use (it must not change either)."""
        if name not in self.derived:
            self.derived[name] = make()
        return self.derived[name]

    def same_source(self, ruleset_id: str, texts: StateText) -> bool:
        # The state text first: it is the long one that changes; equal strings of equal length are
        # compared with memcmp (~20 µs at 1,000 units).
        return (self.texts.state == texts.state and self.texts.settings == texts.settings
                and self.ruleset_id == ruleset_id)


@dataclass(eq=False)
class _Copies:
    parsed: Parsed | None = None
    orders: dict[int, tuple[OrderText, SubmittedOrder]] = field(default_factory=dict)  # by seq
    orders_size: int = 0  # characters of the orders' text

    def size(self) -> int:
        texts = self.parsed.texts if self.parsed else None
        return self.orders_size + (len(texts.state) + len(texts.settings) if texts else 0)


class ParsedCache:
    """The parsed copies of one service (one bot process), per campaign."""

    check: ClassVar[bool] = False  # tests/conftest.py: every copy given out again is checked unchanged

    def __init__(self, budget: int = BUDGET_CHARS) -> None:
        self.budget = budget
        self._campaigns: OrderedDict[int, _Copies] = OrderedDict()

    def state(self, campaign_id: int, ruleset_id: str, texts: StateText,
              parse: Callable[[dict[str, Any], dict[str, Any]], tuple[BaseModel, BaseModel]]) -> Parsed:
        """The parsed copy of ``texts``: the kept one if it was parsed from the same text, else
        ``parse(settings, state)`` of the decoded JSON (which may raise; nothing is kept then)."""
        copies = self._copies(campaign_id)
        kept = copies.parsed
        if kept is not None and kept.same_source(ruleset_id, texts):
            if self.check:
                _check_state(campaign_id, kept)
            return kept
        state, settings = parse(loads(texts.settings, "settings"), loads(texts.state, "state"))
        copies.parsed = Parsed(ruleset_id, texts, state, settings)
        if self.check:
            copies.parsed.dumped = (state.model_dump(mode="json"), settings.model_dump(mode="json"))
        self._trim()
        return copies.parsed

    def orders(self, campaign_id: int, rows: list[OrderText]) -> list[SubmittedOrder]:
        """The stored orders ``rows`` as SubmittedOrders, each parsed once while it stays stored
        unchanged (same clan, slot, seq and text).  Only those of the rows given are kept."""
        copies = self._copies(campaign_id)
        kept, fresh, out, size = copies.orders, {}, [], 0
        for row in rows:  # (faction, unit, seq, payload text); keyed by seq, the whole row compared
            entry = kept.get(row[2])
            if entry is None or entry[0] != row:
                entry = row, SubmittedOrder(faction=row[0], unit=row[1], seq=row[2],
                                            payload=loads(row[3], f"order for {row[1]}"))
            elif self.check and entry[1].payload != json.loads(row[3]):
                raise CopyChanged(f"a reader changed the shared copy of the order for {row[1]} of campaign {campaign_id}")
            fresh[row[2]] = entry
            out.append(entry[1])
            size += len(row[3])
        copies.orders, copies.orders_size = fresh, size
        self._trim()
        return out

    def forget(self, campaign_id: int) -> None:
        self._campaigns.pop(campaign_id, None)

    def _copies(self, campaign_id: int) -> _Copies:
        copies = self._campaigns.pop(campaign_id, None) or _Copies()
        self._campaigns[campaign_id] = copies  # the most recently used last
        return copies

    def _trim(self) -> None:
        total = sum(c.size() for c in self._campaigns.values())
        while total > self.budget and len(self._campaigns) > 1:
            _, dropped = self._campaigns.popitem(last=False)
            total -= dropped.size()


def _check_state(campaign_id: int, kept: Parsed) -> None:
    assert kept.dumped is not None
    if (kept.state.model_dump(mode="json"), kept.settings.model_dump(mode="json")) != kept.dumped:
        raise CopyChanged(f"a reader changed the shared parsed state or settings of campaign {campaign_id}; "
                          f"copy it before changing it (bot/services/parsed.py)")
