"""The command layer's machinery: the registry, argument reading and the per-command context."""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache, cached_property
from typing import Any, Protocol, TypeVar
from zoneinfo import ZoneInfo

from bot.discipline.errors import DomainError, RuleViolation
from bot.discipline.kinds import kind_of
from bot.discipline.record import DisciplineRecord
from bot.discipline.rulings import Ruling
from bot.handlers.grammar import (
    BadInput,
    Form,
    NoArguments,
    Param,
    arguments_of,
    check_arguments,
    parse,
    usage_of,
)
from bot.i18n import SUPPORTED
from bot.ports.rulebooks import names as rulebook_names
from bot.ports.rulebooks import rulebook_named
from bot.storage.sanctions import Sanctions
from bot.storage.store import Community, Member, Store

LANGS = SUPPORTED  # the languages a chat or a member may choose
DEFAULT_REMINDER_BEFORE = timedelta(hours=1)
# the rights a platform may refuse the bot, as the bot names them (/settings, refusals)
RIGHTS = ("mute", "ban", "kick", "delete", "attach_files")
# every right a refusal may name in the moderators' log: those, writing in a channel, and
# a channel's slow mode (Discord's Manage Channels)
LOGGED_RIGHTS = (*RIGHTS, "send_messages", "slowmode", "invite")  # invite: join requests


@dataclass(frozen=True)
class Author:
    """Who wrote a message, as the platform sees him."""

    key: str
    name: str
    user_id: int | None = None
    is_admin: bool = False
    roles: tuple[str, ...] = ()
    platform_lang: str | None = None
    is_bot: bool = False


@dataclass(frozen=True)
class Origin:
    """Where a message was asked, as its answers need to know it: the platform's live handle
    of it (a Discord interaction, never stored), and what is kept with each answer in the
    outbox so that one sent later still goes where it belongs."""

    platform: str
    handle: Any = None  # a Discord Interaction or Message, for this process only
    private: bool = False  # asked in a private chat with the bot
    reply_to: int | None = None  # the platform's id of the message answered
    channel: str | None = None  # the channel asked in, where a server has several
    thread: int | None = None  # the forum topic asked in (Telegram)
    alert: bool = False  # a button's press: the platform shows a refusal itself
    ephemeral: bool = False  # it can be answered for its author's eyes alone, in place
    only: tuple[str, ...] | None = None  # the answers wanted, by kind (a presence change)
    # asked in the community's moderators' log (a Telegram moderators' group): the answers
    # to its asker go back there, under ``reply_to``
    log: bool = False


@dataclass(frozen=True)
class Incoming:
    platform: str
    chat: str
    author: Author
    text: str
    at: datetime
    # mention token (without @) → the member it names, when the platform resolved it
    mentions: dict[str, Author] = field(default_factory=dict)
    # console and replay: an unknown @name is a new member of that name
    names_are_keys: bool = False
    defaults: dict[str, Any] = field(default_factory=dict)
    # the platform's id for this delivery: a redelivered update is processed once
    update_key: str | None = None
    origin: Origin | None = None  # where it was asked: where its answers go
    quoted: str | None = None  # the text of the message it answers (a report's excerpt)
    bot_rights: frozenset[str] | None = None  # what the bot may do in the chat (None: unknown)
    # the members the platform knows to moderate the chat (Telegram: its administrators and
    # ARBITRO_MODERATORS), whoever names them and however
    staff: frozenset[str] = frozenset()
    album: str | None = None  # the post it is one picture of (counted once against flooding)
    edited: bool = False  # an edit of a message sent before: counted, never run as a command
    # the platform's id of this message (``channel:id`` where chats have channels): what a
    # deletion names; None where there is none (the console)
    message: str | None = None
    replied: str | None = None  # the id of the message it answers, likewise
    replied_author: Author | None = None  # who wrote that one
    replied_age: timedelta | None = None  # how long before this one it was written
    # the message a command names by its link or id, as typed (Discord's slash /del, which
    # answers no message)
    named_message: str | None = None
    # what the platform says it carries besides its text (bot.discipline.locks.CARRIED)
    carries: frozenset[str] = frozenset()
    hidden_links: tuple[str, ...] = ()  # addresses behind its words (Telegram's text links)


