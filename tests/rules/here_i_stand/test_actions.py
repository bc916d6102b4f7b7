"""Action orders checked when given (H10), the mover's combat order (H2.6.7.2, H-OP-17) and the
event kinds the plug-in will register."""

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.actions import validate_action
from bot.domain.events import Event
from bot.rulesets.here_i_stand.rules import events
from bot.rulesets.here_i_stand.rules.events import CombatDecided, event_kinds
from bot.rulesets.here_i_stand.rules.records import StandingOrders
from bot.rulesets.here_i_stand.rules.settings import HisSettings

from .chain import STEPS, run
from .helpers import MAP, sq, state

SETTINGS = HisSettings()
QUICK = HisSettings(ask_combat_cards=False, ask_response_cards=False)


def test_H10_a_power_not_taking_its_impulse_learns_only_that():
    s = state(sq("h1", "hapsburg", "Z1"), sq("f1", "france", "Z3"))
    with pytest.raises(OrderRejected, match="power taking its impulse"):
        validate_action(s, MAP, SETTINGS, "france", {"kind": "naval_move", "groups": [{"units": ["f1"], "to": "Z2"}]})


@pytest.mark.parametrize("payload, message", [
    ({"kind": "sail"}, "unknown action 'sail'"),
    ({"kind": "initiate_piracy", "zone": "Z1"}, "initiate_piracy needs target"),
    ({"kind": "naval_move", "groups": [{"units": ["h1"]}]}, "groups.0.to is not right"),
    ({"kind": "naval_move", "groups": [{"units": ["h1"], "to": "Z3"}]}, "adjacent space"),
])
def test_H10_bad_action_orders_say_what_is_wrong(payload, message):
    s = state(sq("h1", "hapsburg", "Z1"))
    with pytest.raises(OrderRejected, match=message):
        validate_action(s, MAP, SETTINGS, "hapsburg", payload)


def test_H10_1_a_good_move_passes():
    s = state(sq("h1", "hapsburg", "Z1"))
    validate_action(s, MAP, SETTINGS, "hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1"], "to": "Z2"}]})


def test_H2_6_7_2_the_mover_orders_its_combats():
    quiet = {p: StandingOrders(foul_weather="never") for p in ("ottoman", "england", "france", "papacy", "protestant")}
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "Z1"), sq("f1", "france", "Z2"),
              sq("e1", "england", "Z2"), wars=[("hapsburg", "england"), ("hapsburg", "france")], standing=quiet)
    move = {"kind": "naval_move", "groups": [{"units": ["h1", "h2"], "to": "Z2"}],
            "combat_order": [{"space": "Z2", "opponent": "france"}]}
    ran = run(s, QUICK, STEPS.first(s, QUICK), orders=[("hapsburg", move)])
    ran = run(ran.state, QUICK, ran.next)  # foul weather: standing
    ran = run(ran.state, QUICK, ran.next, dice={  # avoid: both stay; France first, then England
        "combat:Z2:hapsburg-france:attacker": "4d6: 5 5 1 1", "combat:Z2:hapsburg-france:defender": "2d6: 1 1",
        "combat:Z2:hapsburg-england:attacker": "4d6: 5 5 1 1", "combat:Z2:hapsburg-england:defender": "2d6: 1 1"})
    assert [e.loser for e in ran.of(CombatDecided)] == ["france", "england"]


def test_every_event_has_a_distinct_kind():
    kinds = event_kinds()
    classes = [c for c in vars(events).values() if isinstance(c, type) and issubclass(c, Event) and c is not Event]
    assert len(kinds) == len(classes) == 24 and kinds["his_combat_decided"] is CombatDecided
    assert all(kind.startswith("his_") for kind in kinds)


def test_H10_an_unreadable_action_at_resolution_is_not_carried_and_nothing_changes():
    s = state(sq("h1", "hapsburg", "Z1"))
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[("hapsburg", {"kind": "naval_move"})])
    [refused] = ran.events
    assert (refused.reason, refused.audience.factions) == ("the order could not be read", ("hapsburg",))
    assert ran.state.units == s.units and ran.next.kind == "orders"


def test_H10_no_action_ends_the_impulse():
    s = state(sq("h1", "hapsburg", "Z1"), cp=3)
    ran = run(s, SETTINGS, STEPS.first(s, SETTINGS))
    assert ran.events == [] and ran.next is None
