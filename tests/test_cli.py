"""The command line: clear errors (never a bare traceback), the dice audit,
map checks and the demo's files."""

from __future__ import annotations

from pathlib import Path

from bot.__main__ import main
from bot.engine.dice import SeededDice


def test_corrupt_database_gives_a_clear_error(tmp_path, capsys):
    db = tmp_path / "broken.db"
    db.write_bytes(b"this is not a database" * 100)
    assert main(["export", "--db", str(db), "--campaign", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot open campaign database") and "broken.db" in err
    assert "Traceback" not in err


def test_missing_database_is_named(tmp_path, capsys):
    assert main(["export", "--db", str(tmp_path / "none.db"), "--campaign", "1"]) == 2
    assert "no campaign database at" in capsys.readouterr().err


def test_dice_recomputes_a_roll_from_the_revealed_seed(capsys):
    roll = SeededDice("revealed").roll("battle:x:A:r1", "2d6")
    assert main(["dice", "--seed", "revealed", "--key", "battle:x:A:r1", "--expr", "2d6"]) == 0
    assert capsys.readouterr().out.strip() == f"battle:x:A:r1: 2d6 {list(roll.faces)} = {roll.total}"


def test_check_map_lists_every_problem(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\nname = "Bad"\n[areas.a]\nname = "A"\nkind = "province"\ncoastal = true\n'
                   'x = 0\ny = 0\ncoast = ["b"]\nland = []\n')
    assert main(["check-map", str(bad)]) == 2
    assert "bad.toml: areas.a:" in capsys.readouterr().err


def test_check_map_accepts_the_shipped_map(capsys):
    shipped = Path(__file__).resolve().parent.parent / "data" / "maps" / "seto.toml"
    assert main(["check-map", str(shipped)]) == 0
    assert "map 'seto' is valid" in capsys.readouterr().out


def test_demo_writes_reports_and_a_map(tmp_path, capsys):
    assert main(["demo", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert {"report-public.md", "moderator-log.md", "report-mori.md", "report-otomo.md", "report-kono.md",
            "report-miyoshi.md", "map.png"} <= set(names)
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    assert "Seed revealed: seto-demo-1560-turn-3" in public
    first = {n: (tmp_path / n).read_bytes() for n in names if n.endswith(".md")}
    assert main(["demo", "--out", str(tmp_path)]) == 0
    assert first == {n: (tmp_path / n).read_bytes() for n in first}
