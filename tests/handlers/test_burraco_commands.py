"""Burraco through the command layer, on SQLite and PostgreSQL alike."""

from datetime import timedelta

from tests.conftest import Chat


async def seat(chat: Chat, table: int, *players: str) -> None:
    for player in players:
        out = await chat.say(player, f"/sit {table}")
        assert chat.rulings(out, "seated"), out


async def open_table(chat: Chat, spec: str = "fibur 1v1 2", by: str = "alice") -> int:
    out = await chat.say(by, f"/open {spec}")
    return chat.one(out, "table_opened")["table"]


async def test_open_sit_and_moderator_result(chat):
    table = await open_table(chat)
    await seat(chat, table, "alice", "bob")
    out = await chat.say("mod", f"/result {table} vp 13 7")
    result = chat.one(out, "match_result")
    assert result["points"] == {"alice": 6, "bob": 4}
    out = await chat.say("bob", "/standings")
    rows = chat.one(out, "standings")["rows"]
    assert [r["player"] for r in rows] == ["alice", "bob"]
    out = await chat.say("mod", "/log")
    [entry] = chat.one(out, "log")["entries"]
    assert entry["action"] == "result" and entry["actor"] == "mod"


async def test_player_reported_result_waits_for_the_other_side(chat):
    table = await open_table(chat, "fibur pairs 2")
    await seat(chat, table, "a", "b", "c", "d")
    out = await chat.say("a", f"/result {table} vp 12 8")
    assert chat.one(out, "result_reported")["vp"] == {"a": 12, "b": 8, "c": 12, "d": 8}
    out = await chat.say("c", f"/confirm {table}")
    assert chat.one(out, "refused")["reason"] == "not_other_side"
    out = await chat.say("b", f"/confirm {table}")
    chat.one(out, "match_result")
    out = await chat.say("d", f"/confirm {table}")
    assert chat.one(out, "refused")["reason"] == "already_confirmed"


async def test_unanswered_result_stands_after_ten_minutes(chat):
    table = await open_table(chat)
    await seat(chat, table, "a", "b")
    await chat.say("a", f"/result {table} vp 15 5")
    fired = await chat.advance(timedelta(minutes=9, seconds=59))
    assert not chat.rulings(fired, "match_result")
    fired = await chat.advance(timedelta(seconds=2))
    assert chat.one(fired, "match_result")["vp"] == {"a": 15, "b": 5}


async def test_disputed_result_waits_for_a_moderator(chat):
    table = await open_table(chat)
    await seat(chat, table, "a", "b")
    await chat.say("a", f"/result {table} vp 15 5")
    out = await chat.say("b", f"/dispute {table} it was 12-8")
    assert chat.one(out, "result_disputed")["reason"] == "it was 12-8"
    fired = await chat.advance(timedelta(minutes=30))
    assert not chat.rulings(fired, "match_result")
    out = await chat.say("mod", f"/confirm {table}")
    chat.one(out, "match_result")


async def test_self_abandonment_shows_the_card_at_once_and_blocks_seating(chat):
    table = await open_table(chat)
    await seat(chat, table, "alice", "bob")
    out = await chat.say("alice", f"/abandon {table}")
    assert chat.one(out, "abandonment")["null_for"] == ["bob"]
    assert chat.one(out, "warning")["measure"] == "warning"
    assert chat.one(out, "card_shown")["remaining_seconds"] == 900
    second = await open_table(chat, by="bob")
    out = await chat.say("alice", f"/sit {second}", after=timedelta(minutes=3))
    refused = chat.one(out, "refused")
    assert refused["reason"] == "card" and refused["remaining_seconds"] == 900 - 190


async def test_moderator_reported_abandonment_shows_the_card_on_return(chat):
    table = await open_table(chat)
    await seat(chat, table, "alice", "bob")
    out = await chat.say("mod", f"/abandon {table} @alice")
    assert not chat.rulings(out, "card_shown")
    fired = await chat.advance(timedelta(hours=2))
    assert not chat.rulings(fired, "card_served")
    out = await chat.say("alice", "hello everyone")
    assert chat.one(out, "card_shown")["remaining_seconds"] == 900
    fired = await chat.advance(timedelta(minutes=15))
    assert chat.one(fired, "card_served")["player"] == "alice"


async def test_abandoning_for_someone_else_needs_a_moderator(chat):
    table = await open_table(chat)
    await seat(chat, table, "alice", "bob")
    out = await chat.say("bob", f"/abandon {table} @alice")
    assert chat.one(out, "refused")["reason"] == "not_moderator"


