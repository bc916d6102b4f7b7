"""The Empires in Arms reports of one step of an impulse: public, one per nation, the moderators' log.

What an audience reads is decided where each event is emitted (its ``audience``): the board is
open, so moves, rolls, battles and losses are public; a nation's report adds what only it may read
(its standing orders applied, its defaults, its convoy's cargo) and its KO; the moderators' log has
everything, each default with its rule, and the dice log.
"""

from __future__ import annotations

from bot.domain.events import Event
from bot.domain.text import escape
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.engine.dice import SEED_SCHEME
from bot.report import ReportInput, Reports, capitalised
from bot.rulesets.empires_in_arms.report.names import Names
from bot.rulesets.empires_in_arms.report.templates import TEMPLATES


def lines(events: list[Event], names: Names) -> list[str]:
    return [capitalised(text) for event in events if (text := TEMPLATES[event.kind](event, names))]


def _header(data: ReportInput, names: Names, who: str) -> list[str]:
    impulse = data.before.impulse
    return [names.t._("⚓ {campaign} — impulse {impulse} of {nation} — {who}", campaign=escape(data.campaign_name),
                      impulse=impulse.number, nation=names.nation(impulse.active), who=who), ""]


def _footer(data: ReportInput, names: Names) -> list[str]:
    t = names.t
    if data.dice_scheme != SEED_SCHEME:
        return ["", t._("Dice key of this turn: RSA public key with SHA-256 fingerprint {commitment}; `/dice verify` "
                        "checks the rolls your report shows.", commitment=data.commitment)]
    return ["", t._("Seed revealed: {seed} (commitment {commitment}, SHA-256); every roll is HMAC-SHA256(seed, key): "
                    "`python -m bot dice` recomputes any key in your report.", seed=data.seed,
                    commitment=data.commitment)]


def _standing(data: ReportInput, names: Names, nation: str) -> list[str]:
    """The nation's KO left this impulse (E1, E-OP-01) and whether it ran its convoy (E11.4)."""
    impulse = data.after.impulse
    if (impulse.number, impulse.active) != (data.before.impulse.number, data.before.impulse.active):
        return []  # the impulse ended with this step: its last line says so, the next one's ledger is not this one's
    if nation not in impulse.ko and nation not in impulse.convoy_used:
        return []
    ko = impulse.ko.get(nation)
    convoy = names.t._("convoy run") if nation in impulse.convoy_used else names.t._("no convoy yet")
    return ["", names.t._("KO left this impulse: {ko}; {convoy} (E11.4).", ko="—" if ko is None else ko,
                          convoy=convoy)]


def build(data: ReportInput) -> Reports:
    public_names = Names(data, data.language_for(PUBLIC))
    public = (_header(data, public_names, public_names.t._("public report"))
              + (lines([e for e in data.events if e.audience.public], public_names)
                 or [public_names.t._("Nothing happened at sea.")]) + _footer(data, public_names))
    nations = {}
    for nation in data.before.nations:
        own = Names(data, data.language_for(Viewer.of(nation)))
        body = lines([e for e in data.events if e.audience.sees(nation)], own) or [
            own.t._("Nothing happened to your squadrons.")]
        who = own.t._("{nation}, your report", nation=own.nation(nation))
        nations[nation] = "\n".join(_header(data, own, who) + body + _standing(data, own, nation) + _footer(data, own))
    log = Names(data, data.language_for(MODERATORS))
    moderators = (_header(data, log, log.t._("moderator log")) + lines(data.events, log)
                  + ["", log.t._("Dice log:")] + [f"  {r.key}: {r.expr} {list(r.faces)} = {r.total}" for r in data.rolls]
                  + _footer(data, log))
    return Reports(public="\n".join(public), factions=nations, moderators="\n".join(moderators))