@dataclass(frozen=True)
class Outgoing:
    """One message the bot sends: rendered in its reader's language, with its ruling."""

    at: datetime
    chat: str
    kind: str  # reply, notice, dm
    to: str | None
    to_name: str | None
    lang: str
    text: str
    ruling: dict[str, Any] | None
    platform: str = ""
    ruling_type: str | None = None
    outbox_id: int | None = None
    names: dict[str, str] = field(default_factory=dict)  # member key → name, for pictures
    tz: str = "UTC"  # the community's time zone, for pictures
    channel: str | None = None  # where notices go, on platforms whose servers have channels
    by: str | None = None  # the name of the moderator who decided it (None: the bot itself)


# the measures a member is also told of privately, with how to appeal (CONSOLE.md)
TOLD_PRIVATELY = frozenset({"conduct_warning", "muted", "banned", "kicked", "flood_muted", "stop"})


def told_privately(ruling: Ruling) -> bool:
    """Whether a ruling is a measure on a member, told to him privately and appealable
    there: a moderator's (or his chat's ladder's, or its flood setting's), never an undo's
    amendment nor a rulebook's own stop."""
    if ruling.type not in TOLD_PRIVATELY or not ruling.get("player"):
        return False
    if ruling.get("amends") is not None:
        return False
    return ruling.type != "stop" or ruling.get("kind") == "manual"


class Reach(Protocol):
    """Where what is for the moderators alone can go, as the delivery layer knows it."""

    def log_of(self, community: Community) -> str | None:
        """The community's moderators' log (None: it has none)."""

    async def reachable(self, store: Store, platform: str, members: list[str]) -> list[str]:
        """Those of ``members`` whose private chat with the bot it can write to."""


Handler = Callable[["Context", Any], Awaitable[None]]  # its arguments: a dataclass of its own
H = TypeVar("H", bound=Handler)


@dataclass(frozen=True)
class CommandSpec:
    """One command: its grammar (one or more forms of typed parameters), who may use it,
    in which rulebook, and whether it makes sense in a private chat with the bot. Its
    handler receives its arguments typed, as the dataclass its second parameter names."""

    name: str
    handler: Handler | None  # None: each rulebook's own (``port``)
    rulebook: str | None
    moderator: bool
    declared: tuple[Form, ...]
    personal: bool = False  # about the speaker himself: offered in private chats too
    confirmed: bool = False  # where the platform can, a moderator confirms it first
    # a command every rulebook answers its own way (``/standings``, ``/correct``): the
    # attribute of :class:`Rulebook` holding each rulebook's hook (its forms: ``<port>_forms``)
    port: str | None = None
    arguments: type = NoArguments

    @property
    def forms(self) -> tuple[Form, ...]:
        """Every form it is written in, in any rulebook (the platforms' menus)."""
        if self.port is None:
            return self.declared
        every = (self.forms_in(name) for name in rulebook_names() if self.offered_in(name))
        return tuple(form for own in every for form in own) or self.declared

    @property
    def usage(self) -> str:
        return usage_of(self.name, self.forms)

    @cached_property
    def _declared_usage(self) -> str:
        return usage_of(self.name, self.declared)

    def forms_in(self, rulebook: str | None) -> tuple[Form, ...]:
        if self.port is None or rulebook is None:
            return self.forms
        forms: tuple[Form, ...] = getattr(rulebook_named(rulebook), f"{self.port}_forms")
        return forms or self.declared

    def usage_in(self, rulebook: str | None) -> str:
        if self.port is None:
            return self._declared_usage
        return usage_of(self.name, self.forms_in(rulebook))

    def offered_in(self, rulebook: str) -> bool:
        """Whether a chat playing by that rulebook has this command."""
        if self.port is not None:
            return self._hook(rulebook) is not None
        return self.rulebook in (None, rulebook)

    def _hook(self, rulebook: str) -> Handler | None:
        assert self.port is not None
        hook: Handler | None = getattr(rulebook_named(rulebook), self.port)
        return hook

    def handler_in(self, rulebook: str) -> Handler:
        """What answers it in a chat playing by that rulebook."""
        handler = self.handler if self.port is None else self._hook(rulebook)
        assert handler is not None, "offered only where it is answered"
        return handler

    def arguments_in(self, rulebook: str) -> type:
        """The dataclass its handler receives in that rulebook's chats."""
        if self.port is None:
            return self.arguments
        return _hook_arguments(self.handler_in(rulebook), self.forms_in(rulebook), self.name)

    def parse(self, tokens: list[str], rulebook: str) -> Any:
        """Its arguments read from ``tokens``, typed for its handler."""
        values = parse(self.forms_in(rulebook), tokens, self.usage_in(rulebook))
        return values.into(self.arguments_in(rulebook))

    def check(self) -> None:
        """Refuse a handler whose arguments are not those its forms read, in any rulebook."""
        if self.port is None:
            check_arguments(self.arguments, self.declared, self.name)
            return
        for rulebook in rulebook_names():
            if self.offered_in(rulebook):
                self.arguments_in(rulebook)


