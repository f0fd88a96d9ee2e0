"""MCR tournaments through the command layer, on SQLite and PostgreSQL alike."""

from datetime import timedelta

import pytest

from tests.conftest import Chat


async def tournament(chat: Chat, players: str = "abcdefgh") -> None:
    await chat.say("ref", "/tournament Spring 3")
    await chat.say("ref", "/register " + " ".join(f"@{p}" for p in players))
    await chat.say("ref", "/session start")
    await chat.say("ref", "/seat 1 " + " ".join(f"@{p}" for p in players[:4]))
    if len(players) >= 8:
        await chat.say("ref", "/seat 2 " + " ".join(f"@{p}" for p in players[4:8]))


async def test_scores_penalties_and_standings(mcr_chat):
    chat = mcr_chat
    await tournament(chat)
    out = await chat.say("ref", "/score 1 30 20 -20 -30")
    assert chat.one(out, "table_points")["tp"] == {"a": 4, "b": 2, "c": 1, "d": 0}
    out = await chat.say("ref", "/violation @a other 15")
    assert chat.one(out, "table_points")["tp"] == {"a": 2, "b": 4, "c": 1, "d": 0}
    out = await chat.say("ref", "/score 2 10 10 10 -30")
    assert chat.one(out, "table_points")["tp"]["e"] == 7 / 3
    out = await chat.say("a", "/standings")
    rows = chat.one(out, "standings")["rows"]
    assert rows[0] == {
        "player": "b",
        "tp": 4,
        "score": 20,
        "disqualified": False,
        "substituted": False,
    }
    assert "2.33" in out[-1].text


async def test_players_cannot_referee(mcr_chat):
    chat = mcr_chat
    await tournament(chat)
    for command in (
        "/violation @b info",
        "/score 1 1 2 3 -6",
        "/dq @b cheat",
        "/session end",
        "/late @b 5",
        "/resolve 1 uphold ok",
    ):
        out = await chat.say("a", command)
        assert chat.one(out, "refused")["reason"] == "not_moderator", command


async def test_appeal_reviewed_after_the_session_and_overturned(mcr_chat):
    chat = mcr_chat
    await tournament(chat)
    await chat.say("ref", "/score 1 30 20 -20 -30")
    out = await chat.say("ref", "/violation @a other 40")
    penalty_id = chat.one(out, "penalty")["id"]
    out = await chat.say("a", f"/appeal {penalty_id} the tile was mine")
    appeal = chat.one(out, "appeal")
    out = await chat.say("ref", "/session end")
    reminder = chat.one(out, "appeal_reminder")
    assert reminder["appeal"] == appeal["appeal"]
    out = await chat.say("ref", f"/resolve {appeal['appeal']} overturn video shows no fault")
    assert chat.one(out, "appeal_resolved")["decision"] == "overturn"
    assert chat.one(out, "table_points")["tp"]["a"] == 4
    out = await chat.say("a", "/appeal 1 creating a tournament is not a penalty")
    assert chat.one(out, "refused")["reason"] == "not_appealable"
    out = await chat.say("a", "/appeal 9999 nothing")
    assert chat.one(out, "refused")["reason"] == "unknown_ruling"


async def test_substitutes_and_disqualification(mcr_chat):
    chat = mcr_chat
    await tournament(chat)
    out = await chat.say("ref", "/sub @b @s ill-during")
    assert chat.one(out, "substitution")["substitute_tp_forced_zero"] is True
    out = await chat.say("ref", "/score 1 0 50 -20 -30")
    assert chat.one(out, "table_points")["tp"] == {"a": 4, "s": 0, "c": 2, "d": 1}
    out = await chat.say("ref", "/dq @c insulted the referee")
    chat.one(out, "disqualification")
    out = await chat.say("ref", "/register @s")  # a newcomer plays as a substitute only
    assert chat.one(out, "refused")["reason"] == "tournament_started"
    out = await chat.say("ref", "/standings")
    rows = chat.one(out, "standings")["rows"]
    assert next(r for r in rows if r["player"] == "c")["tp"] == 0
    assert all(r["player"] != "s" for r in rows)


