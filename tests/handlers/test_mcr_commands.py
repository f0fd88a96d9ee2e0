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
    out = await chat.say("ref", "/register @s")
    assert chat.one(out, "refused")["reason"] == "is_substitute"
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
    ],
)
async def test_hu_refuses_an_option_given_twice_or_flags_that_cannot_all_hold(
    mcr_chat, options, code
):
    out = await mcr_chat.say("ann", f"/hu 11223344556677z 5z {options}")
    refused = mcr_chat.one(out, "refused")
    assert (refused["reason"], refused["code"]) == ("bad_input", code)


async def test_hu_options_before_the_tiles_are_not_a_hand(mcr_chat):
    out = await mcr_chat.say("ann", "/hu self 11223344556677z 5z")
    assert mcr_chat.one(out, "refused")["code"] in ("hand_notation", "expected_setting")
