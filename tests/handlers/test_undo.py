"""/undo re-derives, never patches: whatever a chat recorded, undoing any of its decisions
leaves the chat as a fresh chat would be that was never told them (RULES §3, Corrections)."""

from __future__ import annotations

import itertools
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Chat

chats = itertools.count()
PROPERTY = settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


async def _play(chat: Chat, script: list[tuple[str, str]]) -> list[int | None]:
    """Say every line; the number of the first decision each one recorded (None: refused)."""
    numbers = []
    for name, text in script:
        out = await chat.say(name, text)
        decided = [m.ruling["id"] for m in out if m.ruling and m.ruling.get("id")]
        numbers.append(decided[0] if decided else None)
    return numbers


async def _undo(chat: Chat, numbers: list[int]) -> set[int]:
    """Undo these rulings in turn; the ones the bot undid."""
    undone = set()
    for number in numbers:
        out = await chat.say("mod", f"/undo {number} a mistake")
        if Chat.rulings(out, "undone"):
            undone.add(number)
    return undone


async def _standings(chat: Chat, speaker: str) -> list[dict]:
    [shown] = Chat.rulings(await chat.say(speaker, "/standings"), "standings")
    return shown["rows"]


# ---- Burraco: results, corrections and voids ------------------------------------------------
PAIRS = list(itertools.permutations(("ann", "bob", "cat", "dan"), 2))
VP = st.integers(min_value=0, max_value=20)
burraco_log = st.lists(
    st.one_of(
        st.tuples(st.just("match"), st.sampled_from(PAIRS), VP),
        st.tuples(st.just("correct"), st.integers(0, 9), VP),
        st.tuples(st.just("void"), st.integers(0, 9), st.just(0)),
    ),
    min_size=1,
    max_size=8,
)


def _burraco_script(log: list) -> list[tuple[str, str]]:
    script: list[tuple[str, str]] = []
    tables = 0
    for kind, what, vp in log:
        if kind == "match":
            tables += 1
            ns, ew = what
            script += [
                (ns, "/open fibur 1v1 2"),
                (ns, f"/sit {tables} ns"),
                (ew, f"/sit {tables} ew"),
                ("mod", f"/result {tables} vp {vp} {20 - vp}"),
            ]
        elif tables:
            table = what % tables + 1
            command = f"/correct {table} vp {vp} {20 - vp}" if kind == "correct" else ""
            script.append(("mod", command or f"/void {table} crash"))
    return script


@PROPERTY
@given(log=burraco_log, picks=st.lists(st.integers(0, 40), max_size=6))
async def test_burraco_undo_is_as_if_never_recorded(app, log, picks):
    script = _burraco_script(log)
    chat = await Chat(app, chat=f"undo{next(chats)}").setup()
    numbers = await _play(chat, script)
    decisions = [
        (line, number)
        for line, ((_, text), number) in enumerate(zip(script, numbers, strict=True))
        if number is not None and text.startswith(("/result", "/correct", "/void"))
    ]
    if not decisions:
        return
    chosen = [decisions[pick % len(decisions)] for pick in picks]
    undone = await _undo(chat, [number for _, number in chosen])
    # the fresh chat hears what was recorded (not what was refused) and not what was undone;
    # a result undone leaves its match without one, so its players may sit elsewhere: there,
    # the match is voided instead (no points either way)
    undone_lines = {at for at, number in chosen if number in undone}
    kept = []
    for line, ((name, text), number) in enumerate(zip(script, numbers, strict=True)):
        if number is None:
            continue
        if line in undone_lines and text.startswith("/result"):
            kept.append((name, f"/void {text.split()[1]} no result"))
        elif line not in undone_lines:
            kept.append((name, text))
    fresh = await Chat(app, chat=f"fresh{next(chats)}").setup()
    await _play(fresh, kept)
    assert await _standings(chat, "ann") == await _standings(fresh, "ann")