async def test_dead_hand_false_hu_forgotten_tile_and_referee_call(mcr_chat):
    chat = mcr_chat
    await tournament(chat)
    out = await chat.say("ref", "/deadhand @a late-take")
    assert chat.one(out, "dead_hand")["kind"] == "late-take"
    out = await chat.say("ref", "/falsehu @b invalid")
    assert chat.one(out, "false_hu")["paid"] == {"a": 20, "c": 20, "d": 20}
    out = await chat.say("ref", "/notile @c")
    assert chat.one(out, "penalty")["points"] == 10
    out = await chat.say("d", "/referee")
    assert chat.one(out, "referee_call")["referees"] == ["ref"]
    out = await chat.say("ref", "/profile @b")
    assert chat.one(out, "profile")["score"] == -60
    # the referee, and a member the tournament never had, have no tournament profile
    for asked in ("/profile", "/profile @zed"):
        refused = chat.one(await chat.say("ref", asked), "refused")
        assert refused["code"] == "not_registered", asked


async def test_mcr_refusals(mcr_chat):
    chat = mcr_chat
    out = await chat.say("ref", "/session start")
    assert chat.one(out, "refused")["reason"] == "no_tournament"
    await tournament(chat)
    cases = {
        "/violation @a cheating": "bad_input",
        "/violation @zz info": "not_registered",
        "/late @a 0": "bad_input",
        "/seat 3 @a @b @c": "bad_input",
        "/score 9 1 2 3 4": "unknown_table",
        "/sub @a @b late": "bad_substitute",
        "/falsehu @a nonsense": "bad_input",
        "/open fibur 1v1 2": "wrong_rulebook",
        "/session start": "session_open",
    }
    for text, reason in cases.items():
        out = await chat.say("ref", text)
        assert chat.one(out, "refused")["reason"] == reason, text


async def test_lateness_through_commands(mcr_chat):
    chat = mcr_chat
    await tournament(chat)
    out = await chat.say("ref", "/late @h 16", after=timedelta(minutes=16))
    assert chat.one(out, "lateness")["disqualified"] is True
    out = await chat.say("ref", "/sub @h @s late")
    chat.one(out, "substitution")


async def test_a_stopped_player_sees_his_stop_with_card_and_the_stop_cites_no_article(mcr_chat):
    await mcr_chat.say("ann", "hello")
    stop = mcr_chat.one(await mcr_chat.say(mcr_chat.admins[0], "/stop @ann 2h rude"), "stop")
    assert stop["rule"] == ""  # a moderator's decision, not a rulebook article (RULES §3)
    status = mcr_chat.one(await mcr_chat.say("ann", "/card"), "card_status")
    assert status["stop_until"] == stop["stop_until"]


@pytest.mark.parametrize("flowers", ["²", "٣", "9", "-1", "1.5", "8" * 5000])
async def test_odd_flower_counts_are_refused_not_raised(mcr_chat, flowers):
    out = await mcr_chat.say("ref", f"/hu [123m][555z]456p789s11z 1z flowers={flowers}")
    assert mcr_chat.one(out, "refused")["reason"] == "bad_input"


async def test_hu_reads_spaced_groups_and_upper_case_and_counts_a_concealed_kong(mcr_chat):
    spaced = mcr_chat.one(
        await mcr_chat.say("ann", "/hu [123M] [555Z] 456p 789s 11z 1z"), "hand_check"
    )
    assert (spaced["fan"], spaced["valid"]) == (17, True)
    kong = mcr_chat.one(
        await mcr_chat.say("ann", "/hu {5z5z5z5z}5m6m8s8s8s1p1p2p3p4p7m 7m seat=E round=N"),
        "hand_check",
    )
    assert (kong["fan"], kong["valid"]) == (8, True)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ("self self", "repeated_option"),
        ("seat=E seat=S", "repeated_option"),
        ("flowers=1 flowers=1", "repeated_option"),
        ("kong last-of-wall", "impossible_flags"),
        ("self kong last-of-wall", "impossible_flags"),
        ("maybe", "unknown_option"),  # an option that does not exist, said as such
        ("flowers=9", "bad_flowers"),  # not "settings are written key=value"
        ("seat=X", "bad_wind"),
    ],
)
async def test_hu_refuses_an_option_given_twice_or_flags_that_cannot_all_hold(
    mcr_chat, options, code
):
    out = await mcr_chat.say("ann", f"/hu 11223344556677z 5z {options}")
    refused = mcr_chat.one(out, "refused")
    assert (refused["reason"], refused["code"]) == ("bad_input", code)


