"""Whatever a referee records, undoes and corrects, at whatever moment, the standings are those
of the same tournament recorded with only what still stands: a random tournament with
drop-outs, substitutes, hands, sheets, penalties, undos, corrections of earlier sessions and a
session reopened, against its replay without the mistakes."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Chat

PLAYERS = [f"p{n}" for n in range(8)]
SESSIONS = 3
SHEETS = ([40, 10, -10, -40], [20, 20, -20, -20], [0, 0, 0, 0], [90, -30, -30, -30], [5, 3, -3, -5])
VIOLATIONS = ("info", "wall", "knock", "delay", "wrong-order")
chats = itertools.count()


@pytest.fixture
def db_kind() -> str:
    """The random tournaments run on SQLite; both databases play the same rules in the rated
    tournament (test_mcr_rated_tournament.py) and every other command test."""
    return "sqlite"


op = st.one_of(
    st.tuples(st.just("score"), st.integers(0, 1), st.integers(0, len(SHEETS) - 1)),
    st.tuples(st.just("win"), st.integers(0, 1), st.integers(0, 15)),
    st.tuples(st.just("washout"), st.integers(0, 1), st.just(0)),
    st.tuples(st.just("violation"), st.integers(0, 7), st.integers(0, len(VIOLATIONS) - 1)),
    st.tuples(st.just("undo"), st.integers(0, 30), st.just(0)),
    st.tuples(st.just("correct"), st.integers(0, 5), st.integers(0, len(SHEETS) - 1)),
    st.tuples(st.just("dq"), st.integers(0, 7), st.just(0)),
    st.tuples(st.just("ill"), st.integers(0, 7), st.just(0)),
)


@dataclass
class Record:
    """What the referee has recorded that still stands, as the test counts it."""

    sheets: dict[tuple[int, int], list[tuple[int, list[int]]]] = field(default_factory=dict)
    hands: dict[tuple[int, int], list[tuple[int, str]]] = field(default_factory=dict)
    # what else was said, in order: the ruling it made (None: never undone), its session
    commands: list[tuple[int | None, int, str]] = field(default_factory=list)
    undone: set[int] = field(default_factory=set)


class Tournament:
    """One chat's tournament, played session by session."""

    def __init__(self, chat: Chat) -> None:
        self.chat = chat
        self.seats: dict[int, list[str]] = {}  # table → who holds each seat now
        self.subs = itertools.count(1)
        self.disqualified: dict[str, str] = {}  # player → his substitute

    async def say(self, text: str) -> list:
        return await self.chat.say("ref", text)

    async def begin(self) -> None:
        await self.say(f"/tournament Random {SESSIONS}")
        await self.say("/register " + " ".join(f"@{p}" for p in PLAYERS))
        await self.say("/seating draw=1")

    async def start(self) -> int:
        out = await self.say("/session start")
        started = self.chat.one(out, "session_started")
        self.seats = {t["table"]: list(t["seats"]) for t in started["tables"]}
        for out_player, sub in self.disqualified.items():  # his empty seat, filled
            await self.substitute(out_player, sub, "dq")
        return started["session"]

    async def substitute(self, out: str, sub: str, reason: str) -> bool:
        said = await self.say(f"/sub @{out} @{sub} {reason}")
        if not self.chat.rulings(said, "substitution"):
            return False
        for seats in self.seats.values():
            if out in seats:
                seats[seats.index(out)] = sub
        return True


def _id(out: list, kind: str) -> int | None:
    found = Chat.rulings(out, kind)
    return found[0]["id"] if found else None


async def play(chat: Chat, program: list[list[tuple]], reopen: list[bool]) -> Record:
    """The tournament with every operation of the program, mistakes and undos included."""
    game, record = Tournament(chat), Record()
    await game.begin()
    done: list[tuple[str, int, tuple]] = []  # undoable rulings: kind, id, what it recorded
    for session, operations in enumerate(program, 1):
        await game.start()
        for kind, a, b in operations:
            await _operate(game, record, done, session, kind, a, b)
        await _finish_session(game, record, session)
        if reopen[session - 1]:  # ended by mistake: reopened, then ended again
            last = await _last_end(chat)
            out = await chat.say("ref", f"/undo {last} ended too early")
            assert Chat.rulings(out, "undone"), [o.ruling for o in out]
            await chat.say("ref", "/session end")
    return record


async def _last_end(chat: Chat) -> int:
    out = await chat.say("ref", "/log")
    entries = Chat.rulings(out, "log")[0]["entries"]
    return next(e["ruling"] for e in entries if e["action"] == "session_end")


