"""The core's condition language (bot/engine/conditions.py, issue 12), lifted from Sengoku's S5.5
policies: clauses joined by ``and``, always/never, visible and hidden facts, set-valued facts, and
each refusal a message id — the core's own words (citing no rule) unless the ruleset gives its own."""

from __future__ import annotations

import pytest

from bot.engine.conditions import Condition, Facts, Refusal, Refusals, parse_condition
from bot.engine.ruleset import OrderRejected
from bot.localized import Text
from bot.rulesets.sengoku.rules.orders.policy import FACTS, Policy, parse_policy

TOY = Facts(visible={"foes": "foes in sight", "friends": "friends here", "flags": "the flags in sight"},
            hidden={"foe_strength": "the foes' strength"}, sets={"flags": "red"}, example="foes <= friends")


def _refusal(text: str, facts: Facts = TOY, **kwargs) -> OrderRejected:
    with pytest.raises(OrderRejected) as caught:
        parse_condition(facts, text, "when", **kwargs)
    return caught.value


def test_clauses_joined_by_and_decide_on_the_facts_given():
    condition = parse_condition(TOY, "if foes <= friends and flags != blue and foes > 0", "when")
    assert condition.decide({"foes": 2, "friends": 2, "flags": {"red"}})
    assert not condition.decide({"foes": 2, "friends": 2, "flags": {"red", "blue"}})
    assert not condition.decide({"foes": 0, "friends": 2, "flags": set()})
    assert parse_condition(TOY, "Always", "when") == Condition(True)
    assert parse_condition(TOY, "avoid", "when", yes="accept", no="avoid") == Condition(False)


def test_a_set_valued_fact_is_named_by_id_or_name_and_kept_as_the_id():
    condition = parse_condition(TOY, "if flags == Ryūzōji", "when", names={"flags": {"ryu": "Ryūzōji"}})
    assert condition.clauses[0].right == "ryu" and condition.decide({"flags": {"ryu"}})


@pytest.mark.parametrize(("text", "names", "english"), [
    ("sometimes", None, "when: “sometimes” is not a condition; use 'always', 'never' or 'if <condition>', "
                        "e.g. 'if foes <= friends'"),
    ("if foes => 1", None, "when: cannot read condition 'foes => 1'; write e.g. 'foes <= friends'"),
    ("if flags < red", None, "when: flags is compared only with == or != (flags == red)"),
    ("if flags ==", {"flags": {"b": "Blue"}}, "when: say what flags is compared with, e.g. 'flags == Blue'"),
    ("if flags == green", {"flags": {"b": "Blue"}}, "when: flags cannot be 'green'; name one of Blue"),
    ("if foes == flags", None, "when: write flags on the left: 'flags == <value>'"),
    ("if foe_strength < 3", None, "when: a condition may not use the foes' strength (foe_strength); it is hidden "
                                  "from you when you decide. Visible: flags, foes, friends"),
    ("if morale > 1", None, "when: unknown fact 'morale'; visible facts are flags, foes, friends"),
])
def test_each_refusal_says_what_was_wrong_and_what_would_be_right_in_the_cores_words(text, names, english):
    refusal = _refusal(text, names=names)
    assert str(refusal) == english and refusal.rule is None
    assert Text(refusal.msgid, **refusal.values).render("ru") != english  # a core message id, translated


def test_a_ruleset_words_its_refusals_and_cites_its_rules():
    own = Facts(visible=TOY.visible, refusals=Refusals(unknown_fact=Refusal("{field}: no {name} here (R1)", "R1")))
    refusal = _refusal("if morale > 1", own)
    assert (str(refusal), refusal.rule) == ("when: no 'morale' here (R1)", "R1")


def test_sengokus_policies_are_the_core_language_with_its_facts_and_messages():
    """S5.5, S5.6, OP-26: the same words and rules as before the lift."""
    assert Policy is Condition and FACTS.sets == {"enemy_clan": "mori"}
    with pytest.raises(OrderRejected) as caught:
        parse_policy("if enemy_clan == purple", "want_battle", clans={"red": "Red", "ryu": "Ryūzōji"})
    assert (str(caught.value), caught.value.rule) == (
        "want_battle: no clan 'purple' in this campaign; name one of Red, Ryūzōji (S5.6, OP-26)", "OP-26")
    assert Text(caught.value.msgid, domain="sengoku", **caught.value.values).render("ru") == (
        "want_battle: в этой кампании нет клана 'purple'; назовите один из: Red, Ryūzōji (S5.6, OP-26)")
    with pytest.raises(OrderRejected) as caught:
        parse_policy("whenever", "withdraw_if")
    assert (str(caught.value), caught.value.rule) == (
        "withdraw_if: “whenever” is not a policy; use 'always', 'never' or 'if <condition>', "
        "e.g. 'if enemy_count <= own_count'", "S5.5")
    assert parse_policy("if enemy_clan == Red", "want_battle", clans={"red": "Red"}).decide({"enemy_clan": {"red"}})
