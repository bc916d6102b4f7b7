"""What each audience reads of a royal fleets turn: the public report and map name every fleet by
its flag and ship count, never its ships' health nor a die; a faction reads its own fleets in full
and every die and modifier of its battles; the moderators read everything, each default applied.
(The seed's reconnaissance rule for armies [L374], applied to fleets by analogy.)"""

from __future__ import annotations

from functools import cache

from bot.demo import demo_turn_input
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.plugins import get_presenter
from bot.rulesets.royal_fleets.report.overlay import overlay_for


@cache
def turn():
    return demo_turn_input("royal-demo")


def test_the_public_map_shows_every_fleet_by_flag_and_count_only():
    markers = {(m.area, m.label): m.detail for m in overlay_for(turn(), PUBLIC).markers}
    assert markers[("gulf_cadiz", "United Provinces")] == "×2"  # the Zeeland squadron, by count
    assert ("north_atlantic", "United Provinces") not in markers  # between the maps: off the map (U10.1)
    assert all(detail.startswith("×") for detail in markers.values())


def test_a_faction_sees_its_own_fleets_in_full_and_where_its_crossing_fleet_will_appear():
    dutch = {m.label: (m.area, m.detail, m.shape) for m in overlay_for(turn(), Viewer.of("dutch")).markers}
    assert dutch["Zeeland squadron"] == ("gulf_cadiz", "2 ships, health 12 12", "fleet")
    assert dutch["West India Company fleet"] == ("north_atlantic", "2 ships, health 17 15", "in_transit")
    assert dutch["Spain"][1].startswith("×")  # the others by count


def test_dice_reach_the_sides_that_rolled_them_and_the_moderators_only():
    reports = get_presenter("royal-fleets").build_reports(turn())
    shown = get_presenter("royal-fleets").shown_roll_keys
    assert shown(reports.public) == set()
    assert "battle:biscay:r1:initiative:attacker" in shown(reports.factions["spain"])
    assert "battle:biscay:r1:initiative:defender" in shown(reports.factions["dutch"])
    assert shown(reports.factions["france"]) == set()  # not in the battle
    assert "Dice log:" in reports.moderators and "Dice log:" not in reports.public


def test_cards_sum_up_what_the_audience_may_read():
    presenter = get_presenter("royal-fleets")
    public = presenter.cards(turn(), PUBLIC)
    assert public[0].fields[0].name == "Bay of Biscay"
    assert [c.title for c in presenter.cards(turn(), MODERATORS)] == [c.title for c in public]


def test_u3_5_ships_on_offer_show_what_the_public_report_tells_only():
    """The buy-over autocomplete lists another faction's unpaid ships: their type and name (the
    report's ShipsOnOffer) and where their fleet is (its flag is on the map), never their health,
    and none of a fleet between the maps (off the map for all but its owners, U10.1).  Before: each
    ship's health was listed, and ships in transit too."""
    from bot.rulesets.royal_fleets.rules.model.state import Transit
    from bot.rulesets.royal_fleets.rules.ruleset import RoyalFleetsRuleset
    from tests.rulesets.royal_fleets.support import fleet, state
    sea_fleet = fleet("s", "spain", "x", "galleon", "flute")
    sea_fleet.ships[0].unpaid, sea_fleet.ships[0].health = True, 9
    crossing = fleet("c", "spain", None, "frigate", in_transit=Transit(from_area="t_e", to_area="t_w", arrival_turn=6))
    crossing.ships[0].unpaid = True
    offer = RoyalFleetsRuleset().holdings(state(sea_fleet, crossing, trade_posts={}), "dutch")["on_offer"]
    assert offer == [{"id": "s-1", "name": "", "type": "galleon", "fleet": "s", "area": "x"}]
