"""Records that never lie (CONSOLE.md, fourth edition): the ruling numbers a chat sees run
without gaps, the moderators' log names each ruling by its number, a tournament with nothing
scored is not finished, a finish and a registration are taken back with /undo."""

import re
from datetime import timedelta

from bot.discipline.rulings import Ruling
from bot.storage.store import unit_of_work
from tests.conftest import Chat

SHOWN = re.compile(r"^Ruling #(\d+):", re.MULTILINE)


def _names(count: int) -> list[str]:
    return [f"p{n:02}" for n in range(count)]


async def _planned(chat: Chat, players: list[str], sessions: int) -> None:
    await chat.say("ref", f"/tournament Open {sessions}")
    await chat.say("ref", "/register " + " ".join(f"@{p}" for p in players))
    await chat.say("ref", "/seating draw=7")


async def _play_session(chat: Chat, tables: int) -> dict:
    started = chat.one(await chat.say("ref", "/session start"), "session_started")
    for table in range(1, tables + 1):
        await chat.say("ref", f"/score {table} 40 10 -10 -40")
    return started


async def _undo(chat: Chat, number: int) -> list:
    return await chat.say("ref", f"/undo {number} entered by mistake")


async def test_the_numbers_a_chat_sees_run_without_gaps_over_a_whole_tournament(mcr_chat):
    players = _names(40)
    await _planned(mcr_chat, players, 5)
    for session in range(1, 6):
        started = await _play_session(mcr_chat, 10)
        assert len(started["tables"]) == 10 and started["session"] == session
        if session == 2:  # a table seated again by hand: a ruling of its own
            seats = started["tables"][0]["seats"]
            await mcr_chat.say("ref", "/seat 1 " + " ".join(f"@{p}" for p in reversed(seats)))
            await mcr_chat.say("ref", f"/violation @{seats[0]} info")
        await mcr_chat.say("ref", "/session end")
    await mcr_chat.say("ref", "/finish")
    await mcr_chat.say("ref", "/export")
    announced = {o.ruling["id"]: o.ruling["type"] for o in mcr_chat.sent if o.ruling}
    announced.pop(None, None)  # displays: no number
    shown = {int(n) for o in mcr_chat.sent for n in SHOWN.findall(o.text)}
    last = max(announced)
    assert sorted(announced) == list(range(1, last + 1))
    assert shown == set(announced)
    for number, kind in announced.items():
        seen = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {number}"), "ruling")
        assert seen["decision"] == kind
    beyond = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {last + 1}"), "refused")
    assert beyond["code"] == "unknown_ruling"


async def test_log_entries_carry_the_number_of_their_ruling(mcr_chat):
    await _planned(mcr_chat, _names(8), 1)
    started = await _play_session(mcr_chat, 2)
    ended = mcr_chat.one(await mcr_chat.say("ref", "/session end"), "session_ended")
    entries = mcr_chat.one(await mcr_chat.say("ref", "/log"), "log")["entries"]
    assert [e["id"] for e in entries] == [e["ruling"] for e in entries]
    assert entries[0]["id"] == ended["id"] and entries[0]["type"] == "session_ended"
    assert started["id"] in {e["id"] for e in entries}
    text = next(o.text for o in mcr_chat.sent if o.ruling and o.ruling["type"] == "log")
    assert f"#{ended['id']} ·" in text


async def test_log_entries_say_which_session_and_table_and_settings_in_words(mcr_chat):
    await _planned(mcr_chat, _names(4), 2)
    await _play_session(mcr_chat, 1)
    await mcr_chat.say("ref", "/session end")
    await mcr_chat.say("ref", "/settings flood=3/10 warn_window=20d")
    for text in ("a", "b", "c", "d"):
        await mcr_chat.say("p01", text, after=timedelta(seconds=1))
    await mcr_chat.say("ref", "/log")
    text = mcr_chat.sent[-1].text
    assert "started session 1" in text and "ended session 1" in text
    assert "recorded the score sheet of table 1, session 1" in text
    assert "changed the settings: flood, warn_window" in text and "=" not in text
    assert "for writing more than 3 messages in 10 seconds (p01)" in text and "3/10" not in text


async def test_a_tournament_with_nothing_scored_is_not_finished(mcr_chat):
    await _planned(mcr_chat, _names(8), 1)
    mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
    await mcr_chat.say("ref", "/session end")
    for command in ("/export", "/finish"):  # no results: no file either
        refused = mcr_chat.one(await mcr_chat.say("ref", command), "refused")
        assert (refused["code"], refused["reason"]) == ("nothing_scored", "nothing_scored")
        assert "no table of this tournament has a score" in mcr_chat.sent[-1].text.lower()
    # one table scored late: the tournament ends, and the other table is named, also in
    # the example of how to score it
    await mcr_chat.say("ref", "/score 2 40 10 -10 -40 session=1")
    out = await mcr_chat.say("ref", "/finish")
    assert mcr_chat.one(out, "tournament_finished")["unscored"] == [{"session": 1, "table": 1}]
    assert "/score 1 … session=1" in next(
        o.text for o in out if o.ruling["type"] == "tournament_finished"
    )
    assert mcr_chat.one(out, "export")["id"] is None  # the results file: a display


