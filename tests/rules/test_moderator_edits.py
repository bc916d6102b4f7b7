"""Moderator inputs between turns (bot/rulesets/sengoku/rules/moderation/moderator_edits.py): one
test per edit kind and one refusal each; a refusal says what is wrong and what
would be right, and no edit ever changes the state it was given."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.mapfiles import load_shipped_map
from bot.plugins import get_ruleset
from bot.rulesets.sengoku.rules.model.model import ArmyFlag, CharacterStatus, Relation
from bot.rulesets.sengoku.rules.moderation.moderator_edits import ArmySet, DetachmentSpec, apply_edit, parse_edit
from bot.scenarios import load_shipped_scenario

RULESET = get_ruleset("sengoku")


@pytest.fixture(scope="module")
def gamemap():
    return load_shipped_map("seto")


@pytest.fixture
def state():
    return load_shipped_scenario("seto-demo").state


def edit(state, gamemap, **payload):
    """Through the ruleset, as the service calls it; the input state must come back untouched."""
    before = state.model_dump(mode="json")
    new, text = RULESET.apply_edit(state, gamemap, RULESET.parse_edit(payload))
    assert state.model_dump(mode="json") == before
    return new, text


def refused(state, gamemap, **payload) -> str:
    before = state.model_dump(mode="json")
    with pytest.raises(OrderRejected) as caught:
        RULESET.apply_edit(state, gamemap, RULESET.parse_edit(payload))
    assert state.model_dump(mode="json") == before
    return str(caught.value)


KIKKAWA = {"kind": "army_set", "name": "Kikkawa army", "clan": "mori", "area": "aki",
           "leader": "kobayakawa-takakage",
           "detachments": [{"id": "ashigaru", "infantry": 18}, {"id": "samurai", "infantry": 8},
                           {"id": "horse", "cavalry": 6}]}


# army_set / army_remove

def test_army_set_creates_an_army_with_an_id_from_its_name_and_says_what_it_weighs_at_sea(state, gamemap):
    new, text = edit(state, gamemap, **KIKKAWA)
    army = new.armies["mori-kikkawa-army"]
    assert (army.name, army.clan, army.area, army.leader) == ("Kikkawa army", "mori", "aki", "kobayakawa-takakage")
    assert [(d.id, d.infantry, d.cavalry) for d in army.detachments] == [
        ("ashigaru", 18, 0), ("samurai", 8, 0), ("horse", 0, 6)]
    assert sum(d.transport_weight for d in army.detachments) == 38
    assert text.startswith("Army Kikkawa army (`mori-kikkawa-army`) of Mōri created in Aki, led by Kobayakawa "
                           "Takakage: ashigaru 18 inf., samurai 8 inf., horse 6 cav. — 32 figures, weighing 38 at sea")
    again, text = edit(new, gamemap, **{**KIKKAWA, "area": "bingo", "leader": None})
    assert list(again.armies) == list(new.armies)  # the same name replaces the clan's army of that name
    assert again.armies["mori-kikkawa-army"].area == "bingo" and again.armies["mori-kikkawa-army"].leader is None
    assert "replaced in Bingo, without a leader" in text and "It was Kikkawa army of Mōri in Aki" in text


def test_army_set_by_id_replaces_the_army_and_keeps_its_state_and_castle_barred_losses(state, gamemap):
    state.armies["kono-army"].flags = [ArmyFlag.DISORDER]
    state.armies["kono-army"].detachments[0].non_replaceable_losses = 2
    new, text = edit(state, gamemap, kind="army_set", id="kono-army", name="Kōno Vanguard", clan="kono",
                     area="iyo", leader="kono-michinao",
                     detachments=[{"id": "kono-ashigaru", "infantry": 16}, {"id": "kono-horse", "cavalry": 6}])
    army = new.armies["kono-army"]
    assert [d.id for d in army.detachments] == ["kono-ashigaru", "kono-horse"]
    assert army.detachments[0].non_replaceable_losses == 2 and army.flags == [ArmyFlag.DISORDER]
    assert "keep their losses that castles do not make good" in text and "keeps its state: disorder" in text


@pytest.mark.parametrize("change, message", [
    ({"leader": "kono-michinao"}, ("leader: Kōno Michinao is a character of Kōno, not of Mōri; an army is led by a "
                                   "character of its own clan, or by none")),
    ({"leader": "kobayakawa"}, ("unknown character “kobayakawa”; did you mean Kobayakawa Takakage "
                                "(kobayakawa-takakage)?")),
    ({"area": "iya"}, "unknown province “iya”; did you mean Iyo (iyo)?"),
    ({"area": "suonada"}, "is a sea area; an army stands in a province"),
    ({"clan": "mouri"}, "clan: unknown clan “mouri”; did you mean Mōri (mori)?"),
    ({"detachments": [{"id": "ashigaru", "infantry": -3}]},
     "detachment ashigaru: -3 infantry figures; a figure count cannot be negative (give 0 or more)"),
    ({"detachments": [{"id": "ashigaru"}]}, "detachment ashigaru has no figures"),
    ({"detachments": [{"id": "a", "infantry": 1}, {"id": "a", "cavalry": 1}]}, "detachment a is listed twice"),
    ({"detachments": []}, "an army needs at least one detachment"),
])
def test_army_set_refuses_a_bad_army_naming_what_is_wrong(state, gamemap, change, message):
    assert message in refused(state, gamemap, **{**KIKKAWA, **change})


def test_army_set_refuses_a_captured_leader_or_one_who_leads_another_army(state, gamemap):
    new, _ = edit(state, gamemap, **KIKKAWA)
    second = {**KIKKAWA, "name": "Second army"}
    assert "Kobayakawa Takakage already leads Kikkawa army (`mori-kikkawa-army`)" in refused(new, gamemap, **second)
    state.characters["kobayakawa-takakage"].status = CharacterStatus.CAPTURED
    assert "leader: Kobayakawa Takakage is captured; only a free character leads an army" in \
        refused(state, gamemap, **KIKKAWA)


def test_army_remove_takes_the_army_off_the_map(state, gamemap):
    new, text = edit(state, gamemap, kind="army_remove", id="kono-army")
    assert "kono-army" not in new.armies
    assert text.startswith("Army Kōno Vanguard (`kono-army`) of Kōno removed from Iyo (kono-ashigaru 18 inf.")


def test_army_remove_refuses_an_unknown_army_and_lists_the_armies(state, gamemap):
    assert refused(state, gamemap, kind="army_remove", id="sue") == \
        "unknown army “sue”; armies: Kōno Vanguard, Kōno (kono-army)"


# weather

def test_weather_declares_and_lifts_storms(state, gamemap):
    stormy, text = edit(state, gamemap, kind="weather", storm=True)
    assert stormy.storm is True and text.startswith("Stormy weather is declared (S3.9, OP-17 d)")
    fair, text = edit(stormy, gamemap, kind="weather", storm=False)
    assert fair.storm is False and text.startswith("Fair weather:")


def test_weather_refuses_what_is_not_yes_or_no(state, gamemap):
    assert refused(state, gamemap, kind="weather", storm="perhaps").startswith(
        "weather: storm: Input should be a valid boolean")


# relation

def test_relation_replaces_the_pair_whichever_way_round_it_was_listed(state, gamemap):
    assert state.relation("mori", "otomo") is Relation.AT_WAR
    new, text = edit(state, gamemap, kind="relation", a="otomo", b="mori", relation="allied")
    assert new.relation("mori", "otomo") is Relation.ALLIED
    assert len([r for r in new.relations if {r.a, r.b} == {"mori", "otomo"}]) == 1
    assert text == "Ōtomo and Mōri are now allied (was at war; OP-48: at war = enemy, allied = friendly)."


def test_relation_refuses_a_clan_related_to_itself_and_unknown_clans(state, gamemap):
    assert refused(state, gamemap, kind="relation", a="mori", b="mori", relation="at_war").startswith(
        "Mōri is named twice: a clan's relation to itself is fixed")
    assert refused(state, gamemap, kind="relation", a="mori", b="takeda", relation="at_war").startswith(
        "unknown clan “takeda”; clans: Kōno (kono), Miyoshi (miyoshi), Mōri (mori), Ōtomo (otomo)")
    assert "relation: Input should be 'at_war', 'allied' or 'neutral'" in \
        refused(state, gamemap, kind="relation", a="mori", b="otomo", relation="truce")


# province_owner

def test_province_owner_moves_the_province_and_its_port(state, gamemap):
    assert state.area_owner["suo"] == "mori" and state.ports["mitajiri"].owner == "mori"
    new, text = edit(state, gamemap, kind="province_owner", area="suo", clan="otomo")
    assert new.area_owner["suo"] == "otomo" and new.ports["mitajiri"].owner == "otomo"
    assert text.startswith("Suō now belongs to Ōtomo (was Mōri). Its port Mitajiri passes with it")
    nobody, text = edit(new, gamemap, kind="province_owner", area="suo", clan=None)
    assert "suo" not in nobody.area_owner and nobody.ports["mitajiri"].owner is None
    assert text.startswith("Suō now belongs to nobody (was Ōtomo).")


def test_province_owner_refuses_a_sea_area(state, gamemap):
    assert refused(state, gamemap, kind="province_owner", area="suonada", clan="mori").endswith(
        "is a sea area; only provinces have owners")


# port

def test_port_sets_owner_and_guard_and_leaves_out_what_is_not_given(state, gamemap):
    new, text = edit(state, gamemap, kind="port", port="tomo", land_guard=12, land_guard_cavalry=4)
    port = new.ports["tomo"]
    assert (port.owner, port.land_guard, port.land_guard_cavalry) == (state.ports["tomo"].owner, 12, 4)
    assert "land guard" in text and "12 figures (4 cavalry)" in text and "(S8.8.4)" in text
    new, text = edit(new, gamemap, kind="port", port="tomo", owner="otomo")
    assert (new.ports["tomo"].owner, new.ports["tomo"].land_guard) == ("otomo", 12)
    assert "owner Mōri → Ōtomo" in text and "(The province belongs to Mōri.)" in text


def test_port_refuses_more_cavalry_than_guard_figures_and_unknown_ports(state, gamemap):
    assert refused(state, gamemap, kind="port", port="tomo", land_guard=3, land_guard_cavalry=5) == (
        "land_guard_cavalry: 5 cavalry among 3 guard figures; the cavalry are counted among the land guard's "
        "figures (OP-42 e), so give at most 3, or raise the land guard")
    assert refused(state, gamemap, kind="port", port="tommo", land_guard=3) == \
        "unknown port “tommo”; did you mean Tomo (tomo)?"
    assert refused(state, gamemap, kind="port", port="tomo", land_guard=-1).startswith(
        "land_guard: -1; a figure count cannot be negative")


# treasury

def test_treasury_sets_rice_and_development(state, gamemap):
    new, text = edit(state, gamemap, kind="treasury", clan="mori", rice=6, development=2)
    assert (new.clans["mori"].rice, new.clans["mori"].development) == (6, 2)
    assert text == ("Mōri: rice 6 RP (was 0), development 2 DP (was 0). Redeeming a capture credit costs "
                    "1 DP + 3 RP (S8.4.6): enough for 2 credits.")
    new, _ = edit(new, gamemap, kind="treasury", clan="mori", rice=1)
    assert (new.clans["mori"].rice, new.clans["mori"].development) == (1, 2)


def test_treasury_refuses_negative_points_and_an_empty_edit(state, gamemap):
    assert refused(state, gamemap, kind="treasury", clan="mori", development=-1) == \
        "development: -1; a clan's development points cannot be negative (give 0 or more)"
    assert refused(state, gamemap, kind="treasury", clan="mori") == \
        "nothing to change for Mōri: give rice points, development points, or both"


# parsing

def test_an_unknown_edit_kind_lists_the_kinds_and_bad_fields_are_named():
    with pytest.raises(OrderRejected, match="unknown moderator edit 'army'; edits: army_set, army_remove, weather"):
        parse_edit({"kind": "army"})
    with pytest.raises(OrderRejected, match="province_owner: clan: Field required"):
        parse_edit({"kind": "province_owner", "area": "suo"})


def test_apply_edit_works_on_models_built_in_code(state, gamemap):
    built = ArmySet(name="Sue army", clan="mori", area="suo", detachments=[DetachmentSpec(id="a", infantry=5)])
    new, _ = apply_edit(state, gamemap, built)
    assert new.armies["mori-sue-army"].detachments[0].infantry == 5 and "mori-sue-army" not in state.armies
