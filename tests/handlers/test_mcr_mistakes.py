"""A referee's mistakes taken back at any moment (CONSOLE.md, third edition): sessions
started or ended by mistake, hands mistyped, sheets of earlier sessions, a finished
tournament's late sheet, the archive, and the records that say what still stands."""

from tests.conftest import Chat

PLAYERS = [f"p{n}" for n in range(8)]


async def _planned(chat: Chat, players: list[str] = PLAYERS, sessions: int = 2) -> None:
    await chat.say("ref", f"/tournament Open {sessions}")
    await chat.say("ref", "/register " + " ".join(f"@{p}" for p in players))
    await chat.say("ref", "/seating")


async def _start(chat: Chat) -> dict:
    return chat.one(await chat.say("ref", "/session start"), "session_started")


async def _standing(chat: Chat) -> dict[str, tuple[float, int]]:
    rows = chat.one(await chat.say("ref", "/standings"), "standings")["rows"]
    return {row["player"]: (row["tp"], row["score"]) for row in rows}


async def _undo(chat: Chat, number: int) -> list:
    return await chat.say("ref", f"/undo {number} typed by mistake")


async def test_a_session_started_by_mistake_is_taken_back_while_empty(mcr_chat):
    await _planned(mcr_chat)
    first = await _start(mcr_chat)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    await mcr_chat.say("ref", "/score 2 40 10 -10 -40")
    await mcr_chat.say("ref", "/session end")
    before = await _standing(mcr_chat)
    second = await _start(mcr_chat)
    out = await _undo(mcr_chat, second["id"])
    assert mcr_chat.one(out, "undone")["decision"] == "session_started"
    assert await _standing(mcr_chat) == before
    again = await _start(mcr_chat)  # the same session, from the same plan
    assert again["session"] == 2 and again["tables"] == second["tables"]
    assert first["session"] == 1
    # a session with a score in it stays
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    refused = mcr_chat.one(await _undo(mcr_chat, again["id"]), "refused")
    assert (refused["code"], refused["session"]) == ("session_has_records", 2)
    # an earlier session's start, once a later one started
    refused = mcr_chat.one(await _undo(mcr_chat, first["id"]), "refused")
    assert refused["code"] == "later_session_started"


async def test_a_session_start_with_a_penalty_or_a_hand_is_not_taken_back(mcr_chat):
    await _planned(mcr_chat)
    started = await _start(mcr_chat)
    seat = started["tables"][0]["seats"]
    penalty = mcr_chat.one(await mcr_chat.say("ref", f"/violation @{seat[0]} info"), "penalty")
    refused = mcr_chat.one(await _undo(mcr_chat, started["id"]), "refused")
    assert refused["code"] == "session_has_records"
    await _undo(mcr_chat, penalty["id"])  # the penalty undone: nothing left in the session
    hand = mcr_chat.one(await mcr_chat.say("ref", f"/win 1 @{seat[0]} 8 self"), "hand_won")
    assert mcr_chat.one(await _undo(mcr_chat, started["id"]), "refused")["code"] == (
        "session_has_records"
    )
    await _undo(mcr_chat, hand["id"])
    assert mcr_chat.one(await _undo(mcr_chat, started["id"]), "undone")
    # the seats it gave stand no more; the first session can start again
    assert (await _start(mcr_chat))["session"] == 1


async def test_a_session_ended_by_mistake_reopens_and_its_points_wait_for_its_end(mcr_chat):
    await _planned(mcr_chat)
    started = await _start(mcr_chat)
    kept = started["tables"][0]["seats"]
    await mcr_chat.say("ref", f"/win 1 @{kept[0]} 10 @{kept[1]}")
    await mcr_chat.say("ref", "/score 2 40 10 -10 -40")
    ended = await mcr_chat.say("ref", "/session end")
    summary = mcr_chat.one(ended, "session_ended")
    summed = mcr_chat.one(ended, "table_points")  # only the table kept hand by hand
    assert summed["table"] == 1 and [t["table"] for t in summary["tables"]] == [1, 2]
    counted = await _standing(mcr_chat)
    out = await _undo(mcr_chat, summary["id"])
    assert mcr_chat.one(out, "undone")["decision"] == "session_ended"
    # reopened: its scores and table points leave the standings until it ends again
    assert set(await _standing(mcr_chat)) == set(counted)
    assert all(value == (0, 0) for value in (await _standing(mcr_chat)).values())
    view = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {summed['id']}"), "ruling")
    assert view["standing"] is False
    await mcr_chat.say("ref", f"/win 1 @{kept[2]} 8 self")  # the session goes on
    again = await mcr_chat.say("ref", "/session end")
    assert mcr_chat.one(again, "table_points")["table"] == 1
    assert mcr_chat.one(again, "session_ended")["session"] == 1
    recounted = await _standing(mcr_chat)
    assert recounted[kept[2]][1] == counted[kept[2]][1] + 48
    # once the next session has started, the end stays
    second = await _start(mcr_chat)
    refused = mcr_chat.one(
        await _undo(mcr_chat, mcr_chat.one(again, "session_ended")["id"]), "refused"
    )
    assert refused["code"] == "later_session_started" and second["session"] == 2


