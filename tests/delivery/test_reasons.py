"""The reason an action carries to the platform's own log names the moderator, and fits the
platform's limit whatever the name and the reason."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from bot.delivery.reasons import audit_reason
from bot.discipline.kinds import Mute, Readmit, Remove, Unmute

UNTIL = datetime(2026, 3, 1, tzinfo=UTC)


def test_the_moderator_is_named_before_the_reason():
    assert audit_reason(Remove("7", True, reason="spam", by="ref"), 512) == "by ref: spam"
    assert audit_reason(Unmute("7", by="ref"), 512) == "by ref"
    assert audit_reason(Mute("7", UNTIL, "flood"), 512) == "flood"  # the bot's own measure
    assert audit_reason(Readmit("7"), 512) is None


@given(
    by=st.none() | st.text(min_size=1, max_size=40),
    reason=st.none() | st.text(max_size=600),
    limit=st.integers(16, 600),
)
def test_a_reason_always_fits_and_keeps_its_moderator(by, reason, limit):
    said = audit_reason(Remove("7", False, reason=reason, by=by), limit)
    if said is None:
        assert by is None and reason is None
        return
    assert len(said) <= limit
    if by is not None:
        assert said.startswith(f"by {by}"[: limit - 1])
