"""Read-only questions about a campaign: what its map shows now, and the dice
of its turns (commitments, revealed seeds, one roll recomputed).

Functions of a ``CampaignService``; nothing here writes to the store.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain.campaign import Campaign
from bot.engine.dice import DiceError, Roll, derive_die
from bot.engine.seed import verify
from bot.mapfiles import load_shipped_map
from bot.report import ReportInput
from bot.rules import get_ruleset
from bot.services.campaigns import CampaignService
from bot.services.errors import UserError
from bot.services.stored_turns import report_input
from bot.store import TurnStatus


async def map_data(service: CampaignService, campaign_id: int) -> ReportInput:
    """What the maps are drawn from: the last resolved turn as it was stored (positions after it, its
    battles and blockades), or, before any turn is resolved, the current positions with no events."""
    campaign = await service.campaign(campaign_id)
    last = await service.repo.last_resolution(campaign_id)
    if last is not None:
        return await report_input(service, campaign, last)
    ruleset = get_ruleset(campaign.ruleset)
    state = ruleset.state_model.model_validate((await service.repo.load_state(campaign_id)).state)
    return ReportInput(campaign_name=campaign.name, turn=campaign.turn, seed="", commitment="",
                       gamemap=load_shipped_map(campaign.map_id), before=state, after=state, events=[])


@dataclass
class TurnSeed:
    """One turn's dice: its commitment, and its seed once the report has revealed it."""

    turn: int
    commitment: str
    seed: str | None  # None: not revealed (the turn is open, or was undone for a correction)

    @property
    def matches(self) -> bool:
        return self.seed is not None and verify(self.seed, self.commitment)


async def turn_seeds(service: CampaignService, campaign_id: int) -> list[TurnSeed]:
    """Every opened turn of the campaign, oldest first.  Only a resolved turn's seed is given: an
    open turn's seed would let anyone compute its dice before the deadline."""
    campaign = await service.campaign(campaign_id)
    seeds = []
    for number in range(1, campaign.turn + 1):
        record = await service.repo.get_turn(campaign_id, number)
        if record is not None:
            revealed = record.seed if record.status is TurnStatus.RESOLVED else None
            seeds.append(TurnSeed(number, record.commitment, revealed))
    return seeds


async def recompute_roll(service: CampaignService, campaign_id: int, turn: int, key: str,
                         expr: str | None = None, *, reader: str | None = None) -> tuple[Roll, Roll | None]:
    """(the roll recomputed from the turn's revealed seed, the roll as the resolution recorded it).

    ``reader`` is the caller's faction (``None``: a moderator).  The recorded roll is looked up only
    for a key the reader's own report shows: confirming that some other key was rolled would tell a
    player what another clan's units did.  Without it, ``expr`` (e.g. 2d6) is needed.  Refuses a
    turn whose seed is not revealed."""
    campaign = await service.campaign(campaign_id)
    seed = next((s for s in await turn_seeds(service, campaign_id) if s.turn == turn), None)
    if seed is None:
        raise UserError(f"turn {turn} of {campaign.name} was never opened; /dice verify lists its turns")
    if seed.seed is None:
        raise UserError(f"turn {turn} of {campaign.name} is not resolved: its seed stays secret until the report "
                        f"reveals it, so none of its dice can be computed yet")
    recorded = await _recorded_roll(service, campaign, turn, key, reader)
    wanted = expr or (recorded.expr if recorded else None)
    if wanted is None:
        raise UserError(f"{_unknown_key(campaign, key, reader)}; copy a key from the report (the text after "
                        f"'key'), or give the dice (e.g. dice:2d6) to compute it anyway")
    try:
        return derive_die(seed.seed, key, wanted), recorded
    except DiceError as exc:
        raise UserError(str(exc)) from None


def _unknown_key(campaign: Campaign, key: str, reader: str | None) -> str:
    """Why no dice are known for ``key``: true for a moderator, a clan, and one of no clan (whose
    report is none: "that turn did not roll it" would be false for a key the turn did roll)."""
    if reader is None:
        return f"the key {key!r} is not one that turn rolled"
    if reader:
        return f"the key {key!r} is not one your report of that turn shows"
    return f"you play no clan of {campaign.name}, so no report of yours shows the key {key!r}"


async def _recorded_roll(service: CampaignService, campaign: Campaign, turn: int, key: str,
                        reader: str | None) -> Roll | None:
    record = await service.repo.resolution(campaign.id, turn)
    if record is None:
        return None
    if reader is not None and f"(key {key})" not in record.report.get(f"faction:{reader}", ""):
        return None
    return next((roll for roll in record.dice if roll.key == key), None)
