"""A walk over every campaign setting (issue 10): a wrong value is refused when it is set,
with a message naming the setting and what it allows, and every value that is accepted —
odd ones above all: the ends of ranges, the shortest sub-phase lists, extreme dice — still
lets the demo turn resolve and its reports build.  Before, ``sq_plunder_loot_dice:banana``
or ``subphases=["SP1","SP1"]`` were taken and broke every resolution after."""

from __future__ import annotations

import pytest

from bot.domain.text import quote

from bot.engine.dice import SeededDice
from bot.engine.ruleset import SubmittedOrder
from bot.mapfiles import load_shipped_map
from bot.report import ReportInput
from bot.report.presenters import presenter
from bot.plugins import get_ruleset
from bot.scenarios import load_shipped_scenario
from bot.services.errors import UserError
from bot.services.settings import apply_setting, flatten

RULESET = get_ruleset("sengoku")
MODEL = RULESET.settings_model
DEMO = load_shipped_scenario("seto-demo")
DEFAULTS = DEMO.settings.model_dump(mode="json")
KEYS = sorted(flatten(MODEL().model_dump(mode="json")))
WRONG_FOR_EVERY_KEY = ["banana", "null", "{}", "[1, 2]", "1.5"]
# Odd but perhaps valid, for every key: each accepted one must resolve.
ODD = ["true", "false", "0", "1", "2", "5", "20", "25", "50", "51", "-1", "1000000", "[]", '["SP1"]', '["SP1", "SP3"]',
       '["SP1", "SP1"]', '["SP3", "SP1"]', '["SP2", "SP3"]', "d2", "100d1000", "d6-1", "d6-2", "2D6", "0d6"]


def choices(key: str) -> list[str]:
    """ODD plus every value a choice setting names (its refusal lists them)."""
    try:
        apply_setting(MODEL, DEFAULTS, key, "banana")
    except UserError as refusal:
        listed = str(refusal).split("Allowed: one of ", 1)
        if len(listed) == 2:
            return ODD + listed[1].split(", ")
    return ODD


def resolves(settings: dict) -> None:
    orders = [SubmittedOrder(faction=f, unit=RULESET.order_slot(RULESET.parse_order(p)), seq=i, payload=p)
              for i, (f, p) in enumerate((f, p) for f, ps in DEMO.file.orders.items() for p in ps)]
    gamemap, dice = load_shipped_map(DEMO.file.map), SeededDice("settings-walk")
    model = MODEL.model_validate(settings)
    result = RULESET.resolve(DEMO.state, gamemap, model, orders, dice)
    presenter("sengoku").build_reports(ReportInput(
        campaign_name="walk", turn=DEMO.state.turn, seed="settings-walk", commitment="-", gamemap=gamemap,
        before=DEMO.state, after=result.state, events=result.events, rolls=list(dice.log)))


@pytest.mark.parametrize("key", KEYS)
def test_a_wrong_value_is_refused_naming_what_is_allowed(key):
    for text in WRONG_FOR_EVERY_KEY:
        with pytest.raises(UserError) as refused:
            apply_setting(MODEL, DEFAULTS, key, text)
        assert str(refused.value).startswith(f"{key} cannot be {quote(text)}: ") and ". Allowed: " in str(refused.value)


def test_the_refusals_of_issue_10():
    with pytest.raises(UserError, match=r"sq_plunder_loot_dice cannot be “banana”: bad die expression 'banana': "
                                        r"expected e.g. d6, 2d6, d6-1, 2d6-2. Allowed: e.g. 2d6 or d6"):
        apply_setting(MODEL, DEFAULTS, "sq_plunder_loot_dice", "banana")
    with pytest.raises(UserError, match=r"subphases cannot be .*: the sub-phases start with SP1 and list each of "
                                        r"SP1, SP2, SP3 at most once, in that order"):
        apply_setting(MODEL, DEFAULTS, "subphases", '["SP1", "SP1"]')


@pytest.mark.parametrize("key", KEYS)
def test_every_value_accepted_lets_the_demo_turn_resolve(key):
    tried = []
    for text in choices(key):
        try:
            settings, _, new, _ = apply_setting(MODEL, DEFAULTS, key, text)
        except UserError:
            continue
        if new in tried:
            continue  # "1" and "true" may give the same value
        tried.append(new)
        try:
            resolves(settings)
        except Exception as exc:  # noqa: BLE001 - the failure names the setting that broke it
            pytest.fail(f"{key} = {text!r} was accepted but the demo turn does not resolve: {exc!r}")
    assert tried, f"no value of {key} was accepted at all"
