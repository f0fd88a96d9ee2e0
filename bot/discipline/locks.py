"""What a message carries, the chat's locks it breaks, and the blocklist entry it matches.

Pure: the platforms say what a message holds besides its text (a forward, a sticker, a
picture, a post made as a channel, the addresses behind its links); everything else is read
from the text here. Time is passed in (:class:`MeasureThrottle`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

# what a chat may lock, as /lock names it
LOCKS = ("links", "invites", "forwards", "stickers", "media", "channel-posts")
# what only the platform can tell about a message (the rest is read from its text)
CARRIED = frozenset({"forwards", "stickers", "media", "channel-posts"})
BLOCK_ACTIONS = ("delete", "warn", "mute")
MOST_BLOCKED = 200  # entries a chat's blocklist holds
LONGEST_ENTRY = 100  # characters of one entry

# an address written out: with its scheme, www., or a known top-level domain after a dot
_URL = re.compile(
    r"(?:(?:https?|ftp)://|www\.)[^\s<>\"']+"
    r"|\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+"
    r"(?:com|net|org|io|gg|me|ru|it|info|biz|xyz|co|app|dev|tv|link|ly|be|to|su|рф)"
    r"(?:/[^\s<>\"']*)?(?![\w.-])",
    re.IGNORECASE,
)
_INVITE = re.compile(
    r"(?:https?://)?(?:www\.)?(?:"
    r"(?:t|telegram)\.me/(?:\+|joinchat/)[\w-]+"
    r"|discord(?:app)?\.com/invite/[\w-]+"
    r"|discord\.gg/[\w-]+)",
    re.IGNORECASE,
)
_DOMAIN = re.compile(r"(?:[^\W_](?:[\w-]*[^\W_])?\.)+[^\W\d_]{2,}")  # letters of any script
_WORD = re.compile(r"\w+(?:['’]\w+)*", re.UNICODE)


def _fold(text: str) -> str:
    """Compared without case (by way of the capitals, so that a dotless ı matches I as its
    i does, composed again so that a capital written as two code points matches its small
    letter), and with ё read as е (Russian writes either)."""
    folded = unicodedata.normalize("NFC", text).upper().casefold()
    return unicodedata.normalize("NFC", folded).replace("ё", "е")


def links_in(text: str, hidden: Iterable[str] = ()) -> tuple[str, ...]:
    """The addresses a message points to: written in its text, and ``hidden`` behind its
    words (Telegram's text links, which the text does not show)."""
    found = [match.group(0) for match in _URL.finditer(text)]
    found += [match.group(0) for match in _INVITE.finditer(text) if match.group(0) not in found]
    return (*found, *hidden)


def host_of(link: str) -> str:
    """The domain an address names, without scheme, www., port, path or a trailing dot."""
    rest = re.sub(r"^[a-z][a-z0-9+.-]*://", "", link.strip(), flags=re.IGNORECASE)
    rest = re.split(r"[/?#\s]", rest, maxsplit=1)[0]
    rest = rest.rpartition("@")[2].split(":", 1)[0].rstrip(".")
    host = _fold(rest)
    return host[4:] if host.startswith("www.") else host


def is_invite(link: str) -> bool:
    return _INVITE.search(link) is not None


@dataclass(frozen=True)
class Carried:
    """What one message holds: its text, the addresses it points to, and what the platform
    says it is besides (``forwards``, ``stickers``, ``media``, ``channel-posts``)."""

    text: str = ""
    links: tuple[str, ...] = ()
    kinds: frozenset[str] = frozenset()

    @classmethod
    def of(cls, text: str, hidden: Iterable[str] = (), kinds: Iterable[str] = ()) -> Carried:
        return cls(text, links_in(text, hidden), frozenset(kinds) & CARRIED)

    def breaks(self, locks: Iterable[str]) -> str | None:
        """The first of the chat's locks (in :data:`LOCKS` order) this message breaks."""
        wanted = set(locks)
        for lock in LOCKS:
            if lock in wanted and self._holds(lock):
                return lock
        return None

    def _holds(self, lock: str) -> bool:
        if lock == "links":
            return bool(self.links)
        if lock == "invites":
            return any(is_invite(link) for link in self.links)
        return lock in self.kinds


@dataclass(frozen=True)
class BlockEntry:
    """One entry of the chat's blocklist: a word (matched whole, without case) or a domain
    (matched with its subdomains in the message's links), and what a match brings."""

    written: str
    action: str = "delete"

    @property
    def is_domain(self) -> bool:
        return _DOMAIN.fullmatch(self.written) is not None and "." in self.written

    @property
    def key(self) -> str:
        return host_of(self.written) if self.is_domain else _fold(self.written)

    def matches(self, carried: Carried) -> bool:
        if self.is_domain:
            domain = self.key
            return any(
                (host := host_of(link)) == domain or host.endswith("." + domain)
                for link in carried.links
            )
        wanted = _WORD.findall(_fold(self.written))  # folded first: a capital may be two
        if not wanted:  # code points, its small letter one
            return _fold(self.written) in _fold(carried.text)
        words = _WORD.findall(_fold(carried.text))
        size = len(wanted)
        return any(words[i : i + size] == wanted for i in range(len(words) - size + 1))

    def as_record(self) -> dict[str, str]:
        return {"entry": self.written, "action": self.action}


class BlocklistError(ValueError):
    """An entry the blocklist cannot take: ``code`` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Blocklist:
    entries: tuple[BlockEntry, ...] = ()

    @classmethod
    def read(cls, kept: Iterable[Mapping[str, str]] | None) -> Blocklist:
        return cls(tuple(BlockEntry(row["entry"], row["action"]) for row in kept or ()))

    def records(self) -> list[dict[str, str]]:
        return [entry.as_record() for entry in self.entries]

    def find(self, written: str) -> BlockEntry | None:
        key = BlockEntry(written.strip()).key
        return next((entry for entry in self.entries if entry.key == key), None)

    def add(self, written: str, action: str) -> Blocklist:
        """The list with ``written`` added (or its action changed, when it is there)."""
        written = " ".join(written.split())
        if not written or not _fold(written).strip("\"'«»"):
            raise BlocklistError("blocklist_empty_entry")
        if len(written) > LONGEST_ENTRY:
            raise BlocklistError("blocklist_entry_too_long")
        entry = BlockEntry(written, action)
        kept = tuple(other for other in self.entries if other.key != entry.key)
        if len(kept) >= MOST_BLOCKED:
            raise BlocklistError("blocklist_full")
        return Blocklist((*kept, entry))

    def remove(self, written: str) -> Blocklist:
        found = self.find(written)
        if found is None:
            raise BlocklistError("blocklist_unknown_entry")
        return Blocklist(tuple(entry for entry in self.entries if entry is not found))

    def match(self, carried: Carried) -> BlockEntry | None:
        """The entry a message matches; of several, the one with the weightiest action."""
        found = [entry for entry in self.entries if entry.matches(carried)]
        if not found:
            return None
        return max(found, key=lambda entry: BLOCK_ACTIONS.index(entry.action))


@dataclass
class MeasureThrottle:
    """At most one measure per member per ``window`` seconds, whatever burst of breaking
    messages he sends: the messages go, the warnings do not pile up (kept in memory, as the
    flood watch is)."""

    window: float = 60.0
    _last: dict[tuple[int, str], float] = field(default_factory=dict)

    def allow(self, community: int, member: str, at: float) -> bool:
        last = self._last.get((community, member))
        if last is not None and 0 <= at - last < self.window:
            return False
        self._last[community, member] = at
        if len(self._last) > 10_000:  # forget those long quiet
            self._last = {key: t for key, t in self._last.items() if at - t < self.window}
        return True


__all__ = [
    "BLOCK_ACTIONS",
    "CARRIED",
    "LOCKS",
    "BlockEntry",
    "Blocklist",
    "BlocklistError",
    "Carried",
    "MeasureThrottle",
    "host_of",
    "is_invite",
    "links_in",
]
