"""What the rest of the bot may know of a rulebook: one declaration, registered once.

A rulebook is its domain package (``bot/discipline/<name>/``), its command modules, its ruling
kinds and its locale files. The shared command layer, the texts, the pictures, the platforms and
the scheduler ask this port for what differs between rulebooks, by what it does ("a yellow card
is served on screen", "its standings are ranked by these columns"), never by its name.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from bot.discipline.kinds import Kind, register_kinds, withdraw_kinds
from bot.discipline.record import NO_WARNINGS, WarningLadder

if TYPE_CHECKING:
    from datetime import datetime

    from bot.discipline.rulings import Ruling
    from bot.handlers._core import Context
    from bot.handlers.grammar import Form
    from bot.storage.store import Community, Store, Timer

# a command's handler: its arguments are a dataclass of its own, checked against its forms
Hook = Callable[["Context", Any], Awaitable[None]]
# what a timer of its own does when it falls due, in the transaction that claims it
TimerHook = Callable[["Context", "Timer"], Awaitable[None]]


@dataclass(frozen=True)
class Menu:
    """A group of a rulebook's commands in a platform's menu (Discord holds 25 at most in
    one): its name, its title (English; ``discord-group-<name>`` in the locale files) and
    the commands it holds (None: all the rulebook's others)."""

    name: str
    title: str
    holds: frozenset[str] | None = None


@dataclass(frozen=True)
class Chart:
    """How a player's page charts his results: by session or in the order played, the
    timeline's field for each bar and for the running total, the top of the bars' axis,
    and the message ids of its labels."""

    bar: str
    total: str
    bar_top: float  # the bars' axis ends here
    bar_label: str
    total_label: str
    steps_label: str
    title: str
    by_session: bool = False


@dataclass(frozen=True)
class Listing:
    """One of the lists a public standings page offers (a tally, a tournament): the query
    that shows it, its label (a message id where ``translated``, else a name), and whether
    it is the one shown (``running``: a tournament being played)."""

    query: str
    label: str
    shown: bool
    translated: bool = True
    running: bool = False


class StandingsView(Protocol):
    """A public standings page as read in its transaction; its rows are counted when the
    page is made, off the event loop (``fields``)."""

    @property
    def lists(self) -> tuple[Listing, ...]: ...
    @property
    def lists_label(self) -> str: ...  # the message id naming the lists
    @property
    def printable(self) -> bool: ...  # it has printed table cards and sheets

    def fields(self, now: datetime) -> Mapping[str, Any]: ...


class BadChoice(Exception):
    """A page's option that names nothing of the chat's (``?tally=x``): the message id
    that says so and its arguments."""

    def __init__(self, message: str, **details: str) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


@dataclass(frozen=True)
class Pages:
    """A rulebook's public pages (``bot.web``): what each reads, in the page's one
    transaction. ``options``: the query options its standings page takes; ``profile_options``
    those of a player's page (and its chart), which the standings' links to it carry."""

    options: tuple[str, ...]
    standings: Callable[[Store, Community, Mapping[str, str]], Awaitable[StandingsView]]
    profile: Callable[
        [Store, Community, str, datetime, Mapping[str, str]], Awaitable[Ruling | None]
    ]
    profile_options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rulebook:
    """One rulebook, as the rest of the bot sees it. Every hook is optional: a chat playing
    by a rulebook without one is not offered that command.

    Its locale files give, beside its rulings' and commands' messages: ``rulebook-<name>``
    (its name as the reader says it), ``profile-<name>``, and where it has standings
    ``standings-header-<name>``, ``standings-row-<name>`` and ``picture-standings-<name>``;
    ``discord-group-<menu>`` for each of its menus."""

    name: str  # as a chat chooses it: /settings rulebook=<name>
    menus: tuple[Menu, ...]  # its commands' groups in a platform's menu, the catch-all last
    # the modules that register its commands, imported on load; /help and the menus list
    # its commands module by module in this order
    commands: tuple[str, ...]
    kinds: tuple[Kind, ...] = ()  # its own ruling kinds, beyond the shared catalogue
    locales: Path | None = None  # its messages: a folder per language of .ftl files
    zone: str = "UTC"  # a new chat's time zone
    new_chats_on: tuple[str, ...] = ()  # the platforms whose new chats play by it
    # /standings: its forms and what it answers; /profile: a player's page (the shared
    # conduct summary is added to it); /correct: a recorded result changed
    standings_forms: tuple[Form, ...] = ()
    standings: Hook | None = None
    profile: Callable[[Context, str], Awaitable[Ruling]] | None = None
    correct_forms: tuple[Form, ...] = ()
    correct: Hook | None = None
    # whether something of its own is open, which a change of rulebook would orphan
    in_use: Callable[[Context], Awaitable[bool]] | None = None
    # what the new year restarts (RULES §1.10: Burraco's yearly count of abandonments)
    new_year: Callable[[Context], Awaitable[None]] | None = None
    settings: tuple[str, ...] = ()  # the chat settings only its chats have (/settings)
    timers: dict[str, TimerHook] = field(default_factory=dict)  # its timers, by kind
    ranked: tuple[str, ...] = ()  # the columns its standings rows are ranked by, in order
    pictured: tuple[str, ...] = ()  # the number columns of its standings picture
    chart: Chart | None = None  # a player's page's chart (None: his page has none)
    # what a warning for an abandonment brings (RULES §1.8; NO_WARNINGS: its chats have none)
    warnings: WarningLadder = NO_WARNINGS
    cards_on_screen: bool = False  # a yellow card is served on screen (RULES §1.8)
    counts_abandonments: bool = False  # a player's status shows his yearly warnings
    tournaments: bool = False  # sessions, tables and a projector display (the web pages)
    pages: Pages | None = None  # its public pages (None: its chats have none)
    # the numbers of its texts in ../shared/seeds, as its rulings cite them → the term
    # naming the text in the locale files (``rulebook-<term>``)
    cited_as: dict[str, str] = field(default_factory=dict)


_REGISTERED: dict[str, Rulebook] = {}
# the package that declares the installed rulebooks (its ``INSTALLED``), loaded by name: the
# layers that ask this port never import what plugs into it
DECLARED_IN = "bot.rulebooks"


def load() -> tuple[str, ...]:
    """Install the declared rulebooks (idempotent); their names."""
    importlib.import_module(DECLARED_IN)
    return tuple(_REGISTERED)


def _installed() -> dict[str, Rulebook]:
    """The rulebooks, the declared ones installed on first need (whatever part of the bot
    asks first; a test's own may have come before them)."""
    if DECLARED_IN not in sys.modules:
        load()
    return _REGISTERED


def register(rulebook: Rulebook) -> Rulebook:
    """Install a rulebook: its commands, its kinds, its messages (idempotent)."""
    for module in rulebook.commands:
        importlib.import_module(module)
    register_kinds(rulebook.kinds)
    _REGISTERED[rulebook.name] = rulebook
    return rulebook


def withdraw(name: str) -> None:
    """Forget a rulebook (a test's own) and its kinds; its commands stay registered, offered
    in no chat."""
    withdraw_kinds(_REGISTERED.pop(name).kinds)


@contextmanager
def installed(rulebook: Rulebook) -> Iterator[Rulebook]:
    """A rulebook installed for the time of a ``with`` block."""
    register(rulebook)
    try:
        yield rulebook
    finally:
        withdraw(rulebook.name)


def menu_of(rulebook: str, command: str) -> str:
    """The group of a platform's menu a rulebook's command sits in."""
    menus = rulebook_named(rulebook).menus
    return next(menu.name for menu in menus if menu.holds is None or command in menu.holds)


def menus() -> tuple[Menu, ...]:
    return tuple(menu for book in _installed().values() for menu in book.menus)


def names() -> tuple[str, ...]:
    """The rulebooks a chat may choose, in the order they were installed."""
    return tuple(_installed())


def default_name() -> str:
    """What a chat that chose none plays by: the first installed."""
    return next(iter(_installed()), "")


def rulebook_named(name: str) -> Rulebook:
    """The rulebook of that name; an unknown one (a setting from a rulebook since withdrawn)
    is the first installed."""
    installed = _installed()
    return installed.get(name) or next(iter(installed.values()))


def for_new_chat(platform: str) -> str:
    """The rulebook a new chat on that platform plays by until a moderator chooses."""
    for rulebook in _installed().values():
        if platform in rulebook.new_chats_on:
            return rulebook.name
    return default_name()


def locale_folders() -> tuple[Path, ...]:
    return tuple(book.locales for book in _installed().values() if book.locales is not None)


def cited_as(number: str) -> str | None:
    """The term naming the text a rule number cites (``000`` → the EMA's MCR practice)."""
    for rulebook in _installed().values():
        if number in rulebook.cited_as:
            return rulebook.cited_as[number]
    return None


def timer_hook(kind: str) -> TimerHook | None:
    """What a rulebook's timer of that kind does (None: no rulebook has such a timer)."""
    for rulebook in _installed().values():
        if kind in rulebook.timers:
            return rulebook.timers[kind]
    return None


def of_ruling(ruling: Ruling | Any) -> Rulebook:
    """The rulebook a standings or profile ruling was made under (its ``rulebook`` field;
    rulings kept from before it was recorded: the first installed)."""
    return rulebook_named(str(ruling.get("rulebook") or ""))
