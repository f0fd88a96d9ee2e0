"""Every outbound message through one path, whatever the platform, answer or notice.

1. **Recorded** (:meth:`Delivery.record`), inside the transaction that decided it: each
   message goes into the outbox with where it goes (the group and its channel or topic, a
   private chat, the group pinging one member whose private chat is closed, the moderators'
   log) and the platform effect its ruling has (a mute until the stop's end).
2. **Sent** (:meth:`Delivery.dispatch`) after the commit, through the platform's
   :class:`~bot.delivery.ports.Messenger`: cut to the platform's limits, with its buttons and
   its picture, long lists a page at a time.
3. **Settled** in one transaction: delivered, or to try again later, or dead; the message that
   shows a card kept to be edited; the pages of a long answer kept; a refused mute recorded and
   said in the chat.

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

from bot.delivery.actions import buttons, page_buttons
from bot.delivery.outbox import (
    BOT,
    LEASE,
    MAX_ATTEMPTS,
    Parcel,
    parcel_of,
    parcel_record,
    pause_after,
)
from bot.delivery.ports import (
    Button,
    CardEdit,
    EffectFailed,
    Envelope,
    Messenger,
    MissingRight,
    PrivateClosed,
    Rejected,
    Sent,
    Target,
    Unreachable,
)
from bot.delivery.split import split_text
from bot.discipline.kinds import CHAT, Effect, Mute, Readmit, Remove, Unmute, kind_of
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
    effect_failed: tuple[str, str] | None = None  # mute_failed/unmute_failed, why
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
MISSING_RIGHTS = {"attach_files": "delivery-missing-attach-files"}
# the action named when a platform refuses a ruling's effect
FAILED_ACTIONS = {
    Mute: "mute_failed",
    Unmute: "unmute_failed",
    Remove: "ban_failed",
    Readmit: "unban_failed",
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
        for message in messages:
            if not _wanted(message, origin):
                continue
            target = await self._route(store, message, origin)
            if _for_fewer_eyes(message, origin) and target.where == "group":
                message = self._unsealed_notice(message)  # only that it waits for him
            effect = await self._planned_effect(store, community, message)
            parcels.append(Parcel(message, target, community.id, effect, late=False))
            copy = self._log_copy(community, message)
            if copy is not None:
                parcels.append(Parcel(message, copy, community.id, late=False))
        recorded = []
        for parcel in parcels:
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
        if message.kind == "log":  # the moderators' eyes alone: their log, where there is one
            community = await store.communities.community(message.platform, chat)
            return Target("log", chat, self._log_channel(community) if community else None)
        asked_here = origin is not None and not origin.private
        thread = origin.thread if origin is not None and asked_here else None
        if message.kind == "reply" and origin is not None and origin.private and message.to:
            return Target("private", chat, user=message.to, reply_to=origin.reply_to)
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

    def _log_channel(self, community: Community) -> str | None:
        """The community's moderators' log (a channel, or on Telegram their own group)."""
        options = self.options.get(community.platform) or DeliveryOptions()
        channel = community.settings.get("log") or options.log_channel
        return str(channel) if channel else None

    async def _planned_effect(
        self, store: Store, community: Community, message: Outgoing
    ) -> Effect | None:
        """The ruling's effect on the platform, as the member's record says it now: a mute
        until the end of the stops that hold him, an unmute when none is left."""
        kind = kind_of(message.ruling_type)
        if kind.effect is None or message.ruling is None:
            return None
        effect = kind.effect(message.ruling)
        if effect is None:
            return None
        return await self._still_due(store, community.id, effect, message.at)

    async def _still_due(
        self, store: Store, community_id: int, effect: Effect, now: datetime
    ) -> Effect | None:
        """What the member's record says of the effect now: a message sent late must not undo
        what came after it (a stop's notice after its lift)."""
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
            return Mute(effect.player, until, effect.reason)
        return effect if until is None else None

    # ---- 2. sent, after the commit; 3. settled in one transaction -------------------------
    async def dispatch(
        self, parcels: list[Parcel], origin: Origin | None, now: datetime
    ) -> list[Outcome]:
        """Send what was just recorded, in order, then record how it went. When the platform
        cannot be reached, what is left waits for a later round."""
        now = now.astimezone(UTC)  # a mute's length is real time, whatever the chat's zone
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

    async def flush(self, now: datetime, limit: int = FLUSH_ROUND) -> int:
        """Send what waits in the outbox and is due: one round, small enough to end well
        within the lease its messages are claimed for, even at a group's send limit.
        Returns how many were tried."""
        if not self.messengers:
            return 0
        now = now.astimezone(UTC)
        async with unit_of_work(self.database) as store:
            claimed = await store.outbox.claim_undelivered(self.scope, now, LEASE, limit, self.node)
        parcels = [
            parcel_of(record, community, row, tries) for row, community, record, tries in claimed
        ]
        outcomes = [await self._send_parcel(parcel, None, now) for parcel in parcels]
        if outcomes:
            await self._settle(outcomes, now)
        return len(parcels)

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
        try:
            sent = await self._send_to(messenger, parcel, parcel.target, origin, outcome)
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
        if sent is not None and parcel.target.where != "log":
            try:
                await self._effect(messenger, parcel, now, outcome)
            except Exception:  # it is out: whatever follows must not send it a second time
                log.exception("after sending a %s", parcel.message.ruling_type)
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
        room = min(PING_ROOM, limits.text // 4) if target.ping else 0
        cut_in_pages = kind.paged and not to_log and (messenger.pages or limits.pages)
        paged = cut_in_pages and messenger.pages  # else every page is shown, one after another
        parts = split_text(
            messenger.inert(message.text),
            (limits.caption if pictured and cut_in_pages else limits.text) - room,
            limits.caption - room if pictured else None,
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
            try:
                sent = await messenger.send(envelope)
            except PrivateClosed:
                if target.where != "private":
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
            private=kind.private and message.kind == "reply",
            buttons=buttons(message.ruling_type, message.ruling, message.lang, self.translator),
            picture=picture,
            picture_key=key,
            file_name=file_name,
            ping=target.ping,
            part=part,
            last=last,
        )

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

    async def _effect(
        self, messenger: Messenger, parcel: Parcel, now: datetime, outcome: Outcome
    ) -> None:
        """The ruling's effect on the platform; a refusal is recorded in the moderators' log
        and said in the chat, never only logged. A mute longer than the platform keeps one
        is applied for as long as it can, and renewed as it lapses (:meth:`renew_mutes`)."""
        options = self.options[parcel.message.platform]
        effect = parcel.effect
        if effect is None or not options.effects:
            return
        if parcel.late:  # decided a while ago: what the record says now
            async with unit_of_work(self.database) as store:
                effect = await self._still_due(store, parcel.community, effect, now)
            if effect is None:
                return
        chat = parcel.message.chat
        try:
            if isinstance(effect, Mute):
                outcome.renewal = (effect.player, await self._mute(messenger, chat, effect, now))
            elif isinstance(effect, Unmute):
                outcome.renewal = (effect.player, None)
                await messenger.unmute(chat, effect.player, effect.reason)
            elif isinstance(effect, Remove):
                await messenger.remove(chat, effect.player, effect.ban, effect.until, effect.reason)
            else:
                await messenger.readmit(chat, effect.player, effect.reason)
        except (EffectFailed, Unreachable, Rejected) as error:
            action = FAILED_ACTIONS[type(effect)]
            if isinstance(effect, Remove) and not effect.ban:
                action = "kick_failed"
            self._tell_failure(messenger.platform, action)
            log.warning("%s of %s in %s: %s", action, effect.player, chat, error)
            outcome.effect_failed = (action, str(error))
            right = error.right if isinstance(error, MissingRight) else None
            outcome.later.append(self._effect_notice(parcel.message, effect.player, action, right))

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
        await messenger.mute(chat, effect.player, until, effect.reason)
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

    def _unsealed_notice(self, message: Outgoing) -> Outgoing:
        """In place of an answer for fewer eyes than the group's, when his private chat is
        closed: only that he should open one and ask again."""
        lang = self.translator.language(message.lang)
        return replace(
            message,
            text=self.translator.format(lang, "delivery-private-needed"),
            ruling=None,
            ruling_type=None,
        )

    def _missing_notice(self, message: Outgoing, right: str) -> Outgoing:
        lang = self.translator.language(message.lang)
        text = self.translator.format(lang, MISSING_RIGHTS[right])
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
        if outcome.effect_failed is not None:
            action, why = outcome.effect_failed
            player = parcel.effect.player if parcel.effect else None
            await store.rulings.audit(
                parcel.community, message.at, BOT, action, player, why[:300], None
            )
        for right in sorted(outcome.missing):  # said once to the moderators, not at each send
            noted = f"missing_right:{parcel.community}:{right}"
            if await store.meta(noted) is None:
                await store.set_meta(noted, now.isoformat())
                await store.rulings.audit(
                    parcel.community, now, BOT, "missing_right", None, right, None
                )
                outcome.later.append(self._missing_notice(message, right))

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
                parcel.id, parcel.tries, now + pause_after(parcel.tries), outcome.failure,
                parcel_record(left),
            )  # fmt: skip
            return
        await store.outbox.mark_dead(parcel.id, now, outcome.failure)
        log.error("message %s given up: %s", parcel.id, outcome.failure)
        await store.rulings.audit(
            parcel.community,
            now,
            BOT,
            "undeliverable",
            parcel.message.to,
            outcome.failure[:300],
            None,
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


def _for_fewer_eyes(message: Outgoing, origin: Origin | None) -> bool:
    """An answer that only its reader (a moderator, the player concerned) may read, asked in
    a group that cannot be answered for one member's eyes (Telegram, a Discord text
    command): it goes to his private chat."""
    if message.kind != "reply" or message.to is None or origin is None:
        return False
    if origin.private or origin.ephemeral:
        return False
    return kind_of(message.ruling_type).audience != CHAT


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
