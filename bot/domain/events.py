"""Events: typed records of what happened in a resolution, each with the
audience allowed to see it.  The engine emits events only; words are made by
the report layer."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Audience(BaseModel):
    """Who may read an event. Moderators always may."""

    model_config = ConfigDict(frozen=True)

    public: bool = False
    factions: tuple[str, ...] = ()

    # An audience is frozen, so one instance serves every event with it: a 1,000-unit turn asks for
    # ~9k of them among a few dozen distinct ones (issue 18).  Cached by class and the faction
    # names as given; bounded, since the names come from the campaigns the process resolves.
    @classmethod
    def everyone(cls) -> "Audience":
        return _cached(cls, None, lambda: cls(public=True))

    @classmethod
    def of(cls, *factions: str) -> "Audience":
        return _cached(cls, factions, lambda: cls(factions=tuple(sorted(set(factions)))))

    @classmethod
    def moderators(cls) -> "Audience":
        return _cached(cls, (), cls)

    def sees(self, faction: str | None) -> bool:
        """``faction=None`` asks for the public view."""
        if self.public:
            return True
        return faction is not None and faction in self.factions


_AUDIENCES: dict[tuple, Audience] = {}
_AUDIENCES_MAX = 4096


def _cached(cls: type[Audience], factions: tuple[str, ...] | None, make) -> Audience:
    key = (cls, factions)
    found = _AUDIENCES.get(key)
    if found is None:
        if len(_AUDIENCES) >= _AUDIENCES_MAX:
            _AUDIENCES.clear()
        found = _AUDIENCES[key] = make()
    return found


class Event(BaseModel):
    """Base of every ruleset event; ``kind`` names the template that renders it."""

    model_config = ConfigDict(frozen=True)

    kind: str
    audience: Audience = Field(default_factory=Audience.moderators)
