"""Every outbound message through one path, whatever the platform, answer or notice.

1. **Recorded** (:meth:`Delivery.record`), inside the transaction that decided it: each
   message goes into the outbox with where it goes (the group and its channel or topic, a
   private chat, the group pinging one member whose private chat is closed, the moderators'
   log); the platform action its ruling calls for (a mute until the stop's end, a ban) is a
   row of its own, carried out whether or not any notice of it can be sent.
2. **Sent** (:meth:`Delivery.dispatch`) after the commit, through the platform's
   :class:`~bot.delivery.ports.Messenger`: cut to the platform's limits, with its buttons and
   its picture, long lists a page at a time.
3. **Settled** in one transaction: delivered, or to try again later, or dead; the message that
   shows a card kept to be edited; the pages of a long answer kept; an action the platform
   cannot take now tried again (after the pause the platform asks for), one it refuses for
   good recorded in the moderators' log with its reason and said in the chat.

A message the platform cannot take now stays in the outbox and goes out with a later round
(:meth:`Delivery.flush`); so does one whose process stopped before it could send it.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.delivery.actions import buttons, in_community, page_buttons
from bot.delivery.outbox import (
    BOT,
    EFFECT_FIRST_PAUSE,
    FIRST_PAUSE,
    LEASE,
    MAX_ATTEMPTS,
    Parcel,
    action_parcel,
    parcel_of,
    parcel_record,
    pause_after,
)
from bot.delivery.ports import (
    Button,
    CardEdit,
    EffectFailed,
    Envelope,
    Limits,
    Messenger,
    MissingRight,
    Outranked,
    PrivateClosed,
    Rejected,
    Sent,
    Target,
    Unreachable,
)
from bot.delivery.reasons import audit_reason
from bot.delivery.split import split_text
from bot.discipline.kinds import (
    CHAT,
    Admit,
    Delete,
    Effect,
    Mute,
    Readmit,
    Remove,
    SlowMode,
    Unmute,
    kind_of,
)
from bot.discipline.record import Card
from bot.discipline.rulings import Ruling
from bot.handlers import Origin, Outgoing
from bot.i18n import Translator
from bot.i18n.render import Renderer
from bot.storage.database import Database
from bot.storage.store import Community, Scope, Store, unit_of_work

log = logging.getLogger(__name__)
PING_ROOM = 80  # kept free in each part for a ping's prefix ("name: ", "<@id> ")
SHORTEST_MUTE = timedelta(minutes=1)  # Telegram takes a restriction under 30 s as forever
RENEW_AHEAD = timedelta(hours=1)  # a long mute is renewed this long before it lapses
FLUSH_ROUND = 25  # messages sent in one round of the outbox
# a private answer that could not go through its interaction nor by DM: it waits, never shown
# to the channel, until its reader's DMs open or he uses the bot again
WAITING = "waiting for its reader"


class DeliveryOptions:
    """How one platform's messages are handled."""

    def __init__(
        self,
        *,
        effects: bool = True,
        log_channel: str | None = None,
        private_needs_opening: bool = False,
    ) -> None:
        self.effects = effects  # apply rulings' effects (mute on a manual stop)
        self.log_channel = log_channel  # the moderators' log channel, for every community
        # a private chat exists only once the member opened it (Telegram); else try and see
        self.private_needs_opening = private_needs_opening


@dataclass
class Outcome:
    """How sending one recorded message went: what its settlement records."""

    parcel: Parcel
    sent: Sent | None = None  # delivered: where its first part landed
    delivered: bool = False
    failure: str | None = None  # not delivered: why
    final: bool = False  # refused for good: dead at once
    rest: str | None = None  # cut off in the middle: the text still to send
    pages: tuple[str, list[str], str | None] | None = None  # token, parts, owner
    effect_failed: tuple[str, str] | None = None  # mute_failed/ban_failed…, why (in words)
    retry_after: float | None = None  # seconds the platform asked to wait before the next try
    renewal: tuple[str, datetime | None] | None = None  # member, when to mute again (None: not)
    later: list[Outgoing] = field(default_factory=list)  # notices its sending calls for
    missing: set[str] = field(default_factory=set)  # rights the platform found missing


@dataclass(frozen=True)
class Viewer:
    """Who pressed a button, where: the community's chat it was pressed in (None: a private
    chat with the bot)."""

    platform: str
    chat: str | None
    user: str


@dataclass(frozen=True)
class PageTurn:
    """Another page of a long answer, or why not: ``expired`` (unknown, pruned, or not of
    this chat) or ``not_yours`` (an answer meant for someone else)."""

    text: str = ""
    buttons: tuple[Button, ...] = ()
    refused: str | None = None

    @property
    def said(self) -> str:
        """The message that says why not."""
        return REFUSED_PRESSES[self.refused or "expired"]


# why a press does nothing, as the presser is told (the platform shows it on the button)
REFUSED_PRESSES = {"expired": "button-expired", "not_yours": "button-not-yours"}
MISSING_RIGHTS = {
    "attach_files": "delivery-missing-attach-files",
    "send_messages": "delivery-missing-send-messages",
}
# the action named when a platform refuses a ruling's effect
FAILED_ACTIONS = {
    Mute: "mute_failed",
    Unmute: "unmute_failed",
    Remove: "ban_failed",
    Readmit: "unban_failed",
    SlowMode: "slowmode_failed",
    Admit: "join_answer_failed",
    Delete: "delete_failed",
}


class Interrupted(Exception):
    """The platform could not be reached in the middle of a message: ``rest`` is what was
    not sent yet."""

    def __init__(self, rest: str, cause: Exception) -> None:
        super().__init__(str(cause))
        self.rest = rest
        self.cause = cause


