"""Here I Stand's reports (issue 14, H3): every event kind worded, each audience reading what its
events allow (HIS's open dice and board: H-OP-35 keeps hands hidden), the moderators' log listing
every default with its rule (H10.6), each roll's key at its own line (the proofs a reader may ask
for), order descriptions and cards.  H11.2 (interception, combat, retreat) run step by step."""

from __future__ import annotations

from functools import cache

import pytest

from bot.domain.events import Audience
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.rulesets.here_i_stand.report.present import HisPresenter
from bot.rulesets.here_i_stand.rules import events as ev
from bot.rulesets.here_i_stand.rules.piracy import piracy
from bot.rulesets.here_i_stand.rules.ruleset import HereIStandRuleset
from bot.rulesets.here_i_stand.rules.settings import HisSettings
from tests.rules.here_i_stand.chain import STEPS
from tests.rules.here_i_stand.helpers import MAP, cs, leader, scripted, sq, state
from tests.rules.here_i_stand.test_naval_move_steps import MOVE, h11_2

from .report_kit import NAMED, Played, play

SETTINGS = HisSettings()
PRESENTER = HisPresenter()


def body(report: str) -> list[str]:
    """A report's lines between its header and its seed footer."""
    lines = report.split("\n")
    return [line for line in lines[2:-2] if line]


@cache
def h11_2_steps() -> tuple[Played, ...]:
    """H11.2 as the core runs it: each step numbered (its dice keyed s<n>:), defaults where nobody answers."""
    s = h11_2()
    ran = [play(s, SETTINGS, STEPS.first(s, SETTINGS), orders=[MOVE])]
    ran.append(play(ran[-1].after, SETTINGS, ran[-1].step, number=2))  # Foul Weather: nobody (H-OP-09)
    ran.append(play(ran[-1].after, SETTINGS, ran[-1].step,
                    {"intercept:ottoman:P3:Z2": "yes", "intercept:france:Z3:Z2": "yes"},
                    dice={"intercept:ottoman:P3:Z2": "2d6: 4 4", "intercept:france:Z3:Z2": "2d6: 6 3"}, number=3))
    ran.append(play(ran[-1].after, SETTINGS, ran[-1].step, dice={"combat:Z2:hapsburg-france:attacker": "4d6: 6 2 3 1",
                                                                 "combat:Z2:hapsburg-france:defender": "2d6: 5 6"},
                    number=4))
    ran.append(play(ran[-1].after, SETTINGS, ran[-1].step, number=5))  # response cards: none (H-OP-20)
    ran.append(play(ran[-1].after, SETTINGS, ran[-1].step, number=6))  # retreat: the default (H-OP-25)
    return tuple(ran)


def reports(number: int):
    return PRESENTER.build_reports(h11_2_steps()[number - 1].input(number))


def test_every_event_kind_of_the_rules_has_a_template():
    # the plug-in's kinds: one impulse's (events.py) and the sequencing's (sequence_events.py)
    assert set(HereIStandRuleset().event_kinds()) == PRESENTER.template_kinds()


def test_H11_2_the_public_report_of_each_step_in_players_words():
    assert body(reports(1).public) == [
        "Hapsburgs: a naval move for 1 CP (0 CP left in the impulse).",
        "Hapsburgs: naval move from Gulf of Lyon to Tyrrhenian Sea with 2 squadrons (H2.6.2). They arrive vertical: "
        "no friendly unit was there."]
    assert body(reports(3).public) == [
        "Ottomans: interception from Algiers into Tyrrhenian Sea with 2 squadrons and 1 corsair, 2d6 [4, 4] = 8, "
        "9 needed — failed (H2.6.4.6).   (key s3:intercept:ottoman:P3:Z2)",
        "France: interception from Barbary Coast into Tyrrhenian Sea with 1 squadron, 2d6 [6, 3] = 9, 9 needed — "
        "success: the stack enters Tyrrhenian Sea, vertical (H2.6.4.6).   (key s3:intercept:france:Z3:Z2)",
        "The vertical units turn back to normal orientation: 3 squadrons (H2.6.6)."]
    assert body(reports(4).public) == [
        "⚔ Naval combat in Tyrrhenian Sea: Hapsburgs against France (H3.3).",
        "  Hapsburgs: 4 dice [6, 2, 3, 1], 1 hit   (key s4:combat:Z2:hapsburg-france:attacker)",
        "  France: 2 dice [5, 6], 2 hits   (key s4:combat:Z2:hapsburg-france:defender)"]
    assert body(reports(6).public) == [
        "Naval combat in Tyrrhenian Sea won by France against Hapsburgs: hits 1–2 (H3.3.7).",
        "Hapsburgs: 1 squadron lost, to the Turn Track (turn 2) (H3.3.10).",
        "Hapsburgs: retreat from Tyrrhenian Sea to Gulf of Lyon with 1 squadron (H3.3.9)."]


