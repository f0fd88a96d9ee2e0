"""What a Burraco table's life announces (RULES §1.1–1.3, §1.6): each event of a match as the
ruling that records it. Pure: the match and the instant are passed in."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.discipline.burraco.match import READY_WINDOW, Match, Seat
from bot.discipline.burraco.vp import VpTable
from bot.discipline.rulings import Ruling

TABLES = "001 §1"
POINTS = "001 §2"
CLOCKS = "001 §3"
AUTO_CONFIRM_AFTER = timedelta(minutes=10)  # an unanswered reported result stands then


def table_opened(match: Match, table: VpTable, by: str, at: datetime) -> Ruling:
    return Ruling(
        "table_opened",
        at,
        TABLES,
        {
            "match": match.number,
            "table": match.number,
            "ruleset": match.ruleset,
            "format": match.format,
            "hands": match.hands,
            "official": match.official,
            "ai": match.ai,
            "final": match.final,
            "provisional_table": table.provisional,
            "provenance": table.provenance,
            "seats": match.capacity,
            "player": by,
        },
    )


def seated(match: Match, seat: Seat, at: datetime) -> Ruling:
    fields = {
        "match": match.number,
        "player": seat.player,
        "side": seat.side,
        "seated": len(match.seats),
        "seats": match.capacity,
    }
    return Ruling("seated", at, TABLES, fields)


def match_started(match: Match, at: datetime) -> Ruling:
    fields = {
        "match": match.number,
        "players": match.people,
        "hands": match.hands,
        "turn_seconds": match.turn_seconds,
    }
    return Ruling("match_started", at, TABLES, fields)


def hand_recorded(match: Match, mp_ns: int, mp_ew: int, by: str, at: datetime) -> Ruling:
    return Ruling(
        "hand_recorded",
        at,
        POINTS,
        {
            "match": match.number,
            "hand": len(match.hand_scores),
            "hands": match.hands,
            "mp_ns": mp_ns,
            "mp_ew": mp_ew,
            "difference_ns": match.difference_for("ns"),
            "player": by,
        },
    )


def awaiting_vp(match: Match, at: datetime) -> Ruling:
    """Giallo matto: the platform's Victory Points, player by player, are awaited."""
    return Ruling("awaiting_vp", at, POINTS, {"match": match.number})


def ready_window(match: Match, at: datetime) -> Ruling:
    fields = {
        "match": match.number,
        "players": match.people,
        "seconds": int(READY_WINDOW.total_seconds()),
        "closes_at": match.ready_deadline,
    }
    return Ruling("ready_window", at, CLOCKS, fields)


def ready(match: Match, player: str, everyone: bool, at: datetime) -> Ruling:
    fields = {
        "match": match.number,
        "player": player,
        "waiting_for": match.not_ready(),
        "all_ready": everyone,
    }
    return Ruling("ready", at, CLOCKS, fields)


def next_hand(match: Match, at: datetime) -> Ruling:
    fields = {"match": match.number, "hand": len(match.hand_scores) + 1, "hands": match.hands}
    return Ruling("next_hand", at, CLOCKS, fields)


def result_reported(match: Match, by: str, vp: dict[str, int], at: datetime) -> Ruling:
    fields = {
        "match": match.number,
        "player": by,
        "vp": vp,
        "confirm_within_minutes": int(AUTO_CONFIRM_AFTER / timedelta(minutes=1)),
    }
    return Ruling("result_reported", at, POINTS, fields)


def result_pending(match: Match, amends: int, at: datetime) -> Ruling:
    """A confirmation undone: the report awaits confirmation again, for a new window from
    ``at`` (CONSOLE.md, fourth edition); a disputed one awaits a moderator, without one."""
    assert match.pending is not None
    pending = match.pending
    fields = {
        "match": match.number,
        "player": pending.reported_by,
        "vp": dict(pending.vp),
        "confirm_by": None if pending.disputed else at + AUTO_CONFIRM_AFTER,
        "disputed": pending.disputed,
        "amends": amends,
    }
    return Ruling("result_pending", at, POINTS, fields)


def turn_expired(match: Match, player: str, at: datetime) -> Ruling:
    fields = {
        "match": match.number,
        "player": player,
        "in_a_row": match.expired_runs[player],
        "turn_seconds": match.turn_seconds,
    }
    return Ruling("turn_expired", at, CLOCKS, fields)


def turn_played(match: Match, player: str, at: datetime) -> Ruling:
    return Ruling("turn_played", at, CLOCKS, {"match": match.number, "player": player})


def tables(matches: list[Match], at: datetime) -> Ruling:
    """The open and running tables, as /tables lists them."""
    return Ruling("tables", at, "", {"tables": [match.summary() for match in matches]})
