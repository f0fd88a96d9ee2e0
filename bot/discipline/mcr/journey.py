"""A player's tournament, session by session, as he looks it up on his phone: where he sits now
(or next), and each session's table, wind, opponents, score and table points."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.discipline.mcr.tournament import Tournament

WINDS = ("e", "s", "w", "n")


@dataclass(frozen=True)
class Stage:
    session: int
    table: int
    wind: str  # e, s, w, n
    opponents: tuple[str, ...]
    state: str  # "played", "playing" (the session runs) or "planned"
    score: int | None = None  # once the table's sheet is in
    tp: Fraction | None = None


def journey(tournament: Tournament, player: str) -> list[Stage]:
    """Every session the player sat or will sit, in order: a played or running session's
    table as seated (a substitute in his seat shows him there no more), a later one's as
    planned, with who will really sit there (a substitute for the rest of the tournament in
    the seat of the player he replaces; a disqualified player nowhere)."""
    stages = []
    for session in range(1, tournament.sessions + 1):
        table = tournament.table_of(player, session)
        if table is not None:
            seats = table.seats
            running = session == tournament.current and tournament.session_open
            tp = tournament.table_tp(table)
            stages.append(
                Stage(
                    session,
                    table.number,
                    WINDS[seats.index(player)],
                    tuple(p for p in seats if p != player),
                    "playing" if running else "played",
                    None if table.scores is None else tournament.session_score(player, session),
                    None if tp is None else tp.get(player),
                )
            )
            continue
        if session <= tournament.current:
            continue  # not seated that session (replaced, disqualified, a substitute's rest)
        for number, holders in enumerate(tournament.planned_seats(session), 1):
            if player in holders:
                others = tuple(p for p in holders if p is not None and p != player)
                wind = WINDS[holders.index(player)]
                stages.append(Stage(session, number, wind, others, "planned"))
    return stages
