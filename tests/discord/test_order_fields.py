"""Every field of every order (S12.4, bot/rulesets/sengoku/rules/orders/orders.py) can be given from Discord
(issue 17), and the naval manoeuvre (S9.3, OP-45) with its stakes reaches the resolution."""

from __future__ import annotations

import pytest

from bot.rulesets.sengoku.rules.orders import orders as o
from tests.discord.conftest import CHANNELS

# order kind → {payload field: "command option"}; bot/rulesets/sengoku/commands/orders.py, unit_orders.py
# and clan_orders.py build the payload from these options.
SQUADRON = {"unit": "unit", "leader": "leader", "stake": "stake", "stake_later_rounds": "stake_later",
            "want_battle": "engage", "when_enemy_wants": "if_attacked", "manoeuvre": "manoeuvre",
            "subphase": "subphase"}
TACTICS = {"if_forced_by_ordinary": "unit tactics if_forced", "withdraw_if": "unit tactics withdraw"}
ALL_TACTICS = {f: f"unit tactics {opt}" for f, opt in SQUADRON.items()} | TACTICS
OPTIONS = {
    "sq_idle": {"unit": "order idle unit", "subphase": "order idle subphase",
                "help_friendly_in_home_waters": "order idle help_friends"},
    "sq_repair": {"unit": "order repair unit", "subphase": "order repair subphase"},
    "sq_cruise": {**{f: f"order cruise {opt}" for f, opt in SQUADRON.items()},
                  "target": "order cruise target", "route": "order cruise route",
                  "intercept_landings": "order cruise intercept", "intercept_direction": "order cruise direction",
                  "intercept_stake": "order cruise intercept_stake"},
    "sq_locsweep": {**{f: f"unit sweep {opt}" for f, opt in SQUADRON.items()}, "route": "unit sweep route"},
    "sq_escort": {**{f: f"unit escort {opt}" for f, opt in SQUADRON.items()}, "operation": "unit escort operation"},
    "sq_ravage": {**{f: f"order ravage {opt}" for f, opt in SQUADRON.items()}, "target": "order ravage target",
                  "route": "order ravage route", "coast_action": "order ravage action"},
    "sq_piracy": {"unit": "order piracy unit", "target_port": "order piracy port", "route": "order piracy route",
                  "subphase": "order piracy subphase"},
    "sq_attack_port": {**{f: f"order attack-port {opt}" for f, opt in SQUADRON.items()},
                       "target_port": "order attack-port port", "route": "order attack-port route",
                       "destroy_port": "order attack-port destroy"},
    "tf_idle": {"unit": "order fleet-idle unit", "repair": "order fleet-idle repair",
                "subphase": "order fleet-idle subphase"},
    "tf_trade": {"unit": "order trade unit", "subphase": "order trade subphase"},
    "tf_piracy": {"unit": "order piracy unit", "target_port": "order piracy port", "route": "order piracy route",
                  "subphase": "order piracy subphase"},
    "tf_plunder": {"unit": "order plunder unit", "target": "order plunder target", "route": "order plunder route",
                   "subphase": "order plunder subphase"},
    "tf_loc": {"unit": "unit keep-loc unit", "target": "unit keep-loc target", "path": "unit keep-loc route",
               "subphase": "unit keep-loc subphase"},
    "tf_landing": {f: f"order landing {opt}" for f, opt in {
        "unit": "unit", "army": "army", "detachments": "detachments", "fleets": "fleets", "origin": "origin",
        "destination": "destination", "route_to_embark": "embark_route", "route_to_destination": "route",
        "mode": "mode", "on_fleet_melee": "on_melee", "melee_extra_loss_allocation": "melee_losses",
        "auto_evacuation_target": "evacuate_to", "passengers": "passengers", "subphase": "subphase"}.items()},
    "tf_evacuation": {f: f"unit evacuate {f}" for f in (
        "unit", "army", "origin", "destination", "route", "fleets", "passengers", "subphase")},
    "base": {"unit": "order base unit", "port": "order base port", "subphase": "order base subphase"},
    "mothball": {"unit": "unit mothball unit", "area": "unit mothball area", "subphase": "unit mothball subphase"},
    "disband": {"unit": "unit disband unit", "subphase": "unit disband subphase"},
    "clan_policy": {f: f"clan policy {f}" for f in (
        "pairing_own_order", "pairing_target", "multi_clan_priority", "on_last_port_lost", "transfer_to")},
    "redeem_capture": {"unit": "clan redeem credit", "build": "clan redeem build", "port": "clan redeem port",
                       "name": "clan redeem name", "attach_to": "clan redeem attach_to"},
}
# Fields no option sets, and why.
DERIVED = {
    ("clan_policy", "unit"): "the caller's own clan",
    ("clan_policy", "subphase"): "a standing clan order applies from the resolution on; no sub-phase",
    ("redeem_capture", "subphase"): "a credit is redeemed at turn start (S12.5 step 3); no sub-phase",
}
# The battle fields of an idle or repairing squadron, or a squadron pirate, are set with /unit tactics
# on its order; /unit tactics also holds the rarer ones of every squadron order.
for kind in ("sq_idle", "sq_repair", "sq_piracy"):
    OPTIONS[kind] = {**ALL_TACTICS, **OPTIONS[kind]}
