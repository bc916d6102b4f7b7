"""Here I Stand's reports: public, one per power, the moderators' log.

What an audience reads is decided where each event is emitted (its ``audience``, rules/events.py):
HIS plays with open dice and an open board, so the public report has every action, roll and loss; a
power's adds what was answered for it privately (a default, a standing order that could tell its
hand: H-OP-35), an action of its that could not be carried out, and its hand size when it changed
(piracy's card, H5.2.5 (b)); the moderators' log has everything, each default applied in its place
with its rule (H10.6: "Default applied (H-OP-25): the retreat of …"), then the dice log; the
services append their own list of the step's defaults (bot/services/turn_work.defaults_applied).
"""

from __future__ import annotations

from bot.domain.events import Event
from bot.domain.text import escape
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.engine.dice import SEED_SCHEME
from bot.report import ReportInput, Reports, capitalised
from bot.rulesets.here_i_stand.report.names import Names
from bot.rulesets.here_i_stand.rules.model import PowerKind
from bot.rulesets.here_i_stand.report.templates import TEMPLATES


def lines(events: list[Event], names: Names) -> list[str]:
    return [capitalised(text) for event in events if (text := TEMPLATES[event.kind](event, names))]


def _header(data: ReportInput, names: Names, who: str) -> list[str]:
    impulse = getattr(data.before, "impulse", None)  # the impulse the step played, even if it ended in it
    title = names.t._("⚓ {campaign} — turn {turn}, impulse {impulse} ({power}) — {who}",
                      campaign=escape(data.campaign_name), turn=data.turn,
                      impulse=impulse.number if impulse else "?",
                      power=names.power(impulse.active_power) if impulse else "?", who=who)
    return [title, ""]


def _footer(data: ReportInput, names: Names) -> list[str]:
    t = names.t
    if data.dice_scheme != SEED_SCHEME:
        return ["", t._("Dice key of this turn: RSA public key with SHA-256 fingerprint {commitment}; `/dice verify` "
                        "checks the rolls your report shows.", commitment=data.commitment)]
    return ["", t._("Seed revealed: {seed} (commitment {commitment}, SHA-256); every roll is HMAC-SHA256(seed, key): "
                    "`python -m bot dice` recomputes any key in your report.", seed=data.seed,
                    commitment=data.commitment)]


def _hand(data: ReportInput, names: Names, power: str) -> list[str]:
    """The power's own hand size, when it changed (H5.2.5 (b)); the cards stay hidden (H-OP-35)."""
    before, after = data.before.powers.get(power), data.after.powers.get(power)
    if before is None or after is None or before.hand_size == after.hand_size:
        return []
    return ["", names.t.n_("Your hand: {n} card (was {was}).", "Your hand: {n} cards (was {was}).", after.hand_size,
                           n=after.hand_size, was=before.hand_size)]


def _standing(data: ReportInput, names: Names, power: str) -> list[str]:
    """How many CP the power has left when it is the one taking the impulse."""
    impulse = getattr(data.after, "impulse", None)
    if impulse is None or impulse.active_power != power:
        return []
    return ["", names.t._("CP left in your impulse: {cp}.", cp=impulse.cp_remaining)]


def build(data: ReportInput) -> Reports:
    public_names = Names(data, data.language_for(PUBLIC))
    public = (_header(data, public_names, public_names.t._("public report"))
              + (lines([e for e in data.events if e.audience.public], public_names)
                 or [public_names.t._("Nothing happened at sea.")]) + _footer(data, public_names))
    powers = {}
    for power, found in data.before.powers.items():
        if found.kind != PowerKind.MAJOR:  # a minor power has no player: a major controls its units (H-OP-01)
            continue
        own = Names(data, data.language_for(Viewer.of(power)))
        body = lines([e for e in data.events if e.audience.sees(power)], own) or [own.t._("Nothing happened at sea.")]
        who = own.t._("{power}, your report", power=own.power(power))
        powers[power] = "\n".join(_header(data, own, who) + body + _hand(data, own, power)
                                  + _standing(data, own, power) + _footer(data, own))
    log = Names(data, data.language_for(MODERATORS))
    moderators = (_header(data, log, log.t._("moderator log")) + (lines(data.events, log)
                                                                   or [log.t._("Nothing happened at sea.")])
                  + ["", log.t._("Dice log:")]
                  + [f"  {r.key}: {r.expr} {list(r.faces)} = {r.total}" for r in data.rolls]
                  + _footer(data, log))
    return Reports(public="\n".join(public), factions=powers, moderators="\n".join(moderators))
