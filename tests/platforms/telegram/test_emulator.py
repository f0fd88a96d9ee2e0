"""The emulated Telegram is as strict as Telegram where the bot could go wrong: each test
fails on an emulator that lets the mistake through."""

from __future__ import annotations

import pytest

from tests.platforms.telegram.emulator import TOKEN, Emulator, Person

GROUP = -1001


@pytest.fixture
async def strict():
    """A group's 5 messages a minute: a burst past it is refused (and it waits 12 s)."""
    running = Emulator(group="5/60", overall="30/1")
    yield running
    await running.close()


async def call(emulator: Emulator, method: str, **body) -> tuple[int, dict]:
    response = await emulator.http.post(f"/bot{TOKEN}/{method}", json=body)
    return response.status_code, response.json()


@pytest.mark.parametrize(
    ("commands", "refused"),
    [
        ([{"command": f"c{n}", "description": "d"} for n in range(101)], "BOT_COMMANDS_TOO_MUCH"),
        ([{"command": "mcr-event", "description": "d"}], "BOT_COMMAND_INVALID"),
        ([{"command": "Help", "description": "d"}], "BOT_COMMAND_INVALID"),
        ([{"command": "x" * 33, "description": "d"}], "BOT_COMMAND_INVALID"),
        ([{"command": "help", "description": ""}], "BOT_COMMAND_DESCRIPTION_INVALID"),
        ([{"command": "help", "description": "d" * 257}], "BOT_COMMAND_DESCRIPTION_INVALID"),
    ],
)
async def test_a_command_menu_past_telegram_s_limits_is_refused(emulator, commands, refused):
    status, answer = await call(emulator, "setMyCommands", commands=commands)
    assert status == 400 and answer["description"] == f"Bad Request: {refused}"
    good = [{"command": f"c_{n}", "description": "é" * 256} for n in range(100)]
    assert (await call(emulator, "setMyCommands", commands=good))[0] == 200


async def test_the_bot_s_own_menus_are_within_telegram_s_limits(telegram, emulator):
    menus = await emulator.calls("setMyCommands")
    assert menus and all("refused" not in menu for menu in menus)


async def test_a_group_past_its_sending_limit_is_told_to_retry_after(strict):
    for n in range(5):  # the group's budget
        status, _ = await call(strict, "sendMessage", chat_id=GROUP, text=f"m{n}")
        assert status == 200
    status, answer = await call(strict, "sendMessage", chat_id=GROUP, text="one more")
    assert status == 429 and 1 <= answer["parameters"]["retry_after"] <= 12
    assert (await call(strict, "sendMessage", chat_id=-1002, text="another group"))[0] == 200
    assert not [c for c in await strict.calls("sendMessage") if c.get("text") == "one more"]


async def test_the_bot_s_sending_in_all_is_limited_too():
    emulator = Emulator(group="1000/1", overall="10/60")
    try:
        answers = [
            (await call(emulator, "sendMessage", chat_id=-1000 - n, text="hi"))[0]
            for n in range(11)
        ]
    finally:
        await emulator.close()
    assert answers == [200] * 10 + [429]


async def test_a_bot_within_the_group_limit_is_never_refused(telegram, emulator, people):
    """The bot's own limiter keeps to the emulator's limit: 30 answers in one group, none
    refused, all delivered."""
    for n in range(30):
        await people["alice"].say(f"/help {['sit', 'open', 'card'][n % 3]}")
    await emulator.wait_for(lambda said: len(said) >= 30, timeout=30)
    sent = await emulator.calls("sendMessage")
    assert not [c for c in sent if "limited" in c]


async def test_an_update_is_given_again_until_a_later_offset_confirms_it(emulator):
    await Person(emulator, 11, "alice", "Alice").say("ciao")
    _, first = await call(emulator, "getUpdates")
    [update] = first["result"]
    _, again = await call(emulator, "getUpdates")  # not confirmed: Telegram gives it again
    assert [u["update_id"] for u in again["result"]] == [update["update_id"]]
    _, confirmed = await call(emulator, "getUpdates", offset=update["update_id"] + 1)
    assert confirmed["result"] == []
    assert (await call(emulator, "getUpdates"))[1]["result"] == []  # forgotten for good


