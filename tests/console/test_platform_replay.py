"""``replay --platform``: what Telegram or Discord would receive, within their limits; a
tournament of 152 players' standings arrive whole, in several messages."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from bot.console.replay import replay
from bot.delivery import LIMITS

PLAYERS = [f"player{n:03d}" for n in range(152)]


def tournament_script(folder: Path) -> Path:
    lines = [
        "@community rulebook=mcr tz=Europe/Rome lang=en",
        "@admins ref",
        "2026-05-10T09:00:00 ref: /tournament Open 1",
        "2026-05-10T09:01:00 ref: /register " + " ".join(f"@{p}" for p in PLAYERS),
        "2026-05-10T09:02:00 ref: /session start",
    ]
    minute = 3
    for table in range(len(PLAYERS) // 4):
        seats = PLAYERS[table * 4 : table * 4 + 4]
        lines.append(
            f"2026-05-10T09:{minute:02d}:{table % 60:02d} ref: /seat {table + 1} "
            + " ".join(f"@{p}" for p in seats)
        )
    minute += 1
    for table in range(len(PLAYERS) // 4):
        e, s = 40 + table, 10 + table % 7
        lines.append(
            f"2026-05-10T09:{minute:02d}:{table % 60:02d} ref: /score {table + 1}"
            f" {e} {s} {-10} {-(e + s - 10)}"
        )
    lines += ["2026-05-10T12:00:00 ref: /session end", "2026-05-10T12:01:00 ref: /standings"]
    script = folder / "open.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return script


@pytest.mark.parametrize("platform", ["discord", "telegram"])
async def test_a_big_tournament_replayed_for_a_platform_fits_and_loses_no_row(tmp_path, platform):
    out = io.StringIO()
    await replay(tournament_script(tmp_path), as_json=True, out=out, platform=platform)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    limit = LIMITS[platform].text
    assert all(len(e["text"]) <= limit for e in events)
    standings = [e for e in events if e["ruling"] and e["ruling"]["type"] == "standings"]
    assert len(standings) > 1 and [e["part"] for e in standings] == list(
        range(1, len(standings) + 1)
    )
    shown = "\n".join(e["text"] for e in standings)
    assert sorted(set(re.findall(r"player\d{3}", shown))) == PLAYERS  # every row, once
    assert all(shown.count(p) == 1 for p in PLAYERS)


async def test_without_a_platform_an_answer_is_printed_whole(tmp_path):
    out = io.StringIO()
    await replay(tournament_script(tmp_path), as_json=True, out=out)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    [standings] = [e for e in events if e["ruling"] and e["ruling"]["type"] == "standings"]
    assert "part" not in standings and all(p in standings["text"] for p in PLAYERS)


@pytest.mark.parametrize("platform", ["discord", "telegram"])
async def test_a_replay_for_a_platform_pages_as_the_live_adapter_does(tmp_path, platform):
    """The standings (pictured, paged) replayed for a platform come in the very pages its
    live adapter shows one at a time: the same cuts, every page printed."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from bot.app import App
    from bot.delivery import DeliveryOptions, Viewer
    from tests.conftest import Chat
    from tests.delivery.recording import RecordingMessenger

    script = tournament_script(tmp_path)
    out = io.StringIO()
    await replay(script, as_json=True, out=out, platform=platform)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    replayed = [e["text"] for e in events if e["ruling"] and e["ruling"]["type"] == "standings"]

    async with App.from_url(str(tmp_path / "live.db")) as app:
        zone = ZoneInfo("Europe/Rome")
        chat = await Chat(
            app, rulebook="mcr", admins=("ref",), now=datetime(2026, 5, 10, 8, tzinfo=zone)
        ).setup()
        live = RecordingMessenger(limits=LIMITS[platform], pages=True)
        app.delivery.register(live, DeliveryOptions())
        for line in script.read_text().splitlines()[2:]:
            at, _, said = line.partition(" ref: ")
            when = datetime.fromisoformat(at).replace(tzinfo=zone)
            if said.startswith("/standings"):
                live.sent.clear()
            await chat.say("ref", said, after=when - chat.now)
        [first] = [r for r in live.sent if r.ruling_type == "standings"]
        pages, token = [first.text], first.buttons[-1].split(":")[1]
        here = Viewer("console", chat.chat, "ref")
        while not (turned := await app.delivery.turn_page(token, len(pages) + 1, here)).refused:
            pages.append(turned.text)
    assert len(pages) > 1 and replayed == pages