# ---- Burraco: abandonments, warnings and the stops they bring ------------------------------
@PROPERTY
@given(
    abandoners=st.lists(st.sampled_from(("ann", "bob")), min_size=1, max_size=6),
    picks=st.lists(st.integers(0, 20), max_size=4),
)
async def test_undone_abandonments_count_no_warning(app, abandoners, picks):
    """An abandonment undone leaves the warnings a fresh count gives; a stop stands only if
    the warnings left still justify it (nothing new is imposed afterwards)."""
    script: list[tuple[str, str]] = []
    for table, player in enumerate(abandoners, 1):
        other = "cat" if player != "cat" else "dan"
        script += [
            ("mod", "/open fibur 1v1 2"),
            (player, f"/sit {table} ns"),
            (other, f"/sit {table} ew"),
            ("mod", f"/abandon {table} @{player}"),
        ]
    chat = await Chat(app, chat=f"undo{next(chats)}").setup()
    numbers = await _play(chat, script)
    abandonments = [n for (_, text), n in zip(script, numbers, strict=True) if "/abandon" in text]
    chosen = [abandonments[pick % len(abandonments)] for pick in picks]
    undone = await _undo(chat, chosen)
    kept = []  # the match whose abandonment was undone ends without points (voided)
    for (name, text), number in zip(script, numbers, strict=True):
        if "/abandon" in text and number in undone:
            kept.append(("mod", f"/void {text.split()[1]} no abandonment"))
        elif number is not None:
            kept.append((name, text))
    fresh = await Chat(app, chat=f"fresh{next(chats)}").setup()
    await _play(fresh, kept)
    for player in ("ann", "bob"):
        [now] = Chat.rulings(await chat.say("mod", f"/profile @{player}"), "profile")
        [then] = Chat.rulings(await fresh.say("mod", f"/profile @{player}"), "profile")
        assert (now["warnings_year"], now["warnings_today"]) == (
            then["warnings_year"],
            then["warnings_today"],
        )
        if then["stop_until"] is None:  # a stop the warnings left do not justify is lifted
            assert now["stop_until"] is None
    assert await _standings(chat, "ann") == await _standings(fresh, "ann")


async def test_a_club_warning_is_undone_after_the_chat_turned_to_tournaments(app):
    """The warnings were the club's: undone once the chat plays another rulebook, they are
    counted by the club's ladder still (the expulsion the second brought is lifted)."""
    chat = await Chat(app, chat=f"turned{next(chats)}").setup()
    warnings = []
    for table in (1, 2):
        await _play(
            chat,
            [
                ("mod", "/open fibur 1v1 2"),
                ("ann", f"/sit {table} ns"),
                ("cat", f"/sit {table} ew"),
            ],
        )
        warnings += Chat.rulings(await chat.say("mod", f"/abandon {table} @ann"), "warning")
        await chat.say("ann", "/card")  # back: her card on screen, served in 15 minutes
        await chat.advance(timedelta(minutes=16))
    assert [w["measure"] for w in warnings] == ["warning", "expulsion"]
    await chat.say("mod", "/settings rulebook=mcr")
    out = await chat.say("mod", f"/undo {warnings[0]['id']} recorded by mistake")
    assert Chat.rulings(out, "undone") and Chat.rulings(out, "stop_lifted")
    [status] = Chat.rulings(await chat.say("ann", "/card"), "card_status")
    assert status["stop_until"] is None


# ---- MCR: the ladder, across sessions --------------------------------------------------------
LADDER_KINDS = ("info", "wall", "knock", "delay", "obstruction", "wrong-meld")
violations = st.lists(
    st.tuples(st.sampled_from(("a", "b")), st.sampled_from(LADDER_KINDS)), max_size=5
)


