"""The Sengoku turn map for one audience: which tokens, arrows and event
markers it shows (S12.6, R19, OP-49). Who sees which unit is decided in
``sightings``; this module turns what an audience may read into an
``Overlay`` for ``bot.render``.

- public: ownership, the units the public report names (where it names
  them), what happened where and how it ended, cut lines and blocked straits;
  pirates as "pirates" with no owner.
- a clan: the same, plus its own units in full (experience, damage, heavy
  detachments), its moves as arrows, and whatever its private events told it.
- moderators: every unit and every move.
"""

from __future__ import annotations

from collections import Counter

from bot.domain.events import Event
from bot.domain.viewer import PUBLIC, Viewer
from bot.i18n import N_, Messages, messages
from bot.render.overlay import Highlight, Marker, Overlay, Route
from bot.report import ReportInput, per_turn
from bot.rulesets.sengoku.report.build import SEASONS
from bot.rulesets.sengoku.rules.model.model import UnitState
from bot.rulesets.sengoku.report.overlay_style import cut_lines, vocabulary_in
from bot.rulesets.sengoku.report.sightings import (
    LOST,
    PLACING_KINDS,
    check_audience,
    knows_in_full,
    losses,
    visible_events,
    visible_units,
)

ROUTE_KINDS = {"moved": "solid", "fleet_sailed": "dashed", "operation_sailed": "dashed", "dispersed": "dashed"}

# The map's words are in the post's language (catalogue sengoku-maps.po); each a whole phrase,
# so that a translator can order its words (an outcome of a landing, of a port attack …).
LANDING_OUTCOMES = {
    ("army", "landed"): N_("army landed"), ("army", "pinned"): N_("army pinned"),
    ("army", "pushed_back"): N_("army pushed back"), ("army", "retreated"): N_("army retreated"),
    ("army", "dispersed"): N_("army dispersed"), ("army", "stopped"): N_("army stopped"),
    ("evacuation", "landed"): N_("evacuation landed"), ("evacuation", "pinned"): N_("evacuation pinned"),
    ("evacuation", "pushed_back"): N_("evacuation pushed back"),
    ("evacuation", "retreated"): N_("evacuation retreated"),
    ("evacuation", "dispersed"): N_("evacuation dispersed"), ("evacuation", "stopped"): N_("evacuation stopped"),
}
PORT_OUTCOMES = {"attacked": N_("attacked"), "beaten off": N_("beaten off"), "called off": N_("called off"),
                 "no landing": N_("no landing"), "port destroyed": N_("port destroyed"), "port taken": N_("port taken")}
LOSSES = {"destroyed": N_("destroyed"), "captured": N_("captured")}
INTERCEPTIONS = frozenset({"intercepted", "pirates_intercepted"})
# The kinds _highlights words (the port attacks and blockades it reads from _port_attacks, _still_blocked).
HIGHLIGHT_KINDS = frozenset({"battle_ended", "intercepted", "pirates_intercepted", "operation_ended", "pirates_present",
                             "piracy_clash", "pirates_engaged", "pirates_sighted", "piracy_begun", "coast_plundered",
                             "coast_ravaged", "plunder_hindered", "plunder_looted"})
PORT_ATTACK_KINDS = frozenset({"port_attacked", "port_attack_void", "port_landing", "port_ravaged"})
BLOCKADES = frozenset({"loc_cut", "crossing_blocked", "port_blockaded", "blockade_lifted"})
# Every kind an overlay reads but for the sub-phases in its title (which read them all).
DRAWN_KINDS = (ROUTE_KINDS.keys() | INTERCEPTIONS | HIGHLIGHT_KINDS | PORT_ATTACK_KINDS | BLOCKADES | PLACING_KINDS
               | LOST.keys() | {"battle_began", "fleets_damaged"})
# The season words as the report's header has them (build.SEASONS), looked up in the post's language.
SEASON_WORDS = (N_("spring–summer"), N_("summer–autumn"), N_("autumn–winter"))


