"""Chat moderation through the command layer: the chat's rules, warnings over a window and
the chat's ladder, mutes, kicks, bans that end, reports, stops edited; every refusal leaves
nothing recorded (CONSOLE.md, "Chat moderation")."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.conftest import Chat


async def _members(chat: Chat, *names: str) -> None:
    for name in names:
        await chat.say(name, "hello")


async def _count(chat: Chat) -> int:
    async with chat.app.database.transaction() as tx:
        row = await tx.fetchone("SELECT COUNT(*) FROM rulings")
    return row[0]


async def _refused(chat: Chat, name: str, text: str) -> dict:
    """A refusal that records nothing."""
    before = await _count(chat)
    [refused] = Chat.rulings(await chat.say(name, text), "refused")
    assert await _count(chat) == before
    return refused


# ---- the chat's own rules ---------------------------------------------------------------------
async def test_rules_are_numbered_and_a_removed_number_is_never_given_again(chat):
    await chat.say("mod", "/rules add Be kind")
    await chat.say("mod", "/rules add No spam")
    removed = Chat.one(await chat.say("mod", "/rules remove 1"), "chat_rule")
    assert (removed["action"], removed["number"]) == ("remove", 1)
    added = Chat.one(await chat.say("mod", "/rules add No insults"), "chat_rule")
    assert added["number"] == 3
    edited = Chat.one(await chat.say("mod", "/rules edit 2 No spam, no ads"), "chat_rule")
    assert (edited["text"], edited["previous"]) == ("No spam, no ads", "No spam")
    shown = Chat.one(await chat.say("ann", "/rules"), "chat_rules")
    assert shown["rules"] == [
        {"number": 2, "text": "No spam, no ads"},
        {"number": 3, "text": "No insults"},
    ]
    assert (await _refused(chat, "ann", "/rules add Mine"))["reason"] == "not_moderator"
    assert (await _refused(chat, "mod", "/rules edit 1 back"))["code"] == "unknown_rule"


async def test_a_warning_cites_the_chat_s_rule_and_an_unknown_rule_is_refused(chat):
    await _members(chat, "bob")
    await chat.say("mod", "/rules add No spam")
    out = await chat.say("mod", "/warn @bob rule=1 links to a casino")
    warning = Chat.one(out, "conduct_warning")
    assert (warning["rule"], warning["count"], warning["measure"]) == ("chat §1", 1, "none")
    assert "[Rules of this chat §1]" in out[0].text
    assert (await _refused(chat, "mod", "/warn @bob rule=7 again"))["code"] == "unknown_rule"


async def test_an_undone_rule_change_puts_the_rule_back(chat):
    await chat.say("mod", "/rules add No spam")
    [edit] = Chat.rulings(await chat.say("mod", "/rules edit 1 Spam welcome"), "chat_rule")
    await chat.say("mod", f"/undo {edit['id']} wrong rule")
    assert Chat.one(await chat.say("ann", "/rules"), "chat_rules")["rules"] == [
        {"number": 1, "text": "No spam"}
    ]


# ---- the ladder over a window -----------------------------------------------------------------
async def test_the_default_ladder_mutes_stops_then_bans(chat):
    await _members(chat, "bob")
    measures = []
    for n in range(4):
        out = await chat.say("mod", f"/warn @bob spam {n}", after=timedelta(hours=2))
        measures.append(Chat.one(out, "conduct_warning")["measure"])
        if n == 1:
            muted = Chat.one(out, "muted")
            assert muted["until"] == (chat.now + timedelta(hours=1)).isoformat()
        if n == 2:
            assert Chat.one(out, "stop")["seconds"] == 24 * 3600
        if n == 3:
            assert Chat.one(out, "banned")["until"] is None
    assert measures == ["none", "mute", "stop", "ban"]


async def test_warnings_older_than_the_window_no_longer_count(chat):
    await _members(chat, "bob")
    await chat.say("mod", "/warn @bob spam")  # 2 March: 30 days of real time end on 1 April
    # at 19:00 in Rome, summer time having begun on 29 March
    out = await chat.say("mod", "/warn @bob spam again", after=timedelta(days=30, hours=1))
    assert (Chat.one(out, "conduct_warning")["count"], Chat.rulings(out, "muted")) == (1, [])
    out = await chat.say("mod", "/warn @bob and again", after=timedelta(days=29, hours=23))
    assert Chat.one(out, "conduct_warning")["count"] == 2
    assert len(Chat.rulings(out, "muted")) == 1


async def test_a_chat_s_own_ladder_and_window(chat):
    await _members(chat, "bob")
    out = await chat.say("mod", '/settings warn_ladder="1:mute 10m, 2:ban 2d" warn_window=7d')
    changed = Chat.one(out, "settings_changed")
    assert (changed["warn_ladder"], changed["warn_window"]) == ("1:mute 10m, 2:ban 2d", "7d")
    assert Chat.rulings(await chat.say("mod", "/warn @bob spam"), "muted")
    out = await chat.say("mod", "/warn @bob spam", after=timedelta(days=6))
    assert Chat.one(out, "banned")["until"] == (chat.now + timedelta(days=2)).isoformat()


@pytest.mark.parametrize(
    "ladder", ["2:mute", "2:kick 1h", "3:mute 1h, 2:ban", "x:ban", "2:stop 400d", "0:ban"]
)
async def test_a_ladder_that_cannot_be_read_is_refused(chat, ladder):
    refused = await _refused(chat, "mod", f'/settings warn_ladder="{ladder}"')
    assert refused["code"] == "bad_ladder"


async def test_undoing_a_warning_lifts_what_it_brought_and_never_imposes(chat):
    await _members(chat, "bob")
    numbers = []
    for n in range(3):
        out = await chat.say("mod", f"/warn @bob spam {n}")
        numbers.append(Chat.one(out, "conduct_warning")["id"])
    # the first undone: the second is now the first (its mute goes), the third the second
    # (its stop is not what a second warning brings: it goes, and no mute is imposed)
    out = await chat.say("mod", f"/undo {numbers[0]} not him")
    assert Chat.rulings(out, "unmuted") and Chat.rulings(out, "stop_lifted")
    assert not Chat.rulings(out, "muted") and not Chat.rulings(out, "stop")
    card = Chat.one(await chat.say("bob", "/card"), "card_status")
    assert card["stop_until"] is None


# ---- who a measure may touch ------------------------------------------------------------------
async def test_measures_refused_for_oneself_the_unknown_and_another_chat_s_member(app):
    chat = await Chat(app, admins=("mod", "mod2")).setup()
    other = await Chat(app, chat="other").setup()
    await other.say("zed", "hello there")
    await _members(chat, "mod2")
    assert (await _refused(chat, "mod", "/warn @mod rude"))["code"] == "self_target"
    assert (await _refused(chat, "mod", "/ban @ghost spam"))["code"] == "unknown_member"
    assert (await _refused(chat, "mod", "/ban @zed spam"))["code"] == "unknown_member"
    assert (await _refused(chat, "mod", "/mute @mod2 rude"))["reason"] == "bad_input"


async def test_the_ladder_never_touches_a_moderator(app):
    chat = await Chat(app, admins=("mod", "mod2")).setup()
    await _members(chat, "mod2")
    for _ in range(4):
        out = await chat.say("mod", "/warn @mod2 late again")
        warning = Chat.one(out, "conduct_warning")
        assert (warning["measure"], warning["exempt"]) == ("none", True)
        assert not Chat.rulings(out, "muted") + Chat.rulings(out, "banned")
    assert warning["count"] == 4


# ---- bans -------------------------------------------------------------------------------------
async def test_a_timed_ban_ends_by_the_scheduler_and_a_lifted_one_does_not_end_again(chat):
    await _members(chat, "bob", "cy")
    banned = Chat.one(await chat.say("mod", "/ban @bob 2d spam"), "banned")
    assert banned["reason"] == "spam"
    await chat.say("mod", "/ban @cy 1d spam")
    await chat.say("mod", "/unban @cy appealed")
    fired = await chat.advance(timedelta(days=2))
    assert [r["player"] for r in Chat.rulings(fired, "ban_ended")] == ["bob"]
    assert (await _refused(chat, "mod", "/unban @bob"))["code"] == "not_banned"


async def test_a_first_word_that_reads_as_a_length_is_the_length(chat):
    await _members(chat, "bob")
    refused = await _refused(chat, "mod", "/ban @bob 400d spam")
    assert refused["code"] == "duration_out_of_range"
    forever = Chat.one(await chat.say("mod", "/ban @bob spam for days"), "banned")
    assert (forever["until"], forever["reason"]) == (None, "spam for days")


async def test_a_kick_and_a_mute_are_rulings_with_their_reasons(chat):
    await _members(chat, "bob")
    assert Chat.one(await chat.say("mod", "/kick @bob flooding"), "kicked")["reason"] == (
        "flooding"
    )
    muted = Chat.one(await chat.say("mod", "/mute @bob 90m shouting"), "muted")
    assert muted["until"] == (chat.now + timedelta(minutes=90)).isoformat()
    unmuted = Chat.one(await chat.say("mod", "/unmute @bob calmer now"), "unmuted")
    assert unmuted["amends"] == muted["id"]
    assert (await _refused(chat, "mod", "/unmute @bob"))["code"] == "not_muted"


# ---- reports ----------------------------------------------------------------------------------
async def test_a_report_reaches_the_moderators_alone_and_stays_open_until_settled(chat):
    await _members(chat, "bob")
    out = await chat.say("ann", "/report @bob insults at table 2")
    [report] = [o for o in out if o.ruling_type == "report"]
    assert (report.kind, report.to) == ("log", None)
    assert Chat.one(out, "report_received")["reported"] == report.ruling["id"]
    assert all(o.kind != "notice" for o in out)
    shown = Chat.one(await chat.say("mod", "/reports"), "reports")["reports"]
    assert [(r["id"], r["player"], r["reporter"]) for r in shown] == [
        (report.ruling["id"], "bob", "ann")
    ]
    assert (await _refused(chat, "ann", "/reports"))["reason"] == "not_moderator"
    warned = Chat.one(
        await chat.say("mod", f"/warn report={report.ruling['id']}"), "conduct_warning"
    )
    assert (warned["player"], warned["reason"]) == ("bob", "insults at table 2")
    assert Chat.one(await chat.say("mod", "/reports"), "reports")["reports"] == []
    refused = await _refused(chat, "mod", f"/dismiss {report.ruling['id']}")
    assert refused["code"] == "report_settled"


async def test_a_dismissed_report_opens_again_when_the_dismissal_is_undone(chat):
    await _members(chat, "bob")
    [report] = Chat.rulings(await chat.say("ann", "/report @bob spam"), "report")
    dismissed = Chat.one(
        await chat.say("mod", f"/dismiss {report['id']} not spam"), "report_dismissed"
    )
    assert Chat.one(await chat.say("mod", "/reports"), "reports")["reports"] == []
    await chat.say("mod", f"/undo {dismissed['id']} it was spam")
    assert len(Chat.one(await chat.say("mod", "/reports"), "reports")["reports"]) == 1
    assert (await _refused(chat, "ann", "/report @ann me"))["code"] == "self_target"


# ---- a stop edited ----------------------------------------------------------------------------
async def test_a_stop_edited_counts_from_its_start_and_its_undo_gives_the_old_length(chat):
    await _members(chat, "bob")
    stop = Chat.one(await chat.say("mod", "/stop @bob 2h spam"), "stop")
    start = chat.now
    amended = Chat.one(await chat.say("mod", f"/stop edit {stop['id']} 5h worse"), "stop_amended")
    assert amended["stop_until"] == (start + timedelta(hours=5)).isoformat()
    assert amended["amends"] == stop["id"]
    out = await chat.say("mod", f"/undo {amended['id']} too long")
    assert Chat.one(out, "stop_amended")["stop_until"] == (start + timedelta(hours=2)).isoformat()
    over = Chat.one(
        await chat.say("mod", f"/stop edit {stop['id']} 1m enough", after=timedelta(minutes=5)),
        "stop_amended",
    )
    assert over["stop_until"] is None
    assert (await _refused(chat, "mod", f"/stop edit {stop['id']} 3h"))["code"] == "stop_over"
    refused = await _refused(chat, "mod", f"/stop edit {amended['id']} 3h")
    assert refused["code"] == "not_a_stop"


# ---- the moderators' log, filtered -----------------------------------------------------------
async def test_the_log_filtered_by_member_kind_and_day(chat):
    await _members(chat, "bob", "cy")
    await chat.say("mod", "/warn @bob spam")
    await chat.say("mod", "/stop @cy 1h rude")
    await chat.say("mod", "/warn @cy rude again", after=timedelta(days=2))

    async def logged(text: str) -> list[tuple[str, str | None]]:
        shown = Chat.one(await chat.say("mod", text), "log")
        return [(e["type"], e["player"]) for e in shown["entries"]]

    assert await logged("/log kind=conduct_warning") == [
        ("conduct_warning", "cy"),
        ("conduct_warning", "bob"),
    ]
    assert await logged("/log @cy") == [("conduct_warning", "cy"), ("stop", "cy")]
    assert await logged("/log kind=stop") == [("stop", "cy")]
    day = chat.now.astimezone(chat.now.tzinfo).date().isoformat()
    assert await logged(f"/log since={day}") == [("conduct_warning", "cy")]
    assert await logged("/log @bob kind=stop") == []
    assert (await _refused(chat, "mod", "/log since=yesterday"))["code"] == "expected_date"
    refused = await _refused(chat, "mod", "/log 3")
    assert (refused["code"], refused["pages"]) == ("page_out_of_range", 1)