@cache
def _hook_arguments(hook: Handler, forms: tuple[Form, ...], command: str) -> type:
    """A rulebook's hook's arguments, checked against that rulebook's forms once."""
    arguments = arguments_of(hook)
    check_arguments(arguments, forms, command)
    return arguments


REGISTRY: dict[str, CommandSpec] = {}


def command(
    name: str,
    *params: Param,
    forms: tuple[Form, ...] | None = None,
    rulebook: str | None = None,
    moderator: bool = False,
    personal: bool = False,
    confirmed: bool = False,
) -> Callable[[H], H]:
    """Register a handler for ``/name`` with its parameters (or its several ``forms``); the
    dataclass of its arguments is checked against them here, at import."""
    grammar = forms if forms is not None else (tuple(params),)

    def register(handler: H) -> H:
        spec = CommandSpec(
            name,
            handler,
            rulebook,
            moderator,
            grammar,
            personal,
            confirmed,
            arguments=arguments_of(handler),
        )
        spec.check()
        REGISTRY[name] = spec
        return handler

    return register


def answered_by_rulebook(name: str, *, moderator: bool = False, personal: bool = False) -> None:
    """Register ``/name``, answered in each chat by its rulebook's hook of that name (its
    forms in the rulebook's ``<name>_forms``); offered where the rulebook has one."""
    REGISTRY[name] = CommandSpec(name, None, None, moderator, ((),), personal, port=name)


# the shared commands' modules, as /help lists them (a command each rulebook answers in its
# own way, such as /standings, has no module: it stands with the common ones)
SHARED_MODULES = (
    "bot.handlers.moderation",
    "bot.handlers.common",
    "bot.handlers.joins",
    "bot.handlers.removal",
    "bot.handlers.locks",
    "bot.handlers.slowmode",
    "bot.handlers.undo",
)


def in_declared_order() -> None:
    """Order REGISTRY as /help and the menus list it: the shared commands, then each
    installed rulebook's, module by module as they are declared (never as the imports
    happened to run)."""
    modules = [
        *SHARED_MODULES,
        *(module for name in rulebook_names() for module in rulebook_named(name).commands),
    ]

    def place(spec: CommandSpec) -> int:
        module = spec.handler.__module__ if spec.handler is not None else "bot.handlers.common"
        return modules.index(module) if module in modules else len(SHARED_MODULES)

    ordered = sorted(REGISTRY.values(), key=place)  # stable: registration order within
    REGISTRY.clear()
    REGISTRY.update((spec.name, spec) for spec in ordered)


DRAWN_NUMBERS = 1_000_000


def unpredictable_number(at: datetime) -> int:
    """A number nobody can foresee, for a draw the bot makes itself (ERGMT §3.7); the moment
    is for a replay's stand-in, which must draw the same number every time."""
    return secrets.randbelow(DRAWN_NUMBERS)


