"""`make demo` writes the public map, one per clan and the moderators' map."""

from __future__ import annotations

import io

from PIL import Image

from bot.demo import run_demo

DISCORD_LIMIT = 10 * 1024 * 1024  # bytes per attachment on a server without boosts


async def test_demo_writes_a_map_per_audience(tmp_path) -> None:
    await run_demo(tmp_path, "seto-demo", echo=lambda *_: None)
    maps = {p.name: p.read_bytes() for p in tmp_path.glob("map*.png")}
    assert set(maps) == {"map.png", "map-mori.png", "map-otomo.png", "map-kono.png", "map-miyoshi.png",
                         "map-moderators.png"}
    assert len(set(maps.values())) == len(maps)  # every audience its own picture
    for name, png in maps.items():
        assert Image.open(io.BytesIO(png)).size[0] == 1400, name
        assert len(png) < DISCORD_LIMIT / 20, name  # well under the limit: about 130 KiB each


async def test_demo_writes_each_clan_the_proofs_of_its_own_rolls(tmp_path) -> None:
    """What /dice verify gives each clan, to try the offline check: every roll verifies, and a clan's
    file holds only rolls its own report or the public one shows (issue 10: no hidden roll computable)."""
    import json

    from bot.services.dice_proofs import verify_proofs_file

    await run_demo(tmp_path, "seto-demo", echo=lambda *_: None)
    public = (tmp_path / "report-public.md").read_text(encoding="utf-8")
    for clan in ("mori", "otomo", "kono", "miyoshi"):
        path = tmp_path / f"dice-proofs-{clan}.json"
        lines, ok = verify_proofs_file(path)
        assert ok, lines
        report = (tmp_path / f"report-{clan}.md").read_text(encoding="utf-8")
        keys = [r["key"] for r in json.loads(path.read_text(encoding="utf-8"))["rolls"]]
        assert keys and all(f"(key {k})" in report or f"(key {k})" in public for k in keys), clan


async def test_the_demo_names_the_turns_dice_commitment_not_a_seed_commitment(tmp_path, monkeypatch) -> None:
    """The demo's turn is signed (a key pair made from the scenario's seed): what it opens with is the
    commitment to the public dice key, as /turn open says."""
    from bot.services.campaigns import CampaignService

    async def no_maps(self, ruleset_id, data, audiences):
        return {}

    monkeypatch.setattr(CampaignService, "render_maps", no_maps)
    said: list[str] = []
    await run_demo(tmp_path, "seto-demo", echo=said.append)
    assert said[0].startswith("Campaign #1 Seto 1560: turn 3 open, dice commitment (SHA-256 of its public key) ")
    assert not any("seed" in line.lower() for line in said)
