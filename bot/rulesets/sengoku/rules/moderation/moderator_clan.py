"""A moderator adds a clan to a campaign (an empty one built on a map, or a
scenario's): the clan enters the state with no units, no provinces, no rice,
and is neutral to every other clan until a relation edit says otherwise
(OP-48: an unlisted pair is neutral).

Kept apart from the other edit kinds (moderator_edit_models.py) so the two
grow without touching each other; the ruleset dispatches ``clan_add`` here.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.domain.gamemap import GameMap
from bot.domain.viewer import RESERVED
from bot.domain.text import N_
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import Clan, SengokuState
from bot.rulesets.sengoku.rules.moderation.moderator_edit_models import _fold, validated

KIND = "clan_add"
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class ClanAdd(BaseModel):
    """A new clan: its id (lower case, used in orders and files), name and map colour (#rrggbb)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["clan_add"] = KIND
    id: str
    name: str
    colour: str


def parse_clan_add(payload: dict[str, Any]) -> ClanAdd:
    return validated(ClanAdd.model_validate, payload, KIND)


def apply_clan_add(state: SengokuState, gamemap: GameMap, edit: ClanAdd) -> tuple[SengokuState, str]:
    """(new state, what changed); refuses a bad id, an empty name, a colour that is not #rrggbb,
    or an id or name another clan has, and leaves ``state`` as it was."""
    name = edit.name.strip()
    if not name:
        raise OrderRejected(N_("a clan needs a name, e.g. 'Shōni'"))
    if not _ID.match(edit.id):
        raise OrderRejected(N_("clan id {id}: use 1-32 lower-case letters, digits, '-' or '_', starting with a letter "
                               "or digit, e.g. 'shoni'"), id=repr(edit.id))
    if edit.id in RESERVED:  # the public's and the moderators' views are called so (bot/domain/viewer.py)
        raise OrderRejected(N_("clan id {id} is the name of the {view} view of the reports and maps; choose another "
                               "name for the clan, e.g. '{example} clan'"), id=repr(edit.id), view=edit.id,
                            example=edit.id.capitalize())
    if not _HEX.match(edit.colour):
        raise OrderRejected(N_("colour {colour}: give it as #rrggbb, e.g. #d35400"), colour=repr(edit.colour))
    if edit.id in state.clans:
        raise OrderRejected(N_("there is already a clan with the id {id} ({clan}); choose another name"),
                            id=repr(edit.id), clan=state.clans[edit.id].name)
    same = next((c for c in state.clans.values() if _fold(c.name) == _fold(name)), None)
    if same is not None:
        raise OrderRejected(N_("there is already a clan named {clan} ({id}); each clan needs its own name"),
                            clan=same.name, id=same.id)
    new = state.model_copy(deep=True)
    new.clans[edit.id] = Clan(id=edit.id, name=name, colour=edit.colour.lower())
    others = len(state.clans)
    peace = f", neutral to the {others} other clan{'s' if others != 1 else ''} (OP-48)" if others else ""
    return new, (f"Clan {name} ({edit.id}) joins with no units, provinces or treasury{peace}. Give it provinces "
                 f"and ports, armies, rice and relations with the moderator edits.")
