"""Telegram, through python-telegram-bot: updates in, the command layer, messages out."""

import os

# python-telegram-bot's future type for durations (RetryAfter.retry_after as a timedelta)
os.environ.setdefault("PTB_TIMEDELTA", "1")

from bot.platforms.telegram.bot import TelegramBot, TelegramSettings

__all__ = ["TelegramBot", "TelegramSettings"]
