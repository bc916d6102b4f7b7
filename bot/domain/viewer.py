"""Who a report or a map is made for: the public, the moderators, or one clan.

A typed value, never a bare string: a clan's id is chosen by people (from its
name), so a clan whose id is "public" or "moderators" must still get its own
view, not the public map or the moderators' one (issue 10, secrecy).  Stored
reports keep the same three kinds under the keys ``Viewer.key`` gives
("public", "moderators", "faction:<id>"), which cannot collide either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.domain.events import Audience

Kind = Literal["public", "moderators", "faction"]
RESERVED = ("public", "moderators")  # words a clan id must not be (refused when a clan is made)


@dataclass(frozen=True, order=True)
class Viewer:
    kind: Kind
    faction: str | None = None

    def __post_init__(self) -> None:
        if (self.kind == "faction") != (self.faction is not None):
            raise ValueError(f"a {self.kind} viewer {'needs' if self.kind == 'faction' else 'has no'} a faction")

    @classmethod
    def public(cls) -> "Viewer":
        return cls("public")

    @classmethod
    def moderators(cls) -> "Viewer":
        return cls("moderators")

    @classmethod
    def of(cls, faction: str) -> "Viewer":
        return cls("faction", faction)

    @property
    def is_public(self) -> bool:
        return self.kind == "public"

    @property
    def is_moderators(self) -> bool:
        return self.kind == "moderators"

    @property
    def key(self) -> str:
        """The stored report's key: "public", "moderators" or "faction:<id>"."""
        return f"faction:{self.faction}" if self.faction is not None else self.kind

    @property
    def file_stem(self) -> str:
        """A file name part no two viewers share: "public", "moderators", a clan's id, or
        "clan-<id>" for a clan whose id is one of those words or itself begins with "clan-"."""
        if self.faction is None:
            return self.kind
        return f"clan-{self.faction}" if self.faction in RESERVED or self.faction.startswith("clan-") else self.faction

    def sees(self, audience: Audience) -> bool:
        """May this viewer read an event addressed to ``audience``?  Moderators read everything."""
        return self.is_moderators or audience.sees(self.faction)

    def owns(self, faction: str | None) -> bool:
        """Is ``faction`` this viewer's own clan (never true for the public or the moderators)?"""
        return self.faction is not None and faction == self.faction


PUBLIC = Viewer.public()
MODERATORS = Viewer.moderators()


def as_viewer(value: "Viewer | str") -> Viewer:
    """A ``Viewer`` as is; for tests, case files and the command line, a stored report's key
    ("public", "moderators", "faction:<id>") or a bare clan id.  The bot itself always passes a
    ``Viewer``: a clan's id may be either word."""
    if isinstance(value, Viewer):
        return value
    if value.startswith("faction:"):
        return Viewer.of(value.removeprefix("faction:"))
    if value == "public":
        return Viewer.public()
    if value == "moderators":
        return Viewer.moderators()
    return Viewer.of(value)
