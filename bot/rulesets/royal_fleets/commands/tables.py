"""/royal-fleets table …: moderators fill in the campaign tables the seed leaves open (U0.1,
U-OP-01/15/28/37) — ship types with attack, health, price and capacity, the hired-transport fee,
each trade post's income — and read what is still missing.

A value is a rule setting (rules/model/settings.py RoyalSettings), written through the service's
``set_setting`` (checked by the settings model, refused with what is allowed); an order that needs
a value nobody set is refused by the rules naming it (settings.require).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import discord
from discord import app_commands

from bot.domain.text import quote
from bot.i18n import Messages, N_
from bot.rulesets.royal_fleets.commands.params import DOMAIN, ship_types, table_of
from bot.services.errors import UserError
from cogs.common import CAMPAIGN, campaign_autocomplete, campaign_for, defer, moderator_only, reader, reply, \
    service_of
from cogs.mod_common import ModeratorRef
from cogs.params import NAME_LENGTH, fold, game_map

TYPE_ID = re.compile(r"[^a-z0-9_-]+")
ROW_FIELDS = ("name", "attack", "max_health", "price", "capacity_units", "can_cross_maps", "can_occupy_trade_post")
MISSING = N_("still missing (orders needing them are refused until set): {paths}")
COMPLETE = N_("every table value is set.")


def type_id(text: str, rows: dict[str, dict[str, Any]]) -> str:
    """A ship type named by id or name; a new name becomes a lower-case id ("Ship of the line" → ship_of_the_line)."""
    wanted = fold(text)
    for key, row in rows.items():
        if wanted in (fold(key), fold(row.get("name") or "")):
            return key
    return TYPE_ID.sub("_", wanted).strip("_")[:32] or "ship"


NOT_AN_ATTACK = N_("attack {value} is not a number; write it like 3, 2.5 or 5/2")
NOT_THALERS = N_("thalers {value} is not a number; write it like 1200 or 1202.5")


def attack_value(text: str | None, refusal: str = NOT_AN_ATTACK) -> str | None:
    """A number as the rules keep it, exact: "3", "2.5" or "5/2" (U6.1 attacks and treasuries may be
    fractions, U-OP-17); ``refusal`` says what it was for."""
    if text is None:
        return None
    try:
        return str(Fraction(text.strip()))
    except (ValueError, ZeroDivisionError):
        raise UserError(refusal, domain=DOMAIN, value=quote(text)) from None


class ShipTypeRef(ModeratorRef):
    """A ship type of the campaign's table (or a new one, typed)."""

    async def options(self, interaction, campaign):
        return [(row.get("name") or key, key) for key, row in (await table_of(interaction, campaign)).items()]


class TradePostRef(ModeratorRef):
    async def options(self, interaction, campaign):
        posts = game_map(campaign.map_id).trade_posts
        return [(post.name, key) for key, post in sorted(posts.items())]


ShipType = app_commands.Transform[str, ShipTypeRef()]
TradePost = app_commands.Transform[str, TradePostRef()]


def table_text(campaign, settings: dict[str, Any], t: Messages) -> str:
    """Every table of the campaign as a moderator reads it, and what is still missing."""
    rows, posts = ship_types(settings), game_map(campaign.map_id).trade_posts
    shown = lambda v: "—" if v is None else str(v)  # noqa: E731 (a table cell)
    lines = [t._("📋 **{campaign}** — campaign tables (U0.1):", campaign=campaign.name)]
    lines += [t._("• {type}: attack {attack}, health {health}, price {price}, carries {capacity} units",
                  type=row.get("name") or key, attack=shown(row.get("attack")), health=shown(row.get("max_health")),
                  price=shown(row.get("price")), capacity=shown(row.get("capacity_units")))
              for key, row in rows.items()]
    if not rows:
        lines.append(t._("• no ship types yet: /royal-fleets table ship-type adds one"))
    lines.append(t._("• hired transports: {fee} thalers per unit and turn",
                     fee=shown(settings.get("transport_fee_per_unit_turn"))))
    lines += [t._("• trade post {post}: income {income}", post=post.name,
                  income=shown(settings.get(f"trade_post_income.{key}"))) for key, post in sorted(posts.items())]
    missing = missing_paths(campaign, settings, rows)
    lines.append(t._(MISSING, paths=", ".join(f"`{p}`" for p in missing)) if missing else t._(COMPLETE))
    return "\n".join(lines)


