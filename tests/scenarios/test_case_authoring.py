"""What a moderator needs to write a case from outside the code
(docs/scenarios.md): every dice key listed at once, events in any order, a
flat submission order, the state during the turn, veterans and the art
stated directly, an inline map, and ids that keep their case in every key."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

from bot.__main__ import main
from bot.cases.runner import run_case

CASES = Path(__file__).parent / "cases"
MAPS = Path(__file__).parent / "maps"
ESCORTS = CASES / "landing" / "escorts_meet_head_on.yaml"


def _case(tmp_path: Path, source: Path, name: str = "case.yaml", edit=lambda data: data) -> Path:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    if "map_file" in data:
        data["map_file"] = str((source.parent / data["map_file"]).resolve())
    path = tmp_path / name
    path.write_text(yaml.safe_dump(edit(data), allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _problems(path: Path) -> list[str]:
    return run_case(path).problems


# 1. --list-keys -------------------------------------------------------------

def test_list_keys_prints_every_roll_with_its_die_ready_to_paste(tmp_path, capsys):
    planned = yaml.safe_load(ESCORTS.read_text(encoding="utf-8"))["dice"]
    path = _case(tmp_path, ESCORTS, edit=lambda d: {**d, "dice": {}})
    assert main(["scenario", "--list-keys", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# case.yaml: 6 roll(s), in the order the rules make them; 6 new")
    listed = yaml.safe_load(out)["dice"]
    # The same keys; a die may differ where it follows an earlier face (the landing's
    # losses follow the interception's category), which is why a listing is redone.
    assert set(listed) == set(planned)
    assert listed["battle:sp1-wl-mid-s2-TB-TR:ER:r1"].startswith("2d6: ")
    assert out.count("# new") == 6
    assert _problems(path)[-1] == f"every roll this case needs: python -m bot scenario --list-keys {path}"
    # Pasted as printed, the case no longer stops at an unplanned roll.
    pasted = _case(tmp_path, ESCORTS, "pasted.yaml", edit=lambda d: {**d, "dice": listed})
    assert not any("unplanned" in p or "never made" in p for p in _problems(pasted))


def test_list_keys_keeps_planned_faces_and_names_unused_keys(tmp_path, capsys):
    def edit(data):
        data["dice"]["battle:nowhere:X:r1"] = [1, 1]
        return data
    path = _case(tmp_path, ESCORTS, edit=edit)
    assert main(["scenario", "--list-keys", str(path)]) == 0
    out = capsys.readouterr().out
    assert '"intercept:TB:sp1:ER":              "2d6: 3 3"\n' in out and "# new" not in out
    assert out.rstrip().endswith("# planned but never rolled (remove them): battle:nowhere:X:r1")


# 3. events_order: any ---------------------------------------------------------

def test_events_in_any_order(tmp_path):
    def reverse(order):
        def edit(data):
            data["expect"]["events"].reverse()
            if order:
                data["expect"]["events_order"] = order
            return data
        return edit
    assert any("was expected after event" in p for p in _problems(_case(tmp_path, ESCORTS, edit=reverse(None))))
    assert _problems(_case(tmp_path, ESCORTS, edit=reverse("any"))) == []


def test_any_order_needs_one_event_per_pattern(tmp_path):
    def edit(data):
        data["expect"]["events_order"] = "any"
        data["expect"]["events"] = [{"kind": "evacuation_ready"}, {"kind": "evacuation_ready", "fleets": ["TR"]}]
        return data
    problems = _problems(_case(tmp_path, ESCORTS, edit=edit))
    assert problems[0] == ("event {'kind': 'evacuation_ready', 'fleets': ['TR']} was expected (in any order); it occurred only as "
                           "often as other expected events already need")


# 4. a flat, ordered list of orders ----------------------------------------------

FLAT = """
case: R4-flat
title: The flat list's order is the submission order
rules: [S2.3, R4]
ruleset: sengoku
map_file: {map}
settings: {{subphases: [SP1]}}
state:
  clans: {{red: {{name: Red}}, green: {{name: Green}}}}
  area_owner: {{west: red, mid: red, east: green}}
  squadrons:
    M1: {{name: M1, owner: red, base_port: mport}}
    M2: {{name: M2, owner: red, base_port: mport}}
    M3: {{name: M3, owner: red, base_port: mport}}
    M4: {{name: M4, owner: red, base_port: mport}}
    X1: {{name: X1, owner: red, base_port: wport}}
    X2: {{name: X2, owner: red, base_port: wport}}
    G: {{name: Gin, owner: green, base_port: eport}}
