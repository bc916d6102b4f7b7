"""Read-only questions about a campaign: what its map shows now, and the dice
of its turns (commitments, revealed seeds, one roll recomputed).

Functions of a ``CampaignService``; nothing here writes to the store.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.domain.campaign import Campaign
from bot.engine.dice import (KEY_SCHEME, SEED_SCHEME, DiceError, DieExpr, Roll, check_proof, derive_die,
                             faces_from_proof, key_fingerprint)
from bot.engine.seed import verify
from bot.mapfiles import load_shipped_map
from bot.report import ReportInput
from bot.plugins import get_ruleset
from bot.report.presenters import presenter
from bot.services.campaigns import CampaignService
from bot.i18n import N_
from bot.localized import Text
from bot.services.errors import UserError
from bot.services.stored_turns import report_input
from bot.store import ResolutionRecord, TurnRecord, TurnStatus


async def map_data(service: CampaignService, campaign_id: int) -> ReportInput:
    """What the maps are drawn from: the last resolved turn as it was stored (positions after it, its
    battles and blockades), or, before any turn is resolved, the current positions with no events."""
    campaign = await service.campaign(campaign_id)
    last = await service.repo.last_resolution(campaign_id)
    if last is not None:
        return await whole_turn(service, campaign, last)
    ruleset = get_ruleset(campaign.ruleset)
    state = ruleset.state_model.model_validate((await service.repo.load_state(campaign_id)).state)
    return ReportInput(campaign_name=campaign.name, turn=campaign.turn, seed="", commitment="",
                       gamemap=load_shipped_map(campaign.map_id), before=state, after=state, events=[],
                       language=campaign.language, faction_languages=campaign.faction_languages())


async def whole_turn(service: CampaignService, campaign: Campaign, last: ResolutionRecord) -> ReportInput:
    """The map of ``last``'s turn as a whole (issue 12): a turn of steps is drawn from its first step's
    before-state to its last step's after-state, with every step's events and rolls, so the map after a
    turn whose last step only asks questions still shows what its orders step did."""
    records = [r for r in await service.repo.turn_resolutions(campaign.id, last.turn)
               if r.step <= last.step] or [last]
    drawn = [await report_input(service, campaign, record) for record in records]
    if len(drawn) == 1:
        return drawn[0]
    first, end = drawn[0], drawn[-1]
    events = [event for part in drawn for event in part.events]
    rolls = [roll for part in drawn for roll in part.rolls]
    return dataclasses.replace(first, after=end.after, events=events, rolls=rolls)


@dataclass
class TurnSeed:
    """One turn's dice: its commitment, and what its report revealed (an ``hmac-seed`` turn's seed, an
    ``rsa-vrf`` turn's public key) once it has: never a private key."""

    turn: int
    commitment: str
    seed: str | None  # None: not revealed (the turn is open, or was undone for a correction)
    dice_scheme: str = SEED_SCHEME

    @property
    def matches(self) -> bool:
        if self.seed is None:
            return False
        if self.dice_scheme == SEED_SCHEME:
            return verify(self.seed, self.commitment)
        try:
            return key_fingerprint(self.seed) == self.commitment.lower()
        except DiceError:
            return False


async def turn_seeds(service: CampaignService, campaign_id: int) -> list[TurnSeed]:
    """Every opened turn of the campaign, oldest first.  Only a resolved turn's seed or public key is
    given: an open turn's seed would let anyone compute its dice before the deadline."""
    campaign = await service.campaign(campaign_id)
    seeds = []
    for number in range(1, campaign.turn + 1):
        record = await service.repo.get_turn(campaign_id, number)
        if record is not None:
            seeds.append(TurnSeed(number, record.commitment, _revealed(campaign, record), record.dice_scheme))
    return seeds


def _revealed(campaign: Campaign, record: TurnRecord) -> str | None:
    """What a turn's reports revealed of its dice: a resolved turn's seed or public key; an rsa-vrf turn
    part-way through its steps, its public key, revealed with its first step's report (issue 12; an
    hmac-seed turn's seed only with its last: docs/decisions.md)."""
    if record.status is TurnStatus.RESOLVED:
        return record.revealed()
    part_way = record.turn == campaign.turn and campaign.step > 1
    return record.revealed() if part_way and record.dice_scheme == KEY_SCHEME else None


@dataclass
class TurnProofs:
    """An ``rsa-vrf`` turn's public key and the rolls (with proofs) one reader's reports show."""

    campaign_name: str
    turn: int
    commitment: str
    public_key: str
    rolls: list[Roll]

    def document(self) -> dict:
        """What ``python -m bot dice verify --proofs FILE`` checks offline."""
        return {"format": PROOFS_FORMAT, "campaign": self.campaign_name, "turn": self.turn,
                "dice_scheme": KEY_SCHEME, "commitment": self.commitment, "public_key": self.public_key,
                "rolls": [r.model_dump(mode="json") for r in self.rolls]}


PROOFS_FORMAT = "fleetwright.dice-proofs/1"


