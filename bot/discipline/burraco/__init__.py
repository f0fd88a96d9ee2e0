"""Burraco club rules [001], as read by RULES §1."""
