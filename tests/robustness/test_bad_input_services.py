"""Bad input through the services: Hypothesis-generated arguments for every
CampaignService use case that takes input from people (orders, settings,
turns, factions, channels, moderator edits, new campaigns, imports, undo).
Each call either does its work or is refused with a UserError or StoreError
whose message explains the refusal — and then the database is exactly as it
was.  Anything else (another exception) is a defect.

The values are of three sorts: real ids and orders with one field spoiled,
random JSON of the right outline, and plain random values.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings as hyp_settings, strategies as st

from bot.scenarios import load_shipped_scenario
from bot.services.errors import UserError
from bot.services.settings import flatten
from bot.store import StoreError
from tests.robustness.loop_world import LoopWorld
from tests.robustness.vocabulary import VOCAB

EXAMPLES = hyp_settings(max_examples=25, deadline=None, derandomize=True, database=None,
                        suppress_health_check=list(HealthCheck))
DEMO = load_shipped_scenario("seto-demo")
ORDERS = [(faction, payload) for faction, payloads in DEMO.file.orders.items() for payload in payloads]
CLANS = sorted(DEMO.state.clans)
EDIT_KINDS = ["army_set", "army_remove", "weather", "relation", "province_owner", "port", "treasury"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.sampled_from(VOCAB) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8)
words = st.one_of(st.sampled_from(VOCAB), st.text(max_size=30))
campaign_ids = st.sampled_from([1, 1, 1, 2, 0, -1, 10 ** 12])
# Role and channel ids: Discord snowflakes, but also what no SQLite integer holds.
snowflakes = st.none() | st.sampled_from([2 ** 63, 2 ** 64, -2 ** 63 - 1, 0]) | st.integers()
factions = st.one_of(st.sampled_from(CLANS), words)


@st.composite
def spoiled_order(draw) -> dict:
    """A real order with one field replaced, removed or added."""
    _, payload = draw(st.sampled_from(ORDERS))
    payload = dict(payload)
    field = draw(st.one_of(st.sampled_from(sorted(payload)), words))
    if draw(st.booleans()):
        payload.pop(field, None)
    else:
        payload[field] = draw(json_values)
    return payload


outlines = st.fixed_dictionaries({"kind": json_values, "unit": json_values}, optional={
    key: json_values for key in ("target", "port", "route", "subphase", "stake", "army")})
orders = st.one_of(spoiled_order(), outlines, st.dictionaries(words, json_values, max_size=5))
edits = st.builds(lambda kind, extra: {"kind": kind, **extra}, st.sampled_from(EDIT_KINDS) | words,
                  st.dictionaries(st.sampled_from(["clan", "area", "port", "army", "storm", "rice", "relation",
                                                   "owner", "guard", "clan_a", "clan_b", "name", "detachments"]),
                                  json_values, max_size=4))
setting_paths = st.one_of(st.sampled_from(sorted(flatten(DEMO.settings.model_dump(mode="json")))), words)

CALLS = {
    "submit_order": st.tuples(campaign_ids, factions, orders, st.booleans()).map(
        lambda a: ("submit_order", a[:3], {"moderator": a[3]})),
    "clear_order": st.tuples(campaign_ids, factions, words).map(lambda a: ("clear_order", a, {})),
    "set_setting": st.tuples(campaign_ids, setting_paths, words).map(lambda a: ("set_setting", a, {})),
    "open_turn": st.tuples(campaign_ids, st.none() | words, st.none() | words).map(lambda a: ("open_turn", a, {})),
    "link_faction": st.tuples(campaign_ids, factions, snowflakes, snowflakes).map(lambda a: ("link_faction", a, {})),
    "set_channels": st.tuples(campaign_ids, snowflakes, snowflakes).map(
        lambda a: ("set_channels", a[:1], {"report_channel_id": a[1], "moderator_role_id": a[2]})),
    "moderator_edit": st.tuples(campaign_ids, edits).map(lambda a: ("moderator_edit", a, {})),
    "create_campaign": st.tuples(st.sampled_from(["seto-demo"]) | words, st.none() | words).map(
        lambda a: ("create_campaign", a, {})),
    "import_": st.tuples(st.dictionaries(st.sampled_from(["format", "campaign", "state", "settings", "turns",
                                                          "orders", "resolutions"]) | words, json_values,
                                         max_size=5)).map(lambda a: ("import_", a, {})),
    "undo_last": st.tuples(campaign_ids).map(lambda a: ("undo_last", a, {})),
    "preview_turn": st.tuples(campaign_ids).map(lambda a: ("preview_turn", a, {})),
}


@pytest.fixture(scope="module")
def lw(tmp_path_factory):
    world = LoopWorld(tmp_path_factory.mktemp("bad-input-services"))
    yield world
    world.close()


@pytest.mark.parametrize("use_case", sorted(CALLS))
def test_bad_input_is_refused_with_a_reason_and_changes_nothing(lw, use_case):
    service = lw.world.service

    @EXAMPLES
    @given(call=CALLS[use_case])
    def run_once(call):
        name, args, kwargs = call
        before = lw.snapshot()
        try:
            lw.run(getattr(service, name)(*args, **kwargs))
        except (UserError, StoreError) as refusal:
            text = str(refusal)
            assert len(text) >= 12 and " " in text, f"{name}{args}: unexplained refusal {text!r}"
            assert lw.snapshot() == before, f"{name}{args} was refused ({text!r}) but changed the database"
    run_once()


def test_an_id_too_large_for_sqlite_is_refused_and_changes_nothing(lw):
    """Found by the test above: SQLite's OverflowError escaped the store as an unexpected error."""
    before = lw.snapshot()
    with pytest.raises(StoreError, match=r"cannot store a number that large .* up to 9223372036854775807"):
        lw.run(lw.world.service.set_channels(1, report_channel_id=2 ** 63))
    assert lw.snapshot() == before
