"""Piracy, H5.2: the Russian seed's own example (H11.1, RU L51) reproduced exactly, the limits
(H11.7), and the settings whose flip changes an outcome (H-OP-32, H-OP-33, H-OP-34)."""

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.events import AntiPiracyRolled, PiracyReward, PiracyRolled
from bot.rulesets.here_i_stand.rules.model import POOL, PortState, turn_track
from bot.rulesets.here_i_stand.rules.piracy import anti_piracy_dice, piracy, validate_piracy
from bot.rulesets.here_i_stand.rules.settings import HisSettings, LeaderBonus

from .helpers import MAP, cs, leader, scripted, sq, state

SETTINGS = HisSettings()


def ionian(wars=(("hapsburg", "ottoman"),), **kw):
    """H11.1's state: Barbarossa, 2 corsairs and 1 squadron in the Ionian Sea; the Hapsburgs at war
    with the Ottomans, the Papacy not; a Hapsburg squadron in Messina; Malta the Knights', Corfu the Papacy's."""
    return state(leader("barbarossa", "ottoman", "Ionian Sea", piracy=1), cs("c1", "Ionian Sea"),
                 cs("c2", "Ionian Sea"), sq("o1", "ottoman", "Ionian Sea"), sq("h1", "hapsburg", "Messina"),
                 wars=list(wars), active="ottoman", cp=2,
                 ports={"Messina": "hapsburg", "Malta": "knights", "Corfu": "papacy"}, **kw)


def run(s, script, zone="Ionian Sea", target="hapsburg", rewards=None, settings=SETTINGS):
    dice = scripted(script)
    after, events = piracy(s, MAP, settings, zone, target, dice, rewards)
    dice.assert_all_used()
    return after, events


def test_H11_1_the_russian_seeds_piracy_example_exactly():
    s = ionian()
    counted = anti_piracy_dice(s, MAP, "Ionian Sea", "hapsburg")
    assert (counted.in_zone, counted.adjacent, counted.fortresses, counted.total) == (0, 1, 1, 2)  # Corfu: no die
    after, events = run(s, {"piracy:Ionian Sea:anti": "2d6: 5 3", "piracy:Ionian Sea:pirates": "2d6: 6 5"},
                        rewards=["squadron", "vp"])
    anti = next(e for e in events if isinstance(e, AntiPiracyRolled))
    assert anti.hits == 1
    pirates = next(e for e in events if isinstance(e, PiracyRolled))
    assert (pirates.base, pirates.bonus, pirates.hits) == (1, 1, 2)  # 1 corsair left + Barbarossa
    assert [(e.reward, e.unit) for e in events if isinstance(e, PiracyReward)] == [("squadron", "h1"), ("vp", None)]
    assert [u.id for u in after.units_at("Ionian Sea")] == ["c2", "o1"]
    assert after.leaders["barbarossa"].location == "Ionian Sea"
    assert after.units["c1"].location == after.units["h1"].location == turn_track(2)  # H-OP-33 default
    assert after.powers["ottoman"].piracy_vp == 1
    assert after.impulse.cp_remaining == 0 and after.piracy_markers == {"Ionian Sea": 1}


def test_H_OP_33_flipped_piracy_losses_go_straight_back_to_the_pool():
    after, _ = run(ionian(), {"piracy:Ionian Sea:anti": "2d6: 5 3", "piracy:Ionian Sea:pirates": "2d6: 6 5"},
                   rewards=["squadron", "vp"], settings=HisSettings(piracy_losses_to_turn_track=False))
    assert after.units["c1"].location == after.units["h1"].location == POOL


def z9(**kw):
    return state(leader("dragut", "ottoman", "Z9", piracy=2), cs("c1", "Z9"), cs("c2", "Z9"), cs("c3", "Z9"),
                 active="ottoman", cp=2, ports={"P9a": "england", "P9b": "england"},
                 power_extra={"ottoman": {"piracy_vp": 9}, "england": {"hand_size": 0}}, **kw)


def test_H11_7_dragut_the_vp_cap_and_an_empty_hand():
    after, events = run(z9(), {"piracy:Z9:pirates": "4d6: 5 6 1 6"}, zone="Z9", target="england")  # no anti-piracy roll
    pirates = next(e for e in events if isinstance(e, PiracyRolled))
    assert (pirates.base, pirates.bonus, pirates.hits) == (2, 2, 3)
    assert [e.reward for e in events if isinstance(e, PiracyReward)] == ["vp", "none", "none"]
    assert after.powers["ottoman"].piracy_vp == 10
    assert after.units == z9().units