def test_open_dice_every_reader_is_shown_every_roll_of_the_step_by_its_recorded_key():
    """HIS's rolls are public (rules/events.py): the public report shows each key as the store recorded
    it (a later step's keys carry s<n>:, bot/services/step_model.StepDice), so /dice verify can prove it."""
    keys = {"s4:combat:Z2:hapsburg-france:attacker", "s4:combat:Z2:hapsburg-france:defender"}
    assert {r.key for r in h11_2_steps()[3].rolls} == keys
    four = reports(4)
    assert PRESENTER.shown_roll_keys(four.public) == keys
    assert PRESENTER.shown_roll_keys(four.factions["england"]) == keys
    assert PRESENTER.shown_roll_keys(reports(2).public) == set()


def test_H10_6_a_default_reaches_its_power_and_the_moderators_not_the_public():
    """H-OP-09: Foul Weather unanswered is "no"; who did not play it could tell a hand (H-OP-35)."""
    two = reports(2)
    assert body(two.public) == ["Nothing happened at sea."]
    assert body(two.factions["france"]) == ["Default applied (H-OP-09): Foul Weather by France → no."]
    assert "France" not in two.factions["england"].split("\n", 1)[1]
    assert [line for line in body(two.moderators) if line.startswith("Default applied")] == [
        f"Default applied (H-OP-09): Foul Weather by {p} → no."
        for p in ("Ottomans", "England", "France", "Papacy", "Protestants")]


def test_the_moderators_log_says_every_default_with_its_rule_and_the_dice():
    four, six = reports(4).moderators.split("\n"), reports(6).moderators.split("\n")
    assert four[2] == ("Default applied (H-OP-19): the combat cards' extra dice → Extra dice of Hapsburgs "
                       "(attacker): 0, Extra dice of France (defender): 0.")  # each side named by its power
    assert six[2] == "Default applied (H-OP-25): the retreat of Hapsburgs → Gulf of Lyon."
    assert four[four.index("Dice log:") + 1:four.index("Dice log:") + 3] == [
        "  s4:combat:Z2:hapsburg-france:attacker: 4d6 [6, 2, 3, 1] = 12",
        "  s4:combat:Z2:hapsburg-france:defender: 2d6 [5, 6] = 11"]
    assert "Default applied" not in reports(3).moderators


def test_only_major_powers_get_a_report():
    assert set(reports(1).factions) == {"ottoman", "hapsburg", "england", "france", "papacy", "protestant"}


def test_the_active_power_reads_its_cp_left():
    assert "CP left in your impulse: 0." in reports(1).factions["hapsburg"]
    assert "CP left in your impulse" not in reports(1).factions["france"]


def test_H5_2_5_b_a_hand_size_change_is_told_to_its_power_only():
    """The card drawn (H-OP-35: the moderators draw it): the target's hand and the Ottomans' change;
    the public report says a card was drawn, never which."""
    s = state(leader("dragut", "ottoman", "Z9", piracy=2), cs("c1", "Z9"), active="ottoman", cp=2,
              ports={"P9a": "england"}, power_extra={"england": {"hand_size": 3}})
    dice = scripted({"piracy:Z9:pirates": "3d6: 6 1 1"})
    after, events = piracy(s, MAP, SETTINGS, "Z9", "england", dice, ["card"])
    built = PRESENTER.build_reports(Played(s, after, events, list(dice.log), None).input(1))
    assert body(built.public)[-1] == "  Hit 1: the Ottomans draw a random card from the hand of England (H5.2.5)."
    assert "Your hand: 2 cards (was 3)." in built.factions["england"]
    assert "Your hand: 1 card (was 0)." in built.factions["ottoman"]
    assert "Your hand" not in built.public + built.factions["france"]
    assert PRESENTER.shown_roll_keys(built.public) == {"piracy:Z9:pirates"}


