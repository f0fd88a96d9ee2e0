"""New members through the command layer: held at once, greeted together, the challenge, raids
and join requests (bot/handlers/joins.py)."""

from __future__ import annotations

from datetime import timedelta

from bot.delivery.actions import DATA_LIMIT, buttons, decode
from bot.discipline.kinds import Admit, Mute, kind_of
from bot.handlers import Author, Incoming, Origin, Outgoing
from bot.storage.store import unit_of_work
from tests.conftest import Chat


async def _join(
    chat: Chat, name: str, *, check: bool = True, request: bool = False, after: float = 1
) -> list[Outgoing]:
    await chat.advance(timedelta(seconds=after))
    origin = Origin("console", private=True) if request else Origin("console")
    incoming = Incoming("console", chat.chat, Author(name, name), "", chat.now, origin=origin)
    out = await chat.app.layer.joined(incoming, check=check, request=request)
    chat.sent += out
    return out


async def _said(chat: Chat, name: str, text: str, *, private: bool = False) -> list[Outgoing]:
    await chat.advance(timedelta(seconds=2))
    origin = Origin("console", private=True) if private else None
    incoming = Incoming(
        "console", chat.chat, Author(name, name), text, chat.now, names_are_keys=True, origin=origin
    )
    out = await chat.app.layer.handle(incoming)
    chat.sent += out
    return out


async def _payload(chat: Chat, player: str) -> dict:
    """What only the bot knows of a member's check: its right token and sum."""
    async with unit_of_work(chat.app.database) as store:
        community = await store.communities.community("console", chat.chat)
        assert community is not None
        found = await store.timers.pending(community.id, "join_check", player)
    assert found is not None
    return found.payload


def _tokens(ruling: dict) -> list[str]:
    return [row["token"] for row in ruling["choices"]]


async def test_a_join_is_held_at_once_and_greeted_a_few_seconds_later(chat):
    await chat.say("mod", "/rules add Be kind")
    await chat.say("mod", '/settings welcome="Play fair." captcha=on')
    out = await _join(chat, "neo")
    [held] = out  # no words in the group yet: the mute alone, carried out at once
    assert (held.kind, held.ruling_type) == ("action", "join_check")
    assert kind_of("join_check").effect is not None
    assert isinstance(kind_of("join_check").effect(held.ruling), Mute)
    greeted = await chat.advance(timedelta(seconds=5))
    welcome = Chat.one(greeted, "welcome")
    assert (welcome["players"], welcome["others"], welcome["text"]) == (["neo"], 0, "Play fair.")
    assert welcome["rules"] == [{"number": 1, "text": "Be kind"}]
    text = greeted[0].text
    assert "Welcome, neo! Play fair." in text and "1. Be kind" in text
    assert f"{welcome['first']} + {welcome['second']}" in text
    payload = await _payload(chat, "neo")
    assert payload["right"] in _tokens(welcome) and "right" not in welcome  # the bot's alone
    passed = Chat.one(await _said(chat, "neo", f"/pass {payload['right']}"), "join_check_passed")
    assert (passed["amends"], passed["rule"]) == (held.ruling["id"], "settings captcha")
    refused = Chat.one(await _said(chat, "neo", f"/pass {payload['right']}"), "refused")
    assert refused["code"] == "no_join_check"
    assert await chat.advance(timedelta(minutes=6)) == []  # passed: nothing falls due


async def test_the_buttons_show_numbers_and_carry_tokens_only_the_bot_can_tell_apart(chat, app):
    await chat.say("mod", "/settings captcha=on")
    await _join(chat, "neo")
    welcome = Chat.one(await chat.advance(timedelta(seconds=5)), "welcome")
    shown = buttons("welcome", welcome, "en", app.layer.translator)
    assert sorted(int(b.label) for b in shown) == sorted(
        int(r["label"]) for r in welcome["choices"]
    )
    assert str(welcome["first"] + welcome["second"]) in {b.label for b in shown}
    for button in shown:
        assert len(button.data.encode()) <= DATA_LIMIT
        press = decode(button.data)
        assert press is not None and press.command == f"/pass {button.data.split(':')[1]}"
    assert len({b.data for b in shown}) == 4


async def test_a_wrong_answer_fails_the_check_at_once(chat):
    await chat.say("mod", "/settings captcha=on")
    await _join(chat, "bot1")
    welcome = Chat.one(await chat.advance(timedelta(seconds=5)), "welcome")
    right = (await _payload(chat, "bot1"))["right"]
    wrong = next(token for token in _tokens(welcome) if token != right)
    failed = Chat.one(await _said(chat, "bot1", f"/pass {wrong}"), "join_check_failed")
    assert (failed["player"], failed["reason"]) == ("bot1", "wrong_answer")
    assert await chat.advance(timedelta(minutes=6)) == []  # no second removal


