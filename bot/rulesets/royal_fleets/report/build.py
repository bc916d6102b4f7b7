"""The royal fleets reports: public, one per faction, the moderators' log.

What an audience reads is decided where each event is emitted (its ``audience``): the public
report has battles and their outcome, blockades, crossings, trade posts; a faction's adds its
own fleets' moves, its dice and every modifier of its battles, what it sighted; the moderators'
log has everything, each default applied, and the dice log.
"""

from __future__ import annotations

from bot.domain.events import Event
from bot.domain.text import escape
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.engine.dice import SEED_SCHEME
from bot.report import ReportInput, Reports, capitalised
from bot.rulesets.royal_fleets.report.names import Names
from bot.rulesets.royal_fleets.report.templates import TEMPLATES


def lines(events: list[Event], names: Names) -> list[str]:
    for event in events:  # the battle's end names its winner by the sides it started with
        if event.kind == "battle_started":
            names.battle_sides[event.battle] = event.factions
    return [capitalised(text) for event in events if (text := TEMPLATES[event.kind](event, names))]


def _header(data: ReportInput, names: Names, who: str) -> list[str]:
    return [names.t._("⚓ {campaign} — turn {turn} — {who}", campaign=escape(data.campaign_name), turn=data.turn,
                      who=who), ""]


def _footer(data: ReportInput, names: Names) -> list[str]:
    t = names.t
    if data.dice_scheme != SEED_SCHEME:
        return ["", t._("Dice key of this turn: RSA public key with SHA-256 fingerprint {commitment}; `/dice verify` "
                        "checks the rolls your report shows.", commitment=data.commitment)]
    return ["", t._("Seed revealed: {seed} (commitment {commitment}, SHA-256); every roll is HMAC-SHA256(seed, key): "
                    "`python -m bot dice` recomputes any key in your report.", seed=data.seed,
                    commitment=data.commitment)]


def _standing(data: ReportInput, names: Names, faction: str) -> list[str]:
    own = data.after.factions.get(faction)
    if own is None:
        return []
    posts = [names.place(p) for p, c in sorted(data.after.trade_posts.items()) if c == faction]
    return ["", names.t._("Treasury {treasury} thalers; war exhaustion {exhaustion}; trade posts: {posts}.",
                          treasury=str(own.treasury), exhaustion=own.war_exhaustion, posts=", ".join(posts) or "—")]


def build(data: ReportInput) -> Reports:
    public_names = Names(data, data.language_for(PUBLIC))
    public = (_header(data, public_names, public_names.t._("public report"))
              + (lines([e for e in data.events if e.audience.public], public_names)
                 or [public_names.t._("A quiet turn at sea.")]) + _footer(data, public_names))
    factions = {}
    for faction in data.before.factions:
        own = Names(data, data.language_for(Viewer.of(faction)))
        body = lines([e for e in data.events if e.audience.sees(faction)], own) or [
            own.t._("Nothing happened to your fleets.")]
        who = own.t._("{faction}, your turn", faction=own.faction(faction))
        factions[faction] = "\n".join(_header(data, own, who) + body + _standing(data, own, faction)
                                      + _footer(data, own))
    log = Names(data, data.language_for(MODERATORS))
    moderators = (_header(data, log, log.t._("moderator log")) + lines(data.events, log)
                  + ["", log.t._("Dice log:")] + [f"  {r.key}: {r.expr} {list(r.faces)} = {r.total}" for r in data.rolls]
                  + _footer(data, log))
    return Reports(public="\n".join(public), factions=factions, moderators="\n".join(moderators))
