"""Report templates of the royal fleets rules: one per event kind, the rules' and the battle's.

Each is ``(event, Names) -> str``; "" adds no line.  Every word is a message id (catalogue
``royal-fleets``).  A roll is shown on a line of its own ending in ``   (key <key>)`` (the marker
``shown_roll_keys`` reads; a name typed by a player cannot forge it: names are cleaned).
"""

from __future__ import annotations

from bot.domain.text import N_
from bot.rulesets.royal_fleets.report.names import Names

SIDE = {"attacker": N_("attacker"), "defender": N_("defender")}
HOW_LEFT = {"sunk": N_("sank"), "captured": N_("was captured"), "surrendered": N_("surrendered"),
            "pirate": N_("turned pirate"), "bought_over": N_("was bought over")}
WHY_LIFTED = {"left": N_("the fleet sailed away"), "lost_battle": N_("the fleet lost a battle"),
              "retreated": N_("the fleet retreated from a battle"), "destroyed": N_("the fleet is gone"),
              "order": N_("the fleet had no movement point to keep it")}
WHY_UNPAID = {"all_ports_blockaded": N_("every port of the controller is blockaded"),
              "no_income_set": N_("its income is not set in the campaign tables (trade_post_income)"),
              "no_controller": N_("nobody controls it")}
OUTCOME = {"attacker_won": N_("the attacker won"), "defender_won": N_("the defender won"),
           "no_winner": N_("no winner")}
# What a moderator must do for each open point the bot flags, and with which command.
MODERATOR_TODO = {
    "U-OP-01": N_("the values {detail} are missing or cannot fight; set them with `/royal-fleets table ship-type` "
                  "(a type's attack, health, price) or correct the ship with `/royal-fleets ship`, then resolve "
                  "again."),
    "U-OP-28:capacity_units": N_("how many army units {subject} carries is not set: set each of its ship "
                                 "types' capacity with `/royal-fleets table ship-type`."),
    "U-OP-28:transport_fee_per_unit_turn": N_("the hired-transport fee is not set, so {subject} could not be "
                                              "paid for: set it with `/royal-fleets table fee`."),
    "U-OP-28:treasury": N_("{subject} cannot pay its hired transport: rule on it, e.g. put the army ashore "
                           "with `/royal-fleets army` or set the treasury with `/royal-fleets treasury`."),
    "U-OP-30": N_("say what becomes of the troops aboard {subject} ({detail}): put them ashore or remove them "
                  "with `/royal-fleets army`."),
    "U-OP-37": N_("several factions hold {subject} ({detail}): name its controller with "
                  "`/royal-fleets trade-post`."),
}
ENDING = {"retreat": N_("a side got away"), "eliminated": N_("a side had no ship left in the battle"),
          "mutual_withdrawal": N_("both sides withdrew"), "mutual_wipeout": N_("both sides lost their last ships"),
          "round_limit": N_("stopped at the round limit")}
TROOPS = {"sunk": N_("went down with their ships"), "captured": N_("were captured with their ships"),
          "moderator": N_("await a moderator's ruling")}


def _key(n: Names, key: str) -> str:
    return n.t._("   (key {key})", key=key)


def _moved(e, n):
    text = n.t._("{fleet} sailed {route}.", fleet=n.fleet(e.fleet), route=" → ".join(n.place(a) for a in e.path))
    return text + (" " + n.t._("Its voyage ended in battle.") if e.stopped_by_battle else "")


def _sighted(e, n):
    return n.t._("A fleet of {faction} ({ships} ships) was sighted in {area}.", faction=n.faction(e.faction),
                 ships=e.ships, area=n.place(e.area))


def _avoided(e, n):
    return n.t._("{fleet} avoided battle in {area} and withdrew to {to} (1 MP, U5.3).", fleet=n.fleet(e.fleet),
                 area=n.place(e.area), to=n.place(e.to_area))


def _supported(e, n):
    return n.t._("{fleet} ({faction}) supported {side} in the battle in {area}; it owes 1 MP of its next turn (U5.2).",
                 fleet=n.fleet(e.fleet), faction=n.faction(e.faction), side=n.faction(e.side), area=n.place(e.area))


