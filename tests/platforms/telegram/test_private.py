"""Private stays private on Telegram: what a moderator asks in the group for his eyes alone
(the moderators' log, the reports, the stops, the settings, the public page's secret
address, a report dismissed) goes to his private chat with a pointer in the group, whatever
fails between its decision and its sending (a 5xx, a timeout, a restart after the commit);
/stops names members, never their ids."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest
from telegram.error import TimedOut

from bot.platforms.telegram.messenger import TelegramMessenger
from tests.platforms.telegram.test_telegram import GROUP, has

MODERATOR = 99
POINTER = "Ti ho risposto nella chat privata."
# what the moderator asks in the group, and what only its answer says
PRIVATE = [
    ("/log", "Registro dei moderatori"),
    ("/reports", "Una segnalazione aperta"),
    ("/stops", "Fermi in corso"),
    ("/settings", "Questa chat — regolamento"),
    ("/web", "https://arbitro.example/"),
    ("/dismiss {report} nessun danno", "archiviata"),
]
FAILURES = ["5xx", "timeout", "restart"]


async def _report(telegram, people) -> int:
    alice, bob = people["alice"], people["bob"]
    await bob.say("ciao")
    await alice.say("/report @bob insulti")
    deadline = time.monotonic() + 10
    while True:
        async with telegram.app.database.transaction() as tx:
            row = await tx.fetchone("SELECT MAX(id) FROM rulings WHERE type = 'report'")
        if row[0] is not None:
            return int(row[0])
        assert time.monotonic() < deadline, "the report was never recorded"
        await asyncio.sleep(0.02)


async def _waiting(telegram) -> bool:
    async with telegram.app.database.transaction() as tx:
        row = await tx.fetchone("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL")
    return row[0] > 0


def _failing(monkeypatch, telegram, emulator, failure: str):
    """The failure in place; returns what ends it."""
    if failure == "5xx":
        return emulator.fail_next("sendMessage", 50, status=502)
    if failure == "timeout":

        async def timed_out(*_args, **_kwargs):
            raise TimedOut("Timed out")

        monkeypatch.setattr(TelegramMessenger, "_send", timed_out)
    else:  # killed after the commit: nothing is sent, everything stays in the outbox

        async def killed(parcels, origin, now):
            return []

        monkeypatch.setattr(telegram.app.delivery, "dispatch", killed)
    return None


@pytest.mark.parametrize("failure", FAILURES)
async def test_what_a_moderator_asks_for_his_eyes_reaches_him_alone_whatever_fails(
    telegram, emulator, people, monkeypatch, failure
):
    mod = people["moderator"]
    telegram.app.layer.web_url = "https://arbitro.example"
    await emulator.set_admins(GROUP, [MODERATOR])
    await mod.say("ciao a tutti")
    await mod.private().say("/start")
    await emulator.wait_for(has("Ti scriverò qui"))
    report = await _report(telegram, people)
    for asked, said in PRIVATE:
        with monkeypatch.context() as patched:
            failing = _failing(patched, telegram, emulator, failure)
            if failing is not None:
                await failing
            await mod.say(asked.format(report=report))
            deadline = time.monotonic() + 10
            while not await _waiting(telegram):
                assert time.monotonic() < deadline, f"{asked}: neither sent nor kept"
                await asyncio.sleep(0.02)
        await emulator.fail_next("sendMessage", 0)
        for _ in range(2):  # the next rounds, after a lapsed lease where it was killed
            telegram.clock_control.now += timedelta(minutes=3)
            await telegram.live.wake()
        messages = await emulator.wait_for(
            lambda ms, said=said: any(
                said in m["text"] and m["chat"]["id"] == MODERATOR for m in ms
            )
        )
        group = [m["text"] for m in messages if m["chat"]["id"] == GROUP]
        assert not any(said in text for text in group), (asked, group)
        assert POINTER in group


async def test_stops_names_members_never_their_ids(telegram, emulator, people):
    bob, mod = people["bob"], people["moderator"]
    await emulator.set_admins(GROUP, [MODERATOR])
    await mod.say("ciao a tutti")
    await mod.private().say("/start")
    await bob.say("ciao")
    await mod.say("/mute @bob 2h urla")
    await emulator.wait_for(has("bob"))
    await mod.say("/stops")
    messages = await emulator.wait_for(has("Fermi in corso"))
    [shown] = [m for m in messages if "Fermi in corso" in m["text"]]
    assert shown["chat"]["id"] == MODERATOR
    assert "Divieto di scrivere: bob fino a" in shown["text"], shown["text"]
    assert "Divieto di scrivere: 12" not in shown["text"]
