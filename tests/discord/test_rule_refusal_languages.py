"""Sengoku's rule refusals in the reader's language (issue 16): the rules raise a message id and its
values (bot.engine.ruleset.OrderRejected, bot.domain.text.Phrase), worded from Sengoku's catalogue
for the player who gave the order; English stays as it was (test_clan_orders, test_orders)."""

from __future__ import annotations

from dataclasses import replace

from bot.domain.text import Phrase, Phrases
from bot.engine.ruleset import OrderRejected
from bot.services.campaigns import refused


def client(world, clan: str, locale: str):
    return replace(world.players[clan], locale=locale)


async def test_a_japanese_player_reads_the_policy_refusal_in_japanese(armed):
    """S2.6, OP-07: squadrons are handed over only to an enemy; Kōno is Mōri's ally."""
    world = armed
    sent = await world.run("clan policy", client(world, "mori", "ja"), on_last_port_lost="transfer",
                           transfer_to="kono")
    assert sent[-1].ephemeral
    assert sent[-1].content == ("却下：transfer_to：艦隊を引き渡せるのは敵、すなわち交戦中の家だけである。"
                                "“Kōno” はそうではない（S2.6, OP-07）")


async def test_a_traditional_chinese_player_reads_the_landing_refusal_in_traditional_chinese(armed):
    """S3.7: a landing carries an army of the orderer's own clan."""
    world = armed
    sent = await world.run("order landing", client(world, "kono", "zh-TW"), unit="kono-mitsu-maru",
                           army="mori-nosuch", origin="iyo", destination="sanuki")
    assert sent[-1].content == "已拒絕：“mori-nosuch” 不是你的氏族的軍隊（S3.7）"


def test_a_composed_problem_is_worded_part_by_part():
    """S2.2, OP-06: the blocked-LoC refusal nests phrases; English is the same text as before."""
    where = Phrases([Phrase("{unit} off {area}", unit="Kurushima-maru", area="Iyo-nada")], ", ")
    cut = Phrases([Phrase("{route} by {blockers}", route=Phrase("the coastal route"), blockers=where)])
    problem = Phrase("there is no line of communication from {base} to {port}; ships re-base only along one (S2.2)",
                     base="Mitsu", port="Sakai")
    exc = OrderRejected(problem, rule="S2.2")
    assert str(exc) == ("there is no line of communication from Mitsu to Sakai; ships re-base only along one "
                        "(S2.2)")
    assert refused(exc, "sengoku").text.render("ru") == (
        "Отклонено: нет линии коммуникации из Mitsu в Sakai; корабли меняют базу только по ней (S2.2)")
    assert str(cut) == "the coastal route by Kurushima-maru off Iyo-nada"


async def test_a_russian_moderator_reads_the_audit_page_past_the_end_in_russian(world):
    """/mod audit past its last page: the count and the pages there are, in the moderator's language."""
    await world.setup_campaign()
    await world.run("sengoku unit edit", world.admin, unit="otomo-usuki", reason="won at Iyo", experience=2)
    moderator = replace(world.mod, locale="ru")
    sent = await world.run("mod audit", moderator, clan="Ōtomo", page=2)
    assert sent[-1].ephemeral
    assert sent[-1].content == ("Страница 2 — за концом журнала: у кампании Seto 1560 правок модератора, касающихся "
                                "клана Ōtomo: 2, на странице 1; страница 1 показывает самые новые")


async def test_a_russian_player_is_offered_the_battle_policies_in_russian(world):
    """S5.5, OP-26: the engage presets and the per-clan conditions, labelled in the player's language;
    the values stay the policy texts the rules read."""
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    offered = await world.h.autocomplete("order cruise", client(world, "mori", "ru"), "engage", engage="")
    assert [(c["name"], c["value"]) for c in offered][:2] == [("по правилам (если врагов не больше)", "default"),
                                                              ("всегда", "always")]
    assert ("только против клана Ōtomo", "if enemy_clan == otomo") in [(c["name"], c["value"]) for c in offered]
    offered = await world.h.autocomplete("order cruise", client(world, "miyoshi", "ja"), "manoeuvre",
                                         unit="miyoshi-ataki", manoeuvre="")
    assert offered[2]["name"] == "鶴翼 — Ataki Fuyuyasu の海戦の術" and offered[2]["value"] == "tsuruyoki"


async def test_a_japanese_player_reads_sengokus_help_steps_in_japanese(world):
    """/help's ruleset steps (its CommandHelp) come from Sengoku's catalogue, in the reader's language."""
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    lines = (await world.run("help", client(world, "mori", "ja")))[-1].content.splitlines()
    assert lines[3] == "2. それから 各部隊に /order …（cruise、trade、base、piracy など）。却下された命令は破った規則を示す"
    assert "• /clan policy — 自家の常備の戦闘方針（組み合わせ OP-39、三者 S5.9、最後の港 S2.6）" in lines


async def test_a_russian_moderator_reads_the_rules_refusal_of_an_edit_in_russian(world):
    """S9.4: a captured character is held by a clan; the moderator edit's refusal in the moderator's language."""
    await world.setup_campaign()
    sent = await world.run("sengoku commander edit", replace(world.mod, locale="ru"), commander="kono-michinao",
                           status="captured")
    assert sent[-1].content == ("Отклонено: captor: пленного персонажа держит клан (S9.4); укажите клан, "
                                "взявший в плен")


async def test_a_japanese_player_reads_the_units_kind_in_japanese(world):
    """/fleet show: the unit's kind is the ruleset's word, from its catalogue."""
    await world.setup_campaign()
    await world.run("turn open", world.admin)
    sent = await world.run("fleet show", client(world, "mori", "ja"), unit="Kobayakawa-1")
    assert sent[-1].content.splitlines()[0] == "**Kobayakawa-1** — Mōri, 戦船隊"


async def test_a_russian_moderator_picks_a_unit_labelled_in_russian(world):
    """The moderators' unit autocomplete: the kind is Sengoku's word, in the moderator's language."""
    await world.setup_campaign()
    choices = await world.h.autocomplete("sengoku unit edit", replace(world.mod, locale="ru"), "unit", unit="kodama",
                                         reason="x")
    assert choices == [{"name": "Kodama-2 — Mōri эскадра", "value": "mori-kodama"}]
