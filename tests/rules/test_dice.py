"""Keyed dice: seeded derivation, the scripted source's strictness, and the log."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.dice import DiceError, DieExpr, ScriptedDice, SeededDice, derive_die
from bot.engine.seed import commitment, verify


@pytest.mark.parametrize("text, parsed", [
    ("d6", DieExpr(1, 6)), ("2d6", DieExpr(2, 6)), ("d6-1", DieExpr(1, 6, -1)),
    ("2d6-2", DieExpr(2, 6, -2)), ("5d6", DieExpr(5, 6)), ("d3", DieExpr(1, 3)), ("d2", DieExpr(1, 2)),
])
def test_expressions(text, parsed):
    assert DieExpr.parse(text) == parsed
    assert str(parsed) == text


@pytest.mark.parametrize("text", ["", "6", "d1", "0d6", "2d6*2", "d"])
def test_bad_expressions(text):
    with pytest.raises(DiceError, match="bad die expression"):
        DieExpr.parse(text)


def test_seeded_rolls_are_recorded_with_key_faces_total():
    dice = SeededDice("seed")
    roll = dice.roll("loss:A:r1", "d6-1")
    assert dice.log == [roll]
    assert roll.total == roll.faces[0] - 1 and 1 <= roll.faces[0] <= 6


def test_seeded_faces_cover_the_die_evenly():
    dice = SeededDice("uniformity")
    counts = Counter(dice.roll(f"k{i}", "d6").total for i in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_a_key_cannot_be_rolled_twice():
    dice = SeededDice("s")
    dice.roll("k", "d6")
    with pytest.raises(DiceError, match="rolled twice"):
        dice.roll("k", "d6")


def test_anyone_can_recompute_a_roll_from_the_revealed_seed():
    original = SeededDice("revealed").roll("battle:x:A:r1", "2d6")
    assert derive_die("revealed", "battle:x:A:r1", "2d6") == original


def test_commitment_is_sha256_of_the_seed():
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert verify("abc", commitment("abc").upper()) and not verify("abd", commitment("abc"))


def test_scripted_fails_on_unplanned_key():
    dice = ScriptedDice({"a": [3]})
    with pytest.raises(DiceError, match="unplanned roll 'b'"):
        dice.roll("b", "d6")


def test_scripted_fails_on_wrong_die():
    with pytest.raises(DiceError, match="the code rolled d6, the case planned 2d6"):
        ScriptedDice({"a": "2d6: 3 4"}).roll("a", "d6")
    with pytest.raises(DiceError, match=r"faces \[3, 4\] do not fit d6"):
        ScriptedDice({"a": [3, 4]}).roll("a", "d6")
    with pytest.raises(DiceError, match=r"faces \[7\] do not fit d6"):
        ScriptedDice({"a": 7}).roll("a", "d6")


def test_scripted_fails_on_unused_key():
    dice = ScriptedDice({"a": [3], "b": [4]})
    dice.roll("a", "d6")
    with pytest.raises(DiceError, match="planned rolls never made: b"):
        dice.assert_all_used()


@pytest.mark.parametrize("text", ["101d6", "99999999d6", "d1001"])
def test_an_expression_beyond_the_dice_a_table_could_need_is_refused(text):
    """/dice verify takes an expression from a player: a huge one would hold the bot for minutes."""
    with pytest.raises(DiceError, match=r"at most 100 dice of at most 1000 sides"):
        DieExpr.parse(text)
    assert DieExpr.parse("100d1000").count == 100


def test_the_keyed_hmac_gives_hmac_digests_bytes():
    # Issue 18: the dice hash each key's padded blocks once; the bytes must stay HMAC-SHA256's (RFC 2104),
    # for keys shorter than, as long as and longer than a block.
    import hmac

    from bot.engine.dice import KeyedHmac
    for key in (b"", b"seed", b"k" * 64, b"k" * 65, bytes(range(200))):
        mac = KeyedHmac(key)
        for message in (b"", b"battle:x:A:r1#0/0", b"m" * 300):
            assert mac.digest(message) == hmac.digest(key, message, "sha256")
