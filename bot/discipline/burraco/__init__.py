"""Burraco club rules [001], as read by RULES §1."""

RULEBOOK = "burraco"  # as a chat chooses it (/settings rulebook=burraco)
