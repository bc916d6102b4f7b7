"""Piracy (H5.2; ZH L96–L121, RU L19–L51).  The seeds agree but for two points the spec lists (H7):
the leaders' bonus (ZH L115 "all naval leaders in that zone", RU L43 "the leader present":
H-OP-32, a setting) and the minors at war (ZH L109–L110 name them; RU L31 says "any power": D8, the
same here).  The target is a power (RU L25, H-OP-30); the Ottomans need not be at war with it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.domain.text import N_
from bot.engine.dice import Dice
from bot.engine.ruleset import OrderRejected
from bot.rulesets.here_i_stand.rules.combat import remove_units
from bot.rulesets.here_i_stand.rules.events import AntiPiracyRolled, CpSpent, PiracyReward, PiracyRolled, public
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import KNIGHTS, OTTOMANS, POOL, HisState, PowerKind, UnitType, turn_track
from bot.rulesets.here_i_stand.rules.settings import HisSettings, LeaderBonus

PIRACY_CP = 2  # H5.1.1
SQUADRON, CARD, VP, NOTHING = "squadron", "card", "vp", "none"
VP_CAP = 10  # H5.2.5 (c)


def validate_piracy(state: HisState, gamemap: HisMap, zone: str, target: str) -> None:
    """H5.1.1, H5.2.1, H-OP-30, H-OP-36; raises OrderRejected saying what is wrong."""
    if state.impulse.active_power != OTTOMANS:
        raise OrderRejected(N_("only the Ottomans initiate piracy (H5.1.1)"), rule="H5.1.1")
    if state.impulse.cp_remaining < PIRACY_CP:
        raise OrderRejected(N_("piracy costs {cp} CP; {left} left this impulse"), rule="H5.1.1", cp=PIRACY_CP,
                            left=state.impulse.cp_remaining)
    if not gamemap.is_sea_zone(zone) or not _corsairs(state, zone):
        raise OrderRejected(N_("piracy needs a sea zone with Ottoman corsairs in it"), rule="H5.1.1")
    if state.piracy_markers.get(zone) == state.turn:
        raise OrderRejected(N_("piracy was already initiated in this sea zone this turn"), rule="H5.2.1.4")
    power = state.powers.get(target)
    if power is None or power.kind != PowerKind.MAJOR or target == OTTOMANS or not target_ports(state, gamemap, zone, target):
        raise OrderRejected(N_("the target must be a major power other than the Ottomans controlling a port "
                               "adjacent to this sea zone"), rule="H-OP-30")


def _corsairs(state: HisState, zone: str) -> list[str]:
    return [u.id for u in state.units_at(zone, OTTOMANS) if u.type == UnitType.CORSAIR]


def target_ports(state: HisState, gamemap: HisMap, zone: str, target: str) -> list[str]:
    return [p for p in gamemap.adjacent(zone) if gamemap.is_port(p) and state.controller_of(p) == target]


class AntiPiracyDice(BaseModel):
    model_config = ConfigDict(frozen=True)

    in_zone: int  # the target's squadrons in the zone, 2 dice each
    adjacent: int  # squadrons of the target or of a power at war with the Ottomans next to it, 1 each
    fortresses: int  # 1 each

    @property
    def total(self) -> int:
        return 2 * self.in_zone + self.adjacent + self.fortresses


def anti_piracy_dice(state: HisState, gamemap: HisMap, zone: str, target: str) -> AntiPiracyDice:
    """H5.2.2 [ZH L106–L110, RU L27–L33].  Only squadrons count (corsairs are Ottoman); a fortress,
    not a key (H-OP-31), not besieged nor in unrest, of the target, of a power at war with the
    Ottomans, or of the Knights of St. John."""

    def counts(power: str) -> bool:
        return power == target or state.at_war(power, OTTOMANS)

    in_zone = sum(1 for u in state.units_at(zone, target) if u.type == UnitType.SQUADRON)
    adjacent = sum(1 for space in gamemap.adjacent(zone) for u in state.units_at(space)
                   if u.type == UnitType.SQUADRON and counts(u.controller))
    fortresses = 0
    for port in gamemap.adjacent(zone):
        held = state.ports.get(port)
        if gamemap.is_port(port) and gamemap.is_fortress(port) and held and not held.besieged and not held.unrest \
                and (counts(held.controller) or held.controller == KNIGHTS):
            fortresses += 1
    return AntiPiracyDice(in_zone=in_zone, adjacent=adjacent, fortresses=fortresses)


def piracy_dice(state: HisState, gamemap: HisMap, settings: HisSettings, zone: str, target: str) -> tuple[int, int]:
    """H5.2.4: (base, leaders' bonus), the corsairs counted after step 3."""
    corsairs = len(_corsairs(state, zone))
    base = 1 if corsairs == 1 or len(target_ports(state, gamemap, zone, target)) == 1 else 2
    ratings = [x.piracy_rating for x in state.leaders_at(zone, OTTOMANS)]
    bonus = sum(ratings) if settings.piracy_leader_bonus == LeaderBonus.SUM_ALL_PRESENT else max(ratings, default=0)
    return base, bonus


def lost_box(state: HisState, settings: HisSettings) -> str:
    """H-OP-33: piracy's losses wait on the Turn Track like combat losses (default) or go straight back."""
    return turn_track(state.turn + 1) if settings.piracy_losses_to_turn_track else POOL


def squadrons_within(state: HisState, gamemap: HisMap, zone: str, target: str) -> list[str]:
    """H5.2.5 (a): the target's own squadrons in the zone, then in adjacent spaces in map order."""
    found = [u.id for u in state.units_at(zone, target) if u.type == UnitType.SQUADRON]
    for space in gamemap.adjacent(zone):
        found += [u.id for u in state.units_at(space, target) if u.type == UnitType.SQUADRON]
    return found


def legal_rewards(state: HisState, gamemap: HisMap, zone: str, target: str) -> list[str]:
    """H5.2.5's limits: (a) needs a squadron, (b) a card in hand, (c) fewer than 10 piracy VP."""
    legal = []
    if squadrons_within(state, gamemap, zone, target):
        legal.append(SQUADRON)
    if state.powers[target].hand_size > 0:
        legal.append(CARD)
    if state.powers[OTTOMANS].piracy_vp < VP_CAP:
        legal.append(VP)
    return legal


def default_reward(legal: list[str], priority: tuple[str, ...] | list[str]) -> str:
    """H-OP-34: the first legal option in the priority order; none possible: no effect."""
    return next((option for option in priority if option in legal), legal[0] if legal else NOTHING)


def start_piracy(state: HisState, gamemap: HisMap, settings: HisSettings, zone: str, target: str,
                 dice: Dice) -> tuple[HisState, list, int]:
    """H5.2.1–H5.2.5's rolls: (state, events, hits to reward).  CP spent, marker placed, the target's
    roll sinks corsairs, the Ottomans roll with what is left."""
    validate_piracy(state, gamemap, zone, target)
    state = state.spend(PIRACY_CP).model_copy(update={"piracy_markers": {**state.piracy_markers, zone: state.turn}})
    events: list = [CpSpent(audience=public(), power=OTTOMANS, action="initiate_piracy", cp=PIRACY_CP,
                            remaining=state.impulse.cp_remaining)]
    counted = anti_piracy_dice(state, gamemap, zone, target)
    faces = dice.roll(f"piracy:{zone}:anti", f"{counted.total}d6").faces if counted.total else ()
    hits = sum(1 for f in faces if f >= 5)
    events.append(AntiPiracyRolled(audience=public(), zone=zone, target=target, squadrons_in_zone=counted.in_zone,
                                   squadrons_adjacent=counted.adjacent, fortresses=counted.fortresses, faces=faces,
                                   hits=hits))
    sunk = _corsairs(state, zone)[:hits]
    if sunk:
        state, lost = remove_units(state, OTTOMANS, sunk, lost_box(state, settings), zone, rule="H5.2.3",
                                   leaders_too_if_wiped=False)
        events += lost
    if not _corsairs(state, zone):
        return state, events, 0
    base, bonus = piracy_dice(state, gamemap, settings, zone, target)
    faces = dice.roll(f"piracy:{zone}:pirates", f"{base + bonus}d6").faces
    hits = sum(1 for f in faces if f >= 5)
    events.append(PiracyRolled(audience=public(), zone=zone, target=target, base=base, bonus=bonus, faces=faces,
                               hits=hits))
    return state, events, hits


def give_reward(state: HisState, gamemap: HisMap, settings: HisSettings, zone: str, target: str, hit: int,
                choice: str | None, squadron: str | None = None) -> tuple[HisState, list]:
    """H5.2.5 for one hit: ``choice`` if legal, else the default (H-OP-34); (a) the named squadron if
    it is one of the target's within reach, else the first in the zone, then adjacent in map order.
    (b): the card is drawn by the moderators (H-OP-35); the rules count it."""
    legal = legal_rewards(state, gamemap, zone, target)
    reward = choice if choice in legal else default_reward(legal, settings.piracy_reward_default_order)
    event = PiracyReward(audience=public(), zone=zone, target=target, hit=hit, reward=reward)
    if reward == SQUADRON:
        within = squadrons_within(state, gamemap, zone, target)
        unit = squadron if squadron in within else within[0]
        where = state.units[unit].location
        state, lost = remove_units(state, target, [unit], lost_box(state, settings), where, rule="H5.2.5",
                                   leaders_too_if_wiped=False)
        return state, [event.model_copy(update={"unit": unit}), *lost]
    if reward == CARD:
        ottomans, victim = state.powers[OTTOMANS], state.powers[target]
        state = state.with_power(victim.model_copy(update={"hand_size": victim.hand_size - 1}))
        state = state.with_power(ottomans.model_copy(update={"hand_size": ottomans.hand_size + 1}))
    elif reward == VP:
        ottomans = state.powers[OTTOMANS]
        state = state.with_power(ottomans.model_copy(update={"piracy_vp": ottomans.piracy_vp + 1}))
    return state, [event]


def piracy(state: HisState, gamemap: HisMap, settings: HisSettings, zone: str, target: str, dice: Dice,
           rewards: list[str] | None = None) -> tuple[HisState, list]:
    """The whole of H5.2, each hit's reward from ``rewards`` in order (else the default)."""
    state, events, hits = start_piracy(state, gamemap, settings, zone, target, dice)
    for hit in range(1, hits + 1):
        choice = rewards[hit - 1] if rewards and hit <= len(rewards) else None
        state, more = give_reward(state, gamemap, settings, zone, target, hit, choice)
        events += more
    return state, events
