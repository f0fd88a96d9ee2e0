"""``/slowmode`` on Telegram: the Bot API gives a bot no slow mode, so a moderator's
command is refused with that reason, in the group's language, and nothing is called."""

from __future__ import annotations

from tests.platforms.telegram.test_telegram import GROUP, has

REFUSED = "Su Telegram nessun bot può impostare la modalità lenta (la Bot API non la prevede)"


async def test_slow_mode_is_refused_with_the_reason(telegram, emulator, people):
    mod = people["moderator"]
    await emulator.set_admins(GROUP, [99])
    await mod.say("/slowmode 30 troppi messaggi")
    await emulator.wait_for(has(REFUSED))
    await mod.say("/slowmode off")
    await emulator.wait_for(has(REFUSED, 2))
    assert await emulator.calls("setChatPermissions") == []
