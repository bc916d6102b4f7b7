"""A battle built from the model's state and the board (combat reads them duck-typed, ``combat.adapt``):
a minor's squadrons fight in its major's side (E2.1) with its own dice (E8.4), a fortress fires 4 dice
(E10.2), a later battle at the same place in the impulse has its own dice keys."""

import pytest

from bot.engine.dice import DiceError, ScriptedDice
from bot.rulesets.empires_in_arms.rules.combat import CombatError, CombatSettings, ModeratorEnteredCombat, advance
from bot.rulesets.empires_in_arms.rules.combat import open_battle, side_dice
from bot.rulesets.empires_in_arms.rules.combat.adapt import battle_from, side_from
from bot.rulesets.empires_in_arms.rules.scenario import build_state

from .conftest import NATIONS, tiny

SETTINGS = CombatSettings()


def state():
    nations = {**NATIONS, "denmark": {"name": "Denmark", "kind": "minor", "major_ally": "france"}}
    raw = {"nations": nations, "impulse_order": ["france", "britain"], "impulse": {"active": "britain"},
           "port_control": {"f": "france", "p2": "france"},
           "squadrons": {"f1": {"nation": "france", "location": "f", "name": "Bucentaure"},
                         "d1": {"nation": "denmark", "location": "f", "status": "requires_outfitting"},
                         "b1": {"nation": "britain", "location": "z3", "name": "Victory"}}}
    return build_state(raw, tiny(), "test")


def test_a_minor_fights_in_its_majors_side_with_its_own_dice():
    s = state()
    defenders = side_from(s, ["f1", "d1"])
    assert defenders.nations == ("france",)  # E2.1
    fight = battle_from(s, tiny(), SETTINGS, impulse="5", kind="port", place="f",
                        active=side_from(s, ["b1"]), inactive=defenders)
    assert side_dice(fight, "inactive", 1, (), (), SETTINGS) == 2 + (2 - 1)  # France 2, Denmark 2 − 1 (E8.6)
    assert (fight.zone, fight.battery.dice, fight.battery.fortress, fight.battery.owner) == ("z3", 4, True, "france")
    assert (fight.name("f"), fight.name("b1"), fight.name("britain")) == ("F", "Victory", "Great Britain")


def test_a_port_battery_without_fortress_fires_2_and_a_sea_battle_none():
    s = state()
    port = battle_from(s, tiny(), SETTINGS, impulse="5", kind="port", place="p2",
                       active=side_from(s, ["b1"]), inactive=side_from(s, [], nations=["france"]))
    assert (port.battery.dice, port.inactive.nations) == (2, ("france",))
    sea = battle_from(s, tiny(), SETTINGS, impulse="5", kind="patrol", place="z3",
                      active=side_from(s, ["b1"]), inactive=side_from(s, ["f1"]))
    assert sea.battery is None and sea.zone == "z3"


def test_a_second_battle_at_a_place_has_its_own_dice_keys():
    s = state()
    second = battle_from(s, tiny(), SETTINGS, impulse="5", kind="patrol", place="z3", number=2,
                         active=side_from(s, ["b1"]), inactive=side_from(s, ["f1"]))
    fight, _ = open_battle(second)
    with pytest.raises(DiceError, match="eia:5:battle:z3-2:r1:active"):
        advance(fight, ModeratorEnteredCombat(), ScriptedDice({}), SETTINGS)


def test_an_unknown_squadron_or_flag_is_refused_clearly():
    s = state()
    with pytest.raises(CombatError, match="no squadron 'x1' in the state; its squadrons: b1, d1, f1"):
        side_from(s, ["x1"])
    with pytest.raises(CombatError, match="unknown side flags evaded"):
        side_from(s, ["b1"], evaded=True)


def test_per_squadron_commanders_for_a_side_of_several_stacks():
    s = state()
    mixed = side_from(s, ["f1", "b1"], commanders={"b1": "denmark"})
    assert [q.commander_nationality for q in mixed.squadrons] == [None, "denmark"]


def test_combat_settings_read_from_the_games_settings():
    from bot.rulesets.empires_in_arms.rules.settings import EiaSettings

    game = EiaSettings().model_copy(update={"fortress_battery_dice": 5, "loss_of_port_penalty_stacks": True})
    read = CombatSettings.of(game)
    assert read.naval_dice_per_squadron == dict(game.naval_dice_per_squadron)
    assert (read.fortress_battery_dice, read.loss_of_port_penalty_stacks, read.second_tie_winner) == (5, True,
                                                                                                      "inactive")
