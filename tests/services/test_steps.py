"""Steps within a turn (issue 12) on both backends, with the two-question test ruleset
(tests/services/steps_ruleset.py): the prompt step opens with the orders step's commit, answers are
stored once, a complete step resolves at once, defaults at the deadline, undo/redo per step, the
digest, export and import."""

from __future__ import annotations

import pytest

from bot.domain.campaign import Phase
from bot.engine.steps import AnswerSource
from bot.services.audit import Moderator
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.services.steps import StepService
from bot.services.turns import TurnLifecycle
from bot.store import StoreError, open_repository
from tests.services.conftest import STEPS_NOW

NOW = STEPS_NOW  # the steps_world's clock (tests/services/conftest.py)
MOD = Moderator(99, "Kobayakawa")


async def test_the_prompt_step_opens_with_the_orders_commit_and_resolves_once_answered(steps_world, steps):
    turns, stepper, cid = steps_world
    outcome = await turns.resolve(cid)
    assert (outcome.turn, outcome.step, outcome.turn_ended, str(outcome.step_label)) == (3, 1, False, "Turn 3")
    campaign = await turns.service.campaign(cid)
    assert (campaign.turn, campaign.step, campaign.phase) == (3, 2, Phase.PLANNING)
    assert campaign.deadline == "2026-11-30T12:00+00:00"  # the step's own 24 hours from its opening
    opened = outcome.opened
    assert (opened.number, str(opened.label), [q.id for q in opened.unanswered()]) == (
        2, "Turn 3 · captains' choices", ["q-mori", "q-otomo"])

    first = await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    assert (first.answer.source, first.outcomes, first.opened) == (AnswerSource.FACTION, [], None)
    with pytest.raises(UserError, match="you already answered: sail at once"):
        await stepper.answer(cid, 3, 2, "q-mori", "stay", faction="mori")
    with pytest.raises(UserError, match="^this question is not for your clan$"):
        await stepper.answer(cid, 3, 2, "q-otomo", "stay", faction="mori")
    with pytest.raises(UserError, match="^this question is not for your clan$"):  # no more than a missing one
        await stepper.answer(cid, 3, 2, "q-nobody", "stay", faction="mori")
    with pytest.raises(UserError, match=r"'fly' is not an answer to this question; answer one of: stay in port "
                                        r"\(stay\), sail at once \(sail\)"):
        await stepper.answer(cid, 3, 2, "q-otomo", "fly", faction="otomo")

    last = await stepper.answer(cid, 3, 2, "q-otomo", "stay", faction="otomo")
    assert [(o.turn, o.step, o.turn_ended) for o in last.outcomes] == [(3, 2, True)] and last.opened is None
    campaign = await turns.service.campaign(cid)
    assert (campaign.turn, campaign.step, campaign.phase, campaign.deadline) == (4, 1, Phase.RESOLVED, None)
    record = await turns.repo.resolution(cid, 3, 2)
    # Step 2's dice: the turn's key, every purpose prefixed with its step (step 1's keys unprefixed).
    assert [r.key for r in record.dice] == ["s2:sail:q-mori", "s2:sail:q-otomo"]
    assert not any(r.key.startswith("s") for r in (await turns.repo.resolution(cid, 3, 1)).dice if ":" in r.key[:3])
    assert steps.resolved[-1][0] == "choices"
    assert {a.question: a.value for a in steps.resolved[-1][1]} == {"q-mori": "sail", "q-otomo": "stay"}

    with pytest.raises(UserError, match="this question of Turn 3 · captains' choices is closed: the step was resolved"):
        await stepper.answer(cid, 3, 2, "q-otomo", "sail", faction="otomo")
    digest = await stepper.digest(cid, 3)
    assert str(digest.text()) == ("Turn 3 in steps:\nTurn 3: 0 answered, 0 by standing orders, 0 by default\n"
                                  "Turn 3 · captains' choices: 2 answered, 0 by standing orders, 0 by default")


async def test_free_orders_are_refused_on_a_prompt_step(steps_world):
    turns, _, cid = steps_world
    await turns.resolve(cid)
    with pytest.raises(UserError, match="Turn 3 · captains' choices of Seto 1560 takes no orders"):
        await turns.service.submit_order(cid, "mori", {"kind": "tf_trade", "unit": "mori-akita-maru"})


