"""The moderator edits (one model per kind) and the lookups their messages use."""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.gamemap import GameMap
from bot.domain.text import N_, Phrase, quote, same_name
from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import (
    CharacterKind,
    CharacterStatus,
    Clan,
    Relation,
    SengokuState,
    UnitState,
)

UnitKind = Literal["squadron", "trade_fleet", "heavy_detachment"]


class _Edit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Input(_Edit):
    """Every edit may say why it was made; the audit log keeps the reason with the edit."""

    reason: str | None = None


class DetachmentSpec(_Edit):
    """A land detachment as the moderator enters it (S12.2 LandDetachment)."""

    id: str
    infantry: int = 0
    cavalry: int = 0


class ArmySet(_Input):
    """Create an army or replace one (same id): its clan, province, leader and detachments."""

    kind: Literal["army_set"] = "army_set"
    id: str | None = Field(None, description="None: the clan's army of this name if there is one, "
                                             "else a new id made from the clan and the name")
    name: str
    clan: str
    area: str
    leader: str | None = None
    detachments: list[DetachmentSpec]


class ArmyRemove(_Input):
    kind: Literal["army_remove"] = "army_remove"
    id: str


class Weather(_Input):
    """S3.9, OP-17 (d): stormy weather declared for the turn, or not."""

    kind: Literal["weather"] = "weather"
    storm: bool


class RelationSet(_Input):
    """OP-48: one pair of the diplomacy matrix."""

    kind: Literal["relation"] = "relation"
    a: str
    b: str
    relation: Relation


class ProvinceOwner(_Input):
    """Who holds a province (``None``: nobody); its ports that were the old owner's follow it (S12.2)."""

    kind: Literal["province_owner"] = "province_owner"
    area: str
    clan: str | None


class PortEdit(_Input):
    """A port's owner and land guard; a field left out stays as it is (``owner: null``: nobody)."""

    kind: Literal["port"] = "port"
    port: str
    owner: str | None = None
    land_guard: int | None = None
    land_guard_cavalry: int | None = None


class Treasury(_Input):
    """A clan's rice (RP) and development (DP) points; a field left out stays as it is."""

    kind: Literal["treasury"] = "treasury"
    clan: str
    rice: int | None = None
    development: int | None = None


class UnitAdd(_Input):
    """A new squadron, trade fleet or heavy detachment (S12.2); ``id`` None: made from the owner and the name."""

    kind: Literal["unit_add"] = "unit_add"
    unit_kind: UnitKind
    owner: str
    name: str | None = None
    id: str | None = None
    base_port: str | None = None
    location: str | None = None
    state: UnitState = UnitState.ACTIVE
    damage: int = 0
    experience: int | None = None
    attached_to: str | None = None
    leader: str | None = None


class UnitEdit(_Input):
    """A correction of one unit: only the fields given change (``null``: none, e.g. no base port).  A reason
    is required: this is how a moderator overrides what a resolution produced."""

    kind: Literal["unit_edit"] = "unit_edit"
    id: str
    reason: str = ""  # required: checked by the rules, so the refusal can say what a reason is for
    owner: str | None = None
    name: str | None = None
    base_port: str | None = None
    location: str | None = None
    state: UnitState | None = None
    damage: int | None = None
    experience: int | None = None
    attached_to: str | None = None
    leader: str | None = None


class UnitRemove(_Input):
    """Take a unit out of the state altogether (entered by mistake); a sunk unit is a unit edit to destroyed."""

    kind: Literal["unit_remove"] = "unit_remove"
    id: str


class CharacterAdd(_Input):
    """A new general or commander (S9.2, S12.2 Character); ``id`` None: made from the name."""

    kind: Literal["character_add"] = "character_add"
    name: str
    clan: str
    rank: CharacterKind = CharacterKind.COMMANDER
    id: str | None = None
    wounds: int = 0
    victories: int = 0
    academy_naval_art: bool = False
    veteran: bool = False


class CharacterEdit(_Input):
    """A correction of one character: only the fields given change."""

    kind: Literal["character_edit"] = "character_edit"
    id: str
    name: str | None = None
    clan: str | None = None
    rank: CharacterKind | None = None
    status: CharacterStatus | None = None
    captor: str | None = None
    wounds: int | None = None
    victories: int | None = None
    academy_naval_art: bool | None = None
    veteran: bool | None = None


class CharacterRemove(_Input):
    kind: Literal["character_remove"] = "character_remove"
    id: str


EDIT_MODELS = (ArmySet, ArmyRemove, Weather, RelationSet, ProvinceOwner, PortEdit, Treasury,
               UnitAdd, UnitEdit, UnitRemove, CharacterAdd, CharacterEdit, CharacterRemove)
ModeratorEdit = Annotated[Union[EDIT_MODELS], Field(discriminator="kind")]
EDIT_ADAPTER: TypeAdapter = TypeAdapter(ModeratorEdit)
EDIT_KINDS = tuple(m.model_fields["kind"].default for m in EDIT_MODELS)