async def test_the_sum_typed_answers_too_and_a_bare_pass_is_refused(chat):
    await chat.say("mod", "/settings captcha=on")
    await _join(chat, "neo")
    early = Chat.one(await _said(chat, "neo", "/pass 3"), "refused")
    assert early["code"] == "check_not_asked"  # the greeting is still being gathered
    await chat.advance(timedelta(seconds=5))
    assert Chat.one(await _said(chat, "neo", "/pass"), "refused")["code"] == "check_answer_needed"
    total = (await _payload(chat, "neo"))["sum"]
    assert Chat.one(await _said(chat, "neo", f"/pass {total}"), "join_check_passed")


async def test_the_check_is_answered_in_the_group_never_from_a_private_chat(chat):
    await chat.say("mod", "/settings captcha=on")
    await _join(chat, "neo")
    await chat.advance(timedelta(seconds=5))
    right = (await _payload(chat, "neo"))["right"]
    refused = Chat.one(await _said(chat, "neo", f"/pass {right}", private=True), "refused")
    assert refused["code"] == "check_in_group"
    assert Chat.one(await _said(chat, "neo", f"/pass {right}"), "join_check_passed")


async def test_a_check_not_answered_in_time_removes_him_without_a_word_in_the_group(chat):
    await chat.say("mod", "/settings captcha=on")
    held = (await _join(chat, "bot1"))[0].ruling
    await chat.advance(timedelta(seconds=5))
    fired = await chat.advance(timedelta(minutes=5))
    [removed] = [o for o in fired if o.ruling_type == "join_check_failed"]
    assert removed.kind == "action"  # the removal alone; the moderators' log says it
    failed = removed.ruling
    assert (failed["player"], failed["amends"], failed["reason"]) == ("bot1", held["id"], "timeout")
    logged = Chat.one(await chat.say("mod", "/log kind=join_removed"), "log")
    assert [entry["player"] for entry in logged["entries"]] == ["bot1"]
    assert Chat.rulings(await _join(chat, "calm", check=False), "join_check") == []


async def test_a_wave_of_joins_is_held_each_and_greeted_in_a_few_messages(chat):
    await chat.say("mod", "/settings captcha=on")
    held = []
    for n in range(50):  # 50 joins in 50 seconds
        held += [o for o in await _join(chat, f"spam{n}") if o.ruling_type == "join_check"]
    greetings = Chat.rulings(chat.sent, "welcome")
    assert len(held) == 50 and all(o.kind == "action" for o in held)
    assert len(greetings) <= 50 // 5 + 1  # one message for each few seconds, not one a join
    greeted = await chat.advance(timedelta(seconds=5))
    greetings += Chat.rulings(greeted, "welcome")
    assert sum(len(g["players"]) + g["others"] for g in greetings) == 50
    assert Chat.rulings(await _join(chat, "spam7"), "join_check") == []  # still waiting
    fired = await chat.advance(timedelta(minutes=6))
    assert len([o for o in fired if o.ruling_type == "join_check_failed"]) == 50


async def test_joins_over_the_limit_start_a_raid_announced_once_that_ends_on_time(chat):
    await chat.say("mod", "/settings raid_joins=3/60s raid_time=10m")
    out = []
    for name in ("a1", "a2", "a3"):
        out += await _join(chat, name)
    assert Chat.rulings(out, "raid_started") == [] and Chat.rulings(out, "join_check") == []
    started = Chat.one(await _join(chat, "a4"), "raid_started")
    assert (started["automatic"], started["joins"], started["seconds"]) == (True, 3, 60)
    assert started["rule"] == "settings raid_joins"
    assert started["until"] == (chat.now + timedelta(minutes=10)).isoformat()
    later = await _join(chat, "a5", after=30)  # over the limit again: the raid goes on
    assert Chat.rulings(later, "raid_started") == []
    assert Chat.rulings(later, "join_check")  # held, though captcha is off
    await chat.advance(timedelta(minutes=9, seconds=59))
    assert Chat.rulings(chat.sent, "raid_ended") == []
    ended = Chat.one(await chat.advance(timedelta(seconds=2)), "raid_ended")
    assert (ended["automatic"], ended["amends"]) == (True, started["id"])
    assert Chat.rulings(await _join(chat, "calm", after=600), "join_check") == []


async def test_a_moderator_starts_and_ends_a_raid_by_hand(chat):
    refused = Chat.one(await chat.say("ann", "/raid on"), "refused")
    assert refused["reason"] == "not_moderator"
    started = Chat.one(await chat.say("mod", "/raid on 2h a wave of spam"), "raid_started")
    assert (started["automatic"], started["reason"]) == (False, "a wave of spam")
    assert started["until"] == (chat.now + timedelta(hours=2)).isoformat()
    assert Chat.one(await chat.say("mod", "/raid on"), "refused")["reason"] == "raid_running"
    assert Chat.rulings(await _join(chat, "x1"), "join_check")  # held, captcha off
    ended = Chat.one(await chat.say("mod", "/raid off quiet now"), "raid_ended")
    assert (ended["automatic"], ended["amends"]) == (False, started["id"])
    assert Chat.one(await chat.say("mod", "/raid off"), "refused")["reason"] == "no_raid"
    assert Chat.one(await chat.say("mod", "/raid off 1h"), "refused")["code"] == "raid_off_duration"
    assert not Chat.rulings(await chat.advance(timedelta(hours=3)), "raid_ended")  # ended once
    logged = Chat.one(await chat.say("mod", "/log"), "log")
    assert {"raid_started", "raid_ended"} <= {entry["type"] for entry in logged["entries"]}


