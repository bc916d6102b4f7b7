"""Bot configuration from the environment or a .env file (pydantic-settings)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class StoreConfig(BaseSettings):
    """Where the campaigns are kept: all that ``python -m bot migrate``, export and import need."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # repr=False: a PostgreSQL URL may carry a password; logs show bot.store.describe_location(...).
    database: str = Field("fleetwright.db", repr=False,
                          description="an SQLite file (path), or a PostgreSQL database "
                                      "(postgresql://user:password@host:port/database)")


class BotConfig(StoreConfig):
    discord_token: SecretStr = Field(description="the bot token from the Discord developer portal")
    dev_guild_id: int | None = Field(None, description="sync commands to this guild at once (testing)")
    log_level: str = "INFO"