async def test_standing_answers_resolve_the_step_at_once_in_a_chain(steps_world, steps):
    turns, stepper, cid = steps_world
    steps.standing = {"q-mori": "sail", "q-otomo": "stay"}
    outcome = await turns.resolve(cid)
    assert [(o.step, o.turn_ended) for o in outcome.chain] == [(2, True)] and outcome.opened is None
    assert {(a.question, a.source) for a in steps.resolved[-1][1]} == {("q-mori", AnswerSource.STANDING),
                                                                       ("q-otomo", AnswerSource.STANDING)}
    assert (await turns.service.campaign(cid)).turn == 4
    digest = await stepper.digest(cid, 3)
    assert str(digest.text()).endswith("captains' choices: 0 answered, 2 by standing orders, 0 by default")


async def test_defaults_answer_the_rest_and_resolve(steps_world, steps):
    turns, stepper, cid = steps_world
    await turns.resolve(cid)
    await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    outcomes = await stepper.apply_defaults(cid, 3, 2)
    assert [(o.step, o.turn_ended) for o in outcomes] == [(2, True)]
    answers = {a.question: (a.value, a.source, a.rule) for a in steps.resolved[-1][1]}
    assert answers == {"q-mori": ("sail", AnswerSource.FACTION, ""), "q-otomo": ("stay", AnswerSource.DEFAULT, "T-1")}
    assert str((await stepper.digest(cid, 3)).text()).endswith("1 answered, 0 by standing orders, 1 by default (T-1)")
    log = (await turns.repo.resolution(cid, 3, 2)).report["moderators"]
    assert log.endswith("Defaults applied:\n- Ōtomo — does the fleet sail?: nobody answered; the default stay in port "
                        "was applied (T-1)\n")  # names and words, not ids
    with pytest.raises(UserError, match="is closed: the step was resolved"):
        await stepper.apply_defaults(cid, 3, 2)


async def test_a_moderator_answers_any_question_and_it_is_audited(steps_world):
    turns, stepper, cid = steps_world
    await turns.resolve(cid)
    receipt = await stepper.answer(cid, 3, 2, "q-otomo", "sail", faction=None, by=MOD)
    assert receipt.answer.source is AnswerSource.MODERATOR
    with pytest.raises(UserError, match="has no question 'q-x'; its questions: q-mori, q-otomo"):
        await stepper.answer(cid, 3, 2, "q-x", "sail", faction=None, by=MOD)
    log = await turns.repo.audit_log(cid)
    assert log[0].kind == "step_answer" and log[0].actor_name == "Kobayakawa"
    with pytest.raises(UserError, match="you already answered: sail at once"):  # the clan cannot change it
        await stepper.answer(cid, 3, 2, "q-otomo", "stay", faction="otomo")
    # … a moderator may, acting as the clan (/mod act-as), while the step is open
    corrected = await stepper.answer(cid, 3, 2, "q-otomo", "stay", faction="otomo", by=MOD)
    assert corrected.outcomes == []
    done = await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    assert [o.step for o in done.outcomes] == [2]
    record = await turns.repo.resolution(cid, 3, 2)
    assert {o.payload["question"]: (o.payload["value"], o.payload["source"]) for o in record.orders} == {
        "q-mori": ("sail", "faction"), "q-otomo": ("stay", "moderator")}
    assert (await turns.repo.audit_log(cid))[0].description.endswith(": stay (was sail, moderator)")


async def test_undo_and_redo_work_step_by_step(steps_world):
    turns, stepper, cid = steps_world
    await turns.resolve(cid)
    await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    await stepper.answer(cid, 3, 2, "q-otomo", "stay", faction="otomo")
    dice = (await turns.repo.resolution(cid, 3, 2)).dice
    assert await turns.service.undo_last(cid) == 3  # the last step's resolution
    campaign = await turns.service.campaign(cid)
    assert (campaign.turn, campaign.step, campaign.phase) == (3, 2, Phase.CORRECTION)
    correction = await turns.redo(cid)
    assert (correction.outcome.step, correction.outcome.turn_ended) == (2, True)
    assert (await turns.repo.resolution(cid, 3, 2)).dice == dice  # the same key, the same step prefix

    # Undo step 2, then step 1: the step opened after it goes with its answers.
    await turns.service.undo_last(cid)
    await turns.service.undo_last(cid)
    campaign = await turns.service.campaign(cid)
    assert (campaign.turn, campaign.step, campaign.phase) == (3, 1, Phase.CORRECTION)
    assert await turns.repo.turn_steps(cid, 3) == [s for s in await turns.repo.turn_steps(cid, 3) if s.step == 1]
    assert await turns.repo.list_orders(cid, 3, step=2) == []
    redone = await turns.redo(cid)
    assert redone.outcome.step == 1 and redone.outcome.opened.number == 2
    assert redone.outcome.opened.answers == {}


