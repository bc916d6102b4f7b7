"""The command line: clear errors (never a bare traceback), the dice audit,
map checks and the demo's files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.engine.dice import SeededDice, SignedDice, load_private_key
from bot.services.dice_keys import turn_key


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


def _proofs_file(tmp_path, rolls, turn=3, seed="cli-proofs"):
    key = turn_key(seed)
    document = {"format": "fleetwright.dice-proofs/1", "turn": turn, "dice_scheme": "rsa-vrf",
                "commitment": key.fingerprint, "public_key": key.public_pem,
                "rolls": [r.model_dump(mode="json") for r in rolls]}
    path = tmp_path / "proofs.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_dice_verify_checks_a_proofs_file_offline(tmp_path, capsys):
    dice = SignedDice(load_private_key(turn_key("cli-proofs").private_pem), 3)
    rolls = [dice.roll("battle:b1:mori:r1", "2d6"), dice.roll("landing:x:storm", "d6")]
    assert main(["dice", "verify", "--proofs", str(_proofs_file(tmp_path, rolls))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("✅ public key SHA-256 ") and out[0].endswith("matches the commitment")
    assert out[1:] == [f"✅ battle:b1:mori:r1: 2d6 {list(rolls[0].faces)} = {rolls[0].total}",
                       f"✅ landing:x:storm: d6 {list(rolls[1].faces)} = {rolls[1].total}",
                       "All of 2 rolls of turn 3 check out."]


def test_dice_verify_refuses_a_tampered_face_or_proof(tmp_path, capsys):
    dice = SignedDice(load_private_key(turn_key("cli-proofs").private_pem), 3)
    good = dice.roll("battle:b1:mori:r1", "2d6")
    other = dice.roll("battle:b1:mori:r2", "2d6")
    face = 1 if good.faces[0] != 1 else 2
    cases = [good.model_copy(update={"faces": (face, good.faces[1]), "total": face + good.faces[1]}),
             good.model_copy(update={"proof": other.proof}),
             good.model_copy(update={"proof": good.proof[:-2] + ("00" if good.proof[-2:] != "00" else "01")})]
    for tampered in cases:
        assert main(["dice", "verify", "--proofs", str(_proofs_file(tmp_path, [tampered]))]) == 1
        out = capsys.readouterr().out
        assert "❌ battle:b1:mori:r1: " in out and "Not all of 1 rolls of turn 3 check out." in out
    # The right proofs under another turn's key (or turn number) do not pass either.
    assert main(["dice", "verify", "--proofs", str(_proofs_file(tmp_path, [good], turn=4))]) == 1
    assert main(["dice", "verify", "--proofs", str(_proofs_file(tmp_path, [good], seed="other"))]) == 1


def test_check_map_lists_every_problem(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('ruleset = "sengoku"\nid = "bad"\nname = "Bad"\n'
                   '[areas.a]\nname = "A"\nkind = "province"\ncoastal = true\n'
                   'x = 0\ny = 0\ncoast = ["b"]\nland = []\n')
    assert main(["check-map", str(bad)]) == 2
    assert "bad.toml: areas.a:" in capsys.readouterr().err


def test_check_map_accepts_the_shipped_map(capsys):
    from bot.mapfiles import shipped_map_path
    shipped = shipped_map_path("seto")
    assert main(["check-map", str(shipped)]) == 0
    assert "map 'seto' is valid" in capsys.readouterr().out


def test_demo_writes_reports_and_a_map(tmp_path, capsys):
    assert main(["demo", "--ruleset", "sengoku", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert {"report-public.md", "moderator-log.md", "report-mori.md", "report-otomo.md", "report-kono.md",
            "report-miyoshi.md", "map.png"} <= set(names)
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    key = turn_key("seto-demo-1560-turn-3")  # the demo's seed makes its turn's key pair
    assert f"Dice key of this turn: RSA public key with SHA-256 fingerprint {key.fingerprint}" in public
    assert "PRIVATE KEY" not in "".join((tmp_path / n).read_text(encoding="utf-8") for n in names if n.endswith(".md"))
    first = {n: (tmp_path / n).read_bytes() for n in names if n.endswith(".md")}
    assert main(["demo", "--ruleset", "sengoku", "--out", str(tmp_path)]) == 0
    assert first == {n: (tmp_path / n).read_bytes() for n in first}


def test_demo_in_a_language_words_every_report_in_it(tmp_path, capsys):
    """``demo --lang ru``: the campaign and every clan read Russian (issue 16 part C); a name stays as typed."""
    assert main(["demo", "--ruleset", "sengoku", "--out", str(tmp_path), "--lang", "ru"]) == 0
    key = turn_key("seto-demo-1560-turn-3")
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    assert public.startswith("⚓ Seto 1560 — ход 3 (весна–лето) — общий отчёт\n")
    assert f"открытый ключ RSA с отпечатком SHA-256 {key.fingerprint}" in public
    assert (tmp_path / "report-mori.md").read_text(encoding="utf-8").startswith("⚓ Seto 1560 — ход 3 (весна–лето) — Mōri, ваш ход")
    assert "Журнал бросков:" in (tmp_path / "moderator-log.md").read_text(encoding="utf-8")
    with pytest.raises(SystemExit) as refused:  # argparse names the languages there are
        main(["demo", "--out", str(tmp_path), "--lang", "xx"])
    assert refused.value.code == 2 and "invalid choice: 'xx'" in capsys.readouterr().err


def test_the_demo_is_the_rulesets_own(tmp_path, monkeypatch, capsys):
    """The demo resolves its plug-in's ``demo_scenario``, not a scenario the core names (issue 11)."""
    from dataclasses import replace

    from bot import demo
    from bot import plugins as registry
    from bot.demo import demo_scenario
    sengoku = registry.plugin("sengoku")
    assert demo_scenario("sengoku") == "seto-demo"
    assert main(["demo", "--out", str(tmp_path), "--ruleset", "chess"]) == 2
    assert capsys.readouterr().err.startswith("error: unknown ruleset 'chess'; known: ")
    found = {"other": replace(sengoku, id="other", name="Other rules", demo_scenario=None,
                                      maps_dir=None, scenarios_dir=None), "sengoku": sengoku}
    for module in (registry, demo):
        monkeypatch.setattr(module, "plugins", lambda: found)
    assert demo_scenario() == "seto-demo"  # the one ruleset with a demo
    assert main(["demo", "--out", str(tmp_path), "--ruleset", "other"]) == 2
    assert capsys.readouterr().err == "error: the Other rules ship no demo; give --scenario ID\n"
    found["other"] = replace(found["other"], demo_scenario="other-demo")
    assert main(["demo", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err == "error: name the ruleset of the demo (--ruleset ID): other, sengoku\n"


def test_dice_verify_refuses_a_malformed_proofs_file_without_a_traceback(tmp_path, capsys):
    """A proofs file that is not what /dice verify attached (a key or commitment of the wrong type, a
    turn of 1e400, brackets nested 100,000 deep) is refused in a sentence, never a traceback."""
    key = turn_key("cli-proofs")
    good = {"turn": 3, "public_key": key.public_pem, "commitment": key.fingerprint, "rolls": []}
    texts = [json.dumps(dict(good, public_key=5)), json.dumps(dict(good, public_key={"a": 1})),
             json.dumps(dict(good, commitment=5)), json.dumps(good).replace('"turn": 3', '"turn": 1e400'),
             "[" * 100_000 + "]" * 100_000]
    for text in texts:
        path = tmp_path / "proofs.json"
        path.write_text(text, encoding="utf-8")
        assert main(["dice", "verify", "--proofs", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: cannot read the proofs file {path}: ") and "Traceback" not in err
        assert err.rstrip().endswith("give the file /dice verify attached")


def test_migrate_brings_the_configured_database_up_to_date_once(tmp_path, capsys, monkeypatch):
    """`python -m bot migrate` migrates DATABASE (the environment's, as the bot would), or --db."""
    from bot.store.migrate import known_migrations
    newest = known_migrations()[-1].version
    monkeypatch.setenv("DATABASE", str(tmp_path / "configured.db"))
    monkeypatch.chdir(tmp_path)  # no .env of the developer's is read
    assert main(["migrate"]) == 0
    assert capsys.readouterr().out.strip() == (
        f"{tmp_path / 'configured.db'}: applied migrations "
        f"{', '.join(str(m.version) for m in known_migrations())}; its schema is at version {newest}")
    assert main(["migrate", "--db", str(tmp_path / "configured.db")]) == 0
    assert capsys.readouterr().out.strip().endswith(f"nothing to apply; its schema is at version {newest}")


def test_a_postgresql_url_is_shown_without_its_password(capsys):
    pytest.importorskip("asyncpg", reason="PostgreSQL tests skipped: the asyncpg driver is not installed")
    assert main(["migrate", "--db", "postgresql://fleet:hunter2@127.0.0.1:1/fw"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot open campaign database postgresql://fleet:***@127.0.0.1:1/fw: ")
    assert "hunter2" not in err


def test_i18n_check_says_the_catalogues_are_complete_or_lists_what_is_wrong(capsys, monkeypatch):
    assert main(["i18n", "check"]) == 0
    assert capsys.readouterr().out == "every catalogue is complete\n"
    monkeypatch.setattr("bot.catalogues.check", lambda: ["sengoku [ru]: missing 'Turn report'"])
    assert main(["i18n", "check"]) == 1
    assert capsys.readouterr().out == "sengoku [ru]: missing 'Turn report'\n"


def test_i18n_extract_reports_what_it_added(capsys, monkeypatch):
    monkeypatch.setattr("bot.catalogues.extract", lambda prune: iter([f"added (prune={prune})"]))
    assert main(["i18n", "extract", "--prune"]) == 0
    assert capsys.readouterr().out == "added (prune=True)\n"
