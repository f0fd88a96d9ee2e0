"""Records that never lie (CONSOLE.md, fourth edition, "Records"): an undo, a correction or a
lapse of time never erases what was played at a Burraco table."""

from __future__ import annotations

import itertools
import random
from datetime import datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discipline.burraco.match import CLOSED
from bot.storage.store import unit_of_work
from tests.conftest import Chat

chats = itertools.count()
TTL = timedelta(hours=3)
WINDOW = timedelta(minutes=10)


async def played(chat: Chat, table: int = 1, report: bool = True) -> dict:
    """marco and giulia play table ``table`` to its end: giulia's last hand reports it."""
    await chat.say("marco", "/open fibur 1v1 2")
    await chat.say("marco", f"/sit {table}")
    await chat.say("giulia", f"/sit {table}")
    await chat.say("marco", f"/hand {table} 350 100")
    out = await chat.say("giulia", f"/hand {table} 100 200")
    return Chat.one(out, "result_reported") if report else {}


async def rulings_of(chat: Chat) -> list[tuple[int, datetime, str, dict]]:
    """Every ruling the chat recorded, in number order, whether it stands or not."""
    async with unit_of_work(chat.app.database) as store:
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        found = []
        for number in range(1, await store.rulings.last_ruling_number(community.id) + 1):
            ruling = await store.rulings.ruling(community.id, number)
            if ruling is not None:
                found.append((number, ruling.at, ruling.type, dict(ruling.fields)))
        return found


def in_order(chat: Chat) -> None:
    """Nothing the chat was told is dated before what it was told earlier."""
    instants = [message.at for message in chat.sent if message.chat == chat.chat]
    assert instants == sorted(instants)


async def test_an_undone_confirmation_leaves_the_report_awaiting_confirmation(chat):
    report = await played(chat)
    confirmed = Chat.one(await chat.say("marco", "/confirm 1"), "match_result")
    out = await chat.say("mod", f"/undo {confirmed['id']} wrong table", after=timedelta(days=1))
    pending = Chat.one(out, "result_pending")
    assert (pending["match"], pending["vp"], pending["amends"]) == (
        1,
        report["vp"],
        confirmed["id"],
    )
    assert datetime.fromisoformat(pending["confirm_by"]) == chat.now + WINDOW
    assert Chat.one(out, "standings")["rows"] == []
    # the players may confirm or dispute, a moderator correct; the clock never closes it
    Chat.one(await chat.say("marco", "/dispute 1 we won the second hand"), "result_disputed")
    assert Chat.rulings(await chat.advance(TTL * 2), "table_closed") == []
    corrected = Chat.one(await chat.say("mod", "/correct 1 vp 10 10"), "match_corrected")
    assert corrected["amends"] == report["id"]
    [row, _] = Chat.one(await chat.say("marco", "/standings"), "standings")["rows"]
    assert (row["points"], row["matches"]) == (5, 1)


async def test_an_undone_confirmation_takes_a_dispute_again(chat):
    await played(chat)
    confirmed = Chat.one(await chat.say("marco", "/confirm 1"), "match_result")
    await chat.say("mod", f"/undo {confirmed['id']} wrong", after=timedelta(hours=5))
    disputed = Chat.one(await chat.say("marco", "/dispute 1 we won"), "result_disputed")
    assert disputed["player"] == "marco"
    assert Chat.rulings(await chat.advance(TTL * 2), "match_result") == []  # a moderator decides
    assert Chat.rulings(chat.sent[-1:], "table_closed") == []
    assert Chat.one(await chat.say("mod", "/confirm 1"), "match_result")["vp"] == {
        "marco": 12,
        "giulia": 8,
    }


async def test_an_undone_automatic_confirmation_waits_a_new_window_then_stands(chat):
    await played(chat)
    [automatic] = Chat.rulings(await chat.advance(WINDOW), "match_result")
    out = await chat.say("mod", f"/undo {automatic['id']} too soon", after=timedelta(hours=4))
    pending = Chat.one(out, "result_pending")
    assert datetime.fromisoformat(pending["confirm_by"]) == chat.now + WINDOW
    assert Chat.rulings(await chat.advance(WINDOW - timedelta(seconds=1)), "match_result") == []
    fired = await chat.advance(TTL)
    [again] = Chat.rulings(fired, "match_result")
    assert Chat.rulings(fired, "table_closed") == []
    assert again["vp"] == automatic["vp"]
    rows = Chat.one(await chat.say("marco", "/standings"), "standings")["rows"]
    assert [(r["player"], r["points"], r["matches"]) for r in rows] == [
        ("marco", 6, 1),
        ("giulia", 4, 1),
    ]
    history = Chat.one(await chat.say("marco", "/history"), "history")["entries"]
    assert history[0]["id"] == again["id"]


