"""Bot configuration from the environment or a .env file (pydantic-settings)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class BotConfig(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(description="the bot token from the Discord developer portal")
    database: str = Field("fleetwright.db", description="SQLite file holding every campaign")
    dev_guild_id: int | None = Field(None, description="sync commands to this guild at once (testing)")
    log_level: str = "INFO"
