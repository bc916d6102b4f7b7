"""Sengoku's reports in the post's language (issue 16 part C): catalogues complete, Russian plurals,
and a whole demo turn with no English sentence left in ru, ja or zh-TW."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot.demo import demo_turn_input
from bot.i18n import EXTRACT_KEYWORDS, messages, placeholders
from bot.rulesets.sengoku.report.build import build

REPORT_DIR = Path(__file__).resolve().parents[2] / "bot/rulesets/sengoku/report"
LOCALE_DIR = REPORT_DIR.parent / "locale"
LANGS = ("ru", "ja", "zh-TW")


def _msgids() -> list:
    found = []
    for name, _, msg, _, _ in extract_from_dir(str(REPORT_DIR), method_map=[("**.py", "python")],
                                               keywords=EXTRACT_KEYWORDS):
        if not name.startswith("overlay"):  # the map's words: part D's sengoku-maps.po
            found.append(msg)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_report_msgid_translated_with_the_same_placeholders(lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "sengoku.po").open("rb") as fh:
        catalog = read_po(fh, locale=lang.replace("-", "_"))
    problems = []
    for msgid in _msgids():
        key = msgid[0] if isinstance(msgid, tuple) else msgid
        message = catalog.get(key)
        if message is None or not message.string or not all(message.string if isinstance(message.string, tuple)
                                                             else [message.string]):
            problems.append(("missing", key))
            continue
        english = placeholders(msgid[1] if isinstance(msgid, tuple) else msgid)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            if placeholders(form) - {"n"} != english - {"n"}:
                problems.append(("placeholders", key, form))
    assert problems == []


@pytest.mark.parametrize("n, word", [(1, "1 эскадра"), (2, "2 эскадры"), (5, "5 эскадр"), (21, "21 эскадра")])
def test_russian_squadron_counts_take_the_right_plural(n, word):
    t = messages("ru", "sengoku")
    assert t.n_("{clan} {n} squadron ({units})", "{clan} {n} squadrons ({units})", n, clan="Mōri",
                units="…") == f"Mōri {word} (…)"


@pytest.mark.parametrize("n, text", [(1, "после 1 круга"), (3, "после 3 кругов"), (5, "после 5 кругов")])
def test_russian_battle_rounds_counted_in_a_report_line(n, text):
    from bot.rulesets.sengoku.report.templates.battles import TEMPLATES
    from bot.rulesets.sengoku.report.names import Names
    data = demo_turn_input("seto-demo")
    ended = next(e for e in data.events if e.kind == "battle_ended")
    line = TEMPLATES["battle_ended"](ended.model_copy(update={"rounds": n}), Names(data, "ru"))
    assert text in line


@pytest.fixture(scope="module")
def demo_data():
    return demo_turn_input("seto-demo")


def _names(data) -> list[str]:
    """Every name a report may show: typed by players or from the map (romanised), longest first."""
    found = set()
    for state in (data.before, data.after):
        found |= {c.name for c in state.clans.values()} | {u.name for u in state.squadrons.values()}
        found |= {u.name for u in state.fleets.values()} | {c.name for c in state.characters.values()}
        found |= {a.name for a in state.armies.values()}
        for army in state.armies.values():
            found |= {str(getattr(d, "name", d)) for d in getattr(army, "detachments", [])}
    gm = data.gamemap
    for table in (gm.areas, gm.ports, gm.locs, gm.straits):
        found |= {x.name for x in table.values()}
    return sorted((n for n in found if n), key=len, reverse=True)


# Words any English report line is made of, whatever the code's msgids are today.
COMMON_ENGLISH = set("""the and off for from with was were its their his into over after round rounds battle
battles squadron squadrons fleet fleets heavy detachment won lost met sails cruises blockaded blockade dispersed
destroyed captured returns stake high low damage loss losses turn report public moderator log seed revealed
matches commitment published when planning opened every roll recompute line lines communication cut crossing
blocked trade traded since piracy pirates pirated port ports coast landing evacuation army figures storm
intercepts intercept killed wound experience gains nobody quiet nothing happened your ships default applied
policy engage given route shortest coastal order fights most first ranking decided naval victory victories
all this led attack attacks guard reached credit capture next build none outcome fought""".split())


def _english_vocabulary() -> set[str]:
    words = set(COMMON_ENGLISH)
    for msgid in _msgids():
        for text in msgid if isinstance(msgid, tuple) else (msgid,):
            words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", " ", text))}
    # Kept in every language: rule and dice terms, commands, the key marker.
    return words - {"key", "dice", "verify", "python", "bot", "hmac", "sha", "rsa", "max_rounds"}


def _residue(line: str, names: list[str]) -> str:
    line = re.sub(r"\(key [^)]*\)", " ", line)
    line = re.sub(r"`[^`]*`|'[^']*'", " ", line)  # commands; a policy as written (OP-26)
    for name in names:
        line = line.replace(name, " ")
    line = re.sub(r"\b[\w-]+:[\w:.-]+", " ", line)  # dice keys in the moderators' dice log
    return re.sub(r"\b(?:S|OP-|R)\d[\w.-]*|\b[A-Z]{2,}\b|\b\d*d\d+\b|\b[a-z]+(?:-[a-z0-9]+)+\b", " ", line)


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_demo_turn_has_no_english_sentence_left(lang, demo_data):
    data = replace(demo_data, language=lang, faction_languages={c: lang for c in demo_data.before.clans})
    reports = build(data)
    names = _names(data)
    vocabulary = _english_vocabulary()
    assert len(vocabulary) > 300
    phrases = [m for m in _msgids() if isinstance(m, str)]
    leftovers = []
    for text in [reports.public, reports.moderators, *reports.factions.values()]:
        for line in text.splitlines():
            residue = _residue(line, names)
            words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", residue)} & vocabulary
            if words:
                leftovers.append((sorted(words), line))
            leftovers += [("msgid", m, line) for m in phrases if len(m) > 12 and m in line]
    assert leftovers == []


def test_english_reports_do_not_change_with_the_catalogues(demo_data):
    """The language plumbing leaves English as it was: a clan's own language changes only its report."""
    english = build(demo_data)
    mixed = build(replace(demo_data, faction_languages={"mori": "ru"}))
    assert mixed.public == english.public and mixed.moderators == english.moderators
    assert mixed.factions["kono"] == english.factions["kono"]
    assert mixed.factions["mori"] != english.factions["mori"] and "ваш ход" in mixed.factions["mori"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_report_shows_the_same_roll_keys(lang, demo_data):
    """/dice verify finds a report's rolls by its "   (key …)" marker: every language keeps it."""
    from bot.rulesets.sengoku.report.present import SengokuPresenter
    show = SengokuPresenter()
    english = build(demo_data)
    translated = build(replace(demo_data, faction_languages={c: lang for c in demo_data.before.clans}))
    for clan, report in english.factions.items():
        assert show.shown_roll_keys(translated.factions[clan]) == show.shown_roll_keys(report) != set()


def test_cards_follow_their_audiences_language(demo_data):
    from bot.rulesets.sengoku.report.cards import cards_for
    data = replace(demo_data, language="ru", faction_languages={"mori": "ja"})
    public = cards_for(data, None)[0]
    assert public.title == "⚔️ Сражение у Suō"
    assert [f.name for f in public.fields][-2:] == ["Итог", "Потери"]
    assert public.fields[-2].value == "Ōtomo победил за 3 круга"
    own = cards_for(data, "mori")[0]
    assert own.title == "Mōri — 第3手番" and own.description == "この手番に3度の海戦を戦った。"
    assert cards_for(data, None, moderators=True)[0].title == "⚔️ Сражение у Suō"


def test_order_descriptions_in_the_readers_language():
    from bot.mapfiles import load_shipped_map
    from bot.plugins import get_ruleset
    from bot.rulesets.sengoku.report.present import SengokuPresenter
    from bot.scenarios import load_shipped_scenario
    from bot.demo import demo_scenario
    scenario = load_shipped_scenario(demo_scenario("sengoku"))
    gamemap, ruleset = load_shipped_map(scenario.file.map), get_ruleset(scenario.file.ruleset)
    order = ruleset.parse_order(scenario.file.orders["mori"][0])
    show = SengokuPresenter()
    assert show.describe_order(order, scenario.state, gamemap) == (
        "Kobayakawa-1 will cruise off Suō: Aki → Suō (1 step). engage: always; high stake.")
    assert show.describe_order(order, scenario.state, gamemap, "ru") == (
        "Kobayakawa-1 будет крейсировать у Suō: Aki → Suō (1 переход). бой: always; по высокой ставке.")
    assert show.describe_order(order, scenario.state, gamemap, "ja") == (
        "Kobayakawa-1は周防沖を巡航する：安芸 → 周防（1区間）。交戦：always；大賭け。")


@pytest.mark.parametrize("lang, name", [("en", "Bungo"), ("ru", "Bungo"), ("ja", "豊後"), ("zh-TW", "豐後")])
def test_provinces_read_in_the_readers_script(lang, name, demo_data):
    from bot.rulesets.sengoku.report.names import Names
    assert Names(demo_data, lang).area("bungo") == name


def test_credit_words_in_english_are_the_models_own(demo_data):
    """names.credit_words words a capture credit as SengokuState.credit_name does (S8.4.6), in any language."""
    from bot.rulesets.sengoku.report.names import credit_words
    state, english = demo_data.after, messages("en", "sengoku")
    ids = [c.id for c in state.credits] + [f"credit:3:{hd}" for hd in state.heavy] + ["credit:2:gone"]
    assert len(state.credits) >= 3
    for credit_id in ids:
        assert credit_words(state, credit_id, english) == state.credit_name(credit_id)
    assert credit_words(state, state.credits[0].id, messages("ru", "sengoku")).startswith("право на трофей за ")


def test_rules_texts_in_events_are_worded_where_the_catalogue_knows_them(demo_data):
    """engine_texts.py: fixed causes, composed defaults (S12.4) and a policy summary; unknown texts as written."""
    from bot.rulesets.sengoku.report.names import Names
    ru = Names(demo_data, "ru")
    assert ru.text("reached 5 damage (S8.4.3)") == "повреждения достигли 5 (S8.4.3)"
    assert ru.text("mori-kodama: engage policy 'if enemy_count <= own_count' (no policy given)") == (
        "mori-kodama: политика вступления в бой 'if enemy_count <= own_count' (политика не задана)")
    assert ru.text("pairing x, target y; battle priority default (most squadrons first); if the last port "
                   "falls: lose") == ("пары x, цель y; порядок сражений по умолчанию (сначала больше эскадр); "
                                      "если падёт последний порт: потерять")
    assert ru.text("Akita-maru's port has no access to timber (S3.2.2, OP-08)") == (
        "Akita-maru's port has no access to timber (S3.2.2, OP-08)")
    assert Names(demo_data, "en").text("reached 5 damage (S8.4.3)") == "reached 5 damage (S8.4.3)"
