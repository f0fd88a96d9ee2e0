"""The delivery layer, through a strict test Messenger: where each message goes, limits,
the outbox (retries, dead letters), effects, the moderators' log, the card edits, and a
platform that is nothing but a Messenger and an incoming mapping."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest

from bot.delivery import (
    Delivery,
    DeliveryOptions,
    EffectFailed,
    Limits,
    MissingRight,
    Unreachable,
    Viewer,
)
from bot.delivery.outbox import EFFECT_FIRST_PAUSE, MAX_ATTEMPTS, pause_after
from bot.handlers import Author, Incoming
from bot.storage.store import Store
from tests.conftest import Chat
from tests.delivery.recording import RecordingMessenger


def register(chat: Chat, **options) -> RecordingMessenger:
    limits = options.pop("limits", None)
    messenger = RecordingMessenger(limits=limits) if limits else RecordingMessenger()
    chat.app.delivery.register(messenger, DeliveryOptions(**options))
    return messenger


async def say(chat: Chat, name: str, text: str) -> None:
    """Said in the chat: the answers are recorded with the command, then sent."""
    await chat.say(name, text)


async def advance(chat: Chat, delta: timedelta) -> None:
    """The clock moves on; what falls due is fired, and sent, at its instant."""
    await chat.advance(delta)


async def outbox_rows(chat: Chat) -> list[tuple]:
    async with chat.app.database.transaction() as tx:
        return await tx.fetchall(
            "SELECT id, delivered_at, dead_at, attempts, last_error FROM outbox ORDER BY id"
        )


async def audit_actions(chat: Chat) -> list[str]:
    async with chat.app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        return [row[3] for row in await store.rulings.audit_log(community.id, 100)]


# ---- where messages go ------------------------------------------------------------------
async def test_a_dm_to_a_closed_private_chat_falls_back_to_the_group_pinging_him(chat):
    messenger = register(chat)
    messenger.private_closed.add("pia")
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/stop @pia 2h spam")
    await advance(chat, timedelta(hours=1, minutes=1))
    [reminder] = [r for r in messenger.sent if r.ruling_type == "stop_reminder"]
    assert (reminder.target, reminder.ping) == ("group", "pia")
    await advance(chat, timedelta(hours=1))
    [ended] = [r for r in messenger.sent if r.ruling_type == "stop_ended"]
    assert ended.target == "group" and ended.ping == "pia"


async def test_a_dm_goes_privately_when_the_private_chat_is_open(chat):
    messenger = register(chat)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/stop @pia 2h spam")
    await advance(chat, timedelta(hours=1, minutes=1))
    [reminder] = [r for r in messenger.sent if r.ruling_type == "stop_reminder"]
    assert (reminder.target, reminder.user, reminder.ping) == ("private", "pia", None)


async def test_a_platform_that_needs_an_opened_private_chat_uses_the_group_until_then(chat):
    messenger = register(chat, private_needs_opening=True)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/stop @pia 2h spam")
    await advance(chat, timedelta(hours=1, minutes=1))
    [reminder] = [r for r in messenger.sent if r.ruling_type == "stop_reminder"]
    assert reminder.target == "group"
    await chat.app.layer.open_private_chat("console", "pia")
    await advance(chat, timedelta(hours=1))
    [ended] = [r for r in messenger.sent if r.ruling_type == "stop_ended"]
    assert (ended.target, ended.user) == ("private", "pia")


# ---- limits -----------------------------------------------------------------------------
async def test_a_long_answer_is_split_within_the_limit_and_nothing_is_lost(chat):
    messenger = register(chat, limits=Limits(text=120, caption=60))
    out = await chat.say("alice", "/help")
    whole = out[0].text
    assert len(whole) > 500
    parts = messenger.texts()
    assert len(parts) >= len(whole) // 120
    assert all(0 < len(part) <= 120 for part in parts)
    assert "\n".join(parts).split() == whole.split()


async def test_buttons_stand_under_the_last_part_only(chat):
    messenger = register(chat, limits=Limits(text=40, caption=40))
    await say(chat, "alice", "/open fibur 1v1 2")
    parts = [r for r in messenger.sent if r.ruling_type == "table_opened"]
    assert len(parts) > 1
    assert [r.buttons for r in parts] == [[]] * (len(parts) - 1) + [["sit:1"]]


async def test_a_long_caption_is_cut_and_the_rest_follows_as_text(chat):
    messenger = register(chat, limits=Limits(text=4096, caption=30))
    await say(chat, "alice", "/open fibur 1v1 2")
    await say(chat, "alice", "/sit 1")
    await say(chat, "bob", "/sit 1")
    await say(chat, "mod", "/result 1 vp 13 7")
    await say(chat, "alice", "/standings")
    parts = [r for r in messenger.sent if r.ruling_type == "standings"]
    assert parts[0].picture and len(parts[0].text) <= 30
    assert len(parts) > 1 and not any(r.picture for r in parts[1:])


# ---- the outbox -------------------------------------------------------------------------
async def test_an_answer_the_platform_cannot_take_goes_out_later_once(chat):
    messenger = register(chat)
    messenger.unreachable = 1
    await say(chat, "alice", "/open fibur 1v1 2")
    assert messenger.sent == []
    [(_, delivered, dead, _, _)] = await outbox_rows(chat)
    assert delivered is None and dead is None
    await chat.app.delivery.flush(chat.now)
    assert messenger.sent == []  # not before its pause
    await chat.app.delivery.flush(chat.now + pause_after(1))
    assert any("Table 1" in t for t in messenger.texts())
    await chat.app.delivery.flush(chat.now + timedelta(hours=1))
    assert sum("Table 1" in t for t in messenger.texts()) == 1


async def test_retries_back_off_then_the_message_is_dead_and_reported(chat):
    messenger = register(chat)
    messenger.unreachable = 10**6
    await say(chat, "alice", "/open fibur 1v1 2")
    now = chat.now
    for tries in range(1, MAX_ATTEMPTS + 1):
        await chat.app.delivery.flush(now)
        await chat.app.delivery.flush(now)  # too soon: not tried again
        [(_, _, dead, attempts, error)] = await outbox_rows(chat)
        assert attempts == tries and "Unreachable" in error
        assert (dead is None) == (tries < MAX_ATTEMPTS)
        now += pause_after(tries)
    messenger.unreachable = 0
    await chat.app.delivery.flush(now + timedelta(days=1))
    assert messenger.sent == []  # dead: never sent again
    assert "undeliverable" in await audit_actions(chat)


async def test_a_message_refused_for_good_is_dead_at_once_and_blocks_nothing(chat):
    messenger = register(chat)
    messenger.unreachable = 2
    await say(chat, "alice", "/open fibur 1v1 2")
    await say(chat, "bob", "/open fibur 1v1 2")
    messenger.reject = True
    await chat.app.delivery.flush(chat.now + pause_after(1))
    rows = await outbox_rows(chat)
    assert all(dead is not None for _, _, dead, _, _ in rows)
    assert [attempts for _, _, _, attempts, _ in rows] == [2, 2]  # sent at once, then again
    messenger.reject = False
    await say(chat, "carol", "/open fibur 1v1 2")  # what comes after is not held up
    assert any("Table 3" in t for t in messenger.texts())


async def test_the_outbox_of_a_platform_without_a_messenger_here_is_left_alone(chat):
    """A notice for a platform this process does not serve is recorded for the process
    that does: never claimed, never marked sent here."""
    register(chat)
    other = RecordingMessenger(platform="elsewhere")
    mod = Author("vera", "vera", None, True)
    await chat.app.layer.handle(
        Incoming("elsewhere", "room", mod, "/lang it", chat.now, names_are_keys=True)
    )
    await chat.say("alice", "/help sit")  # one for here: sent at once
    await chat.app.delivery.flush(chat.now + timedelta(hours=1))
    rows = await outbox_rows(chat)
    assert [delivered is not None for _, delivered, _, _, _ in rows] == [False, True]
    assert [attempts for _, _, _, attempts, _ in rows] == [0, 1]  # nobody tried it here
    chat.app.delivery.register(other)
    await chat.app.delivery.flush(chat.now)
    assert len(other.sent) == 1 and other.sent[0].ruling_type == "lang"


async def test_a_long_message_interrupted_goes_on_from_where_it_stopped(chat):
    messenger = register(chat, limits=Limits(text=120, caption=60))
    messenger.reject = True
    whole = (await chat.say("alice", "/help"))[0].text  # its parts refused: no part sent
    messenger.reject = False
    messenger.down_after = 2  # two parts go out, then the platform is down
    await chat.say("alice", "/help")
    assert len(messenger.sent) == 2
    messenger.down_after = None
    await chat.app.delivery.flush(chat.now + pause_after(1))
    parts = messenger.texts()
    assert "\n".join(parts).split() == whole.split()  # every line once, none twice
    await chat.app.delivery.flush(chat.now + timedelta(hours=1))
    assert messenger.texts() == parts


async def test_a_ping_never_pushes_a_part_over_the_limit(chat):
    messenger = register(chat, limits=Limits(text=48, caption=48))
    messenger.private_closed.add("pia")
    await say(chat, "pia", "x")
    await say(chat, "mod", "/stop @pia 2h spam")
    await advance(chat, timedelta(hours=2, minutes=1))
    pinged = [r for r in messenger.sent if r.ping == "pia"]
    assert len(pinged) > 2 and all(len(f"pia: {r.text}") <= 48 for r in pinged)


# ---- effects and the moderators' log ----------------------------------------------------
async def test_a_manual_stop_mutes_until_its_end_and_a_lift_unmutes(chat):
    messenger = register(chat)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/stop @pia 2h spam")
    [(where, who, until, reason)] = messenger.mutes
    assert (where, who, reason) == ("main", "pia", "by mod: spam")  # the moderator named
    assert until == chat.now.astimezone(UTC) + timedelta(hours=2)
    await say(chat, "mod", "/lift @pia apologised")
    assert messenger.mutes[-1] == ("main", "pia", None, "by mod: apologised")


async def test_a_stop_muted_late_is_not_muted_after_the_lift(chat):
    messenger = register(chat)
    await say(chat, "pia", "spam")
    messenger.action_failures = [Unreachable("502 Bad Gateway")]  # the mute waits its turn
    await say(chat, "mod", "/stop @pia 2h spam")
    assert any(r.ruling_type == "stop" for r in messenger.sent)  # said at once all the same
    await say(chat, "mod", "/lift @pia sorry")  # the lift unmutes
    assert messenger.mutes == [("main", "pia", None, "by mod: sorry")]
    await chat.app.delivery.flush(chat.now + timedelta(minutes=1))
    assert messenger.mutes == [("main", "pia", None, "by mod: sorry")]  # nobody muted again


async def test_a_stop_longer_than_the_platform_keeps_a_mute_is_muted_again_as_it_lapses(chat):
    messenger = register(chat)
    messenger.longest_mute = timedelta(days=28)  # as on Discord
    await say(chat, "pia", "spam")
    await say(chat, "mod", "/stop @pia 100d spam")
    end = chat.now.astimezone(UTC) + timedelta(days=100)
    [(_, _, first, _)] = messenger.mutes
    assert first == chat.now.astimezone(UTC) + timedelta(days=28)
    now = chat.now.astimezone(UTC)
    while now < end + timedelta(days=1):  # a tick a day, as each minute's would
        now += timedelta(days=1)
        await chat.app.delivery.tick(now)
    untils = [until for _, _, until, _ in messenger.mutes]
    assert untils[-1] == end and len(untils) == 4  # 28 + 28 + 28 + the last 16 days
    assert all(b - a <= timedelta(days=28) for a, b in pairwise(untils))


async def test_a_lifted_long_stop_is_not_renewed(chat):
    messenger = register(chat)
    messenger.longest_mute = timedelta(days=28)
    await say(chat, "pia", "spam")
    await say(chat, "mod", "/stop @pia 100d spam")
    await say(chat, "mod", "/lift @pia sorry")
    await chat.app.delivery.tick(chat.now.astimezone(UTC) + timedelta(days=30))
    assert [until for _, _, until, _ in messenger.mutes][1:] == [None]


async def test_no_effect_where_the_platform_is_told_so(chat):
    messenger = register(chat, effects=False)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/stop @pia 2h spam")
    assert messenger.mutes == []


async def test_a_refused_mute_is_recorded_and_said_in_the_chat(chat):
    messenger = register(chat)
    messenger.refuse_mutes = True
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/stop @pia 2h spam")
    assert "mute_failed" in await audit_actions(chat)
    assert any("could not" in t or "would not let me mute" in t for t in messenger.texts())


async def test_moderator_rulings_are_copied_to_the_log_channel(chat):
    messenger = register(chat, log_channel="mod-log")
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/stop @pia 2h spam")
    await say(chat, "alice", "/open fibur 1v1 2")
    logged = [r for r in messenger.sent if r.target == "log"]
    assert [r.ruling_type for r in logged] == ["stop"]


# ---- the card on screen -----------------------------------------------------------------
async def test_the_message_showing_a_card_is_edited_with_the_time_left(chat):
    messenger = register(chat)
    await say(chat, "alice", "/open fibur 1v1 2")
    await say(chat, "alice", "/sit 1")
    await say(chat, "bob", "/sit 1")
    await say(chat, "alice", "/abandon 1")
    [card] = [i for i, r in enumerate(messenger.sent) if r.ruling_type == "card_shown"]
    await chat.app.delivery.tick(chat.now + timedelta(seconds=150))
    [(where, text)] = messenger.edits
    assert where.message_id == card + 1
    assert "13 minutes" in text and "alice" in text
    await say(chat, "alice", "/leave")
    await chat.app.delivery.tick(chat.now + timedelta(minutes=1))
    assert len(messenger.edits) == 1  # off screen: nothing to edit


# ---- a new platform ---------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["it", "ru"])
async def test_a_new_platform_is_a_messenger_and_an_incoming_mapping(app, lang):
    """A platform nobody wrote before: its messages arrive as Incoming, its answers leave
    through its Messenger; scheduled notices too."""
    fake = RecordingMessenger(platform="fakechat")
    app.delivery.register(fake)
    at = datetime(2026, 5, 4, 20, tzinfo=UTC)
    mod = Author("7", "vera", 7, is_admin=True)
    incoming = Incoming(
        "fakechat",
        "room-1",
        mod,
        "/stop @id8 1h flood",
        at,
        mentions={"id8": Author("8", "ugo", 8)},
        defaults={"rulebook": "burraco", "lang": lang},
    )
    await app.layer.handle(incoming)
    notice, told = fake.sent  # the stop, and its copy to the member, privately
    assert notice.ruling_type == "stop" and "ugo" in notice.text
    assert (told.target, told.user, told.ruling_type) == ("private", "8", "stop")
    assert fake.mutes[0][:2] == ("room-1", "8")
    due = await app.timers.next_due()
    assert due is not None
    await app.timers.fire_due(due + timedelta(hours=1))
    assert {r.ruling_type for r in fake.sent} >= {"stop_ended"}


async def test_a_long_list_is_shown_a_page_at_a_time_and_every_page_can_be_turned_to(chat):
    messenger = register(chat, limits=Limits(text=300, caption=300))
    messenger.pages = True
    for n in range(30):
        await chat.say(f"p{n:02d}", "hello")
        await chat.say("mod", f"/stop @p{n:02d} 2h spam")
    messenger.sent.clear()
    out = await chat.say("mod", "/stops")
    [first] = messenger.sent  # one page, not thirty rows in several messages
    [next_page] = first.buttons
    verb, token, number = next_page.split(":")
    assert (verb, number) == ("page", "2") and len(token) == 16  # a token nobody can guess
    here = Viewer("console", chat.chat, "mod")  # the stops are the moderator's to read
    shown, number_wanted = [first.text], 2
    while True:
        turned = await chat.app.delivery.turn_page(token, number_wanted, here)
        if turned.refused is not None:
            assert turned.refused == "expired"
            break
        assert len(turned.text) <= 300
        assert any(b.data == f"page:{token}:{number_wanted - 1}" for b in turned.buttons)
        shown.append(turned.text)
        number_wanted += 1
    assert "\n".join(shown).split() == out[0].text.split()  # every row, once
    assert (await chat.app.delivery.turn_page(token, 0, here)).refused == "expired"


async def test_a_page_is_turned_only_in_its_chat_and_an_answer_for_one_only_by_him(chat):
    """The page buttons carry a token; pressed from another chat, or by another member for
    an answer meant for one (his history), the press turns nothing."""
    messenger = register(chat, limits=Limits(text=200, caption=200))
    messenger.pages = True
    for n in range(12):
        await chat.say(f"p{n:02d}", "hello")
        await chat.say("mod", f"/stop @p{n:02d} 2h spam")
        await chat.say("mod", f"/rules add Rule {n}: be kind to everyone at the table")
    messenger.sent.clear()
    await chat.say("eve", "/rules")  # for the whole chat
    await chat.say("mod", "/history @p00")  # for the moderator who asked
    await chat.say("mod", "/log")
    tokens = {
        record.ruling_type: record.buttons[0].split(":")[1]
        for record in messenger.sent
        if record.buttons
    }
    public, private = tokens["chat_rules"], tokens["log"]
    assert (await chat.app.delivery.turn_page(public, 2, Viewer("console", chat.chat, "eve"))).text
    for elsewhere in (Viewer("console", "other", "mod"), Viewer("telegram", chat.chat, "mod")):
        assert (await chat.app.delivery.turn_page(public, 2, elsewhere)).refused == "expired"
    in_private = Viewer("console", None, "eve")  # a group's answer pressed in a private chat
    assert (await chat.app.delivery.turn_page(public, 2, in_private)).refused == "expired"
    eve = Viewer("console", chat.chat, "eve")
    assert (await chat.app.delivery.turn_page(private, 2, eve)).refused == "not_yours"
    mod = Viewer("console", chat.chat, "mod")
    assert (await chat.app.delivery.turn_page(private, 2, mod)).refused is None


async def test_a_list_longer_than_fluent_takes_is_paged_whole(mcr_chat):
    """Fluent refuses a value of over 2,500 characters ("{???}"): 300 names are put in after
    formatting, and the pages hold every one of them."""
    chat = mcr_chat
    messenger = register(chat, limits=Limits(text=4096, caption=1024))
    messenger.pages = True
    names = [f"player_number_{n:03d}" for n in range(300)]
    await chat.say("ref", '/tournament "Spring Open" 4')
    for start in range(0, 300, 50):
        await chat.say("ref", "/register " + " ".join(f"@{n}" for n in names[start : start + 50]))
    messenger.sent.clear()
    await chat.say("ref", "/players")
    [first] = messenger.sent
    here = Viewer("console", chat.chat, "ref")
    shown = [first.text]
    token = first.buttons[0].split(":")[1]
    for number in range(2, 10):
        turned = await chat.app.delivery.turn_page(token, number, here)
        if turned.refused is not None:
            break
        shown.append(turned.text)
    text = "\n".join(shown)
    assert len(shown) >= 2 and "???" not in text
    assert all(name in text for name in names)


async def test_a_command_runs_one_way_in_two_transactions(chat, monkeypatch):
    """Adapter → command layer → delivery → adapter: the command's own transaction (which
    records what it says) and the one that settles what was sent; storage is entered at most
    three times on the way, never to look the community up again."""
    from bot.storage import store as storage

    register(chat)
    await say(chat, "bob", "hello")
    opened, entered = [], []
    transaction = chat.app.database.transaction

    def counted_transaction(*args, **kwargs):
        opened.append(1)
        return transaction(*args, **kwargs)

    monkeypatch.setattr(chat.app.database, "transaction", counted_transaction)
    real_init = storage.Store.__init__

    def counted_init(self, tx):
        entered.append(1)
        real_init(self, tx)

    monkeypatch.setattr(storage.Store, "__init__", counted_init)
    for said in (
        ("alice", "/open fibur 1v1 2"),  # a notice
        ("alice", "/sit 1"),
        ("bob", "/sit 9"),  # refused
        ("mod", "/stop @bob 2h insults"),  # a notice, the log, an effect
        ("alice", "/profile"),  # an answer with a picture
    ):
        name, text = said
        author = Author(name, name, None, name in chat.admins, (), None)
        opened.clear()
        entered.clear()
        await chat.app.layer.handle(
            Incoming("console", chat.chat, author, text, chat.now, names_are_keys=True)
        )
        chat.now += timedelta(seconds=10)
        assert len(opened) <= 2 and len(entered) <= 3, (said, len(opened), len(entered))


# ---- chat moderation's effects ------------------------------------------------------------
async def test_bans_kicks_and_their_end_reach_the_platform(chat):
    messenger = register(chat)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "ugo", "hello")
    await say(chat, "mod", "/ban @pia 2d spam")
    await say(chat, "mod", "/kick @ugo flooding")
    await advance(chat, timedelta(days=2, minutes=1))
    end = messenger.removals[0][3]
    assert end is not None
    assert [(member, action) for _, member, action, _ in messenger.removals] == [
        ("pia", "ban"),
        ("ugo", "kick"),
        ("pia", "readmit"),
    ]


async def test_a_mute_outlasting_a_lifted_stop_keeps_the_member_silent(chat):
    """An unmute is sent only when nothing holds him any more: a stop lifted during a
    longer mute leaves the mute on the platform."""
    messenger = register(chat)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/mute @pia 5h spam")
    await say(chat, "mod", "/stop @pia 2h spam")
    await say(chat, "mod", "/lift @pia sorry")
    assert [until for _, _, until, _ in messenger.mutes if until is None] == []


async def test_a_ladder_mute_during_a_longer_mute_changes_nothing_on_the_platform(chat):
    """A warning whose step mutes for an hour (by /warn, or the blocklist's), given while a
    moderator's day-long mute runs: the platform keeps the day, and is asked nothing more."""
    messenger = register(chat)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/blocklist add casino action=warn")
    await say(chat, "mod", "/mute @pia 1d insults")
    day = chat.now.astimezone(UTC) + timedelta(days=1)
    await say(chat, "mod", "/warn @pia spam")
    out = await chat.say("pia", "casino tonight")  # the blocklist's warning: the second
    assert Chat.one(out, "muted")["until"] == (chat.now + timedelta(hours=1)).isoformat()
    assert [(who, until) for _, who, until, _ in messenger.mutes] == [("pia", day)]
    await advance(chat, timedelta(hours=1, minutes=1))  # the ladder's hour over: still silent
    assert [(who, until) for _, who, until, _ in messenger.mutes] == [("pia", day)]


async def test_a_refused_ban_names_the_right_the_bot_lacks(chat):
    messenger = register(chat)
    messenger.refuse_removals = True
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/ban @pia spam")
    assert "ban_failed" in await audit_actions(chat)
    assert any("The right I lack: ban members." in t for t in messenger.texts())


async def test_a_report_goes_to_the_moderators_log_alone_with_its_buttons(chat):
    messenger = register(chat, log_channel="mod-log")
    await say(chat, "pia", "cheap followers here")
    await say(chat, "ann", "/report @pia spam")
    [report] = [r for r in messenger.sent if r.ruling_type == "report"]
    assert (report.target, report.chat) == ("log", "main")
    number = int(report.buttons[0].partition(":")[2])
    assert report.buttons == [
        f"dismiss:{number}",
        f"report_warn:{number}",
        f"report_mute:{number}",
        f"report_ban:{number}",
    ]
    assert all(r.target != "group" for r in messenger.sent if r.ruling_type == "report")


async def test_a_mute_longer_than_the_platform_keeps_one_is_renewed_to_its_end(chat):
    messenger = register(chat)
    messenger.longest_mute = timedelta(days=28)
    await say(chat, "pia", "cheap followers here")
    await say(chat, "mod", "/mute @pia 60d spam")
    end = chat.now.astimezone(UTC) + timedelta(days=60)
    now = chat.now.astimezone(UTC)
    while now < end + timedelta(days=1):
        now += timedelta(days=1)
        await chat.app.delivery.tick(now)
    untils = [until for _, _, until, _ in messenger.mutes]
    assert untils[-1] == end and len(untils) == 3  # 28 + 28 + the last 4 days


async def _expelled(chat: Chat, player: str) -> None:
    """Two abandonments in a day: the rulebook's 24-hour stop (RULES §1.8), no moderator's."""
    for _ in range(2):
        out = await chat.say("bob", "/open fibur 1v1 2")
        table = Chat.one(out, "table_opened")["table"]
        await chat.say(player, f"/sit {table}")
        await chat.say("bob", f"/sit {table}")
        await chat.say(player, f"/abandon {table}")
        await chat.advance(timedelta(minutes=16))  # his card served
    assert (await chat.say(player, "/sit 9"))[-1].ruling["reason"] == "stopped"


async def test_a_rulebook_s_stop_keeps_from_the_tables_not_from_the_chat(chat):
    """A mute lasts as long as it says, whatever automatic stop holds the member, and
    /unmute gives him the chat back at once (the stop still keeps him from the tables)."""
    messenger = register(chat)
    await _expelled(chat, "pia")
    assert messenger.mutes == []  # an abandonment's stop mutes nobody
    await say(chat, "mod", "/mute @pia 1h spam")
    [(_, who, until, _)] = messenger.mutes
    assert (who, until) == ("pia", chat.now.astimezone(UTC) + timedelta(hours=1))
    await say(chat, "mod", "/unmute @pia calmer")
    assert messenger.mutes[-1] == ("main", "pia", None, "by mod: calmer")


# ---- measures are decisions: carried out whatever becomes of their notices ------------------
# each measure: what sets it up, the command, and the action the platform is asked for
MEASURES = {
    "mute": ((), "/mute @pia 2h spam", ("mute", "pia")),
    "unmute": (("/mute @pia 2h spam",), "/unmute @pia sorry", ("unmute", "pia")),
    "ban": ((), "/ban @pia spam", ("ban", "pia")),
    "unban": (("/ban @pia spam",), "/unban @pia sorry", ("unban", "pia")),
    "kick": ((), "/kick @pia spam", ("kick", "pia")),
    "slowmode": ((), "/slowmode 30 busy", ("slowmode", "main")),  # the chat's only room
}
measures = pytest.mark.parametrize("measure", sorted(MEASURES))


async def _before(chat: Chat, measure: str) -> tuple[RecordingMessenger, str, tuple[str, str]]:
    messenger = register(chat)
    setup, command, action = MEASURES[measure]
    await say(chat, "pia", "cheap followers here")
    for said in setup:
        await say(chat, "mod", said)
    messenger.actions.clear()
    return messenger, command, action


@measures
async def test_a_measure_is_carried_out_when_its_notices_are_refused(chat, measure):
    messenger, command, action = await _before(chat, measure)
    messenger.reject = True  # 400 on every message (a closed topic, a chat gone)
    await say(chat, "mod", command)
    assert messenger.actions == [action]


@measures
async def test_a_measure_is_carried_out_when_its_notice_waits(chat, measure):
    messenger, command, action = await _before(chat, measure)
    messenger.unreachable = 10  # the notice cannot go now
    await say(chat, "mod", command)
    assert messenger.actions == [action]


@measures
async def test_a_rate_limited_measure_is_tried_again_when_the_platform_says(chat, measure):
    messenger, command, action = await _before(chat, measure)
    messenger.action_failures = [Unreachable("429 Too Many Requests", retry_after=7)]
    await say(chat, "mod", command)
    assert messenger.actions == []
    await chat.app.delivery.flush(chat.now + timedelta(seconds=6))
    assert messenger.actions == []  # not before the platform said
    await chat.app.delivery.flush(chat.now + timedelta(seconds=7))
    assert messenger.actions == [action]
    await chat.app.delivery.flush(chat.now + timedelta(hours=1))
    assert messenger.actions == [action]  # once


@measures
@pytest.mark.parametrize("failure", ["502 Bad Gateway", "timed out"])
async def test_a_measure_the_platform_cannot_take_now_is_tried_again_with_a_pause(
    chat, measure, failure
):
    messenger, command, action = await _before(chat, measure)
    messenger.action_failures = [Unreachable(failure), Unreachable(failure)]
    await say(chat, "mod", command)
    now = chat.now
    await chat.app.delivery.flush(now + EFFECT_FIRST_PAUSE)  # the second failure
    await chat.app.delivery.flush(now + EFFECT_FIRST_PAUSE * 2)  # too soon: it grows
    assert messenger.actions == []
    await chat.app.delivery.flush(now + EFFECT_FIRST_PAUSE * 3)
    assert messenger.actions == [action]


@measures
async def test_a_measure_recorded_before_a_restart_is_carried_out_after_it(chat, measure):
    messenger, command, action = await _before(chat, measure)
    delivery = chat.app.delivery

    async def stopped(*args, **kwargs):  # the process ends between commit and sending
        return []

    delivery.dispatch = stopped  # type: ignore[method-assign]
    await say(chat, "mod", command)
    del delivery.dispatch
    assert messenger.actions == []
    restarted = Delivery(chat.app.database, chat.app.layer.translator, node="restarted")
    again = RecordingMessenger(reject=True)  # and its notice is refused after the restart
    restarted.register(again, DeliveryOptions())
    await restarted.release_leases(all_holders=True)
    await restarted.flush(chat.now + timedelta(seconds=1))
    assert again.actions == [action]
    assert messenger.actions == []


@measures
async def test_a_measure_refused_for_good_is_in_the_log_with_its_reason_in_words(chat, measure):
    messenger, command, _ = await _before(chat, measure)
    messenger.action_failures = [EffectFailed("400 Bad Request: user not found", "gone")]
    await say(chat, "mod", command)
    assert f"{measure}_failed" in await audit_actions(chat)
    assert any("The reason: not a member of the chat." in t for t in messenger.texts())
    messenger.sent.clear()
    await say(chat, "mod", "/log")
    shown = "\n".join(messenger.texts())
    assert "not a member of the chat" in shown and "user not found" not in shown
    await chat.app.delivery.flush(chat.now + timedelta(hours=1))
    assert messenger.actions == []  # refused for good: never asked again


async def test_a_missing_right_is_the_reason_in_the_log(chat):
    messenger, command, _ = await _before(chat, "ban")
    messenger.action_failures = [MissingRight("ban", "400 Bad Request: not enough rights")]
    await say(chat, "mod", command)
    messenger.sent.clear()
    await say(chat, "mod", "/log")
    shown = "\n".join(messenger.texts())
    assert "the bot lacks the right to ban members" in shown
    assert "not enough rights" not in shown and "missing_right" not in shown


async def test_a_measure_never_taken_after_every_try_is_in_the_log(chat):
    messenger, command, _ = await _before(chat, "ban")
    messenger.action_failures = [Unreachable("502 Bad Gateway")] * MAX_ATTEMPTS
    await say(chat, "mod", command)
    now = chat.now
    for tries in range(1, MAX_ATTEMPTS):
        now += pause_after(tries, EFFECT_FIRST_PAUSE)
        await chat.app.delivery.flush(now)
    assert messenger.actions == []
    assert "ban_failed" in await audit_actions(chat)
    assert any(f"could not be reached, after {MAX_ATTEMPTS} tries" in t for t in messenger.texts())


async def test_a_mute_carried_out_after_its_end_is_not_applied(chat):
    messenger, command, _ = await _before(chat, "mute")
    messenger.action_failures = [Unreachable("429", retry_after=3 * 3600)]
    await say(chat, "mod", command)  # a 2-hour mute
    await chat.app.delivery.flush(chat.now + timedelta(hours=3))
    assert messenger.actions == []  # over by then: nothing to do


async def test_an_older_row_carrying_its_effect_is_carried_out_after_an_upgrade(chat):
    """A row written before measures had rows of their own: a message and its ban."""
    messenger, _, _ = await _before(chat, "ban")
    await say(chat, "mod", "/ban @pia spam")
    async with chat.app.database.transaction() as tx:
        [(community, raw)] = await tx.fetchall(
            "SELECT community_id, message FROM outbox WHERE message LIKE '%\"action\"%'"
        )
        action = json.loads(raw)
        [(said,)] = await tx.fetchall(
            'SELECT message FROM outbox WHERE message LIKE \'%"ruling_type": "banned"%\''
            ' AND message LIKE \'%"where": "group"%\''
        )
        older = json.loads(said)
        effect = action["effect"]
        older["effect"] = {  # the shape such rows had
            "mute": False,
            "player": effect["player"],
            "until": effect["until"],
            "reason": effect["reason"],
            "remove": "ban",
        }
        await Store(tx).outbox.add_to_outbox(community, chat.now, older)
    messenger.actions.clear()
    messenger.reject = True  # its message is refused: the ban happens all the same
    await chat.app.delivery.flush(chat.now + timedelta(seconds=1))
    assert messenger.actions == [("ban", "pia")]
