"""The moderators' combat form (E-OP-13): the bot rolls and shows the dice and the 5s, the moderators enter
each side's result and losses and, in open sea, the winner; in a port the totals decide (E10.3)."""

import pytest

from bot.engine.dice import ScriptedDice
from bot.rulesets.empires_in_arms.rules.combat import (
    Battery,
    Battle,
    BattleKind,
    BattleSide,
    CombatError,
    CombatSettings,
    CombatSquadron,
    ModeratorEnteredCombat,
    Placement,
    RoundResult,
    advance,
    enter_round,
    nearest_port_question,
    nearest_ports,
    open_battle,
    read_form,
    round_question,
)

SETTINGS = CombatSettings()
NAMES = {"britain": "Great Britain", "france": "France", "p": "Toulon", "z": "Gulf of Lion"}


def sq(sid, name, nation):
    return CombatSquadron(id=sid, name=name, nation=nation, nationality=nation)


def awaiting(kind=BattleKind.INTERCEPTION, script=None):
    british = BattleSide(nations=("britain",),
                         squadrons=(sq("b1", "Victory", "britain"), sq("b2", "Temeraire", "britain")))
    french = BattleSide(nations=("france",), squadrons=(sq("f1", "Bucentaure", "france"),))
    battery = Battery(place="p", owner="france", fortress=True, dice=4) if kind == BattleKind.PORT else None
    fight = Battle(impulse="3", kind=kind, place="p" if battery else "z", zone="z", active=british, inactive=french,
                   battery=battery, names=NAMES)
    state, _ = open_battle(fight)
    dice = ScriptedDice(script or {"eia:3:battle:z:r1:active": "6d6: 5 1 2 3 4 6",
                                   "eia:3:battle:z:r1:inactive": "2d6: 5 5"})
    state, _ = advance(state, ModeratorEnteredCombat(), dice, SETTINGS)
    dice.assert_all_used()
    return state


def test_open_sea_form_shows_dice_and_fives_and_asks_the_winner():
    question = round_question(awaiting())
    assert question.faction is None and question.default is None and question.default_rule == "E-OP-13"
    assert [f.id for f in question.form] == ["active_result", "inactive_result", "active_losses", "inactive_losses",
                                             "winner"]
    values = question.text.values
    assert (values["active_dice"], values["inactive_dice"]) == ("5 1 2 3 4 6", "5 5")
    assert (values["fives_to_active"], values["fives_to_inactive"]) == (2, 1)
    assert (values["place"], values["active"], values["inactive"]) == ("Gulf of Lion", "Great Britain", "France")
    assert len(question.form) <= 5  # a Discord form's limit


def test_port_forms_ask_the_battery_not_the_winner():
    state = awaiting(BattleKind.PORT, {"eia:3:battery:p:r0": "4d6: 5 2 3 6"})
    assert [f.id for f in round_question(state).form] == ["battery_result", "active_losses"]
    assert round_question(state).text.values["fives_to_active"] == 1
    state, _ = enter_round(state, read_form(state, {"battery_result": 1, "active_losses": "temeraire"}), SETTINGS)
    dice = ScriptedDice({"eia:3:battle:p:r1:active": "2d6: 1 2", "eia:3:battle:p:r1:inactive": "2d6: 3 4",
                         "eia:3:battery:p:r1": "4d6: 1 1 1 1"})
    state, _ = advance(state, ModeratorEnteredCombat(), dice, SETTINGS)
    dice.assert_all_used()  # Victory alone: 3 dice − 1 five
    assert [f.id for f in round_question(state).form] == ["active_result", "inactive_result", "battery_result",
                                                          "active_losses", "inactive_losses"]


def test_read_form_names_by_name_or_id_any_case():
    state = awaiting()
    result = read_form(state, {"active_result": "2", "inactive_result": 1, "active_losses": "VICTORY, b2",
                               "inactive_losses": "none", "winner": 2})
    assert result == RoundResult(active_result=2, inactive_result=1, active_losses=("b1", "b2"), winner="inactive")


def test_read_form_refuses_a_stranger_by_listing_the_sides_names():
    state = awaiting()
    with pytest.raises(CombatError) as refused:
        read_form(state, {"active_result": 0, "inactive_result": 0, "active_losses": "Bucentaure", "winner": 0})
    assert "Victory, Temeraire" in str(refused.value) and "Great Britain" in str(refused.value)
    with pytest.raises(CombatError, match="twice"):
        read_form(state, {"active_result": 0, "inactive_result": 0, "active_losses": "b1, Victory", "winner": 0})
    with pytest.raises(CombatError, match="1 for Great Britain, 2 for France, or 0"):
        read_form(state, {"active_result": 0, "inactive_result": 0, "winner": 3})
    assert state.awaiting is not None and state.rounds == ()  # nothing changed


def test_a_refused_entry_asks_the_same_round_again_saying_why():
    state = awaiting()
    with pytest.raises(CombatError) as refused:
        read_form(state, {"active_result": 0, "inactive_result": 0, "active_losses": "Bucentaure", "winner": 0})
    refused = refused.value
    again = round_question(state, str(refused))
    assert again.id == round_question(state).id == "combat_r1"
    assert again.text.english().endswith("Your last entry was refused: " + str(refused))
    assert "Gulf of Lion" in again.text.english() and again.form == round_question(state).form
    with pytest.raises(CombatError, match="Result of Great Britain is 'x'"):
        read_form(state, {"active_result": "x", "inactive_result": 0, "winner": 0})


def test_E9_2_nearest_friendly_ports_and_the_losers_choice():
    dist = {"a": 2, "b": 1, "c": 1, "d": None}
    assert nearest_ports("z", ["a", "b", "c", "d"], lambda z, p: dist[p]) == ("b", "c")
    question = nearest_port_question("nearest_port", "france", ("b", "c"), {"b": "Brest", "c": "Cadiz"})
    assert (question.faction, question.default, question.default_rule) == ("france", "b", "E-OP-18")
    assert [c.label.english() for c in question.choices] == ["Port Brest", "Port Cadiz"]
    assert nearest_port_question("nearest_port", "france", ("b",), {}) is None
    assert nearest_ports("z", ["d"], lambda z, p: dist[p]) == ()  # none: the moderators place it


def test_E9_4_the_attacked_port_is_never_the_retreat():
    placement = Placement(side="active", how="other_port", excluded_port="p")
    assert nearest_ports("z", ["p", "q", "r"], lambda z, p: {"p": 1, "q": 2, "r": 3}[p], placement) == ("q",)


def test_settings_read_from_the_games_settings_by_name():
    class Game:  # a game's settings object (E2's EiaSettings) as combat reads it, by attribute names
        naval_dice_per_squadron = {"britain": 3, "austria": 1}
        second_tie_winner = "attacker"
        fortress_battery_dice = 5
        prompt_hours = 24  # not combat's
    read = CombatSettings.of(Game())
    assert (read.naval_dice_per_squadron, read.second_tie_winner, read.fortress_battery_dice) == (
        {"britain": 3, "austria": 1}, "active", 5)
    assert CombatSettings.of(object()) == CombatSettings()
