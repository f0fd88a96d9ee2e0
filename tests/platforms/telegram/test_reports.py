"""Reports through the Telegram emulator: with no log they reach the moderators who have
opened a private chat with the bot, and nobody else; the reporter is told privately (or the
group reads a line that names no one); a report no moderator can receive is refused; a
report's button asks the moderator for his own reason, or gives the rule the report cites."""

from __future__ import annotations

from tests.platforms.telegram.test_moderation import MODS, _known
from tests.platforms.telegram.test_telegram import GROUP, buttons_of, has, press_for_answer, texts

MODERATOR, REFEREE = 99, 14  # the group's administrators


def _in(messages: list[dict], fragment: str) -> list[int]:
    return [m["chat"]["id"] for m in messages if fragment in m.get("text", "")]


async def test_with_no_log_a_report_reaches_the_moderators_who_opened_a_private_chat(
    telegram, emulator, people
):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [MODERATOR, REFEREE])  # dave never wrote to the bot
    await mod.private().say("/start")  # the private chats opened first
    await alice.private().say("/start")
    await emulator.wait_for(lambda ms: sorted(m["chat"]["id"] for m in ms) == [11, MODERATOR])
    await _known(people, "alice", "bob")
    await alice.say("/report @bob bara alle carte, ho visto le sue carte")
    told = await emulator.wait_for(lambda ms: _in(ms, "la tua segnalazione"))
    assert _in(told, "la tua segnalazione") == [11]  # her own private chat
    told = await emulator.wait_for(lambda ms: _in(ms, "Segnalazione di alice"))
    assert _in(told, "Segnalazione di alice") == [MODERATOR]
    refused = [c for c in await emulator.calls("sendMessage") if c.get("refused")]
    assert not refused  # nobody was written to who had not opened a private chat
    assert not _in(told, "Segnalazione ricevuta")  # nothing in the group


async def test_a_report_no_moderator_can_receive_is_refused_in_the_group(
    telegram, emulator, people
):
    alice = people["alice"]
    await emulator.set_admins(GROUP, [MODERATOR])
    await _known(people, "alice", "bob")
    await alice.say("/report @bob spam")
    told = await emulator.wait_for(has("nessun moderatore può ricevere"))
    assert _in(told, "nessun moderatore può ricevere") == [GROUP]
    assert not any("arrivata ai moderatori" in t for t in texts(told))
    await emulator.block(MODERATOR)  # opened, then blocked: his copy never goes to the group
    await people["moderator"].private().say("/start")
    await emulator.wait_for(has("Scrivimi prima"))
    await emulator.block(MODERATOR)
    await alice.say("/report @bob spam di nuovo")
    await emulator.called("sendMessage", where=lambda c: c.get("refused", "").endswith("user"))
    told = await emulator.wait_for(has("Segnalazione ricevuta"))
    assert not _in(told, "Segnalazione di alice")


async def test_a_report_button_asks_for_the_moderator_s_reason_or_gives_the_rule_cited(
    telegram, emulator, people
):
    alice, mod = people["alice"], people["moderator"]
    await emulator.set_admins(GROUP, [MODERATOR])
    await emulator.set_admins(MODS["id"], [MODERATOR])
    await _known(people, "alice", "bob", "moderator")
    await mod.private().say("/start")
    await mod.say("/rules add Niente trucchi con le carte")
    await mod.say("/settings log")
    told = await emulator.wait_for(has("/link "))
    code = next(m for m in told if "/link " in m["text"])["text"].rsplit("/link ", 1)[1].strip()
    in_mods = type(mod)(emulator, MODERATOR, "moderator", "Moderator", chat=MODS)
    await in_mods.say(f"/link {code}")
    await emulator.wait_for(has("registro dei moderatori della chat"))
    words = "bara, ho visto le sue carte"
    await alice.say(f"/report @bob {words}")
    reported = await emulator.wait_for(has("Segnalazione di alice nei confronti di bob"))
    report = next(m for m in reported if "Segnalazione di alice" in m["text"])
    warn = report["reply_markup"]["inline_keyboard"][0][1]["callback_data"]
    answer = await press_for_answer(emulator, in_mods, report, warn)
    assert "motivo con parole tue" in answer["text"] and answer["show_alert"] in (True, "true")
    await alice.say(f"/report @bob rule=1 {words} ancora")
    reported = await emulator.wait_for(has("Segnalazione di alice nei confronti di bob", 2))
    cited = [m for m in reported if "Segnalazione di alice" in m["text"]][-1]
    await in_mods.press(cited, cited["reply_markup"]["inline_keyboard"][0][1]["callback_data"])
    warning = "Ammonizione per la condotta in chat — bob: Niente trucchi con le carte"
    said = await emulator.wait_for(lambda ms: GROUP in _in(ms, warning))
    assert not any(words in t for t in texts([m for m in said if m["chat"]["id"] == GROUP]))