@PROPERTY
@given(first=violations, second=violations, picks=st.lists(st.integers(0, 20), max_size=4))
async def test_mcr_undo_restep_equals_a_fresh_tournament(app, first, second, picks):
    """Undoing ladder violations, from either session, leaves every later penalty stepped
    and every table's points as if the violations had never been recorded (RULES 2.10)."""

    def script(skip: set[int]) -> list[tuple[str, str]]:
        lines = [
            ("mod", "/tournament Cup 2"),
            ("mod", "/register @a @b @c @d"),
        ]
        index = 0
        for session, said in enumerate((first, second), 1):
            lines += [("mod", "/session start"), ("mod", "/seat 1 @a @b @c @d")]
            for player, kind in said:
                if index not in skip:
                    lines.append(("mod", f"/violation @{player} {kind}"))
                index += 1
            lines.append(("mod", f"/score 1 {10 * session} 10 -10 {-10 * session}"))
            lines.append(("mod", "/session end"))
        return lines

    everything = script(set())
    chat = await Chat(app, rulebook="mcr", chat=f"mcr{next(chats)}").setup()
    numbers = await _play(chat, everything)
    recorded = [n for (_, text), n in zip(everything, numbers, strict=True) if "/violation" in text]
    if not recorded:
        return
    chosen = [recorded[pick % len(recorded)] for pick in picks]
    undone = await _undo(chat, chosen)
    fresh = await Chat(app, rulebook="mcr", chat=f"mcr{next(chats)}").setup()
    await _play(fresh, script({recorded.index(n) for n in undone}))
    assert await _standings(chat, "a") == await _standings(fresh, "a")
    for player in ("a", "b"):
        [now] = Chat.rulings(await chat.say(player, "/profile"), "profile")
        [then] = Chat.rulings(await fresh.say(player, "/profile"), "profile")
        assert (now["penalties"], now["score"], now["tp"]) == (
            then["penalties"],
            then["score"],
            then["tp"],
        )


async def test_a_penalty_undone_after_its_re_step_is_not_undone_twice(app):
    """A penalty stepped again when an earlier one was undone stands replaced *and* undone
    once undone itself: a second /undo says so by its number."""
    chat = await Chat(app, rulebook="mcr", chat=f"mcr{next(chats)}").setup()
    script = [
        ("mod", "/tournament Cup 1"),
        ("mod", "/register @a @b @c @d"),
        ("mod", "/session start"),
        ("mod", "/seat 1 @a @b @c @d"),
        ("mod", "/violation @a info"),
        ("mod", "/violation @a info"),
    ]
    numbers = await _play(chat, script)
    first, second = numbers[-2], numbers[-1]
    assert first is not None and second is not None
    assert await _undo(chat, [first, second]) == {first, second}
    [refused] = Chat.rulings(await chat.say("mod", f"/undo {second} again"), "refused")
    assert (refused["reason"], refused["ruling"]) == ("already_undone", second)


async def test_a_tournament_created_by_mistake_is_withdrawn_until_its_first_session(app):
    """Undone before its first session, a tournament leaves the list and frees the chat (its
    rulebook may change, a new one may be created); once a session has begun, it is not."""
    chat = await Chat(app, rulebook="mcr", chat=f"mcr{next(chats)}").setup()
    mistaken, _registered = await _play(
        chat, [("mod", '/tournament "Кубок" 3'), ("mod", "/register @a @b @c @d")]
    )
    [undone, *_] = await chat.say("mod", f"/undo {mistaken} wrong chat")
    assert undone.ruling["type"] == "undone" and undone.ruling["decision"] == "tournament_created"
    listed = Chat.one(await chat.say("mod", "/tournaments"), "tournaments")
    assert listed["tournaments"] == []
    assert Chat.one(await chat.say("mod", "/settings rulebook=burraco"), "settings_changed")
    await chat.say("mod", "/settings rulebook=mcr")
    [started, *_] = await _play(
        chat,
        [("mod", "/tournament Cup 1"), ("mod", "/register @a @b @c @d"), ("mod", "/session start")],
    )
    assert (
        Chat.one(await chat.say("mod", "/tournaments"), "tournaments")["tournaments"][0]["id"] == 1
    )
    [refused] = Chat.rulings(await chat.say("mod", f"/undo {started} oops"), "refused")
    assert refused["code"] == "tournament_begun"
