"""Settings from the environment (or a ``.env`` file); never from the code."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from urllib.parse import unquote, urlparse

from dotenv import load_dotenv

from bot.discipline.staff import read_moderator

DOTENV = ".env"  # read from the working directory, where the bot is started


@dataclass(frozen=True)
class Settings:
    database_url: str
    telegram_token: str | None
    discord_token: str | None
    log_level: str
    telegram_api_url: str = "https://api.telegram.org/bot"
    telegram_webhook_url: str | None = None
    telegram_webhook_listen: str = "0.0.0.0"  # noqa: S104  # a webhook is called from outside
    telegram_webhook_port: int = 8443
    telegram_webhook_secret: str | None = None
    telegram_confirm_stops: bool = True
    moderators: tuple[str, ...] = ()
    discord_moderator_role: str | None = None
    discord_log_channel: int | None = None
    discord_intents: tuple[str, ...] = ("members", "message_content")
    discord_command_guild: int | None = None
    retention_days: int = 7  # processed updates, delivered messages and pages kept this long
    discord_shard_count: int | None = None
    discord_shard_ids: tuple[int, ...] | None = None
    web_port: int | None = None  # the public pages are served on this port (None: not served)
    web_host: str = "127.0.0.1"
    web_url: str | None = None  # the address people reach them at, behind a proxy
    stop_grace: float = 10.0  # seconds a stop gives what is in progress and waits to be sent
    ops_port: int | None = None  # /healthz and /metrics are served on this port (None: not)
    ops_host: str = "127.0.0.1"
    # the proxies whose X-Forwarded-For names the reader of the public pages
    trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()

    @property
    def public_web_url(self) -> str | None:
        """Where the pages are read from outside: ARBITRO_WEB_URL, else this host and port."""
        if self.web_url:
            return self.web_url.rstrip("/")
        if self.web_port is None:
            return None
        return f"http://{self.web_host}:{self.web_port}"

    @property
    def secrets(self) -> tuple[str, ...]:
        """What no log line may show: the tokens, the webhook's secret, the database's
        password."""
        password = urlparse(self.database_url).password if "://" in self.database_url else None
        found = (
            self.telegram_token,
            self.discord_token,
            self.telegram_webhook_secret,
            password and unquote(password),
            password,
        )
        return tuple(secret for secret in found if secret)

    def __repr__(self) -> str:  # never print tokens
        return (
            f"Settings(database_url={self.database_url!r}, telegram_token="
            f"{'set' if self.telegram_token else None}, discord_token="
            f"{'set' if self.discord_token else None}, log_level={self.log_level!r})"
        )


SWITCH = {
    "on": True,
    "yes": True,
    "true": True,
    "1": True,
    "off": False,
    "no": False,
    "false": False,
    "0": False,
}


def switch(name: str, *, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value not in SWITCH:
        raise ValueError(f"{name} must be on or off, not {value!r}")
    return SWITCH[value]


def number(name: str, *, default: int | None) -> int | None:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit()):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return int(value)


def networks(name: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """Addresses or networks, comma-separated (``127.0.0.1, 10.0.0.0/8``)."""
    found = []
    for part in os.environ.get(name, "").split(","):
        if part.strip():
            try:
                found.append(ipaddress.ip_network(part.strip(), strict=False))
            except ValueError:
                raise ValueError(
                    f"{name} takes addresses or networks (10.0.0.0/8), not {part.strip()!r}"
                ) from None
    return tuple(found)


def moderators(name: str) -> tuple[str, ...]:
    """User ids or usernames, comma-separated, each best with its platform (``telegram:12``,
    ``discord:34``, a Telegram ``@name``); a username is turned into its id at start."""
    found = tuple(part.strip() for part in os.environ.get(name, "").split(",") if part.strip())
    for entry in found:
        try:
            read_moderator(entry)
        except ValueError as error:
            raise ValueError(
                f"{name} takes user ids or usernames, comma-separated (telegram:12, discord:34,"
                f" @name), not {entry!r}: {error}"
            ) from None
    return found


INTENTS = ("members", "message_content", "presence")


def intents(name: str, *, default: tuple[str, ...]) -> tuple[str, ...]:
    """Discord's privileged intents the bot asks for, comma-separated ("none" for none)."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value == "none":
        return ()
    chosen = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [part for part in chosen if part not in INTENTS]
    if unknown:
        raise ValueError(f"{name} takes {', '.join(INTENTS)} or none, not {unknown[0]!r}")
    return chosen


