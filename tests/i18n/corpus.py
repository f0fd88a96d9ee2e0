"""The linguistic corpus: every message the bot can send, in every language, with realistic
arguments, as a reader would see it.

The rulings come from the replay cases (the project's and the public ones), so their fields are
those the bot really produces; each is rendered again with other people (a woman, a man with a
40-character name, Cyrillic names) and other counts (0, 1, 2, 5, 11, 21, 22, 101), so that
agreement and plural forms show. Messages no case reaches are rendered from sample arguments.
The result is compared with the reviewed golden files in ``tests/i18n/golden``.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.console.replay import replay
from bot.discipline.kinds import KINDS
from bot.discipline.rulings import Ruling
from bot.i18n import SUPPORTED, Translator
from bot.i18n.render import BY_PERSON_FIELDS, PEOPLE_FIELDS, PERSON_FIELDS, Renderer

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "tests" / "cases").glob("*.txt")) + sorted(
    (ROOT.parent / "shared" / "cases").glob("*.txt")
)
GOLDEN = Path(__file__).resolve().parent / "golden"
ZONE = ZoneInfo("Europe/Rome")
AT = datetime(2026, 3, 11, 21, 30, tzinfo=ZONE)

# who the rulings are about: a woman, a man with a long name, two Cyrillic names
PEOPLE = (
    ("giulia", "Giulia"),
    ("marco", "Marco Aurelio Bianchi-Ferraris di Sant'Elia"),
    ("zhanna", "Жанна"),
    ("ivan", "Иван"),
)
NAMES = dict(PEOPLE)
COUNTS = (0, 1, 2, 5, 11, 21, 22, 101)
COUNT_FIELDS = {
    "n",
    "d",
    "minutes",
    "minutes_left",
    "hands",
    "matches",
    "sessions",
    "registered",
    "in_a_row",
    "balls",
    "penalties",
    "warnings_year",
    "warnings_today",
    "played",
    "seated",
    "total",
    "confirm_within_minutes",
    "card_minutes",
    "stops_lifted",
}


def _instant(value: Any) -> Any:
    if isinstance(value, str) and len(value) >= 19 and value[4] == "-" and "T" in value:
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            return value
        return parsed if parsed.tzinfo else value
    return value


async def _events(case: Path) -> list[dict]:
    out = io.StringIO()
    await replay(case, as_json=True, out=out)
    return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]


def _refusal(code: str, command: str, reason: str | None = None, **details: Any) -> dict:
    details = {"command": command, **details}
    return {"type": "refused", "player": "giulia", "reason": reason or code, "code": code,
            "command": command, "details": details, **details}  # fmt: skip


# what no replay reaches (a reply to a platform's message, a platform's own limits), with the
# fields the bot gives it there
SAMPLES: dict[str, list[dict]] = {
    "deleted": [
        {"type": "deleted", "player": "giulia", "reason": "spam", "messages": ["7"]},
        {"type": "deleted", "player": None, "reason": None, "messages": ["7"]},
    ],
    "refused:needs_reply": [_refusal("needs_reply", "del", reason="bad_input", platform="discord")],
    "refused:report_reason_needed": [  # a report's button pressed in the moderators' group
        _refusal("report_reason_needed", "ban", reason="bad_input", ruling=15, where="log")
    ],
    "refused:too_old_to_delete": [
        _refusal("too_old_to_delete", "del", platform="Telegram", hours=48),
        _refusal("too_old_to_delete", "del", platform="Telegram", hours=1),
    ],
    "refused:message_elsewhere": [  # Discord's slash /del naming a message by its link
        _refusal("message_elsewhere", "del", reason="bad_input", where="server"),
        _refusal("message_elsewhere", "del", reason="bad_input", where="channel"),
    ],
    "refused:not_a_message_link": [
        _refusal("not_a_message_link", "del", reason="bad_input", got="quello sopra")
    ],
    "refused:no_moderator_reachable": [  # every moderator's DMs closed on Discord
        _refusal("no_moderator_reachable", "report", platform="discord")
    ],
}


def examples() -> dict[str, list[dict]]:
    """Up to three different rulings of each kind (by their fields), as the cases make them;
    refusals by their code; then the samples of what no case reaches."""
    found: dict[str, list[dict]] = {}
    for case in CASES:
        for event in asyncio.run(_events(case)):
            ruling = event.get("ruling")
            if not ruling:
                continue
            key = ruling["type"] if ruling["type"] != "refused" else f"refused:{ruling['code']}"
            shapes = found.setdefault(key, [])
            if len(shapes) < 3 and all(set(s) != set(ruling) for s in shapes):
                shapes.append(ruling)
    for key, samples in SAMPLES.items():
        found.setdefault(key, []).extend(samples)
    return found


def _people_in(fields: dict) -> list[str]:
    seen: list[str] = []

    def note(key: Any) -> None:
        if isinstance(key, str) and key and key not in seen:
            seen.append(key)

    for name, value in fields.items():
        if name in PERSON_FIELDS:
            note(value)
        elif (name in PEOPLE_FIELDS and isinstance(value, list)) or (
            name in BY_PERSON_FIELDS and isinstance(value, dict)
        ):
            for item in value:
                note(item)
        elif isinstance(value, list):  # rows of standings, entries of a history or a log
            for row in value:
                if isinstance(row, dict):
                    for item in _people_in(row):
                        note(item)
        elif isinstance(value, dict):  # a ruling inside another (history, /ruling)
            for item in _people_in(value):
                note(item)
    return seen


def _recast(value: Any, rename: dict[str, str], count: int | None, name: str = "") -> Any:
    if isinstance(value, dict):  # keys are people only in a by-person field
        by_person = name in BY_PERSON_FIELDS
        return {
            (rename.get(k, k) if by_person else k): _recast(
                v, rename, count, name if by_person else k
            )
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_recast(v, rename, count, name) for v in value]
    if isinstance(value, str):
        return rename.get(value, _instant(value))
    if count is not None and name in COUNT_FIELDS and isinstance(value, int):
        return count if not isinstance(value, bool) else value
    return value


# what people type, in the reader's own language (the cases are written in English)
TYPED = {
    "reason": {
        "en": "insults in chat",
        "it": "insulti in chat",
        "ru": "оскорбления в чате",
    },
    "text": {
        "en": "the tile was mine",
        "it": "la tessera era mia",
        "ru": "это была моя кость",
    },
    "note": {"en": "table 3 please", "it": "tavolo 3 per favore", "ru": "стол 3, пожалуйста"},
    "dispute_reason": {"en": "it was 10 10", "it": "era 10 a 10", "ru": "было 10:10"},
    "tournament": {"en": "Winter Cup", "it": "Coppa d'Inverno", "ru": "Зимний кубок"},
    "first_name": {"en": "Anna Maria", "it": "Anna Maria", "ru": "Анна"},
    "last_name": {"en": "Rossi", "it": "Rossi", "ru": "Иванова"},
    "team": {"en": "Red Dragons", "it": "Draghi Rossi", "ru": "Красные драконы"},
    "excerpt": {"en": "cheap followers here", "it": "follower a poco", "ru": "дешёвые подписчики"},
}


def _typed(value: Any, lang: str, name: str = "") -> Any:
    if isinstance(value, Mapping):
        return {k: _typed(v, lang, k) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_typed(v, lang, name) for v in value]
    if isinstance(value, str) and value and name in TYPED:
        return TYPED[name][lang]
    return value


def typed(ruling: Ruling, lang: str) -> Ruling:
    """The ruling with what people typed written in ``lang``."""
    return Ruling(ruling.type, ruling.at, ruling.rule, _typed(dict(ruling.fields), lang))


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def variants(ruling: dict, known: set[str]) -> list[tuple[str, Ruling, int | None]]:
    """The ruling told of other people, with other counts where it has counts."""
    fields = {k: v for k, v in ruling.items() if k not in ("type", "id", "rule")}
    if ruling["type"] == "ruling":  # its own "rule" and "id" fields share the JSON keys
        fields["rule"] = "001 §2"
        fields["id"] = ruling["id"]
    people = _people_in(fields)
    people += [s for s in dict.fromkeys(_strings(fields)) if s in known and s not in people]
    counted = any(name in COUNT_FIELDS for name in fields)
    out = []
    for index, count in enumerate(COUNTS if counted else (None, None)):
        keys = [key for key, _ in PEOPLE]
        shift = index % len(keys)
        rename = {p: keys[(i + shift) % len(keys)] for i, p in enumerate(people)}
        recast = _recast(fields, rename, count)
        label = f"{count}" if count is not None else f"v{index}"
        number = 7 if KINDS[ruling["type"]].stored else None
        out.append((label, Ruling(ruling["type"], AT, ruling.get("rule") or "", recast), number))
    return out


class Recording(Translator):
    """A translator that notes which messages were asked for."""

    def __init__(self) -> None:
        super().__init__(strict=True)
        self.asked: set[str] = set()

    def format(self, lang: str, message_id: str, args: dict[str, Any] | None = None) -> str:
        self.asked.add(message_id)
        return super().format(lang, message_id, args)


def corpus(lang: str, translator: Recording | None = None) -> list[tuple[str, str]]:
    """(label, text) for every ruling example and its variants, in ``lang``."""
    translator = translator or Recording()
    renderer = Renderer(translator)
    lines = []
    found = examples()
    known = {  # the cases' members: whoever a ruling names as a person
        person
        for shapes in found.values()
        for ruling in shapes
        for person in _people_in({k: v for k, v in ruling.items() if k != "type"})
    } | {  # and whoever sits at a table /tables lists
        person
        for ruling in found.get("tables", [])
        for table in ruling["tables"]
        for side in table["seats"].values()
        for person in side
    }
    for key, shapes in sorted(found.items()):
        for shape_index, ruling in enumerate(shapes):
            for label, recast, number in variants(ruling, known):
                text = renderer.text(typed(recast, lang), lang, NAMES, ZONE, number)
                lines.append((f"{key}#{shape_index} [{label}]", text))
    return lines


def write_golden() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for lang in SUPPORTED:
        text = "\n".join(f"{label}: {body}".replace("\n", " ⏎ ") for label, body in corpus(lang))
        (GOLDEN / f"{lang}.txt").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_golden()
