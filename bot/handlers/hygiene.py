"""What people type, made inert before anything reads or stores it.

A NUL byte cannot be stored by PostgreSQL (every later message of its author would fail); a
right-to-left override turns "alice" into what looks like another name; a zero-width space makes
two names look alike. Text keeps its line breaks and the joiners that emoji and some scripts
need; a name keeps nothing invisible.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.handlers._core import Author, Incoming

# the characters that change the direction of what follows them (Unicode's bidi controls)
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# invisible characters that only make two texts look alike
INVISIBLE = frozenset("\u00ad\u034f\u180e\u200b\u2060\u2061\u2062\u2063\u2064\ufeff")
KEPT_IN_TEXT = frozenset("\n\t\u200c\u200d")  # line breaks, tabs, the joiners of emoji


def clean_text(text: str) -> str:
    """A message as the command layer reads it: no control characters (NUL included) but
    line breaks and tabs, no direction overrides, no invisible characters."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(ch for ch in text if ch in KEPT_IN_TEXT or _shown(ch))


def clean_name(name: str) -> str:
    """A member's name as the bot shows and stores it: one line of visible characters."""
    visible = "".join(" " if ch.isspace() else ch for ch in name if ch.isspace() or _shown(ch))
    return " ".join(visible.split())


def _shown(ch: str) -> bool:
    if ch in BIDI or ch in INVISIBLE:
        return False
    return unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")


def clean_author(author: Author) -> Author:
    """A platform's ids are digits; the console's are the names people type: both inert."""
    key = clean_name(author.key) or "?"
    name = clean_name(author.name) or key
    if (key, name) == (author.key, author.name):
        return author
    return replace(author, key=key, name=name)


def clean_incoming(incoming: Incoming) -> Incoming:
    """The message, its author and the members it names, inert."""
    text = clean_text(incoming.text)
    author = clean_author(incoming.author)
    mentions = {
        clean_text(token): clean_author(named) for token, named in incoming.mentions.items()
    }
    if text == incoming.text and author is incoming.author and mentions == incoming.mentions:
        return incoming
    return replace(incoming, text=text, author=author, mentions=mentions)


__all__ = ["clean_author", "clean_incoming", "clean_name", "clean_text"]
