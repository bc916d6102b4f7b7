"""Naval combat (H3.3, ZH L49–L75), in the parts the step chain runs one at a time: count and roll
(H3.3.1–H3.3.5, after the combat cards' dice the moderators entered), extra dice of response cards
(H3.3.6), winner (H3.3.7), casualties (H3.3.8), retreat (H3.3.9) and the Turn Track (H3.3.10).
``fight`` runs them all with the defaults, for a combat nobody is asked about."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.engine.dice import Dice
from bot.rulesets.here_i_stand.rules.events import (
    CombatDecided,
    CombatRolled,
    ExtraCombatDice,
    Retreated,
    UnitKept,
    UnitsLost,
    public,
)
from bot.rulesets.here_i_stand.rules.geography import HisMap
from bot.rulesets.here_i_stand.rules.model import HisState, NavalUnit, UnitType, turn_track
from bot.rulesets.here_i_stand.rules.records import NavalCombat, Side
from bot.rulesets.here_i_stand.rules.settings import CasualtyMode, HisSettings

OWN_FIRST, ALLIES_FIRST = "own_first", "allies_first"  # H-OP-24: whose units go first in a mixed side


def side_of(state: HisState, space: str, power: str, *, defender: bool, in_port: bool,
            came_from: str | None = None) -> Side:
    """H3.3.1–H3.3.2: every unit of ``power`` here fights (interceptors stacked as one: H2.6.4.8);
    allied powers' units do not join (H2.6.7.3)."""
    units = state.units_at(space, power)
    ratings = [leader.battle_rating for leader in state.leaders_at(space, power)]
    return Side(power=power, units=tuple(u.id for u in units),
                squadrons=sum(1 for u in units if u.type == UnitType.SQUADRON),
                corsairs=sum(1 for u in units if u.type == UnitType.CORSAIR),
                leader_rating=max(ratings, default=0), port_die=1 if defender and in_port else 0,
                came_from=came_from)


def open_combat(state: HisState, gamemap: HisMap, space: str, attacker: str, defender: str,
                attacker_from: str | None = None, defender_from: str | None = None) -> NavalCombat:
    """H3.3.1: the active power attacks; H3.3.2: the interceptor, or the power found there, defends."""
    in_port = gamemap.is_port(space)
    return NavalCombat(space=space, in_port=in_port,
                       attacker=side_of(state, space, attacker, defender=False, in_port=in_port, came_from=attacker_from),
                       defender=side_of(state, space, defender, defender=True, in_port=in_port, came_from=defender_from))


def roll_combat(combat: NavalCombat, dice: Dice, attacker_cards: int = 0,
                defender_cards: int = 0) -> tuple[NavalCombat, list]:
    """H3.3.5: both sides roll, each 5 or 6 a hit; ``*_cards``: combat cards' dice (H-OP-19)."""
    attacker = _rolled(combat.attacker.model_copy(update={"card_dice": attacker_cards}), dice, f"{combat.key}:attacker")
    defender = _rolled(combat.defender.model_copy(update={"card_dice": defender_cards}), dice, f"{combat.key}:defender")
    done = combat.model_copy(update={"attacker": attacker, "defender": defender, "rolled": True})
    event = CombatRolled(audience=public(), space=combat.space, in_port=combat.in_port, attacker=attacker.power,
                         defender=defender.power, attacker_dice=attacker.dice, defender_dice=defender.dice,
                         attacker_faces=attacker.faces, defender_faces=defender.faces,
                         attacker_hits=attacker.hits, defender_hits=defender.hits)
    return done, [event]


def _rolled(side: Side, dice: Dice, key: str) -> Side:
    return side.model_copy(update={"faces": _faces(dice, key, side.dice)})


def _faces(dice: Dice, key: str, count: int) -> tuple[int, ...]:
    return dice.roll(key, f"{count}d6").faces if count > 0 else ()


def extra_dice(combat: NavalCombat, dice: Dice, power: str, count: int) -> tuple[NavalCombat, list]:
    """H3.3.6: a response card's extra dice for ``power``'s side (how many: the moderators, H-OP-20/21)."""
    if count <= 0:
        return combat, []
    which = "attacker" if power == combat.attacker.power else "defender"
    side = combat.side(power)
    faces = _faces(dice, f"{combat.key}:{which}:extra", count)
    updated = side.model_copy(update={"extra_faces": side.extra_faces + faces})
    event = ExtraCombatDice(audience=public(), space=combat.space, power=power, faces=faces,
                            hits=sum(1 for f in faces if f >= 5))
    return combat.model_copy(update={which: updated}), [event]