for kind in ("sq_cruise", "sq_locsweep", "sq_escort", "sq_ravage", "sq_attack_port"):
    OPTIONS[kind] = {**TACTICS, **OPTIONS[kind]}


def _options(export: list[dict]) -> set[str]:
    """Every 'command sub option' path of the exported command tree."""
    paths = set()

    def walk(node: dict, prefix: str) -> None:
        for option in node.get("options") or []:
            path = f"{prefix} {option['name']}".strip()
            (walk(option, path) if option["type"] in (1, 2) else paths.add(path))
    for command in export:
        walk(command, command["name"])
    return paths


@pytest.fixture
async def export(world) -> list[dict]:
    return [c.to_dict(world.bot.tree) for c in world.bot.top_level_commands()]


def test_every_order_field_has_a_discord_option_or_a_reason(export):
    options = _options(export)
    models = {m.model_fields["kind"].default: m for m in
              (*o.SquadronOrder.__args__, *o.FleetOrder.__args__, *o.BasingOrder.__args__, *o.ClanOrder.__args__)}
    missing = []
    for kind, model in models.items():
        for field in model.model_fields:
            if field == "kind" or (kind, field) in DERIVED:
                continue
            option = OPTIONS.get(kind, {}).get(field)
            if option is None or option not in options:
                missing.append(f"{kind}.{field} (option {option!r})")
    assert missing == []


async def test_a_cruise_with_the_tsuruyoki_and_stakes_is_stored_shown_and_fought(world):
    """S9.3, OP-45 (b): Ataki Fuyuyasu (3 victories: the art is active) leads Ataki-bune off Iyo, where
    Kōno's Kurushima Murakami lies on station; the manoeuvre and stakes go from /order cruise to the battle."""
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    miyoshi = world.players["miyoshi"]
    offered = await world.h.autocomplete("order cruise", miyoshi, "manoeuvre", unit="miyoshi-ataki", manoeuvre="")
    assert [c["value"] for c in offered] == ["take_wind", "feigned_retreat", "tsuruyoki", "defensive"]
    assert await world.h.autocomplete("order cruise", miyoshi, "manoeuvre", unit="miyoshi-sogo", manoeuvre="") == []
    sent = await world.run("order cruise", miyoshi, unit="Ataki-bune", target="Iyo", manoeuvre="Tsuruyoki",
                           stake="high", stake_later="low", intercept_stake="high", engage="always")
    assert sent[-1].content == ("✅ Ataki-bune will cruise off Iyo: Awaji → Awa → Sanuki → Iyo (3 steps). engage: always; "
                                "high stake, low from round 2; manoeuvre: Tsuruyoki; intercepts landings at high "
                                "stake, pushing them back.")
    (order,) = await world.service.orders(1, "miyoshi")
    assert {k: order.payload[k] for k in ("manoeuvre", "stake", "stake_later_rounds", "intercept_stake")} == {
        "manoeuvre": "tsuruyoki", "stake": "high", "stake_later_rounds": "low", "intercept_stake": "high"}
    shown = (await world.run("orders show", miyoshi))[-1].content
    assert "manoeuvre: Tsuruyoki" in shown and "high stake, low from round 2" in shown
    sent = await world.run("turn resolve", world.mod)
    public = "\n".join(s.content for s in sent if s.kind == "channel" and s.target == CHANNELS["naval-reports"])
    assert "Miyoshi used the manoeuvre tsuruyoki" in public


