"""A LoopWorld hosting the Empires in Arms demo (autumn 1805, France's impulse open, every nation
linked), for the bad-input tests of /eia and /empires-in-arms; and the words a player might type there."""

from __future__ import annotations

from bot.mapfiles import load_shipped_map
from bot.scenarios import load_shipped_scenario
from tests.robustness.loop_world import LoopWorld
from tests.robustness.vocabulary import VOCAB

NATIONS = ("france", "britain", "spain")
ROLES = {"Moderators": 610, **{n: 620 + i for i, n in enumerate(NATIONS)}, "Spectators": 690}
CHANNELS = {"general": 510, "naval-reports": 520, **{f"{n}-room": 530 + i for i, n in enumerate(NATIONS)}}
PRIVATE = {f"{n}-room": [ROLES[n]] for n in NATIONS}


def eia_vocabulary() -> list[str]:
    """Real ids and names of the demo, hostile ones (another nation's squadrons, paths that skip a
    zone, counts zero/negative/huge, garbage in the keyed drop/pick-up field, markdown, mentions)."""
    state, board = load_shipped_scenario("eia-demo").state, load_shipped_map("empires-in-arms")
    real = [*state.squadrons, *(s.label for s in state.squadrons.values()), *state.nations, *state.land,
            *board.zones, *board.ports, *(z.name for z in board.zones.values()), *(p.name for p in board.ports.values())]
    odd = ["Brest, North Sea", "English Channel, English Channel", "North Sea: 0", "North Sea: -3",
           "North Sea: 999999999999", "Brest: ; : ;;", ":", ";;;", "Brest: @everyone", "**bold** `code`",
           "<@123> <#456>", "if enemy_dice >=", "if nobody > 1", "dice_advantage >= 3", "0", "-1", "1e9", "never",
           "ask", "abc", "1, 2, x"]
    return sorted(set(real)) + odd + VOCAB[:40]


EIA_VOCAB = eia_vocabulary()


class EiaLoopWorld(LoopWorld):
    roles, channels, private = ROLES, CHANNELS, PRIVATE

    def factions(self) -> tuple[str, ...]:
        return NATIONS

    async def set_up(self, world) -> None:
        await world.run("campaign create", world.admin, scenario="eia-demo", name="Autumn 1805")
        await world.run("campaign channel", world.admin, channel=CHANNELS["naval-reports"])
        await world.run("campaign moderators", world.admin, role=ROLES["Moderators"])
        for n in NATIONS:
            await world.run("faction link", world.admin, clan=n, role=ROLES[n], channel=CHANNELS[f"{n}-room"])
        await world.run("turn open", world.admin, deadline="in 48h")
