"""Random and odd input never crashes the command layer, on SQLite and PostgreSQL alike, and a
refused or read-only answer writes nothing but itself.

Two runs: hypothesis' shrinking search over free text, and a full-size run of 20,000 inputs
per database from a seeded generator that knows the commands, their keywords in every
language and the odd things people (and attackers) type: digits of other scripts, numbers too
large for any column, NUL, direction overrides, unbalanced quotes, forged mentions. Every
write to the database is counted by triggers, so that "writes nothing" is checked exactly."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.app import App
from bot.delivery.actions import decode
from bot.handlers import REGISTRY, Author, Incoming
from bot.handlers.grammar import Param, Shape
from bot.i18n.keywords import SYNONYMS
from tests.conftest import drop_schema, make_database

READ_ONLY = {
    "refused",
    "standings",
    "profile",
    "history",
    "help",
    "log",
    "card_status",
    "stops_list",
    "ruling",
    "tournaments",
    "tables",
    "players",
    "seating_view",
    "hand_check",
    "settings",
}
# tables whose writes the triggers count; the outbox (where each answer is recorded) and the
# processed updates apart
WATCHED = [
    "communities",
    "members",
    "matches",
    "match_seats",
    "discipline",
    "standings",
    "tournaments",
    "rulings",
    "ruling_people",
    "reversals",
    "audit",
    "timers",
    "meta",
    "proposals",
    "pages",
    "web_pages",
    "platform_messages",
    "mute_renewals",
    "private_chats",
]
START = datetime(2026, 1, 1, tzinfo=UTC)
FULL_SIZE = 20_000


async def count_writes(app: App) -> None:
    """Triggers that count every row written, deleted or changed, table by table."""
    async with app.database.transaction() as tx:
        await tx.execute(
            "CREATE TABLE fuzz_writes (watched BIGINT NOT NULL, answers BIGINT NOT NULL)"
        )
        await tx.execute("INSERT INTO fuzz_writes VALUES (0, 0)")
        postgres = tx.dialect == "postgresql"
        if postgres:
            await tx.execute(
                "CREATE FUNCTION fuzz_watched() RETURNS trigger AS $$ BEGIN"
                " UPDATE fuzz_writes SET watched = watched + 1; RETURN NULL; END $$"
                " LANGUAGE plpgsql"
            )
            await tx.execute(
                "CREATE FUNCTION fuzz_answer() RETURNS trigger AS $$ BEGIN"
                " UPDATE fuzz_writes SET answers = answers + 1; RETURN NULL; END $$"
                " LANGUAGE plpgsql"
            )
        for table in [*WATCHED, "outbox"]:
            counter = "answers" if table == "outbox" else "watched"
            for event in ("INSERT", "UPDATE", "DELETE"):
                if table == "outbox" and event != "INSERT":
                    continue
                name = f"fuzz_{table}_{event.lower()}"
                if postgres:
                    function = "fuzz_answer" if table == "outbox" else "fuzz_watched"
                    await tx.execute(
                        f"CREATE TRIGGER {name} AFTER {event} ON {table} FOR EACH ROW"
                        f" EXECUTE FUNCTION {function}()"
                    )
                else:
                    await tx.execute(
                        f"CREATE TRIGGER {name} AFTER {event} ON {table} FOR EACH ROW BEGIN"
                        f" UPDATE fuzz_writes SET {counter} = {counter} + 1; END"
                    )


async def writes(app: App) -> tuple[int, int]:
    async with app.database.transaction() as tx:
        row = await tx.fetchone("SELECT watched, answers FROM fuzz_writes")
    assert row is not None
    return int(row[0]), int(row[1])


@pytest.fixture(params=["sqlite", "postgresql"])
def world(request, tmp_path):
    """A Burraco club and an MCR chat, each with a moderator and a player already known."""
    database = make_database(request.param, tmp_path)
    loop = asyncio.new_event_loop()
    app = App(database)
    loop.run_until_complete(app.start())
    for rulebook in ("burraco", "mcr"):
        loop.run_until_complete(app.layer.configure("console", rulebook, {"rulebook": rulebook}))
        for name in ("alice", "mod", "bob", "carol"):
            loop.run_until_complete(
                app.layer.handle(said(rulebook, name, "hello", START, name == "mod"))
            )
    loop.run_until_complete(count_writes(app))
    yield loop, app
    loop.run_until_complete(app.stop())
    loop.run_until_complete(drop_schema(database))
    loop.close()


def said(chat: str, name: str, text: str, at: datetime, moderator: bool = False) -> Incoming:
    return Incoming(
        "console", chat, Author(name, name, None, moderator), text, at, names_are_keys=False
    )


def check(
    text: str,
    out: list,
    before: tuple[int, int],
    after: tuple[int, int],
    typed: set[str] | None = None,
) -> None:
    """Every answer says something, with no placeholder of ours left; an answer that
    decides nothing wrote nothing but itself. What members wrote (now, or earlier: a list of
    reasons) may come back quoted: only ours is checked."""
    quoted = sorted(set(text.split()) | (typed or set()), key=len, reverse=True)
    for message in out:
        assert message.text.strip(), text
        told = message.text
        for word in quoted:
            told = told.replace(word, "")
        assert "{$" not in told, (text, message.text)
    if all(m.ruling and m.ruling["type"] in READ_ONLY for m in out):
        assert after[0] == before[0], ("a refusal or a display wrote", text)
        assert after[1] - before[1] == len(out), ("answers recorded", text)


# ---- hypothesis: free text, shrunk to the smallest failing input -------------------------
words = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["1", "0", "-3", "99999999999999", "@alice", "@", "ns", "vp", "90m", "x"]),
)
commands = st.builds(
    lambda name, args, prefix: prefix + name + " " + " ".join(args),
    st.sampled_from([*sorted(REGISTRY), "", "zzz", "Sit", "sit@other_bot"]),
    st.lists(words, max_size=6),
    st.sampled_from(["/", "/", "", " /"]),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    text=st.one_of(st.text(max_size=80), commands),
    rulebook=st.sampled_from(["burraco", "mcr"]),
    moderator=st.booleans(),
)
@example(text="/{$", rulebook="burraco", moderator=False)  # his own braces, quoted back
def test_random_text_never_raises_and_refusals_write_nothing(world, text, rulebook, moderator):
    loop, app = world
    before = loop.run_until_complete(writes(app))
    out = loop.run_until_complete(
        app.layer.handle(said(rulebook, "alice", text, START + timedelta(minutes=1), moderator))
    )
    check(text, out, before, loop.run_until_complete(writes(app)))


# ---- the full-size run ----------------------------------------------------------------------
ODD = [
    "0",
    "-1",
    "1",
    "2",
    "3",
    "4",
    "7",
    "13",
    "999",
    "1.200",
    "1'200",
    "99999999999999999999",
    "9" * 5000,
    "-2147483649",
    "²",
    "٣",
    "①",
    "1e5",
    "0x10",
    "\x00",
    "a\x00b",
    "\u202egnp.exe",
    "al\u200bice",
    "@alice",
    "@bob",
    "@mod",
    "@",
    "@@",
    "@\u202ebob",
    "@id123",
    "@ghost",
    '"',
    '"Coppa di Natale"',
    "«Кубок»",
    "“Spring”",
    "'",
    "90m",
    "2h",
    "1h30m",
    "400d",
    "0m",
    "1d12h",
    "vp",
    "ns",
    "ew",
    "self",
    "flowers=²",
    "flowers=8",
    "seat=N",
    "round=E",
    "ema=04010001",
    "country=IT",
    'name="Anna Rossi"',
    "rulebook=mcr",
    "lang=ru",
    "tz=Europe/Rome",
    "tz=../../etc",
    "[123m][555z]456p789s11z",
    "{5z5z5z5z}5m6m8s8s8s1p1p2p3p4p7m",
    "1z",
    "7m",
    "#",
    "**bold**",
    "[x](https://evil.example)",
    "||spoiler||",
    "<@123>",
    "@everyone",
    "%s",
    "{$player}",
    "\\",
    "\n",
    "😀",
    "👨\u200d👩\u200d👧",
]
KEYWORDS = sorted({*SYNONYMS, *SYNONYMS.values()})


MEMBERS = ["@alice", "@bob", "@mod", "@carol", "@dan", "@eve"]


def argument(rng: random.Random, param: Param) -> list[str]:
    """Words that fit ``param`` as its grammar declares it, the way a person types them."""
    kind = param.shape
    if kind is Shape.INT:
        low = param.minimum if param.minimum is not None else -50
        high = min(param.maximum if param.maximum is not None else 50, low + 60)
        return [str(rng.randint(low, high))]
    if kind in (Shape.CHOICE, Shape.LITERAL):
        options = list(param.choices or (param.name,))
        synonyms = [word for word, meant in SYNONYMS.items() if meant in options]
        return [rng.choice(options + synonyms)]
    if kind is Shape.FLAGS:
        return rng.sample(list(param.choices), rng.randrange(len(param.choices) + 1))
    if kind is Shape.MENTION:
        return [rng.choice(MEMBERS)]
    if kind is Shape.MENTIONS:
        return rng.sample(MEMBERS, rng.randint(1, 4))
    if kind is Shape.SCORES:
        return [word for who in rng.sample(MEMBERS, 4) for word in (who, str(rng.randint(0, 20)))]
    if kind is Shape.DURATION:
        return [rng.choice(["90m", "2h", "1h30m", "3d", "1d12h", "1h 30m"])]
    if kind is Shape.SETTINGS:
        return [rng.choice(param.choices).split("|")[0].replace("<", "").replace(">", "")]
    if kind in (Shape.TEXT, Shape.PHRASE):
        return rng.sample(["spam", "in", "chat", "Coppa", "di", "Natale", "ok"], rng.randint(1, 3))
    return [rng.choice(["[123m][555z]456p789s11z", "1z", "x", "4"])]


def grammatical(rng: random.Random, name: str) -> str:
    """A command as its grammar says, now and then with one word odd, missing or extra."""
    form = rng.choice(REGISTRY[name].forms)
    words = [word for param in form for word in argument(rng, param) if rng.random() > 0.05]
    roll = rng.random()
    if roll < 0.25 and words:
        words[rng.randrange(len(words))] = rng.choice(ODD)
    elif roll < 0.3:
        words.append(rng.choice(ODD))
    return "/" + name + " " + " ".join(words)


def inputs(seed: int, count: int) -> list[tuple[str, str, bool]]:
    """(chat, text, moderator): commands as their grammar says (with odd words now and then),
    commands of odd words, free text."""
    rng = random.Random(seed)
    names = sorted(REGISTRY)
    found = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.05:
            text = "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(40)))
        elif roll < 0.7:
            text = grammatical(rng, rng.choice(names))
        else:
            name = rng.choice(names) if roll < 0.97 else rng.choice(["zzz", "Sit", "sit@bot"])
            pool = ODD if rng.random() < 0.7 else KEYWORDS
            args = [rng.choice(pool) for _ in range(rng.randrange(7))]
            text = rng.choice(["/", "/", "/", "!", " /"]) + name + " " + " ".join(args)
        found.append((rng.choice(["burraco", "mcr"]), text, rng.random() < 0.6))
    return found


def test_twenty_thousand_inputs_never_crash_and_refusals_write_nothing(world):
    loop, app = world

    rng = random.Random(1)

    async def run() -> int:
        at = START
        state = await writes(app)
        typed: set[str] = set()
        for chat, text, moderator in inputs(2026, FULL_SIZE):
            typed.update(word for word in text.split() if "{" in word)
            at += timedelta(seconds=7)
            speaker = "mod" if moderator else rng.choice(["alice", "bob", "carol"])
            out = await app.layer.handle(said(chat, speaker, text, at, moderator))
            after = await writes(app)
            check(text, out, state, after, typed)
            state = after
        return state[0]

    recorded = loop.run_until_complete(run())
    assert recorded > 2000  # plenty of it was accepted: the fuzz reached deep states too


def test_forged_button_data_is_no_press():
    rng = random.Random(7)
    for _ in range(FULL_SIZE):
        verb = rng.choice(["page", "approve", "reject", "sit", "leave", "card", "x", ""])
        pool = [*ODD, "AAAAAAAAAAAAAAAA", "12", ""]
        parts = [rng.choice(pool) for _ in range(rng.randrange(3))]
        data = ":".join([verb, *parts]) + rng.choice(["", "@", "@11", "@\x00"])
        press = decode(data)  # never raises
        if press is not None and press.page is not None:
            assert 0 < press.page[1] < 10**9
