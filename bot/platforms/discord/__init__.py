"""Discord, through discord.py: slash commands, text commands and buttons on the command layer."""

from bot.platforms.discord.bot import DiscordSettings, build_bot

__all__ = ["DiscordSettings", "build_bot"]
