"""Moderator edits of units (bot/rulesets/sengoku/rules/moderation/moderator_units.py): add, correct
(a resolution's result overridden, with a reason) and remove squadrons, trade
fleets and heavy detachments.  Each kind with its exact change to the state,
and its refusals, which name the rule and what would be right and change
nothing."""

from __future__ import annotations

import pytest

from bot.engine.ruleset import OrderRejected
from bot.rulesets.sengoku.rules.model.model import CaptureCredit, UnitState
from tests.rules.test_moderator_edits import RULESET, gamemap, state  # noqa: F401 (fixtures)


def edit(before, gamemap, **payload):
    """Through the ruleset, as the service calls it; the input state must come back untouched."""
    kept = before.model_dump(mode="json")
    new, text = RULESET.apply_edit(before, gamemap, RULESET.parse_edit(payload))
    assert before.model_dump(mode="json") == kept
    return new, text


def refused(before, gamemap, **payload) -> str:
    kept = before.model_dump(mode="json")
    with pytest.raises(OrderRejected) as caught:
        RULESET.apply_edit(before, gamemap, RULESET.parse_edit(payload))
    assert before.model_dump(mode="json") == kept
    return str(caught.value)


def fields(unit) -> dict:
    return unit.model_dump(mode="json")


# unit_add

def test_a_squadron_is_added_at_its_port_with_an_id_from_its_name(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_add", unit_kind="squadron", owner="mori", name="Kikkawa-1",
                     base_port="tomo", experience=1, reason="built turn 2")
    squadron = new.squadrons["mori-kikkawa-1"]
    assert fields(squadron) == {**fields(squadron), "name": "Kikkawa-1", "owner": "mori", "base_port": "tomo",
                                "location": "bingo", "state": "active", "damage": 0, "experience": 1, "leader": None}
    assert text == "Squadron Kikkawa-1 (`mori-kikkawa-1`) of Mōri added: active, based at Tomo, in Bingo, damage 0, " \
                   "XP 1."
    assert set(new.squadrons) - set(state.squadrons) == {"mori-kikkawa-1"}


def test_a_new_squadron_gets_a_free_leader_of_its_clan_only(state, gamemap):
    message = refused(state, gamemap, kind="unit_add", unit_kind="squadron", owner="mori", name="Kikkawa-1",
                      base_port="tomo", leader="kobayakawa-takakage")
    assert message == ("leader: Kobayakawa Takakage already leads Kobayakawa-1 (`mori-kobayakawa`); a character "
                       "leads one squadron at a time (OP-44 c): give that squadron another leader first")
    message = refused(state, gamemap, kind="unit_add", unit_kind="squadron", owner="mori", name="Kikkawa-1",
                      base_port="tomo", leader="kono-michinao")
    assert message == "leader: Kōno Michinao is a character of Kōno, not of Mōri; give a leader of Mōri, or none (S9.2)"


def test_a_trade_fleet_and_a_heavy_detachment_are_added(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_add", unit_kind="trade_fleet", owner="kono", name="Iyo-maru",
                     base_port="mitsu", damage=1)
    fleet = new.fleets["kono-iyo-maru"]
    assert (fleet.owner, fleet.base_port, fleet.location, fleet.damaged) == ("kono", "mitsu", "iyo", True)
    assert text == "Trade fleet Iyo-maru (`kono-iyo-maru`) of Kōno added: active, based at Mitsu, in Iyo, damaged."
    new, text = edit(state, gamemap, kind="unit_add", unit_kind="heavy_detachment", owner="mori",
                     attached_to="mori-kodama")
    hd = new.heavy["mori-kodama-hd"]
    assert (hd.owner, hd.attached_to, hd.base_port, hd.damage) == ("mori", "mori-kodama", "mitajiri", 0)
    assert text == ("Heavy detachment `mori-kodama-hd` of Mōri added: active, based at Mitajiri, damage 0, "
                    "attached to Kodama-2.")


@pytest.mark.parametrize("payload, message", [
    ({"unit_kind": "squadron", "owner": "mori", "base_port": "tomo"},
     "name: a squadron needs a name, e.g. 'Kobayakawa-2'"),
    ({"unit_kind": "squadron", "owner": "mori", "name": "X", "id": "mori-kodama", "base_port": "tomo"},
     "id: mori-kodama is already the id of Kodama-2, Mōri squadron; give another id, or correct that unit with a "
     "unit edit"),
    ({"unit_kind": "squadron", "owner": "mori", "name": "X"},
     "base_port: an active squadron needs a base port; a unit without one must be disbanded or mothballed on its "
     "owner's coast (S2.5)"),
    ({"unit_kind": "squadron", "owner": "mori", "name": "X", "base_port": "moji"},
     "base_port: Moji is Ōtomo's, not Mōri's; a unit is based at its own clan's port (S2.1; abroad only by an "
     "agreement, S2.4). Mōri's ports: Akamagaseki, Kusatsu, Mitajiri, Tomo; or give the port to Mōri first with a "
     "port edit"),
    ({"unit_kind": "heavy_detachment", "owner": "mori", "attached_to": "otomo-usuki"},
     "attached_to: Usuki-3 is Ōtomo's and active; a heavy detachment joins an active squadron of its own clan (Mōri) "
     "(S4.10)"),
    ({"unit_kind": "trade_fleet", "owner": "mori", "name": "X", "base_port": "tomo", "experience": 1},
     "experience: a trade fleet has no experience of its own (S9.1: only war squadrons gain it)"),
    ({"unit_kind": "squadron", "owner": "shimazu", "name": "X", "base_port": "tomo"},
     "owner: unknown clan “shimazu”; clans: Kōno (kono), Miyoshi (miyoshi), Mōri (mori), Ōtomo (otomo)"),
])
def test_unit_add_refusals(state, gamemap, payload, message):
    assert refused(state, gamemap, kind="unit_add", **payload) == message


