"""The pieces of naval movement the steps put together (E1–E7): who is where as stacks, what a
move costs, who may intercept an entry, the E7 roll with its modifiers and E4.2's caps, and the
sides of a battle as the combat module (E3) reads them."""

from __future__ import annotations

from math import ceil, floor

from bot.engine.dice import Dice
from bot.rulesets.empires_in_arms.rules.board import Board, zone_here
from bot.rulesets.empires_in_arms.rules.combat import BattleSide, CombatSettings, side_from
from bot.rulesets.empires_in_arms.rules.model import EiaState, Squadron, SquadronStatus
from bot.rulesets.empires_in_arms.rules.settings import EiaSettings, KoRounding, ShareBasis

Stack = tuple[str, ...]  # the major powers whose fleets make one stack in a place (E4.4)


def stack_key(stack: Stack) -> str:
    return "+".join(stack)


def stack_squadrons(state: EiaState, stack: Stack, place: str) -> list[Squadron]:
    return [s for p in stack for s in state.fleet(p, place)]


def commander_nation(state: EiaState, stack: Stack, place: str) -> str:
    """E3.1.1 / E4.1: the nation of the squadron on top: an armada's commander, else the fleet's
    major power when it has squadrons there, else its first minor's."""
    armada = state.armada_of(stack[0], place)
    if armada is not None and armada.commander in state.squadrons:
        return state.squadrons[armada.commander].nation
    squadrons = stack_squadrons(state, stack, place)
    own = [s for s in squadrons if s.nation == stack[0]]
    return (own or squadrons)[0].nation if squadrons else stack[0]


def key_of(state: EiaState, nation: str) -> str:
    found = state.nations.get(nation)
    return found.nationality_key if found else nation


def base_dice(state: EiaState, settings: EiaSettings, squadron: Squadron) -> int:
    """E8.4 less E8.6 (E-OP-04 ``net``); an unlisted nationality counts 0 here (facts, commander
    choice), combat itself refuses it (E-OP-15)."""
    if squadron.status == SquadronStatus.UNDER_CONSTRUCTION:
        return 0
    dice = settings.naval_dice_per_squadron.get(key_of(state, squadron.nation), 0)
    if squadron.status == SquadronStatus.REQUIRES_OUTFITTING and settings.commander_dice == "net":
        dice -= 1
    return max(0, dice)


def capped_dice(state: EiaState, settings: EiaSettings, squadrons: list[Squadron], commander: str) -> int:
    """E4.2 (E-OP-06 per squadron): each squadron rolls min(own, commander's) dice, less outfitting."""
    top = settings.naval_dice_per_squadron.get(key_of(state, commander), 0)
    mixed = len({s.nation for s in squadrons}) > 1
    total = 0
    for s in squadrons:
        own = base_dice(state, settings, s)
        total += min(own, top) if mixed and settings.cap_mode == "per_squadron" else own
    if mixed and settings.cap_mode == "per_fleet" and squadrons and top < total / len(squadrons):
        total = sum(min(top, base_dice(state, settings, s)) for s in squadrons)
    return total


def modifiers(state: EiaState, settings: EiaSettings, squadrons: list[Squadron], commander: str,
              zone: str) -> dict[str, int]:
    """E7.1: +2 more than 50 % British, +1 more than 50 % French (E-OP-12: by squadrons or dice),
    +1 blockading (its side controls the zone: E7 footnote); E4.2: a mixed fleet's nationality
    modifier is the commander's own if that is lower."""
    out: dict[str, int] = {}
    weights = {s.id: (1 if settings.nationality_share_basis == ShareBasis.SQUADRONS
                      else base_dice(state, settings, s)) for s in squadrons}
    whole = sum(weights.values())
    for nationality, bonus in settings.intercept_modifiers.items():
        share = sum(w for s in squadrons if key_of(state, s.nation) == nationality for w in (weights[s.id],))
        if whole and share * 2 > whole:
            out[nationality] = bonus
    if len({s.nation for s in squadrons}) > 1 and out:
        own = settings.intercept_modifiers.get(key_of(state, commander), 0)
        for nationality in list(out):
            if own < out[nationality]:
                out[nationality] = own  # E4.2 (EX4: the Spanish commander's 0)
    controller = state.zone_control.get(zone)
    if controller is not None and squadrons and state.allied(controller, squadrons[0].nation):
        out["blockading"] = settings.blockade_modifier
    return out