async def test_documents_are_sent_and_messages_deleted(emulator):
    files = {"document": ("results.csv", b"a,b\n1,2\n", "text/csv")}
    data = {"chat_id": str(GROUP), "caption": "EMA results", "message_thread_id": "7"}
    response = await emulator.http.post(f"/bot{TOKEN}/sendDocument", data=data, files=files)
    assert response.status_code == 200
    sent = response.json()["result"]
    assert sent["document"]["file_name"] == "results.csv"
    [document] = await emulator.calls("sendDocument")
    assert document["size"] == 8 and document["message_thread_id"] == "7"
    data["caption"] = "x" * 1025
    response = await emulator.http.post(f"/bot{TOKEN}/sendDocument", data=data, files=files)
    assert response.status_code == 400  # a caption as long as a photo's at most
    deleted = await call(emulator, "deleteMessage", chat_id=GROUP, message_id=sent["message_id"])
    assert deleted[0] == 200
    again = await call(emulator, "deleteMessage", chat_id=GROUP, message_id=sent["message_id"])
    assert again[0] == 400 and "not found" in again[1]["description"]


async def test_an_administrator_without_the_right_to_delete_cannot_delete_a_member_s_message(
    emulator,
):
    """Telegram answers both a bot without can_delete_messages and a message too old alike:
    the bot's own rights, read back, tell it which."""
    bob = Person(emulator, 12, "bob", "Bob")
    await bob.say("spam")
    [posted] = await emulator.calls("userMessage")
    await emulator.set_rights(GROUP, ["can_delete_messages"])
    for method, ids in (("deleteMessage", {"message_id": posted["message_id"]}),
                        ("deleteMessages", {"message_ids": [posted["message_id"]]})):  # fmt: skip
        status, answer = await call(emulator, method, chat_id=GROUP, **ids)
        assert (status, answer["description"]) == (400, "Bad Request: message can't be deleted")
    me = (await call(emulator, "getChatMember", chat_id=GROUP, user_id=666))[1]["result"]
    assert me["status"] == "administrator" and me["can_delete_messages"] is False
    await emulator.set_rights(GROUP, [])
    status, _ = await call(
        emulator, "deleteMessage", chat_id=GROUP, message_id=posted["message_id"]
    )
    assert status == 200


async def test_every_sending_method_keeps_the_topic(emulator):
    _, sent = await call(emulator, "sendMessage", chat_id=GROUP, text="hi", message_thread_id=7)
    assert sent["result"]["message_thread_id"] == 7
    [call_] = await emulator.called("sendMessage")
    assert call_["message_thread_id"] == 7


def _png() -> bytes:
    from io import BytesIO

    from PIL import Image

    drawn = BytesIO()
    Image.new("RGB", (80, 100), "white").save(drawn, format="PNG")
    return drawn.getvalue()


SCRIPT_A = "𝓐"  # outside the BMP: one character, two UTF-16 units


async def test_a_caption_is_measured_in_utf16_units_as_telegram_measures_it(emulator):
    """1,024 UTF-16 units at most: 512 letters outside the BMP fill it, one more unit is
    refused, in a photo's caption as in its edit."""
    files = {"photo": ("standings.png", _png(), "image/png")}
    data = {"chat_id": str(GROUP), "caption": SCRIPT_A * 512}
    response = await emulator.http.post(f"/bot{TOKEN}/sendPhoto", data=data, files=files)
    assert response.status_code == 200
    sent = response.json()["result"]
    data["caption"] = SCRIPT_A * 512 + "1"  # 513 characters, 1,025 units
    response = await emulator.http.post(f"/bot{TOKEN}/sendPhoto", data=data, files=files)
    assert response.status_code == 400
    assert response.json()["description"] == "Bad Request: message caption is too long"
    status, answer = await call(
        emulator,
        "editMessageCaption",
        chat_id=GROUP,
        message_id=sent["message_id"],
        caption=SCRIPT_A * 513,
    )
    assert status == 400 and answer["description"] == "Bad Request: message caption is too long"
    refused = [c for c in await emulator.calls() if "refused" in c]
    assert [c["method"] for c in refused] == ["sendPhoto", "editMessageCaption"]


async def test_button_data_is_measured_in_bytes_as_telegram_measures_it(emulator):
    """64 bytes at most: 32 two-byte letters fill it; 33 (66 bytes, though 33 UTF-16 units)
    are refused, as 65 ASCII characters are."""

    def markup(data: str) -> dict:
        return {"inline_keyboard": [[{"text": "premi", "callback_data": data}]]}

    status, _ = await call(
        emulator, "sendMessage", chat_id=GROUP, text="ok", reply_markup=markup("é" * 32)
    )
    assert status == 200
    for data in ("é" * 33, "x" * 65):
        status, answer = await call(
            emulator, "sendMessage", chat_id=GROUP, text="no", reply_markup=markup(data)
        )
        assert status == 400 and answer["description"] == "Bad Request: BUTTON_DATA_INVALID"