def _retreated(e, n):
    return n.t._("{fleet} retreated from {from_area} to {to} ({rule}).", fleet=n.fleet(e.fleet),
                 from_area=n.place(e.from_area), to=n.place(e.to_area), rule=e.rule)


def _surrendered(e, n):
    return n.t._("{fleet} of {faction} had nowhere to retreat and surrendered in {area}: its {count} ships join "
                 "{winner} (U7.3).", fleet=n.fleet(e.fleet), faction=n.faction(e.faction), area=n.place(e.area),
                 count=len(e.ships), winner=n.faction(e.to_faction))


def _left_play(e, n):
    if e.how in ("sunk", "captured"):
        return ""  # the battle's own lines say it (battle_ship_sunk, battle_ship_captured)
    return n.t._("{ship} of {fleet} ({faction}) {how}.", ship=n.ship(e.ship), fleet=n.fleet(e.fleet),
                 faction=n.faction(e.faction), how=n.t._(HOW_LEFT[e.how]))


def _exhaustion(e, n):
    return n.t._("{faction} gains {points} war exhaustion (now {total}, U7.4).", faction=n.faction(e.faction),
                 points=e.points, total=e.total)


def _blockade_set(e, n):
    return n.t._("{fleet} ({faction}) blockades {port} from {area} (U4).", fleet=n.fleet(e.fleet),
                 faction=n.faction(e.faction), port=n.place(e.port), area=n.place(e.area))


def _blockade_lifted(e, n):
    return n.t._("The blockade of {port} by {fleet} is lifted: {why}.", port=n.place(e.port), fleet=n.fleet(e.fleet),
                 why=n.t._(WHY_LIFTED[e.why]))


def _retreated_to_ships(e, n):
    return n.t._("{army}, beaten in {province}, retreated onto {fleet}: {units} units aboard (U9.8).",
                 army=n.army(e.army), province=n.place(e.province), fleet=n.fleet(e.fleet), units=e.units)


def _embarked(e, n):
    text = n.t._("{army} embarked in {province} on {fleet}: {units} units aboard.", army=n.army(e.army),
                 province=n.place(e.province), fleet=n.fleet(e.fleet), units=e.units)
    if e.hired_units:
        text += " " + n.t._("{units} more on hired transports for {fee} thalers (U9.5, U9.7).", units=e.hired_units,
                            fee=e.fee)
    return text


def _intercepted(e, n):
    if e.succeeded:
        return n.t._("{by} tried to intercept the embarkation of {army} in {area}, and failed: the embarkation went "
                     "ahead (U9.3).", by=n.fleet(e.by_fleet), army=n.army(e.army), area=n.place(e.area))
    return n.t._("{by} intercepted the embarkation of {army} in {area}: it did not take place; the army stays ashore "
                 "without losses but has spent its MP (U9.3).", by=n.fleet(e.by_fleet), army=n.army(e.army),
                 area=n.place(e.area))


def _landed(e, n):
    text = n.t._("{army} landed from {fleet} in {province} ({units} units).", army=n.army(e.army),
                 fleet=n.fleet(e.fleet), province=n.place(e.province), units=e.units)
    if e.enemy_present:
        text += " " + n.t._("An enemy army is there: the land rules decide what follows (U9.4).")
    return text


def _transport_fee(e, n):
    return n.t._("The hired transports of {army} ({units} units) cost {fee} thalers for this turn (U9.5).",
                 army=n.army(e.army), units=e.units, fee=e.fee)


def _transport_captured(e, n):
    return n.t._("{units} units of {army} on hired transports met {faction}'s fleet in {area} without escort and "
                 "were captured (U9.5).", units=e.units, army=n.army(e.army), faction=n.faction(e.by_faction),
                 area=n.place(e.area))


def _troops_lost(e, n):
    return n.t._("{units} units of {army} {how} (U-OP-30).", units=e.units, army=n.army(e.army),
                 how=n.t._(TROOPS[e.how]))


