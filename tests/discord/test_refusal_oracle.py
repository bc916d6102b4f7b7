"""A refusal never tells a player whether something of another clan exists.

Heavy-detachment ids are predictable (``<squadron>-hd1``, ``-hd2``) and so are
capture credits (``credit:<turn>:<unit>``): if naming another clan's thing read
differently from naming nothing, a player could count the heavy detachments of
every enemy squadron (hidden, S5.6, OP-26) or confirm any guessed unit,
character, army or credit.  For every player command that names one, the reply
for a foreign id must equal the reply for an id that does not exist, but for
the typed text itself."""

from __future__ import annotations

import pytest


# (command, values with {x} where the probed name goes, the foreign name, a name that exists nowhere)
PROBES = [
    ("order base", {"unit": "{x}", "port": "kusatsu"}, "miyoshi-ataki-hd2", "miyoshi-ataki-hd3"),
    ("order base", {"unit": "{x}", "port": "kusatsu"}, "otomo-usuki", "otomo-nobody"),
    ("order idle", {"unit": "{x}"}, "otomo-usuki", "otomo-nobody"),
    ("order repair", {"unit": "{x}"}, "otomo-usuki", "otomo-nobody"),
    ("order cruise", {"unit": "{x}", "target": "suo"}, "otomo-usuki", "otomo-nobody"),
    ("order cruise", {"unit": "{x}", "target": "suo"}, "otomo-wakabayashi-hd", "otomo-tahara-hd"),
    ("order cruise", {"unit": "mori-kurushima", "target": "suo", "leader": "{x}"},
     "tahara-chikakata", "tahara-nobody"),
    ("order ravage", {"unit": "{x}", "target": "bungo"}, "otomo-usuki", "otomo-nobody"),
    ("order attack-port", {"unit": "{x}", "port": "funai"}, "otomo-usuki", "otomo-nobody"),
    ("order piracy", {"unit": "{x}", "port": "funai"}, "otomo-funai-maru", "otomo-nobody-maru"),
    ("order piracy", {"unit": "{x}", "port": "funai"}, "otomo-usuki", "otomo-nobody"),
    ("order trade", {"unit": "{x}"}, "otomo-funai-maru", "otomo-nobody-maru"),
    ("order fleet-idle", {"unit": "{x}"}, "otomo-funai-maru", "otomo-nobody-maru"),
    ("order plunder", {"unit": "{x}", "target": "bungo"}, "otomo-funai-maru", "otomo-nobody-maru"),
    ("order landing", {"unit": "{x}", "army": "mori-kikkawa", "origin": "bingo", "destination": "iyo"},
     "otomo-funai-maru", "otomo-nobody-maru"),
    ("order landing", {"unit": "mori-akita-maru", "army": "{x}", "origin": "bingo", "destination": "iyo"},
     "otomo-bungo", "otomo-nobody"),
    ("order landing", {"unit": "mori-akita-maru", "army": "mori-kikkawa", "origin": "bingo",
                       "destination": "iyo", "fleets": "{x}"}, "otomo-funai-maru", "otomo-nobody-maru"),
    ("orders withdraw", {"unit": "{x}"}, "otomo-usuki", "otomo-nobody"),
    ("unit escort", {"unit": "{x}", "operation": "mori-akita-maru"}, "otomo-usuki", "otomo-nobody"),
    ("unit escort", {"unit": "mori-kurushima", "operation": "{x}"}, "otomo-funai-maru", "otomo-nobody-maru"),
    ("unit sweep", {"unit": "{x}", "route": "suo"}, "otomo-usuki", "otomo-nobody"),
    ("unit keep-loc", {"unit": "{x}", "target": "bingo"}, "otomo-funai-maru", "otomo-nobody-maru"),
    ("unit evacuate", {"unit": "mori-akita-maru", "army": "{x}", "origin": "bingo", "destination": "aki"},
     "otomo-bungo", "otomo-nobody"),
    ("unit evacuate", {"unit": "{x}", "army": "mori-kikkawa", "origin": "bingo", "destination": "aki"},
     "otomo-funai-maru", "otomo-nobody-maru"),
    ("unit mothball", {"unit": "{x}", "area": "aki"}, "otomo-usuki", "otomo-nobody"),
    ("unit disband", {"unit": "{x}"}, "otomo-usuki", "otomo-nobody"),
    ("unit disband", {"unit": "{x}"}, "miyoshi-ataki-hd1", "miyoshi-sogo-hd1"),
    ("clan redeem", {"credit": "{x}", "build": "squadron", "port": "tomo"}, "credit:2:otomo", "credit:2:kono"),
    ("clan redeem", {"credit": "credit:2:mori", "build": "heavy_detachment", "port": "kusatsu",
                     "attach_to": "{x}"}, "otomo-usuki", "otomo-nobody"),
    ("fleet show", {"unit": "{x}"}, "otomo-usuki", "otomo-nobody"),
    ("fleet show", {"unit": "{x}"}, "miyoshi-ataki-hd2", "miyoshi-ataki-hd3"),
]


def _filled(values: dict, name: str) -> dict:
    return {k: v.replace("{x}", name) if isinstance(v, str) else v for k, v in values.items()}


@pytest.fixture
async def with_orders(armed):
    """Ōtomo has an order in (so /orders withdraw has another clan's slot to find)."""
    await armed.service.submit_order(1, "otomo", {"kind": "sq_idle", "unit": "otomo-usuki"})
    return armed


async def test_a_foreign_name_is_refused_exactly_like_a_name_that_exists_nowhere(with_orders):
    world = with_orders
    mori = world.players["mori"]
    before = await world.service.orders(1, None)
    differ = []
    for path, values, foreign, missing in PROBES:
        replies = []
        for name in (foreign, missing):
            sent = await world.run(path, mori, **_filled(values, name))
            assert sent[-1].ephemeral, (path, name)
            replies.append(sent[-1].content.replace(name, "‹typed›"))
        print(path, foreign, replies)
        if replies[0] != replies[1]:
            differ.append((path, foreign, replies))
    assert differ == []
    assert await world.service.orders(1, None) == before


async def test_autocomplete_never_offers_or_hints_at_another_clans_things(with_orders):
    world = with_orders
    mori = world.players["mori"]
    fields = [("order base", "unit", {"port": "x"}), ("order cruise", "leader", {"unit": "x", "target": "x"}),
              ("order landing", "army", {"unit": "x", "origin": "x", "destination": "x"}),
              ("order landing", "fleets", {"unit": "x", "army": "x", "origin": "x", "destination": "x"}),
              ("unit escort", "operation", {"unit": "x"}), ("orders withdraw", "unit", {}),
              ("clan redeem", "credit", {"build": "squadron", "port": "x"}),
              ("clan redeem", "attach_to", {"credit": "x", "build": "squadron", "port": "x"}),
              ("fleet show", "unit", {})]
    for path, field, others in fields:
        for typed in ("otomo", "miyoshi", "hd", "credit:2:o", "tahara", "bungo"):
            choices = await world.h.autocomplete(path, mori, field, **others, **{field: typed})
            shown = " ".join(c["name"] + " " + c["value"] for c in choices)
            assert not any(w in shown.casefold() for w in ("otomo", "ōtomo", "miyoshi", "tahara", "bungo army")), \
                (path, field, typed, choices)
