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
    telegram_api_url: str = "https://api.telegram.org/bot"
    telegram_webhook_url: str | None = None
    telegram_webhook_listen: str = "0.0.0.0"
    telegram_webhook_port: int = 8443
    telegram_webhook_secret: str | None = None
    moderators: tuple[str, ...] = ()
    discord_moderator_role: str | None = None
    discord_log_channel: int | None = None

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
        telegram_api_url=os.environ.get("TELEGRAM_API_URL", "https://api.telegram.org/bot"),
        telegram_webhook_url=os.environ.get("TELEGRAM_WEBHOOK_URL") or None,
        telegram_webhook_listen=os.environ.get("TELEGRAM_WEBHOOK_LISTEN", "0.0.0.0"),
        telegram_webhook_port=int(os.environ.get("TELEGRAM_WEBHOOK_PORT", "8443")),
        telegram_webhook_secret=os.environ.get("TELEGRAM_WEBHOOK_SECRET") or None,
        discord_moderator_role=os.environ.get("DISCORD_MODERATOR_ROLE") or None,
        discord_log_channel=int(os.environ["DISCORD_LOG_CHANNEL"])
        if os.environ.get("DISCORD_LOG_CHANNEL") else None,
        moderators=tuple(m.strip() for m in os.environ.get("ARBITRO_MODERATORS", "").split(",")
                         if m.strip()),
    )