def overlay_for(data: ReportInput, audience: Viewer | str = PUBLIC) -> Overlay:
    audience = check_audience(data, audience)  # a Viewer; refuses a clan not in the turn
    events = visible_events(data, audience)
    drawn = _of_kinds(events, DRAWN_KINDS)  # what the passes below read, in order: a large turn's events are mostly rolls
    state = data.after
    clans = data.before.clans
    language = data.language_for(audience)
    t = messages(language, "sengoku")
    return Overlay(
        title=t._("{campaign} — turn {turn}", campaign=data.campaign_name, turn=data.turn),
        subtitle=_subtitle(data, events, audience, t),
        markers=_markers(data, audience, drawn, t),
        highlights=_highlights(data, drawn, t),
        routes=_routes(data, drawn),
        area_owner=dict(sorted(state.area_owner.items())),
        faction_colours={c.id: c.colour for c in clans.values()},  # an owner that is no clan is drawn grey
        faction_names={**{o: o.capitalize() for o in state.area_owner.values()},
                       **{c.id: c.name for c in clans.values()}},
        lines=cut_lines(data.gamemap, _still_blocked(drawn, "loc_cut", "loc", "loc"),
                        _still_blocked(drawn, "crossing_blocked", "strait", "crossing")),
        vocabulary=vocabulary_in(language),
        # a player reads the map in the chat preview: large badges; the moderators open it full size
        units_as="cards" if audience.is_moderators else "badges",
        language=language,
    )


def _subtitle(data: ReportInput, events: list[Event], audience: Viewer, t: Messages) -> str:
    season = t._(SEASONS.get(data.before.season, data.before.season))
    # from this audience's events only: a sub-phase of hidden activity must not show in the title
    phases = sorted({phase for e in events if (phase := _field(e, "subphase", "")) not in ("", "start", None)})
    if len(phases) > 1:
        phase = t._("sub-phases {first}–{last}", first=phases[0], last=phases[-1])
    else:
        phase = t._("sub-phase {phase}", phase=phases[0] if phases else "SP1")
    if audience.is_public:
        who = t._("public map: what every clan may know")
    elif audience.is_moderators:
        who = t._("moderators: everything")
    else:
        who = t._("{clan}: your units in full, and what you learned", clan=data.before.clans[audience.faction].name)
    return t._("{season}, {phase} — {who}", season=season, phase=phase, who=who)


# --- tokens ---------------------------------------------------------------------


def _markers(data: ReportInput, audience: Viewer, events: list[Event], t: Messages) -> list[Marker]:
    state = data.after
    colours = {c.id: c.colour for c in data.before.clans.values()}
    damaged = {u for e in _of_kinds(events, ("fleets_damaged",)) for u in e.units}
    heavy = _heavy_counts(state)
    markers = []
    for unit_id, area in sorted(visible_units(data, audience, events).items()):
        full = knows_in_full(data, audience, unit_id)
        if unit_id in state.squadrons:
            sq = state.squadrons[unit_id]
            hds = heavy.get(unit_id, 0)
            detail = _detail(t, sq.experience, sq.damage, hds) if full else ""
            # Ordinary or reinforced is known only to its owner (S5.6, OP-26): anyone else's squadron is
            # drawn as of unknown strength, never as "ordinary", which would be a claim too.
            shape = ("reinforced" if hds else "squadron") if full else "unknown"
            markers.append(Marker(area=area, label=sq.name, faction=sq.owner, colour=colours[sq.owner],
                                  shape=shape, detail=detail))
        else:
            tf = state.fleets[unit_id]
            shown_damaged = tf.damaged if full else unit_id in damaged
            markers.append(Marker(area=area, label=tf.name, faction=tf.owner, colour=colours[tf.owner],
                                  shape="fleet", detail=t._("damaged") if shown_damaged else ""))
    for unit_id, (area, how) in sorted(losses(data, audience, events).items()):
        unit = data.before.squadrons.get(unit_id) or data.before.fleets.get(unit_id)
        markers.append(Marker(area=area, label=unit.name, faction=unit.owner, colour=colours[unit.owner],
                              shape="lost", detail=_loss(t, how)))
    return markers