# unit_edit: overriding a resolution's result

def test_damage_and_experience_are_corrected_and_the_change_is_listed(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_edit", id="mori-kodama", damage=3, experience=2,
                     reason="round 2 loss roll misread")
    assert (new.squadrons["mori-kodama"].damage, new.squadrons["mori-kodama"].experience) == (3, 2)
    assert text == "Squadron Kodama-2 (`mori-kodama`) of Mōri: damage 1 → 3; experience 1 → 2."


def test_a_sunk_squadron_is_restored(state, gamemap):
    state.squadrons["mori-kodama"].state = UnitState.DESTROYED
    state.squadrons["mori-kodama"].damage = 5
    new, text = edit(state, gamemap, kind="unit_edit", id="mori-kodama", state="active", damage=4,
                     reason="the storm roll was for another fleet")
    squadron = new.squadrons["mori-kodama"]
    assert (squadron.state, squadron.damage, squadron.base_port) == (UnitState.ACTIVE, 4, "mitajiri")
    assert text == "Squadron Kodama-2 (`mori-kodama`) of Mōri: state destroyed → active; damage 5 → 4."


def test_undoing_a_capture_voids_the_captors_credit(state, gamemap):
    state.squadrons["mori-kodama"].state = UnitState.CAPTURED
    state.credits.append(CaptureCredit(id="credit:3:mori-kodama", holder="otomo", kind="squadron",
                                       holders=["otomo-usuki"], turn_captured=3))
    new, text = edit(state, gamemap, kind="unit_edit", id="mori-kodama", state="active", reason="capture undone")
    assert new.squadrons["mori-kodama"].state is UnitState.ACTIVE and new.credits[0].void is True
    assert text.endswith("state captured → active. Ōtomo's capture credit credit:3:mori-kodama for it is void now "
                         "(S8.4.6).")