def casualties(hits: int, squadrons: int, corsairs: int, won: bool, mode: CasualtyMode) -> tuple[int, int]:
    """H3.3.8.1–3 with H-OP-22: (squadrons, corsairs) a side with ``hits`` taken removes."""
    if mode == CasualtyMode.ODD_FIRST and won and hits % 2:
        hits -= 1  # the winner's odd hit is ignored before anything else
    lost = min(squadrons, hits // 2)  # every 2 hits, 1 squadron
    hits -= 2 * lost
    if hits == 0:
        return lost, 0
    if squadrons - lost > 0:  # one odd hit left: the loser removes one more squadron, the winner ignores it
        return lost + (0 if won else 1), 0
    return lost, min(hits, corsairs)  # no squadron left: each hit a corsair (only Ottomans have any)


class Losses(BaseModel):
    model_config = ConfigDict(frozen=True)

    attacker: tuple[int, int]  # (squadrons, corsairs)
    defender: tuple[int, int]
    keeper: str | None = None  # H3.3.8.4: the side that keeps one unit, when both are wiped out


def losses(combat: NavalCombat, settings: HisSettings) -> Losses:
    """H3.3.8: each side's losses from the other's hits, and the mutual-elimination keeper."""
    a, d = combat.attacker, combat.defender
    won_a = combat.winner == a.power
    lost_a = casualties(d.hits, a.squadrons, a.corsairs, won_a, settings.ottoman_casualty_mode)
    lost_d = casualties(a.hits, d.squadrons, d.corsairs, not won_a, settings.ottoman_casualty_mode)
    wiped_a = sum(lost_a) >= a.squadrons + a.corsairs
    wiped_d = sum(lost_d) >= d.squadrons + d.corsairs
    if not (wiped_a and wiped_d):
        return Losses(attacker=lost_a, defender=lost_d)
    keeper = a.power if a.dice > d.dice else d.power  # more dice rolled in step 5; equal: the defender
    return Losses(attacker=lost_a, defender=lost_d, keeper=keeper)


def kept_type(side: Side, lost: tuple[int, int], choice: str | None = None) -> UnitType:
    """H-OP-23: the keeper chooses; default a squadron if it had any, else a corsair."""
    if choice in (UnitType.SQUADRON, UnitType.CORSAIR) and lost[0 if choice == UnitType.SQUADRON else 1] > 0:
        return UnitType(choice)
    return UnitType.SQUADRON if lost[0] > 0 else UnitType.CORSAIR


def chosen_losses(state: HisState, side: Side, lost: tuple[int, int], priority: str = OWN_FIRST) -> list[str]:
    """Which units go (H-OP-24): the controller's own nationality first (or its allies' first), then
    in the order they are listed."""
    units = [state.units[u] for u in side.units]
    own = priority != ALLIES_FIRST

    def order(unit: NavalUnit) -> int:
        return 0 if (unit.owner == side.power) == own else 1

    ranked = sorted(units, key=order)  # stable: listed order within each group
    squadrons = [u.id for u in ranked if u.type == UnitType.SQUADRON][:lost[0]]
    corsairs = [u.id for u in ranked if u.type == UnitType.CORSAIR][:lost[1]]
    return squadrons + corsairs


def mixed(state: HisState, side: Side) -> bool:
    """A side of more than one nationality: which units go is its controller's choice (H-OP-24)."""
    return len({state.units[u].owner for u in side.units}) > 1


def apply_losses(state: HisState, combat: NavalCombat, settings: HisSettings, *,
                 priorities: dict[str, str] | None = None, kept: str | None = None) -> tuple[HisState, list]:
    """H3.3.8 and H3.3.10: remove each side's losses to next turn's Turn Track box; a side completely
    eliminated sends its naval leaders there too.  ``kept``: the keeper's choice of unit type."""
    decided = losses(combat, settings)
    events: list = [CombatDecided(audience=public(), space=combat.space, winner=combat.winner, loser=combat.loser,
                                  attacker_hits=combat.attacker.hits, defender_hits=combat.defender.hits,
                                  tie=combat.attacker.hits == combat.defender.hits)]
    box = turn_track(state.turn + 1)
    for side, lost in ((combat.attacker, decided.attacker), (combat.defender, decided.defender)):
        gone = chosen_losses(state, side, lost, (priorities or {}).get(side.power, OWN_FIRST))
        if decided.keeper == side.power:
            keep_type = kept_type(side, lost, kept)
            keep = next(u for u in reversed(gone) if state.units[u].type == keep_type)
            gone.remove(keep)
            events.append(UnitKept(audience=public(), power=side.power, unit=keep, rule="H3.3.8.4"))
        state, more = remove_units(state, side.power, gone, box, combat.space, rule="H3.3.10")
        events += more
    # H2.5.4: the losing side's survivors may not naval-move again this impulse
    marked = [u.model_copy(update={"lost_combat_in_impulse": state.impulse.number})
              for u in state.units_at(combat.space, combat.loser)]
    return state.with_units(*marked), events


def remove_units(state: HisState, power: str, gone: list[str], to: str, space: str, rule: str,
                 leaders_too_if_wiped: bool = True) -> tuple[HisState, list]:
    """Units to ``to``; if ``power`` has no naval unit left in ``space``, its leaders there go to
    next turn's box (H3.3.10 (a))."""
    state = state.with_units(*(state.units[u].model_copy(update={"location": to, "vertical": False}) for u in gone))
    leaders: list[str] = []
    if leaders_too_if_wiped and not state.units_at(space, power):
        leaders = [x.id for x in state.leaders_at(space, power)]
        box = turn_track(state.turn + 1)
        state = state.with_leaders(*(state.leaders[x].model_copy(update={"location": box}) for x in leaders))
    if not gone and not leaders:
        return state, []
    return state, [UnitsLost(audience=public(), power=power, units=tuple(gone), leaders=tuple(leaders), to=to,
                             rule=rule)]


def retreating(combat: NavalCombat) -> str:
    """H3.3.9: from a port the attacker, won or lost (a); in a sea zone the loser (b)."""
    return combat.attacker.power if combat.in_port else combat.loser


def retreat_options(state: HisState, gamemap: HisMap, combat: NavalCombat) -> list[str]:
    """H3.3.9: legal destinations in map order, judged from the retreating power (no enemy naval
    units; a port only in a sea-zone retreat, and only one it controls)."""
    power = retreating(combat)
    options = []
    for space in gamemap.adjacent(combat.space):
        if state.enemy_units_at(space, power):
            continue
        if gamemap.is_port(space) and (combat.in_port or state.controller_of(space) != power):
            continue
        options.append(space)
    return options


def default_retreat(options: list[str], side: Side) -> str | None:
    """H-OP-25: where the units came from, if legal; else the first legal space in map order."""
    if side.came_from in options:
        return side.came_from
    return options[0] if options else None


def apply_retreat(state: HisState, gamemap: HisMap, combat: NavalCombat, settings: HisSettings,
                  destination: str | None) -> tuple[HisState, list]:
    """H3.3.9: the retreating power's units and leaders here move to ``destination``; with no legal
    space they are all eliminated (sea zone: (b); port: H-OP-25, a setting)."""
    power = retreating(combat)
    units = state.units_at(combat.space, power)
    if not units:
        return state, []
    if destination is None:
        if combat.in_port and not settings.port_retreat_none_eliminates:
            return state, []
        return remove_units(state, power, [u.id for u in units], turn_track(state.turn + 1), combat.space,
                            rule="H3.3.9")
    moved = [u.model_copy(update={"location": destination, "vertical": False}) for u in units]
    leaders = state.leaders_at(combat.space, power)
    state = state.with_units(*moved).with_leaders(*(x.model_copy(update={"location": destination}) for x in leaders))
    return state, [Retreated(audience=public(), power=power, units=tuple(u.id for u in units),
                             leaders=tuple(x.id for x in leaders), origin=combat.space, destination=destination)]


def fight(state: HisState, gamemap: HisMap, settings: HisSettings, space: str, attacker: str, defender: str,
          dice: Dice, *, attacker_from: str | None = None, retreat_to: str | None = None) -> tuple[HisState, list]:
    """A whole combat with no cards and every choice the default (H3.3.1–H3.3.10)."""
    combat = open_combat(state, gamemap, space, attacker, defender, attacker_from)
    combat, events = roll_combat(combat, dice)
    state, more = apply_losses(state, combat, settings)
    events += more
    options = retreat_options(state, gamemap, combat)
    side = combat.side(retreating(combat))
    target = retreat_to if retreat_to in options else default_retreat(options, side)
    state, more = apply_retreat(state, gamemap, combat, settings, target)
    return state, events + more
