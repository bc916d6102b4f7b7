"""Builders for rule tests: a small state and a context with scripted dice."""

from __future__ import annotations

import pytest

from bot.engine.dice import ScriptedDice
from bot.mapfiles import parse_map
from bot.rulesets.sengoku.rules.model.context import Ctx
from bot.rulesets.sengoku.rules.model.model import (Character, CharacterKind, Clan, HeavyDetachment, PortState,
                                     Relation, RelationEntry, SengokuState, Squadron)
from bot.rulesets.sengoku.rules.model.settings import SengokuSettings

TINY_MAP = {
    "ruleset": "sengoku",
    "id": "tiny", "name": "Tiny sea",
    "areas": {
        "red_home": {"name": "Red Home", "kind": "province", "coastal": True, "x": 0, "y": 0,
                     "coast": ["middle"], "land": []},
        "middle": {"name": "Middle", "kind": "province", "coastal": True, "x": 1, "y": 0,
                   "coast": ["red_home", "blue_home"], "land": []},
        "blue_home": {"name": "Blue Home", "kind": "province", "coastal": True, "x": 2, "y": 0,
                      "coast": ["middle"], "land": []},
    },
    "ports": {
        "red_port": {"name": "Red Port", "area": "red_home", "timber": True, "x": 0, "y": 0.1},
        "blue_port": {"name": "Blue Port", "area": "blue_home", "timber": True, "x": 2, "y": 0.1},
    },
}


def tiny_state() -> SengokuState:
    return SengokuState(
        clans={"red": Clan(id="red", name="Red"), "blue": Clan(id="blue", name="Blue")},
        relations=[RelationEntry(a="red", b="blue", relation=Relation.AT_WAR)],
        area_owner={"red_home": "red", "blue_home": "blue"},
        ports={"red_port": PortState(id="red_port", owner="red"),
               "blue_port": PortState(id="blue_port", owner="blue")},
    )


def add_squadron(state: SengokuState, unit: str, owner: str, *, xp: int = 0, dmg: int = 0,
                 hds: int = 0, hd_damage: int = 0, leader: str | None = None,
                 location: str = "middle") -> Squadron:
    base = "red_port" if owner == "red" else "blue_port"
    sq = Squadron(id=unit, name=unit, owner=owner, base_port=base, location=location,
                  experience=xp, damage=dmg, leader=leader)
    state.squadrons[unit] = sq
    for i in range(hds):
        hd_id = f"{unit}-hd{i + 1}"
        state.heavy[hd_id] = HeavyDetachment(id=hd_id, owner=owner, attached_to=unit, base_port=base,
                                             damage=hd_damage)
    return sq


def add_leader(state: SengokuState, char_id: str, clan: str, kind: str = "commander",
               veteran: bool = False, victories: int = 0) -> Character:
    from bot.rulesets.sengoku.rules.model.model import NavalEvent
    events = [NavalEvent(turn=state.turn - 1, kind="led_battle")] if veteran else []
    character = Character(id=char_id, name=char_id, clan=clan, kind=CharacterKind(kind),
                          naval_events=events, victories=victories)
    state.characters[char_id] = character
    return character


def make_ctx(state: SengokuState, script: dict, settings: SengokuSettings | None = None) -> Ctx:
    ctx = Ctx(state=state, gamemap=parse_map(TINY_MAP, "tiny"), settings=settings or SengokuSettings(),
              dice=ScriptedDice(script))
    ctx.veterans = {c.id for c in state.characters.values() if c.is_veteran(state.turn)}
    ctx.art_active = {c.id for c in state.characters.values() if c.art_active()}
    return ctx


@pytest.fixture
def state() -> SengokuState:
    s = tiny_state()
    s.turn = 3
    return s