def _attrition(e, n):
    text = (n.t._("Each unit of {army} lost {health} health crossing between the maps (U10.3).", army=n.army(e.army),
                  health=e.health) if e.crossing else
            n.t._("Each unit of {army} lost {health} health at sea (U9.6).", army=n.army(e.army), health=e.health))
    return text + (" " + n.t._("{lost} units were lost.", lost=e.lost) if e.lost else "")


def _transit(e, n):
    return n.t._("{fleet} ({faction}) entered {area} and sails for the other map: it appears in {to} on turn {turn} "
                 "(U10.1).", fleet=n.fleet(e.fleet), faction=n.faction(e.faction), area=n.place(e.area),
                 to=n.place(e.to_area), turn=e.arrival_turn)


def _arrived(e, n):
    return n.t._("{fleet} ({faction}) arrived in {area} from the other map.", fleet=n.fleet(e.fleet),
                 faction=n.faction(e.faction), area=n.place(e.area))


def _trade_post(e, n):
    if e.paid:
        return n.t._("Trade post {post}: {faction} controls it and receives {income} thalers (U10.4).",
                     post=n.place(e.post), faction=n.faction(e.controller), income=e.income)
    return n.t._("Trade post {post}: controlled by {faction}; no income: {why} (U10.4).", post=n.place(e.post),
                 faction=n.faction(e.controller), why=n.t._(WHY_UNPAID[e.why_unpaid]))


def _upkeep(e, n):
    text = n.t._("Upkeep: {ships} ships paid, {amount} thalers (U3.3).", ships=e.ships, amount=e.amount)
    if e.unpaid:
        text += " " + n.t._("Unpaid: {ships}; they are offered for buy-over and turn pirate next turn unless bought "
                            "(U3.4, U3.5).", ships=n.ships(e.unpaid))
    return text


def _on_offer(e, n):
    return n.t._("{faction} did not pay the upkeep of {ships}: any fleet in or next to their area may buy them over "
                 "next turn for half a turn's upkeep (U3.5).", faction=n.faction(e.faction), ships=n.ships(e.ships))


def _bought(e, n):
    return n.t._("{fleet} ({faction}) bought over {ships} from {seller} for {price} thalers (U3.5).",
                 fleet=n.fleet(e.by_fleet), faction=n.faction(e.by_faction), ships=n.ships(e.ships),
                 seller=n.faction(e.from_faction), price=e.price)


def _pirates(e, n):
    return n.t._("Unpaid and unbought, {ships} of {faction} turned pirate in {area} (U3.4).", ships=n.ships(e.ships),
                 faction=n.faction(e.from_faction), area=n.place(e.area))


def _hired(e, n):
    return n.t._("{faction} hired {count} ships in {area} for {cost} thalers; they join {fleet} (U3.1).",
                 faction=n.faction(e.faction), count=len(e.ships), area=n.place(e.area), cost=e.cost,
                 fleet=n.fleet(e.fleet))


def _repaired(e, n):
    return n.t._("{fleet} repaired {ships} to full health for {cost} thalers (U3.2).", fleet=n.fleet(e.fleet),
                 ships=n.ships(e.ships), cost=e.cost)


def _merged(e, n):
    return n.t._("{fleet} joined {into} (owners: {owners}, U1.2).", fleet=n.fleet(e.fleet), into=n.fleet(e.into),
                 owners=n.factions(e.owners))


def _split(e, n):
    return n.t._("{ships} left {fleet} as {new}.", ships=n.ships(e.ships), fleet=n.fleet(e.fleet),
                 new=n.fleet(e.new_fleet))


def _joint(e, n):
    texts = {"pending": N_("{faction} asks for {fleet} to join {into} under joint command; its commander answers "
                           "with a join_command order next turn (U-OP-02)."),
             "accepted": N_("Joint command: {fleet} of {faction} joins {into} (U-OP-02)."),
             "refused": N_("Joint command refused (or no longer possible): {fleet} of {faction} stays apart from "
                           "{into} (U-OP-02).")}
    return n.t._(texts[e.answer], faction=n.faction(e.asked_by), fleet=n.fleet(e.fleet), into=n.fleet(e.into))


def _deployed(e, n):
    return n.t._("{fleet} ({faction}) deployed in {area}.", fleet=n.fleet(e.fleet), faction=n.faction(e.faction),
                 area=n.place(e.area))


