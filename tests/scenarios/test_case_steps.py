"""Cases made of steps (issue 12, bot/cases/steps.py, docs/scenarios.md "Steps"): the runner
follows the ruleset's chain (Sengoku: orders, then the captives' choices, OP-46 c) and says what
a case left out or got wrong, each as one line."""

from __future__ import annotations

from pathlib import Path

from bot.cases.runner import run_case

CASES = Path(__file__).parent / "cases"
ASKED = CASES / "captives" / "op46c_asked_and_answered.yaml"
STEP = """steps:
  - kind: captives
    asked: ["captive:kobayakawa"]
    answers: {"captive:kobayakawa": suicide}
"""


def _variant(tmp_path, steps: str) -> list[str]:
    """The asked-and-answered case with ``steps`` (its text from ``steps:`` on) in place of its own."""
    head = ASKED.read_text(encoding="utf-8").split("steps:\n")[0]
    head = head.replace("map_file: ../../maps/channel.toml", f"map_file: {(CASES.parent / 'maps' / 'channel.toml').as_posix()}")
    path = tmp_path / "variant.yaml"
    path.write_text(head + steps, encoding="utf-8")
    return run_case(path).problems


def test_a_chain_of_steps_passes_as_written(tmp_path):
    assert _variant(tmp_path, STEP) == []


def test_a_question_neither_answered_nor_defaulted_says_how_to_answer_it(tmp_path):
    problems = _variant(tmp_path, "steps:\n  - kind: captives\n")
    assert problems[0] == (
        "step 2 (captives): captive:kobayakawa (Kobayakawa was captured by Blue and may commit suicide (S9.4, "
        "OP-46): what does Kobayakawa do?) is asked of red and neither answered nor left to its default: "
        "answers: {captive:kobayakawa: <one of suicide, remain_captive>} or defaults: [captive:kobayakawa]")


def test_a_step_that_opens_after_the_last_listed_one_is_named(tmp_path):
    assert _variant(tmp_path, "steps: []\n") == [
        "step 2 opens after the last step the case lists: captives (captives' choices: captive:kobayakawa); "
        "list it in steps: (its answers or defaults)"]


def test_a_step_listed_after_the_turn_is_over_is_named(tmp_path):
    assert _variant(tmp_path, STEP + "  - kind: captives\n") == [
        "step 3: the turn was over after step 2 (captives); the case lists 1 more step(s)"]


def test_an_unknown_question_a_wrong_kind_and_a_bad_choice_are_each_named(tmp_path):
    problems = _variant(tmp_path, "steps:\n  - kind: orders\n    answers: {\"captive:kobayakawa\": seppuku, "
                                  "\"captive:hattori\": suicide}\n")
    assert problems[:3] == [
        "step 2 (captives): expected a step of kind 'orders'",
        "step 2 (captives): no question 'captive:hattori' in this step; its questions: captive:kobayakawa",
        "step 2 (captives): captive:kobayakawa: 'seppuku' is not one of its choices: suicide, remain_captive"]


def test_a_standing_answer_cannot_be_answered_again(tmp_path):
    head = ASKED.read_text(encoding="utf-8").replace("kind: commander}", "kind: commander, if_captured: remain_captive}")
    head = head.split("steps:\n")[0].replace("map_file: ../../maps/channel.toml",
                                             f"map_file: {(CASES.parent / 'maps' / 'channel.toml').as_posix()}")
    path = tmp_path / "standing.yaml"
    path.write_text(head + "steps:\n  - standing: {\"captive:kobayakawa\": suicide}\n"
                    "    answers: {\"captive:kobayakawa\": suicide}\n", encoding="utf-8")
    assert run_case(path).problems == [
        "step 2 (captives): captive:kobayakawa is answered by a standing order ('remain_captive') when the step "
        "opens; an answer given cannot be changed: remove it from answers/defaults",
        "step 2 (captives): captive:kobayakawa: the standing answer is 'remain_captive', expected 'suicide'"]


def test_only_a_turn_has_steps(tmp_path):
    path = tmp_path / "submit.yaml"
    path.write_text("case: x\ntitle: x\nrules: [S2]\nruleset: sengoku\nmap: seto\nprocedure: submit\n"
                    "state: {clans: {red: {name: Red}}}\nsteps: []\n", encoding="utf-8")
    assert run_case(path).problems == [
        "cannot read the case: submit.yaml: top level: steps: only a turn has steps (procedure: turn), "
        "not procedure submit"]