def missing_paths(campaign, settings: dict[str, Any], rows: dict[str, dict[str, Any]]) -> list[str]:
    paths = [f"ship_types.{key}.{f}" for key, row in rows.items()
             for f in ("attack", "max_health", "price", "capacity_units") if row.get(f) is None]
    if settings.get("transport_fee_per_unit_turn") is None:
        paths.append("transport_fee_per_unit_turn")
    paths += [f"trade_post_income.{key}" for key in sorted(game_map(campaign.map_id).trade_posts)
              if settings.get(f"trade_post_income.{key}") is None]
    return paths


class TableCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="table", description="Campaign tables: ship types, fees, trade-post income (U0.1)")

    @app_commands.command(name="show", description="Every campaign table and what is still missing")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def show(self, interaction: discord.Interaction, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        settings = await service_of(interaction).settings(chosen.id)
        await reply(interaction, table_text(chosen, settings, reader(interaction, DOMAIN)))

    @app_commands.command(name="ship-type", description="Add a ship type or change its values (U6.1, U-OP-15)")
    @app_commands.describe(type="a ship type, or a new one's name", name="the name players read",
                           attack="base attack: 3, 2.5 or 5/2", health="maximum health", price="price in thalers",
                           capacity="army units it carries (U-OP-28)", crosses_maps="may cross the maps (U10.2)",
                           trade_posts="may hold a trade post (U10.2)", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def ship_type(self, interaction: discord.Interaction, type: ShipType,
                        name: app_commands.Range[str, 1, NAME_LENGTH] | None = None,
                        attack: app_commands.Range[str, 1, 20] | None = None,
                        health: app_commands.Range[int, 1, 1000] | None = None,
                        price: app_commands.Range[int, 0, 1000000] | None = None,
                        capacity: app_commands.Range[int, 0, 100] | None = None, crosses_maps: bool | None = None,
                        trade_posts: bool | None = None, campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        service, t = service_of(interaction), reader(interaction, DOMAIN)
        rows = ship_types(await service.settings(chosen.id))
        key = type_id(type, rows)
        given = dict(zip(ROW_FIELDS, (name, attack_value(attack), health, price, capacity, crosses_maps,
                                      trade_posts)))
        row = {**rows.get(key, {"name": type.strip()}), **{k: v for k, v in given.items() if v is not None}}
        await service.set_setting(chosen.id, f"ship_types.{key}", json.dumps(row, ensure_ascii=False))
        await reply(interaction, table_text(chosen, await service.settings(chosen.id), t))

    @app_commands.command(name="fee", description="The hired-transport fee per army unit and turn (U-OP-28)")
    @app_commands.describe(thalers="thalers per unit and turn", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def fee(self, interaction: discord.Interaction, thalers: app_commands.Range[int, 0, 1000000],
                  campaign: int | None = None) -> None:
        await defer(interaction)
        await self.set(interaction, await campaign_for(interaction, campaign), "transport_fee_per_unit_turn", thalers)

    @app_commands.command(name="income", description="A trade post's income per turn (U10.4, U-OP-37)")
    @app_commands.describe(post="the trade post", thalers="thalers per turn to its controller", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    @moderator_only()
    async def income(self, interaction: discord.Interaction, post: TradePost,
                     thalers: app_commands.Range[int, 0, 1000000], campaign: int | None = None) -> None:
        await defer(interaction)
        chosen = await campaign_for(interaction, campaign)
        posts = game_map(chosen.map_id).trade_posts
        key = next((k for k, p in posts.items() if fold(post) in (fold(k), fold(p.name))), None)
        if key is None:
            raise UserError(N_("{post} is not a trade post of this map; the trade posts are: {posts}"), domain=DOMAIN,
                            post=quote(post), posts=", ".join(p.name for p in posts.values()))
        await self.set(interaction, chosen, f"trade_post_income.{key}", thalers)

    async def set(self, interaction: discord.Interaction, chosen, path: str, value: Any) -> None:
        service = service_of(interaction)
        await service.set_setting(chosen.id, path, json.dumps(value))
        await reply(interaction, table_text(chosen, await service.settings(chosen.id), reader(interaction, DOMAIN)))
