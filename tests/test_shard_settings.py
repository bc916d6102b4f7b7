"""SHARD_COUNT and SHARD_IDS: read from the environment, checked, and the bot built from them (one
process serving some shards of the whole bot), or the plain bot when they are not set."""

from __future__ import annotations

import pytest
from discord.ext import commands
from pydantic import ValidationError

from bot.config import BotConfig
from bot.discord_app import FleetwrightBot, ShardedFleetwrightBot, _config_problem, make_bot


def config(monkeypatch, **env) -> BotConfig:
    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return BotConfig(_env_file=None, discord_token="t")


def test_shard_ids_are_read_as_lists_and_ranges(monkeypatch):
    assert config(monkeypatch, SHARD_COUNT="4", SHARD_IDS="0, 2-3").shard_ids == [0, 2, 3]
    assert config(monkeypatch, SHARD_COUNT="4").shard_ids is None
    plain = config(monkeypatch)
    assert (plain.shard_count, plain.shard_ids, plain.lease_seconds) == (None, None, 180.0)
    empty = config(monkeypatch, SHARD_COUNT="", SHARD_IDS="")  # compose passes unset ones as empty
    assert (empty.shard_count, empty.shard_ids) == (None, None)


@pytest.mark.parametrize("env, said", [
    ({"SHARD_IDS": "1"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "1,2"}, "SHARD_IDS [2] are not shards of SHARD_COUNT=2 (shard ids run from 0 to 1)"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "one"}, "'one' is not a shard id; write them as 0,1 or 2-3"),
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
])
def test_shard_settings_that_do_not_fit_are_refused_saying_why(monkeypatch, env, said):
    with pytest.raises(ValidationError) as caught:
        config(monkeypatch, **env)
    assert said in _config_problem(caught.value)


async def test_the_bot_is_sharded_only_when_shards_are_set(monkeypatch):
    sharded = make_bot(None, config(monkeypatch, SHARD_COUNT="3", SHARD_IDS="1"), run_scheduler=False)
    assert isinstance(sharded, ShardedFleetwrightBot) and isinstance(sharded, commands.AutoShardedBot)
    assert (sharded.shard_count, sharded.shard_ids) == (3, [1])
    plain = make_bot(None, config(monkeypatch), run_scheduler=False)
    assert type(plain) is FleetwrightBot and plain.shard_count is None
    await sharded.http.close()  # never started: AutoShardedClient.close needs its queue, made at login
    await plain.close()
