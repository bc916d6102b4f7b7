"""Empires in Arms reports (E4): every event kind of the rules and of combat has a template that
names nations, squadrons and places as players call them; each audience reads what its events
allow (the board is open; a convoy's cargo and a default applied are the nation's and the
moderators'); rolls show their dice and their key; the moderators' log has every default with its
rule and the dice log."""

from __future__ import annotations

import pytest

from bot.domain.events import Audience
from bot.engine.dice import Roll
from bot.mapfiles import load_shipped_map
from bot.report import ReportInput
from bot.rulesets.empires_in_arms.report.present import EiaPresenter
from bot.rulesets.empires_in_arms.report.templates import TEMPLATES
from bot.rulesets.empires_in_arms.rules import events as ev
from bot.rulesets.empires_in_arms.rules.combat import events as combat
from bot.rulesets.empires_in_arms.rules.model import Armada, EiaState, Impulse, LandItem, Nation, Squadron
from bot.rulesets.empires_in_arms.rules.ruleset import EiaRuleset

PUBLIC = Audience.everyone()
FRANCE = Audience.of("france")


def state() -> EiaState:
    nations = {"france": Nation(id="france", name="France", at_war_with=frozenset({"britain"})),
               "britain": Nation(id="britain", name="Great Britain", at_war_with=frozenset({"france"})),
               "spain": Nation(id="spain", name="Spain", allied_with=frozenset({"france"}))}
    squadrons = {"fr1": Squadron(id="fr1", name="Escadre de Brest", nation="france", location="english_channel"),
                 "gb1": Squadron(id="gb1", name="Channel Fleet", nation="britain", location="english_channel"),
                 "gb2": Squadron(id="gb2", name="Western Squadron", nation="britain", location="english_channel")}
    land = {"fr_corps1": LandItem(id="fr_corps1", name="I Corps", nation="france", location="brest")}
    armadas = {"a1": Armada(id="a1", location="cadiz", powers=("france", "spain"))}
    return EiaState(nations=nations, squadrons=squadrons, land=land, armadas=armadas, impulse_order=("france", "britain", "spain"),
                    impulse=Impulse(number=3, active="france", ko={"france": 7}))


