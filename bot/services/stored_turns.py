"""What a stored resolution still gives after the fact: its reports and maps,
posted late when the bot stopped between committing and posting them, and its
moderator log on request (an automatic resolution has no moderator to hand it to).

Which resolutions are still unposted is the store's record (migrations 0004,
0005): the process that commits a resolution claims its posts, marks each
message once Discord confirmed it and the whole once every one was tried.  The
deadline scheduler claims what a dead boot left (at once) or a claim whose lease
ended unrenewed (``bot/services/posting.py``) and posts what is missing; a
live claim is a /turn resolve still posting and is left alone.
"""

from __future__ import annotations

from datetime import datetime

from bot.domain.campaign import Campaign, Phase
from bot.domain.viewer import Viewer
from bot.engine.dice import SEED_SCHEME
from bot.i18n import N_
from bot.localized import Text
from bot.mapfiles import load_shipped_map
from bot.report import ReportInput, Reports
from bot.plugins import get_ruleset
from bot.services.campaigns import CampaignService, TurnOutcome, revealed_label, utc_stamp
from bot.services.errors import UserError
from bot.services.posting import PostLedger, lease_end
from bot.services.step_model import step_label, stored_step
from bot.store import ResolutionRecord


def reports_of(record: ResolutionRecord) -> Reports:
    """The texts as the resolution stored them (keys ``Viewer.key``: "public", "moderators", "faction:<id>")."""
    factions = {key.removeprefix("faction:"): text for key, text in record.report.items()
                if key.startswith("faction:")}
    return Reports(public=record.report.get(Viewer.public().key, ""), factions=factions,
                   moderators=record.report.get(Viewer.moderators().key, ""))


async def report_input(service: CampaignService, campaign: Campaign, record: ResolutionRecord) -> ReportInput:
    """What the maps of a stored resolution are drawn from, as ``resolve_turn`` built it."""
    ruleset = get_ruleset(campaign.ruleset)
    opened = await service.repo.get_turn(campaign.id, record.turn)
    return ReportInput(campaign_name=campaign.name, turn=record.turn, seed=record.seed,
                       commitment=opened.commitment if opened else "", gamemap=load_shipped_map(campaign.map_id),
                       before=ruleset.state_model.model_validate(record.before_state),
                       after=ruleset.state_model.model_validate(record.after_state),
                       events=[ruleset.parse_event(e) for e in record.events], rolls=list(record.dice),
                       dice_scheme=opened.dice_scheme if opened else SEED_SCHEME,
                       language=campaign.language, faction_languages=campaign.faction_languages(), step=record.step)


class StoredTurns:
    def __init__(self, service: CampaignService) -> None:
        self.service = service
        self.repo = service.repo

    async def claim_unposted(self, now: datetime) -> list[ResolutionRecord]:
        """The resolutions whose posts never went out and nobody alive is posting, claimed for the caller."""
        return await PostLedger(self.service).claim_unposted(now)

    async def mark_posted(self, outcome: TurnOutcome) -> None:
        """The posts are done, if the claim is still this boot's: another process that took them over,
        or a moderator who skipped them, decides instead (the poster's own PostRun.finish checks the same)."""
        if outcome.created_seq is None:
            return
        key = (outcome.campaign.id, outcome.turn, outcome.created_seq)
        when = self.service.clock()
        now = utc_stamp(when)
        if await self.repo.renew_resolution_claim(*key, self.service.boot_id, now, lease_end(self.service, when)):
            await self.repo.mark_resolution_posted(*key, now)

    async def outcome_of(self, record: ResolutionRecord) -> TurnOutcome:
        """A stored resolution as ``resolve_turn`` returned it: its reports, and what its maps are drawn from."""
        campaign = await self.service.campaign(record.campaign_id)
        data = await report_input(self.service, campaign, record)
        steps = {s.step: s for s in await self.repo.turn_steps(campaign.id, record.turn)}
        spec = stored_step(steps.get(record.step), record.step)
        # The turn ended with this step: the campaign is past the turn, and no later step of it opened.
        ended = campaign.turn > record.turn and max(steps, default=1) <= record.step
        return TurnOutcome(campaign, record.turn, revealed_label(data), reports_of(record), data, record.created_seq,
                           recovered=True, step=record.step,
                           step_label=step_label(record.turn, record.step, spec, campaign.ruleset), turn_ended=ended,
                           secret=spec.secret)

    async def moderator_log(self, campaign_id: int, turn: int | None = None,
                            faction: str | None = None) -> tuple[int, str]:
        """(turn, its moderator log) of a resolved turn; ``turn`` None: the last one resolved.
        With ``faction``: that clan's report instead, as posted (or as it failed to post)."""
        campaign = await self.service.campaign(campaign_id)
        stored = await self.repo.resolution_reports(campaign_id, turn)  # the texts only, not the whole record
        if stored is None:
            raise UserError(await self._no_resolution(campaign, turn))
        number, reports = stored
        key = (Viewer.moderators() if faction is None else Viewer.of(faction)).key
        text = reports.get(key)
        if text is None:
            what = Text(N_("moderator log")) if faction is None else Text(N_("report for the clan {clan}"),
                                                                           clan=repr(faction))
            raise UserError(N_("the stored resolution of turn {turn} of {campaign} has no {what}"), turn=number,
                            campaign=campaign.name, what=what)
        return number, text

    async def _no_resolution(self, campaign: Campaign, turn: int | None) -> str:
        if turn is None:
            return f"no turn of {campaign.name} has been resolved yet, so there is no moderator log to show"
        if turn >= campaign.turn:
            now = {Phase.PLANNING: "is open for orders", Phase.LOCKED: "is locked, waiting to be resolved",
                   Phase.CORRECTION: "was undone for a correction; /turn redo resolves it again"}
            where = f"turn {campaign.turn} {now.get(campaign.phase, 'is not opened yet')}"
            return (f"turn {turn} of {campaign.name} is not resolved yet ({where}); its moderator log is kept "
                    f"once it is resolved")
        last = await self.repo.resolution_reports(campaign.id, None)
        hint = f"the last resolved turn is {last[0]}" if last else "no turn of it is resolved yet"
        return (f"turn {turn} of {campaign.name} was not resolved by this bot, so no moderator log of it is "
                f"stored; {hint}")
