"""Table settings (a ``dict`` field whose rows moderators add, e.g. the royal fleets' ship types,
U0.1 / U-OP-15): a row, or one value of a row, is set by its dotted path, checked by the row's
model, and refused saying what is wrong.  Before, only paths of the default settings were known, so
an empty table could never be filled in ("unknown setting ship_types.galleon")."""

from __future__ import annotations

import json

import pytest

from bot.rulesets.royal_fleets.rules.model.settings import RoyalSettings
from bot.services.errors import UserError
from bot.services.settings import apply_setting, describe_setting

ROW = {"name": "Galleon", "attack": "3", "max_health": 4, "price": 300, "capacity_units": 2}


def test_a_new_row_of_a_table_is_set_whole_by_its_path():
    settings, old, new, note = apply_setting(RoyalSettings, {}, "ship_types.galleon", json.dumps(ROW))
    assert old is None
    assert new == {**ROW, "can_cross_maps": True, "can_occupy_trade_post": True}
    assert settings["ship_types"]["galleon"]["price"] == 300
    assert note.startswith("U-OP-15")


def test_one_value_of_an_existing_row_is_set_and_described_by_the_rows_field():
    first, *_ = apply_setting(RoyalSettings, {}, "ship_types.galleon", json.dumps(ROW))
    settings, old, new, note = apply_setting(RoyalSettings, first, "ship_types.galleon.price", "350")
    assert (old, new, settings["ship_types"]["galleon"]["price"]) == (300, 350, 350)
    assert note == describe_setting(RoyalSettings, "ship_types.galleon.price") == "U3: hiring (= construction) price in thalers"


def test_a_scalar_table_takes_a_value_per_key():
    settings, old, new, _ = apply_setting(RoyalSettings, {}, "trade_post_income.new_france", "120")
    assert (old, new, settings["trade_post_income"]) == (None, 120, {"new_france": 120})


def test_a_bad_row_is_refused_naming_what_is_wrong():
    with pytest.raises(UserError) as refused:
        apply_setting(RoyalSettings, {}, "ship_types.galleon", json.dumps({**ROW, "attack": "-1"}))
    assert "ship_types.galleon cannot be" in str(refused.value)
    assert "greater than 0" in str(refused.value)


def test_a_value_that_is_no_field_of_the_row_is_an_unknown_setting():
    with pytest.raises(UserError, match="unknown setting"):
        apply_setting(RoyalSettings, {}, "ship_types.galleon.colour", "red")
    with pytest.raises(UserError, match="unknown setting"):
        apply_setting(RoyalSettings, {}, "ship_types.galleon.attack.more", "1")
