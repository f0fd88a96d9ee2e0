"""Messages taken out of the chat, through the command layer (the console, which keeps no
message ids): /del and /purge, /lock and /unlock, the blocklist and what its entries bring
(CONSOLE.md, fourth edition). Every refusal records nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bot.discipline.locks import LOCKS
from bot.handlers import Author, Incoming, Outgoing
from bot.storage.store import Store
from tests.conftest import Chat
from tests.handlers._refusals import refused as _refused
from tests.handlers._refusals import ruling_count as _count


async def _post(chat: Chat, name: str, text: str = "", carries: frozenset[str] = frozenset()):
    """A message that carries what a platform says it does (a sticker, a forward...)."""
    await chat.advance(timedelta(seconds=10))
    author = Author(name, name, None, name in chat.admins, (), None)
    incoming = Incoming(
        "console", chat.chat, author, text, chat.now, names_are_keys=True, carries=carries
    )
    out = await chat.app.layer.handle(incoming)
    chat.sent += out
    return out


def _removed(out: list[Outgoing]) -> list[dict]:
    return Chat.rulings(out, "message_removed")


# ---- /del and /purge ------------------------------------------------------------------------
async def test_del_without_a_reply_is_refused_in_the_console(chat):
    refused = await _refused(chat, "mod", "/del spam")
    assert (refused["reason"], refused["code"]) == ("bad_input", "needs_reply")
    assert "reply to the message" in chat.sent[-1].text


async def test_purge_counts_a_member_s_messages_or_all_the_chat_s(chat):
    for name, text in [("bob", "one"), ("ann", "two"), ("bob", "three"), ("bob", "four")]:
        await chat.say(name, text)
    mine = Chat.one(await chat.say("mod", "/purge 2 @bob flooding"), "purged")
    assert (mine["count"], mine["player"], mine["reason"]) == (2, "bob", "flooding")
    rest = Chat.one(await chat.say("mod", "/purge 100"), "purged")
    assert (rest["count"], rest["player"]) == (2, None)  # ann's and bob's first: the rest went
    assert Chat.one(await chat.say("mod", "/purge 5"), "purged")["count"] == 0


@pytest.mark.parametrize(
    ("written", "code"),
    [("0", "integer_out_of_range"), ("101", "integer_out_of_range"), ("abc", "expected_integer")],
)
async def test_purge_out_of_its_bounds_is_refused_with_its_code(chat, written, code):
    refused = await _refused(chat, "mod", f"/purge {written}")
    assert (refused["reason"], refused["code"]) == ("bad_input", code)


async def test_only_a_moderator_deletes_or_purges(chat):
    assert (await _refused(chat, "ann", "/purge 3"))["reason"] == "not_moderator"
    assert (await _refused(chat, "ann", "/del"))["reason"] == "not_moderator"


# ---- locks ------------------------------------------------------------------------------------
BREAKING = {  # a member's message that breaks each lock
    "links": ("see example.com/offer", frozenset()),
    "invites": ("join t.me/+AbCdEf123", frozenset()),
    "forwards": ("", frozenset({"forwards"})),
    "stickers": ("", frozenset({"stickers"})),
    "media": ("look", frozenset({"media"})),
    "channel-posts": ("news", frozenset({"channel-posts"})),
}


@pytest.mark.parametrize("what", LOCKS)
async def test_each_lock_removes_a_member_s_message_until_it_is_lifted(chat, what):
    text, carries = BREAKING[what]
    assert _removed(await _post(chat, "bob", text, carries)) == []
    locked = Chat.one(await chat.say("mod", f"/lock {what}"), "locked")
    assert (locked["what"], locked["locks"]) == (what, [what])
    [removed] = _removed(await _post(chat, "bob", text, carries))
    assert (removed["player"], removed["lock"], removed["blocked"]) == ("bob", what, None)
    assert _removed(await _post(chat, "mod", text, carries)) == []  # moderators are exempt
    assert _removed(await _post(chat, "bob", "a plain hello")) == []
    unlocked = Chat.one(await chat.say("mod", f"/unlock {what}"), "unlocked")
    assert (unlocked["what"], unlocked["locks"]) == (what, [])
    assert _removed(await _post(chat, "bob", text, carries)) == []
    assert "message_removed" in await _logged(chat)


async def test_a_lock_twice_an_unlock_of_no_lock_and_an_unknown_kind_are_refused(chat):
    await chat.say("mod", "/lock stickers")
    assert (await _refused(chat, "mod", "/lock stickers"))["code"] == "already_locked"
    assert (await _refused(chat, "mod", "/unlock media"))["code"] == "not_locked"
    refused = await _refused(chat, "mod", "/lock gifs")
    assert (refused["reason"], refused["code"]) == ("bad_input", "expected_choice")
    assert (await _refused(chat, "ann", "/lock media"))["reason"] == "not_moderator"


async def _logged(chat: Chat) -> list[str]:
    """The actions in the moderators' log, oldest first."""
    async with chat.app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        return [row[3] for row in reversed(await store.rulings.audit_log(community.id, 100))]


