"""A rulebook is one port: a chess club's ladder, declared and installed from the tests alone,
plays in a chat beside the Burraco club and the MCR tournament, in three languages."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from bot.i18n import SUPPORTED
from bot.ports import rulebooks
from tests.conftest import Chat

BOT = Path(__file__).resolve().parents[2] / "bot"


async def chess_chat(app, **settings) -> Chat:
    return await Chat(app, rulebook="chess", **settings).setup()


async def test_games_make_the_standings_and_the_profiles(chess_app):
    chat = await chess_chat(chess_app)
    [recorded] = await chat.say("anna", "/game @anna @boris 1-0")
    assert recorded.ruling["type"] == "game" and recorded.kind == "notice"
    assert recorded.text.endswith("Game recorded: anna, boris, White won.")
    await chat.say("mod", "/game @boris @carla draw")
    [shown] = await chat.say("boris", "/standings")
    rows = [(r["player"], float(r["points"]), r["games"]) for r in shown.ruling["rows"]]
    # a half point each for the draw; carla, with fewer games, above boris
    assert rows == [("anna", 1.0, 1), ("carla", 0.5, 1), ("boris", 0.5, 2)]
    assert shown.text.splitlines() == [
        "Chess club standings:",
        "1. anna — 1 point, 1 game",
        "2. carla — 0.5 points, 1 game",
        "3. boris — 0.5 points, 2 games",
    ]
    [profile] = await chat.say("boris", "/profile")
    assert profile.text.startswith("boris: 0.5 points from 2 games.")


async def test_an_undone_game_counts_no_more(chess_app):
    chat = await chess_chat(chess_app)
    await chat.say("anna", "/game @anna @boris 1-0")
    [mistaken] = await chat.say("mod", "/game @anna @boris 0-1")
    [undone, *_] = await chat.say("mod", f"/undo {mistaken.ruling['id']} the other way round")
    assert undone.ruling["type"] == "undone" and undone.ruling["decision"] == "game"
    [shown] = await chat.say("anna", "/standings")
    assert [(r["player"], float(r["points"])) for r in shown.ruling["rows"]] == [
        ("anna", 1.0),
        ("boris", 0.0),
    ]


async def test_its_rules_are_checked_and_explained(chess_app):
    chat = await chess_chat(chess_app)
    [same] = await chat.say("anna", "/game @anna @anna draw")
    assert same.ruling["code"] == "same_player" and "against himself" in same.text
    [stranger] = await chat.say("dora", "/game @anna @boris 1-0")
    assert stranger.ruling["code"] == "not_moderator"
    [bad] = await chat.say("anna", "/game @anna @boris 2-0")
    assert bad.ruling["code"] == "expected_choice" and "1-0" in bad.text


async def test_the_other_rulebooks_commands_are_not_offered(chess_app):
    chat = await chess_chat(chess_app)
    for command in ("/tables", "/tournament Open 3", "/correct 1 vp 12 8"):
        [refused] = await chat.say("mod", command)
        assert refused.ruling["code"] == "wrong_rulebook", command
        assert refused.text.endswith("this chat plays Chess."), refused.text
    [listed] = await chat.say("mod", "/help")
    assert listed.text.startswith("Commands (Chess):")
    offered = set(listed.ruling["commands"])
    assert {"game", "standings", "profile", "warn"} <= offered
    assert not offered & {"sit", "correct", "tournament", "score", "abandon"}
    burraco = await Chat(chess_app, chat="club").setup()
    [refused] = await burraco.say("mod", "/game @anna @boris 1-0")
    assert refused.ruling["code"] == "wrong_rulebook" and "plays Burraco" in refused.text


async def test_it_speaks_italian_and_russian(chess_app):
    chat = await chess_chat(chess_app, lang="it")
    [it] = await chat.say("anna", "/game @anna @boris draw")
    assert it.text.endswith("Partita registrata: anna, boris, patta.")
    [table] = await chat.say("anna", "/standings")
    assert table.text.splitlines()[:2] == [
        "Classifica del circolo di scacchi:",
        "1. anna — 0,5 punti, 1 partita",
    ]
    [help_] = await chat.say("anna", "/help")
    assert help_.text.startswith("Comandi (scacchi):")
    await chat.say("boris", "/lang ru")
    [table] = await chat.say("boris", "/standings")
    assert "1. anna — очки: 0,5, партии: 1" in table.text
    [refused] = await chat.say("boris", "/sit 1")
    assert refused.text.endswith("в этом чате действуют правила «шахматы».")


async def test_a_new_chat_takes_its_time_zone_and_settings_name_it(chess_app):
    await chess_app.layer.configure(
        "console", "moscow", {"rulebook": "chess", "lang": "ru", "admins": ["mod"]}
    )
    chat = Chat(chess_app, chat="moscow")
    [shown] = await chat.say("mod", "/settings")
    assert shown.ruling["tz"] == "Europe/Moscow"
    assert "Правила: шахматы" in shown.text
    club = await Chat(chess_app, chat="club").setup()
    [switched] = await club.say("mod", "/settings rulebook=chess")
    assert switched.ruling["rulebook"] == "chess"


async def test_a_withdrawn_rulebook_is_no_longer_offered(app, chess):
    chat = await Chat(app).setup()
    [listed] = await chat.say("mod", "/settings rulebook=go")
    assert "chess" in listed.text  # while installed, one of the choices
    rulebooks.withdraw("chess")
    try:
        [refused] = await chat.say("mod", "/settings rulebook=chess")
        assert refused.ruling["code"] == "expected_choice"
        assert "chess" not in refused.ruling["options"]
    finally:
        rulebooks.register(chess)


def test_its_messages_parse_in_every_language(chess):
    from fluent.syntax import ast as fluent
    from fluent.syntax import parse

    for lang in SUPPORTED:
        text = (chess.locales / lang / "chess.ftl").read_text(encoding="utf-8")
        junk = [entry.content for entry in parse(text).body if isinstance(entry, fluent.Junk)]
        assert junk == [], lang


def test_nothing_under_bot_names_it():
    """The proof that it touches no other file: bot/ (code and messages) never names it."""
    named = [
        path.relative_to(BOT)
        for path in BOT.rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".ftl", ".html", ".js", ".toml")
        and re.search(r"chess|scacchi|шахмат", path.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert named == []


async def test_its_own_timer_fires_through_the_scheduler(chess_app):
    """A rulebook declares its timers (``Rulebook.timers``): the scheduler fires them by
    kind, with nothing under ``bot/`` knowing the kind."""
    chat = await chess_chat(chess_app)
    [issued] = await chat.say("anna", "/challenge @boris")
    assert issued.text.endswith("anna, boris: a challenge; it lapses in a day unless they play.")
    [other] = await chat.say("carla", "/challenge @dora")
    await chat.say("carla", "/game @carla @dora draw")  # played: that one does not lapse
    assert await chat.advance(timedelta(hours=23)) == []
    fired = await chat.advance(timedelta(hours=2))
    assert [(o.ruling["type"], o.ruling["amends"]) for o in fired] == [
        ("challenge_lapsed", issued.ruling["id"])
    ]
    assert fired[0].text.endswith("anna, boris: the challenge has lapsed.")
    assert "challenge_lapse" not in (BOT / "scheduler" / "timers.py").read_text()
    assert other.ruling["id"] != issued.ruling["id"]