@pytest.mark.parametrize(
    ("claim", "code"),
    [
        ("[123m][555z]456p789s11z 1z self kong", "replacement_without_kong"),
        ("[123m][555z]456p789s11z 1z kong", "robbed_tile_held"),
        ("[123m][555z]456p789s11z 1z last-tile", "last_tile_held"),
    ],
)
async def test_hu_refuses_a_way_of_winning_this_hand_cannot_have(mcr_chat, claim, code):
    refused = mcr_chat.one(await mcr_chat.say("ann", f"/hu {claim}"), "refused")
    assert (refused["reason"], refused["code"], refused["tile"]) == ("bad_input", code, "1z")


async def test_hu_counts_a_kong_robbed_of_a_tile_the_winner_does_not_hold(mcr_chat):
    out = await mcr_chat.say("ann", "/hu [123m][555z]456p789s11z 4p kong")
    assert "robbing-the-kong" in {f["name"] for f in mcr_chat.one(out, "hand_check")["fans"]}


async def test_hu_options_before_the_tiles_are_not_a_hand(mcr_chat):
    out = await mcr_chat.say("ann", "/hu self 11223344556677z 5z")
    assert mcr_chat.one(out, "refused")["code"] in ("hand_notation", "unknown_option")


async def _planned(chat, players: list[str], sessions: int = 3) -> None:
    await chat.say("ref", f"/tournament Open {sessions}")
    await chat.say("ref", "/register " + " ".join(f"@{p}" for p in players))
    await chat.say("ref", "/seating")


async def _score_all(chat, tables: int) -> None:
    for table in range(1, tables + 1):
        await chat.say("ref", f"/score {table} 40 10 -10 -40")


async def _second_session_without_p0(chat) -> dict:
    """Eight players planned over three sessions, p0 disqualified in the first: the second
    session's start."""
    await _planned(chat, [f"p{n}" for n in range(8)])
    await chat.say("ref", "/session start")
    await chat.say("ref", "/dq @p0 insulted the referee")
    await _score_all(chat, 2)
    await chat.say("ref", "/session end")
    return chat.one(await chat.say("ref", "/session start"), "session_started")


async def test_a_disqualified_player_leaves_an_empty_seat_never_a_missing_table(mcr_chat):
    started = await _second_session_without_p0(mcr_chat)
    assert [t["table"] for t in started["tables"]] == [1, 2]  # no table skipped
    [empty] = started["empty_seats"]
    assert empty["out"] == "p0" and empty["seat"] in ("E", "S", "W", "N")
    refused = mcr_chat.one(
        await mcr_chat.say("ref", f"/score {empty['table']} 40 10 -10 -40"), "refused"
    )
    assert (refused["code"], refused["players"]) == ("seat_empty", ["p0"])
    win = await mcr_chat.say("ref", f"/win {empty['table']} @p1 8 self")
    assert mcr_chat.one(win, "refused")["code"] in ("seat_empty", "not_at_table")
    sub = mcr_chat.one(await mcr_chat.say("ref", "/sub @p0 @sam dq"), "substitution")
    assert (sub["table"], sub["substitute_tp_forced_zero"]) == (empty["table"], False)
    out = await mcr_chat.say("ref", f"/score {empty['table']} 40 10 -10 -40")
    points = mcr_chat.one(out, "table_points")
    assert sorted(points["tp"].values()) == [0, 1, 2, 4]  # the substitute plays normally


