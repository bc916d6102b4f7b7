"""Words a player might type into a command option, for the bad-input tests."""

from __future__ import annotations

from bot.mapfiles import load_shipped_map
from bot.scenarios import load_shipped_scenario
from tests.discord.conftest import ARMIES, CREDITS


def vocabulary() -> list[str]:
    """Words a player might type: real ids and names, and near misses."""
    state, gamemap = load_shipped_scenario("seto-demo").state, load_shipped_map("seto")
    real = [*state.squadrons, *state.fleets, *state.heavy, *state.clans, *state.characters, *gamemap.areas,
            *gamemap.ports, *ARMIES, *(c["id"] for c in CREDITS)]
    odd = ["", " ", "SP2", "in 48h", "tomorrow", "2026-13-45 25:61", "-1", "0", "99999999999999999999", "always",
           "if own_count >= 1", "if enemy_xp > 0", "suo, iyo, bungo", "suo,,", "d1:5,2", "d1:-5", "stake_target.low",
           "max_rounds", "subphases", "['SP1']", "true", "null", "{}", "💥🌊", "x" * 39, "Mōri", "MORI ", "\u200b"]
    royal, sea = load_shipped_scenario("royal-demo").state, load_shipped_map("royal-fleets")
    real += [*royal.fleets, *royal.factions, *royal.armies, *sea.areas, *sea.ports, *sea.provinces, *sea.trade_posts,
             *(f.name for f in royal.fleets.values()), *(sh.id for f in royal.fleets.values() for sh in f.ships),
             "Bay of Biscay, Western Approaches", "galleon, galleon:3", "frigate:0", "10, 10, 9", "5/2", "1/0"]
    return sorted(set(real)) + odd


VOCAB = vocabulary()