orders:
  - {{clan: red, kind: base, unit: {first}, port: mport}}
  - {{clan: green, kind: sq_idle, unit: G}}
  - {{clan: red, kind: base, unit: {second}, port: mport}}
expect:
  state:
    squadrons.{first}.base_port: mport
    squadrons.{second}.base_port: wport
  events:
    - {{kind: based, unit: {first}}}
    - {{kind: base_refused, unit: {second}}}
"""


def test_a_flat_order_list_is_submitted_in_its_order(tmp_path):
    for first, second in (("X1", "X2"), ("X2", "X1")):
        path = tmp_path / f"{first}.yaml"
        path.write_text(FLAT.format(map=MAPS / "channel.toml", first=first, second=second), encoding="utf-8")
        assert _problems(path) == []
    from bot.cases.procedures import submitted_orders
    from bot.plugins import get_ruleset
    orders = submitted_orders(get_ruleset("sengoku"), [{"clan": "red", "kind": "base", "unit": "X1"},
                                                       {"clan": "green", "kind": "sq_idle", "unit": "G"}])
    assert [(o.faction, o.unit, o.seq) for o in orders] == [("red", "X1", 1), ("green", "unit:G", 2)]  # X1 names no port: unreadable, bare unit
    assert "clan" not in orders[0].payload


# 5. the state during the turn -----------------------------------------------------

def test_during_shows_the_per_turn_flags_the_turn_end_clears(tmp_path):
    def edit(data):
        data["expect"]["state"].update({"fleets.TR.evac_ready": False, "squadrons.EB.dispersed": False})
        data["expect"]["during"] = {"SP1": {"fleets.TR.evac_ready": True, "squadrons.EB.dispersed": True},
                                    "turn_end": {"fleets.TR.evac_ready": True}}
        return data
    assert _problems(_case(tmp_path, ESCORTS, edit=edit)) == []

    def pending(data):  # S8.5-A FL: the fleet is damaged only at the end of the turn
        data["expect"]["during"] = {"turn_end": {"fleets.T.damage_pending_turn_end": True, "fleets.T.damaged": False}}
        data["expect"]["state"].update({"fleets.T.damage_pending_turn_end": False, "fleets.T.damaged": True})
        return data
    assert _problems(_case(tmp_path, CASES / "landing" / "interception_fl_heavy_march.yaml", edit=pending)) == []

    def repaired(data):  # S3.2.6: repaired in SP1; S12.5 7.7 clears the flag
        data["expect"]["during"] = {"SP1": {"fleets.D.repaired_this_turn": True},
                                    "turn_end": {"fleets.D.repaired_this_turn": True}}
        return data
    assert _problems(_case(tmp_path, CASES / "trade" / "tf_repair_timber.yaml", edit=repaired)) == []


def test_during_names_a_wrong_moment_and_a_wrong_value(tmp_path):
    def edit(data):
        data["expect"]["during"] = {"SP2": {"fleets.TR.evac_ready": True}, "SP1": {"fleets.TR.evac_ready": False}}
        return data
    assert _problems(_case(tmp_path, ESCORTS, edit=edit)) == [
        "during: no moment 'SP2' in this case (moments: SP1, turn_end)",
        "during SP1: fleets.TR.evac_ready is True, expected False"]


# 6. veteran and naval art stated directly ----------------------------------------

HELPERS = CASES / "battle" / "s4_2_4_helpers_join.yaml"


def test_veteran_true_stands_for_the_history(tmp_path):
    def edit(data):
        data["state"]["characters"]["LB"] = {"name": "Hattori", "clan": "blue", "kind": "commander", "veteran": True}
        return data
    assert _problems(_case(tmp_path, HELPERS, edit=edit)) == []

    def novice(data):
        data["state"]["characters"]["LB"]["veteran"] = False
        return data
    assert _problems(_case(tmp_path, HELPERS, edit=novice)) == [
        "ScenarioError: case.yaml: characters.LB: veteran: false, but naval_events lists a naval event before turn 3"]


def test_naval_art_true_makes_the_art_active(tmp_path):
    from bot.mapfiles import load_map_file
    from bot.rulesets.sengoku.rules.model.scenario import ScenarioError, build_state

    gamemap = load_map_file(MAPS / "channel.toml")
    raw = {"clans": {"red": {"name": "Red"}},
           "characters": {"k": {"name": "K", "clan": "red", "kind": "commander", "naval_art": True, "veteran": True},
                          "a": {"name": "A", "clan": "red", "kind": "commander", "naval_art": True,
                                "academy_naval_art": True}}}
    state = build_state(raw, gamemap, "s.yaml")
    assert state.characters["k"].art_active() and state.characters["k"].is_veteran(1)
    assert state.characters["k"].victories == 3 and state.characters["a"].victories == 1
    raw["characters"]["k"].update(naval_art=False, victories=3)
    try:
        build_state(raw, gamemap, "s.yaml")
    except ScenarioError as exc:
        assert exc.problems == ["s.yaml: characters.k: naval_art: false, but 3 victories make the art active (S9.3)"]
    else:
        raise AssertionError("naval_art: false with three victories was accepted")


# 7. an inline map; ids keep their case ---------------------------------------------

def test_an_inline_map(tmp_path):
    channel = tomllib.loads((MAPS / "channel.toml").read_text(encoding="utf-8"))

    def inline(data):
        del data["map_file"]
        data["map"] = channel
        return data
    assert _problems(_case(tmp_path, ESCORTS, edit=inline)) == []

    def broken(data):
        del data["map_file"]
        data["map"] = {**channel, "areas": {**channel["areas"], "mid": {**channel["areas"]["mid"], "x": "far"}}}
        return data
    assert _problems(_case(tmp_path, ESCORTS, edit=broken)) == [
        "MapError: case.yaml: map: areas.mid: key 'x': Input should be a valid number, "
        "unable to parse string as a number"]


def test_clan_ids_keep_their_case_in_port_attack_keys(tmp_path):
    """Every id keeps its case in a key; before, port attacks lower-cased the clans and
    escort battles the lead fleets (the landing case shipped as ``…-TB-TR``)."""
    source = (CASES / "w3" / "port_04_defenders_win_normal_tables.yaml").read_text(encoding="utf-8")
    source = re.sub(r"\bred\b", "Red", re.sub(r"\bblue\b", "Blue", source))
    assert "battle:sp1-w3-eport-Blue-Red:A:r1" in source
    path = tmp_path / "caps.yaml"
    path.write_text(source.replace("../../maps/", f"{MAPS.as_posix()}/"), encoding="utf-8")
    assert _problems(path) == []


def test_a_flat_order_without_its_clan_is_named(tmp_path):
    path = tmp_path / "noclan.yaml"
    path.write_text("case: x\ntitle: x\nrules: [S2]\nruleset: sengoku\nmap: seto\nstate: {clans: {red: {name: Red}}}\n"
                    "orders:\n  - {clan: red, kind: sq_idle, unit: B}\n  - {kind: sq_idle, unit: A}\n", encoding="utf-8")
    assert _problems(path) == ["cannot read the case: noclan.yaml: orders: order 2 (sq_idle A): in a flat list each "
                               "order names its clan, e.g. {clan: red, kind: sq_idle, unit: A}"]


def test_the_docs_worked_example_is_the_shipped_case():
    docs = (Path(__file__).parents[2] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    start = docs.index("case: example-veteran")
    shipped = (CASES / "worked" / "moderator_example_veteran_meets_cruiser.yaml").read_text(encoding="utf-8")
    assert docs[start:docs.index("```", start)] == shipped[shipped.index("case: example-veteran"):]


def test_an_order_of_a_clan_the_state_has_not_is_named(tmp_path):
    """A typo in an order's clan (flat or grouped) made the order fall back silently and the case fail on
    some later expectation; the runner now names the clan and the clans there are."""
    source = CASES / "turn" / "inline_map_rebasing.yaml"

    def flat(data):
        data["orders"][0]["clan"] = "rde"
        return data

    def grouped(data):
        data["orders"] = {"rde": [{k: v for k, v in data["orders"][0].items() if k != "clan"}]}
        return data

    for edit in (flat, grouped):
        assert _problems(_case(tmp_path, source, edit=edit)) == [
            "ValueError: orders name the clan 'rde', which the case's state has not; its clans: red"]
