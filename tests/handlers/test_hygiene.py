"""What people type is made inert before it is read or stored: no NUL (PostgreSQL refuses
it), no direction overrides, no invisible characters in names."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.handlers.hygiene import BIDI, INVISIBLE, clean_name, clean_text

RLO, ZWSP, ZWJ, NUL = "\u202e", "\u200b", "\u200d", "\x00"


def test_text_keeps_lines_and_emoji_joiners_but_no_controls_or_overrides():
    assert clean_text(f"spam{NUL} in chat{RLO}txt.exe") == "spam in chattxt.exe"
    assert clean_text("line one\nline two\tend") == "line one\nline two\tend"
    family = f"👨{ZWJ}👩{ZWJ}👧"
    assert clean_text(f"a{ZWSP}b {family}") == f"ab {family}"


def test_a_name_is_one_line_of_visible_characters():
    assert clean_name(f"al{ZWSP}ice") == "alice"
    assert clean_name(f"{RLO}gnp.exe") == "gnp.exe"
    assert clean_name(f"  Anna\n{NUL}Rossi ") == "Anna Rossi"
    assert clean_name(f"ev{ZWJ}e") == "eve"
    assert clean_name("Мария Петрова") == "Мария Петрова"


@given(st.text())
def test_nothing_invisible_survives(text):
    for cleaned in (clean_text(text), clean_name(text)):
        assert NUL not in cleaned
        assert not (set(cleaned) & (BIDI | INVISIBLE))
    assert "\n" not in clean_name(text)
    assert clean_text(clean_text(text)) == clean_text(text)  # cleaning twice changes nothing


async def test_nul_and_overrides_in_names_and_reasons_are_stored_inert(chat):
    """On PostgreSQL a NUL in a name or reason used to make every later message of its
    author fail; on both databases the name is stored without it."""
    sly = f"ev{NUL}e{RLO}"
    await chat.say(sly, "hello")
    out = await chat.say("mod", f"/stop @ev{NUL}e 2h spam{NUL} and {RLO}more")
    stop = chat.one(out, "stop")
    assert stop["reason"] == "spam and more"
    again = await chat.say(sly, "/card")  # he goes on speaking: no failure
    assert chat.one(again, "card_status")["player"] == stop["player"]
    assert all(NUL not in o.text and RLO not in o.text for o in chat.sent)
