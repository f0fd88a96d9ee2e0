"""What a message carries, the locks it breaks and the blocklist entry it matches."""

from itertools import pairwise

from hypothesis import example, given
from hypothesis import strategies as st

from bot.discipline.locks import (
    LOCKS,
    Blocklist,
    BlocklistError,
    Carried,
    MeasureThrottle,
    host_of,
)


def test_links_and_invites_are_read_from_the_text():
    said = Carried.of("vai su https://sub.casino.com/x, t.me/+abc o discord.gg/xyz")
    assert said.breaks(["links"]) == "links"
    assert said.breaks(["invites"]) == "invites"
    assert Carried.of("t.me/joinchat/AAAA").breaks(["invites"]) == "invites"
    assert Carried.of("https://discord.com/invite/abc").breaks(["invites"]) == "invites"
    assert Carried.of("https://example.com").breaks(["invites"]) is None
    assert Carried.of("ciao a tutti. bene.grazie").breaks(["links"]) is None


def test_a_hidden_link_counts_as_a_link():
    assert Carried.of("click here", hidden=["https://evil.example.org"]).breaks(["links"])


def test_what_only_the_platform_tells():
    sticker = Carried.of("", kinds=["stickers", "nonsense"])
    assert sticker.kinds == frozenset({"stickers"})
    assert sticker.breaks(["media", "stickers"]) == "stickers"
    assert Carried.of("plain").breaks(LOCKS) is None


def test_words_match_whole_without_case_in_any_script():
    blocked = Blocklist().add("Казино", "delete").add("porco cane", "mute")
    assert blocked.match(Carried.of("Это КАЗИНО!")).written == "Казино"
    assert blocked.match(Carried.of("это казино")).written == "Казино"
    assert blocked.match(Carried.of("казиноwin")) is None
    assert blocked.match(Carried.of("Porco   CANE!")).action == "mute"
    assert blocked.match(Carried.of("porcospino cane")) is None
    assert Blocklist().add("ёлка", "delete").match(Carried.of("Елка"))  # ё read as е
    assert Blocklist().add("perché", "delete").match(Carried.of("PERCHÉ no"))


def test_domains_match_with_their_subdomains_in_links_only():
    blocked = Blocklist().add("casino.com", "warn")
    assert blocked.match(Carried.of("www.sub.Casino.com/a")).action == "warn"
    assert blocked.match(Carried.of("https://casino.com")) is not None
    assert blocked.match(Carried.of("notcasino.com")) is None
    assert host_of("HTTPS://user@WWW.Casino.com:443/x?y") == "casino.com"


def test_the_weightiest_action_wins_and_entries_are_kept_once():
    blocked = Blocklist().add("spam", "delete").add("scam", "mute").add("SPAM", "warn")
    assert [e.as_record() for e in blocked.entries] == [
        {"entry": "scam", "action": "mute"},
        {"entry": "SPAM", "action": "warn"},
    ]
    assert blocked.match(Carried.of("spam and scam")).action == "mute"
    assert Blocklist.read(blocked.records()) == blocked


def test_bad_entries_are_refused_with_their_reason():
    for written, code in (("  ", "blocklist_empty_entry"), ("x" * 101, "blocklist_entry_too_long")):
        try:
            Blocklist().add(written, "delete")
        except BlocklistError as error:
            assert error.code == code
        else:
            raise AssertionError(written)
    try:
        Blocklist().remove("poker")
    except BlocklistError as error:
        assert error.code == "blocklist_unknown_entry"


words = st.text(st.characters(categories=("Ll", "Lu")), min_size=1, max_size=12)


@given(words, st.lists(words, max_size=6), st.lists(words, max_size=6))
@example(word="ὐ", before=[], after=[])  # its capital is two code points: Υ and a breathing
def test_a_blocked_word_is_found_wherever_it_stands_and_in_any_case(word, before, after):
    text = " ".join([*before, word.upper(), *after])
    assert Blocklist().add(word, "delete").match(Carried.of(text)) is not None


@given(st.lists(st.floats(0, 1000), min_size=1, max_size=50))
def test_at_most_one_measure_per_window_whatever_the_burst(instants):
    throttle = MeasureThrottle(window=60)
    allowed = [at for at in sorted(instants) if throttle.allow(1, "bob", at)]
    assert all(later - earlier >= 60 for earlier, later in pairwise(allowed))
    assert allowed[0] == min(instants)
