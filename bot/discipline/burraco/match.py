"""A Burraco table and its match: seats, hands, results, readiness, abandonment (RULES §1.1–1.7)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from bot.discipline.burraco.points import (
    abandoner_outcome,
    check_hands,
    check_vp,
    check_vp_pair,
    ranking_points,
)
from bot.discipline.burraco.vp import VpTable
from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.rulings import Ruling

NS, EW = "ns", "ew"
SIDES = (NS, EW)
SEATS_PER_SIDE = {"1v1": 1, "pairs": 2, "4in2": 1, "giallo": 2}
FORMATS = tuple(SEATS_PER_SIDE)
GIALLO = "giallo"
TURN_SECONDS = {"4in2": 60}
DEFAULT_TURN_SECONDS = 45
EXPIRED_TURNS_FOR_ABANDONMENT = 2
READY_WINDOW = timedelta(seconds=120)
NEXT_HAND_DELAY = timedelta(seconds=5)

OPEN, AWAITING, FINISHED, NULL = "open", "awaiting_confirmation", "finished", "null"
CLOSED = "closed"  # closed before any hand was played
UNFINISHED = "unfinished"  # closed by the clock after hands were recorded: kept, no result
VOID = "void"  # voided by a moderator: as if never played


@dataclass
class PendingResult:
    vp: dict[str, int]
    reported_by: str
    at: datetime
    disputed: bool = False
    dispute_reason: str | None = None


@dataclass
class Seat:
    player: str
    side: str


@dataclass
class Match:
    """One table, numbered in its chat; the match played at it has the same number."""

    number: int
    table: VpTable
    format: str
    official: bool
    ai: bool
    final: bool
    opened_by: str
    opened_at: datetime
    seats: list[Seat] = field(default_factory=list)
    hand_scores: list[tuple[int, int]] = field(default_factory=list)
    status: str = OPEN
    abandoners: list[str] = field(default_factory=list)
    expired_runs: dict[str, int] = field(default_factory=dict)
    ready: list[str] = field(default_factory=list)
    ready_deadline: datetime | None = None
    pending: PendingResult | None = None
    result_vp: dict[str, int] | None = None
    voided_from: str | None = None  # its state when voided, for an undo of the void
    voided_seats: list[Seat] = field(default_factory=list)
    last_hand_at: datetime | None = None  # a table with no hand for a while expires
    resumed_at: datetime | None = None  # brought back by an undo: its clock starts again
    closed_seats: list[Seat] = field(default_factory=list)  # who sat when the clock closed it

    @classmethod
    def open(
        cls,
        number: int,
        table: VpTable,
        fmt: str,
        *,
        official: bool,
        ai: bool,
        final: bool,
        by: str,
        at: datetime,
    ) -> Match:
        if fmt not in FORMATS:
            raise InvalidArgument("unknown_format", format=fmt, allowed=FORMATS)
        check_hands(table.hands)
        if final and fmt != GIALLO:
            raise InvalidArgument("final_only_giallo", format=fmt)
        if fmt == GIALLO and table.hands != (4 if final else 3):
            raise InvalidArgument("giallo_hands", hands=table.hands, expected=4 if final else 3)
        return cls(number, table, fmt, official, ai, final, by, at)

    # ---- reading -------------------------------------------------------------------------
    @property
    def ruleset(self) -> str:
        return self.table.ruleset

    @property
    def hands(self) -> int:
        return self.table.hands

    @property
    def capacity(self) -> int:
        return 2 * SEATS_PER_SIDE[self.format]

    @property
    def people(self) -> list[str]:
        return [seat.player for seat in self.seats]

    @property
    def is_full(self) -> bool:
        return len(self.seats) == self.capacity

    @property
    def started(self) -> bool:
        return self.is_full or (self.ai and bool(self.seats))

    @property
    def turn_seconds(self) -> int:
        return TURN_SECONDS.get(self.format, DEFAULT_TURN_SECONDS)

    def side_of(self, player: str) -> str | None:
        return next((s.side for s in self.seats if s.player == player), None)

    def side_players(self, side: str) -> list[str]:
        return [s.player for s in self.seats if s.side == side]

    def against_people(self, player: str) -> bool:
        """Whether anyone else at the table is a person (RULES §1.7: warnings only then)."""
        return any(p != player for p in self.people)

    def difference_for(self, side: str) -> int | None:
        """Current MP difference for ``side`` (None before the first hand is finished)."""
        if not self.hand_scores or self.format == GIALLO:
            return None
        ns = sum(h[0] for h in self.hand_scores)
        ew = sum(h[1] for h in self.hand_scores)
        return ns - ew if side == NS else ew - ns

    # ---- seats ---------------------------------------------------------------------------
    def sit(self, player: str, side: str | None) -> Seat:
        self._require_open()
        if player in self.people:
            raise RuleViolation("already_seated", reason="already_seated", table=self.number)
        if self.hand_scores:
            raise RuleViolation("match_in_progress", reason="match_started", table=self.number)
        if self.is_full:
            raise RuleViolation("table_full", reason="seat_taken", table=self.number)
        if side is None:
            counts = {s: len(self.side_players(s)) for s in SIDES}
            side = NS if counts[NS] <= counts[EW] else EW
        if side not in SIDES:
            raise InvalidArgument("unknown_side", side=side, allowed=SIDES)
        if len(self.side_players(side)) >= SEATS_PER_SIDE[self.format]:
            raise RuleViolation("side_full", reason="seat_taken", table=self.number, side=side)
        seat = Seat(player, side)
        self.seats.append(seat)
        return seat

    def stand(self, player: str, at: datetime) -> Ruling:
        """Leave one's seat before the first hand (CONSOLE.md, additions)."""
        self._require_open()
        if player not in self.people:
            raise RuleViolation("not_seated", reason="not_seated", table=self.number)
        if self.hand_scores:
            raise RuleViolation("match_in_progress", reason="match_started", table=self.number)
        self.seats = [seat for seat in self.seats if seat.player != player]
        self.ready = [p for p in self.ready if p != player]
        return Ruling("stood", at, "001 §1", {"match": self.number, "player": player})

    def close(self, by: str, reason: str | None, at: datetime) -> Ruling:
        """A table where no hand was recorded is closed: nobody scores, nobody is warned."""
        self._require_open()
        if self.hand_scores:
            raise RuleViolation("match_in_progress", reason="match_started", table=self.number)
        self.status = CLOSED
        self.seats = []
        fields = {
            "table": self.number,
            "match": self.number,
            "player": by,
            "reason": reason,
            "ttl_seconds": None,
        }
        return Ruling("table_closed", at, "001 §1", fields)

    def expires_at(self, ttl: timedelta) -> datetime:
        """When a table left without a hand recorded closes by itself: ``ttl`` after the
        latest of its opening, its last hand and its return by an undo (CONSOLE.md, third
        and fourth editions)."""
        moments = (self.opened_at, self.last_hand_at, self.resumed_at)
        return max(moment for moment in moments if moment is not None) + ttl

    def expire(self, at: datetime, ttl: timedelta) -> Ruling | None:
        """Closed for having been left, nobody warned: without a hand the match counts as
        not played; with hands it is unfinished, its hands kept (never "not played"). A
        table awaiting a result is never closed. None when not open or not due yet."""
        if self.status != OPEN or at < self.expires_at(ttl):
            return None
        played = len(self.hand_scores)
        self.status = UNFINISHED if played else CLOSED
        self.closed_seats = self.seats
        self.seats, self.ready, self.ready_deadline = [], [], None
        fields = {
            "table": self.number,
            "match": self.number,
            "player": None,
            "reason": "unfinished" if played else "expired",
            "ttl_seconds": int(ttl.total_seconds()),
            "played": played,
            "hands": self.hands,
        }
        return Ruling("table_closed", at, "001 §1", fields)

    def reopen(self, at: datetime) -> None:
        """A table the clock closed, brought back by an undo: open again with its seats, its
        hands and a full ``table_ttl`` from ``at``."""
        if self.status not in (CLOSED, UNFINISHED):
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        self.status, self.seats, self.closed_seats = OPEN, self.closed_seats, []
        self.resumed_at = at

    def summary(self) -> dict:
        """The table as /tables lists it."""
        return {
            "table": self.number,
            "format": self.format,
            "ruleset": self.ruleset,
            "hands": self.hands,
            "played": len(self.hand_scores),
            "seats": {side: self.side_players(side) for side in SIDES},
        }

    # ---- hands and results ---------------------------------------------------------------
    def record_hand(self, mp_ns: int, mp_ew: int, at: datetime) -> bool:
        """Record one hand's match points; True when it was the match's last hand."""
        self._require_playing()
        if len(self.hand_scores) >= self.hands:
            raise RuleViolation(
                "all_hands_recorded",
                reason="all_hands_recorded",
                table=self.number,
                hands=self.hands,
            )
        self.hand_scores.append((mp_ns, mp_ew))
        self.last_hand_at = at
        # RULES 1.6, Decision: the end of a hand does not break a run of expired turns
        self.ready = []
        last = len(self.hand_scores) == self.hands
        self.ready_deadline = None if last else at.astimezone(UTC) + READY_WINDOW
        return last

    def vp_from_hands(self) -> dict[str, int]:
        if self.format == GIALLO:
            raise RuleViolation("giallo_needs_vp", reason="bad_input", table=self.number)
        difference = self.difference_for(NS) or 0
        vp_ns, vp_ew = self.table.convert(difference)
        return self._vp_by_player(vp_ns, vp_ew)

    def vp_from_sides(self, vp_ns: int, vp_ew: int, *, playing: bool = True) -> dict[str, int]:
        """Each player's VP from his side's (``playing``: the match must still be on)."""
        if playing:
            self._require_playing()
        if self.format == GIALLO:
            raise RuleViolation("giallo_needs_vp", reason="bad_input", table=self.number)
        check_vp_pair(vp_ns, vp_ew)
        return self._vp_by_player(vp_ns, vp_ew)

    def vp_from_players(self, vp: dict[str, int], *, playing: bool = True) -> dict[str, int]:
        """Giallo matto: each player's VP as the platform shows them (RULES §1.2, Decision)."""
        if playing:
            self._require_playing()
        if self.format != GIALLO:
            raise RuleViolation("vp_by_player_only_giallo", reason="bad_input", table=self.number)
        for value in vp.values():
            check_vp(value)
        if sorted(vp) != sorted(self.people):
            raise InvalidArgument(
                "vp_players_mismatch", table=self.number, expected=tuple(self.people), got=tuple(vp)
            )
        return dict(vp)

    def _vp_by_player(self, vp_ns: int, vp_ew: int) -> dict[str, int]:
        return {s.player: vp_ns if s.side == NS else vp_ew for s in self.seats}

    def report(self, vp: dict[str, int], by: str, at: datetime) -> PendingResult:
        self._require_playing()
        self.pending = PendingResult(dict(vp), by, at)
        self.status = AWAITING
        return self.pending

    def may_confirm(self, player: str) -> bool:
        """The other side confirms (giallo matto: any other player at the table)."""
        if self.pending is None or player == self.pending.reported_by:
            return False
        if player not in self.people:
            return False
        if self.format == GIALLO:
            return True
        return self.side_of(player) != self.side_of(self.pending.reported_by)

    def dispute(self, by: str, reason: str, at: datetime) -> Ruling:
        if self.status == FINISHED:
            raise RuleViolation(
                "result_already_confirmed", reason="already_confirmed", table=self.number
            )
        if self.pending is None:
            raise RuleViolation("no_result_reported", reason="no_result", table=self.number)
        if not self.may_confirm(by):
            raise RuleViolation("not_other_side", reason="not_other_side", table=self.number)
        self.pending.disputed = True
        self.pending.dispute_reason = reason
        return Ruling(
            "result_disputed",
            at,
            "001 §2",
            {
                "match": self.number,
                "player": by,
                "reason": reason,
                "vp": self.pending.vp,
            },
        )

    def finish(self, vp: dict[str, int], at: datetime) -> Ruling:
        """The match result stands: VP and ranking points per player (RULES §1.2, §1.3)."""
        if self.status == FINISHED:
            raise RuleViolation(
                "result_already_confirmed", reason="already_confirmed", table=self.number
            )
        if self.status == NULL:
            raise RuleViolation("match_null", reason="match_null", table=self.number)
        fields = self._stand_with(vp)
        return Ruling(
            "match_result",
            at,
            "001 §2",
            {**fields, "provisional_table": self.table.provisional},
        )

    def require_correctable(self) -> None:
        """A result to correct: reported, disputed or recorded (a void is undone first)."""
        if self.status == VOID:
            raise RuleViolation("match_void", reason="match_void", table=self.number)
        if self.status not in (AWAITING, FINISHED):
            raise RuleViolation("no_result_to_correct", reason="no_result", table=self.number)

    def correct(self, vp: dict[str, int], at: datetime) -> Ruling:
        """A moderator's result replaces the reported or recorded one (RULES §3): the match
        stands with it."""
        self.require_correctable()
        if self.status == FINISHED and self.result_vp == vp:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        return Ruling("match_corrected", at, "001 §2", self._stand_with(vp))

    def _stand_with(self, vp: dict[str, int]) -> dict:
        """The match is over with these Victory Points: its result's fields, with each
        player's ranking points (RULES §1.2, §1.3)."""
        self.status = FINISHED
        self.pending = None
        self.result_vp = dict(vp)
        self.ready_deadline = None
        return {
            "match": self.number,
            "ruleset": self.ruleset,
            "hands": self.hands,
            "format": self.format,
            "official": self.official,
            "vp": dict(vp),
            "points": {player: ranking_points(v, self.hands) for player, v in vp.items()},
        }

    def void(self, at: datetime) -> None:
        """Voided (a crash, an irregular game): nobody scores, it counts as not played."""
        if self.status in (VOID, CLOSED):
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        self.voided_from, self.voided_seats = self.status, self.seats
        self.status = VOID
        self.pending = None
        self.seats = []
        self.ready_deadline = None

    # ---- undoing (RULES §3, Corrections) -------------------------------------------------
    def unvoid(self) -> None:
        """The void undone: the match is again as it was when voided."""
        if self.status != VOID or self.voided_from is None:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        self.status, self.seats = self.voided_from, self.voided_seats
        self.voided_from, self.voided_seats = None, []

    def withdraw_result(self, at: datetime) -> None:
        """Its result undone: the match is again one waiting for its result (/result), with
        a full ``table_ttl`` from ``at``."""
        if self.status != FINISHED:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        self.status, self.result_vp, self.pending = OPEN, None, None
        self.resumed_at = at

    def await_confirmation(
        self, vp: dict[str, int], reported_by: str, at: datetime, *, disputed: bool
    ) -> PendingResult:
        """Its confirmation undone: the report is pending again, its window from ``at``
        (still disputed if it was; a moderator settles it)."""
        if self.status != FINISHED:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        self.status, self.result_vp = AWAITING, None
        self.pending = PendingResult(dict(vp), reported_by, at, disputed=disputed)
        return self.pending

    def withdraw_abandonment(self, player: str) -> None:
        """An abandonment undone (a disconnection, not a departure): the match is played
        on, or given its result, as if nobody had left."""
        if self.status != NULL or player not in self.abandoners:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        self.abandoners.remove(player)
        if not self.abandoners:
            self.status = OPEN
        self.expired_runs.pop(player, None)

    def withdraw_hand(self, hand: int) -> None:
        """The last hand recorded, undone (a mistyped score): to be recorded again."""
        if self.status != OPEN or hand != len(self.hand_scores) or hand < 1:
            raise RuleViolation("not_last_hand", reason="nothing_to_change", table=self.number)
        self.hand_scores.pop()
        self.ready, self.ready_deadline = [], None

    def withdraw_report(self, at: datetime) -> None:
        """A reported result undone: the match is played on, with a full ``table_ttl``
        from ``at``."""
        if self.status != AWAITING or self.pending is None:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        self.status, self.pending = OPEN, None
        self.resumed_at = at

    def restore(self, vp: dict[str, int], reported_by: str | None, at: datetime) -> None:
        """A correction undone: the result it replaced stands again; a player's report it
        replaced is pending again, for a moderator to settle (it was disputed)."""
        if reported_by is None:
            self._stand_with(vp)
            return
        self.status, self.result_vp = AWAITING, None
        self.pending = PendingResult(dict(vp), reported_by, at, disputed=True)

    # ---- abandonment and clocks ----------------------------------------------------------
    def abandon(self, players: list[str], at: datetime, cause: str) -> list[Ruling]:
        """One or more players abandon: null for the others, capped VP for them (RULES §1.7)."""
        self._require_playing()
        for player in players:
            if player not in self.people:
                raise RuleViolation("not_seated", reason="not_seated", table=self.number)
        self.status = NULL
        self.abandoners = list(players)
        self.ready_deadline = None
        self.pending = None
        null_for = [p for p in self.people if p not in players]
        rulings = []
        for player in players:
            outcome = abandoner_outcome(self.table, self.difference_for(self.side_of(player) or NS))
            rulings.append(
                Ruling(
                    "abandonment",
                    at,
                    "001 §4",
                    {
                        "match": self.number,
                        "player": player,
                        "vp": outcome.vp,
                        "points": outcome.points,
                        "null_for": null_for,
                        "warning": self.against_people(player),
                        "cause": cause,
                        "official": self.official,
                        "hands": self.hands,
                        "fee_refunded_to": null_for if self.official else [],
                    },
                )
            )
        return rulings

    def expire_turn(self, player: str) -> bool:
        """An expired turn; True when it is the second in a row (an abandonment, RULES §1.6)."""
        self._require_playing()
        if player not in self.people:
            raise RuleViolation("not_seated", reason="not_seated", table=self.number)
        self.expired_runs[player] = self.expired_runs.get(player, 0) + 1
        return self.expired_runs[player] >= EXPIRED_TURNS_FOR_ABANDONMENT

    def play_turn(self, player: str) -> None:
        self._require_playing()
        if player not in self.people:
            raise RuleViolation("not_seated", reason="not_seated", table=self.number)
        self.expired_runs.pop(player, None)

    def mark_ready(self, player: str) -> bool:
        """The player closed the score; True when everyone is ready."""
        self._require_playing()
        if player not in self.people:
            raise RuleViolation("not_seated", reason="not_seated", table=self.number)
        if self.ready_deadline is None:
            raise RuleViolation("no_ready_window", reason="no_ready_window", table=self.number)
        if player not in self.ready:
            self.ready.append(player)
        if set(self.people) <= set(self.ready):
            self.ready_deadline = None
            return True
        return False

    def not_ready(self) -> list[str]:
        return [p for p in self.people if p not in self.ready]

    def _require_open(self) -> None:
        if self.status in (CLOSED, UNFINISHED):  # closed: it takes nobody (CONSOLE.md)
            raise RuleViolation("table_closed", reason="table_closed", table=self.number)
        if self.status == NULL:
            raise RuleViolation("match_null", reason="match_null", table=self.number)
        if self.status in (FINISHED, AWAITING):
            raise RuleViolation("match_over", reason="match_over", table=self.number)

    def _require_playing(self) -> None:
        self._require_open()
        if not self.started:
            raise RuleViolation(
                "match_not_started",
                reason="match_not_started",
                table=self.number,
                seated=len(self.seats),
                seats=self.capacity,
            )