def e7_roll(dice: Dice, key: str, mods: dict[str, int], settings: EiaSettings) -> tuple[tuple[int, ...], int, bool]:
    """E5.4 / E6.1 / E7.2: 2d6 + modifiers, success on a total above 9."""
    faces = tuple(dice.roll(key, "2d6").faces)
    total = sum(faces) + sum(mods.values())
    return faces, total, total > settings.success_above


def ko_for(maneuvers: int, settings: EiaSettings) -> int:
    """E1.2, E-OP-01: two maneuvers cost one KO; an odd count rounded by the setting."""
    exact = maneuvers / settings.maneuvers_per_ko
    return ceil(exact) if settings.ko_rounding == KoRounding.CEIL else floor(exact)


def entry_cost(state: EiaState, settings: EiaSettings, place: str, armada: str | None) -> int:
    """E2.2 one maneuver; E3.2.1 / E-OP-05: an armada pays extra for each fleet in it (seed [L13]; the
    setting ``armada_extra_for_every_fleet`` off: for each fleet beyond the commander's)."""
    found = state.armadas.get(armada) if armada else None
    if found is None:
        return 1
    fleets = len([p for p in found.powers if state.fleet(p, place)])
    paying = fleets if settings.armada_extra_for_every_fleet else max(0, fleets - 1)
    return 1 + paying * settings.armada_extra_maneuvers_per_fleet


def maneuvers_left(state: EiaState, settings: EiaSettings, squadrons: list[Squadron]) -> int | None:
    """E-OP-02: a fleet's allowance is limited by its most-spent member (None: not limited)."""
    cap = settings.fleet_max_maneuvers_per_impulse
    if cap is None:
        return None
    return max(0, cap - max((s.maneuvers_spent for s in squadrons), default=0))


def enemy_stacks_in_zone(state: EiaState, zone: str, mover: str) -> list[Stack]:
    """E5.2 / E5.6: inactive stacks at sea in the zone (not in its ports) at war with the mover."""
    return [stack for stack in state.stacks_at(zone) if any(state.enemies(p, mover) for p in stack)
            and mover not in stack]


def friendly_ports(state: EiaState, board: Board, nation: str, settings: EiaSettings) -> list[str]:
    """E9.2 / E11.3 / E-OP-18 / E-OP-22: ports the nation's side controls (own, or allied)."""
    out = []
    for port in sorted(board.ports):
        holder = state.port_control.get(port)
        if holder is None:
            continue
        if holder == nation or state.major_of(holder) == state.major_of(nation) or (
                settings.friendly_ports == "own_or_allied" and state.allied(holder, nation)):
            out.append(port)
    return out


def enemy_port(state: EiaState, port: str, nation: str) -> bool:
    holder = state.port_control.get(port)
    return holder is not None and state.enemies(holder, nation)


def combat_settings(state: EiaState, settings: EiaSettings) -> CombatSettings:
    """E3's settings from ours (both key E8.4's table by nationality)."""
    return CombatSettings(naval_dice_per_squadron=dict(settings.naval_dice_per_squadron),
                          loss_of_port_penalty_stacks=settings.loss_of_port_penalty_stacks,
                          port_battery_dice=settings.port_battery_dice, fortress_battery_dice=settings.fortress_battery_dice,
                          strait_battery_dice=settings.strait_battery_dice,
                          second_tie_winner="inactive" if settings.second_tie_winner == "defender" else "active")


def battle_side(state: EiaState, squadrons: list[Squadron], commander: str | None, nations=(),
                stacks: list[Stack] | None = None, place: str = "", **flags) -> BattleSide:
    """E3's side; E4.2's commander cap only for a stack of more than one nation.  A side of several
    stacks (E4.5: a patrol that found two; E-OP-08 ``all``) caps each squadron by its own stack's."""
    if stacks and len(stacks) > 1:
        commanders = {}
        for stack in stacks:
            members = stack_squadrons(state, stack, place)
            if len({s.nation for s in members}) > 1:
                top = commander_nation(state, stack, place)
                commanders.update({s.id: top for s in members})
        return side_from(state, [s.id for s in squadrons], nations=nations, commanders=commanders, **flags)
    mixed = len({s.nation for s in squadrons}) > 1
    return side_from(state, [s.id for s in squadrons], commander=commander if mixed else None, nations=nations,
                     **flags)


def names_of(state: EiaState, board: Board) -> dict[str, str]:
    names = {nid: n.name for nid, n in state.nations.items()}
    names.update({p: board.name_of(p) for p in (*board.zones, *board.ports)})
    return names


def zone_of(board: Board, place: str) -> str:
    return zone_here(board, place)
