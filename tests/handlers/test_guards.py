"""The one target check of every measure (CONSOLE.md, fourth edition, "Chat moderation"): no
measure on a moderator, the bot or oneself, wherever it starts (a command, a report acted on,
a button, the ladder, flood, the join check); a moderator may still warn another, exempt."""

from __future__ import annotations

from tests.conftest import Chat


async def _members(chat: Chat, *names: str) -> None:
    for name in names:
        await chat.say(name, "hello")


async def _reported(chat: Chat, reporter: str, member: str, why: str = "rude") -> int:
    out = await chat.say(reporter, f"/report @{member} {why}")
    return Chat.one(out, "report")["id"]


def _protected(out: list, target: str, speaker: str) -> dict:
    [refused] = Chat.rulings(out, "refused")
    assert (refused["reason"], refused["target"], refused["player"]) == (
        "protected",
        target,
        speaker,
    )
    return refused


async def test_a_report_does_not_get_a_moderator_banned_muted_or_kicked(app):
    chat = await Chat(app, admins=("mod", "mod2")).setup()
    await _members(chat, "ann", "mod2")
    for measure in ("/ban report={0}", "/mute report={0} 1h"):
        # each its own report: the same one again is refused, as it is still open
        number = await _reported(chat, "ann", "mod2", f"rude, see {measure.split()[0]}")
        out = await chat.say("mod", measure.format(number))
        _protected(out, "mod2", "mod")
        assert not Chat.rulings(out, "banned") and not Chat.rulings(out, "muted")
    number = await _reported(chat, "ann", "mod")  # the moderator himself, reported
    _protected(await chat.say("mod", f"/ban report={number}"), "mod", "mod")
    _protected(await chat.say("mod", f"/warn report={number}"), "mod", "mod")


async def test_warnings_through_reports_never_put_a_moderator_on_the_ladder(app):
    chat = await Chat(app, admins=("mod", "mod2")).setup()
    await _members(chat, "ann", "mod2")
    measures = []
    for _ in range(4):
        number = await _reported(chat, "ann", "mod2")
        out = await chat.say("mod", f"/warn report={number} rude")
        warning = Chat.one(out, "conduct_warning")
        assert warning["exempt"] is True and warning["measure"] == "none"
        measures += [r["type"] for r in Chat.rulings(out) if r["type"] != "conduct_warning"]
    assert measures == []


async def test_a_moderator_named_in_a_command_is_protected_and_so_is_the_speaker(app):
    chat = await Chat(app, admins=("mod", "ref")).setup()
    await _members(chat, "ref")
    for command in ("/mute @ref 1h rude", "/kick @ref rude", "/ban @ref rude", "/stop @ref 2h x"):
        _protected(await chat.say("mod", command), "ref", "mod")
    for command in ("/mute @mod 1h x", "/ban @mod x", "/warn @mod x", "/stop @mod 2h x"):
        _protected(await chat.say("mod", command), "mod", "mod")
    warned = Chat.one(await chat.say("mod", "/warn @ref late"), "conduct_warning")
    assert warned["exempt"] is True


# ---- a ruling's reason; a measure told privately, and appealed there ----------------------
async def test_a_reason_edited_is_a_ruling_and_every_reader_shows_the_latest(chat):
    await _members(chat, "bob")
    muted = Chat.one(await chat.say("mod", "/mute @bob 2h rude"), "muted")
    edited = Chat.one(await chat.say("mod", f"/reason {muted['id']} threats"), "reason_edited")
    assert (edited["amends"], edited["reason"]) == (muted["id"], "threats")
    shown = Chat.one(await chat.say("mod", f"/ruling {muted['id']}"), "ruling")
    assert shown["standing"] is True and shown["fields"]["reason"] == "threats"
    logged = Chat.one(await chat.say("mod", "/log kind=muted"), "log")["entries"]
    assert [e["reason"] for e in logged] == ["threats"]
    assert Chat.one(await chat.say("bob", "/reason 1 x"), "refused")["reason"] == "not_moderator"
    number = Chat.one(await chat.say("ann", "/rules"), "chat_rules")  # a display: no number
    assert number is not None
    refused = Chat.one(await chat.say("mod", f"/reason {edited['id'] + 5} x"), "refused")
    assert refused["reason"] == "unknown_ruling"


async def test_a_measure_is_told_to_its_member_privately_who_appeals_it(chat):
    await _members(chat, "bob", "ann")
    out = await chat.say("mod", "/ban @bob 2d spam")
    [told] = [o for o in out if o.kind == "dm"]
    banned = Chat.one([o for o in out if o.kind == "notice"], "banned")
    assert (told.to, told.ruling["id"], told.ruling["type"]) == ("bob", banned["id"], "banned")
    assert f"/appeal {banned['id']}" in told.text
    refused = Chat.one(await chat.say("ann", f"/appeal {banned['id']} unfair"), "refused")
    assert refused["code"] == "not_your_measure"
    out = await chat.say("bob", f"/appeal {banned['id']} it was a joke")
    appeal = Chat.one(out, "appeal")
    assert (appeal["amends"], appeal["player"]) == (banned["id"], "bob")
    assert [o.kind for o in out if o.ruling["type"] == "appeal"] == ["moderator"]  # no log
    listed = Chat.one(await chat.say("mod", "/reports"), "reports")["reports"]
    assert [r["id"] for r in listed] == [appeal["id"]]
    Chat.one(await chat.say("mod", f"/dismiss {appeal['id']} upheld"), "report_dismissed")
    assert Chat.one(await chat.say("mod", "/reports"), "reports")["reports"] == []