async def test_a_finish_is_undone_until_another_tournament_is_created(mcr_chat):
    await _planned(mcr_chat, _names(8), 1)
    await _play_session(mcr_chat, 2)
    await mcr_chat.say("ref", "/session end")
    finished = mcr_chat.one(await mcr_chat.say("ref", "/finish"), "tournament_finished")
    out = await _undo(mcr_chat, finished["id"])
    assert mcr_chat.one(out, "undone")["decision"] == "tournament_finished"
    assert mcr_chat.one(out, "standings").get("final") is not True
    # running again: a new tournament waits for its end, which comes again
    refused = mcr_chat.one(await mcr_chat.say("ref", "/tournament Next 1"), "refused")
    assert refused["code"] == "tournament_running"
    again = mcr_chat.one(await mcr_chat.say("ref", "/finish"), "tournament_finished")
    assert again["rows"] == finished["rows"]
    mcr_chat.one(await mcr_chat.say("ref", "/tournament Next 1"), "tournament_created")
    refused = mcr_chat.one(await _undo(mcr_chat, again["id"]), "refused")
    assert (refused["code"], refused["reason"]) == ("later_tournament", "not_undoable")
    assert refused["tournament"] == "Open"


async def test_a_registration_undone_draws_the_plan_again_before_the_first_session(mcr_chat):
    await _planned(mcr_chat, _names(8), 2)
    late = mcr_chat.one(await mcr_chat.say("ref", "/register @q1 @q2 @q3 @q4"), "registered")
    assert late["players"] == ["q1", "q2", "q3", "q4"]  # one ruling for all of them
    plan = mcr_chat.one(await mcr_chat.say("ref", "/seating 1"), "seating_view")
    assert len(plan["tables"]) == 3
    drawn = max(o.ruling["id"] for o in mcr_chat.sent if o.ruling and o.ruling["id"])
    out = await _undo(mcr_chat, late["id"])
    assert mcr_chat.one(out, "undone")["decision"] == "registered"
    redrawn = mcr_chat.one(out, "seating_plan")
    assert redrawn["amends"] == drawn
    roster = mcr_chat.one(await mcr_chat.say("ref", "/players"), "players")
    assert roster["players"] == _names(8)
    assert len(mcr_chat.one(await mcr_chat.say("ref", "/seating 1"), "seating_view")["tables"]) == 2
    # an unregistration undone: the player is back, the plan drawn again for him
    gone = mcr_chat.one(await mcr_chat.say("ref", "/unregister @p03"), "unregistered")
    mcr_chat.one(mcr_chat.sent[-1:], "seating_withdrawn")  # seven players fill no tables
    out = await _undo(mcr_chat, gone["id"])
    assert mcr_chat.one(out, "undone")["decision"] == "unregistered"
    assert mcr_chat.one(out, "seating_plan")["amends"] == redrawn["id"]
    assert "p03" in mcr_chat.one(await mcr_chat.say("ref", "/players"), "players")["players"]
    refused = mcr_chat.one(await _undo(mcr_chat, gone["id"]), "refused")
    assert refused["code"] == "already_undone"


async def test_the_only_registration_undone_withdraws_the_plan(mcr_chat):
    await _planned(mcr_chat, _names(8), 2)
    registered = next(o.ruling for o in mcr_chat.sent if o.ruling["type"] == "registered")
    late = mcr_chat.one(await mcr_chat.say("ref", "/register @q1"), "registered")
    mcr_chat.one(await _undo(mcr_chat, late["id"]), "seating_plan")
    out = await _undo(mcr_chat, registered["id"])  # nobody left: no plan, and said so
    assert mcr_chat.one(out, "undone")["decision"] == "registered"
    withdrawn = mcr_chat.one(out, "seating_withdrawn")
    assert withdrawn["players"] == 0
    assert "nobody is registered" in out[-1].text
    assert mcr_chat.one(await mcr_chat.say("ref", "/players"), "players")["players"] == []


async def test_a_session_does_not_start_with_nobody_registered(mcr_chat):
    await mcr_chat.say("ref", "/tournament Open 2")
    refused = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "refused")
    assert (refused["code"], refused["reason"]) == ("nobody_registered", "nobody_registered")
    assert "Nobody is registered in this tournament" in mcr_chat.sent[-1].text
    await mcr_chat.say("ref", "/register @p01")  # once someone is, the session starts
    mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")


async def test_a_registration_is_not_undone_once_the_first_session_has_started(mcr_chat):
    await _planned(mcr_chat, _names(8), 2)
    registered = next(o.ruling for o in mcr_chat.sent if o.ruling["type"] == "registered")
    await mcr_chat.say("ref", "/session start")
    refused = mcr_chat.one(await _undo(mcr_chat, registered["id"]), "refused")
    assert (refused["code"], refused["reason"]) == ("tournament_started", "tournament_started")
    roster = mcr_chat.one(await mcr_chat.say("ref", "/players"), "players")
    assert roster["players"] == _names(8)


async def test_a_database_with_a_seating_ruling_per_table_still_reads_and_undoes(mcr_chat):
    """Before the fourth edition a session's start recorded a seating ruling per table."""
    await _planned(mcr_chat, _names(8), 1)
    started = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
    old = []
    async with unit_of_work(mcr_chat.app.database) as store:
        community = await store.communities.community("console", "main")
        assert community is not None
        for table in started["tables"]:
            fields = {"session": 1, "table": table["table"], "seats": table["seats"]}
            ruling = Ruling("seating", mcr_chat.now, "000 §1", fields)
            seated = set(table["seats"])  # as the start recorded them: concerning the four
            old.append(await store.rulings.append_ruling(community.id, ruling, "", None, seated))
    for number in old:
        seen = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {number}"), "ruling")
        assert (seen["decision"], seen["standing"]) == ("seating", True)
    out = await _undo(mcr_chat, started["id"])
    assert mcr_chat.one(out, "undone")["decision"] == "session_started"
    for number in old:  # the seats the start gave stand no more
        seen = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {number}"), "ruling")
        assert seen["standing"] is False
    assert mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