async def test_two_expired_turns_in_a_row_are_an_abandonment(chat):
    table = await open_table(chat)
    await seat(chat, table, "a", "b")
    out = await chat.say("mod", f"/timeout {table} @a")
    assert chat.one(out, "turn_expired")["in_a_row"] == 1
    await chat.say("mod", f"/turn {table} @a")
    await chat.say("mod", f"/timeout {table} @a")
    out = await chat.say("mod", f"/timeout {table} @a")
    assert chat.one(out, "abandonment")["cause"] == "expired_turns"


async def test_readiness_window_closing_abandons_who_is_not_ready(app):
    chat = await Chat(app, extra={"ready_clock": "on"}).setup()
    await chat.app.layer.configure("console", "main", {"ready_clock": "on"})
    table = await open_table(chat, "fibur pairs 3")
    await seat(chat, table, "a", "b", "c", "d")
    out = await chat.say("mod", f"/hand {table} 100 50")
    chat.one(out, "ready_window")
    for player in "abc":
        await chat.say(player, f"/ready {table}")
    fired = await chat.advance(timedelta(seconds=120))
    abandoned = chat.rulings(fired, "abandonment")
    assert [r["player"] for r in abandoned] == ["d"]


async def test_everyone_ready_announces_the_next_hand_five_seconds_later(app):
    chat = await Chat(app, extra={"ready_clock": "on"}).setup()
    table = await open_table(chat, "fibur 1v1 3")
    await seat(chat, table, "a", "b")
    await chat.say("mod", f"/hand {table} 100 50")
    await chat.say("a", f"/ready {table}", after=timedelta(seconds=1))
    out = await chat.say("b", f"/ready {table}", after=timedelta(seconds=1))
    assert chat.one(out, "ready")["all_ready"] is True
    fired = await chat.advance(timedelta(seconds=5))
    assert chat.one(fired, "next_hand")["hand"] == 2
    fired = await chat.advance(timedelta(minutes=5))
    assert not chat.rulings(fired, "abandonment")


async def test_moderator_stop_lift_and_audit_log(chat):
    await chat.say("alice", "you are all cheats")
    out = await chat.say("mod", "/stop @alice 90m insults in chat")
    stop = chat.one(out, "stop")
    assert stop["seconds"] == 5400
    table = await open_table(chat, by="bob")
    out = await chat.say("alice", f"/sit {table}")
    assert chat.one(out, "refused")["reason"] == "stopped"
    out = await chat.say("mod", "/lift @alice apologised")
    lifted = chat.one(out, "stop_lifted")  # citing the stop it lifts
    assert (lifted["reason"], lifted["amends"]) == ("apologised", stop["id"])
    out = await chat.say("mod", f"/undo {lifted['id']} too soon")
    assert chat.one(out, "stop_restored")["player"] == "alice"
    out = await chat.say("mod", "/lift @alice apologised")
    out = await chat.say("alice", f"/sit {table}")
    chat.one(out, "seated")
    out = await chat.say("mod", "/log")
    actions = [e["action"] for e in chat.one(out, "log")["entries"]]
    assert actions[-2:] == ["lift", "stop"] and actions[0] == "lift"
    out = await chat.say("alice", "/log")
    assert chat.one(out, "refused")["reason"] == "not_moderator"


async def test_annulment_lifts_the_expulsion(chat):
    first = await open_table(chat)
    await seat(chat, first, "alice", "bob")
    await chat.say("mod", f"/abandon {first} @alice")
    await chat.say("alice", "sorry, my connection dropped")  # back: the card is shown
    await chat.advance(timedelta(minutes=15))
    second = await open_table(chat, by="bob")
    await seat(chat, second, "alice", "bob")
    out = await chat.say("mod", f"/abandon {second} @alice")
    assert chat.one(out, "warning")["measure"] == "expulsion"
    out = await chat.say("mod", f"/annul {first} @alice platform crash")
    annulment = chat.one(out, "annulment")
    assert annulment["reason"] == "platform crash" and annulment["stops_lifted"] == 1
    third = await open_table(chat, by="bob")
    out = await chat.say("alice", f"/sit {third}")
    chat.one(out, "seated")
    fired = await chat.advance(timedelta(days=1))
    assert not chat.rulings(fired, "stop_ended")  # the lifted stop's timers are gone
    out = await chat.say("mod", f"/annul {first} @alice again")
    assert chat.one(out, "refused")["reason"] == "no_warning"


async def test_stop_reminder_and_end_fire_on_time(chat):
    await chat.say("alice", "spam spam spam")
    await chat.say("mod", "/stop @alice 3h spam")
    fired = await chat.advance(timedelta(hours=2))
    assert chat.one(fired, "stop_reminder")["player"] == "alice"
    fired = await chat.advance(timedelta(hours=1))
    assert chat.one(fired, "stop_ended")["player"] == "alice"


