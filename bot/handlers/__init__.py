"""The platform-neutral command layer: Telegram, Discord and the console all call this.

:meth:`CommandLayer.handle` parses one chat message, checks who may do what, runs the use case
in one transaction and returns the messages to send, each carrying its ruling.
"""

from __future__ import annotations

import logging
import random
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import asdict, replace
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any, Protocol
from zoneinfo import ZoneInfo

import asyncpg

from bot.discipline.calendar import next_new_year
from bot.discipline.errors import DomainError, RuleViolation
from bot.discipline.flood import FloodRule
from bot.discipline.locks import MeasureThrottle
from bot.discipline.rulings import Ruling
from bot.handlers import (  # noqa: F401  (registration of the shared commands)
    common,
    joins,
    locks,
    moderation,
    removal,
    slowmode,
    undo,
)
from bot.handlers._core import (
    LANGS,
    REGISTRY,
    Author,
    Context,
    Incoming,
    Origin,
    Outgoing,
    in_declared_order,
    moderates,
    refusal,
    told_privately,
    unpredictable_number,
)
from bot.handlers.flooding import FloodCount
from bot.handlers.grammar import BadInput, Shape, canonical, tokens_of
from bot.handlers.hygiene import clean_incoming
from bot.i18n import Translator
from bot.i18n.render import PERSON_FIELDS, Renderer, ruling_json
from bot.ports.rulebooks import load as load_rulebooks
from bot.ports.rulebooks import names as rulebook_names
from bot.ports.rulebooks import rulebook_named
from bot.storage.database import Database
from bot.storage.store import Community, Member, Scope, Store, unit_of_work

log = logging.getLogger(__name__)
MAX_TEXT = 2000
SELF_REMOVING = ("del", "purge", "report")  # commands whose own message goes: never purged
PROPOSAL_LIFETIME = timedelta(minutes=10)  # a proposed stop not confirmed by then lapses
DUPLICATE_DELIVERY = (sqlite3.IntegrityError, asyncpg.UniqueViolationError)

__all__ = ["PROPOSAL_LIFETIME", "Author", "CommandLayer", "Incoming", "Origin", "Outgoing"]


def split_command(text: str) -> tuple[str, list[str]] | None:
    """``/sit@arbitro_bot 1 ns`` → ("sit", ["1", "ns"]); None when it is not a command."""
    text = text.strip()
    if not text.startswith("/") or len(text) < 2:
        return None
    head, *tokens = tokens_of(text[1:])
    name = head.split("@", 1)[0].lower()
    return name, tokens


def validate_settings(settings: dict[str, Any]) -> dict[str, Any]:
    rulebook = settings.get("rulebook", rulebook_names()[0])
    if rulebook not in rulebook_names():
        known = list(rulebook_names())
        raise RuleViolation("unknown_rulebook", reason="bad_input", rulebook=rulebook, known=known)
    if settings.get("lang", "en") not in LANGS:
        lang, known = settings.get("lang"), list(LANGS)
        raise RuleViolation("unknown_lang", reason="bad_input", lang=lang, known=known)
    if "tz" in settings:
        ZoneInfo(settings["tz"])
    if settings.get("ready_clock", "on") not in ("on", "off"):
        raise RuleViolation("bad_ready_clock", reason="bad_input")
    return settings


# the community, the member who spoke, whether his card waits to be shown, whether nothing
# holds him, his discipline record as stored
_Identified = tuple[Community, Member, bool, bool, str | None]


class _Preview(Exception):
    """Raised with a previewed command's messages, to roll the command back."""

    def __init__(self, outputs: list[Outgoing]) -> None:
        super().__init__("preview")
        self.outputs = outputs


class Courier(Protocol):
    """The delivery layer, as the command layer sees it (:class:`bot.delivery.Delivery`)."""

    async def record(
        self,
        store: Store,
        community: Community,
        messages: list[Outgoing],
        origin: Origin | None = None,
    ) -> list[Any]: ...

    async def dispatch(self, recorded: list[Any], origin: Origin | None, now: datetime) -> Any: ...

    def log_of(self, community: Community) -> str | None: ...

    async def reachable(self, store: Store, platform: str, members: list[str]) -> list[str]: ...

    @property
    def scope(self) -> Scope: ...


