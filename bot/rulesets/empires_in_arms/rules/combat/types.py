"""Input and output types of EiA naval combat (E8–E10, E12.2/E12.5, E13, E14.3).

Independent of the model (E16): the caller (the impulse's steps) builds a ``Battle`` from its stacks,
keeps the ``BattleState`` in its own state between steps (everything here is plain pydantic data,
stored as JSON), and reads the ``BattleOutcome`` back.  What a die result does is the land-combat
procedure, which chapter 13 does not give (E-OP-13): a ``CombatModule`` returns each round's results,
and the default ``ModeratorEnteredCombat`` returns none, so the moderators enter them in a form.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

# E16 Squadron.status; E-OP-17: set by the moderators or an economy module.
READY = "ready"
REQUIRES_OUTFITTING = "requires_outfitting"
UNDER_CONSTRUCTION = "under_construction"
SquadronStatus = Literal["ready", "requires_outfitting", "under_construction"]

ACTIVE = "active"
INACTIVE = "inactive"
TIE = "tie"
SideRole = Literal["active", "inactive"]
Winner = Literal["active", "inactive", "tie"]


class BattleKind(StrEnum):
    """E16 Battle.kind.  ``port``: E10 (an active fleet enters an enemy port); ``strait``: E13.1's battery
    fire alone (the automatic interception after it is an ``interception``); ``landing``: E12.2's battery
    fire on a convoy alone; ``loss_of_port``: E14 (the fleet put to sea and was intercepted)."""

    INTERCEPTION = "interception"
    PATROL = "patrol"
    PORT = "port"
    STRAIT = "strait"
    LANDING = "landing"
    LOSS_OF_PORT = "loss_of_port"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CombatSquadron(_Frozen):
    """A squadron as combat sees it: its nation, its nationality (the key of E8.4's table, as the model's
    ``Nation.nationality_key``: "" → the nation id, "britain", "france" …) and its status."""

    id: str
    name: str = ""  # what users read; the id when empty
    nation: str
    nationality: str = ""
    status: SquadronStatus = READY
    # E4.2 for this squadron's own stack when a side holds several (E4.5: a patrol that found an armada and
    # another stack fights both): its armada commander's nationality; None: the side's commander, if any
    commander_nationality: str | None = None

    @property
    def dice_key(self) -> str:
        return self.nationality or self.nation

    @property
    def label(self) -> str:
        return self.name or self.id


class BattleSide(_Frozen):
    """One side of a battle: the stacks (fleets, armadas) fighting together (E4.5: a patrol that finds
    two stacks fights both in one battle).  ``commander_nation``: the armada's commanding nation when
    E4.2 caps every squadron at its dice (``commander_nationality``: E8.4's key; None: no cap, an
    independent fleet).  ``evasion_failed_bonus``:
    the other side failed to evade this side's interception (E6.5, +1 die in round 1).  ``fives_before``:
    5s received before round 1 outside this battle (a strait's battery fire, E13.1 then E13.2; E-OP-16)."""

    nations: tuple[str, ...]  # the major powers and minors of the side, lead nation first (names for reports)
    squadrons: tuple[CombatSquadron, ...]
    commander_nation: str | None = None
    commander_nationality: str | None = None  # None with a commander: the commander nation's id is the key
    evasion_failed_bonus: bool = False
    fives_before: int = 0
    left_port: str | None = None  # E9.3 [L45]: it was leaving this port (blockaded or not) when the battle began
    entering_port: str | None = None  # E9.4 [L45]: it was entering this port (intercepted there, E5.2) when beaten
    lost_port: bool = False  # E14: it put to sea from a port the enemy took (E14.3)


class Battery(_Frozen):
    """Coastal batteries of a port or a strait's fortress (E10, E12.2, E13.1)."""

    place: str  # the port
    owner: str  # the nation controlling the port
    fortress: bool = False
    dice: int  # 2, or 4 for a fortress (E10.2), a strait's CFG (E-OP-24)


class Battle(_Frozen):
    """One battle, as the impulse's steps hand it to combat (in a landing, E12.2, the active side's
    "squadrons" are the convoy's items).  ``place``: the zone, or the port of a port
    battle, strait or landing; it names the dice (``eia:<impulse>:battle:<place>:r<n>:<side>``)."""

    impulse: str  # the impulse's key, e.g. "3" or "1805-1-france"
    kind: BattleKind
    place: str
    number: int = Field(default=1, ge=1)  # the n-th battle here this impulse (a patrol after an interception)
    zone: str  # the zone the battle is in (the port's zone for a port battle, E-OP-20)
    active: BattleSide  # the active nation's side (E9.1); in E10, the fleet entering the port
    inactive: BattleSide
    battery: Battery | None = None  # E10, E12.2, E13.1 only
    names: dict[str, str] = Field(default_factory=dict)  # nation, squadron and place ids → what users read

    @property
    def dice_place(self) -> str:
        """The place as the dice keys name it: ``<place>``, then ``<place>-2``, ``<place>-3`` for later battles
        there in the same impulse (every roll needs its own key)."""
        return self.place if self.number == 1 else f"{self.place}-{self.number}"

    def side(self, role: SideRole) -> BattleSide:
        return self.active if role == ACTIVE else self.inactive

    def name(self, key: str) -> str:
        if key in self.names:
            return self.names[key]
        squadron = next((s for side in (self.active, self.inactive) for s in side.squadrons if s.id == key), None)
        return squadron.label if squadron else key


class RoundDice(_Frozen):
    """What the bot rolled for one round and what it counts: the dice each side rolled (their number
    derived per E8, see ``dice.side_dice``), the battery's, and the 5s each side received (E8.5).
    Round 0 is a battery's fire before the battle (E10.2, E12.2, E13.1)."""

    round_no: int
    active_count: int = 0
    inactive_count: int = 0
    battery_count: int = 0
    active: tuple[int, ...] = ()
    inactive: tuple[int, ...] = ()
    battery: tuple[int, ...] = ()

    @property
    def fives_to_active(self) -> int:
        # E-OP-16: a 5 rolled by the other side, battery dice included (they fire at the active side)
        return self.inactive.count(5) + self.battery.count(5)

    @property
    def fives_to_inactive(self) -> int:
        return self.active.count(5)


class RoundResult(_Frozen):
    """A round's results as the combat module (or the moderators) give them (E-OP-13).  ``*_losses``:
    the squadron ids (convoy items in a landing) each side lost this round.  ``winner``: the round's
    outcome ("tie": another round is fought); in a port battle it is derived from the totals (E10.3)
    and may be left None; in a battery's fire alone (round 0) there is none."""

    active_result: int = Field(default=0, ge=0)
    inactive_result: int = Field(default=0, ge=0)
    battery_result: int = Field(default=0, ge=0)
    active_losses: tuple[str, ...] = ()
    inactive_losses: tuple[str, ...] = ()
    winner: Winner | None = None


class RoundRecord(_Frozen):
    """One fought round: its dice, its results, and the totals compared (E10.3: the defender's total adds
    the battery's results)."""

    dice: RoundDice
    result: RoundResult
    active_total: int
    inactive_total: int
    winner: Winner | None
    entered_by: Literal["module", "moderators"]


class Placement(_Frozen):
    """Where a side goes after the battle (E9).  ``how``:
    ``continue`` — the victorious active side may continue its move (E9.1; from a port battle it is
    placed in the port's zone first, E10.5 / E-OP-20); ``stay`` — it stays where it is (an inactive
    winner); ``nearest_port`` — placed in the nearest friendly port, chosen by the loser among ties
    (E9.2, E-OP-18), and stays there this impulse; ``return_to_port`` — back into the port it was
    leaving (E9.3); ``other_port`` — retreats to another port than the one it attacked (E9.4, chosen as
    E9.2); ``destroyed`` — nothing of it is left."""

    side: SideRole
    how: Literal["continue", "stay", "nearest_port", "return_to_port", "other_port", "destroyed"]
    port: str | None = None  # return_to_port: that port; nearest_port/other_port: the caller picks (E-OP-18)
    zone: str | None = None  # continue from a port battle: the zone it is placed in (E-OP-20)
    excluded_port: str | None = None  # other_port: the port it may not retreat to (E9.4)
    squadrons: tuple[str, ...] = ()  # the side's surviving squadrons that go there


class BattleOutcome(_Frozen):
    """How a battle ended: the winner, every squadron destroyed (losses entered, E10.5 the port's fleet,
    E14.3 outfitting losers) and where each side goes (E9)."""

    winner: SideRole | None  # None: a battery's fire alone (strait, landing)
    destroyed: tuple[str, ...] = ()
    placements: tuple[Placement, ...] = ()
    rounds: int = 0
    winner_rule: str = ""  # "E-OP-19" when the second tie's default decided it


class BattleState(_Frozen):
    """A battle under way, kept in the impulse's state between steps.  ``awaiting``: the round whose
    dice are rolled and whose results are not entered yet (the moderators' form is open)."""

    battle: Battle
    rounds: tuple[RoundRecord, ...] = ()
    awaiting: RoundDice | None = None
    lost: tuple[str, ...] = ()  # squadron ids (or convoy items) lost so far, in order
    outcome: BattleOutcome | None = None

    @property
    def over(self) -> bool:
        return self.outcome is not None


class CombatSettings(_Frozen):
    """Every CFG of E8–E14 that combat reads, with the spec's proposal as default.  Nation keys are the
    nation ids of the game (E8.4's table; E-OP-15: an unlisted nation is refused, never guessed)."""

    naval_dice_per_squadron: dict[str, int] = Field(default_factory=lambda: {
        "britain": 3, "france": 2, "denmark": 2, "sweden": 2, "russia": 1, "turkey": 1, "spain": 1})
    outfitting_penalty: int = 1  # E8.6
    loss_of_port_penalty_stacks: bool = False  # E-OP-25: E14.3's −1 is E8.6's restated
    under_construction_dice: int = 0  # E-OP-17/E-OP-19 placeholder (EX5): no dice
    port_battery_dice: int = 2  # E10.2
    fortress_battery_dice: int = 4  # E10.2
    strait_battery_dice: int = 4  # E-OP-24
    second_tie_winner: SideRole = INACTIVE  # E-OP-19: "defender wins" after a second tie in port
    demoralisation_floor: int = 0  # E-OP-16

    @classmethod
    def of(cls, settings: object) -> CombatSettings:
        """Combat's settings read from a game's settings object by name (duck-typed: combat imports no model);
        ``second_tie_winner`` may say "defender"/"attacker" (the port's side is the inactive one, E10)."""
        values = {name: getattr(settings, name) for name in cls.model_fields if hasattr(settings, name)}
        tie = str(values.get("second_tie_winner", INACTIVE))
        values["second_tie_winner"] = {"defender": INACTIVE, "attacker": ACTIVE}.get(tie, tie)
        return cls(**values)


class CombatModule(Protocol):
    """The seam of E-OP-13: the land-combat procedure applied to one round.  ``round_no`` 0 is a battery's
    fire before the battle.  Returns the round's results, or None: the moderators enter them."""

    def round(self, battle: Battle, round_no: int, dice_rolled: RoundDice) -> RoundResult | None: ...


class ModeratorEnteredCombat:
    """The default module (E-OP-13): the bot rolls and shows the dice and the 5s; the moderators enter
    every round's results in a form (``form.round_question``)."""

    def round(self, battle: Battle, round_no: int, dice_rolled: RoundDice) -> RoundResult | None:
        return None


class ScriptedCombat:
    """A module that returns results given in advance, per round number (cases and tests: EX5's
    "combat-module outputs are test inputs").  A round it has no result for goes to the moderators."""

    def __init__(self, results: dict[int, RoundResult]) -> None:
        self.results = dict(results)

    def round(self, battle: Battle, round_no: int, dice_rolled: RoundDice) -> RoundResult | None:
        return self.results.get(round_no)


class CombatError(ValueError):
    """Combat cannot go on as asked: what is wrong and what would be right (e.g. E-OP-15's missing dice)."""