async def _muted_until(chat: Chat, player: str) -> datetime | None:
    async with chat.app.database.transaction() as tx:
        store = Store(tx)
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        record = await store.sanctions.conduct(community.id, player)
    return record.muted_until(chat.now)


# ---- the blocklist ------------------------------------------------------------------------------
async def test_the_blocklist_is_added_to_shown_and_removed_from(chat):
    added = Chat.one(await chat.say("mod", "/blocklist add casino.com action=mute"), "blocklist")
    assert (added["change"], added["entry"], added["action"]) == ("add", "casino.com", "mute")
    await chat.say("mod", "/blocklist add free   followers")
    before = await _count(chat)
    shown = Chat.one(await chat.say("mod", "/blocklist"), "blocklist")  # a display: no number
    assert shown["entries"] == [
        {"entry": "casino.com", "action": "mute"},
        {"entry": "free followers", "action": "delete"},
    ]
    assert (await _count(chat), shown.get("id")) == (before, None)
    removed = Chat.one(await chat.say("mod", "/blocklist remove Free Followers"), "blocklist")
    assert removed["entries"] == [{"entry": "casino.com", "action": "mute"}]
    assert (await _refused(chat, "mod", "/blocklist remove poker"))["code"] == (
        "blocklist_unknown_entry"
    )
    assert (await _refused(chat, "mod", "/blocklist add x action=ban"))["code"] == (
        "expected_choice"
    )
    assert (await _refused(chat, "ann", "/blocklist add poker"))["reason"] == "not_moderator"
    assert {"blocklist_add", "blocklist_remove"} <= set(await _logged(chat))


async def test_a_blocked_word_is_only_removed_without_an_action(chat):
    await chat.say("mod", "/blocklist add poker")
    out = await chat.say("bob", "Poker tonight?")
    [removed] = _removed(out)
    assert (removed["blocked"], removed["lock"], removed["rule"]) == (
        "poker",
        None,
        "settings blocklist",
    )
    assert Chat.rulings(out, "conduct_warning") == Chat.rulings(out, "muted") == []
    assert _removed(await chat.say("bob", "pokerface is a song")) == []  # a word of its own
    assert _removed(await chat.say("mod", "poker")) == []  # a moderator's stays


async def test_a_warning_entry_is_counted_by_the_ladder_once_a_burst(chat):
    await chat.say("mod", "/blocklist add casino.com action=warn")
    burst = []
    for _ in range(3):
        burst += await chat.say("bob", "www.casino.com", after=timedelta(seconds=5))
    assert len(_removed(burst)) == 3
    [warning] = Chat.rulings(burst, "conduct_warning")
    assert (warning["count"], warning["measure"], warning["rule"]) == (
        1,
        "none",
        "settings blocklist",
    )
    later = await chat.say("bob", "casino.com again", after=timedelta(minutes=2))
    second = Chat.one(later, "conduct_warning")
    assert (second["count"], second["measure"]) == (2, "mute")  # the ladder's 2nd step
    assert Chat.one(later, "muted")["until"] == (chat.now + timedelta(hours=1)).isoformat()


async def test_a_mute_entry_mutes_for_the_chat_s_flood_mute(chat):
    await chat.say("mod", "/settings flood_mute=20m")
    await chat.say("mod", "/blocklist add spam action=mute")
    out = await chat.say("bob", "spam spam")
    muted = Chat.one(out, "muted")
    assert (muted["player"], muted["reason"]) == ("bob", "spam")
    assert muted["until"] == (chat.now + timedelta(minutes=20)).isoformat()
    assert ("mute" in await _logged(chat)) and _removed(out)


async def test_a_blocklist_mute_never_shortens_a_longer_mute_in_force(chat):
    await chat.say("mod", "/blocklist add spam action=mute")
    await chat.say("bob", "hello")
    await chat.say("mod", "/mute @bob 1d insults")
    out = await chat.say("bob", "spam", after=timedelta(minutes=5))
    assert _removed(out) and Chat.rulings(out, "muted") == []
    assert await _muted_until(chat, "bob") == chat.now - timedelta(minutes=5) + timedelta(days=1)