class CommandLayer:
    def __init__(self, database: Database, translator: Translator | None = None) -> None:
        self.database = database
        load_rulebooks()  # their commands, kinds and messages, before the first is read
        in_declared_order()
        for spec in REGISTRY.values():  # each rulebook's hooks read what its forms give
            spec.check()
        self.translator = translator or Translator()
        self.renderer = Renderer(self.translator)
        # told, after the commit, of the earliest timer a command armed (the live clock)
        self.timer_listeners: list[Callable[[datetime], None]] = []
        # told of each command handled: its platform, outcome (done, refused, failed), seconds
        self.command_listeners: list[Callable[[str, str, float], None]] = []
        # the public address of the web pages (bot.web), for /web; None: they are not served
        self.web_url: str | None = None
        self.chance: Callable[[datetime], int] = unpredictable_number
        self.secrets: random.Random = random.SystemRandom()  # a replay seeds its own
        # each member's last messages, by chat: who writes faster than his chat allows
        # (counted in the database when several processes may share it)
        self.flood = FloodCount(shared=database.dialect == "postgresql")
        # who was warned or muted by the blocklist a moment ago: a burst brings one measure
        self.blocked = MeasureThrottle()
        # records what each command answers in its own transaction, and sends it after the
        # commit (the delivery layer; None: answers are only returned)
        self.courier: Courier | None = None

    # ---- communities ---------------------------------------------------------------------
    async def configure(
        self,
        platform: str,
        chat: str,
        settings: dict[str, Any],
        new_chat: dict[str, Any] | None = None,
    ) -> Community:
        """Create the community or update its settings (rulebook, tz, lang, admins…);
        ``new_chat`` are settings for a community created now, not for one that exists."""
        async with unit_of_work(self.database) as store:
            community = await store.communities.community(platform, chat)
            if community is None:
                return await store.communities.create_community(
                    platform, chat, validate_settings({**(new_chat or {}), **settings})
                )
            await store.lock_chat(platform, chat)
            community = await store.communities.community(platform, chat) or community
            community.settings.update(settings)
            validate_settings(community.settings)
            await store.communities.save_settings(community)
            return community

    async def move_chat(self, platform: str, old: str, new: str) -> bool:
        """A chat's id changed (a group became a supergroup): its community follows, with
        its settings, members, rulings, standings, stops and timers."""
        async with unit_of_work(self.database) as store:
            for chat in sorted((old, new)):
                await store.lock_chat(platform, chat)
            return await store.communities.move_community(platform, old, new)

    # ---- updates received and not processed yet ------------------------------------------
    async def receive(self, platform: str, key: str, body: str, at: datetime) -> None:
        """An update the platform delivered, kept until it is processed (its command's own
        transaction lets it go): a process stopped in between processes it on start."""
        async with unit_of_work(self.database) as store:
            await store.outbox.keep_update(platform, key, body, at)

    async def ignored(self, platform: str, key: str) -> None:
        """An update that asks for nothing: not kept for a next start."""
        async with unit_of_work(self.database) as store:
            await store.outbox.forget_update(platform, key)

    async def unprocessed(self, platform: str) -> list[str]:
        async with unit_of_work(self.database) as store:
            return await store.outbox.unprocessed_updates(platform)

    # ---- private chats -------------------------------------------------------------------
    async def open_private_chat(self, platform: str, user_key: str) -> str | None:
        """He wrote to the bot privately: from now on what is meant for him alone comes
        there. Returns the chat of the community he last spoke in (None: none yet)."""
        async with unit_of_work(self.database) as store:
            await store.communities.note_private_chat(platform, user_key)
            _, community_id = await store.communities.private_chat(platform, user_key)
            if community_id is None:
                return None
            return (await store.communities.community_by_id(community_id)).chat

    async def user_ids_named(self, platform: str, name: str) -> set[int]:
        """The user ids the platform's members of that name have had, in the chats seen."""
        async with unit_of_work(self.database) as store:
            return await store.communities.user_ids_named(platform, name)

    async def acting_moderators(self, platform: str, chat: str) -> list[str]:
        """The members the chat's records show acting as moderators (its audit log), the
        latest first: a platform that cannot list its moderators asks each of them."""
        async with unit_of_work(self.database) as store:
            community = await store.communities.community(platform, chat)
            if community is None:
                return []
            return await store.rulings.audit_actors(community.id)

    async def community_chat_of(self, platform: str, user_key: str) -> str | None:
        """The chat of the community a member last spoke in, for his private commands."""
        async with unit_of_work(self.database) as store:
            _, community_id = await store.communities.private_chat(platform, user_key)
            if community_id is None:
                return None
            return (await store.communities.community_by_id(community_id)).chat

    async def pressed_privately(
        self, platform: str, user_key: str, community: int | None
    ) -> str | None:
        """The chat a button pressed in a member's private chat acts in: that of the
        community the button names, if he is one of its members (None: data that names
        another is refused); a button that names none (sent before buttons named theirs),
        the community he last spoke in."""
        if community is None:
            return await self.community_chat_of(platform, user_key)
        async with unit_of_work(self.database) as store:
            if await store.communities.member(community, user_key) is None:
                return None
            found = await store.communities.community_by_id(community)
        return found.chat if found.platform == platform else None

    # ---- messages ------------------------------------------------------------------------
    async def handle(self, incoming: Incoming) -> list[Outgoing]:
        """One message, one transaction: who spoke is recorded, his pending card is shown
        (he is back), the command runs, and what the bot answers is recorded in the outbox;
        after the commit it is sent. A refusal rolls the command back, keeping only the
        return and the answer that says what was wrong."""
        incoming = clean_incoming(incoming)
        parsed = None if incoming.edited else split_command(incoming.text[: MAX_TEXT + 1])
        if parsed is None:
            return await self._presence(incoming)
        name, tokens = parsed

        async def run(ctx: Context) -> None:
            if len(incoming.text) > MAX_TEXT:
                raise RuleViolation("text_too_long", reason="bad_input", limit=MAX_TEXT)
            await self._run_command(ctx, name, tokens)

        started, outcome = time.perf_counter(), "failed"
        try:
            outputs = await self._transact(incoming, name, run)
            refused = any(output.ruling_type == "refused" for output in outputs)
            outcome = "refused" if refused else "done"
            return outputs
        finally:
            for listener in self.command_listeners:
                listener(incoming.platform, outcome, time.perf_counter() - started)

    async def logged_for(self, platform: str, chat: str) -> str | None:
        """The chat whose moderators' log ``chat`` is (a Telegram moderators' group): a
        button pressed under a report there acts in that chat."""
        async with unit_of_work(self.database) as store:
            found = await store.communities.logged_by(platform, chat)
        return found.chat if found is not None else None

    async def from_log(
        self, platform: str, chat: str, text: str, report: int | None = None
    ) -> tuple[str, str] | None:
        """A command typed in ``chat``, the moderators' log of a club (a Telegram
        moderators' group), that is about one of the club's reports: one that names it
        (``report=N``), or that answers the report the bot posted there (``report``, read
        from the message answered). Returns the club's chat, where it runs, and the command
        to run (``report=N`` added where the command takes it and names none); None: it
        runs where it was typed, like any other command there."""
        parsed = split_command(text)
        if parsed is None:
            return None
        name, tokens = parsed
        named = any(canonical(token.partition("=")[0]) == "report" for token in tokens)
        if not named and report is None:
            return None
        club = await self.logged_for(platform, chat)
        if club is None:
            return None
        spec = REGISTRY.get(name)
        takes = spec is not None and any(
            param.shape is Shape.KEYED and param.name == "report"
            for form in spec.forms
            for param in form
        )
        if not named and takes:
            head, _, rest = text.strip().partition(" ")
            text = f"{head} report={report} {rest}".rstrip()
        return club, text

    async def joined(
        self, incoming: Incoming, *, check: bool, request: bool = False
    ) -> list[Outgoing]:
        """A new member (``incoming`` names him, its text is empty): counted for raids, and
        where the chat asks for it (or a raid runs) and the platform can (``check``), muted at
        once until he answers the greeting gathered for the latest joins
        (:mod:`bot.handlers.joins`). One transaction a member, however many join at once.
        A ``request`` to join (Telegram) is challenged privately instead."""
        incoming = clean_incoming(incoming)
        async with self._spoken(incoming) as (store, identified):
            if identified is None:
                return []
            community, member, _, _, record = identified
            ctx = self._context(store, community, member, record, incoming)
            over = await joins.counts_as_raid(ctx)  # counted in the database
            if request:
                await joins.join_requested(ctx, member, over_limit=over)
            else:
                await joins.member_joined(ctx, member, check=check, over_limit=over)
            if not ctx.messages:
                return []
            outputs = await self._render(ctx)
            sending = await self._record(store, community, outputs, incoming)
        self._announce_timers(store)
        await self._send(sending, incoming)
        return outputs

    async def propose(self, incoming: Incoming) -> list[Outgoing]:
        """A command that waits for a moderator's confirmation (a Telegram stop, which also
        mutes the member). It is checked now, so that a mistake is refused at once, and
        nothing of it is kept but the proposal; :meth:`settle` runs it."""
        incoming = clean_incoming(incoming)
        parsed = split_command(incoming.text[: MAX_TEXT + 1])
        if parsed is None:
            return await self.handle(incoming)
        name, tokens = parsed

        async def run(ctx: Context) -> None:
            before = len(ctx.messages)  # his own card, shown as he came back, is not previewed
            await self._run_command(ctx, name, tokens)
            ctx.messages = ctx.messages[before:]
            raise _Preview(await render_messages(self, ctx, numbered=False))

        try:
            answer = await self._transact(incoming, name, run)
        except _Preview as previewed:
            preview = previewed.outputs
        else:
            return answer  # refused, or delivered before
        async with self._spoken(incoming) as (store, identified):
            if identified is None:
                return []
            community, member, *_ = identified
            mentions = {token: asdict(author) for token, author in incoming.mentions.items()}
            proposal = await store.rulings.propose(
                community.id, incoming.author.key, incoming.text, mentions, incoming.at
            )
            await store.rulings.audit(
                community.id, incoming.at, incoming.author.key, "propose", None, incoming.text, None
            )
            ctx = Context(store, community, incoming.at, member, True, incoming)
            await ctx.decide(
                Ruling(
                    "proposal",
                    incoming.at,
                    "",
                    {
                        "proposal": proposal,
                        "command": name,
                        "player": incoming.author.key,
                        "expires_at": incoming.at + PROPOSAL_LIFETIME,
                        "minutes": int(PROPOSAL_LIFETIME.total_seconds()) // 60,
                        "preview": "\n".join(o.text for o in preview if o.kind not in PRIVATE),
                    },
                ),
                kind="notice",
            )
            outputs = await self._render(ctx)
            sending = await self._record(store, community, outputs, incoming)
        await self._send(sending, incoming)
        return outputs

    async def settle(
        self,
        incoming: Incoming,
        proposal: str,
        confirm: bool,
    ) -> list[Outgoing]:
        """A moderator confirms a proposed command (named by its token), which then runs as
        his, or cancels it. A proposal of another chat is not found from this one."""
        incoming = clean_incoming(incoming)

        async def run(ctx: Context) -> None:
            ctx.require_moderator()
            found = await ctx.store.rulings.settle_proposal(
                ctx.cid,
                proposal,
                ctx.now,
                ctx.actor_key,
                "confirmed" if confirm else "cancelled",
            )
            if found is None:
                raise RuleViolation("proposal_settled", reason="bad_input")
            if ctx.now > found.proposed_at + PROPOSAL_LIFETIME:
                raise RuleViolation("proposal_expired", reason="bad_input")
            if not confirm:
                await ctx.store.rulings.audit(
                    ctx.cid, ctx.now, ctx.actor_key, "cancel", None, found.command, None
                )
                await ctx.decide(
                    Ruling(
                        "proposal_cancelled",
                        ctx.now,
                        "",
                        {
                            "proposal": proposal,
                            "player": ctx.actor_key,
                            "proposer": found.proposer,
                        },
                    ),
                    kind="notice",
                )
                return
            assert ctx.incoming is not None
            ctx.incoming = replace(
                ctx.incoming,
                text=found.command,
                mentions={
                    token: Author(**{**fields, "roles": tuple(fields["roles"])})
                    for token, fields in found.mentions.items()
                },
            )
            name, tokens = split_command(found.command) or ("", [])
            await self._run_command(ctx, name, tokens)

        return await self._transact(incoming, None, run)

    async def _run_command(self, ctx: Context, name: str, tokens: list[str]) -> None:
        spec = REGISTRY.get(name)
        if spec is None:
            raise RuleViolation("unknown_command", reason="unknown_command", command=name)
        if not spec.offered_in(ctx.community.rulebook):
            raise RuleViolation(
                "wrong_rulebook",
                reason="wrong_rulebook",
                command=name,
                rulebook=ctx.community.rulebook,
            )
        if spec.moderator:
            ctx.require_moderator()
        rulebook = ctx.community.rulebook
        try:
            await spec.handler_in(rulebook)(ctx, spec.parse(tokens, rulebook))
        except BadInput as refused:  # a handler's own reading: the usage is the command's
            refused.details.setdefault("usage", spec.usage_in(rulebook))
            raise

    async def _transact(
        self, incoming: Incoming, name: str | None, run: Callable[[Context], Awaitable[None]]
    ) -> list[Outgoing]:
        """Identify the speaker, show his pending card, ``run``, render, record what is to
        be sent: one transaction. A refusal rolls ``run`` back to the moment before it (the
        speaker's return and his card stay) and its answer is recorded instead."""
        try:
            async with self._spoken(incoming) as (store, identified):
                if identified is None:
                    return []  # delivered again: already processed
                community, member, card_waiting, clear, record = identified
                ctx = self._context(store, community, member, record, incoming)
                ctx.speaker_clear = clear
                if card_waiting:
                    await self._show_pending_card(ctx)
                pressed = incoming.origin is not None and incoming.origin.alert
                if not pressed and await self._floods(store, community, member, incoming):
                    await moderation.flood_mute(ctx, member)  # commands typed count as well
                before = len(ctx.messages)
                try:
                    async with store.tx.savepoint():
                        await run(ctx)
                except DomainError as error:
                    ctx.messages = ctx.messages[:before]  # rolled back with the rest of it
                    outputs = await self._render(ctx) + self._refuse(ctx, error, name)
                else:
                    outputs = await self._render(ctx)
                if name not in SELF_REMOVING:
                    removal.note_seen(ctx)
                sending = await self._record(store, community, outputs, incoming)
            self._announce_timers(store)
        except DUPLICATE_DELIVERY as error:
            if incoming.update_key is None or "processed_updates" not in str(error):
                raise
            return []  # another process took this update first and answers it
        await self._send(sending, incoming)
        return outputs

    async def _record(
        self, store: Store, community: Community, outputs: list[Outgoing], incoming: Incoming
    ) -> list[Any]:
        if self.courier is None or not outputs:
            return []
        return await self.courier.record(store, community, outputs, incoming.origin)

    async def _send(self, recorded: list[Any], incoming: Incoming) -> None:
        if self.courier is not None and (recorded or incoming.origin is not None):
            await self.courier.dispatch(recorded, incoming.origin, incoming.at)

    def _announce_timers(self, store: Store) -> None:
        if store.earliest_timer is not None:
            for listener in self.timer_listeners:
                listener(store.earliest_timer)

    def _context(
        self,
        store: Store,
        community: Community,
        member: Member,
        record: str | None,
        incoming: Incoming,
    ) -> Context:
        """The context of a message: its speaker, whether he moderates, his record as read."""
        ctx = Context(
            store,
            community,
            incoming.at,
            member,
            self.is_moderator(community, incoming.author),
            incoming,
        )
        ctx.known_record(member.key, record)
        ctx.web_url = self.web_url
        ctx.chance = self.chance
        ctx.secrets = self.secrets
        ctx.reach = self.courier
        return ctx

    def is_moderator(self, community: Community, author: Author) -> bool:
        return moderates(community, author)

    @asynccontextmanager
    async def _spoken(
        self,
        incoming: Incoming,
    ) -> AsyncIterator[tuple[Store, _Identified | None]]:
        """One transaction for a message: its community locked before the first read, then
        who spoke identified (None when the platform delivered it before)."""
        async with unit_of_work(self.database) as store:
            store.thread = incoming.origin.thread if incoming.origin is not None else None
            await store.lock_chat(incoming.platform, incoming.chat)
            yield store, await self._identify(store, incoming)

    async def _identify(self, store: Store, incoming: Incoming) -> _Identified | None:
        """The community and the member who spoke, created or updated as the platform says;
        whether his yellow card waits to be shown; whether no card or stop holds him. None
        when the platform delivers an update it delivered before."""
        author = incoming.author
        speaker = await store.communities.speaker(
            incoming.platform, incoming.chat, author.key, incoming.at, incoming.update_key
        )
        if speaker.seen_update:
            return None
        if incoming.update_key is not None:
            store.outbox.record_update(incoming.platform, incoming.update_key, incoming.at)
        community, member, card_waiting = speaker.community, speaker.member, speaker.card_waiting
        if community is None:  # a new chat: a new community, with its New Year timer
            community = await store.communities.create_community(
                incoming.platform, incoming.chat, validate_settings(dict(incoming.defaults))
            )
            await store.timers.schedule(
                community.id,
                "year_reset",
                "year",
                next_new_year(incoming.at, ZoneInfo(community.tz)),
            )
        if member is None or (member.name, member.user_id, member.platform_lang) != (
            author.name,
            author.user_id,
            author.platform_lang,
        ):
            member = Member(
                author.key,
                author.name,
                author.user_id,
                member.lang if member else None,
                author.platform_lang,
            )
            await store.communities.save_member(community.id, member)
        if incoming.platform != "console" and not speaker.noted:  # his private chat's club
            await store.communities.note_community(incoming.platform, author.key, community.id)
        return (
            community,
            member,
            card_waiting and rulebook_named(community.rulebook).cards_on_screen,
            not (card_waiting or speaker.held),
            speaker.discipline,
        )

    async def _show_pending_card(self, ctx: Context) -> None:
        """He is back: his pending card goes on screen (RULES §1.8)."""
        assert ctx.actor is not None
        ctx.card_pending = True
        await ctx.show_card(await ctx.record(ctx.actor.key))

    async def _presence(self, incoming: Incoming) -> list[Outgoing]:
        """Record who spoke and, if he has a pending yellow card, show it: he is back."""
        async with self._spoken(incoming) as (store, identified):
            if identified is None:
                return []
            community, member, card_waiting, _, record = identified
            flooding = await self._floods(store, community, member, incoming)
            ctx = self._context(store, community, member, record, incoming)
            removal.note_seen(ctx)
            policed = locks.polices(community.settings) and not ctx.is_moderator
            if not card_waiting and not flooding and not policed:
                return []
            if policed and not incoming.edited:
                await locks.police(ctx, self.blocked)
            if flooding:
                await moderation.flood_mute(ctx, member)
            if card_waiting:
                await self._show_pending_card(ctx)
            outputs = await self._render(ctx)
            sending = await self._record(store, community, outputs, incoming)
        self._announce_timers(store)
        await self._send(sending, incoming)
        return outputs

    async def _floods(
        self, store: Store, community: Community, member: Member, incoming: Incoming
    ) -> bool:
        """Whether this message takes its author over the chat's flood setting (in memory,
        or one statement where processes share the database). Moderators are not counted."""
        rule = flood_rule(community.settings.get("flood"))
        if rule is None or self.is_moderator(community, incoming.author):
            return False
        at = incoming.at.timestamp()
        return await self.flood.over(
            store, community.id, member.key, at, rule, album=incoming.album
        )

    def _refuse(self, ctx: Context, error: DomainError, name: str | None) -> list[Outgoing]:
        incoming = ctx.incoming
        assert incoming is not None
        ruling = refusal(error, incoming.author.key, name, incoming.at)
        lang = self.reader_lang(ctx.actor, ctx.community)
        names = {incoming.author.key: incoming.author.name}
        text = self.renderer.text(ruling, lang, names, ctx.zone)
        return [
            Outgoing(
                incoming.at,
                ctx.community.chat,
                "reply",
                incoming.author.key,
                incoming.author.name,
                lang,
                text,
                ruling_json(ruling, None, ctx.zone),
                ctx.community.platform,
                "refused",
            )
        ]

    # ---- rendering -----------------------------------------------------------------------
    def reader_lang(self, member: Member | None, community: Community) -> str:
        """His own choice, else his platform's language, else the community's."""
        for wanted in (member and member.lang, member and member.platform_lang):
            if wanted and self.translator.language(wanted) == wanted.split("-")[0].lower():
                return self.translator.language(wanted)
        return self.translator.language(community.lang)

    async def _render(self, ctx: Context, at: datetime | None = None) -> list[Outgoing]:
        return await render_messages(self, ctx, at)