class Context:
    """One command (or one timer) in one transaction: reads, decisions, messages."""

    def __init__(
        self,
        store: Store,
        community: Community,
        now: datetime,
        actor: Member | None,
        is_moderator: bool,
        incoming: Incoming | None,
    ) -> None:
        self.store = store
        self.community = community
        self.now = now.astimezone(UTC)  # durations are added in real time, never local
        self.actor = actor
        self.is_moderator = is_moderator
        self.incoming = incoming
        self.zone = ZoneInfo(community.tz)
        self.messages: list[tuple[str, str | None, Ruling, int | None]] = []
        self.card_pending = False  # his pending card was put on screen by this message
        self.speaker_clear = False  # known, from the first read, to have no card and no stop
        self.web_url: str | None = None  # where the public pages are served (None: nowhere)
        self.chance: Callable[[datetime], int] = unpredictable_number  # the bot's own draws
        # what nobody may guess (a join challenge's sum and tokens); a replay's is seeded
        self.secrets: random.Random = random.SystemRandom()
        self.reach: Reach | None = None  # where the moderators read what is for them alone
        self._records: dict[str, DisciplineRecord] = {}
        self._stored: dict[str, str | None] = {}

    @property
    def cid(self) -> int:
        return self.community.id

    @property
    def actor_key(self) -> str:
        assert self.actor is not None
        return self.actor.key

    # ---- decisions -----------------------------------------------------------------------
    async def decide(
        self,
        ruling: Ruling,
        *,
        kind: str = "reply",
        to: str | None = None,
        subject: str | None = None,
        people: set[str] | None = None,
        audit: str | None = None,
        reason: str | None = None,
    ) -> int | None:
        """Append a ruling (display-only types are not stored) and queue its message."""
        ruling_id = None
        if kind_of(ruling.type).stored:
            subject = subject if subject is not None else ruling.get("player")
            concerned = set(people or ()) | ({subject} if subject else set())
            ruling_id = await self.store.rulings.append_ruling(
                self.cid, ruling, subject, self.actor.key if self.actor else None, concerned
            )
            if audit is not None and self.actor is not None:
                await self.store.rulings.audit(
                    self.cid, self.now, self.actor.key, audit, subject, reason, ruling_id
                )
        if kind == "reply" and to is None and self.actor is not None:
            to = self.actor.key
        self.messages.append((kind, to, ruling, ruling_id))
        if ruling_id is not None and kind == "notice" and told_privately(ruling):
            # his copy, in his private chat: the measure, why, the rule, until when, appeal
            self.messages.append(("dm", ruling["player"], ruling, ruling_id))
        return ruling_id

    # ---- discipline with its timers ------------------------------------------------------
    def known_record(self, member: str, body: str | None) -> None:
        """The speaker's record came with the first read: decode it only if asked for."""
        self._stored[member] = body

    async def record(self, member: str) -> DisciplineRecord:
        """His discipline record, with what the chat's rulebook makes of his warnings."""
        if member not in self._records:
            if member in self._stored:
                found = Sanctions.discipline_from(member, self._stored[member])
            else:
                found = await self.store.sanctions.discipline(self.cid, member)
            found.ladder = rulebook_named(self.community.rulebook).warnings
            self._records[member] = found
        return self._records[member]

    async def save_record(self, record: DisciplineRecord) -> None:
        """Save a discipline record and re-arm its stop and card timers from its state."""
        await self.store.sanctions.save_discipline(self.cid, record, self.now)
        until = record.stop_until(self.now)
        await self.store.timers.cancel(self.cid, "stop_reminder", record.player)
        await self.store.timers.cancel(self.cid, "stop_end", record.player)
        if until is not None:
            before = timedelta(
                seconds=int(
                    self.community.settings.get(
                        "reminder_before", DEFAULT_REMINDER_BEFORE.total_seconds()
                    )
                )
            )
            if until - before > self.now:
                await self.store.timers.schedule(
                    self.cid,
                    "stop_reminder",
                    record.player,
                    until - before,
                    {"ends_at": until.isoformat()},
                )
            await self.store.timers.schedule(
                self.cid, "stop_end", record.player, until, {"ends_at": until.isoformat()}
            )
        await self.store.timers.cancel(self.cid, "card_served", record.player)
        if record.card is not None and record.card.on_screen:
            await self.store.timers.schedule(
                self.cid,
                "card_served",
                record.player,
                record.card.due_at() or self.now,
                {"warning": record.card.warning_id},
            )

    async def show_card(self, record: DisciplineRecord) -> None:
        """The player is here: his pending card goes on screen (RULES §1.8)."""
        shown = record.show_card(self.now)
        if shown is None:
            return
        if shown["remaining_seconds"] <= 0:
            served = record.serve_card_if_due(self.now)
            await self.save_record(record)
            if served:
                await self.decide(served, kind="notice", to=record.player)
            return
        await self.save_record(record)
        await self.decide(shown, kind="reply", to=record.player)

    # ---- members -------------------------------------------------------------------------
    async def member(self, token: str, *, seen: bool = False) -> Member:
        """The member a mention names: resolved by the platform, or by name among those
        the chat has seen (two of that name: refused as ambiguous). In the console, where
        names are who people are, a new name is a new member, unless ``seen`` is asked."""
        incoming = self.incoming
        if incoming is not None and token in incoming.mentions:
            author = incoming.mentions[token]
            found = await self.store.communities.member(self.cid, author.key)
            if found is None:
                found = Member(author.key, author.name, author.user_id, None, author.platform_lang)
                await self.store.communities.save_member(self.cid, found)
            return found
        named = await self.store.communities.members_named(self.cid, token)
        if len(named) > 1:
            raise RuleViolation("ambiguous_member", reason="bad_input", name=token)
        if named:
            return named[0]
        if (
            not seen
            and incoming is not None
            and incoming.names_are_keys
            and re.fullmatch(r"[\w.-]{1,64}", token)
        ):
            created = Member(token, token)
            await self.store.communities.save_member(self.cid, created)
            return created
        raise RuleViolation("unknown_member", reason="unknown_member", name=token)

    def require_moderator(self) -> None:
        if not self.is_moderator:
            raise RuleViolation("not_moderator", reason="not_moderator")

    def moderates(self, token: str | None, member: Member) -> bool:
        """Whether a member (named by a mention, or by a ruling) moderates this chat, as far
        as the platform says (in the console, by the names the chat was given)."""
        incoming = self.incoming
        if incoming is not None and member.key in incoming.staff:
            return True
        mentioned = incoming.mentions.get(token) if incoming is not None and token else None
        return moderates(self.community, mentioned or Author(member.key, member.name))

    def is_bot(self, token: str) -> bool:
        """Whether a mention names a bot (the platform says so)."""
        mentioned = self.incoming.mentions.get(token) if self.incoming is not None else None
        return mentioned is not None and mentioned.is_bot