async def test_seat_takes_an_unregistered_substitute_for_the_empty_seat(mcr_chat):
    started = await _second_session_without_p0(mcr_chat)
    [table] = [t for t in started["tables"] if None in t["seats"]]  # p0's seat, empty
    seats = ["zed" if p is None else p for p in table["seats"]]
    seated = await mcr_chat.say(
        "ref", f"/seat {table['table']} " + " ".join(f"@{p}" for p in seats)
    )
    assert mcr_chat.one(seated, "seating")["seats"] == seats
    scored = await mcr_chat.say("ref", f"/score {table['table']} 40 10 -10 -40")
    assert mcr_chat.one(scored, "table_points")
    # nobody is missing at the other table: a stranger is not seated there
    [other] = [t for t in started["tables"] if t is not table]
    strangers = ["newbie", *other["seats"][1:]]
    out = await mcr_chat.say(
        "ref", f"/seat {other['table']} " + " ".join(f"@{p}" for p in strangers)
    )
    assert mcr_chat.one(out, "refused")["code"] == "not_registered"


async def test_a_hand_paid_by_a_player_later_replaced_counts_for_his_seat(mcr_chat):
    players = [f"p{n}" for n in range(4)]
    await _planned(mcr_chat, players, sessions=1)
    started = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
    seats = started["tables"][0]["seats"]
    await mcr_chat.say("ref", f"/win 1 @{seats[0]} 10 @{seats[1]}")  # seats[1] pays 18
    await mcr_chat.say("ref", f"/sub @{seats[1]} @sam ill-during")
    await mcr_chat.say("ref", "/win 1 @sam 8 self")  # each other pays 16
    out = await mcr_chat.say("ref", "/session end")
    sheet = mcr_chat.rulings(out, "table_points")[-1]["scores"]
    expected = {seats[0]: 18 + 8 + 8 - 16, "sam": -18 + 48, seats[2]: -8 - 16, seats[3]: -8 - 16}
    assert sheet == expected and sum(sheet.values()) == 0


async def test_a_change_of_the_field_before_the_first_session_draws_the_plan_again(mcr_chat):
    players = [f"p{n}" for n in range(8)]
    await _planned(mcr_chat, players)
    first = await mcr_chat.say("ref", "/seating 1")
    out = await mcr_chat.say("ref", "/unregister @p7")
    assert mcr_chat.rulings(out, "seating_plan") == []  # seven fill no tables: no plan
    out = await mcr_chat.say("ref", "/register @newcomer")
    drawn = mcr_chat.one(out, "seating_plan")
    assert drawn["players"] == 8 and drawn["amends"] is not None
    seats = mcr_chat.one(await mcr_chat.say("ref", "/seating 1"), "seating_view")["tables"]
    assert any("newcomer" in t["seats"] for t in seats)
    assert all("p7" not in t["seats"] for t in seats)
    assert mcr_chat.one(first, "seating_view")["tables"] != seats
    started = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
    assert [t["seats"] for t in started["tables"]] == [t["seats"] for t in seats]
    refused = mcr_chat.one(await mcr_chat.say("ref", "/register @late"), "refused")
    assert refused["code"] == "tournament_started"


async def test_a_plan_drawn_again_replaces_the_first_and_says_so(mcr_chat):
    """A witnessed draw done again is announced as such: the first plan stands no more, and
    drawing its number again gives it back."""
    await mcr_chat.say("ref", '/tournament "Witnessed" 3')
    await mcr_chat.say("ref", "/register " + " ".join(f"@p{n}" for n in range(8)))
    first = mcr_chat.one(await mcr_chat.say("ref", "/seating draw=1"), "seating_plan")
    [again] = await mcr_chat.say("ref", "/seating draw=2")
    assert again.ruling["amends"] == first["id"] and again.ruling["redrawn"] is True
    assert f"This plan replaces the one drawn in ruling #{first['id']}." in again.text
    shown = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {first['id']}"), "ruling")
    assert shown["standing"] is False
    back = mcr_chat.one(await mcr_chat.say("ref", "/seating draw=1"), "seating_plan")
    assert back["seed"] == first["seed"] and back["amends"] == again.ruling["id"]
    [refused] = await mcr_chat.say("ref", f"/undo {back['id']} wrong number")
    assert refused.ruling["code"] == "not_undoable"
    assert "drawn again with /seating" in refused.text