async def test_an_open_step_survives_export_and_import(steps_world, new_database):
    turns, stepper, cid = steps_world
    await turns.resolve(cid)
    await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    data = await turns.service.export(cid) if hasattr(turns.service, "export") else await turns.repo.export_campaign(cid)
    assert [(s["turn"], s["step"]) for s in data["steps"]] == [(3, 1), (3, 2)]
    other = await open_repository(new_database())
    try:
        service = CampaignService(other, clock=lambda: NOW, seed_factory=lambda: "other-seed")
        imported = await service.import_(data)
        assert (imported.turn, imported.step) == (3, 2)
        opened = await StepService(service).open_step(imported.id)
        assert (str(opened.label), list(opened.answers)) == ("Turn 3 · captains' choices", ["q-mori"])
        receipt = await StepService(service).answer(imported.id, 3, 2, "q-otomo", "stay", faction="otomo")
        assert [o.step for o in receipt.outcomes] == [2]
    finally:
        await other.close()


async def test_a_looping_ruleset_is_stopped_after_fifty_instant_steps(steps_world, steps):
    turns, stepper, cid = steps_world
    steps.loop = True
    outcome = await turns.resolve(cid)
    assert len(outcome.chain) == 50 and (await turns.service.campaign(cid)).step == 52
    assert await stepper.continue_chain(cid) == []  # stopped for the turn, in every process: not 50 more a tick
    entry = (await turns.repo.audit_log(cid))[0]
    assert (entry.kind, entry.actor_name) == ("step_chain_stopped", "Fleetwright")
    assert "stopped resolving them by itself at step 52" in entry.description
    assert (await turns.resolve(cid)).step == 52 and (await turns.service.campaign(cid)).step == 53  # one by one


async def test_a_legacy_seed_turn_reveals_its_seed_only_with_its_last_step(database, steps):
    """An hmac-seed turn (opened before signed dice) whose seed step 1's report revealed would let the
    players compute step 2's dice before answering: it is revealed with the turn's last step."""
    from bot.engine.seed import commitment
    from bot.store import SEED_WITHHELD

    repo = await open_repository(database)
    service = CampaignService(repo, clock=lambda: NOW)
    cid = (await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)).id
    await repo.open_turn(cid, 3, "legacy-seed", commitment("legacy-seed"))  # dice_scheme hmac-seed
    first = await TurnLifecycle(service).resolve(cid)
    assert first.data.seed == SEED_WITHHELD and (await repo.resolution(cid, 3)).seed == SEED_WITHHELD
    assert not any("legacy-seed" in text for text in (await repo.resolution(cid, 3)).report.values())
    await StepService(service).answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    last = await StepService(service).answer(cid, 3, 2, "q-otomo", "stay", faction="otomo")
    assert last.outcomes[0].data.seed == "legacy-seed" and (await repo.resolution(cid, 3, 2)).seed == "legacy-seed"
    await repo.close()


async def test_a_preview_of_a_prompt_step_answers_the_rest_with_their_defaults(steps_world, steps):
    turns, stepper, cid = steps_world
    await turns.resolve(cid)
    await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    await turns.service.preview_turn(cid)
    kind, answers = steps.resolved[-1]
    assert kind == "choices" and {(a.question, a.value, a.source) for a in answers} == {
        ("q-mori", "sail", AnswerSource.FACTION), ("q-otomo", "stay", AnswerSource.DEFAULT)}
    assert [o.unit for o in await turns.repo.list_orders(cid, 3, step=2)] == ["answer:q-mori"]  # nothing stored


