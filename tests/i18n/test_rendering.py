"""Rulings as the reader reads them: CLDR plurals, decimals, dates, no placeholders left."""

import io
import json
import re
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.console.replay import replay
from bot.discipline.rulings import Ruling
from bot.handlers._core import LOGGED_RIGHTS
from bot.handlers.grammar import canonical
from bot.i18n import Translator
from bot.i18n.render import Renderer

RENDER = Renderer(Translator())
ROME = ZoneInfo("Europe/Rome")
AT = datetime(2026, 3, 5, 18, 10, tzinfo=UTC)
PUBLIC = sorted((Path(__file__).resolve().parents[3] / "shared" / "cases").glob("*.txt"))
BIDI = re.compile("[\u2066-\u2069\u200e\u200f]")


def text(kind: str, lang: str, **fields) -> str:
    return RENDER.text(Ruling(kind, AT, "000 2.2", fields), lang, {}, ROME)


RU_MINUTES = {  # "Опоздание — b: 21 минута" (a noun phrase: the name never declines)
    0: "0 минут",
    1: "1 минута",
    2: "2 минуты",
    5: "5 минут",
    11: "11 минут",
    21: "21 минута",
    22: "22 минуты",
    25: "25 минут",
    101: "101 минута",
}


@pytest.mark.parametrize(("minutes", "words"), RU_MINUTES.items())
def test_russian_minutes_in_a_lateness_ruling(minutes, words):
    rendered = text("lateness", "ru", player="b", minutes=minutes, points=10, disqualified=False)
    assert f"Опоздание — b: {words}." in rendered
    assert "Штраф 10 очков" in rendered


RU_POINTS = {
    0: "0 очков",
    1: "1 очко",
    2: "2 очка",
    5: "5 очков",
    11: "11 очков",
    21: "21 очко",
    22: "22 очка",
    25: "25 очков",
    101: "101 очко",
    Fraction(7, 2): "3,5 очка",
    Fraction(7, 3): "2,33 очка",
}


def standings_row(lang: str, tally: str, player: str, points, matches: int, average) -> str:
    return RENDER.text(
        Ruling(
            "standings",
            AT,
            "001 §2",
            {
                "rulebook": "burraco",
                "tally": tally,
                "rows": [
                    {"player": player, "points": points, "matches": matches, "average": average}
                ],
            },
        ),
        lang,
        {},
        ROME,
    )


@pytest.mark.parametrize(("points", "words"), RU_POINTS.items(), ids=str)
def test_russian_points_in_the_standings(points, words):
    rendered = standings_row("ru", "profile", "ann", points, 21, Fraction(7, 3))
    assert f"ann — {words}, 21 партия, среднее 2,33" in rendered


IT_POINTS = {
    0: "0 punti",
    1: "1 punto",
    2: "2 punti",
    5: "5 punti",
    11: "11 punti",
    21: "21 punti",
    22: "22 punti",
    25: "25 punti",
    101: "101 punti",
    Fraction(7, 2): "3,5 punti",
    Fraction(7, 3): "2,33 punti",
}


@pytest.mark.parametrize(("points", "words"), IT_POINTS.items(), ids=str)
def test_italian_points_in_the_standings(points, words):
    rendered = standings_row("it", "official", "ada", points, 1, 7)
    assert "Classifica — partite ufficiali" in rendered
    assert f"ada — {words}, 1 partita, media 7" in rendered


@pytest.mark.parametrize(
    ("balls", "words"),
    [
        (1, "1 жёлтый кружок"),
        (2, "2 жёлтых кружка"),
        (5, "5 жёлтых кружков"),
        (21, "21 жёлтый кружок"),
        (22, "22 жёлтых кружка"),
        (11, "11 жёлтых кружков"),
    ],
)
def test_russian_balls_on_the_card(balls, words):
    rendered = text("card_shown", "ru", player="zoe", balls=balls, remaining_seconds=780)
    assert words in rendered and "13:00" in rendered