async def test_refusals_are_precise(chat):
    cases = {
        "/nonsense": "unknown_command",
        "/sit": "bad_input",
        "/sit x": "bad_input",
        "/sit 99": "unknown_table",
        "/open fibur 1v1 5": "bad_input",
        "/open chess 1v1 2": "bad_input",
        "/tournament X 2": "wrong_rulebook",
        "/stop @bob 2h rude": "not_moderator",
        "mod: /stop @bob 5x rude": "bad_input",
        "mod: /stop bob 2h rude": "bad_input",
        "mod: /stop @bob 2h": "bad_input",
        "mod: /lift @bob sorry": "not_stopped",
        "mod: /annul 1 @bob crash": "no_warning",
        "/confirm 1": "unknown_table",
        "/lang de": "bad_input",
        "/leave": "no_card",
        "/card extra": "bad_input",
    }
    for text, reason in cases.items():
        speaker, _, said = text.rpartition(": ")
        out = await chat.say(speaker or "alice", said)
        refused = chat.one(out, "refused")
        assert refused["reason"] == reason, (text, refused)
        assert out[-1].text and "refused-" not in out[-1].text


async def test_a_refusal_writes_nothing(chat, database):
    async with database.transaction() as tx:
        before = (await tx.fetchone("SELECT COUNT(*) FROM rulings"))[0]
    await chat.say("alice", "/sit 42")
    await chat.say("alice", "/result 1 vp 30 -10")
    async with database.transaction() as tx:
        assert (await tx.fetchone("SELECT COUNT(*) FROM rulings"))[0] == before


async def test_history_and_profile(chat):
    table = await open_table(chat)
    await seat(chat, table, "alice", "bob")
    await chat.say("alice", f"/abandon {table}")
    out = await chat.say("bob", "/history")
    entries = chat.one(out, "history")["entries"]
    assert any(e["type"] == "abandonment" for e in entries)
    out = await chat.say("mod", "/profile @alice")
    profile = chat.one(out, "profile")
    assert profile["warnings_year"] == 1 and profile["points"] == 3.5
    out = await chat.say("mod", "/stops")
    assert chat.one(out, "stops_list")["cards"][0]["player"] == "alice"


async def test_communities_are_separate(app):
    one = await Chat(app, chat="one").setup()
    two = await Chat(app, chat="two").setup()
    table = await open_table(one)
    assert table == 1
    assert await open_table(two) == 1
    await one.say("mod", "/stop @alice 1d cheating")
    out = await two.say("alice", "/sit 1")
    two.one(out, "seated")


async def test_a_name_two_members_share_is_refused_as_ambiguous(app):
    from datetime import UTC, datetime

    from bot.handlers import Author, Incoming

    at = datetime(2026, 5, 1, 20, tzinfo=UTC)

    def said(author: Author, text: str) -> Incoming:
        return Incoming("telegram", "-5", author, text, at, defaults={"lang": "en"})

    # a username and someone else's first name collide
    await app.layer.handle(said(Author("1", "Anna", 1), "ciao"))
    await app.layer.handle(said(Author("2", "anna", 2), "ciao"))
    [answer] = await app.layer.handle(
        said(Author("9", "mod", 9, is_admin=True), "/stop @anna 1h x")
    )
    assert answer.ruling["code"] == "ambiguous_member"
    [answer] = await app.layer.handle(said(Author("9", "mod", 9, is_admin=True), "/stop @mod 1h x"))
    assert (answer.ruling["reason"], answer.ruling["target"]) == ("protected", "9")


async def test_card_after_leaving_shows_the_card_once(chat):
    table = await open_table(chat)
    await seat(chat, table, "alice", "bob")
    await chat.say("alice", f"/abandon {table}")
    await chat.say("alice", "/leave")
    out = await chat.say("alice", "/card")
    assert len(Chat.rulings(out, "card_shown")) == 1


async def test_standings_come_fifty_rows_a_page_and_say_how_many_there_are(chat):
    players = [f"p{n:02d}" for n in range(60)]
    for first, second in zip(players[::2], players[1::2], strict=True):
        table = await open_table(chat, by=first)
        await seat(chat, table, first, second)
        await chat.say("mod", f"/result {table} vp 12 8")
    first_page = chat.one(await chat.say("p00", "/standings"), "standings")
    assert len(first_page["rows"]) == 50 and first_page["pages"] == 2
    assert first_page["total"] == 60
    second_page = chat.one(await chat.say("p00", "/standings 2"), "standings")
    assert len(second_page["rows"]) == 10 and second_page["first_rank"] == 51
    shown = {r["player"] for r in first_page["rows"] + second_page["rows"]}
    assert shown == set(players)
    training = chat.one(await chat.say("p00", "/standings training 2"), "standings")
    assert training["tally"] == "training" and training["page"] == 2


