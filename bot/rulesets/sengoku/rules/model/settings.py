"""Campaign settings of the Sengoku naval rules (S12.3, S13).

Each default is the spec's Proposal; the moderator may change any of them per
campaign.  The description of each field names the open point it settles.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.engine.dice import DiceError, DieExpr

SUBPHASE_ORDER = ("SP1", "SP2", "SP3")


class StakeTargets(BaseModel):
    model_config = ConfigDict(extra="forbid")

    low: int = Field(7, ge=2, le=20, description="OP-01: total needed to succeed at low stake")
    high: int = Field(10, ge=2, le=25, description="OP-01: total needed to succeed at high stake")

    @model_validator(mode="after")
    def _high_not_below_low(self) -> "StakeTargets":
        if self.high < self.low:
            raise ValueError(f"stake_target.high ({self.high}) must be at least stake_target.low ({self.low})")
        return self


class SengokuSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    stake_target: StakeTargets = Field(default_factory=StakeTargets)
    subphases: list[Literal["SP1", "SP2", "SP3"]] = Field(
        default_factory=lambda: ["SP1", "SP2", "SP3"], description="OP-02: naval sub-phases of a turn",
        examples=[["SP1", "SP2", "SP3"], ["SP1", "SP2"], ["SP1"]])
    attached_hd_counts_as_fleet_unit: bool = Field(False, description="OP-05: attached HD counts toward the 5-unit limit")
    standalone_hd_counts_as_fleet_unit: bool = Field(True, description="OP-05: HD alone in port counts toward the limit")
    mothballed_count_for_capacity: bool = Field(False, description="OP-05")
    foreign_based_survive_last_port_loss: bool = Field(
        True, description="OP-07 (c): trade fleets based abroad keep their base when the last own port falls")
    foreign_based_squadrons_survive_last_port_loss: bool = Field(
        False, description="OP-07 (c): the seed (L8) loses every squadron; true keeps those based abroad")
    plunder_then_piracy_allowed: bool = Field(True, description="OP-09")
    path_check_includes_target: bool = Field(True, description="OP-10")
    path_check_counts_loc_sweepers: bool = Field(False, description="OP-10")
    loc_capacity_scope: Literal["per_loc", "per_clan"] = Field("per_loc", description="OP-13")
    loc_capacity: int = Field(25, ge=0, description="S3.6.3: figures per phase on a sea LoC")
    evacuation_timing: Literal["replace_retreat_else_turn_end", "turn_end"] = Field(
        "replace_retreat_else_turn_end", description="OP-15")
    storm_roll_scope: Literal["operation", "fleet"] = Field("operation", description="OP-17 (a)")
    evacuation_losses_scope: Literal["after_evacuation", "during_evacuation"] = Field(
        "after_evacuation", description="OP-16: the seed (L41) bars castle refills of every loss after an "
                                        "evacuation; during_evacuation = only figures lost on the way")
    prepared_landing_trigger: Literal["same_subphase", "moderator"] = Field(
        "same_subphase", description="OP-14: a prepared landing sails its landing leg after the quick ones of its "
                                     "sub-phase, or waits for execute_landing (land module or moderator)")
    sq_repair_requires_timber: bool = Field(True, description="OP-18")
    sq_repair_amount_per_subphase: int = Field(5, ge=1, le=5, description="OP-18: 5 = all damage")
    neutral_coast_wave: Literal["W1", "W2"] = Field("W2", description="OP-20")
    loc_sweepers_persist: bool = Field(False, description="OP-21")
    return_trip_encounters: bool = Field(False, description="OP-24 (5)")
    mutual_presence_blocks: bool = Field(True, description="OP-25")
    reinforced_refusal_also_disperses: bool = Field(True, description="OP-27 (a)")
    escort_decline_without_dispersal: bool = Field(True, description="OP-28")
    tiebreak_roll: Literal["modified_total", "raw_dice"] = Field("modified_total", description="OP-31 (a)")
    repeat_rounds_in_1v1: bool = Field(True, description="OP-33")
    allow_withdraw_between_rounds: bool = Field(False, description="OP-33")
    max_rounds: int = Field(10, ge=1, le=50, description="OP-33: safety cap, then the moderator decides")
    hd_survives_squadron_destruction: bool = Field(True, description="OP-35")
    interception_heavy_shift: bool = Field(False, description="OP-38 (b)")
    multiple_interceptions: bool = Field(True, description="OP-38 (c)")
    interceptors: Literal["cruisers_and_w3", "cruisers_only"] = Field("cruisers_and_w3", description="OP-38 (g)")
    max_melee_rounds: int = Field(0, ge=0, le=5, description="OP-41 (c): extra melee exchanges if both continue; "
                                                             "0 = the seed's single exchange (L125)")
    melee_risk_table: Literal["defeat_low", "victory_low"] = Field("defeat_low", description="OP-41 (d)")
    superiority_strict: bool = Field(False, description="OP-42 (d): true = more than twice")
    cavalry_weight_in_port_check: int = Field(1, ge=1, le=2, description="OP-42 (e)")
    sq_plunder_loot_dice: str = Field("2d6", description="OP-04 (b)", examples=["2d6", "d6", "3d6", "2d6+1"])
    xp_sources: Literal["squadron_battles"] = Field("squadron_battles", description="OP-43")
    interception_counts_for_leader_history: bool = Field(True, description="OP-44 (a)")
    interception_counts_as_victory: bool = Field(False, description="OP-45 (a)")
    manoeuvre_scope: Literal["side", "own_squadron"] = Field("side", description="OP-45 (c)")
    feigned_retreat_penalty_scope: Literal["per_side", "per_squadron"] = Field("per_side", description="S13 R5")
    whole_turn_tasks_only_in_sp1: bool = Field(False, description="OP-02, OP-09")
    captives_hours: int = Field(24, ge=1, le=24 * 14, description="OP-46 (c): hours a clan has to answer for "
                                                                     "its captured characters; then remain_captive")

    @field_validator("subphases")
    @classmethod
    def _subphases_in_order(cls, value: list[str]) -> list[str]:
        """OP-02: SP1 always (orders are given for it, S4.7.2 piracy only there), each once, in turn order."""
        if not value or value[0] != "SP1" or sorted(set(value), key=SUBPHASE_ORDER.index) != value:
            raise ValueError("the sub-phases start with SP1 and list each of SP1, SP2, SP3 at most once, in that "
                             "order, e.g. [\"SP1\", \"SP2\", \"SP3\"] or [\"SP1\"]")
        return value

    @field_validator("sq_plunder_loot_dice")
    @classmethod
    def _loot_dice(cls, value: str) -> str:
        """OP-04 (b): rolled for each plunder; a loss of rice from a plunder makes no sense."""
        try:
            expr = DieExpr.parse(value)
        except DiceError as exc:
            raise ValueError(str(exc)) from None
        if expr.count + expr.modifier < 0:
            raise ValueError(f"{value} can roll less than nothing; loot is at least 0 Rice Points, e.g. 2d6 or d6-1")
        return str(expr)


def setting_paths() -> list[str]:
    """Dotted names a moderator can set, e.g. ``stake_target.high``."""
    paths: list[str] = []
    for name, field in SengokuSettings.model_fields.items():
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            paths += [f"{name}.{sub}" for sub in annotation.model_fields]
        else:
            paths.append(name)
    return paths