def test_an_action_not_carried_out_is_told_to_its_power_in_its_words():
    s = h11_2()
    event = ev.ActionNotCarried(audience=Audience.of("hapsburg"), power="hapsburg", action="naval_move",
                                reason="a naval move costs 1 CP; none is left this impulse", rule="H2.1.1")
    built = PRESENTER.build_reports(Played(s, s, [event], [], None).input(1))
    assert body(built.factions["hapsburg"])[0] == ("Hapsburgs: a naval move could not be carried out: a naval move "
                                                   "costs 1 CP; none is left this impulse (H2.1.1). Give another "
                                                   "action or pass.")
    assert body(built.public) == ["Nothing happened at sea."]


def test_a_name_cannot_forge_a_roll_key():
    s = h11_2()
    forged = s.with_power(s.powers["france"].model_copy(update={"name": "France   (key forged)"}))
    event = ev.Built(audience=ev.public(), power="france", unit="f9", type="squadron", port="P1")
    lost = ev.UnitsLost(audience=ev.public(), power="france", units=(), leaders=(), to="pool", rule="H5.2.3")
    built = PRESENTER.build_reports(Played(forged, forged, [event, lost], [], None).input(1))
    assert PRESENTER.shown_roll_keys(built.public) == set()


def sample_events() -> list:
    """One event of every kind (values as the rules emit them)."""
    p = ev.public()
    return [
        ev.CpSpent(audience=p, power="ottoman", action="initiate_piracy", cp=2, remaining=0),
        ev.NavalMoved(audience=p, power="hapsburg", units=("h1",), leaders=("doria",), origin="Z1", destination="Z2",
                      vertical=False),
        ev.MoveCancelled(audience=p, power="hapsburg", by=("france",)),
        ev.ResponsePlayed(audience=p, power="ottoman", card="janissaries"),
        ev.InterceptionRolled(audience=p, power="france", units=("f1",), origin="Z3", destination="Z2", faces=(3, 4),
                              rating=2, total=9, success=True),
        ev.InterceptionSkipped(audience=p, power="ottoman", destination="Z2", by="france"),
        ev.InterceptionSkipped(audience=p, power="ottoman", destination="Z3", by="ottoman", origin="Z2",
                               already_in="Z1"),
        ev.AvoidRolled(audience=p, power="france", units=("f1",), zone="Z2", destination="Z3", faces=(1, 2), rating=0,
                       total=3, success=False),
        ev.Rotated(audience=p, units=("h1", "f1")),
        ev.CombatRolled(audience=p, space="P3", in_port=True, attacker="hapsburg", defender="ottoman",
                        attacker_dice=2, defender_dice=3, attacker_faces=(5, 1), defender_faces=(2, 2, 6),
                        attacker_hits=1, defender_hits=1),
        ev.ExtraCombatDice(audience=p, space="P3", power="ottoman", faces=(5, 5), hits=2),
        ev.CombatDecided(audience=p, space="P3", winner="ottoman", loser="hapsburg", attacker_hits=1,
                         defender_hits=1, tie=True),
        ev.UnitsLost(audience=p, power="hapsburg", units=("h1",), leaders=("doria",), to="turn_track:2",
                     rule="H3.3.10"),
        ev.UnitKept(audience=p, power="ottoman", unit="c1", rule="H3.3.8.4"),
        ev.Retreated(audience=p, power="hapsburg", units=("h2",), leaders=(), origin="P3", destination="Z2"),
        ev.FightCancelled(audience=p, space="P3", attacker="hapsburg", defender="france"),
        ev.AntiPiracyRolled(audience=p, zone="Z9", target="hapsburg", squadrons_in_zone=0, squadrons_adjacent=1,
                            fortresses=1, faces=(5, 3), hits=1),
        ev.PiracyRolled(audience=p, zone="Z9", target="hapsburg", base=1, bonus=1, faces=(6, 5), hits=2),
        ev.PiracyReward(audience=p, zone="Z9", target="hapsburg", hit=1, reward="squadron", unit="h1"),
        ev.Built(audience=p, power="ottoman", unit="c9", type="corsair", port="P3"),
        ev.ReturnedToPool(audience=p, units=("h1",)),
        ev.Transported(audience=p, power="hapsburg", formation="army", path=("P1", "Z1", "Z2", "P3"), cp=3),
        ev.AnswerApplied(audience=p, question="intercept:france:Z3:Z2", value="part:1:0", source="standing",
                         rule="H-OP-13"),
        ev.AnswerApplied(audience=p, question="intercept:france:Z3:Z2", value="part:1:0:leaders", source="answer",
                         rule="H-OP-13"),
        ev.LandingLost(audience=p, power="hapsburg", formation="army", port="P3", land_units=4,
                       leaders_captured=("Charles V",)),
        ev.ActionNotCarried(audience=Audience.of("hapsburg"), power="hapsburg", action="naval_transport",
                            reason="you have no formation {formation}", values={"formation": "army"},
                            rule="H4.2.1"),
    ]