def test_a_squadron_set_destroyed_lets_its_leader_and_heavy_detachment_go(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_edit", id="mori-kobayakawa", state="destroyed", reason="sunk")
    assert new.squadrons["mori-kobayakawa"].leader is None
    assert new.heavy["mori-kobayakawa-hd"].attached_to is None
    assert text == ("Squadron Kobayakawa-1 (`mori-kobayakawa`) of Mōri: state active → destroyed; leader Kobayakawa "
                    "Takakage → none. Kobayakawa Takakage no longer leads it. Heavy detachment mori-kobayakawa-hd is "
                    "detached and stays at Kusatsu.")


def test_a_heavy_detachment_sunk_on_its_own_leaves_its_squadron(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_edit", id="miyoshi-ataki-hd2", state="destroyed", damage=5,
                     reason="sank at Yura")
    hd = new.heavy["miyoshi-ataki-hd2"]
    assert (hd.state, hd.damage, hd.attached_to) == (UnitState.DESTROYED, 5, None)
    assert [h.id for h in new.hds_of("miyoshi-ataki")] == ["miyoshi-ataki-hd1"]
    assert text == ("Heavy detachment `miyoshi-ataki-hd2` of Miyoshi: state active → destroyed; damage 1 → 5; "
                    "attached to Ataki-bune → none. It is detached from Ataki-bune.")


def test_moving_a_cruiser_ends_its_standing_cruise(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_edit", id="otomo-tahara", location="buzen", reason="never sailed")
    squadron = new.squadrons["otomo-tahara"]
    assert (squadron.location, squadron.station, squadron.standing) == ("buzen", None, None)
    assert text == "Squadron Tahara-2 (`otomo-tahara`) of Ōtomo: location Suō → Buzen. Its standing cruise off Suō " \
                   "ends (S4.3.4)."


def test_a_squadron_given_to_another_clan_takes_its_heavy_detachment(state, gamemap):
    new, _ = edit(state, gamemap, kind="unit_edit", id="otomo-wakabayashi", owner="mori", base_port="kusatsu",
                  leader=None, reason="handed over under S2.6")
    assert new.squadrons["otomo-wakabayashi"].owner == "mori"
    assert (new.heavy["otomo-wakabayashi-hd"].owner, new.heavy["otomo-wakabayashi-hd"].base_port) == \
        ("mori", "kusatsu")


def test_a_trade_fleet_damage_is_yes_or_no(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_edit", id="mori-akita-maru", damage=1, reason="plundered")
    assert new.fleets["mori-akita-maru"].damaged is True
    assert text == "Trade fleet Akita-maru (`mori-akita-maru`) of Mōri: damaged false → true."


def test_a_squadron_can_be_mothballed_on_its_owners_coast(state, gamemap):
    new, _ = edit(state, gamemap, kind="unit_edit", id="mori-kodama", state="mothballed", location="suo",
                  base_port=None, reason="port lost")
    squadron = new.squadrons["mori-kodama"]
    assert (squadron.state, squadron.location, squadron.base_port) == (UnitState.MOTHBALLED, "suo", None)


@pytest.mark.parametrize("payload, message", [
    ({"id": "mori-kodama", "damage": 2},
     "reason: a unit correction needs a reason (e.g. 'battle of Iyo replayed: the loss roll was misread'); it is "
     "kept in the audit log with the edit"),
    ({"id": "mori-kodma", "damage": 2, "reason": "x"},
     "unknown unit “mori-kodma”; did you mean Kodama-2, Mōri squadron (mori-kodama) or Noshima Murakami, Mōri "
     "squadron (mori-noshima) or Tomo-maru, Mōri trade fleet (mori-tomo-maru)?"),
    ({"id": "mori-kodama", "damage": 7, "reason": "x"},
     "damage: 7; damage runs from 0 to 5, and a squadron is destroyed on reaching 5 (S8.4.3, OP-35)"),
    ({"id": "mori-kodama", "damage": 5, "reason": "x"},
     "damage: 5 means the squadron is destroyed (S8.4.3, OP-35); give 0–4, or set its state to destroyed"),
    ({"id": "mori-kodama", "experience": 3, "reason": "x"},
     "experience: 3; a squadron's experience runs from 0 to 2 (S9.1.2)"),
    ({"id": "mori-kobayakawa-hd", "experience": 1, "reason": "x"},
     "experience: a heavy detachment has no experience of its own (S4.10.5, S9.1.3)"),
    ({"id": "mori-akita-maru", "damage": 2, "reason": "x"},
     "damage: 2; a trade fleet is damaged or not (S3.2.5): give 0 (sound) or 1 (damaged)"),
    ({"id": "mori-kodama", "base_port": "funai", "reason": "x"},
     "base_port: Funai is Ōtomo's, not Mōri's; a unit is based at its own clan's port (S2.1; abroad only by an "
     "agreement, S2.4). Mōri's ports: Akamagaseki, Kusatsu, Mitajiri, Tomo; or give the port to Mōri first with a "
     "port edit"),
    ({"id": "mori-kodama", "state": "mothballed", "location": "iyo", "reason": "x"},
     "location: a mothballed unit lies on the coast of a province of its owner (S2.5); give a coastal province of "
     "Mōri"),
    ({"id": "mori-kodama", "leader": "kono-michinao", "reason": "x"},
     "leader: Kōno Michinao is a character of Kōno, not of Mōri; give a leader of Mōri, or none (S9.2)"),
    ({"id": "mori-kodama", "leader": "tahara-chikakata", "reason": "x"},
     "leader: Tahara Chikakata already leads Tahara-2 (`otomo-tahara`); a character leads one squadron at a time "
     "(OP-44 c): give that squadron another leader first"),
    ({"id": "mori-kodama", "attached_to": "mori-kobayakawa", "reason": "x"},
     "attached_to: only a heavy detachment is attached to a squadron (S4.10)"),
    ({"id": "mori-kobayakawa-hd", "name": "Big ships", "reason": "x"},
     "name: a heavy detachment has no name of its own, only its id (S12.2)"),
    ({"id": "mori-kodama", "reason": "x"},
     "nothing to change for Squadron Kodama-2 (`mori-kodama`) of Mōri: give one of owner, name, state, base_port, "
     "location, damage, experience, attached_to, leader"),
])
def test_unit_edit_refusals(state, gamemap, payload, message):
    assert refused(state, gamemap, kind="unit_edit", **payload) == message


# unit_remove

def test_a_unit_entered_by_mistake_is_removed_and_its_heavy_detachment_stays(state, gamemap):
    new, text = edit(state, gamemap, kind="unit_remove", id="mori-kobayakawa")
    assert "mori-kobayakawa" not in new.squadrons and new.heavy["mori-kobayakawa-hd"].attached_to is None
    assert text == ("Squadron Kobayakawa-1 (`mori-kobayakawa`) of Mōri removed from the campaign (active, based at "
                    "Kusatsu, in Aki, damage 0, XP 1, led by Kobayakawa Takakage). Heavy detachment "
                    "mori-kobayakawa-hd is detached and stays based at Kusatsu.")
    assert refused(state, gamemap, kind="unit_remove", id="Kobayakawa") == (
        "unknown unit “Kobayakawa”; did you mean Kobayakawa-1, Mōri squadron (mori-kobayakawa) or mori-kobayakawa-hd, "
        "Mōri heavy detachment (mori-kobayakawa-hd)?")
