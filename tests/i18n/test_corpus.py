"""Every message as a reader sees it, in each language: no machinery shows (placeholders,
ids, seed files), no English inside Italian or Russian, and nothing changes unreviewed."""

from __future__ import annotations

import asyncio
import os
import re

import pytest

from bot.i18n import SUPPORTED
from tests.i18n.corpus import CASES, GOLDEN, NAMES, _events, corpus

# what a reader must never see: a variable, a missing value, a seed file's number
MACHINERY = re.compile(r"[{}$]|\bnone\b|\bNone\b|\b00[01] [§\d]|ruling-|refused-|arg-")
# Latin words an Italian or Russian reader meets as they are: rulebooks, brands, notation,
# and the keywords and command names he types
ALLOWED_LATIN = {
    "VP", "FIBUR", "FITAB", "MCR", "EMA", "AI", "IA", "CSV", "Burraco", "Mahjong", "hu", "Hu",
    "Telegram", "Discord", "UTC", "h", "min", "m", "d", "Europe", "Rome", "E", "S", "W", "N",
    "vp", "fibur", "fitab", "mcr", "burraco", "it", "ru", "en", "IN", "ISO", "IT", "RUS",
    "RU", "NL", "DE", "UK", "since",
}  # fmt: skip
# English words that have no business in an Italian sentence
ENGLISH = {
    "the", "and", "of", "to", "is", "table", "tables", "player", "players", "points", "match",
    "matches", "stop", "warning", "name", "names", "session", "sessions", "ruleset", "format",
    "tally", "rulebook", "lang", "usage", "none", "reason", "text", "duration", "number",
    "ruling", "member", "official", "pairs", "training", "with", "for",
}  # fmt: skip


@pytest.fixture(scope="module")
def rendered() -> dict[str, list[tuple[str, str]]]:
    return {lang: corpus(lang) for lang in SUPPORTED}


def _words(text: str) -> list[str]:
    for name in NAMES.values():
        text = text.replace(name, " ")
    text = text.replace("Victory Points", " ")  # the club's own term, in Italian too
    text = re.sub(r'"[^"]*"|«[^»]*»', " ", text)  # what the reader typed, quoted back to him
    text = re.sub(r"\S*=\S*|.* = .*", " ", text)  # settings syntax; a keyword and its meaning
    text = re.sub(r"@\w+|\w+/\w+", " ", text)  # a member's handle, a time zone's name
    text = re.sub(r"\S*\d[mpsz]\S*", " ", text)  # a hand in the referees' notation
    text = re.sub(r"/[a-z_]+", " ", text)  # a command's name is typed as it is
    return re.findall(r"[A-Za-z]+", text)


@pytest.mark.parametrize("lang", SUPPORTED)
def test_no_machinery_shows(rendered, lang):
    shown = [f"{label}: {text}" for label, text in rendered[lang] if MACHINERY.search(text)]
    assert not shown, "\n".join(shown[:40])


def test_no_latin_words_in_russian(rendered):
    found = []
    for label, text in rendered["ru"]:
        latin = set(_words(text)) - ALLOWED_LATIN
        if latin:
            found.append(f"{label}: {sorted(latin)}: {text}")
    assert not found, "\n".join(found[:40])


def test_no_english_words_in_italian(rendered):
    found = []
    for label, text in rendered["it"]:
        english = {word.lower() for word in _words(text)} & ENGLISH
        if english:
            found.append(f"{label}: {sorted(english)}: {text}")
    assert not found, "\n".join(found[:40])


# a line that shows a command's syntax, and what in a sentence is typed as it is: a quoted
# entry, a command with its arguments, a hand in notation, a ladder step, a list of examples
USAGE_LINE = re.compile(r"^(Expected|Sintassi|Формат):")
TYPED = (
    re.compile(r'"[^"]*"|«[^»]*»'),
    re.compile(r"/[a-z_]+(?: [@\w][^\s,;]*)*"),
    re.compile(r"\S*[\[\]{}]\S*|\S*\d[psz]\S*"),
    re.compile(r"\d+:\w+(?: \d\w*)?"),
    re.compile(r"\d+[mhd](?:, \d+\w*)+ (?:or|o|или) \d+\w*"),
)
RAW_DURATION = re.compile(r"(?<![\w=/.:|])\d+[mhd]\b")  # 30d, 2h, 10m; a choice typed: =off|1h
DASH_AS_LIST = re.compile(r"(^|[:(,] )—([.,;)]|$)")  # "Null match for —." : an empty list