async def test_table_ttl_never_closes_a_table_with_a_pending_or_disputed_report(chat):
    await played(chat)
    await chat.say("marco", "/dispute 1 the last hand was ours")
    second = await played(chat, table=2)
    await chat.say("mod", f"/undo {second['id']} wrong", after=timedelta(minutes=1))
    [closed] = Chat.rulings(await chat.advance(TTL * 3), "table_closed")
    assert (closed["table"], closed["reason"], closed["played"]) == (2, "unfinished", 2)
    async with unit_of_work(chat.app.database) as store:
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        first = await store.tables.match(community.id, 1)
        kept = await store.tables.match(community.id, 2)
    assert first is not None and first.status == "awaiting_confirmation"
    assert kept is not None and kept.status == "unfinished"  # never "not played"
    assert len(kept.hand_scores) == 2


async def test_a_table_the_clock_closed_comes_back_with_undo(chat):
    await played(chat, report=False)
    await chat.say("mod", "/undo 7 not the right score")  # the report, then the last hand
    await chat.say("mod", "/undo 6 mistyped", after=timedelta(seconds=1))
    [closed] = Chat.rulings(await chat.advance(TTL * 2), "table_closed")
    assert (closed["reason"], closed["played"]) == ("unfinished", 1)
    out = await chat.say("mod", f"/undo {closed['id']} they were playing")
    back = Chat.one(out, "table_reopened")
    assert (back["players"], back["played"], back["amends"]) == (
        ["marco", "giulia"],
        1,
        closed["id"],
    )
    assert Chat.rulings(await chat.advance(TTL - timedelta(minutes=1)), "table_closed") == []
    reported = await chat.say("giulia", "/hand 1 10 10")
    assert Chat.one(reported, "result_reported")["vp"] == {"marco": 13, "giulia": 7}


async def test_a_table_a_person_closed_is_not_brought_back(chat):
    await chat.say("marco", "/open fibur 1v1 2")
    closed = Chat.one(await chat.say("marco", "/close 1"), "table_closed")
    refused = Chat.one(await chat.say("mod", f"/undo {closed['id']} no"), "refused")
    assert (refused["code"], refused["hint"]) == ("not_undoable", "seats")


async def test_a_timer_armed_for_a_moment_past_acts_after_the_ruling_that_armed_it(chat):
    """A timer found due at a moment already past (armed late, or fired late) acts when it
    fires, after the chat's latest ruling, never before it."""
    await played(chat)
    later = Chat.one(
        await chat.say("anna", "/open fibur 1v1 2", after=timedelta(minutes=5)), "table_opened"
    )
    async with unit_of_work(chat.app.database) as store:
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        await store.timers.schedule(
            community.id, "auto_confirm", "1", chat.now - timedelta(minutes=4)
        )
    [confirmed] = Chat.rulings(await chat.advance(timedelta(seconds=1)), "match_result")
    assert confirmed["id"] > later["id"]
    numbered = await rulings_of(chat)
    assert [at for _, at, _, _ in numbered] == sorted(at for _, at, _, _ in numbered)
    in_order(chat)


async def test_an_undo_the_day_after_is_followed_by_nothing_dated_before_it(chat):
    """The director's evening (issue 36): the confirmation undone the next day; nothing the
    bot decides afterwards is dated before the undo."""
    await played(chat)
    confirmed = Chat.one(await chat.say("marco", "/confirm 1"), "match_result")
    await chat.say("mod", f"/undo {confirmed['id']} wrong", after=timedelta(hours=14))
    await chat.advance(TTL * 2)
    numbered = await rulings_of(chat)
    assert [at for _, at, _, _ in numbered] == sorted(at for _, at, _, _ in numbered)
    assert all(kind != "table_closed" for _, _, kind, _ in numbered)
    in_order(chat)


async def test_a_member_keeps_at_most_open_tables_empty_tables_open(chat):
    for _ in (1, 2):
        Chat.one(await chat.say("luca", "/open fibur 1v1 2"), "table_opened")
    refused = Chat.one(await chat.say("luca", "/open fibur 1v1 2"), "refused")
    assert (refused["reason"], refused["limit"], refused["tables"]) == (
        "too_many_open_tables",
        2,
        [1, 2],
    )
    Chat.one(await chat.say("anna", "/open fibur 1v1 2"), "table_opened")  # each his own
    await chat.say("luca", "/sit 1")  # a table someone sits at is not empty
    Chat.one(await chat.say("luca", "/open fibur 1v1 2"), "table_opened")
    Chat.one(await chat.say("luca", "/open fibur 1v1 2"), "refused")
    await chat.say("luca", "/close 2")
    Chat.one(await chat.say("luca", "/open fibur 1v1 2"), "table_opened")
    changed = Chat.one(await chat.say("mod", "/settings open_tables=3"), "settings_changed")
    assert changed["open_tables"] == 3
    Chat.one(await chat.say("luca", "/open fibur 1v1 2"), "table_opened")
    Chat.one(await chat.say("luca", "/open fibur 1v1 2"), "refused")
    for wrong in ("0", "many", "100"):
        bad = Chat.one(await chat.say("mod", f"/settings open_tables={wrong}"), "refused")
        assert bad["reason"] == "bad_input"
    shown = Chat.one(await chat.say("mod", "/settings"), "settings")
    assert shown["open_tables"] == 3