SAMPLES = {
    "eia_maneuvers_spent": ev.ManeuversSpent(nation="france", squadrons=("fr1",), maneuvers=1, ko=1, ko_left=6,
                                             audience=PUBLIC),
    "eia_fleet_moved": ev.FleetMoved(nation="france", squadrons=("fr1",), origin="brest", destination="english_channel",
                                     audience=PUBLIC),
    "eia_squadrons_dropped": ev.SquadronsDropped(nation="france", squadrons=("fr1",), place="brest", audience=PUBLIC),
    "eia_squadrons_picked_up": ev.SquadronsPickedUp(nation="france", squadrons=("fr1",), place="brest",
                                                    audience=PUBLIC),
    "eia_interception_rolled": ev.InterceptionRolled(
        purpose="interception", nation="britain", squadrons=("gb1", "gb2"), target=("france",),
        zone="english_channel", faces=(4, 3), modifiers={"britain": 2, "blockading": 1}, total=10, success=True,
        audience=PUBLIC),
    "eia_interception_declined": ev.InterceptionDeclined(nation="britain", zone="english_channel", audience=PUBLIC),
    "eia_automatic_interception": ev.AutomaticInterception(nation="britain", squadrons=("gb1",),
                                                           strait="gibraltar_strait", port="gibraltar",
                                                           audience=PUBLIC),
    "eia_evaded": ev.Evaded(nation="france", squadrons=("fr1",), place="english_channel", audience=PUBLIC),
    "eia_squadrons_destroyed": ev.SquadronsDestroyed(nation="france", squadrons=("fr1",), place="brest",
                                                     rule="E14.2", audience=PUBLIC),
    "eia_fleet_placed": ev.FleetPlaced(nation="france", squadrons=("fr1",), origin="english_channel",
                                       destination="brest", rule="E9.2", audience=PUBLIC),
    "eia_no_port_for_loser": ev.NoPortForLoser(nation="france", squadrons=("fr1",), place="english_channel",
                                               audience=PUBLIC),
    "eia_convoy_sailed": ev.ConvoySailed(nation="france", path=("brest", "bay_of_biscay", "rochefort"), ko=2,
                                         audience=PUBLIC),
    "eia_convoy_cargo": ev.ConvoyCargo(nation="france", items=("fr_corps1",), destination="rochefort",
                                       audience=FRANCE),
    "eia_landing": ev.LandingMade(nation="france", port="portsmouth", items=("fr_corps1",), enemy_present=True,
                                  audience=PUBLIC),
    "eia_armada_command": ev.ArmadaCommandSet(armada="a1", squadron="fr1", nation="france", rule="E3.1.2",
                                              audience=PUBLIC),
    "eia_armada_left": ev.ArmadaLeft(armada="a1", nation="spain", place="cadiz", audience=PUBLIC),
    "eia_zone_control": ev.ZoneControlChanged(zone="english_channel", nation="britain", audience=PUBLIC),
    "eia_port_lost": ev.PortLost(port="cadiz", nation="france", previous="spain", put_to_sea=("fr1",),
                                 audience=PUBLIC),
    "eia_combat_card": ev.CombatCardPlayed(nation="britain", place="english_channel", audience=PUBLIC),
    "eia_plan_not_carried": ev.PlanNotCarried(nation="france", order="move_fleet", reason="a second convoy",
                                              rule="E11.4", audience=FRANCE),
    "eia_moderators_notice": ev.ModeratorsNotice(reason="{nation} has no combat dice per squadron yet",
                                                 values={"nation": "Batavian Republic"}, rule="E-OP-15"),
    "eia_plan_stopped": ev.PlanStopped(nation="france", place="english_channel", reason="no_maneuvers",
                                       audience=PUBLIC),
    "eia_answer_applied": ev.AnswerApplied(question="evade:mover", value="no", source="default", rule="E-OP-09",
                                           audience=FRANCE),
    "eia_impulse_ended": ev.ImpulseEnded(nation="france", impulse=3, next_nation="britain", audience=PUBLIC),
    "eia_battle_began": combat.BattleBegan(battle="interception", place="english_channel", zone="english_channel",
                                           active_nations=("france",), inactive_nations=("britain",),
                                           active_squadrons=("fr1",), inactive_squadrons=("gb1", "gb2")),
    "eia_round_rolled": combat.RoundRolled(place="english_channel", round=1, active=("france",),
                                           inactive=("britain",), active_count=2, inactive_count=7,
                                           battery_count=0, active_dice=(2, 3), inactive_dice=(5, 5, 6, 1, 2, 3, 4),
                                           battery_dice=(), fives_to_active=2, fives_to_inactive=0,
                                           evasion_bonus="inactive"),
    "eia_round_decided": combat.RoundDecided(place="english_channel", round=1, active=("france",),
                                             inactive=("britain",), active_result=1, inactive_result=3,
                                             battery_result=0, active_total=1, inactive_total=3, winner="inactive",
                                             entered_by="moderators"),
    "eia_squadrons_lost": combat.SquadronsLost(place="english_channel", side="active", nations=("france",),
                                               squadrons=("fr1",), round=1),
    "eia_battle_decided": combat.BattleDecided(place="english_channel", active=("france",), inactive=("britain",),
                                               winner="inactive", rounds=1,
                                               placements={"active": "nearest_port", "inactive": "stay"}),
}
ROLLS = [Roll(key="s2:eia:3:intercept:english_channel:britain", expr="2d6", faces=(4, 3), total=7),
         Roll(key="eia:3:battle:english_channel:r1:inactive", expr="7d6", faces=(5, 5, 6, 1, 2, 3, 4), total=26)]


def data(events, rolls=ROLLS) -> ReportInput:
    before = state()
    return ReportInput(campaign_name="Trafalgar", turn=3, seed="s33d", commitment="c0mm", gamemap=board(),
                       before=before, after=before, events=list(events), rolls=list(rolls))


def board():
    return load_shipped_map("empires-in-arms")