def _sentences(text: str) -> list[str]:
    """The lines of a message a reader reads as prose, with what is typed as it is taken out."""
    found = []
    for line in text.split("\n"):
        if USAGE_LINE.match(line):
            continue
        for typed in TYPED:
            line = typed.sub(" ", line)
        found.append(line)
    return found


@pytest.mark.parametrize("lang", SUPPORTED)
def test_lengths_are_said_in_words_and_no_list_is_a_dash(rendered, lang):
    """ "30 giorni", never "per 30d"; an empty list leaves its clause out, never "—"; an
    optional argument in one pair of brackets."""
    found = [
        f"{label}: {text}"
        for label, text in rendered[lang]
        for line in _sentences(text)
        if RAW_DURATION.search(line) or DASH_AS_LIST.search(line) or "[[" in text
    ]
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_corpus_is_the_reviewed_one(rendered, lang):
    """Regenerate with ``ARBITRO_UPDATE_GOLDEN=1`` after a reviewed change of wording."""
    text = "\n".join(f"{label}: {body}".replace("\n", " ⏎ ") for label, body in rendered[lang])
    golden = GOLDEN / f"{lang}.txt"
    if os.environ.get("ARBITRO_UPDATE_GOLDEN") == "1":
        golden.write_text(text + "\n", encoding="utf-8")
    assert golden.read_text(encoding="utf-8") == text + "\n"


def _typed_and_named(ruling: dict) -> set[str]:
    """What a case's people typed or are called: it may be in any language."""
    found: set[str] = set()
    for key, value in ruling.items():
        if isinstance(value, dict):
            found |= _typed_and_named(value) | {k for k in value if isinstance(k, str)}
        elif isinstance(value, list):
            for item in value:
                found |= _typed_and_named(item) if isinstance(item, dict) else {str(item)}
        elif isinstance(value, str) and key in TYPED_FIELDS:
            found.add(value)
    return found


TYPED_FIELDS = {"player", "by", "substitute", "actor", "target", "proposer", "reason", "text"}
TYPED_FIELDS |= {"note", "tournament", "got", "name", "dispute_reason", "first_name", "last_name"}
TYPED_FIELDS |= {"country", "reporter", "excerpt", "previous", "team"}


@pytest.mark.parametrize("lang", ["it", "ru"])
@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_every_case_replayed_in_italian_and_russian_reads_as_such(tmp_path, case, lang):
    """The public cases (and ours), replayed in Italian and in Russian: no machinery, no
    seed-file citation, no English word outside names and what people typed."""
    script = tmp_path / case.name
    lines = case.read_text(encoding="utf-8").splitlines()
    script.write_text(
        "\n".join(
            re.sub(r"\blang=\w+", "", line) + f" lang={lang}"
            if line.startswith("@community")
            else line
            for line in lines
        ),
        encoding="utf-8",
    )
    problems = []
    for event in asyncio.run(_events(script)):
        text = event["text"]
        for typed in sorted(_typed_and_named(event.get("ruling") or {}), key=len, reverse=True):
            text = text.replace(typed, " ") if len(typed) > 1 else text
        if MACHINERY.search(text):
            problems.append(f"machinery: {event['text']}")
        if any(RAW_DURATION.search(line) for line in _sentences(event["text"])):
            problems.append(f"a length not in words: {event['text']}")
        words = {w for w in _words(text) if len(w) > 1}  # one letter: a player called "a"
        reader = event.get("lang", lang)  # a member may have chosen his own language
        if reader == "en":
            continue
        foreign = words - ALLOWED_LATIN if reader == "ru" else {w.lower() for w in words} & ENGLISH
        if foreign:
            problems.append(f"{sorted(foreign)}: {event['text']}")
    assert not problems, "\n".join(problems[:20])