def _siege(e, n):
    return n.t._("Siege of {province}: the besieged lose {loss} health per unit this turn, the besiegers 1 (port "
                 "{port}, U11.1).", province=n.place(e.province), loss=e.besieged_loss,
                 port=n.t._("blockaded") if e.port_blockaded else n.t._("open"))


def _fell_back(e, n):
    reason = n.t._(e.reason, **e.values) if e.values else n.t._(e.reason)
    return n.t._("The {order} order of {fleet} could not be carried out: {reason}", order=e.order,
                 fleet=n.fleet(e.fleet) if e.fleet else n.faction(e.faction), reason=reason)


def _default(e, n):
    return n.t._("Default applied ({what}): {subject} → {choice}.", what=e.what, subject=e.subject, choice=e.choice)


def _moderator(e, n):
    todo = MODERATOR_TODO.get(f"{e.what}:{e.detail}", MODERATOR_TODO.get(e.what))
    if todo is None:
        return n.t._("For a moderator ({what}): {subject} {detail}", what=e.what, subject=e.subject, detail=e.detail)
    return n.t._("A moderator must act ({what}): {todo}", what=e.what,
                 todo=n.t._(todo, subject=_subject(e.subject, n), detail=e.detail))


def _subject(subject: str, n) -> str:
    """The flag's subject by its name: a fleet, a ship, an area or a trade post."""
    if subject in n.after.fleets or subject in n.before.fleets:
        return n.fleet(subject)
    for state in (n.after, n.before):
        if subject in state.transports:  # a hired transport: the army it carries
            return n.army(state.transports[subject].army)
    named = n.ship(subject)
    return named if named != subject else n.place(subject)


# --- the battle's events (rules/battle) ---------------------------------------------------------

def _b_started(e, n):
    return n.t._("⚔ Battle in {area}: {attackers} ({a} ships) attack {defenders} ({d} ships).", area=n.place(e.area),
                 attackers=n.factions(e.factions["attacker"]), defenders=n.factions(e.factions["defender"]),
                 a=len(e.ships["attacker"]), d=len(e.ships["defender"]))


def _b_initiative(e, n):
    lines = []
    for dice, keys in zip(e.dice, e.keys):
        for side in ("attacker", "defender"):
            lines.append(n.t._("  Round {round}, initiative, {side}: {die}", round=e.round, side=n.t._(SIDE[side]),
                               die=dice[side]) + _key(n, keys[side]))
    bonus = n.t._(SIDE[e.bonus_side]) if e.bonus_side else n.t._("neither side (tie)")
    lines.append(n.t._("  Round {round}: +10% attack for {side} (U6.2.1).", round=e.round, side=bonus))
    return "\n".join(lines)


def _b_attack(e, n):
    damage = ", ".join(f"{n.ship(s)} −{d} → {e.health_after.get(s, '?')}" for s, d in sorted(e.damage.items()))
    halved = n.t._(" (halved: {ships})", ships=n.ships(e.halved)) if e.halved else ""
    text = n.t._("  Round {round}, {side}: attack {subtotal}{bonus} = {attack}{halved}; damage: {damage}.",
                 round=e.round, side=n.t._(SIDE[e.side]), subtotal=str(e.subtotal),
                 bonus=" × 1.1" if e.bonus else "", attack=e.attack, halved=halved, damage=damage or "—")
    if e.allocation == "focus":  # U6.2.4.2: the side followed its standing focus
        text += " " + n.t._("(the named ships first)")
    return text + (" " + n.t._("({lost} lost)", lost=e.lost) if e.lost else "")


def _b_sunk(e, n):
    return n.t._("  {ship} ({faction}) sank in round {round}.", ship=n.ship(e.ship), faction=n.faction(e.faction),
                 round=e.round)


def _b_left(e, n):
    return n.t._("  {ship} ({faction}) is down to 1 health and leaves the battle (U6.2.5).", ship=n.ship(e.ship),
                 faction=n.faction(e.faction))


def _b_declared(e, n):
    return n.t._("  After round {round} the {side} declares a retreat (U6.2.6).", round=e.round,
                 side=n.t._(SIDE[e.side]))


