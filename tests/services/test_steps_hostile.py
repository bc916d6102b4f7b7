"""A hostile review of the step service (issue 12): a ruleset whose ``after`` raises or gives a step
that cannot be stored, an answer that completes a step whose resolution fails, a moderator's form
with hostile values."""

from __future__ import annotations

import pytest

from bot.domain.campaign import Phase
from bot.services.audit import Moderator
from bot.services.errors import UserError

MOD = Moderator(99, "Kobayakawa")


def broken(state, settings, resolved):
    raise RuntimeError("a ruleset's bug in after()")


async def test_an_answer_completing_a_step_whose_resolution_raises_stands_and_the_chain_resumes(steps_world, steps,
                                                                                            monkeypatch):
    """The answer is stored before the step resolves: a ruleset's ``after`` raising must not read as a
    refusal of it (before: the RuntimeError reached the one who answered — "something went wrong" — though
    the answer stood).  Nothing resolved; once the ruleset is fixed, the next tick's continue_chain resolves."""
    turns, stepper, cid = steps_world
    await turns.resolve(cid)
    await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    monkeypatch.setattr(steps, "after", broken)
    receipt = await stepper.answer(cid, 3, 2, "q-otomo", "stay", faction="otomo")
    assert (receipt.answer.value, receipt.outcomes, receipt.opened) == ("stay", [], None)
    campaign = await turns.service.campaign(cid)
    assert (campaign.turn, campaign.step, campaign.phase) == (3, 2, Phase.PLANNING)  # nothing committed
    assert [o.unit for o in await turns.service.repo.list_orders(cid, 3, step=2)] == ["answer:q-mori",
                                                                                        "answer:q-otomo"]
    with pytest.raises(UserError, match="you already answered: stay in port"):  # the answer stands
        await stepper.answer(cid, 3, 2, "q-otomo", "sail", faction="otomo")
    monkeypatch.setattr(steps, "after", lambda *args: None)
    (outcome,) = await stepper.continue_chain(cid)
    assert (outcome.turn, outcome.step, outcome.turn_ended) == (3, 2, True)
    assert (await turns.service.campaign(cid)).turn == 4


def form_question():
    from bot.engine.steps import FormField, Question, Wording
    return Question(id="losses", faction=None, text=Wording(msgid="losses?"), form=[
        FormField(id="ships", label=Wording(msgid="ships lost"), minimum=0, maximum=9),
        FormField(id="big", label=Wording(msgid="any number"), required=False),
        FormField(id="note", label=Wording(msgid="note"), kind="text", required=False)])


@pytest.mark.parametrize(("values", "refused"), [
    ({"ships": ""}, "ships lost is missing; give it a value"),
    ({"ships": "-1"}, "ships lost: -1 is out of range; give a number from 0 to 9"),
    ({"ships": "1_0"}, "ships lost: '1_0' is not a whole number"),  # before: read as 10, then "out of range"
    ({"ships": "٣"}, "ships lost: '٣' is not a whole number"),  # before: read as 3
    ({"ships": "1", "big": "9" * 4000}, "any number is too long: 4000 characters; give at most 12"),  # before: stored
    ({"ships": "1", "note": "x" * 100_000}, "note is too long: 100000 characters; give at most 400"),  # before: stored
])
def test_a_moderators_form_with_hostile_values_is_refused_saying_what_is_wrong(values, refused):
    from bot.services.steps import checked_value
    with pytest.raises(UserError) as caught:
        checked_value(form_question(), values, "sengoku")
    assert str(caught.value) == refused


def test_a_moderators_form_keeps_markdown_as_typed_and_numbers_as_numbers():
    from bot.services.steps import checked_value
    assert checked_value(form_question(), {"ships": " +3 ", "note": " **bold** @everyone "}, "sengoku") == {
        "ships": 3, "note": "**bold** @everyone"}


def test_a_first_step_key_that_reads_as_a_later_steps_is_refused_and_others_roll_unchanged():
    """Step k > 1 rolls its keys prefixed s<k>: (docs/decisions.md). A first step's key "s2:…" would roll step
    2's die for that key, and its proof, shown with step 1's report, would tell it before step 2 is answered.
    Before, step 1 rolled it; now it is a ruleset's bug, refused. Any other key rolls as it always did."""
    from bot.engine.dice import DiceError, SeededDice
    from bot.services.step_model import step_dice
    plain, wrapped = SeededDice("fixed-seed"), step_dice(SeededDice("fixed-seed"), 1)
    assert wrapped.roll("pairing:b1:r1", "1d6") == plain.roll("pairing:b1:r1", "1d6")
    assert wrapped.log == plain.log
    with pytest.raises(DiceError, match="s2:sail"):
        wrapped.roll("s2:sail:q-mori", "1d6")
    later = step_dice(SeededDice("fixed-seed"), 2).roll("sail:q-mori", "1d6")
    assert later.key == "s2:sail:q-mori"


@pytest.mark.parametrize("fault", ["same id", "default not a choice"])
async def test_a_step_the_core_cannot_ask_is_never_opened_and_the_resolution_not_committed(steps_world, steps,
                                                                                       monkeypatch, fault):
    """A ruleset's ``after`` giving two questions one id (they would share one answer slot: Ōtomo's click
    answered "already" by Mōri's answer) or a default none of its choices (stored at the deadline as an
    answer nobody could give). Before, the step opened as given."""
    from tests.services.steps_ruleset import choices_step
    turns, stepper, cid = steps_world
    step = choices_step()
    first, second = step.questions
    if fault == "same id":
        questions = [first, second.model_copy(update={"id": first.id})]
    else:
        questions = [first, second.model_copy(update={"default": "swim"})]
    monkeypatch.setattr(steps, "after", lambda *args: step.model_copy(update={"questions": questions}))
    with pytest.raises(ValueError, match="two questions under the id 'q-mori'|'swim' of question 'q-otomo'"):
        await turns.resolve(cid)
    campaign = await turns.service.campaign(cid)
    assert (campaign.turn, campaign.step, campaign.phase) == (3, 1, Phase.PLANNING)  # nothing committed
    assert await turns.service.repo.turn_resolutions(cid, 3) == []
