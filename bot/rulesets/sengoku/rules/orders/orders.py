"""Orders of the Sengoku naval rules (S12.4), one model per order kind.

Players are offline while a turn resolves (S1.2), so every choice the rules
make "during play" is a field filled in advance.  Defaults are the spec's
Proposals.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bot.domain.text import N_
from bot.rulesets.sengoku.rules.model.model import Manoeuvre, Stake


class _Order(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: str
    subphase: Literal["SP1", "SP2", "SP3"] = "SP1"


class SquadronCommon(_Order):
    """Fields every squadron order carries (S12.4, S1.2)."""

    leader: str | None = None
    stake: Stake = Stake.LOW
    stake_later_rounds: Stake | None = Field(None, description="stake from round 2 on; default: same")
    want_battle: str = Field("default", description="S5.5: always | never | if <condition> | default")
    when_enemy_wants: str = Field("accept", description="S5.5: accept | avoid | if <condition>")
    if_forced_by_ordinary: Literal["accept", "refuse"] = "accept"
    manoeuvre: Manoeuvre | None = None
    withdraw_if: str = Field("never", description="OP-33: withdraw between rounds (only if the moderator allows "
                                                  "it): never | always | if <condition>; withdrawing disperses")

    def stake_for_round(self, round_no: int) -> Stake:
        if round_no > 1 and self.stake_later_rounds is not None:
            return self.stake_later_rounds
        return self.stake


class Base(_Order):
    kind: Literal["base"] = "base"
    port: str


class Mothball(_Order):
    kind: Literal["mothball"] = "mothball"
    area: str


class Disband(_Order):
    kind: Literal["disband"] = "disband"


class SquadronIdle(SquadronCommon):
    kind: Literal["sq_idle"] = "sq_idle"
    help_friendly_in_home_waters: bool = False


class SquadronRepair(SquadronCommon):
    kind: Literal["sq_repair"] = "sq_repair"


class Cruise(SquadronCommon):
    kind: Literal["sq_cruise"] = "sq_cruise"
    target: str
    route: list[str] = Field(default_factory=list, description="empty: shortest coastal route")
    intercept_landings: bool = True
    intercept_direction: Literal["pin", "push_back"] = "push_back"
    intercept_stake: Stake = Stake.LOW


class LocSweep(SquadronCommon):
    kind: Literal["sq_locsweep"] = "sq_locsweep"
    route: list[str]


class Escort(SquadronCommon):
    kind: Literal["sq_escort"] = "sq_escort"
    operation: str = Field(description="unit id of the landing fleet whose operation it escorts")


class Ravage(SquadronCommon):
    kind: Literal["sq_ravage"] = "sq_ravage"
    target: str
    route: list[str] = Field(default_factory=list)
    coast_action: Literal["ravage", "plunder"] | None = Field(
        None, description="OP-22: default plunder if reinforced, else ravage")


class SquadronPiracy(SquadronCommon):
    kind: Literal["sq_piracy"] = "sq_piracy"
    target_port: str
    route: list[str] = Field(default_factory=list)


class AttackPort(SquadronCommon):
    kind: Literal["sq_attack_port"] = "sq_attack_port"
    target_port: str
    route: list[str] = Field(default_factory=list)
    destroy_port: bool = True


class FleetIdle(_Order):
    kind: Literal["tf_idle"] = "tf_idle"
    repair: bool = False


class Trade(_Order):
    kind: Literal["tf_trade"] = "tf_trade"


class FleetPiracy(_Order):
    kind: Literal["tf_piracy"] = "tf_piracy"
    target_port: str
    route: list[str] = Field(default_factory=list)


class FleetPlunder(_Order):
    kind: Literal["tf_plunder"] = "tf_plunder"
    target: str
    route: list[str] = Field(default_factory=list)


class KeepLoc(_Order):
    kind: Literal["tf_loc"] = "tf_loc"
    target: str
    path: list[str] = Field(default_factory=list)


class Landing(_Order):
    """S3.7: the unit is the lead fleet; ``fleets`` lists any others combined."""

    kind: Literal["tf_landing"] = "tf_landing"
    army: str
    detachments: list[str] = Field(default_factory=list, description="empty: the whole army")
    fleets: list[str] = Field(default_factory=list)
    origin: str
    destination: str
    route_to_embark: list[str] = Field(default_factory=list)
    route_to_destination: list[str] = Field(default_factory=list)
    mode: Literal["quick", "prepared"] = "quick"
    on_fleet_melee: Literal["retreat", "continue"] = "continue"
    melee_extra_loss_allocation: list[str] = Field(default_factory=list)
    auto_evacuation_target: str | None = None
    passengers: list[str] = Field(default_factory=list,
                                  description="S9.5, OP-46 (e): other characters sailing with the army")


class Evacuation(_Order):
    kind: Literal["tf_evacuation"] = "tf_evacuation"
    army: str
    origin: str
    destination: str
    route: list[str] = Field(default_factory=list, description="S3.8: from the fleet's base, through the "
                                                             "origin, to the destination; empty: shortest")
    fleets: list[str] = Field(default_factory=list)
    passengers: list[str] = Field(default_factory=list,
                                  description="S9.5, OP-46 (e): other characters sailing with the army")


SquadronOrder = Union[SquadronIdle, SquadronRepair, Cruise, LocSweep, Escort, Ravage,
                      SquadronPiracy, AttackPort]
FleetOrder = Union[FleetIdle, Trade, FleetPiracy, FleetPlunder, KeepLoc, Landing, Evacuation]
BasingOrder = Union[Base, Mothball, Disband]



class ClanPolicy(_Order):
    """Clan-wide standing choices (S12.4); ``unit`` is the clan id.  Kept in the
    state until replaced (clan_orders)."""

    kind: Literal["clan_policy"] = "clan_policy"
    pairing_own_order: Literal["strongest_first", "weakest_first"] = Field(
        "strongest_first", description="OP-39 (c): which own squadrons are paired first")
    pairing_target: Literal["most_damaged", "least_damaged"] = Field(
        "most_damaged", description="OP-39 (c): which enemy squadron to name as opponent")
    multi_clan_priority: list[str] = Field(default_factory=list,
                                           description="S5.9, OP-29 (c): clans to fight first, in order")
    on_last_port_lost: Literal["lose", "transfer"] = Field("lose", description="S2.6, OP-07 (a)")
    transfer_to: str | None = Field(None, description="OP-07 (a): default the captor of the last port")


class RedeemCapture(_Order):
    """S8.4.6, R6: ``unit`` is the capture credit's id; 1 DP + 3 RP."""

    kind: Literal["redeem_capture"] = "redeem_capture"
    build: Literal["squadron", "heavy_detachment"] = "squadron"
    port: str
    name: str | None = Field(None, description="name of the new squadron")
    attach_to: str | None = Field(None, description="a new heavy detachment may join a squadron based at the port")