def test_the_samples_cover_every_event_kind():
    assert {e.kind for e in sample_events()} == set(ev.event_kinds())


@pytest.mark.parametrize("language", ["en", "ru", "zh-TW", "ja"])
def test_every_template_words_its_event_in_every_language(language):
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "P3"), sq("f1", "france", "Z3"), cs("c1", "P3"),
              leader("doria", "hapsburg", "Z1", battle=1), wars=[("hapsburg", "ottoman")])
    data = Played(s, s, sample_events(), [], None).input(1, language=language)
    log = PRESENTER.build_reports(data).moderators
    assert all(f"{{{name}}}" not in log for name in ("power", "units", "space", "zone", "question"))
    assert len(body(log)) >= len(sample_events())
    if language == "en":
        assert "Standing order applied (H-OP-13): interception by France from Barbary Coast into Tyrrhenian Sea → " \
               "only 1 squadron." in log  # H2.6.4.2 part of a stack, in the catalogue's plurals
        assert "only 1 squadron, with the leaders." in log  # [ZH:L17]
        assert "Ottomans: no interception from Tyrrhenian Sea into Barbary Coast, those units already intercepted " \
               "into Gulf of Lyon (H2.6.4)." in log
        assert "Hapsburgs: 1 squadron; naval leaders Doria lost, to the Turn Track (turn 2) (H3.3.10)." in log
        assert "Hapsburgs: naval move from Gulf of Lyon to Tyrrhenian Sea with 1 squadron and Doria (H2.6.2)." in log
        assert "  Piracy roll: 1 die + 1 for the naval leaders [6, 5], 2 hits (H5.2.4)." in log


def test_describe_order_says_each_action_in_players_words():
    s = state(sq("h1", "hapsburg", "Z1"), sq("h2", "hapsburg", "Z1"), leader("doria", "hapsburg", "Z1"))
    say = lambda order: PRESENTER.describe_order(order, s, NAMED)  # noqa: E731
    assert say({"kind": "naval_move", "groups": [{"units": ["h1", "h2"], "leaders": ["doria"], "to": "Z2"}],
                "combat_order": [{"space": "Z2"}]}) == (
        "naval move: 2 squadrons with Doria to Tyrrhenian Sea; combats first at Tyrrhenian Sea.")
    assert say({"kind": "initiate_piracy", "zone": "Z9", "target": "hapsburg"}) == \
        "piracy in Ionian Sea against Hapsburgs."
    assert say({"kind": "build_corsair", "port": "P3"}) == "build a corsair in Algiers."
    assert say({"kind": "naval_transport", "formation": "x", "path": ["P1", "Z1", "P3"]}) == (
        "naval transport of x: Barcelona → Gulf of Lyon → Algiers.")


