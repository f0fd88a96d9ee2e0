"""Chat moderation through the command layer: the chat's rules, warnings over a window and
the chat's ladder, mutes, kicks, bans that end, reports, stops edited; every refusal leaves
nothing recorded (CONSOLE.md, "Chat moderation")."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.conftest import Chat
from tests.handlers._refusals import refused as _refused


async def _members(chat: Chat, *names: str) -> None:
    for name in names:
        await chat.say(name, "hello")


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
    "ladder", ["2:mute", "2:kick 1h", "2:mute 1h, 2:ban", "x:ban", "2:stop 400d", "0:ban"]
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
    assert (await _refused(chat, "mod", "/warn @mod rude"))["reason"] == "protected"
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
    assert (report.kind, report.to) == ("moderator", "mod")  # no log: his private chat
    assert Chat.one(out, "report_received")["reported"] == report.ruling["id"]
    assert all(o.kind != "notice" for o in out)
    shown = Chat.one(await chat.say("mod", "/reports"), "reports")["reports"]
    assert [(r["id"], r["player"], r["reporter"]) for r in shown] == [
        (report.ruling["id"], "bob", "ann")
    ]
    assert (await _refused(chat, "ann", "/reports"))["reason"] == "not_moderator"
    warned = Chat.one(
        await chat.say("mod", f"/warn report={report.ruling['id']} rude to players"),
        "conduct_warning",
    )
    assert (warned["player"], warned["reason"]) == ("bob", "rude to players")
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
    assert (await _refused(chat, "ann", "/report @ann me"))["code"] == "self_report"


async def test_a_muted_or_banned_member_cannot_report(chat):
    await _members(chat, "ann", "bob", "cy")
    await chat.say("mod", "/mute @ann 1h shouting")
    assert (await _refused(chat, "ann", "/report @bob spam"))["code"] == "reporter_restricted"
    await chat.say("mod", "/ban @cy flooding")
    assert (await _refused(chat, "cy", "/report @bob spam"))["code"] == "reporter_restricted"
    await chat.say("mod", "/unmute @ann calmer")
    assert Chat.rulings(await chat.say("ann", "/report @bob spam"), "report")


async def test_the_same_open_report_is_kept_once(chat):
    await _members(chat, "bob")
    [first] = Chat.rulings(await chat.say("ann", "/report @bob spam links"), "report")
    refused = await _refused(chat, "ann", "/report @bob Spam links")
    assert (refused["code"], refused["ruling"]) == ("report_duplicate", first["id"])
    assert Chat.rulings(await chat.say("ann", "/report @bob insults too"), "report")
    assert Chat.rulings(await chat.say("cy", "/report @bob spam links"), "report")
    await chat.say("mod", f"/dismiss {first['id']}")
    assert Chat.rulings(await chat.say("ann", "/report @bob spam links"), "report")


async def test_the_log_filtered_by_report_lists_the_reports(chat):
    await _members(chat, "bob", "cy")
    for name in ("ann", "cy", "dan"):
        await chat.say(name, "/report @bob cheats")
    shown = Chat.one(await chat.say("mod", "/log kind=report"), "log")["entries"]
    assert [(e["type"], e["actor"], e["player"]) for e in shown] == [
        ("report", name, "bob") for name in ("dan", "cy", "ann")
    ]


async def test_a_log_link_code_expires_and_a_log_group_serves_one_club(app, chat):
    other = await Chat(app, chat="club2", admins=("eve",), now=chat.now).setup()
    mods = await Chat(app, chat="mods", admins=("mod", "eve"), now=chat.now).setup()
    told = Chat.one(await chat.say("mod", "/settings log"), "log_link")
    assert told["seconds"] == 15 * 60
    mods.now = chat.now
    late = Chat.rulings(  # 15 minutes and 10 seconds after the code was given
        await mods.say("mod", f"/link {told['code']}", after=timedelta(minutes=15)), "refused"
    )
    assert [r["code"] for r in late] == ["unknown_link"]
    chat.now = mods.now
    code = Chat.one(await chat.say("mod", "/settings log"), "log_link")["code"]
    mods.now = chat.now
    Chat.one(await mods.say("mod", f"/link {code}"), "log_linked")
    other.now = mods.now
    taking = Chat.one(await other.say("eve", "/settings log"), "log_link")["code"]
    mods.now = other.now
    assert (await _refused(mods, "eve", f"/link {taking}"))["code"] == "log_taken"
    assert await app.layer.logged_for("console", "mods") == "main"


# ---- a stop edited ----------------------------------------------------------------------------
async def test_a_stop_edited_counts_from_its_start_and_its_undo_gives_the_old_length(chat):
    await _members(chat, "bob")
    stop = Chat.one(await chat.say("mod", "/stop @bob 2h spam"), "stop")
    start = chat.now
    amended = Chat.one(await chat.say("mod", f"/stop edit {stop['id']} 5h worse"), "stop_amended")
    assert amended["stop_until"] == (start + timedelta(hours=5)).isoformat()
    assert amended["amends"] == stop["id"]
    out = await chat.say("mod", f"/undo {amended['id']} too long")
    restored = Chat.one(out, "stop_amended")
    assert restored["stop_until"] == (start + timedelta(hours=2)).isoformat()
    assert restored["amends"] == stop["id"]  # the stop it gives back, not the edit undone
    out = await chat.say("mod", f"/stop edit {stop['id']} 1m enough", after=timedelta(minutes=5))
    # its own new end, already past: the stop ends at the edit
    assert Chat.one(out, "stop_amended")["stop_until"] == (start + timedelta(minutes=1)).isoformat()
    assert Chat.one(out, "stop_ended")["player"] == "bob"
    assert (await _refused(chat, "mod", f"/stop edit {stop['id']} 3h"))["code"] == "stop_over"
    refused = await _refused(chat, "mod", f"/stop edit {amended['id']} 3h")
    assert refused["code"] == "not_a_stop"


async def test_a_stop_edited_says_its_own_end_not_that_of_a_longer_stop_over_it(chat):
    await _members(chat, "bob")
    stop = Chat.one(await chat.say("mod", "/stop @bob 2h spam"), "stop")
    start = chat.now
    await chat.say("mod", "/stop @bob 8h insults")
    out = await chat.say("mod", f"/stop edit {stop['id']} 3h worse")
    assert Chat.one(out, "stop_amended")["stop_until"] == (start + timedelta(hours=3)).isoformat()
    out = await chat.say("mod", f"/stop edit {stop['id']} 1m enough", after=timedelta(minutes=5))
    assert Chat.one(out, "stop_amended")["stop_until"] == (start + timedelta(minutes=1)).isoformat()
    assert not Chat.rulings(out, "stop_ended")  # the other stop still holds him


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


# ---- flood and new members ---------------------------------------------------------------------
async def test_a_member_writing_faster_than_the_chat_allows_is_muted_once_a_burst(chat):
    await chat.say("mod", "/settings flood=3/10 flood_mute=30m")
    said = []
    for _ in range(4):  # four messages in four seconds: one over three in ten
        said += await chat.say("bob", "buy now", after=timedelta(seconds=1))
    [muted] = Chat.rulings(said, "flood_muted")
    assert (muted["messages"], muted["seconds"], muted["rule"]) == (3, 10, "settings flood")
    assert muted["until"] == (chat.now + timedelta(minutes=30)).isoformat()
    calm = []
    for _ in range(6):  # one message every four seconds: never three in ten... plus one
        calm += await chat.say("ann", "hello", after=timedelta(seconds=4))
    assert Chat.rulings(calm, "flood_muted") == []
    for _ in range(5):  # moderators are not counted
        calm += await chat.say("mod", "announcement", after=timedelta(seconds=1))
    assert Chat.rulings(calm, "flood_muted") == []


async def test_flood_is_off_by_default_and_a_bad_limit_is_refused(chat):
    said = []
    for _ in range(30):
        said += await chat.say("bob", "spam", after=timedelta(milliseconds=100))
    assert Chat.rulings(said, "flood_muted") == []
    for written in ("5", "1/10", "5/0", "500/10", "a/b"):
        assert (await _refused(chat, "mod", f"/settings flood={written}"))["code"] == "bad_flood"


# ---- what a club's moderator tried, and found wanting --------------------------------------
async def test_a_moderator_is_warned_but_never_muted_removed_or_banned(app):
    chat = await Chat(app, admins=("mod", "ref")).setup()
    await _members(chat, "ref")
    for command in ("/mute @ref 1h rude", "/kick @ref rude", "/ban @ref rude"):
        assert (await _refused(chat, "mod", command))["reason"] == "protected"
    assert Chat.rulings(await chat.say("mod", "/warn @ref late"), "conduct_warning")


async def test_options_stand_anywhere_and_a_length_is_never_taken_for_the_reason(chat):
    await _members(chat, "bob", "cy")
    await chat.say("mod", "/rules add No spam")
    banned = Chat.one(await chat.say("mod", "/ban @bob 2d rule=1 spam"), "banned")
    assert (banned["reason"], banned["rule"]) == ("spam", "chat §1")
    assert banned["until"] == (chat.now + timedelta(days=2)).isoformat()
    for written in ("3g", "3д", "2ч"):  # giorni, дни, часы
        assert Chat.rulings(await chat.say("mod", f"/mute @cy {written} spam"), "muted")
    for written in ("2 days spam", "1w spam", "2days spam", "3 spam"):
        assert (await _refused(chat, "mod", f"/ban @cy {written}"))["reason"] == "bad_input"
    shown = Chat.one(await chat.say("mod", "/log kind=banned @bob"), "log")
    assert [e["type"] for e in shown["entries"]] == ["banned"]


async def test_a_new_mute_replaces_the_one_in_force_and_says_when_it_ends(chat):
    await _members(chat, "bob")
    await chat.say("mod", "/mute @bob 3h shouting")
    shorter = Chat.one(await chat.say("mod", "/mute @bob 10m calmer now"), "muted")
    unmuted = Chat.one(await chat.say("mod", "/unmute @bob", after=timedelta(minutes=5)), "unmuted")
    assert unmuted["amends"] == shorter["id"]
    refused = await _refused(chat, "mod", "/unmute @bob")
    assert refused["code"] == "not_muted"  # the 3-hour mute went with the new one


async def test_an_undone_ban_stays_undone_when_the_unban_is_undone(chat):
    await _members(chat, "bob")
    first = Chat.one(await chat.say("mod", "/ban @bob 1d spam"), "banned")
    await chat.say("mod", f"/undo {first['id']} wrong member")
    second = Chat.one(await chat.say("mod", "/ban @bob spam again"), "banned")
    unbanned = Chat.one(await chat.say("mod", "/unban @bob"), "unbanned")
    out = await chat.say("mod", f"/undo {unbanned['id']} he did it again")
    restored = Chat.rulings(out, "banned")
    assert [(r["until"], r["amends"]) for r in restored] == [(None, unbanned["id"])]
    assert second["until"] is None


async def test_a_report_is_in_nobody_s_history_and_a_removed_rule_is_said_so(chat):
    await _members(chat, "bob")
    await chat.say("ann", "/report @bob spam")
    assert Chat.one(await chat.say("cy", "/history @bob"), "history")["entries"] == []
    await chat.say("mod", "/rules add No spam")
    assert (await _refused(chat, "mod", "/rules delete 1"))["code"] == "expected_choice"
    removed = Chat.one(await chat.say("mod", "/rules elimina 1"), "chat_rule")
    assert removed["action"] == "remove"
    shown = Chat.one(await chat.say("mod", "/log kind=rules_remove"), "log")
    assert [e["action"] for e in shown["entries"]] == ["rules_remove"]
    assert (await _refused(chat, "mod", "/log since=0001-01-01"))["code"] == "expected_date"
    assert (await _refused(chat, "mod", "/log @ghost"))["code"] == "unknown_member"


async def test_what_undo_does_not_take_back_says_what_does(chat):
    await _members(chat, "bob")
    kicked = Chat.one(await chat.say("mod", "/kick @bob flooding"), "kicked")
    [report] = Chat.rulings(await chat.say("ann", "/report @bob spam"), "report")
    changed = Chat.one(await chat.say("mod", "/settings table_ttl=2h"), "settings_changed")
    for number, hint in (
        (kicked["id"], "kicked"),
        (report["id"], "report"),
        (changed["id"], "settings"),
    ):
        refused = await _refused(chat, "mod", f"/undo {number} oops")
        assert (refused["code"], refused["hint"]) == ("not_undoable", hint)


async def test_stops_lists_the_chat_s_mutes_and_bans_too(chat):
    await _members(chat, "bob", "cy", "dan")
    await chat.say("mod", "/mute @bob 2h shouting")
    await chat.say("mod", "/ban @cy spam")
    await chat.say("mod", "/ban @dan 1d spam")
    await chat.say("mod", "/unban @dan appealed")
    shown = Chat.one(await chat.say("mod", "/stops"), "stops_list")
    assert [(m["player"], m["kind"], m["until"] is None) for m in shown["measures"]] == [
        ("bob", "mute", False),
        ("cy", "ban", True),
    ]
    assert "Mute: bob until" in (await chat.say("mod", "/stops"))[0].text


async def test_commands_typed_in_a_burst_count_toward_the_flood_limit(chat):
    await chat.say("mod", "/settings flood=3/10")
    said = []
    for _ in range(4):
        said += await chat.say("bob", "/tables", after=timedelta(seconds=1))
    assert len(Chat.rulings(said, "flood_muted")) == 1


async def test_a_profile_says_what_the_chat_holds_against_its_member(chat):
    await _members(chat, "bob")
    assert Chat.one(await chat.say("bob", "/profile"), "profile")["conduct"] is None
    await chat.say("mod", "/warn @bob spam")
    await chat.say("mod", "/warn @bob spam again")
    out = await chat.say("bob", "/profile")
    conduct = Chat.one(out, "profile")["conduct"]
    assert (conduct["warnings"], conduct["banned"]) == (2, False)
    assert "Conduct in the chat: 2 warnings within 30 days; muted until" in out[0].text


async def test_a_history_page_past_the_last_says_how_many_there_are(chat):
    await _members(chat, "bob")
    await chat.say("mod", "/warn @bob spam")
    refused = await _refused(chat, "ann", "/history @bob 9")
    assert (refused["code"], refused["page"], refused["pages"]) == ("page_out_of_range", 9, 1)
    assert Chat.one(await chat.say("ann", "/history @ann"), "history")["entries"] == []
