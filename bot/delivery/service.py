"""Every outbound message through one path, whatever the platform.

The command layer and the timers decide and render; :class:`Delivery` decides where each
message goes (the group, a private chat, a DM that falls back to the group), cuts it to the
platform's limits, adds its buttons and picture, sends it through the platform's
:class:`~bot.delivery.ports.Messenger`, and then keeps what must be kept: the message that
shows a card (edited each minute), the moderators' log copy, the platform's effect of a
ruling (a mute), recorded when it fails. What cannot be sent now waits in the outbox.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.delivery.actions import buttons, page_buttons
from bot.delivery.outbox import BOT, Outbox
from bot.delivery.ports import (
    Button,
    CardEdit,
    EffectFailed,
    Envelope,
    Messenger,
    Origin,
    PrivateClosed,
    Rejected,
    Sent,
    Target,
    Unreachable,
)
from bot.delivery.split import split_text
from bot.discipline.burraco.sanctions import Card
from bot.discipline.kinds import Effect, Kind, Mute, Unmute, kind_of
from bot.discipline.rulings import Ruling
from bot.handlers import Outgoing
from bot.i18n import Translator
from bot.i18n.render import Renderer
from bot.storage.database import Database
from bot.storage.store import Store

log = logging.getLogger(__name__)
PING_ROOM = 80  # kept free in each part for a ping's prefix ("name: ", "<@id> ")
SHORTEST_MUTE = timedelta(minutes=1)  # Telegram takes a restriction under 30 s as forever
RENEW_AHEAD = timedelta(hours=1)  # a long mute is renewed this long before it lapses


class Interrupted(Exception):
    """The platform could not be reached in the middle of a message: ``rest`` is what was
    not sent yet."""

    def __init__(self, rest: str, cause: Exception) -> None:
        super().__init__(str(cause))
        self.rest = rest
        self.cause = cause


class Delivery:
    """Sends what the bot says, on every platform registered with :meth:`register`."""

    def __init__(self, database: Database, translator: Translator) -> None:
        self.database = database
        self.translator = translator
        self.renderer = Renderer(translator)
        self.outbox = Outbox(database)
        self.messengers: dict[str, Messenger] = {}
        self.options: dict[str, DeliveryOptions] = {}

    def register(self, messenger: Messenger, options: DeliveryOptions | None = None) -> None:
        self.messengers[messenger.platform] = messenger
        self.options[messenger.platform] = options or DeliveryOptions()

    @property
    def platforms(self) -> tuple[str, ...]:
        return tuple(self.messengers)

    # ---- a command's answers ------------------------------------------------------------
    async def answer(self, outputs: list[Outgoing], origin: Origin | None = None) -> None:
        """A command's answers, in order. Its rulings are recorded already: when the platform
        cannot be reached, what is left (of a long message, the parts not sent) waits in the
        outbox, a private answer staying private, and goes out with the next round."""
        ours = [m for m in outputs if m.platform in self.messengers]
        try:
            for index, message in enumerate(ours):
                try:
                    await self._send(message, origin, message.at)
                except Interrupted as cut:
                    log.warning(
                        "%s unreachable (%s): %d answers wait in the outbox",
                        message.platform,
                        cut.cause,
                        len(ours) - index,
                    )
                    later = [replace(message, text=cut.rest), *ours[index + 1 :]]
                    await self.outbox.add(self._kept_for_later(later, origin))
                    break
                except Rejected as error:
                    log.warning("%s refused a %s: %s", message.platform, message.ruling_type, error)
        finally:
            if origin is not None and origin.platform in self.messengers:
                await self.messengers[origin.platform].finish(origin)

    def _kept_for_later(self, messages: list[Outgoing], origin: Origin | None) -> list[Outgoing]:
        """Answers sent later go where they would have gone: privately when asked
        privately, else to the channel the command was asked in."""
        if origin is None:
            return messages
        if origin.private:
            return [replace(m, kind="dm") if m.kind == "reply" else m for m in messages]
        asked_in = self.messengers[origin.platform].channel_of(origin)
        return [replace(m, channel=asked_in or m.channel) for m in messages]

    # ---- the outbox ---------------------------------------------------------------------
    async def deliver(self, outputs: list[Outgoing], now: datetime) -> None:
        """Messages already in the outbox (a timer's notices): each is marked delivered once
        sent, or kept for a later try."""
        for message in outputs:
            await self._from_outbox(message, 1, now)

    async def flush(self, now: datetime, limit: int = 25) -> None:
        """Send what waits in the outbox and is due: one round, small enough to end well
        within the lease its messages are claimed for, even at a group's send limit."""
        if not self.messengers:
            return
        for message, tries in await self.outbox.claim(self.platforms, now, limit):
            await self._from_outbox(message, tries, now)

    async def _from_outbox(self, message: Outgoing, tries: int, now: datetime) -> None:
        if message.platform not in self.messengers:
            return  # another process serves that platform
        try:
            await self._send(message, None, now)
        except (Interrupted, Rejected) as error:
            if message.outbox_id is None:
                return
            cause = error.cause if isinstance(error, Interrupted) else error
            rest = replace(message, text=error.rest) if isinstance(error, Interrupted) else message
            if await self.outbox.failed(
                rest,
                tries,
                now,
                f"{type(cause).__name__}: {cause}",
                final=isinstance(error, Rejected),
            ):
                log.error("message %s given up: %s", message.outbox_id, cause)
            return
        except Exception as error:  # a bug must not block the messages behind this one
            log.exception("delivery of outbox message %s failed", message.outbox_id)
            if message.outbox_id is not None:
                await self.outbox.failed(
                    message, tries, now, f"{type(error).__name__}: {error}", final=False
                )
            return
        if message.outbox_id is not None:
            await self.outbox.delivered([message.outbox_id], now)

    # ---- the card on screen -------------------------------------------------------------
    async def tick(self, now: datetime) -> None:
        """Once a minute: the message that shows each card on screen is edited with the time
        left (an edit notifies nobody); long mutes about to lapse are renewed."""
        await self.renew_mutes(now)
        actions: dict[str, tuple[Button, ...]] = {}  # the same buttons in each language
        for edit in await self.card_edits(now):
            if edit.lang not in actions:
                ruling = {"type": "card_tick", "player": edit.member}
                actions[edit.lang] = buttons("card_tick", ruling, edit.lang, self.translator)
            try:
                messenger = self.messengers[edit.platform]
                await messenger.edit(edit.where, messenger.inert(edit.text), actions[edit.lang])
            except (Unreachable, Rejected) as error:
                log.info("card edit failed: %s", error)

    async def card_edits(self, now: datetime) -> list[CardEdit]:
        """The edits of this minute, each with the message it edits. Reads only the
        discipline projection and the kept messages; writes nothing."""
        async with self.database.transaction() as tx:
            cards = await Store(tx).cards_on_screen(self.platforms)
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

    # ---- one message --------------------------------------------------------------------
    async def _send(self, message: Outgoing, origin: Origin | None, now: datetime) -> bool:
        """Send one message (in parts when long); True when something was sent."""
        messenger = self.messengers[message.platform]
        target = await self._route(message, origin)
        sent = await self._send_to(messenger, message, target, origin)
        if sent is None and target.where == "private":  # his private chat is closed
            fallback = Target("group", message.chat, message.channel)
            sent = await self._send_to(messenger, message, fallback, None, ping=message.to)
        if sent is None:
            return False
        try:
            await self._after_sent(messenger, message, sent, now)
        except Exception:  # it is out: whatever follows must not send it a second time
            log.exception("after sending a %s", message.ruling_type)
        return True

    async def _send_to(
        self,
        messenger: Messenger,
        message: Outgoing,
        target: Target,
        origin: Origin | None,
        ping: str | None = None,
    ) -> Sent | None:
        """The message in parts within the platform's limits (room kept for a ping's
        prefix); the first part carries the picture, the last the buttons. When the
        platform cannot be reached in the middle, :class:`Interrupted` says what is left."""
        kind = kind_of(message.ruling_type)
        limits = messenger.limits
        pictured = message.ruling is not None and kind.has_picture(message.ruling)
        room = min(PING_ROOM, limits.text // 4) if ping else 0
        paged = kind.paged and messenger.pages
        parts = split_text(
            messenger.inert(message.text),
            (limits.caption if pictured and paged else limits.text) - room,  # pages swap in place
            limits.caption - room if pictured else None,
        )
        pager: tuple[Button, ...] = ()
        if paged and len(parts) > 1:  # the first page now, the others when asked for
            pager = await self._keep_pages(message, parts)
            parts = parts[:1]
        first: Sent | None = None
        for number, text in enumerate(parts):
            last = number == len(parts) - 1
            envelope = self._envelope(
                message, target, text, origin, part=number, last=last, ping=ping
            )
            if number > 0 or not pictured:
                envelope = replace(envelope, picture=None, picture_key=None)
            if not last:
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

    async def _keep_pages(self, message: Outgoing, parts: list[str]) -> tuple[Button, ...]:
        async with self.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(message.platform, message.chat)
            if community is None:
                return ()
            paged = await store.add_pages(community.id, message.lang, parts, message.at)
        return page_buttons(paged, 1, len(parts), message.lang, self.translator)

    async def page(self, paged: int, number: int) -> tuple[str, tuple[Button, ...]] | None:
        """Page ``number`` (from 1) of a long answer, with the buttons to its neighbours;
        None when there is no such page."""
        async with self.database.transaction() as tx:
            found = await Store(tx).pages(paged)
        if found is None or not 1 <= number <= len(found[1]):
            return None
        lang, parts = found
        return parts[number - 1], page_buttons(paged, number, len(parts), lang, self.translator)

    def _envelope(
        self,
        message: Outgoing,
        target: Target,
        text: str,
        origin: Origin | None,
        *,
        part: int = 0,
        last: bool = True,
        ping: str | None = None,
    ) -> Envelope:
        kind = kind_of(message.ruling_type)
        picture = None
        key = file_name = None
        if kind.picture is not None and message.ruling is not None:
            file_name = message.ruling.get("file") or f"{message.ruling_type}.png"
            picture = self._drawer(message)
            key = json.dumps(
                [message.ruling, message.lang, message.names, message.tz],
                sort_keys=True,
                default=str,
            )
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
            ping=ping,
            part=part,
            last=last,
        )

    def _drawer(self, message: Outgoing) -> Callable[[], bytes | None]:
        def draw() -> bytes | None:
            from bot.pictures import picture_for  # drawing loads Pillow and matplotlib

            try:
                return picture_for(
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

    async def _route(self, message: Outgoing, origin: Origin | None) -> Target:
        """A reply goes where the command was asked (a private chat included); a DM to the
        member's private chat when he has one, else to the group; anything else to the
        group."""
        group = Target("group", message.chat, message.channel)
        if message.kind == "reply" and origin is not None and origin.private and message.to:
            return Target("private", message.chat, user=message.to)
        if message.kind != "dm" or message.to is None:
            return group
        options = self.options[message.platform]
        if options.private_needs_opening:
            async with self.database.transaction() as tx:
                opened, _ = await Store(tx).private_chat(message.platform, message.to)
            if not opened:
                return group
        return Target("private", message.chat, user=message.to)

    async def _after_sent(
        self, messenger: Messenger, message: Outgoing, sent: Sent, now: datetime
    ) -> None:
        kind = kind_of(message.ruling_type)
        options = self.options[message.platform]
        if kind.tracked and message.to:
            await self._remember(message, kind, sent)
        if kind.moderator_log and options.log_channel:
            copy = Target("log", message.chat, options.log_channel)
            try:
                await messenger.send(
                    replace(
                        self._envelope(message, copy, message.text, None),
                        buttons=(),
                        picture=None,
                        picture_key=None,
                    )
                )
            except (Unreachable, Rejected, PrivateClosed) as error:
                log.warning("moderators' log copy failed: %s", error)
        if kind.effect is not None and options.effects and message.ruling:
            effect = kind.effect(message.ruling)
            if effect is not None:
                effect = await self._still_due(message, effect, now)
            if effect is not None:
                await self._apply(messenger, message, effect, now)

    async def _still_due(self, message: Outgoing, effect: Effect, now: datetime) -> Effect | None:
        """A message sent late must not undo what came after it (a stop's notice after its
        lift): the member's record, now, decides the mute and its end."""
        async with self.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(message.platform, message.chat)
            if community is None:
                return None
            until = (await store.discipline(community.id, effect.player)).stop_until(now)
        if isinstance(effect, Mute):
            if until is None or until - now < SHORTEST_MUTE:
                return None  # over, or so nearly over that a platform would take it as forever
            return Mute(effect.player, until, effect.reason)
        return effect if until is None else None

    async def _remember(self, message: Outgoing, kind: Kind, sent: Sent) -> None:
        assert kind.tracked is not None and message.to is not None
        async with self.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(message.platform, message.chat)
            if community is not None:
                await store.remember_message(
                    community.id, message.to, kind.tracked, sent.chat, sent.message_id
                )

    async def _apply(
        self, messenger: Messenger, message: Outgoing, effect: Mute | Unmute, now: datetime
    ) -> None:
        """The ruling's effect on the platform; a refusal is recorded in the moderators' log
        and said in the chat, never only logged. A mute longer than the platform keeps one
        is applied for as long as it can, and renewed as it lapses (:meth:`renew_mutes`)."""
        try:
            if isinstance(effect, Mute):
                await self._mute(messenger, message.platform, message.chat, effect, now)
            else:
                await self._plan_renewal(message.platform, message.chat, effect.player, None)
                await messenger.unmute(message.chat, effect.player, effect.reason)
        except (EffectFailed, Unreachable, Rejected) as error:
            action = "mute_failed" if isinstance(effect, Mute) else "unmute_failed"
            log.warning("%s of %s in %s: %s", action, effect.player, message.chat, error)
            await self._effect_failed(message, effect.player, action, str(error))

    async def _mute(
        self, messenger: Messenger, platform: str, chat: str, effect: Mute, now: datetime
    ) -> None:
        longest = messenger.longest_mute
        until = effect.until
        renew_at = None
        if longest is not None and until - now > longest:
            until = now + longest
            renew_at = until - RENEW_AHEAD
        await messenger.mute(chat, effect.player, until, effect.reason)
        await self._plan_renewal(platform, chat, effect.player, renew_at)

    async def _plan_renewal(
        self, platform: str, chat: str, player: str, at: datetime | None
    ) -> None:
        async with self.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(platform, chat)
            if community is None:
                return
            if at is None:
                await store.forget_mute_renewal(community.id, player)
            else:
                await store.plan_mute_renewal(community.id, player, at)

    async def renew_mutes(self, now: datetime) -> None:
        """Mutes the platform is about to let lapse while their stop goes on: applied again,
        for as long as the platform keeps one (Discord: 28 days)."""
        async with self.database.transaction() as tx:
            due = await Store(tx).due_mute_renewals(self.platforms, now)
        for community_id, platform, chat, player in due:
            async with self.database.transaction() as tx:
                until = (await Store(tx).discipline(community_id, player)).stop_until(now)
            messenger = self.messengers[platform]
            try:
                if until is None or until - now < SHORTEST_MUTE:
                    await self._plan_renewal(platform, chat, player, None)
                    continue
                await self._mute(messenger, platform, chat, Mute(player, until), now)
            except (EffectFailed, Unreachable, Rejected) as error:
                log.warning("renewing the mute of %s in %s: %s", player, chat, error)

    async def _effect_failed(self, message: Outgoing, player: str, action: str, why: str) -> None:
        async with self.database.transaction() as tx:
            store = Store(tx)
            community = await store.community(message.platform, message.chat)
            if community is None:
                return
            await store.audit(community.id, message.at, BOT, action, player, why[:300], None)
        name = message.names.get(player, player)
        lang = self.translator.language(message.lang)
        text = self.translator.format(
            lang, f"delivery-{action.replace('_', '-')}", {"player": name}
        )
        notice = replace(
            message,
            kind="notice",
            to=None,
            to_name=None,
            text=text,
            ruling=None,
            ruling_type=None,
            outbox_id=None,
        )
        try:
            await self._send(notice, None, message.at)
        except (Interrupted, Rejected) as error:
            log.warning("could not say that the %s failed: %s", action, error)


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
        self.log_channel = log_channel  # the moderators' log channel, where there is one
        # a private chat exists only once the member opened it (Telegram); else try and see
        self.private_needs_opening = private_needs_opening


__all__ = ["Delivery", "DeliveryOptions"]
