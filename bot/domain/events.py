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

    @classmethod
    def everyone(cls) -> "Audience":
        return cls(public=True)

    @classmethod
    def of(cls, *factions: str) -> "Audience":
        return cls(factions=tuple(sorted(set(factions))))

    @classmethod
    def moderators(cls) -> "Audience":
        return cls()

    def sees(self, faction: str | None) -> bool:
        """``faction=None`` asks for the public view."""
        if self.public:
            return True
        return faction is not None and faction in self.factions


class Event(BaseModel):
    """Base of every ruleset event; ``kind`` names the template that renders it."""

    model_config = ConfigDict(frozen=True)

    kind: str
    audience: Audience = Field(default_factory=Audience.moderators)
