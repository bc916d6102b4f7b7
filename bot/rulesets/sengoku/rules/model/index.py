"""The resolution's lookups: the questions a turn asks thousands of times ("which squadrons are on
station off this province?", "what is the relation of these two clans?", "which heavy detachments
ride with this squadron?") answered from indexes instead of a scan of the whole state (issue 18).

One index per state, held by the resolution's context (``Ctx.index``) and attached to the state
for the resolution, so queries that take only the state (blockade, validation) use it too.

Correct under the rules' in-place changes: each index is rebuilt when what it was built from
changes, told by ``Changes.counts`` (bumped by every creation of the watched models and every
assignment to their watched fields, model.py) and by the identity and length of the table it
indexes (an entry added or removed).  An index holds candidates by a fixed key only (place,
attachment, and a heavy detachment's state, which is watched too); every other condition (a
squadron's state, dispersal, orders) is tested on each query, so changes to those need no rebuild.

``StateIndex.check`` (the tests' conftest turns it on) compares every indexed answer with the full
scan it replaces and raises ``IndexMismatch`` at the first difference.
"""

from __future__ import annotations

import bisect
from typing import Any, ClassVar

from bot.rulesets.sengoku.rules.model.model import (Changes, HeavyDetachment, Relation, SengokuState,
                                                    Squadron, UnitState)


_COUNTS = Changes.counts  # one dict for the process's life


class IndexMismatch(AssertionError):
    """An indexed answer differs from the full scan: an index missed a change."""


