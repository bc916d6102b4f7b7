"""Names in report text are escaped once for Discord (bot.domain.text.escape), whatever they name."""

from __future__ import annotations

from bot.demo import demo_turn_input
from bot.rulesets.sengoku.report.names import Names


def test_a_clan_wide_orders_unit_is_its_clan_escaped_once():
    """A clan-wide order's "unit" is the clan (S12.4): its name reads as typed, as the clan's does."""
    data = demo_turn_input("seto-demo")
    for state in (data.before, data.after):
        state.clans["mori"].name = "Mō_ri*"
    names = Names(data)
    assert names.unit("mori") == names.clan("mori") == "Mō\\_ri\\*"