def parse_edit(payload: dict[str, Any]) -> BaseModel:
    """Payload → edit; pydantic's errors become one message naming each bad field."""
    if not isinstance(payload, dict) or payload.get("kind") not in EDIT_KINDS:
        kind = payload.get("kind") if isinstance(payload, dict) else None
        raise OrderRejected(f"unknown moderator edit {kind!r}; edits: {', '.join(EDIT_KINDS)}")
    return validated(EDIT_ADAPTER.validate_python, payload, payload["kind"], skip=1)  # loc[0]: the union's tag


def validated(validate, payload: dict[str, Any], kind: str, skip: int = 0) -> Any:
    """``validate(payload)``, with pydantic's errors made one refusal naming each bad field (every
    moderator edit, those of their own modules too: moderator_clan, moderator_basing)."""
    try:
        return validate(payload)
    except ValidationError as exc:
        problems = [f"{'.'.join(str(p) for p in err['loc'][skip:]) or 'edit'}: {err['msg']}" for err in exc.errors()]
        raise OrderRejected(f"{kind}: " + "; ".join(problems)) from None


def _clan(state: SengokuState, clan_id: str | None, field: str | None = None) -> Clan:
    key = (clan_id or "").strip()
    if key in state.clans:
        return state.clans[key]
    raise _unknown("clan", clan_id or "", {c.id: c.name for c in state.clans.values()}, field=field)


def _province(gamemap: GameMap, area_id: str, why: str) -> str:
    key = area_id.strip()
    provinces = {a.id: a.name for a in gamemap.areas.values() if a.kind == "province"}
    if key in gamemap.areas and key not in provinces:
        raise OrderRejected(N_("{area} ({id}) is a sea area; {why}"), area=gamemap.areas[key].name, id=key,
                            why=Phrase(why))
    if key not in provinces:
        raise _unknown("province", area_id, provinces)
    return key


# The things a moderator names, as words in a refusal (singular, plural), for the catalogues.
THINGS = {"area": (N_("area"), N_("areas")), "army": (N_("army"), N_("armies")),
          "character": (N_("character"), N_("characters")), "clan": (N_("clan"), N_("clans")),
          "port": (N_("port"), N_("ports")), "province": (N_("province"), N_("provinces")),
          "squadron": (N_("squadron"), N_("squadrons")), "unit": (N_("unit"), N_("units"))}
GUESSES = (N_("did you mean {a}?"), N_("did you mean {a} or {b}?"), N_("did you mean {a} or {b} or {c}?"))


def _unknown(what: str, value: str, known: dict[str, str], listing: str | None = None,
             field: str | None = None) -> OrderRejected:
    """'unknown <what> 'x'' with the nearest ids or names, else the list (if short)."""
    singular, plural = THINGS.get(what, (what, what + "s"))
    listing = listing or Phrase(plural)
    folded = {_fold(name): key for key, name in known.items()}
    close = difflib.get_close_matches(_fold(value), list(known) + list(folded), n=3, cutoff=0.6)
    hits = list(dict.fromkeys(folded.get(c, c) for c in close))
    if hits:
        hint = Phrase(GUESSES[len(hits) - 1], **{k: f"{known[h]} ({h})" for k, h in zip("abc", hits)})
    elif not known:
        hint = Phrase(N_("there are no {listing}"), listing=listing)
    elif len(known) <= 30:
        hint = Phrase(N_("{listing}: {items}"), listing=listing,
                      items=", ".join(f"{name} ({key})" for key, name in sorted(known.items())))
    else:
        hint = Phrase(N_("give the id of one of the {count} {listing}"), count=len(known), listing=listing)
    values = {"what": Phrase(singular), "value": quote(value), "hint": hint}
    if field:
        return OrderRejected(N_("{field}: unknown {what} {value}; {hint}"), field=field, **values)
    return OrderRejected(N_("unknown {what} {value}; {hint}"), **values)


NAME_LIMIT = 64  # a unit's or a character's name (an army's: 80): what fits a report line and a Discord choice


def _check_name(name: str, what: str, clan: str, others: dict[str, str], limit: int = NAME_LIMIT) -> None:
    """A new name for a ``what`` of ``clan`` that fits and that none of the clan's ``others`` (id → name) has,
    accents and case aside: a moderator picks units and characters by name, and two alike would be confused."""
    a = "an" if what[:1] in "aeio" else "a"  # an army, a unit
    if len(name) > limit:
        raise OrderRejected(f"name: {len(name):,} characters is too long for the name of {a} {what}; give at most "
                            f"{limit}")
    same = next((other for other in others.values() if same_name(other, name)), None)
    if same is not None:
        raise OrderRejected(f"name: {clan} already has {a} {what} named {same}; give another name (names that "
                            f"differ only in accents or case count as the same)")


def _clan_name(state: SengokuState, clan_id: str | None) -> str:
    if clan_id is None:
        return "nobody"
    return state.clans[clan_id].name if clan_id in state.clans else clan_id


def _area_name(gamemap: GameMap, area: str) -> str:
    return gamemap.areas[area].name if area in gamemap.areas else area


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", _fold(text)).strip("-")


