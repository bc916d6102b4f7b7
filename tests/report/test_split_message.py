"""Discord messages hold 2,000 characters: reports are split at line boundaries,
and a line longer than a message at its last separator that fits."""

from __future__ import annotations

from bot.report import split_message


def test_lines_are_never_split_when_each_fits():
    lines = [f"Line {n}: " + "x" * (n % 7) for n in range(40)]
    chunks = split_message("\n".join(lines), limit=60)
    assert all(len(c) <= 60 for c in chunks)
    assert [line for c in chunks for line in c.split("\n")] == lines
    # greedy: each message holds as many whole lines as fit
    assert all(len(c) + 1 + len(after.split("\n")[0]) > 60 for c, after in zip(chunks, chunks[1:]))


def test_an_over_long_line_breaks_after_its_last_semicolon_that_fits():
    line = "Cut: Mitajiri–Mitsu; Mitsu–Kusatsu; Mitsu–Tomo; Muya–Sakai"
    assert split_message(f"Head\n{line}\nTail", limit=40) == [
        "Head", "Cut: Mitajiri–Mitsu; Mitsu–Kusatsu;", "Mitsu–Tomo; Muya–Sakai\nTail"]


def test_without_semicolons_it_breaks_after_a_comma_or_a_space():
    assert split_message("Kōno, Miyoshi, Mōri, Ōtomo", limit=15) == ["Kōno, Miyoshi,", "Mōri, Ōtomo"]
    assert split_message("one two three four", limit=9) == ["one two", "three", "four"]


def test_a_word_longer_than_a_message_is_cut_as_a_last_resort():
    assert split_message("x" * 25, limit=10) == ["x" * 10, "x" * 10, "x" * 5]


def test_nothing_to_say_is_no_message():
    assert split_message("") == []