def _heavy_counts(state) -> Counter:
    """Squadron id -> its active heavy detachments (``len(state.hds_of(id))`` for every squadron at once:
    a moderators' map of a large turn would scan every detachment once per squadron)."""
    return Counter(hd.attached_to for hd in state.heavy.values()
                   if hd.attached_to is not None and hd.state is UnitState.ACTIVE)


def _detail(t: Messages, experience: int, damage: int, heavy: int) -> str:
    if heavy:
        return t._("XP {xp}, dmg {damage}, {heavy} HD", xp=experience, damage=damage, heavy=heavy)
    return t._("XP {xp}, dmg {damage}", xp=experience, damage=damage)


def _loss(t: Messages, how: str) -> str:
    """``sightings.losses``' English words for a loss, in the map's language."""
    if how.startswith("captured by "):
        return t._("captured by {clan}", clan=how.removeprefix("captured by "))
    return t._(LOSSES[how]) if how in LOSSES else how


def _routes(data: ReportInput, events: list[Event]) -> list[Route]:
    colours = {c.id: c.colour for c in data.before.clans.values()}
    stopped = _stopped_at(events)
    paths = per_turn(data, "sengoku.route_paths", _route_paths)
    routes = []
    for e in _of_kinds(events, ROUTE_KINDS):
        unit, path = paths[id(e)]
        owner = data.before.unit_owner(unit)
        path = _cut(path, stopped.get(_field(e, "operation")))
        if owner in colours and len(path) >= 2:
            routes.append(Route(areas=path, colour=colours[owner], style=ROUTE_KINDS[e.kind]))
    return routes


def _route_paths(data: ReportInput) -> dict[int, tuple[str | None, list[str]]]:
    """Each moving event's unit and its path on the map, by ``id(event)``: the same for every audience
    that sees it, so worked out once per turn (a moderators' map of a large turn draws ~1,400)."""
    areas, ports = data.gamemap.areas, data.gamemap.ports
    return {id(e): (_field(e, "unit") or _field(e, "fleet") or _field(e, "lead"), _path(areas, ports, e))
            for e in _of_kinds(data.events, ROUTE_KINDS)}


def _of_kinds(events: list[Event], kinds) -> list[Event]:
    """The events of ``kinds``, in order: a pass that cares for a few kinds skips the rest of a large
    turn's events at the cost of one look-up each."""
    return [e for e in events if e.kind in kinds]


def _field(event: Event, name: str, default=None):
    """``getattr(event, name, default)``: an event's fields are its attributes (it has no properties), and
    pydantic's way to a missing attribute is slow, asked of every event of a large turn (issue 18)."""
    return event.__dict__.get(name, default)


def _stopped_at(events: list[Event]) -> dict[str, str]:
    """Where an intercepted landing or evacuation was stopped (S3.7): its arrow ends there,
    not at the destination it never reached."""
    return {e.operation: e.area for e in _of_kinds(events, INTERCEPTIONS)}


def _cut(path: list[str], stop: str | None) -> list[str]:
    return path[:path.index(stop) + 1] if stop in path else path


def _path(areas: dict, ports: dict, e: Event) -> list[str]:
    if e.kind == "dispersed":
        port = ports.get(e.back_to) if e.back_to else None
        steps = [e.area, port.area] if port else []
    else:
        steps = list(e.route)
    steps = [a for a in steps if a in areas]
    return [a for i, a in enumerate(steps) if i == 0 or a != steps[i - 1]]


# --- what happened where --------------------------------------------------------


