"""Replies and refusals in the reader's language (issue 16 part B): a player whose Discord client is in
Russian, Japanese or Traditional Chinese reads the bot's private replies in that language; an English
client reads exactly what it read before (every other Discord test)."""

from __future__ import annotations

from dataclasses import replace

import pytest


@pytest.fixture
async def open_turn(world):
    await world.setup_campaign()
    await world.run("turn open", world.admin, deadline="in 48h")
    return world


def client(world, clan: str, locale: str):
    """The clan's player, with a Discord client in ``locale``."""
    return replace(world.players[clan], locale=locale)


async def test_a_russian_client_reads_the_rules_refusal_of_another_clans_unit_in_russian(open_turn):
    world = open_turn
    sent = await world.run("order cruise", client(world, "mori", "ru"), unit="otomo-usuki", target="iyo")
    assert sent[-1].ephemeral
    assert sent[-1].content == ("Отклонено: у вашего клана нет отряда 'otomo-usuki'; "
                                "ваши отряды покажет /fleet list (V1)")
    assert await world.service.orders(1, None) == []


async def test_a_russian_client_reads_an_unknown_unit_refusal_in_russian(open_turn):
    world = open_turn
    sent = await world.run("unit tactics", client(world, "mori", "ru"), unit="Nosuch", stake="high")
    assert sent[-1].content == "У вашего клана нет отряда “Nosuch”; ваши отряды покажет /fleet list (V1)"


async def test_a_russian_client_reads_the_locked_turn_in_russian(open_turn):
    world = open_turn
    await world.run("turn lock", world.mod)
    sent = await world.run("order idle", client(world, "mori", "ru"), unit="mori-kobayakawa")
    assert sent[-1].content == ("Ход 3 кампании Seto 1560 закрыт: модераторы закрыли его для приказов "
                                "(они могут открыть его снова командой /turn reopen)")
    ready = (await world.run("orders ready", client(world, "mori", "ru")))[-1].content
    assert ready == ("Ход 3 кампании Seto 1560 закрыт: модераторы закрыли его для приказов, так что готовность "
                     "больше не важна. Mōri отдал приказы 0 из 7 отрядов. Пока без приказов: Kobayakawa-1, "
                     "Noshima Murakami, Kurushima-maru, Kodama-2, Akamagaseki Guard, Akita-maru, Tomo-maru.")


async def test_a_russian_client_reads_the_confirmation_prompt_and_its_buttons_in_russian(open_turn):
    world = open_turn
    mori = client(world, "mori", "ru")
    await world.run("order idle", mori, unit="mori-kobayakawa")
    await world.run("order idle", mori, unit="mori-noshima")
    (prompt,) = await world.h.invoke("orders clear", mori)
    assert prompt.content.startswith("Отозвать все 2 приказа Mōri на ход 3?")
    assert set(world.h.buttons(prompt)) == {"Отозвать 2 приказа", "Отмена"}
    sent = await world.h.click(prompt, "Отозвать 2 приказа", mori)
    assert sent[-1].content.startswith("🗑️ Отозваны 2 приказа Mōri на ход 3;")
    assert await world.service.orders(1, None) == []


async def test_a_japanese_client_reads_the_refusal_of_a_member_without_a_clan_in_japanese(open_turn):
    world = open_turn
    sent = await world.run("fleet list", replace(world.outsider, locale="ja"))
    assert sent[-1].content == ("あなたは Seto 1560 のプレイヤーではありません。あなたのロールはどれもその家に結び付いて"
                                "いません。モデレーターに自家のロールを頼んでください（ロールは /faction link で結び付けます）")


async def test_a_traditional_chinese_client_reads_the_rules_refusal_in_traditional_chinese(open_turn):
    world = open_turn
    sent = await world.run("order cruise", client(world, "mori", "zh-TW"), unit="otomo-usuki", target="iyo")
    assert sent[-1].content == "已拒絕：你的氏族沒有部隊 'otomo-usuki'；/fleet list 會列出你的部隊（V1）"


async def test_a_moderator_check_is_refused_in_the_readers_language(open_turn):
    world = open_turn
    sent = await world.run("turn lock", client(world, "mori", "ru"))
    assert sent[-1].content == ("Это могут только модераторы кампании Seto 1560: нужна роль <@&"
                                f"{world.h.roles['Moderators']}> или право «Управлять сервером»")


async def test_an_english_client_of_another_region_reads_english(open_turn):
    world = open_turn
    sent = await world.run("order cruise", client(world, "mori", "en-GB"), unit="otomo-usuki", target="iyo")
    assert sent[-1].content == "Refused: your clan has no unit 'otomo-usuki'; /fleet list shows your units (V1)"


async def test_a_moderators_reply_follows_their_client_and_the_public_notice_the_campaign(open_turn):
    world = open_turn
    sent = await world.run("turn lock", replace(world.mod, locale="ru"))
    assert sent[-1].ephemeral and sent[-1].content.startswith(
        "🔒 Ход 3 кампании Seto 1560 закрыт: игроки больше не могут менять приказы, модераторы — могут.")
    (notice,) = [s for s in sent if s.kind == "channel"]
    assert notice.content == "🔒 **Seto 1560** — turn 3 is closed for orders."  # the campaign's language: English


async def test_sengokus_clan_policy_is_worded_from_its_own_catalogue(open_turn):
    world = open_turn
    text = (await world.run("clan policy", client(world, "mori", "ja")))[-1].content
    assert text.splitlines()[0] == "**Mōri** — 家の方針（現行）："
    assert "• 最後の港が落ちたら（S2.6）：自家の艦隊は失われる" in text


def test_a_public_post_is_worded_in_the_campaigns_language_once_it_has_one():
    from types import SimpleNamespace

    from cogs.common import public_reader
    assert public_reader(SimpleNamespace(language="ru"))._("Clans:") == "Кланы:"
    assert public_reader(SimpleNamespace())._("Clans:") == "Clans:"  # no language yet: English


async def test_a_russian_client_reads_a_route_refusal_in_russian_with_the_maps_names(open_turn):
    world = open_turn
    sent = await world.run("order cruise", client(world, "mori", "ru"), unit="mori-kurushima", target="buzen",
                           route="Aki, Suō, Buzen")
    assert sent[-1].content == ("Отклонено: cruise: маршрут должен начинаться в Suō, где Kurushima-maru базируется "
                                "или несёт дозор, а не в Aki (V4)")  # the order's name and the map's names as they are


async def test_a_russian_moderator_resolves_with_russian_prompt_buttons_and_summary(open_turn):
    world = open_turn
    mod = replace(world.mod, locale="ru")
    (prompt,) = await world.h.invoke("turn resolve", mod)
    assert prompt.content.startswith("Разрешить ход 3 кампании Seto 1560 сейчас?")
    assert set(world.h.buttons(prompt)) == {"Разрешить ход 3", "Отмена"}
    sent = await world.h.click(prompt, "Разрешить ход 3", mod)
    summary = [s.content for s in sent if s.kind == "followup"][-1]
    assert summary.startswith("Ход 3 кампании Seto 1560 разрешён; раскрыто: его открытый ключ костей (SHA-256 `")
    assert "\n✅ общий отчёт: " in summary and "\n✅ отчёт Mōri: " in summary
    public = [s.content for s in sent if s.kind == "channel"]
    assert public and not any("Ход" in text for text in public)  # the reports are the campaign's (English)