def test_a_disqualification_explains_itself_in_italian():
    rendered = RENDER.text(
        Ruling(
            "warning",
            AT,
            "001 §5",
            {
                "player": "alice",
                "n": 5,
                "d": 1,
                "measure": "disqualification",
                "reasons": ["disqualification"],
                "stop_until": datetime(2026, 3, 6, 17, 10, tzinfo=UTC),
                "card_minutes": None,
                "cautioned_today": False,
            },
        ),
        "it",
        {},
        ROME,
    )
    assert "SQUALIFICA" in rendered and "5ª ammonizione dell'anno" in rendered
    # local time, the weekday named so that no article needs eliding ("fino all'11")
    assert "fermo di 24 ore, fino a venerdì 6 marzo 2026, 18:10" in rendered
    assert "[Regolamento del club, par. 5]" in rendered  # its name, not its file


def test_abandoner_fractional_points_in_each_language():
    fields = {
        "match": 1,
        "player": "alice",
        "vp": 7,
        "points": Fraction(21, 4),
        "null_for": ["bob"],
        "warning": True,
        "cause": "reported",
        "official": False,
    }
    assert "5,25 punti in classifica" in text("abandonment", "it", **fields)
    assert "5,25 рейтингового очка" in text("abandonment", "ru", **fields)
    assert "5.25 ranking points" in text("abandonment", "en", **fields)


@pytest.mark.parametrize("lang", ["it", "ru", "en"])
@pytest.mark.parametrize("case", PUBLIC, ids=lambda p: p.name)
async def test_public_cases_read_cleanly_in_each_language(case, lang, tmp_path):
    script = tmp_path / case.name
    script.write_text(case.read_text().replace("lang=en", f"lang={lang}"))
    out = io.StringIO()
    await replay(script, as_json=True, out=out)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert events
    for event in events:
        body = event["text"]
        assert event["lang"] == lang
        assert not re.search(r"\{ ?\$|ruling-|refused-|command-|\b[a-z]+_[a-z_]+\b", body), body
        assert not BIDI.search(body)


PROPOSAL_MINUTES = {
    "ru": {
        1: "в течение 1 минуты",
        2: "в течение 2 минут",
        5: "в течение 5 минут",
        10: "в течение 10 минут",
        11: "в течение 11 минут",
        21: "в течение 21 минуты",
    },
    "it": {1: "entro 1 minuto", 2: "entro 2 minuti", 10: "entro 10 minuti", 21: "entro 21 minuti"},
    "en": {
        1: "within 1 minute",
        2: "within 2 minutes",
        10: "within 10 minutes",
        21: "within 21 minutes",
    },
}


@pytest.mark.parametrize(
    ("lang", "minutes", "words"),
    [
        (lang, minutes, words)
        for lang, cases in PROPOSAL_MINUTES.items()
        for minutes, words in cases.items()
    ],
)
def test_a_proposed_stop_gives_its_lapse_in_each_language(lang, minutes, words):
    rendered = RENDER.text(
        Ruling(
            "proposal",
            AT,
            "",
            {
                "proposal": 3,
                "command": "stop",
                "player": "mod",
                "minutes": minutes,
                "expires_at": AT,
                "preview": "PREVIEW",
            },
        ),
        lang,
        {"mod": "Mara"},
        ROME,
    )
    assert words in rendered
    assert rendered.startswith("Mara ") and rendered.endswith("\nPREVIEW")
    assert "{" not in rendered and not BIDI.search(rendered)


@pytest.mark.parametrize("lang", ["it", "ru", "en"])
def test_a_cancelled_proposal_names_both_moderators(lang):
    rendered = RENDER.text(
        Ruling("proposal_cancelled", AT, "", {"proposal": 3, "player": "ref", "proposer": "mod"}),
        lang,
        {"mod": "Mara", "ref": "Rino"},
        ROME,
    )
    assert "Rino" in rendered and "Mara" in rendered and "{" not in rendered


