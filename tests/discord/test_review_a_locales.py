"""Hostile review (issues 11, 16): translated refusals and autocompletes tell a player no more than
the English ones do."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.discord.test_refusal_oracle import PROBES, _filled, with_orders  # noqa: F401  (the fixture)


@pytest.mark.parametrize("locale", ["ru", "ja", "zh-TW"])
async def test_a_foreign_name_is_refused_like_a_missing_one_in_every_language(with_orders, locale):  # noqa: F811
    world = with_orders
    mori = replace(world.players["mori"], locale=locale)
    differ = []
    for path, values, foreign, missing in PROBES:
        replies = []
        for name in (foreign, missing):
            sent = await world.run(path, mori, **_filled(values, name))
            replies.append(sent[-1].content.replace(name, "‹typed›"))
        if replies[0] != replies[1]:
            differ.append((path, foreign, replies))
    assert differ == []


@pytest.mark.parametrize("locale", ["ru", "ja"])
async def test_a_translated_autocomplete_offers_no_other_clans_things(with_orders, locale):  # noqa: F811
    world = with_orders
    mori = replace(world.players["mori"], locale=locale)
    fields = [("order base", "unit", {"port": "x"}), ("order cruise", "leader", {"unit": "x", "target": "x"}),
              ("orders withdraw", "unit", {}), ("clan redeem", "credit", {"build": "squadron", "port": "x"}),
              ("fleet show", "unit", {})]
    for path, field, others in fields:
        for typed in ("otomo", "miyoshi", "hd", "credit:2:o", "tahara", ""):
            choices = await world.h.autocomplete(path, mori, field, **others, **{field: typed})
            shown = " ".join(c["name"] + " " + c["value"] for c in choices)
            assert not any(w in shown.casefold() for w in ("otomo", "ōtomo", "miyoshi", "tahara")), \
                (path, field, typed, choices)