@pytest.mark.parametrize(
    ("said", "outcome"),
    [
        ("10 self flowers=2", ("hand_won", None)),  # 8 without the flowers: a win
        ("9 self flowers=2", ("refused", "under8")),  # 7 without them
        ("8 self", ("hand_won", None)),
        ("7 self", ("refused", "under8")),
        ("10 self flowers=9", ("refused", "bad_flowers")),  # eight flowers at most
        ("10 self maybe", ("refused", "unknown_option")),
        ("8 self flowers=8", ("refused", "under8")),
        ("10 self flowers=1 flowers=1", ("refused", "repeated_option")),
    ],
)
async def test_win_counts_the_flowers_in_the_fan_but_not_towards_the_eight(mcr_chat, said, outcome):
    await _planned(mcr_chat, [f"p{n}" for n in range(4)], sessions=1)
    started = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
    winner = started["tables"][0]["seats"][0]
    out = await mcr_chat.say("ref", f"/win 1 @{winner} {said}")
    kind, code = outcome
    ruling = mcr_chat.one(out, kind)
    if code is not None:
        assert ruling["code"] == code
    else:
        assert ruling["flowers"] == int(said.partition("flowers=")[2] or 0)


async def test_a_tournament_chat_s_settings_leave_out_the_club_s_own(app):
    """The readiness clock and the table time-out are Burraco's: a tournament chat's settings
    do not list them, in any language."""
    from tests.conftest import Chat

    said = {}
    for rulebook in ("burraco", "mcr"):
        chat = await Chat(app, rulebook=rulebook, chat=rulebook).setup()
        said[rulebook] = {
            lang: (await chat.say("mod", "/settings", lang=lang))[0].text
            for lang in ("en", "it", "ru")
        }
    club, tournament = said["burraco"], said["mcr"]
    for lang, words in {
        "en": "readiness clock",
        "it": "chiudere lo score",
        "ru": "закрытие счёта",
    }.items():
        assert words in club[lang] and words not in tournament[lang], lang
    for lang, words in {"en": "no hand closes", "it": "senza smazzate", "ru": "без раздач"}.items():
        assert words in club[lang] and words not in tournament[lang], lang


async def _finished(chat, name: str = "Open") -> None:
    players = [f"p{n}" for n in range(4)]
    await chat.say("ref", f'/tournament "{name}" 1')
    await chat.say("ref", "/register " + " ".join(f"@{p}" for p in players))
    await chat.say("ref", "/session start")
    await chat.say("ref", "/seat 1 " + " ".join(f"@{p}" for p in players))
    await chat.say("ref", "/score 1 40 10 -10 -40")
    await chat.say("ref", "/session end")
    await chat.say("ref", "/finish")


async def test_player_details_complete_the_file_of_a_finished_tournament(mcr_chat):
    await _finished(mcr_chat)
    given = await mcr_chat.say("ref", '/player @p0 name="Anna Rossi" ema=04010001 country=IT')
    assert mcr_chat.one(given, "player_details")["ema"] == "04010001"
    export = mcr_chat.one(await mcr_chat.say("ref", "/export"), "export")
    assert "p0" not in export["missing"] and len(export["missing"]) == 3
    row = next(r for r in export["rows"] if r["player"] == "p0")
    assert (row["first_name"], row["last_name"], row["country"]) == ("Anna", "Rossi", "IT")


async def test_player_and_export_reach_a_finished_tournament_by_its_name(mcr_chat):
    await _finished(mcr_chat, "Spring Cup")
    await _finished(mcr_chat, "Autumn Cup")
    out = await mcr_chat.say("ref", '/player @p1 country=NL tournament="Spring Cup"')
    assert mcr_chat.one(out, "player_details")["country"] == "NL"
    spring = mcr_chat.one(await mcr_chat.say("ref", '/export tournament="Spring"'), "export")
    autumn = mcr_chat.one(await mcr_chat.say("ref", "/export"), "export")
    assert (spring["tournament"], autumn["tournament"]) == ("Spring Cup", "Autumn Cup")
    assert [r["country"] for r in spring["rows"] if r["player"] == "p1"] == ["NL"]
    assert [r["country"] for r in autumn["rows"] if r["player"] == "p1"] == [""]
    unknown = await mcr_chat.say("ref", '/export tournament="Winter"')
    assert mcr_chat.one(unknown, "refused")["reason"] == "unknown_tournament"


