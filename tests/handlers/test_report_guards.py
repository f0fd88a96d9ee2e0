"""Reports cannot be turned against the club: a member reports within the chat's
``report_limit`` (refused beyond it, nothing recorded), and a measure taken on a report gives
the moderator's own reason or the text of the rule cited, never the reporter's words."""

from __future__ import annotations

from datetime import timedelta

from tests.conftest import Chat
from tests.handlers.test_moderation import _members, _refused


async def _report(chat: Chat, name: str, text: str) -> dict:
    return Chat.one(await chat.say(name, text), "report")


async def test_a_member_reports_within_the_chat_s_limit(chat):
    await _members(chat, "bob", "cy")
    changed = Chat.one(await chat.say("mod", "/settings report_limit=2/1h"), "settings_changed")
    assert changed["report_limit"] == "2/1h"
    assert "a member may make at most 2 reports within 1 hour" in chat.sent[-1].text
    await _report(chat, "ann", "/report @bob spam")
    await _report(chat, "ann", "/report @cy insults")
    refused = await _refused(chat, "ann", "/report @bob cheating too")
    assert (refused["reason"], refused["reports"]) == ("report_limit", 2)
    assert "within 1 hour" in chat.sent[-1].text
    await _report(chat, "cy", "/report @bob spam")  # each member his own count
    await _report(chat, "mod", "/report @bob spam")  # a moderator is not counted
    await _report(chat, "mod", "/report @cy spam")
    await _report(chat, "mod", "/report @bob insults")
    chat.now += timedelta(hours=1)
    await _report(chat, "ann", "/report @bob cheating too")


async def test_five_reports_an_hour_unless_the_chat_says_otherwise(chat):
    await _members(chat, "bob")
    for n in range(5):
        await _report(chat, "ann", f"/report @bob spam number {n}")
    assert (await _refused(chat, "ann", "/report @bob more"))["reason"] == "report_limit"
    await chat.say("mod", "/settings report_limit=off")
    await _report(chat, "ann", "/report @bob more")
    refused = await _refused(chat, "mod", "/settings report_limit=lots")
    assert refused["code"] == "bad_report_limit"


async def test_a_measure_on_a_report_needs_the_moderator_s_own_reason(chat):
    await _members(chat, "bob")
    report = await _report(chat, "ann", "/report @bob he cheats, I saw his cards")
    for command in (f"/warn report={report['id']}", f"/mute report={report['id']} 1h"):
        refused = await _refused(chat, "mod", command)
        assert (refused["code"], refused["ruling"]) == ("report_reason_needed", report["id"])
    out = await chat.say("mod", f"/mute report={report['id']} 1h unfair play")
    assert Chat.one(out, "muted")["reason"] == "unfair play"
    assert not [o for o in out if "I saw his cards" in o.text]


async def test_a_measure_on_a_report_citing_a_rule_gives_that_rule(chat):
    await _members(chat, "bob")
    await chat.say("mod", "/rules add No cheating")
    report = await _report(chat, "ann", "/report @bob rule=1 he cheats, I saw his cards")
    assert (report["rule"], report["rule_number"]) == ("chat §1", 1)
    out = await chat.say("mod", f"/warn report={report['id']}")  # a button's press
    warning = Chat.one(out, "conduct_warning")
    assert (warning["reason"], warning["rule"]) == ("No cheating", "chat §1")
    assert not [o for o in out if "I saw his cards" in o.text]
    refused = await _refused(chat, "ann", "/report @bob rule=7 more")
    assert refused["code"] == "unknown_rule"
