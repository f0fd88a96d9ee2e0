"""The seating of every session (CONSOLE.md, the director's tools): repeat meetings first,
then winds."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discipline.mcr.seating import plan


def meetings(sessions: list[list[list[str]]]) -> dict[frozenset, int]:
    met: dict[frozenset, int] = {}
    for session in sessions:
        for table in session:
            for pair in itertools.combinations(table, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    return met


@pytest.mark.parametrize("sessions", [1, 2, 3, 4, 5])
def test_sixteen_players_never_meet_twice_over_five_sessions(sessions):
    drawn = plan([f"p{n}" for n in range(16)], sessions)
    assert drawn.repeat_meetings == 0
    assert max(meetings(drawn.sessions).values()) == 1
    if sessions == 5:  # the affine plane: every pair meets exactly once
        assert len(meetings(drawn.sessions)) == 16 * 15 // 2


@settings(max_examples=25, deadline=None)
@given(tables=st.integers(1, 30), sessions=st.integers(1, 8), seed=st.integers(0, 5))
def test_every_player_sits_once_a_session_and_the_figures_are_true(tables, sessions, seed):
    players = [f"p{n}" for n in range(4 * tables)]
    drawn = plan(players, sessions, seed)
    assert len(drawn.sessions) == sessions
    for session in drawn.sessions:
        seated = [p for table in session for p in table]
        assert sorted(seated) == sorted(players) and all(len(t) == 4 for t in session)
    repeats = sum(1 for times in meetings(drawn.sessions).values() if times > 1)
    assert drawn.repeat_meetings == repeats
    winds = {p: [0, 0, 0, 0] for p in players}
    for session in drawn.sessions:
        for table in session:
            for wind, player in enumerate(table):
                winds[player][wind] += 1
    assert drawn.wind_balance == max(max(w) - min(w) for w in winds.values())
    assert plan(players, sessions, seed) == drawn  # the same seed, the same plan


def test_large_events_meet_nobody_twice_with_winds_nearly_even():
    drawn = plan([f"p{n}" for n in range(400)], 10)
    assert drawn.repeat_meetings == 0 and drawn.wind_balance <= 1


@pytest.mark.parametrize(("players", "sessions"), [(16, 4), (40, 8), (100, 4), (400, 8)])
def test_every_block_of_four_sessions_seats_each_player_at_each_wind_once(players, sessions):
    assert plan([f"p{n}" for n in range(players)], sessions).wind_balance == 0


def test_players_who_do_not_fill_tables_are_refused():
    with pytest.raises(ValueError):
        plan(["a", "b", "c", "d", "e"], 3)
