"""What a new moderator found reading the royal demo badly (the review of its maps and reports):
fleets shown by name, ships and health to their owners only, each card in or named for its sea
area, transports drawn, trade posts in their controllers' colours, battles naming their winner,
lines starting with a capital, moderator flags saying what to do and with which command."""

from __future__ import annotations

from functools import cache

from bot.demo import demo_turn_input
from bot.domain.viewer import MODERATORS, PUBLIC, Viewer
from bot.plugins import get_presenter
from bot.render.mapimage import draw_scene, on_sheet
from bot.rulesets.royal_fleets.report import build
from bot.rulesets.royal_fleets.report.overlay import overlay_for
from bot.rulesets.royal_fleets.report.templates import TEMPLATES
from bot.rulesets.royal_fleets.rules.model.events import ModeratorNeeded


@cache
def turn():
    return demo_turn_input("royal-demo")


def _units(viewer) -> dict[str, str]:
    data = turn()
    scene = draw_scene(data.gamemap, on_sheet(data.gamemap, overlay_for(data, viewer), "europe"))
    return {label.anchor: label.text for label in scene.labels if label.kind == "units"}


def test_a_faction_reads_its_own_fleet_on_a_card_and_another_by_flag_and_count():
    france = overlay_for(turn(), Viewer.of("france"))
    markers = {(m.area, m.label): m.detail for m in france.markers}
    assert france.units_as == "cards"
    assert markers[("channel", "Escadre du Ponant")] == "2 ships, health 17 12"
    assert markers[("biscay", "United Provinces")] == "×4"
    assert "Escadre du Ponant" in _units(Viewer.of("france"))["channel"]


def test_a_card_away_from_its_sea_area_is_headed_with_the_area_name():
    """The French fleet in the English Channel was a bare badge beside Brittany and Biscay."""
    for viewer in (PUBLIC, Viewer.of("france")):
        units = _units(viewer)
        assert units["channel"].startswith("English Channel / ")
        assert units["biscay"].startswith("Bay of Biscay / ")


def test_u9_a_transport_draws_its_voyage_for_its_owner_and_the_moderators_only():
    want = ["normandy", "channel", "brittany"]
    for viewer in (Viewer.of("france"), MODERATORS):
        routes = [r for r in overlay_for(turn(), viewer).routes if r.style == "transport"]
        assert [r.areas for r in routes] == [want]
    assert not [r for r in overlay_for(turn(), PUBLIC).routes if r.style == "transport"]


def test_u10_4_each_trade_post_label_in_its_controllers_colour():
    data = turn()
    posts = {h.label: getattr(h, 'label_colour', None) for h in overlay_for(data, PUBLIC).highlights if h.kind == "trade_post"}
    colours = {f: data.after.factions[f].colour for f in ("spain", "dutch", "france")}
    assert posts["East Indies: United Provinces"] == colours["dutch"]
    assert posts["New France: France"] == colours["france"]
    assert posts["West Indies: Spain"] == colours["spain"]


def test_u6_the_battle_end_names_the_winner_and_lines_start_with_a_capital():
    reports = get_presenter("royal-fleets").build_reports(turn())
    assert "Battle in Bay of Biscay over after 3 rounds: United Provinces won (a side got away)." in reports.public
    assert "  The galleass San Lorenzo (Spain) sank in round 2." in reports.public
    assert "the attacker won" not in reports.moderators


def test_capitals_keep_the_indent_and_leave_caseless_scripts():
    assert build.capitalised("  the galleon X sank.\nthe flute Y") == "  The galleon X sank.\nThe flute Y"
    assert build.capitalised("  帆船") == "  帆船"


def test_u_op_01_a_moderator_flag_says_what_to_do_and_with_which_command():
    from bot.rulesets.royal_fleets.report.names import Names
    names = Names(turn())
    text = build.capitalised(TEMPLATES["moderator_needed"](
        ModeratorNeeded(what="U-OP-01", subject="biscay", detail="ships.s-1.attack_bonus", rule="U-OP-01"), names))
    assert text.startswith("A moderator must act (U-OP-01): the values ships.s-1.attack_bonus")
    assert "`/royal-fleets ship`" in text and "`/royal-fleets table ship-type`" in text


def test_u10_4_the_trade_posts_flag_is_in_the_key():
    """The art flies a flag at each trade post; the key showed only the ring."""
    data = turn()
    overlay = on_sheet(data.gamemap, overlay_for(data, PUBLIC), "new_world")
    style = overlay.vocabulary.highlights["trade_post"]
    assert style.icon.endswith("trade-post-flag.png")
    plain = overlay.vocabulary.model_copy(update={"highlights": {
        **overlay.vocabulary.highlights, "trade_post": style.model_copy(update={"icon": ""})}})
    with_flag = len(draw_scene(data.gamemap, overlay, sheet="new_world").ax.images)
    without = len(draw_scene(data.gamemap, overlay.model_copy(update={"vocabulary": plain}),
                             sheet="new_world").ax.images)
    assert with_flag == without + 1


def test_u_op_18_a_battle_default_names_the_faction_and_ships_not_their_ids():
    log = get_presenter("royal-fleets").build_reports(turn()).moderators
    line = next(x for x in log.splitlines() if "chose no ship among identical ones" in x)
    assert line.startswith("  Default applied (U-OP-18): Spain chose no ship") or \
        line.startswith("  Default applied (U-OP-18): United Provinces chose no ship")
    assert "went to the " in line and "-1" not in line.split("went to")[1]


def test_u6_the_battle_card_names_the_winner():
    card = get_presenter("royal-fleets").cards(turn(), PUBLIC)[0]
    assert (card.fields[0].name, card.fields[0].value) == ("Bay of Biscay", "United Provinces won after 3 rounds")