def test_cards_sum_up_the_combats_the_audience_may_read():
    data = h11_2_steps()[5].input(6)
    [card] = PRESENTER.cards(data, PUBLIC)
    assert (card.title, [(f.name, f.value) for f in card.fields]) == (
        "Turn 1: naval combats", [("Tyrrhenian Sea", "France won, hits 1–2")])
    assert [c.title for c in PRESENTER.cards(data, MODERATORS)] == ["Turn 1: naval combats"]
    [quiet] = PRESENTER.cards(h11_2_steps()[1].input(2), PUBLIC)
    assert quiet.description == "Nothing happened at sea."
    [own] = PRESENTER.cards(h11_2_steps()[1].input(2), Viewer.of("england"))
    assert own.description == "Default applied (H-OP-09): Foul Weather by England → no."


def test_the_reports_read_in_the_seeds_own_terms():
    """zh-TW from seed 000 (海軍艦隊 squadron, 海盜船 corsair, 攔截, 回合表), ru from seed 002 (эскадра,
    корсар, «удар», шкала ходов): the readers' language of each report (ReportInput.language_for)."""
    three = h11_2_steps()[2].input(3, language="zh-TW", faction_languages={"france": "ru", "ottoman": "ja"})
    built = PRESENTER.build_reports(three)
    assert body(built.public)[1] == (
        "France：以1 個海軍艦隊從Barbary Coast攔截進入Tyrrhenian Sea，2d6 [6, 3] = 9，需 9 — "
        "成功：該集群垂直放置進入Tyrrhenian Sea（H2.6.4.6）。   (key s3:intercept:france:Z3:Z2)")
    assert body(built.factions["france"])[0] == (
        "Ottomans: перехват из Algiers в Tyrrhenian Sea: 2 эскадры и 1 корсар, 2d6 [4, 4] = 8, нужно 9 — неудача "
        "(H2.6.4.6).   (key s3:intercept:ottoman:P3:Z2)")
    assert "迎撃" in built.factions["ottoman"]
    six = PRESENTER.build_reports(h11_2_steps()[5].input(6, language="ru"))
    assert body(six.public)[1] == "Hapsburgs: потери — 1 эскадра → шкала ходов (ход 2) (H3.3.10)."
    # every reader is shown the same roll keys whatever its language
    assert PRESENTER.shown_roll_keys(built.factions["france"]) == PRESENTER.shown_roll_keys(built.public)


def test_the_map_is_drawn_per_audience_on_the_real_board():
    """render() draws the board through H1's overlay for the reader, in the reader's language."""
    import asyncio

    from bot.mapfiles import load_shipped_map
    board = load_shipped_map("here-i-stand")
    s = state(sq("h1", "hapsburg", "tyrrhenian_sea"), sq("o1", "ottoman", "algiers"), wars=[("hapsburg", "ottoman")],
              ports={"algiers": "ottoman", "barcelona": "hapsburg"})
    moved = ev.NavalMoved(audience=ev.public(), power="hapsburg", units=("h1",), origin="gulf_of_lyon",
                          destination="tyrrhenian_sea", vertical=True)
    data = Played(s, s, [moved], [], None).input(1)
    data.gamemap = board
    png = asyncio.run(PRESENTER.render(data, Viewer.of("ottoman")))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_describe_order_reads_the_plug_ins_order_models_in_the_readers_language():
    from bot.rulesets.here_i_stand.rules.orders import parse_order
    s = state(sq("h1", "hapsburg", "Z1"))
    move = parse_order({"kind": "naval_move", "groups": [{"units": ["h1"], "to": "Z2"}]})
    assert PRESENTER.describe_order(move, s, NAMED) == "naval move: 1 squadron to Tyrrhenian Sea."
    assert PRESENTER.describe_order(move, s, NAMED, "zh-TW") == "海軍移動：1 個海軍艦隊前往Tyrrhenian Sea。"
    assert PRESENTER.describe_order(parse_order({"kind": "pass"}), s, NAMED, "ru") == "пас."


