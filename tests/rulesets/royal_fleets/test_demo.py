"""``python -m bot demo --ruleset royal-fleets``: the shipped demo turn (a battle in rounds, a
blockade, a transport, a transition, trade posts) writes its reports and maps, the same bytes twice."""

from __future__ import annotations

from bot.__main__ import main


def test_the_royal_demo_writes_reports_and_maps(tmp_path):
    assert main(["demo", "--ruleset", "royal-fleets", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {"report-public.md", "moderator-log.md", "report-spain.md", "report-dutch.md", "report-france.md",
            "map.europe.png", "map.new-world.png"} <= names
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    for line in ("⚔ Battle in Bay of Biscay: Spain (5 ships) attack United Provinces (5 ships).",
                 "entered Western Ocean and sails for the other map",
                 "Trade post West Indies: Spain controls it and receives 400 thalers (U10.4).",
                 "Zeeland squadron (United Provinces) blockades Cádiz from Gulf of Cádiz (U4).",
                 "The galleass San Lorenzo (Spain) sank in round 2."):
        assert line in public
    spain = (tmp_path / "report-spain.md").read_text(encoding="utf-8")
    assert "   (key battle:biscay:r1:initiative:attacker)" in spain  # its own dice, with their keys
    assert "(key " not in public  # no die in the public report
    france = (tmp_path / "report-france.md").read_text(encoding="utf-8")
    assert "Régiment de Picardie landed from Escadre du Ponant in Brittany (4 units)." in france
    first = {n: (tmp_path / n).read_bytes() for n in names if n.endswith(".md")}
    assert main(["demo", "--ruleset", "royal-fleets", "--out", str(tmp_path)]) == 0
    assert first == {n: (tmp_path / n).read_bytes() for n in first}