BOT_USER = {"id": 666, "is_bot": True, "first_name": "Arbitro", "username": "arbitro_test_bot"}


async def _linked_log(emulator, people):
    """The club's moderators' group linked as its log; the moderator, in it."""
    mod = people["moderator"]
    await _known(people, "alice", "bob", "moderator")
    await mod.private().say("/start")
    await mod.say("/settings log")
    told = await emulator.wait_for(has("/link "))
    code = next(m for m in told if "/link " in m["text"])["text"].rsplit("/link ", 1)[1].strip()
    in_mods = type(mod)(emulator, MODERATOR, "moderator", "Moderator", chat=MODS)
    await in_mods.say(f"/link {code}")
    await emulator.wait_for(has("registro dei moderatori della chat"))
    return in_mods


async def test_a_command_on_a_report_typed_in_the_moderators_group_acts_in_the_club(
    telegram, emulator, people
):
    """The report's button asks for the moderator's own words, to be typed in that group:
    typed there, naming the report or answering its notice, the measure is the club's (its
    member restricted or banned in the club's chat); a member of that group who does not
    moderate the club is refused as in the club."""
    alice = people["alice"]
    await emulator.set_admins(GROUP, [MODERATOR])
    await emulator.set_admins(MODS["id"], [MODERATOR, 13])  # carol: the group's, not the club's
    in_mods = await _linked_log(emulator, people)
    await alice.say("/report @bob bara, ho visto le sue carte")
    reported = await emulator.wait_for(has("Segnalazione di alice nei confronti di bob"))
    report = next(m for m in reported if "Segnalazione di alice" in m["text"])
    assert report["chat"]["id"] == MODS["id"]
    ban = next(b for b in buttons_of(report) if b.startswith("report_ban:"))
    number = int(ban.partition(":")[2])
    answer = await press_for_answer(emulator, in_mods, report, ban)
    assert "scrivi qui, in questo gruppo, /ban report=" in answer["text"], answer["text"]
    carol = type(in_mods)(emulator, 13, "carol", "Carol", chat=MODS)
    await carol.say(f"/ban report={number} spam")
    refused = await emulator.wait_for(has("Solo moderatori e arbitri"))
    assert _in(refused, "Solo moderatori e arbitri") == [MODS["id"]]  # answered where typed
    await in_mods.say(f"/ban report={number} bara alle carte")
    [banned] = await emulator.called("banChatMember")
    assert (str(banned["chat_id"]), str(banned["user_id"])) == (str(GROUP), "12")
    said = await emulator.wait_for(lambda ms: GROUP in _in(ms, "Bando dalla chat per bob"))
    assert GROUP in _in(said, "bara alle carte")  # the club's ruling, with his own words
    await alice.say("/report @bob insulti")
    reported = await emulator.wait_for(has("Segnalazione di alice nei confronti di bob", 2))
    second = [m for m in reported if "Segnalazione di alice" in m["text"]][-1]
    notice = {"message_id": second["message_id"], "date": 1, "chat": MODS, "from": BOT_USER,
              "text": second["text"], "reply_markup": second["reply_markup"]}  # fmt: skip
    await in_mods.say("/mute 1h insulti ripetuti", reply_to=notice)  # answering the notice
    [muted] = await emulator.called("restrictChatMember")
    assert (str(muted["chat_id"]), str(muted["user_id"])) == (str(GROUP), "12")
    assert len(await emulator.calls("banChatMember")) == 1  # carol's ban was never carried out
