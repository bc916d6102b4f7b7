"""``python -m bot demo --ruleset empires-in-arms``: France's impulse of autumn 1805 (eia-demo) through
its steps, the questions answered as the scenario's demo section scripts them: the combined fleet
leaves Cádiz and Nelson intercepts it (E5.2, E7: 2d6 +2 British +1 blockading > 9); its evasion (a
breakout, E6.3) fails (E6.5: +1 British die in round 1); the moderators enter round 1 (E-OP-13); the
beaten fleet goes back to the port it left (E9.3); the convoy to Ajaccio sails (E11.5).  Reports and
maps of every step, the same bytes twice."""

from __future__ import annotations

from bot.__main__ import main


def test_the_eia_demo_writes_an_impulse_of_steps_with_its_reports_and_maps(tmp_path):
    assert main(["demo", "--ruleset", "empires-in-arms", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {"report-public.md", "moderator-log.md", "report-france.md", "report-britain.md", "map.png",
            "map-france.png", "map-moderators.png"} <= names
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    for line in ("A convoy of France sailed Marseille → Gulf of Lyon → Ajaccio (2 KO, E11.5).",
                 "Interception by Great Britain in Portuguese Coast against France and Spain: [2, 5] +2 Great "
                 "Britain +1 blockading = 10, more than 9 needed: success (E7).   "
                 "(key s2:eia:1:intercept:portuguese_coast:britain)",
                 "Evasion by France in Portuguese Coast against Great Britain: [4, 2] +1 France = 7, more than 9 "
                 "needed: failed (E7).",
                 "  Round 1, Great Britain: 10 dice [6, 6, 5, 4, 6, 6, 6, 4, 6, 3], 1 five against the other side "
                 "(+1 die: the other side failed to evade, E6.5)",
                 "  Round 1: France and Spain 2 against Great Britain 4; Great Britain wins the round (entered by "
                 "the moderators).",
                 "  France and Spain lost Santa Ana's squadron in round 1.",
                 "France and Spain: back to the port it left (E9.3); Great Britain: stays where it is."):
        assert line in public
    assert "Corsica detachment" not in public  # the convoy's cargo is France's (and the moderators')
    france = (tmp_path / "report-france.md").read_text(encoding="utf-8")
    assert "The convoy carried Corsica detachment, General Morand to Ajaccio." in france
    assert "Answered by default at the deadline (E-OP-14): a combat card → no." in france
    log = (tmp_path / "moderator-log.md").read_text(encoding="utf-8")
    assert "  s4:eia:1:battle:portuguese_coast:r1:inactive: 10d6 [6, 6, 5, 4, 6, 6, 6, 4, 6, 3] = 52" in log
    first = {n: (tmp_path / n).read_bytes() for n in names if n.endswith(".md")}
    assert main(["demo", "--ruleset", "empires-in-arms", "--out", str(tmp_path)]) == 0
    assert first == {n: (tmp_path / n).read_bytes() for n in first}