def test_every_event_kind_of_the_rules_and_of_combat_has_a_sample_and_a_template():
    kinds = set(EiaRuleset().event_kinds()) | {cls.model_fields["kind"].default for cls in combat.EVENT_TYPES}
    assert kinds <= set(SAMPLES) and set(SAMPLES) <= set(TEMPLATES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_template_names_what_players_call_things(kind):
    reports = EiaPresenter().build_reports(data([SAMPLES[kind]]))
    text = reports.moderators
    for raw in ("fr1", "gb1", "english_channel", "fr_corps1", "france", "britain", "move_fleet"):
        assert f" {raw}" not in text and f"({raw}" not in text, (kind, text)
    assert text.split("\n")[2].strip()  # a line under the header


def test_the_interception_roll_reads_with_its_dice_modifier_and_key():
    public = EiaPresenter().build_reports(data([SAMPLES["eia_interception_rolled"]])).public
    assert ("Interception by Great Britain in English Channel against France: [4, 3] +2 Great Britain +1 blockading "
            "= 10, more than 9 needed: success (E7).   (key s2:eia:3:intercept:english_channel:britain)") in public
    assert EiaPresenter().shown_roll_keys(public) == {"s2:eia:3:intercept:english_channel:britain"}


def test_a_round_shows_each_sides_dice_and_the_fives_and_the_entered_result():
    events = [SAMPLES[k] for k in ("eia_battle_began", "eia_round_rolled", "eia_round_decided",
                                   "eia_squadrons_lost", "eia_battle_decided")]
    public = EiaPresenter().build_reports(data(events)).public
    assert "⚔ Battle in English Channel: France (Escadre de Brest) against Great Britain (Channel Fleet, Western " \
           "Squadron)." in public
    assert ("  Round 1, Great Britain: 7 dice [5, 5, 6, 1, 2, 3, 4], 2 fives against the other side (+1 die: the "
            "other side failed to evade, E6.5)   (key eia:3:battle:english_channel:r1:inactive)") in public
    assert "  Round 1, France: 2 dice [2, 3], 0 fives against the other side\n" in public
    assert "  Round 1: France 1 against Great Britain 3; Great Britain wins the round (entered by the moderators)." \
        in public
    assert "  France lost Escadre de Brest in round 1." in public
    assert ("The battle in English Channel is over after 1 round: Great Britain won. France: to the nearest "
            "friendly port (E9.2); Great Britain: stays where it is.") in public


def test_each_audience_reads_what_its_events_allow():
    reports = EiaPresenter().build_reports(data(SAMPLES.values()))
    assert "The convoy carried" not in reports.public and "default" not in reports.public  # France's alone
    assert "The convoy carried I Corps to Rochefort." in reports.factions["france"]
    assert "Answered by default at the deadline (E-OP-09): whether to evade → no." in reports.factions["france"]
    assert "I Corps to Rochefort" not in reports.factions["britain"]
    assert "KO left this impulse: 7; no convoy yet (E11.4)." in reports.factions["france"]
    log = reports.moderators
    assert "Answered by default at the deadline (E-OP-09)" in log and "Dice log:" in log
    assert "  s2:eia:3:intercept:english_channel:britain: 2d6 [4, 3] = 7" in log
    assert reports.public.startswith("⚓ Trafalgar — impulse 3 of France — public report")


def test_a_move_plan_reads_with_its_conditions():
    order = EiaRuleset().parse_order({"kind": "move_fleet", "at": "brest", "path": ["english_channel", "north_sea"],
                                      "patrols": {"north_sea": 2}, "evade": "yes", "on_win": "stop"})
    text = EiaPresenter().describe_order(order, state(), board())
    assert text == ("The fleet in Brest sails English Channel → North Sea, patrolling North Sea up to 2 times, evade "
                    "if intercepted, stop after a battle.")


def test_a_quiet_step_says_so_and_the_card_of_a_battle_names_the_winner():
    presenter = EiaPresenter()
    assert "Nothing happened at sea." in presenter.build_reports(data([])).public
    from bot.domain.viewer import PUBLIC as EVERYONE
    (card,) = presenter.cards(data([SAMPLES["eia_battle_began"], SAMPLES["eia_battle_decided"]]), EVERYONE)
    assert card.title == "Impulse 3: battles" and card.fields[0].name == "English Channel"


@pytest.mark.parametrize("language, words", [("ru", "нужно больше 9: успех (E7)."), ("zh-TW", "需大於 9：成功（E7）。"),
                                             ("ja", "9 を超える必要：成功（E7）。")])
def test_the_reports_read_in_each_language_with_the_roll_keys_intact(language, words):
    from dataclasses import replace
    reports = EiaPresenter().build_reports(replace(data([SAMPLES["eia_interception_rolled"]]), language=language))
    assert words in reports.public
    assert EiaPresenter().shown_roll_keys(reports.public) == {"s2:eia:3:intercept:english_channel:britain"}