async def test_dice_verify_covers_every_step_and_a_turn_part_way(steps_world):
    """The public key is revealed with step 1's report: its rolls verify while step 2 is open; once the
    turn is over, step 2's rolls (keys "s2:…") verify with the same key."""
    from bot.engine.dice import check_proof
    from bot.services import queries
    from tests.services.test_campaign_service import submit_demo_orders

    turns, stepper, cid = steps_world
    await submit_demo_orders(turns.service, cid)
    await turns.resolve(cid)
    part_way = await queries.turn_proofs(turns.service, cid, 3, reader=None)
    first = (await turns.repo.resolution(cid, 3)).dice
    assert part_way is not None and part_way.rolls == first and first
    await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    await stepper.answer(cid, 3, 2, "q-otomo", "stay", faction="otomo")
    proofs = await queries.turn_proofs(turns.service, cid, 3, reader=None)
    assert [r.key for r in proofs.rolls[len(first):]] == ["s2:sail:q-mori", "s2:sail:q-otomo"]
    assert [check_proof(proofs.public_key, 3, r) for r in proofs.rolls] == [None] * len(proofs.rolls)
    recomputed, recorded = await queries.recompute_roll(turns.service, cid, 3, "s2:sail:q-otomo", reader=None)
    assert recorded is not None and recomputed.faces == recorded.faces


async def test_a_players_answer_after_the_steps_deadline_is_refused_a_moderators_is_not(database, steps):
    from datetime import timedelta

    now = [NOW]
    repo = await open_repository(database)
    service = CampaignService(repo, clock=lambda: now[0], seed_factory=lambda: "fixed-seed")
    cid = (await service.create_campaign("seto-demo", "Seto 1560", guild_id=7)).id
    await service.open_turn(cid, "in 48h")
    await TurnLifecycle(service).resolve(cid)
    now[0] = NOW + timedelta(hours=24)  # step 2's deadline
    stepper = StepService(service)
    with pytest.raises(UserError, match="the deadline of turn 3 of Seto 1560 passed at 2026-11-30 12:00 UTC"):
        await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")
    with pytest.raises(StoreError, match="the deadline of turn 3 of Seto 1560 passed"):  # the store's own check
        await repo.put_answer(cid, 3, 2, "mori", "answer:q-mori", {"kind": "answer"}, now=now[0])
    assert (await stepper.answer(cid, 3, 2, "q-mori", "sail", faction=None, by=MOD)).answer.value == "sail"
    await repo.close()


async def test_a_step_committed_first_by_another_process_is_reported_as_resolved(steps_world, steps, monkeypatch):
    turns, stepper, cid = steps_world
    steps.three = True
    await turns.resolve(cid)
    await stepper.answer(cid, 3, 2, "q-mori", "sail", faction="mori")

    other = CampaignService(turns.repo, clock=lambda: NOW)  # another process (on the same store)

    async def beaten(campaign_id, turn=None, step=None):  # the other process's commit lands first
        await turns.repo.put_order(cid, 3, "otomo", "answer:q-otomo", {"kind": "answer", "question": "q-otomo",
                                   "value": "stay", "source": "faction", "rule": ""}, step=2)
        await StepService(other).continue_chain(cid)  # step 2 resolved there
        raise StoreError("cannot commit step 2 of turn 3 of campaign 1: the turn is at step 3")

    monkeypatch.setattr(turns.service, "resolve_turn", beaten)
    with pytest.raises(UserError, match="^step 2 of turn 3 has already been resolved$"):
        await turns.resolve(cid)
    assert (await turns.service.campaign(cid)).step == 3


async def test_defaults_are_refused_in_words_when_a_question_has_none(steps_world, monkeypatch):
    """A moderators' form without a default (E-OP-13's combat round) cannot be defaulted: the refusal names
    the question as /step show words it, never its id, and nothing is answered."""
    import tests.services.steps_ruleset as rules
    asked = rules.choices_step()
    bare = asked.questions[1].model_copy(update={"default": None, "text": rules.Wording(msgid="whose harbour?")})
    monkeypatch.setattr(rules, "choices_step", lambda: asked.model_copy(update={"questions": [asked.questions[0], bare]}))
    turns, stepper, cid = steps_world
    await turns.resolve(cid)
    with pytest.raises(UserError) as refused:
        await stepper.apply_defaults(cid, 3, 2)
    assert str(refused.value) == ("Turn 3 · captains' choices: these questions have no default, so a moderator "
                                  "answers them (/step show): whose harbour?")
    assert await turns.repo.list_orders(cid, 3, step=2) == []