class Delivery:
    """Sends what the bot says, on every platform registered with :meth:`register`."""

    def __init__(self, database: Database, translator: Translator, node: str = BOT) -> None:
        self.database = database
        self.translator = translator
        self.renderer = Renderer(translator)
        self.node = node  # who leases the rows this process sends
        self.messengers: dict[str, Messenger] = {}
        self.options: dict[str, DeliveryOptions] = {}
        self.shard_count: int | None = None  # Discord shards in all, where processes split them
        self.shards: tuple[int, ...] | None = None  # those this process runs
        self.recorded: list[Callable[[], None]] = []  # told when messages wait to be sent
        # told of each send or platform action that failed: its platform and the kind of failure
        self.error_listeners: list[Callable[[str, str], None]] = []

    def register(self, messenger: Messenger, options: DeliveryOptions | None = None) -> None:
        self.messengers[messenger.platform] = messenger
        self.options[messenger.platform] = options or DeliveryOptions()

    @property
    def platforms(self) -> tuple[str, ...]:
        return tuple(self.messengers)

    @property
    def scope(self) -> Scope:
        return Scope(self.platforms, self.shard_count, self.shards)

    # ---- 1. recorded, in the deciding transaction ----------------------------------------
    async def record(
        self,
        store: Store,
        community: Community,
        messages: list[Outgoing],
        origin: Origin | None = None,
    ) -> list[Parcel]:
        """Each message into the outbox with its target and effect; leased to this process
        when it sends for that platform (it does so right after the commit)."""
        sending_here = self.scope.holds(community.platform, community.chat)
        parcels: list[Parcel] = []
        actions: list[Parcel] = []  # carried out first: a measure never waits for its word
        planned: set[tuple[str, Effect]] = set()
        for message in messages:
            if not _wanted(message, origin):
                continue
            target = await self._route(store, message, origin)
            pointer = unsealed = None
            if _for_fewer_eyes(message, origin) and target.where != "log":  # moderators alone
                if target.where == "group":
                    unsealed = self._unsealed_notice(message)  # only that it waits for him
                elif not kind_of(message.ruling_type).in_group:
                    pointer = self._pointer(message, origin)  # the group told where, no more
            # a measure told to its member privately is a copy: its action is the notice's
            copy_only = message.kind in ("dm", "moderator")
            effect = None if copy_only else await self._planned_effect(store, community, message)
            if effect is not None and (message.chat, effect) not in planned:
                planned.add((message.chat, effect))  # one action, however many say it
                actions.append(action_parcel(Parcel(message, target, community.id, effect)))
            message = unsealed or message  # its effect planned, its words only for the group
            if message.kind == "action":  # its words are said elsewhere (a greeting of many)
                log_copy = self._log_copy(community, message)
                if log_copy is not None:
                    parcels.append(Parcel(message, log_copy, community.id, late=False))
                continue
            parcels.append(Parcel(message, target, community.id, late=False))
            if pointer is not None:
                parcels.append(Parcel(*pointer, community.id, late=False))
            copy = (
                None if copy_only or target.where == "log" else self._log_copy(community, message)
            )
            if copy is not None:
                parcels.append(Parcel(message, copy, community.id, late=False))
        recorded = []
        for parcel in actions + parcels:
            lease = parcel.message.at + LEASE if sending_here else None
            row = await store.outbox.add_to_outbox(
                community.id,
                parcel.message.at,
                parcel_record(parcel),
                lease,
                self.node if sending_here else None,
            )
            recorded.append(replace(parcel, id=row, message=replace(parcel.message, outbox_id=row)))
        if recorded and not sending_here:
            for listener in self.recorded:
                listener()
        return recorded if sending_here else []

    async def _route(self, store: Store, message: Outgoing, origin: Origin | None) -> Target:
        """A reply goes where the command was asked (a private chat included); a DM to the
        member's private chat when he has one, else to the group pinging him alone; anything
        else to the group: its channel for notices, its topic, under the command."""
        chat = message.chat
        if message.kind == "moderator":  # one moderator's copy: his private chat, nowhere else
            return Target("private", chat, user=message.to, sealed=True)
        if message.kind == "log":  # the moderators' eyes alone: their log, where there is one
            community = await store.communities.community(message.platform, chat)
            return Target("log", chat, self._log_channel(community) if community else None)
        if message.kind == "reply" and origin is not None and origin.log:
            community = await store.communities.community(message.platform, chat)
            log_chat = self._log_channel(community) if community else None
            return Target("log", chat, log_chat, reply_to=origin.reply_to)
        asked_here = origin is not None and not origin.private
        thread = origin.thread if origin is not None and asked_here else None
        if message.kind == "reply" and origin is not None and origin.private and message.to:
            return Target("private", chat, user=message.to, reply_to=origin.reply_to)
        if _ephemeral(message, origin):  # for its reader alone, wherever it ends up going
            channel = origin.channel if origin is not None and origin.channel else None
            return Target("group", chat, channel or message.channel, thread=thread, sealed=True)
        if _for_fewer_eyes(message, origin):  # asked in the group, answered privately
            if await self._opened(store, message):
                return Target("private", chat, user=message.to, sealed=True)
            reply_to = origin.reply_to if origin is not None else None  # under his command
            return Target("group", chat, message.channel, thread=thread, reply_to=reply_to)
        if message.kind == "dm" and message.to is not None:
            if await self._opened(store, message):
                return Target("private", chat, user=message.to)
            return Target("group", chat, message.channel, thread=thread, ping=message.to)
        channel = message.channel
        if message.kind == "reply" and origin is not None and asked_here and origin.channel:
            channel = origin.channel  # an answer where it was asked; notices where they go
        reply_to = origin.reply_to if origin is not None and asked_here else None
        return Target("group", chat, channel, thread=thread, reply_to=reply_to)

    async def _opened(self, store: Store, message: Outgoing) -> bool:
        """Whether a message can go to the member's private chat: always where the platform
        lets the bot write first (else it says so when sent), once opened on Telegram."""
        options = self.options.get(message.platform) or DeliveryOptions()
        if not options.private_needs_opening or message.to is None:
            return True
        return (await store.communities.private_chat(message.platform, message.to))[0]

    def _log_copy(self, community: Community, message: Outgoing) -> Target | None:
        if message.kind == "log" or not kind_of(message.ruling_type).moderator_log:
            return None
        channel = self._log_channel(community)
        return None if channel is None else Target("log", community.chat, channel)

    def log_of(self, community: Community) -> str | None:
        """Where the community's moderators read what is for them alone (None: no log)."""
        return self._log_channel(community)

    async def reachable(self, store: Store, platform: str, members: list[str]) -> list[str]:
        """Those of ``members`` the bot can write to privately: everyone where the platform
        lets it write first, else (Telegram) those who opened a private chat with it."""
        options = self.options.get(platform) or DeliveryOptions()
        if not options.private_needs_opening:
            return list(members)
        return [key for key in members if (await store.communities.private_chat(platform, key))[0]]

    def _log_channel(self, community: Community) -> str | None:
        """The community's moderators' log (a channel, or on Telegram their own group)."""
        options = self.options.get(community.platform) or DeliveryOptions()
        channel = community.settings.get("log") or options.log_channel
        return str(channel) if channel else None

    async def _planned_effect(
        self, store: Store, community: Community, message: Outgoing
    ) -> Effect | None:
        """The ruling's effect on the platform, as the member's record says it now: a mute
        until the end of the longest mute or stop that holds him, an unmute when none is
        left. A mute that ends before one already in force changes nothing there: the
        platform holds him for longer already (a ladder's hour during a moderator's day)."""
        kind = kind_of(message.ruling_type)
        if kind.effect is None or message.ruling is None:
            return None
        effect = kind.effect(message.ruling)
        if effect is None:
            return None
        if message.by is not None and hasattr(effect, "by"):
            effect = replace(effect, by=message.by)  # the platform's own log names him
        due = await self._still_due(store, community.id, effect, message.at)
        if isinstance(effect, Mute) and isinstance(due, Mute) and effect.until < due.until:
            return None  # another measure, longer, holds him on the platform already
        return due

    async def _still_due(
        self, store: Store, community_id: int, effect: Effect, now: datetime
    ) -> Effect | None:
        """What the member's record says of the effect now: a message sent late must not undo
        what came after it (a stop's notice after its lift)."""
        if isinstance(effect, SlowMode | Admit):
            return effect  # the channel's, not a member's: nothing of a record to read
        if isinstance(effect, Delete):
            return effect  # a message taken out stays out, however late
        if isinstance(effect, Remove | Readmit):
            banned = (await store.sanctions.conduct(community_id, effect.player)).ban(
                now
            ) is not None
            if isinstance(effect, Remove):
                return effect if banned or not effect.ban else None
            return None if banned else effect
        until = await store.sanctions.silenced_until(community_id, effect.player, now)
        if isinstance(effect, Mute):
            if until is None or until - now < SHORTEST_MUTE:
                return None  # over, or so nearly over that a platform would take it as forever
            return replace(effect, until=until)
        return effect if until is None else None

    # ---- 2. sent, after the commit; 3. settled in one transaction -------------------------
    async def dispatch(
        self, parcels: list[Parcel], origin: Origin | None, now: datetime
    ) -> list[Outcome]:
        """Send what was just recorded, in order, then record how it went. When the platform
        cannot be reached, what is left waits for a later round."""
        now = now.astimezone(UTC)  # a mute's length is real time, whatever the chat's zone
        if _live(origin) and origin is not None and origin.ephemeral:
            parcels = parcels + await self._waiting_for(parcels, now)
        outcomes: list[Outcome] = []
        down: str | None = None
        try:
            for parcel in parcels:
                if down is not None:  # the platform is down: the rest waits with it
                    outcomes.append(Outcome(parcel, failure=down))
                    continue
                outcome = await self._send_parcel(parcel, origin, now)
                outcomes.append(outcome)
                if outcome.rest is not None:
                    down = outcome.failure
            if outcomes:
                await self._settle(outcomes, now)
        finally:
            if origin is not None and origin.platform in self.messengers:
                await self.messengers[origin.platform].finish(origin)
        return outcomes

    async def _waiting_for(self, parcels: list[Parcel], now: datetime) -> list[Parcel]:
        """The private answers that wait for the readers of these answers (his DMs closed):
        they go now, through his new interaction."""
        readers = {p.message.to for p in parcels if p.message.kind == "reply" and p.message.to}
        if not readers:
            return []
        found = []
        async with unit_of_work(self.database) as store:
            community = parcels[0].community
            for row, record, tries in await store.outbox.waiting(community, WAITING):
                parcel = parcel_of(record, community, row, tries + 1)
                if parcel.message.to in readers and await store.outbox.claim(
                    row, now, LEASE, self.node
                ):
                    found.append(parcel)
        return found

    async def flush(self, now: datetime, limit: int = FLUSH_ROUND) -> int:
        """Send what waits in the outbox and is due: one round, small enough to end well
        within the lease its messages are claimed for, even at a group's send limit.
        Returns how many were tried."""
        if not self.messengers:
            return 0
        now = now.astimezone(UTC)
        async with unit_of_work(self.database) as store:
            claimed = await store.outbox.claim_undelivered(self.scope, now, LEASE, limit, self.node)
            found = [parcel_of(record, cid, row, tries) for row, cid, record, tries in claimed]
            parcels = await self._split_older(store, found, now)
        outcomes = [await self._send_parcel(parcel, None, now) for parcel in parcels]
        if outcomes:
            await self._settle(outcomes, now)
        return len(parcels)

    async def _split_older(
        self, store: Store, parcels: list[Parcel], now: datetime
    ) -> list[Parcel]:
        """A row written before actions had rows of their own (a message carrying its effect)
        becomes two: the action, carried out first, and the message alone."""
        split: list[Parcel] = []
        for parcel in parcels:
            if parcel.effect is None or parcel.action:
                split.append(parcel)
                continue
            assert parcel.id is not None
            message = replace(parcel, effect=None)
            await store.outbox.rewrite(parcel.id, parcel_record(message))
            action = action_parcel(parcel)
            row = await store.outbox.add_to_outbox(
                parcel.community, parcel.message.at, parcel_record(action), now + LEASE, self.node
            )
            split += [replace(action, id=row), message]
        return split

    async def drain(self, now: datetime) -> int:
        """Every round of the outbox there is now (a clean stop's last sends)."""
        sent = 0
        while tried := await self.flush(now):
            sent += tried
        return sent

    async def release_leases(self, *, all_holders: bool = False) -> int:
        """At start: rows leased by processes that are gone are sent again at once, and so
        are those waiting for their next try. A SQLite file has one process
        (``all_holders``); on PostgreSQL, the leases of this machine's processes that no
        longer run (another machine's lapse after :data:`LEASE`)."""
        async with unit_of_work(self.database) as store:
            waiting = await store.outbox.retry_now()
            if all_holders:
                return waiting + await store.outbox.release_leases(None, keeper=self.node)
            gone = [holder for holder in await store.outbox.lease_holders() if _gone(holder)]
            return waiting + (await store.outbox.release_leases(gone) if gone else 0)

    async def _send_parcel(self, parcel: Parcel, origin: Origin | None, now: datetime) -> Outcome:
        outcome = Outcome(parcel)
        messenger = self.messengers.get(parcel.message.platform)
        if messenger is None:  # another process serves that platform
            outcome.failure = "no messenger here"
            return outcome
        if parcel.action:
            return await self._carry_out(messenger, parcel, now)
        try:
            target = parcel.target
            if target.where == "group" and target.sealed and not _live(origin):
                # its interaction is gone (sent late, after a failure, or after a restart):
                # by DM, never to the channel
                target = Target("private", target.chat, user=parcel.message.to, sealed=True)
            sent = await self._send_to(messenger, parcel, target, origin, outcome)
            if sent is None and parcel.target.where == "group" and parcel.target.sealed:
                outcome.failure = WAITING  # his DMs are closed: it waits for him
                return outcome
            if sent is None and parcel.message.kind == "moderator":  # never to the group
                outcome.failure, outcome.final = "the moderator's private chat is closed", True
                return outcome
            if sent is None and parcel.target.where == "private":  # his private chat is closed
                message = parcel.message
                fallback = Target(
                    "group",
                    message.chat,
                    message.channel,
                    thread=parcel.target.thread,
                    ping=message.to,
                )
                if parcel.target.sealed:  # not for the group's eyes: only that it waits
                    parcel = replace(parcel, message=self._unsealed_notice(message))
                sent = await self._send_to(messenger, parcel, fallback, None, outcome)
        except Interrupted as cut:
            self._tell_failure(messenger.platform, "unreachable")
            outcome.failure = f"{type(cut.cause).__name__}: {cut.cause}"
            outcome.rest = cut.rest
            return outcome
        except Rejected as error:
            self._tell_failure(messenger.platform, "rejected")
            outcome.missing = _missing_rights(messenger, parcel.message.chat)
            log.warning(
                "%s refused a %s: %s", messenger.platform, parcel.message.ruling_type, error
            )
            outcome.failure, outcome.final = f"Rejected: {error}", True
            return outcome
        except Exception as error:  # a bug must not block the messages behind this one
            self._tell_failure(messenger.platform, "error")
            log.exception("sending outbox message %s failed", parcel.id)
            outcome.failure = f"{type(error).__name__}: {error}"
            return outcome
        outcome.delivered, outcome.sent = True, sent
        outcome.missing = _missing_rights(messenger, parcel.message.chat)
        return outcome

    def _tell_failure(self, platform: str, kind: str) -> None:
        for listener in self.error_listeners:
            listener(platform, kind)

    async def _send_to(
        self,
        messenger: Messenger,
        parcel: Parcel,
        target: Target,
        origin: Origin | None,
        outcome: Outcome,
    ) -> Sent | None:
        """The message in parts within the platform's limits (room kept for a ping's
        prefix); the first part carries the picture, the last the buttons; a long list a
        page at a time. When the platform cannot be reached in the middle,
        :class:`Interrupted` says what is left."""
        message = parcel.message
        kind = kind_of(message.ruling_type)
        limits = messenger.limits
        to_log = target.where == "log"
        pictured = message.ruling is not None and kind.has_picture(message.ruling) and not to_log
        room = self._ping_room(limits, message.to_name) if target.ping else 0
        cut_in_pages = kind.paged and not to_log and (messenger.pages or limits.pages)
        paged = cut_in_pages and messenger.pages  # else every page is shown, one after another
        parts = split_text(
            messenger.inert(message.text),
            (limits.caption if pictured and cut_in_pages else limits.text) - room,
            limits.caption - room if pictured else None,
            limits.measure,
        )
        pager: tuple[Button, ...] = ()
        if paged and len(parts) > 1:  # the first page now, the others when asked for
            token = secrets.token_urlsafe(12)
            owner = message.to if (kind.private or target.where == "private") else None
            outcome.pages = (token, parts, owner)
            pager = page_buttons(token, 1, len(parts), message.lang, self.translator)
            parts = parts[:1]
        first: Sent | None = None
        for number, text in enumerate(parts):
            last = number == len(parts) - 1
            envelope = self._envelope(message, target, text, origin, part=number, last=last)
            if number > 0 or not pictured:
                envelope = replace(envelope, picture=None, picture_key=None)
            if not last or (to_log and not kind.log_buttons):
                envelope = replace(envelope, buttons=())
            elif pager:
                envelope = replace(envelope, buttons=envelope.buttons + pager)
            if target.where == "private" and envelope.buttons:  # each acts in its community
                named = tuple(in_community(b, parcel.community) for b in envelope.buttons)
                envelope = replace(envelope, buttons=named)
            try:
                sent = await messenger.send(envelope)
            except PrivateClosed:
                if target.where != "private" and not target.sealed:
                    raise Rejected("the group refused a message as a private chat") from None
                return None
            except Unreachable as error:
                raise Interrupted("\n".join(parts[number:]), error) from error
            if sent is None:
                return first
            first = first or sent
        return first

    def _envelope(
        self,
        message: Outgoing,
        target: Target,
        text: str,
        origin: Origin | None,
        *,
        part: int = 0,
        last: bool = True,
    ) -> Envelope:
        kind = kind_of(message.ruling_type)
        picture = None
        key = file_name = None
        if kind.picture is not None and message.ruling is not None:
            file_name = message.ruling.get("file") or f"{message.ruling_type}.png"
            picture = self._drawer(message)
            drawn_from = json.dumps(message.ruling, sort_keys=True, default=str)
            # the names the picture shows, not those of whoever asked: the same standings
            # asked by another member are the same picture (Telegram sends it by its id)
            shown = {k: v for k, v in sorted(message.names.items()) if f'"{k}"' in drawn_from}
            key = json.dumps([drawn_from, message.lang, shown, message.tz])
        return Envelope(
            message,
            target,
            text,
            origin,
            private=_for_one(message.ruling_type) and message.kind == "reply",
            buttons=buttons(message.ruling_type, message.ruling, message.lang, self.translator),
            picture=picture,
            picture_key=key,
            file_name=file_name,
            ping=target.ping,
            part=part,
            last=last,
        )

    @staticmethod
    def _ping_room(limits: Limits, name: str | None) -> int:
        """Room kept in each part for a ping's prefix: at least the name it will carry, as
        the platform counts it (a name of emoji is twice its length in UTF-16)."""
        return min(max(PING_ROOM, limits.measure(name or "") + 8), limits.text // 4)

    def _drawer(self, message: Outgoing) -> Callable[[], Awaitable[bytes | None]]:
        async def draw() -> bytes | None:
            from bot.pictures import drawn  # drawing loads Pillow and matplotlib

            try:
                return await drawn(
                    message.ruling,
                    message.lang,
                    message.names,
                    ZoneInfo(message.tz),
                    self.translator,
                )
            except Exception:  # a picture is a nicety: never lose the message for it
                log.exception("picture for %s failed", message.ruling_type)
                return None

        return draw

    async def _carry_out(self, messenger: Messenger, parcel: Parcel, now: datetime) -> Outcome:
        """An action on the platform, whatever became of its notices: done; or for later,
        when the platform cannot take it now; or refused for good, with the reason the
        moderators are told. One carried out late is what the member's record says now (a
        mute already over is not applied). A mute longer than the platform keeps one is
        applied for as long as it can, and renewed as it lapses (:meth:`renew_mutes`)."""
        outcome = Outcome(parcel)
        effect = parcel.effect
        if effect is not None and parcel.late and self.options[messenger.platform].effects:
            async with unit_of_work(self.database) as store:
                effect = await self._still_due(store, parcel.community, effect, now)
        if effect is None or not self.options[messenger.platform].effects:
            outcome.delivered = True  # nothing (left) to do
            return outcome
        try:
            await self._apply(messenger, parcel.message.chat, effect, now, outcome)
        except Unreachable as error:
            self._tell_failure(messenger.platform, "unreachable")
            outcome.failure, outcome.retry_after = f"Unreachable: {error}", error.retry_after
            return outcome
        except (EffectFailed, Rejected) as error:
            action = _failed_action(effect)
            self._tell_failure(messenger.platform, action)
            log.warning("%s of %s in %s: %s", action, effect.player, parcel.message.chat, error)
            outcome.failure, outcome.final = f"{type(error).__name__}: {error}", True
            self._refused(outcome, effect, error)
            return outcome
        except Exception as error:  # a bug: tried again, and never blocks what follows
            self._tell_failure(messenger.platform, "error")
            log.exception("carrying out outbox action %s failed", parcel.id)
            outcome.failure = f"{type(error).__name__}: {error}"
            return outcome
        outcome.delivered = True
        return outcome

    async def _apply(
        self, messenger: Messenger, chat: str, effect: Effect, now: datetime, outcome: Outcome
    ) -> None:
        reason = audit_reason(effect, messenger.limits.reason)
        if isinstance(effect, Mute):
            outcome.renewal = (effect.player, await self._mute(messenger, chat, effect, now))
        elif isinstance(effect, Unmute):
            outcome.renewal = (effect.player, None)
            await messenger.unmute(chat, effect.player, reason)
        elif isinstance(effect, Remove):
            await self._remove(messenger, chat, effect, reason)
        elif isinstance(effect, Delete):
            await messenger.delete(chat, effect.messages)
        elif isinstance(effect, SlowMode):
            await messenger.slowmode(chat, effect.channel, effect.seconds, reason)
        elif isinstance(effect, Admit):
            await messenger.answer_join(chat, effect.player, effect.approve)
        else:
            await messenger.readmit(chat, effect.player, reason)

    async def _remove(
        self, messenger: Messenger, chat: str, effect: Remove, reason: str | None
    ) -> None:
        """A kick or a ban; a ban that purges takes the member's latest messages with it,
        on the ban call where the platform does so, else one deletion after the ban."""
        purging = getattr(messenger, "remove_purging", None)
        if effect.ban and effect.purge_seconds and purging is not None:
            await purging(chat, effect.player, effect.until, reason, effect.purge_seconds)
            return
        await messenger.remove(chat, effect.player, effect.ban, effect.until, reason)
        if effect.ban and effect.purge_messages:
            await messenger.delete(chat, effect.purge_messages)

    def _refused(self, outcome: Outcome, effect: Effect, error: Exception | None = None) -> None:
        """An action given up (refused by ``error``, else never taken after every try): its
        reason for the moderators' log (a missing right by its name, which /log words for
        its reader; else in words), and the word in the chat."""
        message = outcome.parcel.message
        action = _failed_action(effect)
        notice = self._effect_notice(message, effect.player or "", action, _right(error))
        if isinstance(error, MissingRight):
            outcome.effect_failed = (action, error.right)
        else:
            lang = self.translator.language(message.lang)
            fields = {"platform": message.platform.title(), "tries": outcome.parcel.tries}
            why = _why(error)
            reason = self.translator.format(lang, f"effect-reason-{why}", fields)
            outcome.effect_failed = (action, reason)
            if why == "too_old":  # no right the moderators could give would help
                said = self.translator.format(lang, "delivery-delete-too-old", fields)
                notice = replace(notice, text=said)
            else:
                said = self.translator.format(lang, "delivery-effect-why", {"reason": reason})
                notice = replace(notice, text=f"{notice.text} {said}")
        if isinstance(error, Outranked):
            notice = self._outranked(notice)
        outcome.later.append(notice)

    async def _mute(
        self, messenger: Messenger, chat: str, effect: Mute, now: datetime
    ) -> datetime | None:
        """Mutes; returns when to mute again (a stop longer than the platform's longest)."""
        longest = messenger.longest_mute
        until = effect.until
        renew_at = None
        if longest is not None and until - now > longest:
            until = now + longest
            renew_at = until - RENEW_AHEAD
        await messenger.mute(
            chat, effect.player, until, audit_reason(effect, messenger.limits.reason)
        )
        return renew_at

    def _effect_notice(
        self, message: Outgoing, player: str, action: str, right: str | None = None
    ) -> Outgoing:
        """What a refused effect tells the chat: the right the bot lacks, where the platform
        names it."""
        name = message.names.get(player, player)
        lang = self.translator.language(message.lang)
        text = self.translator.format(
            lang, f"delivery-{action.replace('_', '-')}", {"player": name}
        )
        if right is not None:
            missing = self.translator.format(lang, f"right-{right.replace('_', '-')}")
            text += " " + self.translator.format(lang, "delivery-missing-right", {"right": missing})
        return replace(
            message,
            kind="notice",
            to=None,
            to_name=None,
            text=text,
            ruling=None,
            ruling_type=None,
            outbox_id=None,
        )

    def _outranked(self, notice: Outgoing) -> Outgoing:
        """A refusal the platform's hierarchy makes: said as such, not as a missing right."""
        why = self.translator.format(self.translator.language(notice.lang), "delivery-outranked")
        return replace(notice, text=f"{notice.text} {why}")

    def _unsealed_notice(self, message: Outgoing) -> Outgoing:
        """In place of an answer for fewer eyes than the group's, when his private chat is
        closed: only that he should open one and ask again (or the kind's own line for the
        group, naming no one)."""
        lang = self.translator.language(message.lang)
        said = kind_of(message.ruling_type).in_group or "delivery-private-needed"
        return replace(
            message,
            text=self.translator.format(lang, said),
            ruling=None,
            ruling_type=None,
        )

    def _pointer(self, message: Outgoing, origin: Origin | None) -> tuple[Outgoing, Target]:
        """What the group reads under a command answered in its author's private chat: that
        the answer is there, and nothing of it."""
        lang = self.translator.language(message.lang)
        said = replace(
            message,
            text=self.translator.format(lang, "delivery-answered-privately"),
            ruling=None,
            ruling_type=None,
        )
        thread = origin.thread if origin is not None else None
        reply_to = origin.reply_to if origin is not None else None
        channel = origin.channel if origin is not None and origin.channel else message.channel
        return said, Target("group", message.chat, channel, thread=thread, reply_to=reply_to)

    def _missing_notice(self, message: Outgoing, right: str) -> Outgoing:
        lang = self.translator.language(message.lang)
        text = self.translator.format(lang, MISSING_RIGHTS[right])
        return replace(
            message,
            # where the bot may not write, only the moderators' log can say so
            kind="log" if right == "send_messages" else "notice",
            to=None,
            to_name=None,
            text=text,
            ruling=None,
            ruling_type=None,
            outbox_id=None,
        )

    async def _settle(self, outcomes: list[Outcome], now: datetime) -> None:
        """How every message went, in one transaction: delivered, or tried again later, or
        dead; what a delivered message leaves behind (the card's message, its pages, a mute
        to renew); what a refused effect calls for (its record, a word in the chat)."""
        later: list[Parcel] = []
        async with unit_of_work(self.database) as store:
            for outcome in outcomes:
                parcel = outcome.parcel
                assert parcel.id is not None
                if outcome.delivered:
                    await store.outbox.mark_delivered(parcel.id, now)
                    await self._leave_behind(store, outcome, now)
                else:
                    await self._failed(store, outcome, now)
                await self._tell_missing(store, outcome, now)
                if outcome.later:
                    community = await store.communities.community_by_id(parcel.community)
                    later += await self.record(store, community, outcome.later)
        if later:
            await self.dispatch(later, None, now)

    async def _leave_behind(self, store: Store, outcome: Outcome, now: datetime) -> None:
        parcel = outcome.parcel
        message = parcel.message
        kind = kind_of(message.ruling_type)
        if kind.tracked and message.to and outcome.sent is not None:
            await store.outbox.remember_message(
                parcel.community,
                message.to,
                kind.tracked,
                outcome.sent.chat,
                outcome.sent.message_id,
            )
        if outcome.pages is not None:
            token, parts, owner = outcome.pages
            await store.pages.add_pages(parcel.community, token, message.lang, parts, now, owner)
        if outcome.renewal is not None:
            member, at = outcome.renewal
            if at is None:
                await store.sanctions.forget_mute_renewal(parcel.community, member)
            else:
                await store.sanctions.plan_mute_renewal(parcel.community, member, at)

    async def _tell_missing(self, store: Store, outcome: Outcome, now: datetime) -> None:
        """The rights the platform found missing while it sent: said once to the moderators,
        not at each send."""
        parcel = outcome.parcel
        for right in sorted(outcome.missing):
            noted = f"missing_right:{parcel.community}:{right}"
            if await store.meta(noted) is None:
                await store.set_meta(noted, now.isoformat())
                await store.rulings.audit(
                    parcel.community, now, BOT, "missing_right", None, right, None
                )
                outcome.later.append(self._missing_notice(parcel.message, right))

    async def _failed(self, store: Store, outcome: Outcome, now: datetime) -> None:
        parcel = outcome.parcel
        assert parcel.id is not None and outcome.failure is not None
        if outcome.failure == "no messenger here":  # for the process that serves it
            await store.outbox.retry_later(
                parcel.id, parcel.tries - 1, now, "", parcel_record(parcel)
            )
            return
        left = parcel if outcome.rest is None else parcel.with_rest(outcome.rest)
        if not outcome.final and parcel.tries < MAX_ATTEMPTS:
            await store.outbox.retry_later(
                parcel.id, parcel.tries, now + _pause(outcome), outcome.failure,
                parcel_record(left),
            )  # fmt: skip
            return
        await store.outbox.mark_dead(parcel.id, now, outcome.failure)
        log.error("outbox row %s given up: %s", parcel.id, outcome.failure)
        if parcel.effect is not None:
            await self._given_up(store, outcome, parcel.effect)
            return
        await store.rulings.audit(
            parcel.community,
            now,
            BOT,
            "undeliverable",
            parcel.message.to,
            outcome.failure[:300],
            None,
        )

    async def _given_up(self, store: Store, outcome: Outcome, effect: Effect) -> None:
        """An action refused for good, or never taken after every try: in the moderators'
        log with its reason, and said in the chat."""
        if outcome.effect_failed is None:
            self._refused(outcome, effect)
        assert outcome.effect_failed is not None
        action, reason = outcome.effect_failed
        parcel = outcome.parcel
        await store.rulings.audit(
            parcel.community, parcel.message.at, BOT, action, effect.player, reason[:300], None
        )

    # ---- pages of a long answer -----------------------------------------------------------
    async def turn_page(self, token: str, number: int, viewer: Viewer) -> PageTurn:
        """Page ``number`` (from 1) of a long answer, with the buttons to its neighbours, for
        the one who pressed: only in the chat it was sent to, and for an answer meant for
        one member, only for him."""
        async with unit_of_work(self.database) as store:
            found = await store.pages.pages(token)
        if found is None or found.platform != viewer.platform:
            return PageTurn(refused="expired")
        if viewer.chat is not None and viewer.chat != found.chat:
            return PageTurn(refused="expired")  # a press from another chat: nothing here
        if viewer.chat is None and found.owner is None:
            return PageTurn(refused="expired")  # a group's answer, pressed in a private chat
        if found.owner is not None and found.owner != viewer.user:
            return PageTurn(refused="not_yours")
        if not 1 <= number <= len(found.parts):
            return PageTurn(refused="expired")
        shown = page_buttons(token, number, len(found.parts), found.lang, self.translator)
        return PageTurn(found.parts[number - 1], shown)

    # ---- the card on screen ---------------------------------------------------------------
    async def tick(self, now: datetime) -> None:
        """Once a minute: the message that shows each card on screen is edited with the time
        left (an edit notifies nobody); long mutes about to lapse are renewed."""
        await self.renew_mutes(now)
        for edit in await self.card_edits(now):
            ruling = {"type": "card_tick", "player": edit.member}
            shown = buttons("card_tick", ruling, edit.lang, self.translator)  # his alone
            try:
                messenger = self.messengers[edit.platform]
                await messenger.edit(edit.where, messenger.inert(edit.text), shown)
            except (Unreachable, Rejected) as error:
                log.info("card edit failed: %s", error)

    async def card_edits(self, now: datetime) -> list[CardEdit]:
        """The edits of this minute, each with the message it edits. Reads only the
        discipline projection and the kept messages; writes nothing."""
        async with unit_of_work(self.database) as store:
            cards = await store.sanctions.cards_on_screen(self.platforms)
        texts: dict[tuple[str, int], str] = {}  # one rendering per language and minute
        readers: dict[str, str] = {}  # the language each member's setting resolves to
        edits = []
        for _community, _chat, platform, member, name, lang, since, served, where in cards:
            if where is None:
                continue
            remaining = Card(0, 0, served, since).remaining_at(now)
            reader = readers.get(lang) or readers.setdefault(lang, self.translator.language(lang))
            minutes = -(-remaining // 60)
            text = texts.get((reader, minutes))
            if text is None:
                ruling = Ruling(
                    "card_tick", now, "", {"player": "\x00", "remaining_seconds": minutes * 60}
                )
                text = texts[reader, minutes] = self.renderer.text(ruling, reader, {}, UTC)
            edits.append(
                CardEdit(
                    platform,
                    Sent(*where),
                    member,
                    name,
                    reader,
                    text.replace("\x00", name),
                    remaining,
                )
            )
        return edits

    async def renew_mutes(self, now: datetime) -> None:
        """Mutes the platform is about to let lapse while their stop or mute goes on:
        applied again, for as long as the platform keeps one (Discord: 28 days)."""
        async with unit_of_work(self.database) as store:
            due = await store.sanctions.due_mute_renewals(self.platforms, now)
        for community_id, platform, chat, player in due:
            async with unit_of_work(self.database) as store:
                until = await store.sanctions.silenced_until(community_id, player, now)
            messenger = self.messengers[platform]
            renew_at: datetime | None = None
            try:
                if until is not None and until - now >= SHORTEST_MUTE:
                    renew_at = await self._mute(messenger, chat, Mute(player, until), now)
            except (EffectFailed, Unreachable, Rejected) as error:
                log.warning("renewing the mute of %s in %s: %s", player, chat, error)
                continue
            async with unit_of_work(self.database) as store:
                if renew_at is None:
                    await store.sanctions.forget_mute_renewal(community_id, player)
                else:
                    await store.sanctions.plan_mute_renewal(community_id, player, renew_at)


def _failed_action(effect: Effect) -> str:
    """The name of an action's refusal in the moderators' log."""
    if isinstance(effect, Remove) and not effect.ban:
        return "kick_failed"
    return FAILED_ACTIONS[type(effect)]


def _right(error: Exception | None) -> str | None:
    """The right a refusal names as missing, if any."""
    return error.right if isinstance(error, MissingRight) else None


def _why(error: Exception | None) -> str:
    """The kind of a refusal, as its reason is worded (None: never taken after every try)."""
    if error is None:
        return "unreachable"
    if isinstance(error, Outranked):
        return "protected"
    return getattr(error, "why", "refused")


def _pause(outcome: Outcome) -> timedelta:
    """Until the next try: what the platform asked for, else a pause growing with each try
    (shorter for an action than for a message)."""
    if outcome.retry_after is not None:
        return timedelta(seconds=max(1.0, outcome.retry_after))
    first = EFFECT_FIRST_PAUSE if outcome.parcel.action else FIRST_PAUSE
    return pause_after(outcome.parcel.tries, first)


def _for_fewer_eyes(message: Outgoing, origin: Origin | None) -> bool:
    """An answer that only its reader (a moderator, the player concerned) may read, asked in
    a group that cannot be answered for one member's eyes (Telegram, a Discord text
    command): it goes to his private chat."""
    if message.kind != "reply" or message.to is None or origin is None:
        return False
    if origin.private or origin.ephemeral:
        return False
    return kind_of(message.ruling_type).audience != CHAT


def _ephemeral(message: Outgoing, origin: Origin | None) -> bool:
    """A private answer to a command that can be answered for its author's eyes alone (a
    Discord slash command): it never goes to the channel, on any path."""
    if message.kind != "reply" or message.to is None or origin is None:
        return False
    return origin.ephemeral and origin.handle is not None and _for_one(message.ruling_type)


def _for_one(ruling_type: str | None) -> bool:
    """A kind its reader alone should see where the platform can do that: a private one, or
    one not every member may read (a report dismissed)."""
    kind = kind_of(ruling_type)
    return kind.private or kind.audience != CHAT


def _live(origin: Origin | None) -> bool:
    """Whether the command's own exchange (a Discord interaction) is there to answer it."""
    return origin is not None and origin.handle is not None


def _wanted(message: Outgoing, origin: Origin | None) -> bool:
    """Whether an answer is sent: not a refusal the platform shows on the button pressed,
    nor what a presence change says besides the card it puts back on screen."""
    if origin is None:
        return True
    if origin.only is not None and message.ruling_type not in origin.only:
        return False
    return not (origin.alert and message.ruling_type == "refused")


def _missing_rights(messenger: Messenger, chat: str) -> set[str]:
    """The rights a platform found missing in this chat while it sent (Discord's Attach
    Files), taken from it."""
    found: set[tuple[str, str]] | None = getattr(messenger, "missing_rights", None)
    if not found:
        return set()
    rights = {right for where, right in found if where == chat}
    found.difference_update({(chat, right) for right in rights})
    return rights


def _gone(holder: str) -> bool:
    """Whether the process ``host:pid`` that leased a row no longer runs on this machine
    (a process elsewhere is left to its lease's end)."""
    import os
    import socket

    host, _, pid = holder.rpartition(":")
    if host != socket.gethostname() or not (pid.isascii() and pid.isdigit()):
        return False
    if int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


__all__ = ["REFUSED_PRESSES", "Delivery", "DeliveryOptions", "Outcome", "PageTurn", "Viewer"]
