"""The discipline record every chat keeps: stops for all, warnings where the rulebook warns."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.discipline.burraco.sanctions import LADDER, RULE
from bot.discipline.record import MODERATION, NO_WARNINGS, DisciplineRecord
from bot.storage.codec import dumps, loads

AT = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def test_a_chat_without_warnings_keeps_stops_and_never_warns():
    record = DisciplineRecord("ann")
    assert record.ladder is NO_WARNINGS
    stopped = record.impose_stop(AT, timedelta(hours=2), "spam")
    assert stopped.rule == MODERATION and record.stop_until(AT) == AT + timedelta(hours=2)
    with pytest.raises(LookupError):
        record.add_warning(AT, UTC, 1)


def test_the_rulebook_s_ladder_is_cited_and_never_stored():
    record = DisciplineRecord("ann", ladder=LADDER)
    *_, warned = record.add_warning(AT, UTC, 1)
    assert warned.rule == RULE and record.card is not None
    assert record.show_card(AT).rule == RULE
    body = dumps(record)
    assert "ladder" not in body
    read = loads(DisciplineRecord, body)
    assert read == record and read.ladder is NO_WARNINGS  # given again when it is read
