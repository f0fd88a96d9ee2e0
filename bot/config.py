"""Settings from the environment (or a ``.env`` file); never from the code."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


@dataclass(frozen=True)
class Settings:
    database_url: str
    telegram_token: str | None
    discord_token: str | None
    log_level: str

    def __repr__(self) -> str:  # never print tokens
        return (f"Settings(database_url={self.database_url!r}, telegram_token="
                f"{'set' if self.telegram_token else None}, discord_token="
                f"{'set' if self.discord_token else None}, log_level={self.log_level!r})")


def load_settings() -> Settings:
    load_dotenv(override=False)
    return Settings(
        database_url=os.environ.get("ARBITRO_DATABASE_URL", "sqlite:///arbitro.db"),
        telegram_token=os.environ.get("TELEGRAM_TOKEN") or None,
        discord_token=os.environ.get("DISCORD_TOKEN") or None,
        log_level=os.environ.get("ARBITRO_LOG_LEVEL", "WARNING"),
    )
