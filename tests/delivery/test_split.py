"""Texts cut as the platform counts them: Telegram in UTF-16 code units."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.delivery.split import split_text, utf16_length, utf16_prefix

WORDS = st.text(alphabet=st.sampled_from("ab ж\n😀𐌰"), max_size=400)


def units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


@given(WORDS, st.integers(min_value=2, max_value=60))
def test_every_part_fits_in_utf16_units_and_no_character_is_lost(text, limit):
    parts = split_text(text, limit, None, utf16_length)
    assert all(units(part) <= limit for part in parts)
    assert "".join(parts).replace(" ", "").replace("\n", "") == text.replace(" ", "").replace(
        "\n", ""
    )


@given(WORDS, st.integers(min_value=0, max_value=60))
def test_a_prefix_never_splits_a_character_nor_passes_its_room(text, room):
    prefix = utf16_prefix(text, room)
    assert text.startswith(prefix) and units(prefix) <= room
    assert prefix == text or units(text[: len(prefix) + 1]) > room


def test_names_outside_the_bmp_count_twice():
    name = "𐌰𐌱𐌲"
    assert utf16_length(name) == 6
    assert split_text(f"{name} {name}", 8, None, utf16_length) == [name, name]
    assert split_text(f"{name} {name}", 8) == [f"{name} {name}"]  # in code points: one part
