"""The rules read the board through ``HisMap`` (geography.py).  The core hands the plug-in its own
``GameMap``; ``board`` wraps it in the map package's adapter (``HisBoard``) once per map object, and
passes a ``HisMap`` (``TinyMap`` in the rules' tests, or a board already wrapped) through."""

from __future__ import annotations

from typing import Any

from bot.rulesets.here_i_stand.rules.geography import HisMap

_WRAPPED: dict[int, tuple[Any, HisMap]] = {}  # id(GameMap) → (the map, kept alive; its board)
_KEEP = 8  # maps in use at once: a campaign's one, a test's few


def board(gamemap: Any) -> HisMap:
    if isinstance(gamemap, HisMap):
        return gamemap
    found = _WRAPPED.get(id(gamemap))
    if found is not None and found[0] is gamemap:
        return found[1]
    wrapped = _adapter()(gamemap)
    if len(_WRAPPED) >= _KEEP:
        _WRAPPED.pop(next(iter(_WRAPPED)))
    _WRAPPED[id(gamemap)] = (gamemap, wrapped)
    return wrapped


def _adapter():
    from bot.rulesets.here_i_stand.rules.map.board import HisBoard  # the map package's adapter
    return HisBoard