def _b_rolled(e, n):
    lines = [n.t._("  Retreat roll after round {round}, {side}: {die}", round=e.round, side=n.t._(SIDE[side]),
                   die=e.dice[side]) + _key(n, e.keys[side]) for side in ("attacker", "defender") if side in e.dice]
    lines.append(n.t._("  The {side} got away.", side=n.t._(SIDE[e.retreated])) if e.retreated
                 else n.t._("  The retreat failed; the battle goes on."))
    return "\n".join(lines)


def _b_mutual(e, n):
    return n.t._("  After round {round} both sides withdraw (U-OP-22).", round=e.round)


def _b_captured(e, n):
    return n.t._("  {ship} is captured by {faction} with {health} health (U6.3).", ship=n.ship(e.ship),
                 faction=n.faction(e.to_faction), health=e.health)


def _b_refused(e, n):
    return n.t._("  Round {round}: the {side}'s allocation could not be used ({reason}); {fallback}.", round=e.round,
                 side=n.t._(SIDE[e.side]), reason=n.t._(e.reason, **e.values), fallback=e.fallback)


def _b_default(e, n):
    return n.t._("  Default applied ({rule}): {detail}", rule=e.rule, detail=n.t._(e.detail, **_named(e.values, n)))


def _named(values: dict[str, str], n) -> dict[str, str]:
    """A default's values as players name them: a faction by its name, ships by type and name (the
    battle records their ids)."""
    named = dict(values)
    if "faction" in named:
        named["faction"] = n.faction(named["faction"])
    if named.get("ships"):
        named["ships"] = n.ships(named["ships"].split(", "))
    return named


def _b_ended(e, n):
    sides = n.battle_sides.get(e.battle, {})
    if e.winner and sides.get(e.winner):
        outcome = n.t._("{winner} won", winner=n.factions(sides[e.winner]))
    else:
        outcome = n.t._(OUTCOME[e.outcome])
    return n.t._("Battle in {area} over after {rounds} rounds: {outcome} ({ending}).", area=n.place(e.area),
                 rounds=e.rounds, outcome=outcome, ending=n.t._(ENDING[e.ending]))


def _b_exhaustion(e, n):
    return n.t._("{faction} gains {points} war exhaustion for the defeat (U7.4).", faction=n.faction(e.faction),
                 points=e.points)


TEMPLATES = {
    "fleet_moved": _moved, "fleet_sighted": _sighted, "battle_avoided": _avoided, "battle_supported": _supported,
    "fleet_retreated": _retreated, "fleet_surrendered": _surrendered, "ship_left_play": _left_play,
    "war_exhaustion": _exhaustion, "blockade_set": _blockade_set, "blockade_lifted": _blockade_lifted,
    "embarked": _embarked, "retreated_to_ships": _retreated_to_ships, "embarkation_intercepted": _intercepted,
    "landed": _landed,
    "transport_captured": _transport_captured, "transport_fee_paid": _transport_fee, "troops_lost": _troops_lost, "sea_attrition": _attrition,
    "entered_transit": _transit, "arrived_from_transit": _arrived, "trade_post": _trade_post,
    "upkeep_paid": _upkeep, "ships_on_offer": _on_offer, "bought_over": _bought, "became_pirates": _pirates,
    "ships_hired": _hired, "ships_repaired": _repaired, "fleets_merged": _merged, "fleet_split": _split,
    "joint_command_asked": _joint, "fleet_deployed": _deployed, "siege_losses": _siege,
    "order_fell_back": _fell_back, "default_applied": _default, "moderator_needed": _moderator,
    "battle_started": _b_started, "battle_initiative": _b_initiative, "battle_attack": _b_attack,
    "battle_ship_sunk": _b_sunk, "battle_ship_left": _b_left, "battle_retreat_declared": _b_declared,
    "battle_retreat_rolled": _b_rolled, "battle_mutual_withdrawal": _b_mutual, "battle_ship_captured": _b_captured,
    "battle_allocation_refused": _b_refused, "battle_default_applied": _b_default, "battle_ended": _b_ended,
    "battle_exhaustion": _b_exhaustion,
}
