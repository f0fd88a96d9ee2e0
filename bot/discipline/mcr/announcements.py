"""What a tournament's life announces (RULES §2.1, §2.10): each event as the ruling that
records it. Pure: the tournament and the instant are passed in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.discipline.mcr.tournament import Appeal, Tournament
from bot.discipline.rulings import Ruling

STRUCTURE = "000 §1"
REFEREE = "000 2.1"


def tournament_created(tournament: Tournament, number: int, at: datetime) -> Ruling:
    fields = {"tournament": tournament.name, "id": number, "sessions": tournament.sessions}
    return Ruling("tournament_created", at, STRUCTURE, fields)


def registered(tournament: Tournament, added: Sequence[str], at: datetime) -> Ruling:
    fields = {"players": list(added), "registered": len(tournament.players)}
    return Ruling("registered", at, STRUCTURE, fields)


def session_started(
    tournament: Tournament,
    session: int,
    at: datetime,
    tables: Sequence[tuple[int, Sequence[str | None]]] = (),
) -> Ruling:
    """The session starts, with the tables the plan seats (one message for all of them;
    None in a seat left empty)."""
    fields = {
        "session": session,
        "sessions": tournament.sessions,
        "tables": [{"table": number, "seats": list(seats)} for number, seats in tables],
        "empty_seats": tournament.empty_seats(session),
    }
    return Ruling("session_started", at, STRUCTURE, fields)


def session_ended(tournament: Tournament, session: int, at: datetime) -> list[Ruling]:
    """The session's end, then a reminder for each appeal now due for review (RULES 2.10)."""
    pending = tournament.pending_appeals()
    ended = Ruling(
        "session_ended",
        at,
        STRUCTURE,
        {
            "session": session,
            "sessions": tournament.sessions,
            "pending_appeals": [a.id for a in pending],
            "tables": tournament.session_points(session),
            # tables of the session still without a score sheet: the referee's to /score
            "unscored": [
                t.number for t in tournament.tables if t.session == session and t.scores is None
            ]
            or None,
        },
    )
    return [ended, *(appeal_reminder(appeal, at) for appeal in pending)]


def appeal_reminder(appeal: Appeal, at: datetime) -> Ruling:
    fields = {
        "appeal": appeal.id,
        "ruling_appealed": appeal.ruling,
        "player": appeal.by,
        "text": appeal.text,
    }
    return Ruling("appeal_reminder", at, REFEREE, fields)


def seating(
    session: int,
    table: int,
    seats: Sequence[str],
    at: datetime,
    replacing: Mapping[str, str] | None = None,
) -> Ruling:
    """A table seated; ``replacing`` names the player each newcomer replaces (an empty
    seat filled by /seat, RULES 2.9)."""
    fields = {
        "session": session,
        "table": table,
        "seats": list(seats),
        "replacing": [{"player": p, "out": out} for p, out in (replacing or {}).items()] or None,
    }
    return Ruling("seating", at, STRUCTURE, fields)


def referee_call(player: str, note: str | None, referees: Sequence[str], at: datetime) -> Ruling:
    fields = {"player": player, "note": note or None, "referees": list(referees)}
    return Ruling("referee_call", at, REFEREE, fields)
