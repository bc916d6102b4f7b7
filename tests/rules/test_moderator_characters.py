"""Moderator edits of characters (bot/rulesets/sengoku/rules/moderation/moderator_characters.py):
generals and commanders added, corrected and removed; and what an edit
concerns, for filtering the audit log (moderator_subjects.py)."""

from __future__ import annotations

import pytest

from bot.rulesets.sengoku.rules.model.model import CharacterKind, CharacterStatus
from tests.rules.test_moderator_units import RULESET, edit, gamemap, refused, state  # noqa: F401 (fixtures)


def test_a_veteran_general_is_added_with_an_id_from_the_name(state, gamemap):
    new, text = edit(state, gamemap, kind="character_add", name="Kikkawa Motoharu", clan="mori", rank="general",
                     veteran=True, victories=1, academy_naval_art=True)
    character = new.characters["kikkawa-motoharu"]
    assert (character.clan, character.kind, character.status) == ("mori", CharacterKind.GENERAL,
                                                                  CharacterStatus.FREE)
    assert [(e.turn, e.kind) for e in character.naval_events] == [(2, "led_battle")]  # turn 3: an earlier turn
    assert character.is_veteran(new.turn) and character.art_active()
    assert text == ("General Kikkawa Motoharu (`kikkawa-motoharu`) of Mōri added: general, free, veteran (+1, "
                    "S9.2.3), 0 wounds, 1 victory, academy-trained, naval art active (S9.3.1).")


def test_a_commander_captured_stops_leading_his_squadron(state, gamemap):
    new, text = edit(state, gamemap, kind="character_edit", id="kobayakawa-takakage", status="captured",
                     captor="otomo", reason="taken off Suō")
    character = new.characters["kobayakawa-takakage"]
    assert (character.status, character.captor) == (CharacterStatus.CAPTURED, "otomo")
    assert new.squadrons["mori-kobayakawa"].leader is None
    assert text.endswith("(was commander, free, veteran (+1, S9.2.3), 0 wounds, 1 victory, no naval art (S9.3.1)). "
                         "Squadron Kobayakawa-1 is without a leader now.")
    freed, _ = edit(new, gamemap, kind="character_edit", id="kobayakawa-takakage", status="free")
    assert (freed.characters["kobayakawa-takakage"].status, freed.characters["kobayakawa-takakage"].captor) == \
        (CharacterStatus.FREE, None)


def test_rank_wounds_and_veteran_are_corrected(state, gamemap):
    new, _ = edit(state, gamemap, kind="character_edit", id="kobayakawa-takakage", rank="general", wounds=2,
                  veteran=False)
    character = new.characters["kobayakawa-takakage"]
    assert (character.kind, character.wounds, character.naval_events) == (CharacterKind.GENERAL, 2, [])


def test_a_removed_general_leaves_his_army_without_a_leader(state, gamemap):
    new, text = edit(state, gamemap, kind="character_remove", id="kono-michinao", reason="never existed")
    assert "kono-michinao" not in new.characters and new.armies["kono-army"].leader is None
    assert text == ("General Kōno Michinao (`kono-michinao`) of Kōno removed from the campaign. Army Kōno Vanguard "
                    "is without a leader now.")


@pytest.mark.parametrize("payload, message", [
    ({"kind": "character_edit", "id": "kobayakawa-takakage", "status": "captured"},
     "captor: a captured character is held by a clan (S9.4); give the captor clan"),
    ({"kind": "character_edit", "id": "kobayakawa-takakage", "status": "captured", "captor": "mori"},
     "captor: Mōri is Kobayakawa Takakage's own clan; a captor is another clan"),
    ({"kind": "character_edit", "id": "kobayakawa-takakage", "captor": "otomo"},
     "captor: only a captured character has a captor; set the status to captured too, or leave the captor out"),
    ({"kind": "character_edit", "id": "kobayakawa-takakage", "wounds": -1}, "wounds: -1; give 0 or more (OP-46)"),
    ({"kind": "character_edit", "id": "kobayakawa-takakage"},
     "nothing to change for Kobayakawa Takakage: give one of name, clan, rank, status, captor, wounds, victories, "
     "academy_naval_art, veteran"),
    ({"kind": "character_edit", "id": "kobayakawa", "wounds": 1},
     "unknown character “kobayakawa”; did you mean Kobayakawa Takakage, Mōri (kobayakawa-takakage)?"),
    ({"kind": "character_add", "name": "Kōno Michinao II", "clan": "kono", "id": "kono-michinao"},
     "id: kono-michinao is already Kōno Michinao; give another id, or correct that character with a commander edit"),
    ({"kind": "character_add", "name": " ", "clan": "kono"},
     "name: a character needs a name, e.g. 'Kikkawa Motoharu'"),
])
def test_character_refusals(state, gamemap, payload, message):
    assert refused(state, gamemap, **payload) == message


def test_an_edit_concerns_the_ids_it_names_and_their_clans(state, gamemap):
    def subjects(**payload):
        parsed = RULESET.parse_edit(payload)
        new, _ = RULESET.apply_edit(state, gamemap, parsed)
        return RULESET.edit_subjects(state, new, parsed)

    assert subjects(kind="unit_edit", id="mori-kodama", damage=2, reason="x") == ["mori", "mori-kodama"]
    assert subjects(kind="unit_edit", id="otomo-wakabayashi", owner="mori", base_port="kusatsu", leader=None,
                    reason="x") == ["kusatsu", "mori", "otomo", "otomo-wakabayashi"]
    assert subjects(kind="unit_add", unit_kind="trade_fleet", owner="kono", name="Iyo-maru",
                    base_port="mitsu") == ["kono", "kono-iyo-maru", "mitsu"]
    assert subjects(kind="weather", storm=True) == []
    assert subjects(kind="relation", a="mori", b="miyoshi", relation="at_war") == ["miyoshi", "mori"]