async def _operate(game, record, done, session, kind, a, b) -> None:
    tables = sorted(game.seats)
    if kind == "score":
        table = tables[a % len(tables)]
        out = await game.say(f"/score {table} " + " ".join(map(str, SHEETS[b])))
        if (rid := _id(out, "table_points")) is not None:
            record.sheets[(session, table)] = [(rid, SHEETS[b])]
            done.append(("sheet", rid, (session, table)))
    elif kind in ("win", "washout"):
        table = tables[a % len(tables)]
        seats = game.seats[table]
        if kind == "win":
            winner, discarder = seats[b % 4], seats[(b // 4) % 4]
            how = "self" if discarder == winner else f"@{discarder}"
            command = f"/win {table} @{winner} {8 + b} {how}"
        else:
            command = f"/washout {table}"
        out = await game.say(command)
        if (rid := _id(out, "hand_won") or _id(out, "hand_washout")) is not None:
            record.hands.setdefault((session, table), []).append((rid, command))
            record.commands.append((rid, session, command))
            done.append(("hand", rid, (session, table)))
    elif kind == "violation":
        player = _seated(game, a)
        command = f"/violation @{player} {VIOLATIONS[b]}"
        out = await game.say(command)
        if (rid := _id(out, "penalty") or _id(out, "no_penalty")) is not None:
            record.commands.append((rid, session, command))
            done.append(("penalty", rid, ()))
    elif kind == "correct":
        scored = sorted(k for k, v in record.sheets.items() if v)
        if scored:
            at, table = scored[a % len(scored)]
            command = f"/correct {table} " + " ".join(map(str, SHEETS[b])) + f" session={at}"
            out = await game.say(command)
            if (rid := _id(out, "score_corrected")) is not None:
                record.sheets[(at, table)].append((rid, SHEETS[b]))
                done.append(("sheet", rid, (at, table)))
    elif kind == "undo":
        await _undo(game, record, done, a)
    elif kind in ("dq", "ill") and not game.disqualified:
        player = _seated(game, a)
        if player in PLAYERS:
            sub, reason = f"s{next(game.subs)}", "dq" if kind == "dq" else "ill-during"
            if kind == "dq":
                await game.say(f"/dq @{player} misconduct")
                record.commands.append((None, session, f"/dq @{player} misconduct"))
            if await game.substitute(player, sub, reason):
                record.commands.append((None, session, f"/sub @{player} @{sub} {reason}"))
                if kind == "dq":
                    game.disqualified[player] = sub


def _seated(game: Tournament, index: int) -> str:
    everyone = [p for table in sorted(game.seats) for p in game.seats[table]]
    return everyone[index % len(everyone)]


async def _undo(game, record, done, index) -> None:
    standing = [entry for entry in done if entry[1] not in record.undone]
    if not standing:
        return
    if index < 20:  # mostly one of the last few, as a referee notices a slip
        standing = standing[-3:]
    kind, rid, where = standing[index % len(standing)]
    out = await game.say(f"/undo {rid} mistake")
    undone = bool(Chat.rulings(out, "undone"))
    if kind == "sheet":
        stack = record.sheets[where]
        on_top = stack[-1][0] == rid
        assert undone == on_top, (rid, stack, [o.ruling for o in out])
        if undone:
            stack.pop()
    else:
        assert undone, [o.ruling for o in out]
    if undone:
        record.undone.add(rid)


async def _finish_session(game: Tournament, record: Record, session: int) -> None:
    """Every table not yet scored nor kept hand by hand gets a sheet, then the end."""
    for table in sorted(game.seats):
        key = (session, table)
        kept = any(rid not in record.undone for rid, _ in record.hands.get(key, ()))
        if not record.sheets.get(key) and not kept:
            out = await game.say(f"/score {table} " + " ".join(map(str, SHEETS[0])))
            rid = _id(out, "table_points")
            if rid is not None:  # a table with only undone hands and a sheet: scored now
                record.sheets[key] = [(rid, SHEETS[0])]
    await game.say("/session end")


async def replay(chat: Chat, program: list[list[tuple]], record: Record) -> None:
    """The same tournament with only what stands: the drop-outs as they happened, the
    penalties and hands not undone, each table's last standing sheet."""
    game = Tournament(chat)
    await game.begin()
    for session in range(1, len(program) + 1):
        await game.start()
        for rid, at, command in record.commands:
            if at == session and rid not in record.undone:
                out = await game.say(command)
                if command.startswith("/sub") and Chat.rulings(out, "substitution"):
                    _, out_player, sub, reason = command.split()
                    if reason == "dq":
                        game.disqualified[out_player[1:]] = sub[1:]
        for (at, table), stack in sorted(record.sheets.items()):
            if at == session and stack:
                await game.say(f"/score {table} " + " ".join(map(str, stack[-1][1])))
        await game.say("/session end")


async def _standings(chat: Chat) -> list[dict]:
    return Chat.rulings(await chat.say("ref", "/standings"), "standings")[0]["rows"]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    program=st.lists(st.lists(op, max_size=12), min_size=SESSIONS, max_size=SESSIONS),
    reopen=st.lists(st.booleans(), min_size=SESSIONS, max_size=SESSIONS),
)
async def test_the_standings_are_those_of_what_stands(app, program, reopen):
    n = next(chats)
    played = Chat(app, rulebook="mcr", tz="UTC", admins=("ref",), chat=f"played{n}")
    clean = Chat(app, rulebook="mcr", tz="UTC", admins=("ref",), chat=f"clean{n}")
    await played.setup()
    await clean.setup()
    record = await play(played, program, reopen)
    await replay(clean, program, record)
    assert await _standings(played) == await _standings(clean)
    await _one_sheet_stands_per_table(played, record)


async def _one_sheet_stands_per_table(chat: Chat, record: Record) -> None:
    """The records agree with the standings: each scored table has exactly one standing
    ruling with its sheet and points, an unscored one none."""
    standing: dict[tuple[int, int], set[int]] = {}
    for player in PLAYERS:
        page = 1
        # every page of his history (a page past the last is refused, saying how many)
        while shown := Chat.rulings(await chat.say("ref", f"/history @{player} {page}"), "history"):
            for entry in shown[0]["entries"]:
                if entry["type"] in ("table_points", "score_corrected") and entry["standing"]:
                    key = (entry["fields"]["session"], entry["fields"]["table"])
                    standing.setdefault(key, set()).add(entry["id"])
            page += 1
    hands = {
        key
        for key, made in record.hands.items()
        if any(rid not in record.undone for rid, _ in made)
    }
    scored = {key for key, stack in record.sheets.items() if stack} | hands
    assert set(standing) <= scored, (standing, scored)
    for key in scored:
        assert len(standing.get(key, ())) == 1, (key, standing)