async def test_joins_over_the_limit_during_a_raid_by_hand_keep_it_without_a_second_word(chat):
    await chat.say("mod", "/settings raid_joins=2/60s raid_time=2h")
    started = Chat.one(await chat.say("mod", "/raid on 1h"), "raid_started")
    out = []
    for name in ("b1", "b2", "b3", "b4"):
        out += await _join(chat, name, after=0)  # the same instant: over the limit at once
    assert Chat.rulings(out, "raid_started") == [] and Chat.rulings(out, "refused") == []
    assert len(Chat.rulings(out, "join_check")) == 4
    ended = Chat.one(await chat.advance(timedelta(hours=2, seconds=1)), "raid_ended")
    assert ended["amends"] == started["id"]  # made longer by the joins over the limit


async def test_a_raid_over_whose_end_has_not_fired_yet_is_ended_before_a_new_one(chat):
    await chat.say("mod", "/settings raid_joins=2/60s")
    first = Chat.one(await chat.say("mod", "/raid on 10m"), "raid_started")
    chat.now += timedelta(minutes=11)  # its end is due, and no scheduler ran yet
    out = []
    for name in ("c1", "c2", "c3"):  # straight to the layer: no timer fires in between
        incoming = Incoming("console", chat.chat, Author(name, name), "", chat.now)
        out += await chat.app.layer.joined(incoming, check=True)
    ended, started = Chat.one(out, "raid_ended"), Chat.one(out, "raid_started")
    assert ended["amends"] == first["id"] and started["automatic"] is True
    assert ended["id"] < started["id"]
    assert Chat.rulings(await chat.advance(timedelta(minutes=1)), "raid_ended") == []


async def test_a_bad_raid_limit_is_refused(chat):
    for written in ("10", "1/60s", "10/0s", "abc", "10/60m"):
        refused = Chat.one(await chat.say("mod", f"/settings raid_joins={written}"), "refused")
        assert refused["code"] == "bad_raid_joins"
    refused = Chat.one(await chat.say("mod", "/settings raid_time=soon"), "refused")
    assert refused["code"] == "expected_duration"


async def test_a_join_request_is_challenged_privately_and_answered_by_the_outcome(chat):
    await chat.say("mod", "/settings captcha=on")
    [asked] = await _join(chat, "req", request=True)
    assert (asked.kind, asked.to, asked.ruling_type) == ("reply", "req", "join_request_check")
    right = (await _payload(chat, "req"))["right"]
    assert right in _tokens(asked.ruling)
    from_group = Chat.one(await _said(chat, "req", f"/pass {right}"), "refused")
    assert from_group["code"] == "check_in_private"
    approved = Chat.one(
        await _said(chat, "req", f"/pass {right}", private=True), "join_request_approved"
    )
    assert approved["amends"] == asked.ruling["id"]
    assert kind_of("join_request_approved").effect(approved) == Admit("req", True)
    # let in: his join is greeted, never checked a second time
    assert Chat.rulings(await _join(chat, "req"), "join_check") == []


async def test_a_join_request_wrongly_answered_or_left_unanswered_is_declined(chat):
    await chat.say("mod", "/settings captcha=on")
    [asked] = await _join(chat, "r1", request=True)
    right = (await _payload(chat, "r1"))["right"]
    wrong = next(token for token in _tokens(asked.ruling) if token != right)
    declined = Chat.one(
        await _said(chat, "r1", f"/pass {wrong}", private=True), "join_request_declined"
    )
    assert declined["reason"] == "wrong_answer"
    assert kind_of("join_request_declined").effect(declined) == Admit("r1", False, "wrong_answer")
    await _join(chat, "r2", request=True)
    fired = await chat.advance(timedelta(minutes=5))
    [timed_out] = [o for o in fired if o.ruling_type == "join_request_declined"]
    assert timed_out.kind == "action" and timed_out.ruling["reason"] == "timeout"


async def test_join_requests_wait_for_the_moderators_during_a_raid_or_without_captcha(chat):
    assert await _join(chat, "r0", request=True) == []  # captcha off: the admins vet them
    await chat.say("mod", "/settings captcha=on")
    await chat.say("mod", "/raid on 1h")
    assert await _join(chat, "r1", request=True) == []  # queued for the moderators


async def test_a_length_of_zero_or_over_a_year_is_refused_as_out_of_range(chat):
    for written in ("warn_window=0m", "flood_mute=0h", "raid_time=400d", "table_ttl=0d"):
        refused = Chat.one(await chat.say("mod", f"/settings {written}"), "refused")
        assert refused["code"] == "duration_out_of_range", written
    refused = Chat.one(await chat.say("mod", "/settings warn_window=0s"), "refused")
    assert refused["code"] == "expected_duration"  # seconds are not a unit of these settings