@lru_cache(maxsize=256)
def flood_rule(written: str | None) -> FloodRule | None:
    """A chat's flood setting, as it is stored (checked when it was set)."""
    return FloodRule.read(written) if written else None


# a member's or a moderator's own copy of a ruling: never part of what the chat is shown
PRIVATE = ("dm", "moderator")
# a ruling's lists whose rows name members
_LISTS = ("rows", "entries", "stops", "cards", "tables", "empty_seats", "reports", "measures")


def _mentioned(ruling: Ruling) -> Iterable[str]:
    for key, value in ruling.fields.items():
        if key in PERSON_FIELDS and isinstance(value, str):
            yield value
        elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            yield from value
        elif hasattr(value, "items"):
            yield from (k for k in value if isinstance(k, str))
        if key in _LISTS and isinstance(value, list | tuple):
            for row in value:
                if hasattr(row, "get"):
                    yield from _row_people(row)


def _row_people(row: Any) -> Iterable[str]:
    """The members a row names: its player, actor or target, and a table's seats."""
    for field in ("player", "actor", "target", "out", "reporter"):
        if isinstance(row.get(field), str):
            yield row[field]
    if hasattr(row.get("tp"), "keys"):
        yield from (p for p in row["tp"] if isinstance(p, str))
    seats = row.get("seats")
    for seated in seats.values() if hasattr(seats, "values") else [seats or ()]:
        yield from (p for p in seated or () if isinstance(p, str))


