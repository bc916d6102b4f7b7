"""Sengoku's own slash-command parameters: its unit kinds, coasts and routes, the leaders, armies,
detachments and capture credits its orders name; and which of its order fields name what, so
names typed by hand become ids after the command defers (``resolve``, ``resolve_people``).
The parameters every ruleset shares (units, areas, ports, clans, lists) are in cogs/params.py.
"""

from __future__ import annotations

import re
from typing import Any

from discord import app_commands

from bot.domain.text import sentence
from bot.i18n import Messages, N_, messages
from cogs.common import reader, service_of
from cogs.params import AreaRef, ListRef, PlayerContext, QuietRef, UnitRef, area_name, match_name

AREA_FIELDS = {"target", "origin", "destination", "area", "auto_evacuation_target"}
PORT_FIELDS = {"port", "target_port"}
UNIT_FIELDS = {"unit", "operation", "attach_to"}
AREA_LISTS = {"route", "path", "route_to_embark", "route_to_destination"}
UNIT_LISTS = {"fleets"}
CLAN_FIELDS = {"transfer_to"}
CLAN_LISTS = {"multi_clan_priority"}
POLICY_FIELDS = {"want_battle", "when_enemy_wants", "withdraw_if"}  # S5.5, OP-33: text that may name a clan
_CLAN_CONDITION = re.compile(r"(enemy_clan\s*(?:==|!=)\s*)(.+?)(?=\s+and\s+|\s*$)", re.IGNORECASE)
LANDING_KINDS = ("tf_landing", "tf_evacuation")


def clan_ids_in(policy: str, clans: dict[str, str]) -> str:
    """OP-26: 'if enemy_clan == Ōtomo' → 'if enemy_clan == otomo' (a clan by name stored as its id)."""
    return _CLAN_CONDITION.sub(lambda m: m.group(1) + match_name(m.group(2).strip(), clans), policy)


def resolve(ctx: PlayerContext, payload: dict[str, Any]) -> dict[str, Any]:
    """Names typed by hand → ids; unknown text is kept for the rules to refuse by name."""
    areas = {k: a.name for k, a in ctx.gamemap.areas.items()}
    ports = {k: p.name for k, p in ctx.gamemap.ports.items()}
    units = {u.id: u.name for u in ctx.units}
    clans = {f.id: f.name for f in ctx.campaign.factions}
    out = {}
    for key, value in payload.items():
        if key in POLICY_FIELDS and isinstance(value, str):
            out[key] = clan_ids_in(value, clans)
            continue
        table = (areas if key in AREA_FIELDS | AREA_LISTS else ports if key in PORT_FIELDS
                 else units if key in UNIT_FIELDS | UNIT_LISTS
                 else clans if key in CLAN_FIELDS | CLAN_LISTS else None)
        if table is None:
            out[key] = value
        elif isinstance(value, list):
            out[key] = [match_name(v, table) for v in value]
        else:
            out[key] = match_name(value, table)
    return out


async def resolve_people(ctx: PlayerContext, service, payload: dict[str, Any]) -> dict[str, Any]:
    """A leader's or an army's name typed by hand → its id; the state is read only if one is named."""
    out = dict(payload)
    if out.get("leader") or out.get("passengers"):
        characters = await service.characters(ctx.campaign.id, ctx.faction.id)
        named = {c["id"]: c["name"] for c in characters}
        if out.get("leader"):
            out["leader"] = match_name(out["leader"], named)
        if out.get("passengers"):
            out["passengers"] = [match_name(p, named) for p in out["passengers"]]
    if out.get("army"):
        armies = await service.armies(ctx.campaign.id, ctx.faction.id)
        out["army"] = match_name(out["army"], {a["id"]: a.get("name", a["id"]) for a in armies})
    return out


KIND_WORDS = {"general": N_("general"), "commander": N_("commander")}  # model.CharacterKind values