@pytest.mark.parametrize(
    ("seconds", "lang", "said"),
    [
        (5400, "en", "1 hour 30 minutes"),
        (129600, "it", "1 giorno e 12 ore"),
        (4860, "it", "1 ora e 21 minuti"),
        (93780, "it", "1 giorno, 2 ore e 3 minuti"),
        (93780, "en", "1 day 2 hours 3 minutes"),
        (4860, "ru", "1 ч 21 мин"),
        (7200, "ru", "2 ч"),
        (3 * 86400, "ru", "3 дня"),
        (21 * 86400, "ru", "21 день"),
        (366 * 86400, "ru", "366 дней"),
        (59, "en", "1 minute"),
    ],
)
def test_durations_are_said_as_people_say_them(seconds, lang, said):
    from bot.i18n import Translator
    from bot.i18n.render import Renderer

    assert Renderer(Translator()).duration(seconds, lang) == said


def test_a_usage_in_the_readers_words():
    from bot.i18n import Translator
    from bot.i18n.render import Renderer

    renderer = Renderer(Translator(strict=True))
    assert renderer.usage("it", "/stop @user <duration> <reason>") == (
        "/stop @giocatore <durata> <motivo>"
    )
    assert renderer.usage("ru", "/sit <T> [ns|ew]") == "/sit <стол> [сю|вз]"
    assert renderer.usage("en", "/sit <T> [ns|ew]") == "/sit <table> [ns|ew]"
    assert renderer.word("it", "pairs") == "coppie"


def test_equal_players_share_their_place_in_the_standings_text():
    rows = [
        {"player": "a", "tp": Fraction(7, 3), "score": 20, "disqualified": False},
        {"player": "b", "tp": Fraction(7, 3), "score": 20, "disqualified": False},
        {"player": "c", "tp": 1, "score": 20, "disqualified": False},
    ]
    rendered = RENDER.text(
        Ruling("standings", AT, "000 §4", {"rulebook": "mcr", "tournament": "Cup", "rows": rows}),
        "en",
        {},
        ROME,
    )
    assert [line.split(" ")[0] for line in rendered.splitlines()[1:]] == ["1.", "1.", "3."]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "lacks the right to ban members"),
        ("it", "manca il permesso di bandire i membri"),
        ("ru", "нет права банить участников"),
    ],
)
def test_a_right_the_platform_refused_is_said_in_words_in_the_log(lang, said):
    entries = [
        {"ruling": 1, "at": AT, "actor": "bot", "action": "mute_failed", "target": "bob"},
        {"ruling": None, "at": AT, "actor": "bot", "action": "missing_right", "target": None},
    ]
    entries[0]["reason"], entries[1]["reason"] = "ban", "ban"
    shown = RENDER.text(Ruling("log", AT, "", {"entries": entries}), lang, {}, ROME)
    assert shown.count(said.split()[-1]) == 2 and said in shown
    assert "_" not in shown and "missing" not in shown


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
@pytest.mark.parametrize("right", LOGGED_RIGHTS)
def test_every_right_a_refusal_names_is_said_in_words(lang, right):
    entry = {"ruling": None, "at": AT, "actor": "bot", "action": "missing_right", "target": None}
    shown = RENDER.text(
        Ruling("log", AT, "", {"entries": [entry | {"reason": right}]}), lang, {}, ROME
    )
    words = RENDER.translator.format(lang, "right-" + right.replace("_", "-"))
    assert words in shown and "right:" not in shown and "_" not in shown, shown


def test_a_false_hus_hand_is_said_in_the_feminine_in_italian():
    """ "mano: serve scoperta o coperta", the masculine still read as typed."""
    assert RENDER.usage("it", "/falsehu @user <variant> [exposed|concealed]").endswith(
        "[scoperta|coperta]"
    )
    assert [canonical(w) for w in ("scoperto", "coperta")] == ["exposed", "concealed"]


@pytest.mark.parametrize(
    ("arg", "code", "said"),
    [
        ("flowers", "bad_flowers", 'fiori (flowers=): da 0 a 8, non "9".'),
        ("seat", "bad_wind", 'vento del posto (seat=): E, S, W o N, non "9".'),
        ("round", "bad_wind", 'vento prevalente (round=): E, S, W o N, non "9".'),
    ],
)
def test_an_option_of_a_hand_is_named_in_italian(arg, code, said):
    fields = {"reason": "bad_input", "code": code, "command": "hu", "arg": arg, "got": "9"}
    assert RENDER.text(Ruling("refused", AT, "", fields), "it", {}, ROME) == said
