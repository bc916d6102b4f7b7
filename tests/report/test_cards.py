"""Summary cards and the message plan of a posted report (issue 17: reports that read well in
Discord — embeds per battle and per clan, the detail behind them, no fragment of a message, dice
keys out of the text but still one click away)."""

from __future__ import annotations

import re

import discord
import pytest

from bot.demo import demo_turn_input
from bot.report import build_reports
from bot.report.cards import Card, CardField, batches, fitted, without_dice_keys
from bot.report.messages import post_texts, split_evenly
from bot.rulesets.sengoku.report.cards import cards_for
from cogs.embeds import embed_of


@pytest.fixture(scope="module")
def turn():
    data = demo_turn_input("seto-demo")
    return data, build_reports("sengoku", data)


def test_public_cards_sum_up_each_battle_the_public_saw(turn):
    data, _ = turn
    cards = cards_for(data, None)
    assert [c.title for c in cards] == [
        "⚔️ Battle off Suō", "⚔️ Battle off Suō", "⚔️ Battle off Iyo", "⚔️ Battle off Iyo",
        "⚔️ Battle off Iyo", "⚔️ Battle off Nagato for the port of Akamagaseki", "⚔️ Battle off Iyo"]
    first = cards[0]
    assert first.colour == data.before.clans["otomo"].colour  # the winner's colour
    assert [(f.name, f.value) for f in first.fields] == [
        ("Mōri", "Kobayakawa-1"), ("Ōtomo", "Tahara-2, Wakabayashi-1"),
        ("Outcome", "Ōtomo won after 3 rounds"),
        ("Losses", "Kobayakawa Takakage: killed\nKobayakawa-1: destroyed")]
    assert cards[1].colour == "#7f8c8d"  # no winner: grey
    assert cards[1].fields[2].value == "no winner after 3 rounds"


def test_a_clan_card_says_how_its_own_units_came_out(turn):
    data, _ = turn
    card = cards_for(data, "mori")[0]
    assert card.title == "Mōri — turn 3"
    assert card.colour == data.before.clans["mori"].colour
    assert card.description == "Fought 3 battles this turn."
    values = {f.name: f.value for f in card.fields}
    assert values["Lost or scattered"] == ("Kobayakawa-1: destroyed\nKurushima-maru: captured by Ōtomo\n"
                                           "Kodama-2: destroyed")
    assert values["Captured"] == "Tahara-2, Moji Guard"
    assert values["Damaged squadrons"] == "Akamagaseki Guard (2)"


def _card_text(cards: list[Card]) -> str:
    return "\n".join("\n".join([c.title, c.description, *(f"{f.name}\n{f.value}" for f in c.fields)])
                     for c in cards)


@pytest.mark.parametrize("clan", [None, "mori", "otomo", "kono", "miyoshi"])
def test_a_card_names_nothing_its_audience_report_does_not(turn, clan):
    """The cards are a summary of the audience's report, never a second source: every unit,
    character and clan name on them is in that audience's report text (S12.6, R19, OP-26)."""
    data, reports = turn
    text = reports.public if clan is None else reports.factions[clan]
    names = {u.name for s in (data.before, data.after) for table in (s.squadrons, s.fleets)
             for u in table.values()}
    names |= {c.name for c in data.before.characters.values()} | {c.name for c in data.before.clans.values()}
    names |= {f"heavy detachment {h}" for h in data.before.heavy}
    on_cards = _card_text(cards_for(data, clan))
    for name in names:
        if name in on_cards:
            assert name in text, f"{name!r} is on {clan or 'the public'}'s cards but not in its report"


def test_public_cards_carry_no_hidden_detail(turn):
    data, _ = turn
    text = _card_text(cards_for(data, None))
    assert "heavy detachment" not in text and "stake" not in text and "XP" not in text


def test_dice_keys_leave_the_text_and_stay_in_the_full_report(turn):
    data, reports = turn
    text = reports.factions["mori"]
    assert "(key battle:" in text
    texts = post_texts(text)  # what the channel reads; the poster attaches the full text to the last
    read = "\n".join(texts)
    assert "(key " not in read and all(len(t) <= 2000 for t in texts)
    assert "Kobayakawa-1 lost at high stake: loss d6 [6] → heavy losses, damage 4" in read
    assert texts[0].startswith("⚓ Seto 1560 — turn 3 (spring–summer) — Mōri, your turn")
    assert post_texts("") == ["(empty report)"]


def test_without_dice_keys_strips_only_the_key_suffix():
    assert without_dice_keys("a 2d6 [3·1] = 4 → FL   (key battle:x:r1)\n(key words) stay") == \
        "a 2d6 [3·1] = 4 → FL\n(key words) stay"


def test_a_report_is_split_evenly_between_its_top_level_lines(turn):
    _, reports = turn
    body = without_dice_keys(reports.factions["otomo"])
    chunks = split_evenly(body)
    assert len(chunks) > 2 and all(len(c) <= 2000 for c in chunks)
    # Battles are kept whole, so the messages are only roughly even; but none is a fragment.
    assert min(map(len, chunks)) >= 0.25 * max(map(len, chunks)), [len(c) for c in chunks]
    assert all(not c[:1].isspace() for c in chunks), "a message begins inside a battle"
    assert "\n".join(chunks) == body


def test_no_message_is_a_fragment():
    """A greedy split of 2,100 characters gives 2,000 + 100; an even one gives two halves."""
    text = "\n".join(f"line {i:03d} " + "x" * 90 for i in range(21))
    chunks = split_evenly(text)
    assert len(chunks) == 2 and abs(len(chunks[0]) - len(chunks[1])) < 200


