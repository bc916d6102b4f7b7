"""Bot configuration from the environment or a .env file (pydantic-settings)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class StoreConfig(BaseSettings):
    """Where the campaigns are kept: all that ``python -m bot migrate``, export and import need."""

    # An empty variable counts as unset (compose passes SHARD_COUNT= when none is given).
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore",
                                      env_ignore_empty=True)

    # repr=False: a PostgreSQL URL may carry a password; logs show bot.store.describe_location(...).
    database: str = Field("fleetwright.db", repr=False,
                          description="an SQLite file (path), or a PostgreSQL database "
                                      "(postgresql://user:password@host:port/database)")


class BotConfig(StoreConfig):
    discord_token: SecretStr = Field(description="the bot token from the Discord developer portal")
    dev_guild_id: int | None = Field(None, description="sync commands to this guild at once (testing)")
    log_level: str = "INFO"
    # Several processes on one PostgreSQL database (README, "Running it for many servers"): each serves
    # the servers of its shards; deadlines, reminders and posts are shared out through leases in the store.
    shard_count: int | None = Field(None, ge=1, description="how many shards the whole bot has (all processes)")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        None, description="the shards this process serves, e.g. 0,1 or 2-3 (needs SHARD_COUNT; default: all)")
    lease_seconds: float = Field(180.0, ge=3, description="how long a claim on work stands unrenewed before "
                                                          "another process takes the work over")
    deadline_check_seconds: float = Field(60.0, gt=0, description="how often deadlines are checked")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        """"0,1" or "2-3" as a list of shard ids."""
        if not isinstance(value, str):
            return value
        ids: list[int] = []
        for part in filter(None, (p.strip() for p in value.split(","))):
            first, _, last = part.partition("-")
            try:
                ids += list(range(int(first), int(last or first) + 1))
            except ValueError:
                raise ValueError(f"{part!r} is not a shard id; write them as 0,1 or 2-3") from None
        return ids or None

    @model_validator(mode="after")
    def _shards_fit(self) -> "BotConfig":
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards of the whole bot) too")
            wrong = sorted({i for i in self.shard_ids if not 0 <= i < self.shard_count})
            if wrong:
                raise ValueError(f"SHARD_IDS {wrong} are not shards of SHARD_COUNT={self.shard_count} "
                                 f"(shard ids run from 0 to {self.shard_count - 1})")
        return self
