"""Records the state keeps between the steps of a naval move (H2.6, H10.2): the move under way,
the combat under way, and each power's standing orders (H10.6).  Plain data, stored as JSON with
the state, so a restart picks the chain up where it stood."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Side(BaseModel):
    model_config = ConfigDict(frozen=True)

    power: str
    units: tuple[str, ...]
    squadrons: int
    corsairs: int
    leader_rating: int  # the highest battle rating on this side here (H3.3.1)
    port_die: int = 0  # the defender in a port (H3.3.2)
    card_dice: int = 0  # combat cards' effect as dice, entered by the moderators (H-OP-19)
    faces: tuple[int, ...] = ()
    extra_faces: tuple[int, ...] = ()  # response cards' dice (H3.3.6, H-OP-20/21): not "dice rolled"
    came_from: str | None = None  # H-OP-25's default retreat

    @property
    def dice(self) -> int:
        """Dice rolled in step 5 (H3.3.5), combat cards' included: what H3.3.8.4 compares (H-OP-23)."""
        return max(0, 2 * self.squadrons + self.corsairs + self.leader_rating + self.port_die + self.card_dice)

    @property
    def hits(self) -> int:
        return sum(1 for f in (*self.faces, *self.extra_faces) if f >= 5)  # H0.1: 5 or 6


class NavalCombat(BaseModel):
    model_config = ConfigDict(frozen=True)

    space: str
    in_port: bool
    attacker: Side
    defender: Side
    rolled: bool = False

    @property
    def key(self) -> str:
        return f"combat:{self.space}:{self.attacker.power}-{self.defender.power}"

    def side(self, power: str) -> Side:
        return self.attacker if power == self.attacker.power else self.defender

    @property
    def winner(self) -> str:
        """H3.3.7: more hits wins; a tie goes to the defender."""
        return self.attacker.power if self.attacker.hits > self.defender.hits else self.defender.power

    @property
    def loser(self) -> str:
        return self.defender.power if self.winner == self.attacker.power else self.attacker.power



class Group(BaseModel):
    """One group of a naval move (H2.6.1): units and leaders from one space to an adjacent one."""

    model_config = ConfigDict(frozen=True)

    units: tuple[str, ...]
    leaders: tuple[str, ...] = ()
    origin: str
    destination: str


class Pending(BaseModel):
    """The action under way between steps: ``phase`` names what is decided next."""

    model_config = ConfigDict(frozen=True)

    action: str  # naval_move, initiate_piracy, naval_transport
    power: str
    phase: str
    groups: tuple[Group, ...] = ()
    intercepted: dict[str, str] = Field(default_factory=dict)  # destination → the power that got in (H2.6.4.4)
    intercepted_from: dict[str, str] = Field(default_factory=dict)  # destination → its first stack's origin
    combats: tuple[tuple[str, str], ...] = ()  # (space, opponent) still to fight, in order (H-OP-17)
    combat_order: tuple[tuple[str, str | None], ...] = ()  # the mover's wish (H2.6.7.2)
    combat: NavalCombat | None = None
    zone: str = ""  # piracy
    target: str = ""
    hits: int = 0  # piracy hits still to reward
    hit: int = 0  # piracy hits rewarded so far
    formation: str = ""  # transport
    path: tuple[str, ...] = ()
    played: tuple[str, ...] = ()  # the powers that played Foul Weather (H2.6.3, H4.2.1.5)


class StandingOrders(BaseModel):
    """H10.6: what a power decided in advance.  A condition is bot/engine/conditions.py's
    (``always``, ``never``, ``if moving_units <= 2``); empty: ask.  Lists are preferences, first legal wins."""

    model_config = ConfigDict(frozen=True)

    intercept: str = ""  # H-OP-13
    avoid: str = ""  # H-OP-15
    avoid_to: tuple[str, ...] = ()
    foul_weather: str = ""  # H-OP-09
    retreat_to: tuple[str, ...] = ()  # H-OP-25
    casualties: str = ""  # H-OP-24: own_first / allies_first
    piracy_rewards: tuple[str, ...] = ()  # H-OP-34: squadron / card / vp
