"""Mahjong Competition Rules tournaments [000], as read by RULES §2."""

RULEBOOK = "mcr"  # as a chat chooses it (/settings rulebook=mcr)