async def test_a_mistyped_hand_is_undone_and_an_ended_table_summed_again(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    seats = (await _start(mcr_chat))["tables"][0]["seats"]
    first = mcr_chat.one(await mcr_chat.say("ref", f"/win 1 @{seats[0]} 8 self"), "hand_won")
    wrong = mcr_chat.one(await mcr_chat.say("ref", f"/win 1 @{seats[1]} 30 self"), "hand_won")
    washout = mcr_chat.one(await mcr_chat.say("ref", "/washout 1"), "hand_washout")
    out = await _undo(mcr_chat, wrong["id"])  # while the session runs: nothing to announce
    assert mcr_chat.rulings(out, "table_points") == []
    ended = await mcr_chat.say("ref", "/session end")
    assert mcr_chat.one(ended, "table_points")["scores"] == {
        seats[0]: 48,
        seats[1]: -16,
        seats[2]: -16,
        seats[3]: -16,
    }
    assert washout["hand"] == 3 and wrong["hand"] == 2
    out = await _undo(mcr_chat, first["id"])  # ended: summed again from what stands
    points = mcr_chat.one(out, "table_points")
    assert set(points["scores"].values()) == {0} and points["amends"] is not None
    assert all(tp == 1.75 for tp in points["tp"].values())  # four tied: 7 / 4
    # the last hand undone: nothing to sum, the table is to be scored
    out = await _undo(mcr_chat, washout["id"])
    assert mcr_chat.rulings(out, "table_points") == []
    rows = mcr_chat.one(out, "standings")["rows"]
    assert all(row["tp"] == 0 for row in rows)
    again = await _undo(mcr_chat, washout["id"])
    assert mcr_chat.one(again, "refused")["code"] == "already_undone"


async def test_a_hand_under_a_corrected_sheet_is_superseded(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    seats = (await _start(mcr_chat))["tables"][0]["seats"]
    hand = mcr_chat.one(await mcr_chat.say("ref", f"/win 1 @{seats[0]} 8 self"), "hand_won")
    await mcr_chat.say("ref", "/session end")
    await mcr_chat.say("ref", "/correct 1 30 -10 -10 -10")
    refused = mcr_chat.one(await _undo(mcr_chat, hand["id"]), "refused")
    assert refused["code"] == "superseded"


async def test_an_earlier_session_table_is_scored_and_corrected_by_its_number(mcr_chat):
    await _planned(mcr_chat, sessions=3)
    await _start(mcr_chat)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    ended = mcr_chat.one(await mcr_chat.say("ref", "/session end"), "session_ended")
    assert ended["unscored"] == [2]
    await _start(mcr_chat)
    out = await mcr_chat.say("ref", "/score 2 40 10 -10 -40 session=1")
    assert mcr_chat.one(out, "table_points")["session"] == 1
    out = await mcr_chat.say("ref", "/correct 1 30 20 -20 -30 session=1")
    corrected = mcr_chat.one(out, "score_corrected")
    assert (corrected["session"], corrected["amends"]) == (1, corrected["amends"])
    refused = mcr_chat.one(await mcr_chat.say("ref", "/score 1 1 2 3 -6 session=3"), "refused")
    assert (refused["code"], refused["last"]) == ("session_not_played", 2)
    refused = mcr_chat.one(
        await mcr_chat.say("ref", "/score 1 1 2 3 -6 session=1 session=1"), "refused"
    )
    assert refused["code"] == "repeated_option"
    # the first table's earlier sheet stands no more; the correction does
    history = mcr_chat.one(await mcr_chat.say("ref", "/history @p0"), "history")
    sheets = [e for e in history["entries"] if e["type"] in ("table_points", "score_corrected")]
    assert [e["standing"] for e in sheets].count(True) == 1


async def test_a_finished_tournament_takes_a_late_sheet_and_announces_its_final_standings(
    mcr_chat,
):
    await _planned(mcr_chat, sessions=1)
    await _start(mcr_chat)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    await mcr_chat.say("ref", "/session end")
    finished = mcr_chat.one(await mcr_chat.say("ref", "/finish"), "tournament_finished")
    assert finished["unscored"] == [{"session": 1, "table": 2}]
    out = await mcr_chat.say("ref", "/score 2 40 10 -10 -40")
    final = mcr_chat.one(out, "standings")
    assert final["final"] is True and final["rows"][0]["tp"] == 4
    shown = mcr_chat.one(await mcr_chat.say("p3", "/standings"), "standings")
    assert shown["final"] is True and shown["rows"] == final["rows"]
    out = await mcr_chat.say("ref", "/correct 2 10 10 -10 -10")
    assert mcr_chat.one(out, "standings")["final"] is True


async def test_the_archive_lists_tournaments_and_shows_a_finished_one_by_name(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    await _start(mcr_chat)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    await mcr_chat.say("ref", "/session end")
    await mcr_chat.say("ref", "/finish")
    await mcr_chat.say("ref", "/tournament Autumn Cup 2")
    listed = mcr_chat.one(await mcr_chat.say("p1", "/tournaments"), "tournaments")
    rows = listed["tournaments"]
    assert [(r["tournament"], r["running"]) for r in rows] == [
        ("Autumn Cup", True),
        ("Open", False),
    ]
    assert rows[1]["winner"] is not None and rows[1]["finished"] is not None
    assert rows[0]["winner"] is None and rows[0]["started"] is not None
    old = mcr_chat.one(await mcr_chat.say("p1", '/standings "open"'), "standings")
    assert old["tournament"] == "Open" and old["final"] is True
    assert old["rows"][0]["player"] == rows[1]["winner"]
    running = mcr_chat.one(await mcr_chat.say("p1", "/standings"), "standings")
    assert running["tournament"] == "Autumn Cup" and not running.get("final")
    refused = mcr_chat.one(await mcr_chat.say("p1", "/standings Winter"), "refused")
    assert refused["code"] == "unknown_tournament"


async def test_a_player_ill_from_the_start_is_excluded_and_his_substitute_ranked(mcr_chat):
    await _planned(mcr_chat, sessions=2)
    await _start(mcr_chat)
    await mcr_chat.say("ref", "/sub @p0 @sam ill-before")
    refused = mcr_chat.one(await mcr_chat.say("ref", "/exclude @p1 flu"), "refused")
    assert refused["code"] == "not_replaced_for_illness"
    excluded = mcr_chat.one(await mcr_chat.say("ref", "/exclude @p0 flu"), "player_excluded")
    assert excluded["player"] == "p0"
    assert "p0" not in await _standing(mcr_chat)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    await mcr_chat.say("ref", "/score 2 40 10 -10 -40")
    await mcr_chat.say("ref", "/session end")
    started = await _start(mcr_chat)
    refused = mcr_chat.one(await mcr_chat.say("ref", "/rank @sam"), "refused")
    assert (refused["code"], refused["sessions"]) == ("not_every_session", [2])
    [empty] = started["empty_seats"]  # left out: his planned seat is empty, for /sub
    assert empty["out"] == "p0"
    sub = mcr_chat.one(await mcr_chat.say("ref", "/sub @p0 @sam ill-before"), "substitution")
    assert sub["substitute_tp_forced_zero"] is False
    ranked = mcr_chat.one(await mcr_chat.say("ref", "/rank @sam"), "substitute_ranked")
    assert ranked["sessions"] == 2
    assert "sam" in await _standing(mcr_chat)
    out = await _undo(mcr_chat, ranked["id"])
    assert "sam" not in mcr_chat.one(out, "standings")["rows"][0].values()
    assert "sam" not in await _standing(mcr_chat)
    await _undo(mcr_chat, excluded["id"])
    assert "p0" in await _standing(mcr_chat)


async def test_a_newcomer_seated_says_whom_he_replaces(mcr_chat):
    await _planned(mcr_chat, sessions=2)
    await _start(mcr_chat)
    await mcr_chat.say("ref", "/dq @p0 insulted the referee")
    for table in (1, 2):
        await mcr_chat.say("ref", f"/score {table} 40 10 -10 -40")
    await mcr_chat.say("ref", "/session end")
    started = await _start(mcr_chat)
    [table] = [t for t in started["tables"] if None in t["seats"]]  # p0's seat, empty
    seats = ["zed" if p is None else p for p in table["seats"]]
    out = await mcr_chat.say("ref", f"/seat {table['table']} " + " ".join(f"@{p}" for p in seats))
    seated = mcr_chat.one(out, "seating")
    assert seated["replacing"] == [{"player": "zed", "out": "p0"}]
    assert "zed takes the empty seat of p0" in out[-1].text


async def test_a_field_that_stops_filling_tables_withdraws_the_plan_and_says_so(mcr_chat):
    await _planned(mcr_chat)
    out = await mcr_chat.say("ref", "/unregister @p7")
    withdrawn = mcr_chat.one(out, "seating_withdrawn")
    assert (withdrawn["players"], withdrawn["needed"]) == (7, 1)
    refused = mcr_chat.one(await mcr_chat.say("ref", "/session start"), "refused")
    assert refused["code"] == "seating_needs_fours"
    out = await mcr_chat.say("ref", "/register @p7")
    assert mcr_chat.one(out, "seating_plan")["players"] == 8
    assert (await _start(mcr_chat))["session"] == 1


async def test_an_empty_quoted_name_or_text_is_refused_not_taken_for_quote_marks(mcr_chat):
    refused = mcr_chat.one(await mcr_chat.say("ref", '/tournament "" 2'), "refused")
    assert refused["code"] == "tournament_name_empty"
    await mcr_chat.say("ref", "/tournament Spring 1")
    refused = mcr_chat.one(await mcr_chat.say("ref", '/appeal 1 ""'), "refused")
    assert refused["code"] == "missing_argument"


async def test_help_shows_each_rulebook_its_own_forms(mcr_chat):
    shown = mcr_chat.one(await mcr_chat.say("ref", "/help correct"), "help")
    assert shown["usage"] == "/correct <table> <east> <south> <west> <north> [session=N]"
    shown = mcr_chat.one(await mcr_chat.say("ref", "/help standings"), "help")
    assert shown["usage"] == "/standings [tournament]"


async def test_the_bots_own_sums_are_not_undone_by_their_number(mcr_chat):
    """A hand-kept table's points, summed by the bot, follow from the hands: undoing them by
    their number would empty the table with no way back; the hands or the end are undone."""
    await _planned(mcr_chat, PLAYERS[:4], sessions=2)
    seats = (await _start(mcr_chat))["tables"][0]["seats"]
    await mcr_chat.say("ref", f"/win 1 @{seats[0]} 8 self")
    summed = mcr_chat.one(await mcr_chat.say("ref", "/session end"), "table_points")
    refused = mcr_chat.one(await _undo(mcr_chat, summed["id"]), "refused")
    assert (refused["code"], refused["hint"]) == ("not_undoable", "consequence")
    # nor are the points announced again after a penalty
    await _start(mcr_chat)
    await mcr_chat.say("ref", "/score 1 40 10 -10 -40")
    out = await mcr_chat.say("ref", f"/violation @{seats[3]} other 100")
    again = mcr_chat.one(out, "table_points")
    assert mcr_chat.one(await _undo(mcr_chat, again["id"]), "refused")["code"] == "not_undoable"


async def test_a_finished_tournament_s_results_are_still_put_right(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    seats = (await _start(mcr_chat))["tables"][0]["seats"]
    hand = mcr_chat.one(await mcr_chat.say("ref", f"/win 1 @{seats[0]} 8 self"), "hand_won")
    await mcr_chat.say("ref", f"/win 1 @{seats[1]} 8 self")
    ended = mcr_chat.one(await mcr_chat.say("ref", "/session end"), "session_ended")
    await mcr_chat.say("ref", "/finish")
    out = await _undo(mcr_chat, hand["id"])
    assert mcr_chat.one(out, "table_points")["scores"][seats[1]] == 48
    assert mcr_chat.one(out, "standings")["final"] is True
    refused = mcr_chat.one(await _undo(mcr_chat, ended["id"]), "refused")
    assert (refused["code"], refused["tournament"]) == ("tournament_finished", "Open")


async def test_the_log_names_each_decision_and_what_an_undo_reversed(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    seats = (await _start(mcr_chat))["tables"][0]["seats"]
    scored = mcr_chat.one(await mcr_chat.say("ref", "/score 1 40 10 -10 -40"), "table_points")
    out = await mcr_chat.say("ref", f"/falsehu @{seats[0]} invalid")
    false_hu = mcr_chat.one(out, "false_hu")
    dead_hand = mcr_chat.one(out, "dead_hand")
    undone = mcr_chat.one(await _undo(mcr_chat, false_hu["id"]), "undone")
    entries = mcr_chat.one(await mcr_chat.say("ref", "/log"), "log")["entries"]
    by_ruling = {e["ruling"]: e for e in entries}
    assert by_ruling[scored["id"]]["action"] == "score"
    assert by_ruling[false_hu["id"]]["action"] == "falsehu"
    assert dead_hand["id"] not in by_ruling  # it follows from the false hu: not logged again
    assert (by_ruling[undone["id"]]["type"], by_ruling[undone["id"]]["amends"]) == (
        "undone",
        false_hu["id"],
    )
    view = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {dead_hand['id']}"), "ruling")
    assert view["standing"] is False  # the false hu undone, its dead hand with it
    text = (await mcr_chat.say("ref", "/log"))[-1].text
    assert f"undid ruling #{false_hu['id']}" in text


async def test_a_penalty_stepped_again_replaces_its_earlier_step(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    seats = (await _start(mcr_chat))["tables"][0]["seats"]
    first = mcr_chat.one(await mcr_chat.say("ref", f"/violation @{seats[0]} info"), "penalty")
    second = mcr_chat.one(await mcr_chat.say("ref", f"/violation @{seats[0]} wall"), "penalty")
    out = await _undo(mcr_chat, first["id"])
    restepped = mcr_chat.one(out, "penalty")
    assert (restepped["step"], restepped["amends"]) == (1, second["id"])
    history = mcr_chat.one(await mcr_chat.say("ref", f"/history @{seats[0]}"), "history")
    standing = {e["id"]: e["standing"] for e in history["entries"]}
    assert standing[second["id"]] is False and standing[restepped["id"]] is True
    # the penalty is still undone by its first number: the same penalty, stepped again
    out = await _undo(mcr_chat, second["id"])
    assert mcr_chat.one(out, "undone")["amends"] == second["id"]


async def test_a_replaced_sheet_names_the_ruling_to_undo_first(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    await _start(mcr_chat)
    scored = mcr_chat.one(await mcr_chat.say("ref", "/score 1 40 10 -10 -40"), "table_points")
    out = await mcr_chat.say("ref", "/correct 1 30 20 -20 -30")
    corrected = mcr_chat.one(out, "score_corrected")
    refused = mcr_chat.one(await _undo(mcr_chat, scored["id"]), "refused")
    assert (refused["code"], refused["by"]) == ("superseded", corrected["id"])
    assert f"#{corrected['id']} first" in (await _undo(mcr_chat, scored["id"]))[-1].text


async def test_finish_with_the_last_session_open_says_to_end_it(mcr_chat):
    await _planned(mcr_chat, PLAYERS[:4], sessions=1)
    await _start(mcr_chat)
    refused = mcr_chat.one(await mcr_chat.say("ref", "/finish"), "refused")
    assert (refused["code"], refused["reason"]) == ("finish_session_open", "tournament_not_over")
    assert "/session end" in (await mcr_chat.say("ref", "/finish"))[-1].text


async def test_a_session_start_undone_takes_back_the_seats_given_in_it(mcr_chat):
    await mcr_chat.say("ref", "/tournament Open 2")
    await mcr_chat.say("ref", "/register " + " ".join(f"@{p}" for p in PLAYERS[:4]))
    started = await _start(mcr_chat)
    seat = mcr_chat.one(await mcr_chat.say("ref", "/seat 1 @p0 @p1 @p2 @p3"), "seating")
    await _undo(mcr_chat, started["id"])
    view = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {seat['id']}"), "ruling")
    assert view["standing"] is False


async def test_a_correction_replaced_by_a_recount_then_undone_leaves_its_sheet_undoable(mcr_chat):
    """A disqualification announces the corrected table's points again (replacing the
    correction's ruling); the correction undone, the first sheet holds the table again and is
    itself undone, and the correction cannot be undone twice."""
    await _planned(mcr_chat, PLAYERS[:4], sessions=2)
    seats = (await _start(mcr_chat))["tables"][0]["seats"]
    scored = mcr_chat.one(await mcr_chat.say("ref", "/score 1 40 10 -10 -40"), "table_points")
    out = await mcr_chat.say("ref", "/correct 1 20 20 -20 -20")
    corrected = mcr_chat.one(out, "score_corrected")
    mcr_chat.one(await mcr_chat.say("ref", f"/dq @{seats[0]} misconduct"), "disqualification")
    mcr_chat.one(await _undo(mcr_chat, corrected["id"]), "undone")
    again = mcr_chat.one(await _undo(mcr_chat, corrected["id"]), "refused")
    assert again["code"] == "already_undone"
    shown = mcr_chat.one(await mcr_chat.say("ref", f"/ruling {corrected['id']}"), "ruling")
    assert shown["reversed_by"] != corrected["id"] + 1  # its undo, not the recount it had
    mcr_chat.one(await _undo(mcr_chat, scored["id"]), "undone")
    assert all(score == 0 for _, score in (await _standing(mcr_chat)).values())