ClanOrder = Union[ClanPolicy, RedeemCapture]

Order = Annotated[Union[SquadronOrder, FleetOrder, BasingOrder, ClanOrder], Field(discriminator="kind")]

SQUADRON_KINDS = {m.model_fields["kind"].default for m in SquadronOrder.__args__}
FLEET_KINDS = {m.model_fields["kind"].default for m in FleetOrder.__args__}
BASING_KINDS = {m.model_fields["kind"].default for m in BasingOrder.__args__}
CLAN_KINDS = {m.model_fields["kind"].default for m in ClanOrder.__args__}  # unit = clan id or credit id
_ALL_KINDS = frozenset(SQUADRON_KINDS | FLEET_KINDS | BASING_KINDS | CLAN_KINDS)  # not re-made per order

ORDER_ADAPTER: TypeAdapter = TypeAdapter(Order)


def parse_order(payload: dict) -> BaseModel:
    """Payload → order; pydantic's errors become one message naming each bad field."""
    from bot.engine.ruleset import OrderRejected
    kind = payload.get("kind")
    if not isinstance(kind, str) or kind not in _ALL_KINDS:
        kinds = ", ".join(sorted(SQUADRON_KINDS | FLEET_KINDS | BASING_KINDS) + sorted(CLAN_KINDS))
        raise OrderRejected(N_("unknown order kind {kind}; valid kinds: {kinds}"), kind=repr(payload.get("kind")),
                            kinds=kinds)
    try:
        return ORDER_ADAPTER.validate_python(payload)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            field = ".".join(str(p) for p in err["loc"][1:]) or "order"
            problems.append(f"{field}: {err['msg']}")
        raise OrderRejected("; ".join(problems)) from None