async def test_tactics_change_the_battle_choices_of_an_order_already_given(world):
    """/unit tactics: the rarer common fields (S5.7 if_forced, OP-33 withdraw) and those of an idle squadron."""
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    mori = world.players["mori"]
    sent = await world.run("unit tactics", mori, unit="Kobayakawa-1", stake="high")
    assert sent[-1].content == ("Kobayakawa-1 has no order for SP1 yet; give it one first (/order cruise, /order "
                                "idle, …), then change its battle choices here")
    await world.run("order cruise", mori, unit="Kobayakawa-1", target="Iyo", stake="high")
    sent = await world.run("unit tactics", mori, unit="Kobayakawa-1", if_forced="refuse",
                           if_attacked="if enemy_clan != Ōtomo", stake_later="low")
    assert sent[-1].content.startswith("✅ Kobayakawa-1 will cruise off Iyo") and "Replaces:" in sent[-1].content
    (order,) = await world.service.orders(1, "mori")
    assert {k: order.payload[k] for k in ("kind", "target", "stake", "stake_later_rounds", "if_forced_by_ordinary",
                                          "when_enemy_wants")} == {
        "kind": "sq_cruise", "target": "iyo", "stake": "high", "stake_later_rounds": "low",
        "if_forced_by_ordinary": "refuse", "when_enemy_wants": "if enemy_clan != otomo"}
    assert "if attacked: if enemy_clan != Ōtomo" in (await world.run("orders show", mori))[-1].content


async def test_engage_offers_presets_and_each_other_clan(world):
    """OP-26: the enemy clan is visible, so a policy may name it; autocomplete offers each other clan."""
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    offered = await world.h.autocomplete("order cruise", world.players["mori"], "engage", engage="otomo")
    assert [(c["name"], c["value"]) for c in offered] == [("only against Ōtomo", "if enemy_clan == otomo"),
                                                          ("never against Ōtomo", "if enemy_clan != otomo")]
    offered = await world.h.autocomplete("order cruise", world.players["mori"], "engage",
                                         engage="if enemy_count < 3")
    assert offered[0]["value"] == "if enemy_count < 3"


async def test_rebase_to_timber_then_repair_in_the_same_turn(world):
    """S2.1, OP-08, OP-18: Hyōgo has no timber; re-based to Yura (timber) the squadron may repair,
    both orders stand, and the resolution repairs it at its new base."""
    await world.setup_campaign()
    await world.edit_state(1, lambda state: state["squadrons"]["miyoshi-hyogo"].update(damage=2))
    await world.run("turn open", world.admin, deadline="in 48h")
    miyoshi = world.players["miyoshi"]
    sent = await world.run("order repair", miyoshi, unit="Hyōgo Guard")
    assert sent[-1].content.startswith("Refused: Hyōgo Guard's base port has no access to timber")
    assert (await world.run("order base", miyoshi, unit="Hyōgo Guard", port="Yura"))[-1].content.startswith("✅")
    sent = await world.run("order repair", miyoshi, unit="Hyōgo Guard")
    assert sent[-1].content.startswith("✅ Hyōgo Guard repairs in port") and "Replaces" not in sent[-1].content
    assert sorted(o.unit for o in await world.service.orders(1, "miyoshi")) == ["unit:miyoshi-hyogo",
                                                                                "unit:miyoshi-hyogo#base"]
    await world.run("turn resolve", world.mod)
    squadron = (await world.service.repo.load_state(1)).state["squadrons"]["miyoshi-hyogo"]
    assert (squadron["base_port"], squadron["damage"]) == ("yura", 0)
