"""The demo turn's captives' step (OP-46 c), for tests that play the seto-demo turn.

Turn 3 of seto-demo captures characters whose ``if_captured`` is ``ask_player`` (the default), so
after its orders step the turn waits at "captives' choices" until the captured characters' clans
answer, a moderator applies the defaults (/turn defaults) or its deadline does.  Tests of the
demo turn go through that step (the Discord tests also with ``World.captives_defaults`` or a click).
"""

from __future__ import annotations

from bot.services.steps import StepService

CAPTIVES = "captives"  # Sengoku's step kind (bot/rulesets/sengoku/rules/turn/captives.py)


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

