"""Slash-command parameters for a squadron's battle choices (S5.5 policies, OP-33 withdrawal,
S9.3 manoeuvres): presets, a condition on another clan (OP-26: the enemy clan is visible), or a
condition typed by hand, which the rules check (V5).  Apart from cogs/params.py's units, places and
clans, which every ruleset's orders name.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import N_
from bot.services.errors import UserError
from bot.store import StoreError
from cogs.common import reader, service_of
from cogs.params import REF_LENGTH, clip, fold, matching_choices, player_of

Choice = app_commands.Choice
POLICY_LENGTH = 200  # a battle policy typed by hand: "if enemy_clan != otomo and …" (S5.5, V5)


ENGAGE_PRESETS = [(N_("rules default (if not outnumbered)"), "default"), (N_("always"), "always"),
                  (N_("never"), "never"),
                  (N_("only if not outnumbered"), "if-not-outnumbered"),
                  (N_("only against ordinary squadrons"), "if-enemy-ordinary"),
                  (N_("only against damaged squadrons"), "if-enemy-damaged")]
ATTACKED_PRESETS = [(N_("accept battle"), "accept"), (N_("avoid battle"), "avoid"),
                    (N_("accept unless outnumbered"), "if-not-outnumbered")]
WITHDRAW_PRESETS = [(N_("never withdraw"), "never"), (N_("withdraw after round 1"), "always"),
                    (N_("withdraw if outnumbered"), "if-outnumbered")]
# Short keys the presets offer (and older clients typed) → the S5.5 policy text the rules read.
POLICIES = {"if-not-outnumbered": "if enemy_count <= own_count", "if-enemy-ordinary": "if enemy_reinforced == 0",
            "if-enemy-damaged": "if enemy_damage > 0", "if-outnumbered": "if enemy_count > own_count"}


class PolicyRef(app_commands.Transformer):
    """A battle policy (S5.5): a preset, a condition on another clan (OP-26: the enemy clan is visible),
    or any 'if <condition>' typed by hand, which the rules check (V5)."""

    def __init__(self, presets: list[tuple[str, str]], against: tuple[str, str]) -> None:
        self.presets, self.against = presets, against

    @property
    def max_value(self) -> int:
        return POLICY_LENGTH

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        return POLICIES.get(value.strip(), value.strip())

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        t = reader(interaction, "sengoku")
        options = [(t._(label), key) for label, key in self.presets]
        player = await player_of(interaction)
        if player is not None:
            campaign, faction = player
            for clan in sorted((f for f in campaign.factions if f.id != faction.id), key=lambda f: fold(f.name)):
                options += [(t._(self.against[0], clan=clan.name), f"if enemy_clan == {clan.id}"),
                            (t._(self.against[1], clan=clan.name), f"if enemy_clan != {clan.id}")]
        hits = matching_choices(options, value)
        typed = value.strip()
        if typed.lower().startswith("if ") and len(typed) <= POLICY_LENGTH:  # a condition of one's own, as typed
            hits = [Choice(name=clip(t._("{policy} (as typed)", policy=typed)), value=typed)] + hits[:24]
        return hits


MANOEUVRE_NAMES = {"take_wind": N_("Take the wind"), "feigned_retreat": N_("Feigned retreat"),
                   "tsuruyoki": N_("Tsuruyoki (crane's wing)"), "defensive": N_("Defensive formation")}


class ManoeuvreRef(app_commands.Transformer):
    """S9.3: a naval manoeuvre; autocomplete offers them only when the squadron's leader (the
    ``leader`` option if given, else its present one) has the naval art active."""

    @property
    def max_value(self) -> int:
        return REF_LENGTH

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        wanted = fold(value)
        return next((key for key, name in MANOEUVRE_NAMES.items()
                     if wanted in (fold(key), fold(name), fold(name.split(" (")[0]))), value.strip())

    async def autocomplete(self, interaction: discord.Interaction, value: str) -> list[Choice[str]]:
        player = await player_of(interaction)
        if player is None:
            return []
        campaign, faction = player
        service = service_of(interaction)
        try:
            rows = await service.characters(campaign.id, faction.id)
            units = await service.units(campaign.id, faction.id)
        except (UserError, StoreError):
            return []
        typed_leader = fold(str(getattr(interaction.namespace, "leader", None) or ""))
        unit_text = fold(str(getattr(interaction.namespace, "unit", None) or ""))
        unit = next((u for u in units if unit_text in (fold(u.id), fold(u.name))), None)
        if typed_leader:
            leader = next((c for c in rows if typed_leader in (fold(c["id"]), fold(c["name"]))), None)
        else:
            leader = next((c for c in rows if unit is not None and unit.name in c["leads"]), None)
        if leader is None or not leader["art_active"]:
            return []  # S9.3.3: no leader with the naval art, no manoeuvre
        t = reader(interaction, "sengoku")
        return matching_choices([(t._("{manoeuvre} — {leader}'s naval art", manoeuvre=t._(name), leader=leader["name"]),
                                  key) for key, name in MANOEUVRE_NAMES.items()], value)


Engage = app_commands.Transform[str, PolicyRef(ENGAGE_PRESETS, (N_("only against {clan}"), N_("never against {clan}")))]
IfAttacked = app_commands.Transform[str, PolicyRef(ATTACKED_PRESETS, (N_("accept only against {clan}"),
                                                                      N_("avoid {clan}, accept others")))]
Withdraw = app_commands.Transform[str, PolicyRef(WITHDRAW_PRESETS, (N_("withdraw if {clan} is there"),
                                                                    N_("withdraw unless {clan} is there")))]
Manoeuvre = app_commands.Transform[str, ManoeuvreRef()]
