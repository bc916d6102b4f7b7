"""The two sides of a battle and what the encounter, the battle and its rounds
all read about a squadron: its order, what it may see of the enemy (S5.6,
OP-26) and how its admiral ranks (OP-29 a).  Below ``encounter``, ``battle``
and ``battle_rounds`` so that each of them can use it without the others."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.model import Manoeuvre, Stake
from bot.rulesets.sengoku.rules.orders.orders import SquadronCommon, SquadronIdle
from bot.rulesets.sengoku.rules.orders.pairing import PairingPolicy


@dataclass
class Fighter:
    unit: str
    clan: str
    stake: Stake
    stake_later: Stake | None = None
    port_defender: bool = False

    def stake_for(self, round_no: int) -> Stake:
        return self.stake_later if round_no > 1 and self.stake_later else self.stake


@dataclass
class BattleSide:
    clan: str  # the side's lead clan (OP-29 b, multi_side); each Fighter keeps its own clan (captor, credits)
    fighters: list[Fighter]
    manoeuvre: Manoeuvre | None = None
    policy: PairingPolicy = field(default_factory=PairingPolicy)
    manoeuvre_unit: str | None = None  # the admiral's squadron (OP-45 b); found if not given


@dataclass
class BattleOutcome:
    winner: int | None
    rounds: int
    fought: set[str]
    survivors: tuple[list[str], list[str]]
    losers_in_port: list[str] = field(default_factory=list)


def order_of(ctx: Ctx, unit: str) -> SquadronCommon:
    order = ctx.orders.get(unit)
    return order if isinstance(order, SquadronCommon) else SquadronIdle(unit=unit)


def visible_facts(ctx: Ctx, unit: str, own: list[str], enemy: list[str], side: dict | None = None) -> dict:
    """S5.6 and OP-26: count, damage, type and clan of the enemy; everything of one's own.  ``side``:
    ``side_facts`` of ``own`` and ``enemy`` when the caller has them (the same for every squadron of
    the side while nothing changes; issue 18)."""
    facts = dict(side if side is not None else side_facts(ctx, own, enemy))
    facts["own_xp"] = ctx.state.squadrons[unit].experience
    facts["own_hd"] = len(ctx.state.hds_of(unit))
    return facts


def side_facts(ctx: Ctx, own: list[str], enemy: list[str]) -> dict:
    """The facts of ``visible_facts`` that are the same for every squadron of a side."""
    sq = ctx.state.squadrons
    reinforced = [u for u in enemy if ctx.state.hds_of(u)]
    return {
        "enemy_count": len(enemy),
        "enemy_damage": sum(sq[u].damage for u in enemy),
        "enemy_max_damage": max((sq[u].damage for u in enemy), default=0),
        "enemy_reinforced": len(reinforced),
        "enemy_ordinary": len(enemy) - len(reinforced),
        "enemy_clan": frozenset(sq[u].owner for u in enemy),
        "own_count": len(own),
        "own_damage": sum(sq[u].damage for u in own),
        "own_reinforced": sum(1 for u in own if ctx.state.hds_of(u)),
    }


def clan_names(ctx: Ctx) -> Mapping[str, str]:
    """What an enemy_clan condition may name (OP-26): id → name, read from the state when a policy
    names a clan (most never do; a battle asks thousands of policies, issue 18)."""
    return _ClanNames(ctx.state.clans)


class _ClanNames(Mapping[str, str]):
    def __init__(self, clans: Mapping) -> None:
        self._clans = clans

    def __getitem__(self, clan_id: str) -> str:
        return self._clans[clan_id].name

    def __iter__(self) -> Iterator[str]:
        return iter(self._clans)

    def __len__(self) -> int:
        return len(self._clans)


def admiral_rank(ctx: Ctx, unit: str) -> tuple:
    """OP-29 (a): art active > veteran > novice/none, then battles commanded."""
    leader = ctx.state.squadrons[unit].leader
    if leader is None:
        return (0, 0, 0)
    battles = sum(1 for e in ctx.state.characters[leader].naval_events if e.kind == "led_battle")
    return (1 if leader in ctx.art_active else 0, 1 if leader in ctx.veterans else 0, battles)