async def test_voiding_a_table_nobody_sat_at_behaves_alike_on_both_databases(chat):
    """``IN ()`` is SQL that SQLite takes and PostgreSQL refuses: a void with no players
    (nothing to re-derive) must not reach it."""
    await chat.say("alice", "/open fibur 1v1 2")
    out = await chat.say("mod", "/void 1 opened by mistake")
    assert chat.one(out, "match_voided")["undone"] == []


async def test_a_setting_given_its_own_value_again_changes_nothing(chat):
    first = await chat.say("mod", "/settings log=123")
    assert chat.one(first, "settings_changed")["changed"] == ["log"]
    again = await chat.say("mod", "/settings log=123")
    assert chat.rulings(again, "settings_changed") == [] and chat.one(again, "settings")
    off = await chat.say("mod", "/settings log=off")
    assert chat.one(off, "settings_changed")["log"] is None
    assert chat.rulings(await chat.say("mod", "/settings log=off"), "settings_changed") == []


async def test_a_setting_keyword_is_read_however_it_is_written(chat):
    changed = chat.one(await chat.say("mod", "/settings rulebook=MCR lang=RU"), "settings_changed")
    assert changed["rulebook"] == "mcr" and changed["lang"] == "ru"
    refused = chat.one(await chat.say("mod", "/settings captcha=maybe"), "refused")
    assert refused["code"] == "expected_choice"


async def test_a_closed_table_takes_nobody_and_is_not_closed_twice(chat):
    [opened] = chat.rulings(await chat.say("alice", "/open fibur 1v1 2"), "table_opened")
    table = opened["table"]
    await chat.say("alice", f"/sit {table}")
    assert chat.one(await chat.say("alice", f"/close {table}"), "table_closed")
    refused = chat.one(await chat.say("bob", f"/sit {table}"), "refused")
    assert (refused["code"], refused["table"]) == ("table_closed", table)
    again = chat.one(await chat.say("alice", f"/close {table}"), "refused")
    assert again["code"] == "table_closed"
    listed = chat.one(await chat.say("bob", "/tables"), "tables")
    assert all(t["table"] != table for t in listed["tables"])


async def test_a_stopped_member_opens_no_table(chat):
    await chat.say("alice", "you are all cheats")
    await chat.say("mod", "/stop @alice 2h insults in chat")
    refused = chat.one(await chat.say("alice", "/open fibur 1v1 2"), "refused")
    assert (refused["code"], refused["player"]) == ("player_stopped", "alice")
    assert chat.rulings(await chat.say("bob", "/open fibur 1v1 2"), "table_opened")


async def test_a_table_left_exactly_table_ttl_after_its_last_hand_closes_not_a_second_before(chat):
    await chat.say("ann", "/open fibur 1v1 2")
    await chat.say("ann", "/sit 1")
    await chat.say("bob", "/sit 1")
    await chat.say("ann", "/hand 1 300 100")
    assert Chat.rulings(await chat.advance(timedelta(hours=3, seconds=-1)), "table_closed") == []
    [closed] = Chat.rulings(await chat.advance(timedelta(seconds=1)), "table_closed")
    assert (closed["reason"], closed["table"], closed["played"]) == ("unfinished", 1, 1)
    assert Chat.rulings(chat.sent, "warning") == []


async def test_a_table_ttl_too_short_to_play_a_hand_is_refused(chat):
    [refused] = Chat.rulings(await chat.say("mod", "/settings table_ttl=10m"), "refused")
    assert (refused["reason"], refused["code"]) == ("bad_input", "duration_too_short")
    assert "at least 15 minutes" in chat.sent[-1].text  # the floor, not "more than zero"
    changed = Chat.one(await chat.say("mod", "/settings table_ttl=15m"), "settings_changed")
    assert changed["table_ttl"] == "15m"


async def test_a_table_s_three_hours_are_real_time_across_the_change_to_summer_time(app):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    # 00:30 in Rome on 29 March 2026: at 02:00 the clocks jump to 03:00
    night = datetime(2026, 3, 28, 23, 30, tzinfo=ZoneInfo("UTC"))
    chat = await Chat(app, now=night).setup()
    await chat.say("ann", "/open fibur 1v1 2", after=timedelta(0))
    assert Chat.rulings(await chat.advance(timedelta(hours=3, seconds=-1)), "table_closed") == []
    fired = await chat.advance(timedelta(seconds=1))
    [closed] = Chat.rulings(fired, "table_closed")
    assert closed["reason"] == "expired"
    assert fired[0].at == night + timedelta(hours=3)  # 04:30 on the wall clock, 3 h later