async def test_a_blocklist_mute_lengthens_a_shorter_mute_and_its_undo_leaves_that(chat):
    await chat.say("mod", "/blocklist add spam action=mute")
    await chat.say("bob", "hello")
    await chat.say("mod", "/mute @bob 10m insults")
    mine = chat.now + timedelta(minutes=10)
    muted = Chat.one(await chat.say("bob", "spam"), "muted")
    assert muted["until"] == (chat.now + timedelta(hours=1)).isoformat()
    assert await _muted_until(chat, "bob") == chat.now + timedelta(hours=1)
    out = await chat.say("mod", f"/undo {muted['id']} not spam")
    assert Chat.one(out, "undone")["amends"] == muted["id"]
    assert await _muted_until(chat, "bob") == mine  # the moderator's ten minutes stand


async def test_a_blocklist_warning_and_mute_are_undone_like_any_measure(chat):
    await chat.say("mod", "/blocklist add casino.com action=warn")
    await chat.say("mod", "/blocklist add spam action=mute")
    warning = Chat.one(await chat.say("bob", "casino.com"), "conduct_warning")
    muted = Chat.one(await chat.say("bob", "spam", after=timedelta(minutes=2)), "muted")
    undone = Chat.one(await chat.say("mod", f"/undo {warning['id']} a mistake"), "undone")
    assert (undone["amends"], undone["decision"]) == (warning["id"], "conduct_warning")
    out = await chat.say("mod", f"/undo {muted['id']} a mistake")
    assert Chat.one(out, "undone")["amends"] == muted["id"]
    assert Chat.one(out, "unmuted")["amends"] == muted["id"]
    assert await _muted_until(chat, "bob") is None
    again = Chat.one(
        await chat.say("bob", "casino.com", after=timedelta(minutes=2)), "conduct_warning"
    )
    assert again["count"] == 1  # the undone warning no longer counts


async def test_a_flood_mute_never_shortens_a_longer_mute_in_force(chat):
    await chat.say("mod", "/settings flood=3/10 flood_mute=30m")
    await chat.say("bob", "hello")
    await chat.say("mod", "/mute @bob 1d insults")
    until = chat.now + timedelta(days=1)
    said = []
    for _ in range(4):
        said += await chat.say("bob", "buy now", after=timedelta(seconds=1))
    assert Chat.rulings(said, "flood_muted") == []
    assert await _muted_until(chat, "bob") == until


# ---- in the reader's words ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "what"),
    [
        ("ссылки", "links"),
        ("inoltri", "forwards"),
        ("Sticker", "stickers"),
        ("каналы", "channel-posts"),
    ],
)
async def test_a_lock_is_named_in_italian_or_russian_too(chat, typed, what):
    assert Chat.one(await chat.say("mod", f"/lock {typed}"), "locked")["what"] == what


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("ammonizione", "warn"),
        ("предупреждение", "warn"),
        ("silenzio", "mute"),
        ("удаление", "delete"),
    ],
)
async def test_a_blocklist_action_is_named_in_italian_or_russian_too(chat, typed, action):
    out = await chat.say("mod", f"/blocklist aggiungi casinò action={typed}")
    assert Chat.one(out, "blocklist")["action"] == action


@pytest.mark.parametrize(
    ("lang", "usage"),
    [
        ("it", "Sintassi: /purge <numero di messaggi> [@membro] [motivo]"),
        ("ru", "Формат: /purge <число сообщений> [@участник] [причина]"),
        ("en", "/purge <number of messages> [@member] [reason]"),
    ],
)
async def test_purge_s_usage_brackets_the_member_it_may_leave_out(app, lang, usage):
    chat = await Chat(app, lang=lang).setup()
    await chat.say("mod", "/purge many")
    assert usage in chat.sent[-1].text


async def test_the_lock_and_blocklist_usages_are_in_the_reader_s_words(app):
    chat = await Chat(app, lang="ru").setup()
    await chat.say("mod", "/lock гифки")
    assert "<ссылки|приглашения|пересылки|стикеры|медиа|каналы>" in chat.sent[-1].text
    await chat.say("mod", "/blocklist добавить x action=бан")
    assert "action=удаление|предупреждение|запрет-писать" in chat.sent[-1].text
