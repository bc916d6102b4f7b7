"""The clan_add moderator edit (bot/rulesets/sengoku/rules/moderation/moderator_clan.py): a new clan
joins with nothing and neutral to all (OP-48); a bad one is refused by name
and the state given is never changed."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.mapfiles import load_shipped_map
from bot.plugins import get_ruleset
from bot.rulesets.sengoku.rules.model.model import Clan, Relation
from bot.scenarios import load_shipped_scenario

RULESET = get_ruleset("sengoku")


@pytest.fixture(scope="module")
def gamemap():
    return load_shipped_map("seto")


def add(state, gamemap, **fields):
    before = state.model_dump(mode="json")
    new, text = RULESET.apply_edit(state, gamemap, RULESET.parse_edit({"kind": "clan_add", **fields}))
    assert state.model_dump(mode="json") == before
    return new, text


def refused(state, gamemap, **fields) -> str:
    before = state.model_dump(mode="json")
    with pytest.raises(OrderRejected) as caught:
        RULESET.apply_edit(state, gamemap, RULESET.parse_edit({"kind": "clan_add", **fields}))
    assert state.model_dump(mode="json") == before
    return str(caught.value)


def test_an_empty_campaign_has_no_clans_and_every_port_of_the_map(gamemap):
    state = RULESET.state_from_scenario({}, gamemap, "empty")
    assert state.clans == {} and state.squadrons == {} and state.turn == 1
    assert sorted(state.ports) == sorted(gamemap.ports) and all(p.owner is None for p in state.ports.values())


def test_a_clan_joins_an_empty_campaign(gamemap):
    state = RULESET.state_from_scenario({}, gamemap, "empty")
    new, text = add(state, gamemap, id="shoni", name="Shōni", colour="#D35400")
    assert new.clans == {"shoni": Clan(id="shoni", name="Shōni", colour="#d35400")}
    assert text == ("Clan Shōni (shoni) joins with no units, provinces or treasury. Give it provinces and ports, "
                    "armies, rice and relations with the moderator edits.")
    assert RULESET.factions(new) == [("shoni", "Shōni", "#d35400")]


def test_a_clan_joining_a_scenario_is_neutral_to_all_until_a_relation_edit(gamemap):
    state = load_shipped_scenario("seto-demo").state
    new, text = add(state, gamemap, id="shoni", name="Shōni", colour="#d35400")
    assert "neutral to the 4 other clans (OP-48)" in text
    assert {other: new.relation("shoni", other) for other in ("mori", "otomo", "kono", "miyoshi")} == \
        dict.fromkeys(("mori", "otomo", "kono", "miyoshi"), Relation.NEUTRAL)
    assert RULESET.holdings(new, "shoni")["relations"] == dict.fromkeys(("mori", "otomo", "kono", "miyoshi"),
                                                                         "neutral")
    assert RULESET.holdings(new, "mori")["relations"]["otomo"] == "at_war"


@pytest.mark.parametrize(("fields", "message"), [
    ({"id": "mori", "name": "Second Mōri", "colour": "#000000"},
     "there is already a clan with the id 'mori' (Mōri); choose another name"),
    ({"id": "mori2", "name": "MORI", "colour": "#000000"},
     "there is already a clan named Mōri (mori); each clan needs its own name"),
    ({"id": "shoni", "name": "Shōni", "colour": "orange"}, "colour 'orange': give it as #rrggbb, e.g. #d35400"),
    ({"id": "Shō ni", "name": "Shōni", "colour": "#000000"},
     "clan id 'Shō ni': use 1-32 lower-case letters, digits, '-' or '_', starting with a letter or digit, "
     "e.g. 'shoni'"),
    ({"id": "shoni", "name": "  ", "colour": "#000000"}, "a clan needs a name, e.g. 'Shōni'"),
])
def test_a_bad_clan_is_refused_and_changes_nothing(gamemap, fields, message):
    state = load_shipped_scenario("seto-demo").state
    assert refused(state, gamemap, **fields) == message


def test_a_malformed_clan_edit_names_the_missing_field():
    with pytest.raises(OrderRejected) as caught:
        RULESET.parse_edit({"kind": "clan_add", "id": "shoni", "name": "Shōni"})
    assert str(caught.value) == "clan_add: colour: Field required"