async def render_messages(
    layer: CommandLayer, ctx: Context, at: datetime | None = None, *, numbered: bool = True
) -> list[Outgoing]:
    """Turn the context's decisions into messages, each in its reader's language."""
    keys = {to for _, to, _, _ in ctx.messages if to}
    for _, _, ruling, _ in ctx.messages:
        keys.update(_mentioned(ruling))
    known = {ctx.actor.key: ctx.actor} if ctx.actor is not None else {}
    members = {**known, **await ctx.store.communities.members(ctx.cid, keys - set(known))}
    names = {key: m.name for key, m in members.items()}
    outputs = []
    # notices go to the channel a moderator chose (older communities: where they last spoke)
    notice_channel = ctx.community.settings.get("channel") or ctx.community.settings.get(
        "discord_channel"
    )
    channel = str(notice_channel) if notice_channel else None
    # a moderator's decision names him (a flood, a join check: the bot's own, nobody's)
    by = ctx.actor.name if ctx.actor is not None and ctx.is_moderator else None
    for kind, to, ruling, ruling_id in ctx.messages:
        reader = members.get(to) if to else None
        lang = (
            layer.translator.language(ctx.community.lang)
            if kind == "notice"
            else layer.reader_lang(reader, ctx.community)
        )
        text = layer.renderer.text(ruling, lang, names, ctx.zone, ruling_id if numbered else None)
        if kind == "dm" and ruling_id is not None and told_privately(ruling):
            text += "\n" + layer.translator.format(lang, "ruling-appeal-hint", {"id": ruling_id})
        outputs.append(
            Outgoing(
                at or ctx.now,
                ctx.community.chat,
                kind,
                to,
                names.get(to) if to else None,
                lang,
                text,
                ruling_json(ruling, ruling_id, ctx.zone),
                ctx.community.platform,
                ruling.type,
                names=names,
                tz=ctx.community.tz,
                channel=channel,
                by=by,
            )
        )
    return outputs
