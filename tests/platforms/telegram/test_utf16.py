"""Telegram counts a caption in UTF-16 code units: a standings picture of players named in
letters outside the BMP keeps its caption, every page of it, within Telegram's 1,024."""

from __future__ import annotations

import json

from tests.platforms.telegram.test_limits import GOTHIC, _players_outside_the_bmp, units

CAPTION = 1024  # Telegram's limit for a picture's caption, in UTF-16 units


def _markup(call: dict) -> dict:
    markup = call.get("reply_markup") or {}
    return json.loads(markup) if isinstance(markup, str) else markup


async def test_a_standings_picture_s_caption_is_cut_as_telegram_counts(telegram, emulator, people):
    """120 players in Gothic letters: their standings, as a picture, have a caption of
    pages each within 1,024 UTF-16 units (in characters, each would be near 1,024 and
    some 1,700 units: Telegram would refuse it, and the picture would be lost)."""
    names = await _players_outside_the_bmp(telegram, emulator, people)
    alice = people["alice"]
    await alice.say("/standings")
    [photo] = await emulator.called(
        "sendPhoto", where=lambda c: GOTHIC in str(c.get("caption")), timeout=30
    )
    assert "refused" not in photo and photo["png"]
    assert units(photo["caption"]) <= CAPTION
    assert len(photo["caption"]) > CAPTION // 2  # a full page: the limit is what cut it
    # the other pages replace the caption, each within the limit too
    [sent] = [m for m in await emulator.bot_messages() if m.get("photo")]
    shown, pages = _markup(sent), [photo["caption"]]
    while (row := shown.get("inline_keyboard", [[]])[0]) and row[-1]["text"].endswith("▶"):
        assert all(len(b["callback_data"].encode()) <= 64 for b in row)
        await alice.press(sent, row[-1]["callback_data"])
        edits = await emulator.called("editMessageCaption", len(pages), timeout=30)
        turned = edits[len(pages) - 1]
        assert "refused" not in turned, turned["refused"]
        assert units(turned["caption"]) <= CAPTION
        shown = _markup(turned)
        pages.append(turned["caption"])
    assert len(pages) >= 3
    assert all(GOTHIC in page for page in pages)
    shown_names = "\n".join(pages)
    assert all(shown_names.count(name) == 1 for name in names)  # every player, once
    assert [c for c in await emulator.calls() if "refused" in c] == []


async def test_a_picture_refused_for_its_caption_goes_with_its_text_in_smaller_parts(
    telegram, emulator, people
):
    """Telegram counts a caption otherwise than the bot did and refuses it as too long: the
    picture still goes, with the first half of the text as its caption, the rest after it;
    nothing of it is lost."""
    names = await _players_outside_the_bmp(telegram, emulator, people)
    await emulator.fail_next("sendPhoto", 1, "caption")  # refused once, as too long
    await people["alice"].say("/standings")
    [sent] = await emulator.called(
        "sendPhoto", where=lambda c: GOTHIC in str(c.get("caption")), timeout=30
    )
    assert sent["png"] and "refused" not in sent
    assert units(sent["caption"]) <= CAPTION // 2 + 64  # the first half of the page
    rest = await emulator.wait_for(  # the rest of the page, its buttons under the last part
        lambda messages: "▶" in str(_markup(messages[-1])) and not messages[-1].get("photo")
    )
    calls = await emulator.calls()
    after = calls[calls.index(sent) + 1 :]
    parts = [c["text"] for c in after if c["method"] == "sendMessage" and GOTHIC in c["text"]]
    assert parts and rest[-1]["text"] == parts[-1]
    shown = "\n".join([sent["caption"], *parts])
    assert units(shown) > CAPTION // 2 + 64  # the whole page: more than the half alone
    assert all(shown.count(name) <= 1 for name in names)  # nobody twice
