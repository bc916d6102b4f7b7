"""``python -m bot demo --ruleset empires-in-arms``: France's impulse of autumn 1805 (eia-demo) through
its steps, the questions answered as the scenario's demo section scripts them: Cornwallis intercepts
Allemand in the Channel (E5.2, E7: 2d6 +2 British +1 blockading > 9), Allemand fails to evade (E6.5:
+1 British die), the moderators enter round 1 (E-OP-13), the beaten squadron is placed in the nearest
port (E9.2, by default E-OP-18); the convoy to Ajaccio sails (E11.5).  Reports and maps, the same
bytes twice."""

from __future__ import annotations

from bot.__main__ import main


def test_the_eia_demo_writes_an_impulse_of_steps_with_its_reports_and_maps(tmp_path):
    assert main(["demo", "--ruleset", "empires-in-arms", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {"report-public.md", "moderator-log.md", "report-france.md", "report-britain.md", "map.png",
            "map-france.png", "map-moderators.png"} <= names
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    for line in ("A convoy of France sailed Marseille → Gulf of Lyon → Ajaccio (2 KO, E11.5).",
                 "Interception by Great Britain in English Channel against France: [3, 5] +2 Great Britain +1 "
                 "blockading = 11, more than 9 needed: success (E7).   (key s2:eia:1:intercept:english_channel:britain)",
                 "Evasion by France in English Channel against Great Britain: [6, 1] +1 France = 8, more than 9 "
                 "needed: failed (E7).",
                 "(+1 die: the other side failed to evade, E6.5)",
                 "  Round 1: France 1 against Great Britain 3; Great Britain wins the round (entered by the "
                 "moderators).",
                 "Allemand's squadron (France) placed from English Channel in Boulogne (E9.2)."):
        assert line in public
    assert "Corsica detachment" not in public  # the convoy's cargo is France's (and the moderators')
    france = (tmp_path / "report-france.md").read_text(encoding="utf-8")
    assert "The convoy carried Corsica detachment, General Morand to Ajaccio." in france
    assert "Answered by default at the deadline (E-OP-18): the nearest port → Boulogne." in france
    log = (tmp_path / "moderator-log.md").read_text(encoding="utf-8")
    assert "  s4:eia:1:battle:english_channel:r1:inactive: 7d6 [4, 3, 2, 5, 1, 6, 2] = 23" in log
    first = {n: (tmp_path / n).read_bytes() for n in names if n.endswith(".md")}
    assert main(["demo", "--ruleset", "empires-in-arms", "--out", str(tmp_path)]) == 0
    assert first == {n: (tmp_path / n).read_bytes() for n in first}
