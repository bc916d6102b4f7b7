"""The demo turn's captives' step (OP-46 c), for tests that play the seto-demo turn.

Turn 3 of seto-demo captures characters whose ``if_captured`` is ``ask_player`` (the default), so
after its orders step the turn waits at "captives' choices" until the captured characters' clans
answer, a moderator applies the defaults (/turn defaults) or its deadline does.  Tests about a
whole turn as players live it go through that step with these helpers; a test narrowly about the
mechanics of one orders step may instead use the ``one_step_sengoku`` fixture (tests/conftest.py).
"""

from __future__ import annotations

from bot.services.steps import StepService

CAPTIVES = "captives"  # Sengoku's step kind (bot/rulesets/sengoku/rules/turn/captives.py)
TAHARA = "captive:tahara-chikakata"  # the demo turn's one captive: Ōtomo's, taken by Mōri (OP-46 c)


async def through_captives(service, campaign_id: int) -> list:
    """The open captives' step of ``campaign_id`` gets the OP-46 c defaults (remain a captive) as
    at its deadline, and resolves; the outcomes, in order (the turn ends with the last)."""
    steps = StepService(service)
    opened = await steps.open_step(campaign_id)
    assert opened.step.kind == CAPTIVES, opened.step.kind
    return await steps.apply_defaults(campaign_id, opened.turn, opened.number)


async def orders_step_of_turn_3(service, campaign_id: int):
    """The resolution of the demo turn's orders step, which rolled its dice (the captives' step after
    it, the turn's last resolution, rolls none)."""
    record = (await service.repo.turn_resolutions(campaign_id, 3))[0]
    assert record.step == 1 and record.dice
    return record

