"""Confirm / Cancel buttons in front of destructive or public commands (issue 17): the command says
what will happen, the action runs on the click of the same user, once; a stale button is refused."""

from __future__ import annotations

import pytest

import cogs.confirm
from bot.domain.campaign import Phase
from tests.discord.conftest import CHANNELS
from tests.discord.harness import Member


async def test_resolve_asks_first_and_runs_on_the_click(planned):
    world = planned
    (prompt,) = await world.ask("turn resolve", world.mod)
    assert prompt.type == 4 and prompt.ephemeral and prompt.content.startswith(
        "Resolve turn 3 of Seto 1560 now? Its dice are rolled as committed when it opened, the public report and map "
        f"are posted in <#{CHANNELS['naval-reports']}>")
    assert list(world.h.buttons(prompt)) == ["Resolve turn 3", "Cancel"]
    assert (await world.service.campaign(1)).phase is Phase.PLANNING  # nothing yet
    sent = await world.h.click(prompt, "Resolve turn 3", world.mod)
    assert sent[0].type == 7 and sent[0].body["components"] == []
    assert sent[0].body["content"].endswith("⏳ Confirmed; working on it…")
    # The orders step resolved; its captives' choices (OP-46 c) open, their prompt posted to Ōtomo's war room.
    (summary,) = [s for s in sent if s.kind == "followup"]
    assert summary.content.startswith("Turn 3 of Seto 1560 resolved; ")
    assert "Now open: Turn 3 · captives' choices; its questions are posted in the asked clans' channels." in \
        summary.content
    assert sent[-1].kind == "channel" and sent[-1].target == CHANNELS["otomo-war-room"]
    assert sent[-1].content.startswith("❓ **Seto 1560** — Turn 3 · captives' choices\nTahara Chikakata was captured")
    campaign = await world.service.campaign(1)
    assert (campaign.turn, campaign.step, campaign.phase) == (3, 2, Phase.PLANNING)
    again = await world.h.click(prompt, "Resolve turn 3", world.mod)
    assert len(again) == 1 and again[0].type == 4 and again[0].ephemeral
    assert again[0].content == "This was already confirmed; nothing more to do."
    entries = [e.kind for e in await world.service.audit_log(1, 3)]
    assert entries[0] == "/turn resolve" and entries.count("/turn resolve") == 1  # noted once, on the click


async def test_only_the_one_who_asked_can_confirm_and_cancel_does_nothing(planned):
    world = planned
    (prompt,) = await world.ask("turn undo", world.mod)  # nothing resolved yet: refused on the click
    other = await world.h.click(prompt, "Undo the last resolution", world.admin)
    assert other[0].content == "Only mod, who ran the command, can confirm or cancel it." and other[0].ephemeral
    cancelled = await world.h.click(prompt, "Cancel", world.mod)
    assert cancelled[0].type == 7 and cancelled[0].body["content"].endswith("✖️ Cancelled; nothing was done.")
    late = await world.h.click(prompt, "Undo the last resolution", world.mod)
    assert late[0].content == "This was cancelled; run the command again if you still want it."
    assert not [e for e in await world.service.audit_log(1, 50) if e.kind == "/turn undo"]


async def test_a_refusal_at_the_click_is_said_privately(planned):
    world = planned
    (prompt,) = await world.ask("turn undo", world.mod)
    sent = await world.h.click(prompt, "Undo the last resolution", world.mod)
    assert sent[0].type == 7 and sent[-1].ephemeral and sent[-1].kind == "followup"
    assert sent[-1].content == "Nothing to undo: Seto 1560 has no resolved turn"  # a name, not an id
    again = await world.h.click(prompt, "Undo the last resolution", world.mod)
    assert again[0].content == ("This was refused (see why above); nothing was done. Run the command again once "
                                "it can be done.")
    assert not [e for e in await world.service.audit_log(1, 50) if e.kind == "/turn undo"]


async def test_timed_out_and_pre_restart_buttons_are_refused_clearly(planned, monkeypatch):
    world = planned
    (prompt,) = await world.ask("sengoku unit remove", world.mod, unit="mori-akita-maru")
    assert prompt.content.startswith("Remove Akita-maru (trade fleet of Mōri) from Seto 1560 for good")
    monkeypatch.setattr(cogs.confirm, "CONFIRM_SECONDS", 0.0)
    expired = await world.h.click(prompt, "Remove Akita-maru", world.mod)
    assert expired[0].content == "These buttons have expired (they last 0 minutes); run the command again."
    assert "mori-akita-maru" in {u.id for u in await world.service.units(1, "mori")}
    restarted = await world.h.click(prompt, "", world.mod, custom_id="fw-confirm:0123456789abcdef:yes")
    assert restarted[0].ephemeral and restarted[0].content == (
        "These buttons are from before the bot restarted, so they no longer work; run the command again.")


async def test_an_unknown_unit_is_refused_before_asking(planned):
    (sent,) = await planned.ask("sengoku unit remove", planned.mod, unit="Kikkawa-9")
    assert sent.type == 4 and not planned.h.buttons(sent)
    assert sent.content == "Seto 1560 has no unit 'Kikkawa-9'; pick one from the list as you type"


@pytest.mark.parametrize("path", ["turn resolve", "turn undo", "turn redo"])
async def test_a_player_is_refused_before_any_button(planned, path):
    (sent,) = await planned.ask(path, planned.players["mori"])
    assert sent.ephemeral and not planned.h.buttons(sent) and "Manage Server" in sent.content


async def test_buttons_are_refused_to_a_stranger_without_running_anything(planned):
    world = planned
    (prompt,) = await world.ask("orders clear", world.players["mori"])
    stranger = Member(9, "stranger")
    sent = await world.h.click(prompt, "Withdraw 5 order(s)", stranger)
    assert sent[0].content == "Only mori-player, who ran the command, can confirm or cancel it."
    assert len(await world.service.orders(1, "mori")) == 5
