"""Every configurable reading of the spec (E16 Settings), each with the open point it settles and
the spec's proposal as its default (CFG).  Where the seed gives a number (E8.4's dice, E7's
modifiers, "> 9") that number is the default; a moderator may change it for a house rule."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class KoRounding(StrEnum):
    CEIL = "ceil"  # E-OP-01 default: 3 maneuvers → 2 KO
    FLOOR = "floor"


class ShareBasis(StrEnum):
    SQUADRONS = "squadrons"  # E-OP-12 default: "more than 50 %" counted by squadrons
    DICE = "dice"


class CommanderDice(StrEnum):
    NET = "net"  # E-OP-04 default: E8.4 dice minus outfitting
    BASE = "base"


class CapMode(StrEnum):
    PER_SQUADRON = "per_squadron"  # E-OP-06 default
    PER_FLEET = "per_fleet"


class InterceptorMode(StrEnum):
    FIRST_SUCCESS = "first_success"  # E-OP-08 default: the first success ends the interception step
    ALL = "all"  # every stack that wants to tries; the successful ones fight together


class FriendlyPorts(StrEnum):
    OWN_OR_ALLIED = "own_or_allied"  # E-OP-22 default
    OWN = "own"


class SecondTie(StrEnum):
    DEFENDER = "defender"  # E-OP-19 suggested default: a second tie in a port battle, the defender wins
    ATTACKER = "attacker"


# E8.4 [L37–L41]: combat dice per squadron by nationality, keyed by the nation's ``nationality``
# (its id unless the scenario says otherwise: a minor flying another's flag).  Unlisted nationalities (Austrian,
# Prussian, Portuguese, Dutch …) are absent on purpose: a moderator must set them (E-OP-15).
SEED_DICE = {"britain": 3, "france": 2, "denmark": 2, "sweden": 2, "russia": 1, "turkey": 1, "spain": 1}
# E7.1 [L25–L27]: interception/evasion modifier of a fleet more than 50 % of one nationality.
SEED_MODIFIERS = {"britain": 2, "france": 1}


class EiaSettings(BaseModel):
    model_config = ConfigDict(frozen=True)

    # E1, E-OP-01
    maneuvers_per_ko: int = Field(default=2, ge=1)
    ko_rounding: KoRounding = KoRounding.CEIL
    fleet_max_maneuvers_per_impulse: int | None = Field(default=None, ge=1)  # MOD-supplied; None: the KO ledger only
    # E2.3, E-OP-02: a picked-up squadron joins only if it has spent no more than the fleet
    pickup_requires_spent_le_fleet: bool = True
    # E3.2.1, E-OP-05 (placeholder until a moderator confirms it against rule 9.7)
    armada_extra_maneuvers_per_fleet: int = Field(default=1, ge=0)
    # seed [L13] "тратя лишние маневры за каждый флот в ее составе": the extra is paid for every fleet in the
    # armada, the commander's too (as an army group's for each army); False: the spec's E-OP-05 placeholder,
    # only for each fleet beyond the commander's own
    armada_extra_for_every_fleet: bool = True
    # E3.1.2, E-OP-04
    commander_dice: CommanderDice = CommanderDice.NET
    # E4.2, E-OP-06
    cap_mode: CapMode = CapMode.PER_SQUADRON
    # E4.5, E-OP-07: one patrol roll per enemy stack for each maneuver; False: one roll for them all
    patrol_roll_per_stack: bool = True
    # E5, E-OP-08
    multi_interceptor_mode: InterceptorMode = InterceptorMode.FIRST_SUCCESS
    # E7
    success_above: int = 9  # E5.4/E7.2: modified 2d6 > 9
    nationality_share_basis: ShareBasis = ShareBasis.SQUADRONS  # E-OP-12
    intercept_modifiers: dict[str, int] = Field(default_factory=lambda: dict(SEED_MODIFIERS))
    blockade_modifier: int = 1  # E7.1 footnote
    # E8.4, E-OP-15
    naval_dice_per_squadron: dict[str, int] = Field(default_factory=lambda: dict(SEED_DICE))
    # E8.5, E-OP-16: a "5" rolled by the opponent (battery dice included), cumulative, floor 0 — the one
    # reading combat implements, so the only value accepted
    demoralisation_source: Literal["opponent_fives"] = "opponent_fives"
    ask_combat_cards: bool = True  # E-OP-14: a prompt to both sides before each battle (default: none)
    # E9.2, E-OP-18: nearest friendly port by maneuvers; ties → the loser (default first in map order);
    # False: any port not the enemy's
    nearest_port_friendly_only: bool = True
    # E10, E-OP-19
    port_battery_dice: int = Field(default=2, ge=0)
    fortress_battery_dice: int = Field(default=4, ge=0)
    second_tie_winner: SecondTie = SecondTie.DEFENDER
    # E10.5, E-OP-20
    intercept_on_port_exit: bool = True
    # E11, E-OP-21, E-OP-22
    convoy_capacity: int = Field(default=5, ge=1)
    friendly_ports: FriendlyPorts = FriendlyPorts.OWN_OR_ALLIED
    # E13, E-OP-24
    strait_battery_dice: int = Field(default=4, ge=0)
    strait_evasion_allowed: bool = True
    # E14.3, E-OP-25: the loss-of-port −1 is E8.6's restated, not a second one
    loss_of_port_penalty_stacks: bool = False
    # response windows (E-OP-09): prompts to players; the moderators' combat form waits for them
    prompt_hours: int = Field(default=24, ge=1, le=336)