def test_cards_are_fitted_to_embed_limits():
    card = fitted(Card("t" * 300, fields=tuple(CardField(f"f{i}", "v" * 2000) for i in range(30))))
    assert len(card.title) == 256 and card.title.endswith("…")
    assert len(card.fields) == 25 and card.fields[-1].value == "6 more in the full report"
    assert all(len(f.value) <= 1024 for f in card.fields)
    many = [Card(f"c{i}", fields=(CardField("n", "v" * 900),)) for i in range(15)]
    assert [len(b) for b in batches(many)] == [6, 6, 3]  # 6,000 characters a message, not only 10 cards
    small = [Card(f"c{i}") for i in range(15)]
    assert [len(b) for b in batches(small)] == [10, 5]


def test_a_card_becomes_an_embed_and_posts_ping_nobody():
    card = Card("⚔️ Battle off Suō", "#2e86c1", fields=(CardField("Mōri", "Kobayakawa-1"),
                                                         CardField("Outcome", "x", inline=False)))
    embed = embed_of(card)
    assert embed.title == "⚔️ Battle off Suō" and embed.colour.value == 0x2E86C1
    assert [(f.name, f.value, f.inline) for f in embed.fields] == [("Mōri", "Kobayakawa-1", True),
                                                                    ("Outcome", "x", False)]
    from cogs.turn_posts import NO_MENTIONS
    assert NO_MENTIONS.everyone is False and NO_MENTIONS.roles is False and NO_MENTIONS.users is False


def test_a_port_battle_card_lists_only_the_defenders_its_report_names():
    """A port's defenders are all in the battle's BattleBegan, heavy detachments standing in for
    squadrons among them (S9.1.3); the report names only those that paired.  The public card must
    not list the one that never fought: it would count a clan's heavy detachments for everyone
    (S12.6: no heavy-detachment counts in public).  The owner's own card still lists all of its own."""
    from dataclasses import replace

    from bot.domain.events import Audience
    from bot.rulesets.sengoku.rules.model.events import BattleBegan, BattleEnded, PairSeen
    from bot.rulesets.sengoku.rules.model.events_w3 import PortAttacked

    data = demo_turn_input("seto-demo")
    everyone = Audience.everyone()
    battle = "sp1-w3-hyogo-mori-miyoshi"
    events = [PortAttacked(audience=everyone, port="hyogo", clans=["mori"], units=["mori-kodama"]),
              BattleBegan(audience=everyone, battle=battle, area="settsu", port_defence="hyogo",
                          sides={"mori": ["mori-kodama"],
                                 "miyoshi": ["miyoshi-ataki-hd1", "miyoshi-ataki-hd2", "miyoshi-hyogo"]}),
              PairSeen(audience=everyone, battle=battle, round=1, sides=[["mori-kodama"], ["miyoshi-ataki-hd1"]],
                       categories=["SL", "SL"], winner=0),
              BattleEnded(audience=everyone, battle=battle, area="settsu", rounds=1, winner="mori")]
    data = replace(data, events=events)
    report = build_reports("sengoku", data).public
    heavy = data.before.heavy_name("miyoshi-ataki-hd1", "Hyōgo")
    assert report.count(heavy) == 1
    public = {f.name: f.value for f in cards_for(data, None)[0].fields}
    assert public["Miyoshi"] == heavy
    assert public["Mōri"] == "Kodama-2"
    own = {f.name: f.value for f in cards_for(data, "miyoshi")[1].fields}
    assert own["Miyoshi"].count("heavy detachment") == 2 and "Hyōgo Guard" in own["Miyoshi"]


def test_a_clan_whose_squadron_fought_on_an_allys_side_fought_that_battle():
    """A battle's sides are keyed by their lead clans; a helper or an ally of another clan fights in
    one (S4.2.4, OP-29 b).  Its clan's card counts the battle, as its report shows it."""
    from dataclasses import replace

    from bot.domain.events import Audience
    from bot.rulesets.sengoku.rules.model.events import BattleBegan, BattleEnded

    battle = "sp1-w1-iyo-s0-mori-otomo"
    events = [BattleBegan(audience=Audience.everyone(), battle=battle, area="iyo",
                          sides={"mori": ["mori-kodama", "kono-mitsu"], "otomo": ["otomo-usuki"]}),
              BattleEnded(audience=Audience.everyone(), battle=battle, area="iyo", rounds=1, winner="mori")]
    data = replace(demo_turn_input("seto-demo"), events=events)
    assert cards_for(data, "kono")[0].description == "Fought 1 battle this turn."
    assert cards_for(data, "miyoshi")[0].description == "Fought no battle this turn."


@pytest.mark.parametrize("colour", ["crimson", "", "rgb(1,2)"])
def test_a_card_whose_colour_discord_cannot_read_is_grey(colour):
    """A clan's colour in an imported state is never checked (the map takes "crimson"): the card is
    grey rather than the post failing half-way."""
    assert embed_of(Card("⚔️ Battle off Suō", colour)).colour == discord.Colour(0x888888)


def test_the_first_message_keeps_within_ten_cards_and_6000_characters():
    from bot.report.cards import first_message_cards
    many = [Card(f"c{i}", fields=(CardField("n", "v" * 990),)) for i in range(7)]  # six fill 6,000 but for 24
    first = first_message_cards(many)
    assert sum(c.size() for c in first) <= 6000 and first[-1].title == f"… and {7 - len(first) + 1} more"
    small = [Card(f"c{i}") for i in range(15)]
    assert [c.title for c in first_message_cards(small)][-2:] == ["c8", "… and 6 more"]
    assert first_message_cards(small[:3]) == small[:3] and first_message_cards([]) == []
