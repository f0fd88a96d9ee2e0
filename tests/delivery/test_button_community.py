"""A command's button sent to a private chat names the community it belongs to, within
Telegram's 64 bytes; a press there decodes to it, and data the bot never made decodes to
nothing. A report's button gives the report it acts on."""

from __future__ import annotations

from bot.delivery.actions import DATA_LIMIT, decode, in_community, report_of
from bot.delivery.ports import Button


def test_a_command_s_button_names_its_community_and_a_press_reads_it():
    named = in_community(Button("42", "answer:AAAAAAAAAAAAAAAA"), 7)
    assert named.data == "answer:AAAAAAAAAAAAAAAA#7"
    press = decode(named.data)
    assert press is not None
    assert (press.command, press.community) == ("/pass AAAAAAAAAAAAAAAA", 7)
    owned = decode(in_community(Button("card", "leave@11"), 3).data)
    assert owned is not None and (owned.owner, owned.community) == ("11", 3)


def test_pages_links_and_data_past_the_limit_name_no_community():
    page = Button("▶", "page:AAAAAAAAAAAAAAAA:2")
    assert in_community(page, 7) == page
    link = Button("web", "", url="https://arbitro.example")
    assert in_community(link, 7) == link
    long = Button("card", "leave@" + "a" * 40)
    assert len(f"{long.data}#123456789".encode()) > DATA_LIMIT - 10
    assert in_community(long, 123456789).data in (long.data, f"{long.data}#123456789")
    assert len(in_community(long, 123456789).data.encode()) <= DATA_LIMIT


def test_forged_community_data_is_no_press():
    for forged in ("sit:1#", "sit:1#0", "sit:1#x", "sit:1#-5", "page:AAAAAAAAAAAAAAAA:2#7",
                   "approve:AAAAAAAAAAAAAAAA#7", "sit:1#7#8", "sit:1#7@11"):  # fmt: skip
        assert decode(forged) is None, forged


def test_a_report_s_button_gives_its_report():
    assert report_of("report_ban:15") == 15
    assert report_of("dismiss:3#7") == 3
    assert report_of("sit:1") is None
    assert report_of("report_ban:x") is None