# ---- a property: random evenings with random undos -----------------------------------------
PAIRS = list(itertools.permutations(("ann", "bob", "cat", "dan"), 2))
DECISIVE = {"hand_recorded", "result_reported", "match_result", "match_corrected", "table_closed"}
# what happens at a table, and how often
ACTIONS = (
    ("hand", 30),
    ("confirm", 12),
    ("report", 4),
    ("dispute", 6),
    ("correct", 4),
    ("wait", 14),
    ("undo", 22),
    ("table", 8),
)


def _line(kind: str, table: int, players: tuple[str, str], rnd: random.Random) -> tuple[str, str]:
    """One of the evening's lines at a table: who says what (a player of it, or a moderator)."""
    name = rnd.choice((*players, "mod") if kind == "confirm" else players)
    vp = rnd.randint(0, 20)
    lines = {
        "hand": f"/hand {table} {rnd.randint(-100, 900)} {rnd.randint(-100, 900)}",
        "report": f"/result {table} vp {vp} {20 - vp}",
        "confirm": f"/confirm {table}",
        "dispute": f"/dispute {table} not so",
        "correct": f"/correct {table} vp {20 - vp} {vp}",
    }
    return ("mod" if kind == "correct" else name), lines[kind]


async def _evening(chat: Chat, rnd: random.Random, steps: int) -> None:
    """Tables opened and played by random pairs, hands, reports, confirmations, disputes,
    corrections, time passing with the timers firing, and undos of any recent ruling."""
    tables: list[tuple[int, tuple[str, str]]] = []  # each table opened, and its two players
    numbers: list[list[int]] = [[], []]  # every ruling's number; those deciding a match
    kinds, weights = zip(*ACTIONS, strict=True)
    for _ in range(steps):
        kind = rnd.choices(kinds, weights)[0] if tables else "table"
        if kind == "table":
            ns, ew = rnd.choice(PAIRS)
            out = await chat.say(ns, "/open fibur 1v1 2")
            for opened in Chat.rulings(out, "table_opened"):
                tables.append((opened["table"], (ns, ew)))
                out += await chat.say(ns, f"/sit {opened['table']} ns")
                out += await chat.say(ew, f"/sit {opened['table']} ew")
        elif kind == "wait":
            out = await chat.advance(timedelta(minutes=rnd.choice((1, 5, 11, 60, 200))))
        elif kind == "undo":
            among = numbers[rnd.random() < 0.7] or numbers[0]
            number = among[-1 - min(len(among) - 1, rnd.randint(0, 4))] if among else 1
            out = await chat.say("mod", f"/undo {number} a mistake")
        else:
            table, players = rnd.choice(tables[-3:])
            out = await chat.say(*_line(kind, table, players, rnd))
        for ruling in Chat.rulings(out):
            if ruling.get("id"):
                numbers[0].append(ruling["id"])
                if ruling["type"] in DECISIVE:
                    numbers[1].append(ruling["id"])


async def _what_stands(chat: Chat) -> tuple[dict[str, tuple[float, int]], dict[int, int]]:
    """A fresh count from the rulings that stand: each player's ranking points and matches,
    and the number of hands or reports standing for each table."""
    numbered = await rulings_of(chat)
    async with unit_of_work(chat.app.database) as store:
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        fallen = await store.rulings.reversed_among(community.id, [n for n, *_ in numbered])
    count: dict[str, tuple[float, int]] = {}
    played: dict[int, int] = {}
    for number, _, kind, fields in numbered:
        if number in fallen:
            continue
        if kind in ("match_result", "match_corrected"):
            for player, points in fields["points"].items():
                total, matches = count.get(player, (0, 0))
                count[player] = (total + float(points), matches + 1)
        if kind in ("hand_recorded", "result_reported"):
            played[fields["match"]] = played.get(fields["match"], 0) + 1
    return count, played


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(rnd=st.randoms(use_true_random=False), steps=st.integers(10, 40))
async def test_no_played_match_ends_not_played_and_the_standings_are_what_stands(app, rnd, steps):
    chat = await Chat(app, chat=f"evening{next(chats)}").setup()
    await _evening(chat, rnd, steps)
    await chat.advance(TTL * 2)
    count, played = await _what_stands(chat)
    rows = Chat.one(await chat.say("mod", "/standings"), "standings")["rows"]
    shown = {row["player"]: (float(row["points"]), row["matches"]) for row in rows}
    assert shown == {player: tally for player, tally in count.items() if tally[1]}
    async with unit_of_work(app.database) as store:
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        for table, standing in played.items():
            match = await store.tables.match(community.id, table)
            assert match is not None and not (standing and match.status == CLOSED), table
    in_order(chat)