def shards(count_name: str, ids_name: str) -> tuple[int | None, tuple[int, ...] | None]:
    """How many Discord shards in all, and which this process runs ("0,1"): several
    processes split one bot's shards between them."""
    count = number(count_name, default=None)
    value = os.environ.get(ids_name, "").strip()
    if not value:
        return count, None
    if count is None:
        raise ValueError(f"{ids_name} needs {count_name}: how many shards there are in all")
    parts = [part.strip() for part in value.split(",") if part.strip()]
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise ValueError(f"{ids_name} takes shard numbers like 0,1, not {value!r}")
    ids = tuple(int(part) for part in parts)
    if any(shard >= count for shard in ids) or len(set(ids)) != len(ids):
        raise ValueError(f"{ids_name} takes distinct shards from 0 to {count - 1}, not {value!r}")
    return count, ids


def load_settings() -> Settings:
    """Raises ValueError, naming the variable, for a value that cannot be used. A ``.env``
    in the working directory fills in what the environment does not set."""
    load_dotenv(os.path.join(os.getcwd(), DOTENV), override=False)
    return Settings(
        database_url=os.environ.get("ARBITRO_DATABASE_URL", "sqlite:///arbitro.db"),
        telegram_token=os.environ.get("TELEGRAM_TOKEN") or None,
        discord_token=os.environ.get("DISCORD_TOKEN") or None,
        log_level=os.environ.get("ARBITRO_LOG_LEVEL", "WARNING"),
        telegram_api_url=os.environ.get("TELEGRAM_API_URL", "https://api.telegram.org/bot"),
        telegram_webhook_url=os.environ.get("TELEGRAM_WEBHOOK_URL") or None,
        telegram_webhook_listen=os.environ.get("TELEGRAM_WEBHOOK_LISTEN", "0.0.0.0"),  # noqa: S104
        telegram_webhook_port=number("TELEGRAM_WEBHOOK_PORT", default=8443) or 8443,
        telegram_webhook_secret=os.environ.get("TELEGRAM_WEBHOOK_SECRET") or None,
        telegram_confirm_stops=switch("TELEGRAM_CONFIRM_STOPS", default=True),
        discord_moderator_role=os.environ.get("DISCORD_MODERATOR_ROLE") or None,
        discord_log_channel=number("DISCORD_LOG_CHANNEL", default=None),
        discord_intents=intents("DISCORD_INTENTS", default=("members", "message_content")),
        discord_command_guild=number("DISCORD_COMMAND_GUILD", default=None),
        retention_days=number("ARBITRO_RETENTION_DAYS", default=7) or 7,
        discord_shard_count=shards("DISCORD_SHARD_COUNT", "DISCORD_SHARD_IDS")[0],
        discord_shard_ids=shards("DISCORD_SHARD_COUNT", "DISCORD_SHARD_IDS")[1],
        web_port=number("ARBITRO_WEB_PORT", default=None),
        web_host=os.environ.get("ARBITRO_WEB_HOST", "127.0.0.1"),
        web_url=os.environ.get("ARBITRO_WEB_URL") or None,
        stop_grace=float(number("ARBITRO_STOP_GRACE", default=10) or 0),
        ops_port=number("ARBITRO_OPS_PORT", default=None),
        ops_host=os.environ.get("ARBITRO_OPS_HOST", "127.0.0.1"),
        trusted_proxies=networks("ARBITRO_TRUSTED_PROXIES"),
        moderators=moderators("ARBITRO_MODERATORS"),
    )