def test_H_OP_26_a_leaders_re_entry_default_is_worded_by_the_leader_and_port():
    s = state(leader("doria", "hapsburg", "turn_track:2"), ports={"P1": "hapsburg"})
    applied = ev.AnswerApplied(audience=Audience.of("hapsburg"), question="reenter:doria", value="P1",
                               source="default", rule="H-OP-26")
    built = PRESENTER.build_reports(Played(s, s, [applied], [], None).input(1))
    assert body(built.factions["hapsburg"])[0] == "Default applied (H-OP-26): where Doria re-enters → Barcelona."
    assert "Default applied (H-OP-26): where Doria re-enters → Barcelona." in built.moderators


def test_the_impulse_sequencing_reads_without_a_verb_on_a_plural_power_name():
    from bot.rulesets.here_i_stand.rules import sequence_events as seq
    s = h11_2()
    said = [seq.ImpulsePassed(audience=ev.public(), power="hapsburg", impulse=3),
            seq.ImpulseOpened(audience=ev.public(), power="ottoman", impulse=4, cp=2)]
    built = PRESENTER.build_reports(Played(s, s, said, [], None).input(1))
    assert body(built.public) == ["Hapsburgs: pass — impulse 3 ends with no naval action.",
                                  "Impulse 4 — Ottomans, with 2 CP."]


def test_H3_3_6_a_response_cards_extra_dice_show_their_key_and_the_janissaries():
    """The extra dice's key names the combat and the side, the event only the power: the report finds
    the recorded roll of that side and shows its key (s<n>: of a later step)."""
    from tests.rules.here_i_stand.test_action_steps import QUIET
    s = state(sq("h1", "hapsburg", "Z1"), sq("o1", "ottoman", "Z2"), wars=[("hapsburg", "ottoman")], standing=QUIET)
    ran = play(s, SETTINGS, STEPS.first(s, SETTINGS),
               orders=[("hapsburg", {"kind": "naval_move", "groups": [{"units": ["h1"], "to": "Z2"}]})])
    for number in (2, 3):  # foul weather: standing never; avoid: the Ottomans stay (H-OP-15)
        ran = play(ran.after, SETTINGS, ran.step, number=number)
    ran = play(ran.after, SETTINGS, ran.step, {"combat_cards": {"attacker_dice": 1, "defender_dice": 0}},
               dice={"combat:Z2:hapsburg-ottoman:attacker": "3d6: 1 1 1",
                     "combat:Z2:hapsburg-ottoman:defender": "2d6: 1 1"}, number=4)
    ran = play(ran.after, SETTINGS, ran.step, {"response_cards": {"defender_dice": 2, "janissaries": 1}},
               dice={"combat:Z2:hapsburg-ottoman:defender:extra": "2d6: 5 6"}, number=5)
    built = PRESENTER.build_reports(ran.input(5))
    assert body(built.public)[:2] == [
        "  Ottomans: a response card's extra 2 dice at Tyrrhenian Sea: [5, 6], 2 hits (H3.3.6).   "
        "(key s5:combat:Z2:hapsburg-ottoman:defender:extra)",
        "Ottomans: Janissaries is played."]
    assert PRESENTER.shown_roll_keys(built.public) == {"s5:combat:Z2:hapsburg-ottoman:defender:extra"}


def test_the_header_names_the_impulse_the_step_played_not_the_next_one():
    from bot.rulesets.here_i_stand.rules import sequence_events as seq
    from bot.rulesets.here_i_stand.rules.model import Impulse
    before = h11_2().model_copy(update={"impulse": Impulse(number=3, active_power="hapsburg", cp_remaining=1)})
    after = before.model_copy(update={"impulse": Impulse(number=4, active_power="ottoman", cp_remaining=2)})
    said = [seq.ImpulsePassed(audience=ev.public(), power="hapsburg", impulse=3)]
    built = PRESENTER.build_reports(Played(before, after, said, [], None).input(1))
    assert built.public.split("\n")[0] == "⚓ Test — turn 1, impulse 3 (Hapsburgs) — public report"
    assert "CP left in your impulse: 2." in built.factions["ottoman"]  # the power whose impulse is next