async def page_link(ctx: Context, path: str) -> str | None:
    """The public page's address for a button under an answer: only once a moderator has
    handed it out (/web), and only over HTTPS (Telegram opens no other from a button)."""
    if not ctx.web_url or not ctx.web_url.startswith("https://"):
        return None
    slug = await ctx.store.communities.web_slug(ctx.cid)
    return None if slug is None else page_url(ctx.web_url, slug) + path


def page_url(base: str, slug: str) -> str:
    return f"{base.rstrip('/')}/c/{slug}/"


def moderates(community: Community, author: Author) -> bool:
    """Chat administrators, plus members of the community's configured role (RULES §3).
    Moderators named in the settings count only in the console, where names are who people
    are; on a platform anybody could take a name."""
    if author.is_admin:
        return True
    if community.platform == "console" and author.name in community.settings.get("admins", ()):
        return True
    role = community.settings.get("moderator_role")
    return bool(role) and role in author.roles


def refusal(error: DomainError, actor: str | None, command: str | None, at: datetime) -> Ruling:
    fields = {
        "player": actor,
        "reason": error.reason,
        "code": error.code,
        "command": command,
        "details": dict(error.details),
    }
    for key, value in error.details.items():
        fields.setdefault(key, value)  # "until", "remaining_seconds"… at the top level too
    return Ruling("refused", at, "", fields)


__all__ = [
    "REGISTRY",
    "Author",
    "BadInput",
    "Context",
    "Incoming",
    "Origin",
    "Outgoing",
    "command",
    "moderates",
    "refusal",
]