async def test_a_dq_between_sessions_says_which_session_and_announces_its_points_again(mcr_chat):
    players = [f"p{n}" for n in range(4)]
    await mcr_chat.say("ref", "/tournament Open 3")
    await mcr_chat.say("ref", "/register " + " ".join(f"@{p}" for p in players))
    early = await mcr_chat.say("ref", "/dq @p0 insults")
    assert mcr_chat.one(early, "refused")["reason"] == "no_session"
    for sheet in ("40 10 -10 -40", "-40 -10 10 40"):
        await mcr_chat.say("ref", "/session start")
        await mcr_chat.say("ref", "/seat 1 " + " ".join(f"@{p}" for p in players))
        await mcr_chat.say("ref", f"/score 1 {sheet}")
        await mcr_chat.say("ref", "/session end")
    out = await mcr_chat.say("ref", "/dq @p3 insults")
    dq, points = mcr_chat.one(out, "disqualification"), mcr_chat.one(out, "table_points")
    assert (dq["session"], dq["ended_session"], points["session"]) == (2, 2, 2)
    assert "concerns session 2, which has ended" in out[0].text
    named = await mcr_chat.say("ref", "/dq @p0 session=1 insults")
    assert mcr_chat.one(named, "disqualification")["reason"] == "insults"
    assert mcr_chat.one(named, "table_points")["session"] == 1
    assert "concerns session 1, which has ended" in named[0].text


def _seats(out) -> list:
    return [p for table in Chat.rulings(out, "seating_view")[0]["tables"] for p in table["seats"]]


async def test_a_substitute_for_the_rest_is_seated_in_every_later_session_until_undone(mcr_chat):
    await _planned(mcr_chat, [f"p{n}" for n in range(8)])
    await mcr_chat.say("ref", "/session start")
    once = mcr_chat.one(await mcr_chat.say("ref", "/sub @p1 @y ill-during"), "substitution")
    assert once["rest"] is False
    refused = mcr_chat.one(await mcr_chat.say("ref", f"/undo {once['id']} oops"), "refused")
    assert refused["reason"] == "not_undoable"
    rest = await mcr_chat.say("ref", "/sub @p0 @x ill-during rest")
    sub = mcr_chat.one(rest, "substitution")
    assert (sub["player"], sub["substitute"], sub["rest"]) == ("p0", "x", True)
    assert "rest of the tournament" in rest[0].text
    for session in (2, 3):
        seats = _seats(await mcr_chat.say("ann", f"/seating {session}"))
        assert "x" in seats and "p0" not in seats and "y" not in seats and "p1" in seats
    await _score_all(mcr_chat, 2)
    await mcr_chat.say("ref", "/session end")
    started = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
    assert "x" in [p for table in started["tables"] for p in table["seats"]]
    assert started["empty_seats"] == []
    undone = await mcr_chat.say("ref", f"/undo {sub['id']} back tomorrow")
    assert mcr_chat.one(undone, "undone")["amends"] == sub["id"]
    assert "p0" in _seats(await mcr_chat.say("ann", "/seating 3"))
    assert "x" not in _seats(await mcr_chat.say("ann", "/seating 3"))
    await _score_all(mcr_chat, 2)  # session 2 keeps him
    await mcr_chat.say("ref", "/session end")
    third = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "session_started")
    assert "p0" in [p for table in third["tables"] for p in table["seats"]]


async def test_the_planned_seat_of_a_disqualified_player_shows_empty_to_be_filled(mcr_chat):
    await _planned(mcr_chat, [f"p{n}" for n in range(8)])
    await mcr_chat.say("ref", "/session start")
    await mcr_chat.say("ref", "/dq @p2 cheating")
    out = await mcr_chat.say("ann", "/seating 2")
    assert _seats(out).count(None) == 1 and "p2" not in _seats(out)
    assert "(empty, to be filled)" in out[0].text
