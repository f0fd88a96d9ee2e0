"""Mahjong Competition Rules tournaments [000], as read by RULES §2."""