def victories(count: int | None, t: Messages | None = None) -> str:
    return (t or messages(domain="sengoku")).n_("{n} victory", "{n} victories", count or 0)


def coastal(gamemap, area) -> bool:
    return area.coastal


def portless(gamemap, area) -> bool:
    """A coastal province without a port: where a trade fleet keeps a LoC open (S3.6)."""
    return area.coastal and gamemap.port_in(area.id) is None


class CharacterRef(QuietRef):
    """One of the caller's own characters who is free (a squadron's leader)."""

    async def options(self, interaction, campaign, faction):
        rows, t = await service_of(interaction).characters(campaign.id, faction.id), reader(interaction, "sengoku")
        return [(f"{c['name']} — {t._(KIND_WORDS.get(c['kind'], c['kind']))}, {victories(c['victories'], t)}"
                 + (t._(", leads {units}", units=", ".join(c["leads"])) if c["leads"] else ""), c["id"])
                for c in rows if c["status"] == "free"]


class ArmyRef(QuietRef):
    """One of the caller's own armies."""

    async def options(self, interaction, campaign, faction):
        rows, t = await service_of(interaction).armies(campaign.id, faction.id), reader(interaction, "sengoku")
        return [(t._("{army} — in {area}", army=a.get("name") or a["id"], area=area_name(campaign, a.get("area"))),
                 a["id"]) for a in rows]


class DetachmentRef(QuietRef):
    """A land detachment of one of the caller's armies (S12.2 LandDetachment)."""

    async def options(self, interaction, campaign, faction):
        rows, t = await service_of(interaction).armies(campaign.id, faction.id), reader(interaction, "sengoku")
        return [(t._("{detachment} — {army}: {infantry} inf., {cavalry} cav.", detachment=d["id"],
                     army=a.get("name") or a["id"], infantry=d.get("infantry", 0), cavalry=d.get("cavalry", 0)),
                 d["id"]) for a in rows for d in a.get("detachments", [])]


class CreditRef(QuietRef):
    """One of the caller's clan's capture credits."""

    async def options(self, interaction, campaign, faction):
        rows = await service_of(interaction).credits(campaign.id, faction.id)
        return [(sentence(name), credit) for credit, name, turn in rows]


class OperationRef(QuietRef):
    """The lead trade fleet of one of the caller's landings or evacuations this turn; then their other fleets."""

    async def options(self, interaction, campaign, faction):
        service = service_of(interaction)
        orders = await service.orders(campaign.id, faction.id)
        lines = {line.slot: line.text for line in await service.order_lines(campaign.id, faction.id)}
        leads = {o.payload["unit"]: lines.get(o.unit, o.payload["unit"]) for o in orders
                 if o.payload.get("kind") in LANDING_KINDS}
        fleets = [u for u in await service.units(campaign.id, faction.id) if u.kind == "trade_fleet"]
        return ([(text, unit) for unit, text in leads.items()]
                + [(reader(interaction, "sengoku")._("{unit} — no landing ordered yet", unit=u.name), u.id)
                   for u in fleets if u.id not in leads])


Squadron = app_commands.Transform[str, UnitRef("squadron")]
TradeFleet = app_commands.Transform[str, UnitRef("trade_fleet")]
Coast = app_commands.Transform[str, AreaRef(keep=coastal)]
Route = app_commands.Transform[list[str], ListRef(AreaRef(keep=coastal))]
Fleets = app_commands.Transform[list[str], ListRef(UnitRef("trade_fleet"))]
Portless = app_commands.Transform[str, AreaRef(keep=portless)]
Leader = app_commands.Transform[str, CharacterRef()]
ArmyId = app_commands.Transform[str, ArmyRef()]
Credit = app_commands.Transform[str, CreditRef()]
Operation = app_commands.Transform[str, OperationRef()]
Leaders = app_commands.Transform[list[str], ListRef(CharacterRef())]
Detachments = app_commands.Transform[list[str], ListRef(DetachmentRef())]