def _highlights(data: ReportInput, events: list[Event], t: Messages) -> list[Highlight]:
    found: dict[tuple[str, str], list[str]] = {}
    areas = data.gamemap.areas

    def add(area: str | None, kind: str, outcome: str) -> None:
        outcomes = found.setdefault((area, kind), []) if area in areas else None
        # Battles are counted ("Kōno won ×2"); a repeated sighting of pirates is one fact.
        if outcomes is not None and (kind == "battle" or outcome not in outcomes):
            outcomes.append(outcome)

    clan = _clan_namer(data)
    port_battles = {e.battle for e in _of_kinds(events, ("battle_began",)) if e.port_defence}
    for e in _of_kinds(events, HIGHLIGHT_KINDS):
        if e.kind == "battle_ended" and e.battle not in port_battles:
            add(e.area, "battle", t._("{clan} won", clan=clan(e.winner)) if e.winner else t._("no winner"))
        elif e.kind in ("intercepted", "pirates_intercepted"):
            add(e.area, "interception", t._("landing intercepted ({category})", category=e.category))
        elif e.kind == "operation_ended":
            add(e.area, "landing", t._(LANDING_OUTCOMES["evacuation" if e.evacuation else "army", e.outcome]))
        elif e.kind in ("pirates_present", "piracy_clash", "pirates_engaged"):
            add(e.area, "piracy", t._("pirates fought") if e.kind != "pirates_present" else t._("pirates"))
        elif e.kind in ("pirates_sighted", "piracy_begun"):
            add(_port_area(data, e.port), "piracy", t._("pirates"))
        elif e.kind == "coast_plundered":
            add(e.area, "plunder", t._("plundered by {clan}", clan=clan(e.clan)))
        elif e.kind == "coast_ravaged":
            add(e.area, "plunder", t._("ravaged by {clan}", clan=clan(e.clan)))
        elif e.kind == "plunder_hindered":
            add(e.area, "plunder", t._("plunder hindered"))
        elif e.kind == "plunder_looted":
            add(e.area, "plunder", t._("plunder: {rice} rice", rice=e.rice))
    for port, outcome in _port_attacks(data, events).items():
        add(_port_area(data, port), "port_attack",
            t._("{port}: {outcome}", port=data.gamemap.ports[port].name, outcome=t._(PORT_OUTCOMES[outcome])))
    for port in _still_blocked(events, "port_blockaded", "port", "port"):
        add(_port_area(data, port), "blockade", t._("{port} blockaded", port=data.gamemap.ports[port].name))
    return [Highlight(area=area, kind=kind, label=_summary(outcomes)) for (area, kind), outcomes in found.items()]


def _summary(outcomes: list[str]) -> str:
    counts = Counter(outcomes)
    return ", ".join(o if n == 1 else f"{o} ×{n}" for o, n in counts.items())


def _port_attacks(data: ReportInput, events: list[Event]) -> dict[str, str]:
    out: dict[str, str] = {}
    for e in _of_kinds(events, PORT_ATTACK_KINDS):
        if e.kind == "port_attacked":
            out[e.port] = "attacked"
        elif e.kind == "port_attack_void" and e.port in out:
            out[e.port] = "beaten off" if "beaten off" in e.reason else "called off"
        elif e.kind == "port_landing" and not e.landed:
            out[e.port] = "no landing"
        elif e.kind == "port_ravaged":
            out[e.port] = "port destroyed" if e.destroyed else "port taken"
    return out


def _still_blocked(events: list[Event], kind: str, field: str, lifted_what: str) -> list[str]:
    """Ids blocked by a visible event and not lifted by a later one."""
    blocked: dict[str, None] = {}
    for e in _of_kinds(events, (kind, "blockade_lifted")):
        if e.kind == kind:
            blocked[getattr(e, field)] = None
        elif e.kind == "blockade_lifted" and e.what == lifted_what:
            blocked.pop(e.id, None)
    return sorted(blocked)


def _port_area(data: ReportInput, port_id: str | None) -> str | None:
    port = data.gamemap.ports.get(port_id) if port_id else None
    return port.area if port else None


def _clan_namer(data: ReportInput):
    clans = data.before.clans
    return lambda c: clans[c].name if c in clans else str(c)
