"""What is for the moderators alone reaches them: their linked log, else each moderator's
private chat (never the member it is about, never the group); a report nobody can receive
is refused and nothing is recorded; a dismissal taken back is told to the moderators alone."""

from __future__ import annotations

from tests.conftest import Chat
from tests.handlers._refusals import ruling_count as _count
from tests.handlers.test_moderation import _members


def _copies(out, kind: str) -> list[tuple[str, str | None, int]]:
    return [(o.kind, o.to, o.ruling["id"]) for o in out if o.ruling_type == kind]


async def test_without_a_log_a_report_reaches_each_moderator_privately(app):
    chat = await Chat(app, admins=("mod", "ref")).setup()
    await _members(chat, "bob")
    out = await chat.say("ann", "/report @bob cheats at cards")
    [(_, _, number), _] = copies = _copies(out, "report")
    assert sorted(copies) == [("moderator", "mod", number), ("moderator", "ref", number)]
    assert not [o for o in out if o.kind in ("notice", "log")]
    received = next(o for o in out if o.ruling_type == "report_received")
    assert (received.kind, received.to) == ("reply", "ann")


async def test_a_report_about_a_moderator_never_reaches_him(app):
    chat = await Chat(app, admins=("mod", "ref")).setup()
    await _members(chat, "ref")
    out = await chat.say("ann", "/report @ref rude to me")
    assert [to for _, to, _ in _copies(out, "report")] == ["mod"]


async def test_a_report_nobody_can_receive_is_refused_and_nothing_recorded(chat):
    await _members(chat, "mod")
    before = await _count(chat)
    out = await chat.say("ann", "/report @mod he deleted my message")  # the only moderator
    [refused] = Chat.rulings(out, "refused")
    assert refused["reason"] == "no_moderator_reachable"
    assert not Chat.rulings(out, "report_received")
    assert await _count(chat) == before
    assert "Nothing has been sent" in out[0].text


async def test_with_a_log_a_report_goes_there_and_to_no_moderator_privately(app, chat):
    mods = await Chat(app, chat="mods", admins=("mod",), now=chat.now).setup()
    await _members(chat, "bob")
    code = Chat.one(await chat.say("mod", "/settings log"), "log_link")["code"]
    mods.now = chat.now
    await mods.say("mod", f"/link {code}")
    chat.now = mods.now
    out = await chat.say("ann", "/report @bob spam links")
    assert [(kind, to) for kind, to, _ in _copies(out, "report")] == [("log", None)]


async def test_a_dismissal_undone_is_told_to_the_moderators_alone(app):
    chat = await Chat(app, admins=("mod", "ref")).setup()
    await _members(chat, "bob")
    [report] = Chat.rulings(await chat.say("ann", "/report @bob spam"), "report")
    dismissed = Chat.one(
        await chat.say("mod", f"/dismiss {report['id']} no spam"), "report_dismissed"
    )
    out = await chat.say("mod", f"/undo {dismissed['id']} it was spam after all")
    [(_, _, undone), _] = copies = _copies(out, "undone")
    assert sorted(copies) == [("moderator", "mod", undone), ("moderator", "ref", undone)]
    assert not [o for o in out if o.kind == "notice"]
    said = Chat.one(await chat.say("ann", f"/ruling {undone}"), "ruling")
    assert "it was spam" not in str(said)
    entries = Chat.one(await chat.say("bob", "/history"), "history")["entries"]
    assert undone not in [entry["id"] for entry in entries]
