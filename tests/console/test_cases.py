"""The project's own replay cases (tests/cases) and the public ones (../shared/cases)."""

import io
import json
from datetime import datetime
from pathlib import Path

import pytest

from bot.console.replay import replay
from bot.discipline.kinds import KINDS
from tests.console.expectations import check

HERE = Path(__file__).resolve().parents[1]
OWN = sorted((HERE / "cases").glob("*.txt"))
PUBLIC = sorted((HERE.parent.parent / "shared" / "cases").glob("*.txt"))


async def run(case: Path, db: str | None = None) -> list[dict]:
    out = io.StringIO()
    await replay(case, db=db, as_json=True, out=out)
    return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]


@pytest.mark.parametrize("case", OWN + PUBLIC, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
async def test_case(case):
    events = await run(case)
    problems = check(case, events)
    assert not problems, "\n".join(problems)
    instants = [datetime.fromisoformat(event["at"]) for event in events]
    assert instants == sorted(instants), "the replay's output goes back in time"
    for event in events:
        assert event["text"].strip()
        assert "{ $" not in event["text"] and "ruling-" not in event["text"]
        ruling = event["ruling"]
        if ruling is not None:  # every kind is declared, with every field it carries
            kind = KINDS[ruling["type"]]
            undeclared = set(ruling) - {"type", "id", "rule"} - set(kind.fields)
            assert kind.open_fields or not undeclared, (ruling["type"], undeclared)


def test_own_cases_cover_every_command():
    from bot.handlers import REGISTRY

    said = "\n".join(case.read_text() for case in OWN)
    missing = [name for name in REGISTRY if f": /{name}" not in said]
    assert not missing, missing


async def test_replay_writes_pictures_and_names_them_in_the_json(tmp_path):
    out = io.StringIO()
    case = HERE / "cases" / "burraco-warnings-year.txt"
    await replay(case, as_json=True, out=out, images=tmp_path / "pictures")
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    pictured = [e for e in events if "image" in e]
    kinds = {e["ruling"]["type"] for e in pictured}
    assert {"card_shown", "warning"} <= kinds  # yellow cards, and the red one
    for event in pictured:
        assert Path(event["image"]).read_bytes()[:4] == b"\x89PNG"
    assert all("image" not in e for e in events if e["ruling"]["type"] == "seated")


@pytest.mark.parametrize(
    ("case", "file"),
    [
        ("mcr-hand-by-hand.txt", "spring-ema-results.csv"),
        ("mcr-tournament-hand-by-hand.txt", "cup-of-spring-ema-results.csv"),
    ],
)
async def test_the_ema_results_file_is_the_expected_one(tmp_path, case, file):
    """Tournaments kept hand by hand, ended with /finish: the results file attached is the
    EMA's CSV, byte for byte (place, names, EMA number, table points, score, country)."""
    out = io.StringIO()
    await replay(HERE / "cases" / case, as_json=True, out=out, images=tmp_path)
    written = (tmp_path / file).read_bytes()
    assert written == (HERE / "cases" / "expected" / file).read_bytes()


async def test_a_private_chat_line_is_answered_there_and_a_measure_told_privately(tmp_path):
    """``NAME@dm``: answered in his private chat (chat and kind "dm", to him); a measure told
    to its member privately keeps its chat's name, kind "dm" (CONSOLE.md, "Settled details")."""
    script = tmp_path / "dm.txt"
    script.write_text(
        "@admins mod\n"
        "2026-06-02T18:00:00 bob: hello\n"
        "2026-06-02T18:01:00 mod: /mute @bob 1h rude\n"
        "2026-06-02T18:02:00 bob@dm: /appeal 1 a joke\n",
        encoding="utf-8",
    )
    events = await run(script)
    told = [(e["chat"], e["kind"], e["to"], e["ruling"]["type"]) for e in events]
    assert ("main", "dm", "bob", "muted") in told
    assert ("dm", "dm", "bob", "appeal_received") in told
    assert ("main", "dm", "mod", "appeal") in told  # no log: each moderator privately