def test_H_OP_32_two_leaders_sum_by_default_highest_only_when_flipped():
    s = z9().with_leaders(leader("barbarossa", "ottoman", "Z9", piracy=1))
    _, events = run(s, {"piracy:Z9:pirates": "5d6: 1 1 1 1 1"}, zone="Z9", target="england")
    assert next(e for e in events if isinstance(e, PiracyRolled)).bonus == 3
    _, events = run(s, {"piracy:Z9:pirates": "4d6: 1 1 1 1"}, zone="Z9", target="england",
                    settings=HisSettings(piracy_leader_bonus=LeaderBonus.HIGHEST_ONLY))
    assert next(e for e in events if isinstance(e, PiracyRolled)).bonus == 2


def test_H5_2_5_an_illegal_choice_falls_back_to_the_default_order_and_a_card_moves():
    s = ionian(power_extra={"hapsburg": {"hand_size": 3}, "ottoman": {"piracy_vp": 10}})
    after, events = run(s, {"piracy:Ionian Sea:anti": "2d6: 1 1", "piracy:Ionian Sea:pirates": "2d6: 6 6"},
                        rewards=["vp", "card"])  # one Hapsburg port: 1 + Barbarossa; vp capped
    assert [e.reward for e in events if isinstance(e, PiracyReward)] == ["squadron", "card"]
    assert after.powers["hapsburg"].hand_size == 2 and after.powers["ottoman"].hand_size == 1


def test_H5_2_3_every_corsair_sunk_no_piracy_roll():
    after, events = run(ionian(), {"piracy:Ionian Sea:anti": "2d6: 5 6"})
    assert not any(isinstance(e, PiracyRolled) for e in events)
    assert after.units["c1"].location == after.units["c2"].location == turn_track(2)


def test_H5_2_2_besieged_fortress_and_a_zone_squadron_of_the_target():
    s = ionian().with_units(sq("h2", "hapsburg", "Ionian Sea"))
    s = s.model_copy(update={"ports": {**s.ports, "Malta": PortState(controller="knights", besieged=True)}})
    counted = anti_piracy_dice(s, MAP, "Ionian Sea", "hapsburg")
    assert (counted.in_zone, counted.adjacent, counted.fortresses) == (1, 1, 0)


@pytest.mark.parametrize("change, rule", [
    ({"active": "hapsburg"}, "H5.1.1"),
    ({"cp": 1}, "H5.1.1"),
    ({"piracy_markers": {"Ionian Sea": 1}}, "H5.2.1.4"),
])
def test_H5_2_1_refusals(change, rule):
    s = ionian(**{k: v for k, v in change.items() if k == "piracy_markers"})
    if "active" in change or "cp" in change:
        s = s.model_copy(update={"impulse": s.impulse.model_copy(update={
            k.replace("cp", "cp_remaining").replace("active", "active_power"): v for k, v in change.items()})})
    with pytest.raises(OrderRejected) as refused:
        validate_piracy(s, MAP, "Ionian Sea", "hapsburg")
    assert refused.value.rule == rule


def test_H_OP_30_the_target_is_a_major_power_with_a_port_on_the_zone():
    for target in ("papacy", "knights", "ottoman", "france"):  # Corfu is the Papacy's: only that one is legal
        if target == "papacy":
            validate_piracy(ionian(), MAP, "Ionian Sea", target)
            continue
        with pytest.raises(OrderRejected, match="major power"):
            validate_piracy(ionian(), MAP, "Ionian Sea", target)


def test_H11_1_the_seeds_reason_for_corfu_and_an_at_war_minor_next_to_the_zone():
    # [RU:L51]: "the Papal fortress on Corfu does not take part, because the Papacy is not at war with
    # the Ottomans": at war, it would (3 dice).  [ZH:L109–L110] "(強權或次要)": a minor at war with the
    # Ottomans counts too, its squadron next to the zone 1 die (D8); [RU:L29]: only the target's own
    # squadrons in the zone give 2 dice each.
    at_war = ionian(wars=[("hapsburg", "ottoman"), ("papacy", "ottoman")])
    counted = anti_piracy_dice(at_war, MAP, "Ionian Sea", "hapsburg")
    assert (counted.in_zone, counted.adjacent, counted.fortresses, counted.total) == (0, 1, 2, 3)
    venice = ionian(wars=[("hapsburg", "ottoman"), ("venice", "ottoman")]).with_units(sq("v1", "venice", "Corfu"))
    counted = anti_piracy_dice(venice, MAP, "Ionian Sea", "hapsburg")
    assert (counted.in_zone, counted.adjacent, counted.fortresses, counted.total) == (0, 2, 1, 3)