class StateIndex:
    check: ClassVar[bool] = False

    def __init__(self, state: SengokuState) -> None:
        self.state = state
        self._built: dict[str, tuple[Any, ...]] = {}
        self._relations: dict[tuple[str, str], Relation] = {}
        # The two hottest lookups check their freshness inline (as _stale does): (count, length), table.
        self._relations_built: tuple[int, int] | None = None
        self._relations_of: Any = None
        self._attached_built: tuple[int, int] | None = None
        self._attached_of: Any = None
        self._on_station: dict[str, list[Squadron]] = {}
        self._placed: dict[str, str] = {}  # squadron → the bucket of _on_station it is in
        self._journal: list[Any] = []
        self._journal_read = 0
        self._by_id = False
        self._based_at: dict[str | None, list[Squadron]] = {}
        self._attached: dict[str, list[HeavyDetachment]] = {}

    def attach(self) -> "StateIndex":
        self.state._index = self
        return self

    def detach(self) -> None:
        if self.state._index is self:
            self.state._index = None
        Changes.forget_moves()  # the journal lets go of this state's squadrons; others rebuild in full

    def _stale(self, name: str, count: str, table: Any) -> bool:
        """Has ``table`` (or a watched field of what it holds) changed since index ``name`` was built?"""
        built = self._built.get(name)
        if built is not None and built[0] == Changes.counts[count] and built[1] is table and built[2] == len(table):
            return False
        self._built[name] = (Changes.counts[count], table, len(table))
        return True

    # --- OP-48: relations ----------------------------------------------------

    def relation(self, a: str, b: str) -> Relation:
        relations = self.state.relations
        if self._relations_built != (_COUNTS["relations"], len(relations)) or self._relations_of is not relations:
            self._relations_built, self._relations_of = (_COUNTS["relations"], len(relations)), relations
            self._relations = {}
            for entry in self.state.relations:  # the first entry of a pair wins, as in the scan
                self._relations.setdefault((entry.a, entry.b), entry.relation)
                self._relations.setdefault((entry.b, entry.a), entry.relation)
        found = Relation.ALLIED if a == b else self._relations.get((a, b), Relation.NEUTRAL)
        if self.check:
            _same(found, self.state.scan_relation(a, b), "relation", a, b)
        return found

    # --- squadrons on station (cruisers, W3 squadrons at their targets) --------

    def on_station(self, area: str | None) -> list[Squadron]:
        """Squadrons whose station is ``area`` and that lie there, in any state, by id (the table's key).

        Built in full when a squadron was made (``Changes.counts["squadrons"]``) or the table was
        replaced, grew or shrank; otherwise only the squadrons moved since (``Changes.moved``) are
        taken out of their old bucket and put in their new one."""
        squadrons = self.state.squadrons
        moved = Changes.moved
        if self._stale("on_station", "squadrons", squadrons) or moved is not self._journal or not self._by_id:
            self._build_on_station(squadrons)
        elif len(moved) > self._journal_read:
            for sq in moved[self._journal_read:]:
                if squadrons.get(sq.id) is sq:  # this state's (the journal is every state's)
                    self._place(sq)
        self._journal, self._journal_read = moved, len(moved)
        found = self._on_station.get(area, []) if area is not None else []
        if self.check:
            _same(found, [sq for _, sq in sorted(squadrons.items()) if sq.station == area and sq.location == area
                          and area is not None], "on_station", area)
        return found

    def _build_on_station(self, squadrons: dict[str, Squadron]) -> None:
        by_area: dict[str, list[tuple[str, Squadron]]] = {}
        self._placed = {}
        for key, sq in squadrons.items():
            if sq.station is not None and sq.station == sq.location:
                by_area.setdefault(sq.station, []).append((key, sq))
                self._placed[key] = sq.station
        self._on_station = {area: [sq for _, sq in sorted(found, key=_first)] for area, found in by_area.items()}
        # Moving one squadron needs its key to be its id; a table keyed otherwise is always rebuilt.
        self._by_id = all(key == sq.id for key, sq in squadrons.items())
        if not self._by_id:
            self._built.pop("on_station", None)

    def _place(self, sq: Squadron) -> None:
        old = self._placed.get(sq.id)
        new = sq.station if sq.station is not None and sq.station == sq.location else None
        if old == new:
            return
        if old is not None:
            bucket = self._on_station[old]
            del bucket[next(i for i, other in enumerate(bucket) if other is sq)]
            self._placed.pop(sq.id)
        if new is not None:
            bucket = self._on_station.setdefault(new, [])
            bisect.insort(bucket, sq, key=_id)
            self._placed[sq.id] = new

    def based_at(self, port: str | None) -> list[Squadron]:
        """Squadrons whose base is ``port``, in any state, in the squadrons' order."""
        squadrons = self.state.squadrons
        if self._stale("based_at", "bases", squadrons):
            self._based_at = {}
            for sq in squadrons.values():
                self._based_at.setdefault(sq.base_port, []).append(sq)
        found = self._based_at.get(port, [])
        if self.check:
            _same(found, [sq for sq in squadrons.values() if sq.base_port == port], "based_at", port)
        return found

    # --- heavy detachments by squadron ----------------------------------------

    def hds_of(self, squadron_id: str) -> list[HeavyDetachment]:
        heavy = self.state.heavy
        if self._attached_built != (_COUNTS["links"], len(heavy)) or self._attached_of is not heavy:
            self._attached_built, self._attached_of = (_COUNTS["links"], len(heavy)), heavy
            self._attached = {}
            for hd in heavy.values():  # a change of state is counted too, so only the active are held
                if hd.attached_to is not None and hd.state is UnitState.ACTIVE:
                    self._attached.setdefault(hd.attached_to, []).append(hd)
        found = list(self._attached.get(squadron_id, ()))  # the caller's own list: it may change it
        if self.check:
            _same(found, self.state.scan_hds_of(squadron_id), "hds_of", squadron_id)
        return found


def _id(sq: Squadron) -> str:
    return sq.id


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


def index_of(state: SengokuState) -> StateIndex | None:
    return state.__pydantic_private__["_index"]


def _same(indexed: Any, scanned: Any, query: str, *args: Any) -> None:
    if isinstance(indexed, list):
        differ = len(indexed) != len(scanned) or any(x is not y for x, y in zip(indexed, scanned))
    else:
        differ = indexed != scanned
    if differ:
        raise IndexMismatch(f"{query}{args}: index {indexed!r} ≠ scan {scanned!r}")
