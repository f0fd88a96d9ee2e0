"""Arbitro: referee and moderation bot for Burraco clubs and MCR mahjong tournaments."""