async def turn_proofs(service: CampaignService, campaign_id: int, turn: int, *,
                      reader: str | None) -> TurnProofs | None:
    """The rolls of a resolved ``rsa-vrf`` turn that ``reader``'s reports show (``None``: a moderator,
    every roll); ``None`` for a turn that is not one.  A proof fixes its roll's dice, so a reader
    is given only those of rolls it is shown the results of: its clan's report and the public one."""
    seed = next((s for s in await turn_seeds(service, campaign_id) if s.turn == turn), None)
    if seed is None or seed.seed is None or seed.dice_scheme == SEED_SCHEME:
        return None
    campaign = await service.campaign(campaign_id)
    # Every step's rolls (issue 12): a later step's keys say their step ("s2:…"), signed by the same key.
    records = await service.repo.turn_resolutions(campaign_id, turn)
    rolls = [r for record in records for r in record.dice if _shown(campaign.ruleset, record, r.key, reader)]
    return TurnProofs(campaign.name, turn, seed.commitment, seed.seed, rolls)


def _shown(ruleset_id: str, record: ResolutionRecord, key: str, reader: str | None) -> bool:
    """Whether the reader's reports of the turn (its clan's and the public one) show the roll: as the
    ruleset's presenter reads its own report lines."""
    if reader is None:
        return True
    texts = [record.report.get("public", "")] + ([record.report.get(f"faction:{reader}", "")] if reader else [])
    show = presenter(ruleset_id)
    return any(key in show.shown_roll_keys(text) for text in texts)


async def recompute_roll(service: CampaignService, campaign_id: int, turn: int, key: str,
                         expr: str | None = None, *, reader: str | None = None) -> tuple[Roll, Roll | None]:
    """(the roll recomputed from what the turn revealed, the roll as the resolution recorded it).

    ``reader`` is the caller's faction (``None``: a moderator; "": one of no clan).  The recorded roll is
    looked up only for a key the reader's reports show: confirming that some other key was rolled would
    tell a player what another clan's units did.  An ``hmac-seed`` turn's roll is recomputed from its
    seed (``expr``, e.g. 2d6, for a key not shown); an ``rsa-vrf`` turn's only from its proof, which the
    reader has for the rolls it is shown and no other.  Refuses a turn whose dice are not revealed."""
    campaign = await service.campaign(campaign_id)
    seed = next((s for s in await turn_seeds(service, campaign_id) if s.turn == turn), None)
    if seed is None:
        raise UserError(N_("turn {turn} of {campaign} was never opened; /dice verify lists its turns"), turn=turn,
                        campaign=campaign.name)
    if seed.seed is None:
        raise UserError(N_("turn {turn} of {campaign} is not resolved: its dice stay secret until the report reveals "
                           "them, so none of them can be computed yet"), turn=turn, campaign=campaign.name)
    recorded = await _recorded_roll(service, campaign, turn, key, reader)
    if seed.dice_scheme != SEED_SCHEME:
        return _checked_proof(campaign, seed, key, recorded, reader), recorded
    wanted = expr or (recorded.expr if recorded else None)
    if wanted is None:
        raise UserError(N_("{unknown}; copy a key from the report (the text after 'key'), or give the dice (e.g. "
                           "dice:2d6) to compute it anyway"), unknown=_unknown_key(campaign, key, reader))
    try:
        return derive_die(seed.seed, key, wanted), recorded
    except DiceError as exc:
        raise UserError(str(exc)) from None


def _checked_proof(campaign: Campaign, seed: TurnSeed, key: str, recorded: Roll | None,
                   reader: str | None) -> Roll:
    """The dice the recorded proof gives.  A key not shown to the reader is refused exactly like a key
    never rolled, with or without ``dice``: nothing public fixes its dice."""
    if recorded is None:
        raise UserError(N_("{unknown}; copy a key from your report (the text after 'key')"),
                        unknown=_unknown_key(campaign, key, reader))
    expr = DieExpr.parse(recorded.expr)
    try:
        proof = bytes.fromhex(recorded.proof)
    except ValueError:
        proof = b""
    faces = faces_from_proof(proof, key, expr)
    recomputed = Roll(key=key, expr=recorded.expr, faces=faces, total=sum(faces) + expr.modifier,
                      proof=recorded.proof)
    if check_proof(seed.seed or "", seed.turn, recomputed) is not None:
        raise UserError(N_("the recorded proof of key {key} is not the turn key's signature: tell the moderators"),
                        key=repr(key))
    return recomputed


def _unknown_key(campaign: Campaign, key: str, reader: str | None) -> Text:
    """Why no dice are known for ``key``: true for a moderator, a clan, and one of no clan (whose
    report is none: "that turn did not roll it" would be false for a key the turn did roll)."""
    if reader is None:
        return Text(N_("the key {key} is not one that turn rolled"), key=repr(key))
    if reader:
        return Text(N_("the key {key} is not one your report of that turn shows"), key=repr(key))
    return Text(N_("you play no clan of {campaign}, so no report of yours shows the key {key}"), campaign=campaign.name,
                key=repr(key))


async def _recorded_roll(service: CampaignService, campaign: Campaign, turn: int, key: str,
                        reader: str | None) -> Roll | None:
    for record in await service.repo.turn_resolutions(campaign.id, turn):  # the key says its step (issue 12)
        roll = next((roll for roll in record.dice if roll.key == key), None)
        if roll is not None:
            return None if reader is not None and not _shown(campaign.ruleset, record, key, reader) else roll
    return None
