"""An MCR tournament: sessions, seating, scores, penalties, substitutes, appeals, standings."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.mcr import catalogue, seating
from bot.discipline.mcr.clock import SessionClock
from bot.discipline.mcr.countries import COUNTRIES, SAME_COUNTRY
from bot.discipline.mcr.penalties import (
    DEFAULT_LADDER,
    FORGOTTEN_WINNING_TILE,
    Ladder,
    false_hu_payment,
    lateness,
)
from bot.discipline.mcr.table_points import SEATS, table_points
from bot.discipline.mcr.teams import team_standings
from bot.discipline.ranking import shared_ranks
from bot.discipline.rulings import Ruling

SUB_REASONS = ("late", "ill-before", "ill-during", "dq")
FORCED_ZERO_REASONS = ("ill-during", "dq")
PLACEMENT_AFTER, PLACEMENT_BEFORE = "after", "before"
SEAT_NAMES = ("E", "S", "W", "N")  # the winds of a table's seats, as written on the sheet


@dataclass
class Effect:
    """Anything a referee recorded that can be appealed and overturned."""

    id: int
    session: int
    kind: str
    player: str
    deltas: dict[str, int] = field(default_factory=dict)
    ladder: bool = False
    carries_over: bool = False
    void: bool = False
    slug: str | None = None  # the violation, for a penalty
    step: int | None = None  # its step on the ladder, for a ladder penalty
    disqualifies: bool = False  # lateness that disqualified the player for the session


@dataclass
class Hand:
    """One hand of a table kept hand by hand: who won, for how many fan, who paid what."""

    winner: str | None  # None: a washout
    fan: int = 0
    discarder: str | None = None  # None: self-drawn
    paid: dict[str, int] = field(default_factory=dict)
    undone: bool = False  # taken back (/undo): it counts for nothing, its number stays


@dataclass
class Table:
    session: int
    number: int
    seats: list[str]
    scores: list[int] | None = None
    hands: list[Hand] = field(default_factory=list)  # kept hand by hand (/win, /washout)
    # seats left empty at the session's start (their planned player is out): the player
    # still named there is the one a substitute replaces
    vacant: list[int] = field(default_factory=list)

    @property
    def sitting(self) -> list[str | None]:
        """Who sits in each seat: nobody (None) in a seat left empty."""
        return [None if index in self.vacant else p for index, p in enumerate(self.seats)]

    @property
    def standing_hands(self) -> list[Hand]:
        return [hand for hand in self.hands if not hand.undone]

    def hand_totals(self, replaced: dict[str, str] | None = None) -> list[int]:
        """The sheet the hands add up to, seat by seat: what each won less what he paid; a
        seat's hands played before a substitution (``replaced``: out → in) count for it."""
        totals = [0] * len(self.seats)
        for row in self.hand_rows(replaced):
            totals = [total + points for total, points in zip(totals, row, strict=True)]
        return totals

    def hand_rows(self, replaced: dict[str, str] | None = None) -> list[list[int]]:
        """Each standing hand's gains and losses, seat by seat (``replaced`` as above)."""
        seat = self._seat_of(replaced or {})
        rows = []
        for hand in self.standing_hands:
            row = [0] * len(self.seats)
            for payer, points in hand.paid.items():
                if payer in seat:
                    row[seat[payer]] -= points
                if hand.winner in seat:
                    row[seat[hand.winner]] += points
            rows.append(row)
        return rows

    def _seat_of(self, replaced: dict[str, str]) -> dict[str, int]:
        """The seat each player's hands count for: his own, or (a chain of substitutes ending
        at the seat's holder) the seat of the one who replaced him."""
        holder_of = {player: player for player in self.seats}
        for out, came_in in replaced.items():
            holder_of[out] = came_in
        seat: dict[str, int] = {}
        for player in holder_of:
            holder, seen = holder_of[player], {player}
            while holder in holder_of and holder_of[holder] != holder and holder not in seen:
                seen.add(holder)
                holder = holder_of[holder]
            if holder in self.seats:
                seat[player] = self.seats.index(holder)
        return seat


@dataclass
class Substitution:
    session: int
    table: int
    out: str
    sub: str
    reason: str
    at_start: bool = False  # into a seat empty since the session's start: he plays normally
    # for the rest of the tournament (/sub … rest): he takes the seat in every later session,
    # up to ``rest_until`` when that was undone (the sessions started by then keep him)
    rest: bool = False
    rest_until: int | None = None
    carried: bool = False  # seated at a session's start by an earlier ``rest`` substitution

    def covers(self, session: int) -> bool:
        """Whether this substitution seats him in ``session`` from its start."""
        later = self.rest and self.session < session
        return later and (self.rest_until is None or session <= self.rest_until)


@dataclass
class Appeal:
    id: int
    effect: int | None
    ruling: int
    by: str
    text: str
    session: int
    status: str = "pending"


@dataclass
class PlayerDetails:
    """What the EMA's results file needs of a player (``/player``)."""

    first_name: str = ""
    last_name: str = ""
    ema: str = ""  # the EMA number
    country: str = ""  # ISO 3166 code
    team: str = ""  # the team he plays for (ERGMT §3.12), if any

    def lacking(self) -> list[str]:
        """What the results file needs that was never given: ``name``, ``ema``, ``country``."""
        given = {
            "name": self.first_name or self.last_name,
            "ema": self.ema,
            "country": self.country,
        }
        return [detail for detail, value in given.items() if not value]


@dataclass(frozen=True)
class Scoreboard:
    """Table points and score of every player who played, at one moment."""

    tp: dict[str, Fraction]
    score: dict[str, int]


OTHER_POINTS = (1, 1000)  # what a referee may take for a violation the catalogue lacks
MIN_FAN, BASE_PAYMENT = 8, 8  # MCR: a hand needs 8 fan; every payment starts at 8


@dataclass
class Tournament:
    name: str
    sessions: int
    players: list[str] = field(default_factory=list)
    substitutes: list[str] = field(default_factory=list)
    current: int = 0
    session_open: bool = False
    tables: list[Table] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    subs: list[Substitution] = field(default_factory=list)
    session_dq: list[tuple[int, str]] = field(default_factory=list)
    disqualified: list[str] = field(default_factory=list)
    appeals: list[Appeal] = field(default_factory=list)
    ladder: Ladder = DEFAULT_LADDER
    placement: str = PLACEMENT_AFTER
    next_id: int = 1
    details: dict[str, PlayerDetails] = field(default_factory=dict)
    seating_plan: list[list[list[str]]] = field(default_factory=list)  # sessions → tables
    seating_seed: int = 0  # the draw's number, kept for a plan drawn again (ERGMT §3.7)
    seating_apart: str = ""  # "team" or "country": whose mates the plan keeps apart
    summed_at_end: list[int] = field(default_factory=list)  # tables whose sheet the end made
    plan_dropped: bool = False  # a plan was drawn, then the field stopped filling tables
    # the current session's end was undone: its scores and table points leave the standings
    # until it ends again (CONSOLE.md, third edition)
    reopened: bool = False
    excluded: list[str] = field(default_factory=list)  # left out of the results (RULES 2.9)
    ranked: list[str] = field(default_factory=list)  # substitutes ranked (ERGMT §3.9)
    created_at: datetime | None = None
    finished_at: datetime | None = None
    clock: SessionClock | None = None  # the running session's countdown (ERGMT §3.6)

    @classmethod
    def create(cls, name: str, sessions: int, at: datetime | None = None) -> Tournament:
        if not name.strip():
            raise InvalidArgument("tournament_name_empty")
        if isinstance(sessions, bool) or not isinstance(sessions, int) or not 1 <= sessions <= 99:
            raise InvalidArgument("sessions_out_of_range", sessions=sessions, minimum=1, maximum=99)
        return cls(name.strip(), sessions, created_at=at)

    # ---- registration and sessions -------------------------------------------------------
    def register(self, players: list[str]) -> list[str]:
        """Onto the list, before the first session only (afterwards a newcomer plays as a
        substitute, CONSOLE.md third edition)."""
        if not players:
            raise InvalidArgument("no_players_named")
        if self.current > 0:
            raise RuleViolation("tournament_started", reason="tournament_started")
        added = []
        for player in players:
            if player in self.substitutes:
                raise RuleViolation("is_substitute", reason="is_substitute", player=player)
            if player not in self.players:
                self.players.append(player)
                added.append(player)
        return added

    def unregister(self, player: str, at: datetime) -> Ruling:
        """Off the list, before the first session only (afterwards: a substitute)."""
        if self.current > 0:
            raise RuleViolation("tournament_started", reason="tournament_started")
        if player not in self.players:
            raise RuleViolation("not_registered", reason="not_registered", player=player)
        self.players.remove(player)
        fields = {"player": player, "registered": len(self.players)}
        return Ruling("unregistered", at, "000 §1", fields)

    def start_session(self) -> int:
        if self.session_open:
            raise RuleViolation("session_already_open", reason="session_open", session=self.current)
        if self.current >= self.sessions:
            raise RuleViolation(
                "no_sessions_left", reason="no_sessions_left", sessions=self.sessions
            )
        if not self.players:  # nobody to seat, with or without a plan
            raise RuleViolation("nobody_registered", reason="nobody_registered")
        if self.plan_dropped:  # the field no longer fills tables of four (RULES §1)
            missing = SEATS - len(self.players) % SEATS
            raise RuleViolation(
                "seating_needs_fours", reason="bad_input", players=len(self.players), needed=missing
            )
        self.current += 1
        self.session_open = True
        self.reopened = False
        return self.current

    def session_records(self, session: int) -> bool:
        """Whether anything was recorded in a session: a score, a hand, a penalty or other
        referee's decision, a substitute."""
        return (
            any(
                t.session == session and (t.scores is not None or t.standing_hands)
                for t in self.tables
            )
            or any(e.session == session and not e.void for e in self.effects)
            or any(sub.session == session and not sub.carried for sub in self.subs)
        )

    def undo_session_start(self, session: int) -> None:
        """A session started by mistake, taken back while nothing is recorded in it: its
        tables go, and the tournament is as it was before (CONSOLE.md, third edition)."""
        if session != self.current:
            raise RuleViolation(
                "later_session_started", reason="later_session_started", session=self.current
            )
        if not self.session_open:
            raise RuleViolation("session_ended_first", reason="session_ended", session=session)
        if self.session_records(session):
            raise RuleViolation(
                "session_has_records", reason="session_has_records", session=session
            )
        self.tables = [t for t in self.tables if t.session != session]
        self.subs = [sub for sub in self.subs if sub.session != session]  # carried ones only
        self.current -= 1
        self.session_open = False
        self.reopened = False

    def undo_session_end(self, session: int) -> list[int]:
        """A session ended by mistake, open again while the next one has not started: the
        sheets its end summed from the hands are taken back (returned), and its scores and
        table points leave the standings until it ends again."""
        if session != self.current or self.session_open:
            raise RuleViolation(
                "later_session_started", reason="later_session_started", session=self.current
            )
        unsummed = sorted(self.summed_at_end)
        for number in unsummed:
            table = self.table(session, number)
            if table is not None:
                table.scores = None
        self.summed_at_end = []
        self.session_open = True
        self.reopened = True
        return unsummed

    def draw_seating(self, at: datetime, seed: int, apart: str = "") -> Ruling:
        """The seating of every session, drawn once the players are registered from the seed
        (a public number, ERGMT §3.7): nobody meeting twice where possible, team (or country)
        mates apart if asked, winds even (``seating.plan``)."""
        if self.current > 0:
            raise RuleViolation("seating_after_start", reason="tournament_started")
        count = len(self.players)
        if count == 0 or count % SEATS:
            missing = SEATS - count % SEATS
            raise RuleViolation(
                "seating_needs_fours", reason="bad_input", players=count, needed=missing
            )
        groups = {p: self.group_of(p, apart) for p in self.players} if apart else None
        if groups is not None and not any(groups.values()):
            raise RuleViolation("nobody_to_separate", reason="bad_input", separate=apart)
        drawn = seating.plan(self.players, self.sessions, seed, groups)
        self.seating_plan, self.seating_seed, self.seating_apart = drawn.sessions, seed, apart
        fields: dict[str, Any] = {
            "sessions": drawn.sessions,
            "seed": seed,
            "repeat_meetings": drawn.repeat_meetings,
            "most_meetings": drawn.most_meetings,
            "wind_balance": drawn.wind_balance,
            "players": count,
            "separate": apart or None,
            "same_team_meetings": drawn.same_group_meetings if apart else None,
            "amends": None,  # a plan drawn again for a changed field names the one it replaces
        }
        return Ruling("seating_plan", at, "000 §1", fields)

    def group_of(self, player: str, apart: str) -> str:
        """The player's team or country (``apart``), whichever a plan keeps apart ("" for
        none, or when the plan keeps nobody apart)."""
        details = self.details.get(player)
        if details is None or not apart:
            return ""
        return details.team if apart == "team" else details.country

    def redraw_seating(self, at: datetime) -> Ruling | None:
        """After a change of the field before the first session, the plan drawn again for
        the new field with the same seed (None without a plan; the plan is dropped while the
        field does not fill tables of four, and drawn again once it does)."""
        if not self.seating_plan and not self.plan_dropped:
            return None
        if not self.players or len(self.players) % SEATS:  # nobody left, or no full tables
            self.seating_plan, self.plan_dropped = [], True
            return None
        self.plan_dropped = False
        return self.draw_seating(at, self.seating_seed, self.seating_apart)

    def planned_tables(self, session: int) -> list[list[str]]:
        """The plan's tables for a session (none without a plan), as drawn."""
        if not 1 <= session <= len(self.seating_plan):
            return []
        return self.seating_plan[session - 1]

    def seat_holder(self, player: str, session: int) -> str | None:
        """Who will really sit in ``player``'s planned seat of ``session``: his substitute
        for the rest of the tournament (and that one's, if he too was replaced so), else
        he; nobody (None: the seat is to be filled) if that one is disqualified or left
        out of the results."""
        holder, seen = player, {player}
        while True:
            replacing = next(
                (sub for sub in reversed(self.subs) if sub.out == holder and sub.covers(session)),
                None,
            )
            if replacing is None or replacing.sub in seen:
                break
            holder = replacing.sub
            seen.add(holder)
        return None if holder in self.disqualified or holder in self.excluded else holder

    def planned_seats(self, session: int) -> list[list[str | None]]:
        """The plan's tables for a session with who will really sit there
        (``seat_holder``): every reader of planned seats shows these."""
        return [
            [self.seat_holder(p, session) for p in seats] for seats in self.planned_tables(session)
        ]

    def end_session(self) -> int:
        """The session ends; a table kept hand by hand gets the sheet its hands add up to."""
        if not self.session_open:
            raise RuleViolation("no_open_session", reason="no_session")
        self.summed_at_end = []
        for table in self.tables:
            if table.session == self.current and table.scores is None and table.standing_hands:
                table.scores = table.hand_totals(self.replaced_at(table))
                self.summed_at_end.append(table.number)
        self.session_open = False
        self.reopened = False
        self.clock = None  # the session is over: so is its countdown
        return self.current

    # ---- hand by hand (CONSOLE.md, the director's tools) ---------------------------------
    def win(
        self,
        number: int,
        winner: str,
        fan: int,
        discarder: str | None,
        at: datetime,
        flowers: int = 0,
    ) -> Ruling:
        """A hand won, with MCR's payments: self-drawn, each other player pays 8 + fan; on a
        discard, the discarder pays 8 + fan and the two others 8 each. ``fan`` includes the
        flowers, which do not count towards the 8 a win needs (RULES 2.6): under 8 without
        them is no win, and the referee decides between a false hu and a correction."""
        table = self._playing_table(number)
        for player in (winner, discarder):
            if player is not None and player not in table.seats:
                raise RuleViolation(
                    "not_at_table", reason="not_seated", player=player, table=number
                )
        if discarder == winner:
            raise InvalidArgument("discarder_is_winner", player=winner)
        if flowers > fan:
            raise InvalidArgument("flowers_over_fan", fan=fan, flowers=flowers)
        if fan - flowers < MIN_FAN:
            raise RuleViolation("under8", reason="under8", fan=fan, flowers=flowers, table=number)
        others = [p for p in table.seats if p != winner]
        if discarder is None:
            paid = {p: BASE_PAYMENT + fan for p in others}
        else:
            paid = {p: BASE_PAYMENT + (fan if p == discarder else 0) for p in others}
        table.hands.append(Hand(winner, fan, discarder, paid))
        fields = {
            "session": self.current,
            "table": number,
            "hand": len(table.hands),
            "winner": winner,
            "fan": fan,
            "flowers": flowers,
            "discarder": discarder,
            "paid": paid,
        }
        return Ruling("hand_won", at, "000 §4", fields)

    def washout(self, number: int, at: datetime) -> Ruling:
        """A hand nobody won: no payments."""
        table = self._playing_table(number)
        table.hands.append(Hand(None))
        fields = {"session": self.current, "table": number, "hand": len(table.hands)}
        return Ruling("hand_washout", at, "000 §4", fields)

    def undo_hand(self, session: int, number: int, hand: int, at: datetime) -> list[Ruling]:
        """A hand recorded by mistake counts for nothing; if its session has ended, the
        table's sheet is summed again from the hands that stand (none left: to be scored),
        and its table points returned to be announced again."""
        table = self.table(session, number)
        if table is None or not 1 <= hand <= len(table.hands) or table.hands[hand - 1].undone:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        replaced = self.replaced_at(table)
        summed = table.scores is not None
        if summed and table.scores != table.hand_totals(replaced):  # a /correct replaced it
            raise RuleViolation("superseded", reason="superseded", table=number)
        table.hands[hand - 1].undone = True
        if not summed:
            return []
        table.scores = table.hand_totals(replaced) if table.standing_hands else None
        return [] if table.scores is None else [self.table_ruling(table, at)]

    def session_tables(self, at: datetime) -> list[Ruling]:
        """Table points of the tables whose sheet the session's end has just made (those kept
        hand by hand): the others' were announced when they were scored."""
        return [
            self.table_ruling(t, at)
            for t in sorted(self.tables, key=lambda t: t.number)
            if t.session == self.current and t.number in self.summed_at_end
        ]

    def session_points(self, session: int) -> list[dict[str, Any]]:
        """Every scored table of a session with its table points: the session's summary."""
        found = []
        for table in sorted(self.tables, key=lambda t: t.number):
            points = self.table_tp(table) if table.session == session else None
            if points is not None:
                found.append({"table": table.number, "tp": points})
        return found

    def _playing_table(self, number: int) -> Table:
        self._require_open_session()
        table = self.table(self.current, number)
        if table is None:
            raise RuleViolation("unknown_table", reason="unknown_table", table=number)
        if table.scores is not None:  # its sheet was recorded whole: /correct changes it
            raise RuleViolation("already_scored", reason="already_scored", table=number)
        self._require_full(table)
        return table

    @property
    def over(self) -> bool:
        """Its last session has been played and closed."""
        return self.current >= self.sessions and not self.session_open

    def finish(self, at: datetime) -> Ruling:
        """The end of the tournament, after its last session, with the final standings."""
        if self.session_open and self.current >= self.sessions:  # say what to do first
            raise RuleViolation(
                "finish_session_open", reason="tournament_not_over", session=self.current
            )
        if not self.over:
            raise RuleViolation(
                "tournament_not_over",
                reason="tournament_not_over",
                session=self.current,
                sessions=self.sessions,
            )
        self._require_scored()
        final = self.standings(at)
        self.finished_at = at
        return Ruling(
            "tournament_finished",
            at,
            "000 §4",
            {
                "tournament": self.name,
                "sessions": self.sessions,
                "rulebook": "mcr",
                "rows": final["rows"],
                # tables never scored: the referee's to /score with session= (CONSOLE.md)
                "unscored": [
                    {"session": t.session, "table": t.number}
                    for t in self.tables
                    if t.scores is None
                ]
                or None,
            },
        )

    def _require_scored(self) -> None:
        """No table scored yet: no result to give (no end, no results file)."""
        if not any(table.scores is not None for table in self.tables):
            raise RuleViolation("nothing_scored", reason="nothing_scored", sessions=self.sessions)

    def resume(self) -> None:
        """The end undone (``/undo`` of ``tournament_finished``): it runs again."""
        self.finished_at = None

    def roster(self, at: datetime) -> Ruling:
        fields = {
            "tournament": self.name,
            "players": list(self.players),
            "registered": len(self.players),
            "substitutes": list(self.substitutes),
            "disqualified": list(self.disqualified),
        }
        return Ruling("players", at, "000 §1", fields)

    def pending_appeals(self) -> list[Appeal]:
        return [a for a in self.appeals if a.status == "pending"]

    # ---- seating and scores --------------------------------------------------------------
    def seat(self, number: int, seats: list[str]) -> Table:
        self._require_open_session()
        if len(seats) != SEATS or len(set(seats)) != SEATS:
            raise InvalidArgument("seat_needs_four_distinct", got=len(seats))
        if number < 1:
            raise InvalidArgument("table_number_invalid", table=number)
        existing = self.table(self.current, number)
        newcomers = [p for p in seats if p not in self.players and p not in self.substitutes]
        # an empty seat's player, out since the start, is who a newcomer may replace
        missing = [existing.seats[i] for i in existing.vacant] if existing is not None else []
        for player in seats:
            if player in newcomers and not missing:  # nobody here for him to replace
                raise RuleViolation("not_registered", reason="not_registered", player=player)
            if player in self.disqualified:
                raise RuleViolation("player_disqualified", reason="disqualified", player=player)
            where = self.table_of(player)
            if where is not None and where.number != number:
                raise RuleViolation(
                    "player_already_seated",
                    reason="already_seated",
                    player=player,
                    table=where.number,
                )
        if existing is not None and existing.scores is not None:
            raise RuleViolation("table_already_scored", reason="already_scored", table=number)
        if existing is not None:
            for newcomer, replaced in zip(newcomers, missing, strict=False):
                self.substitutes.append(newcomer)  # RULES 2.9: recorded for that seat
                self.subs.append(
                    Substitution(self.current, number, replaced, newcomer, "seat", True)
                )
            existing.seats = list(seats)
            existing.vacant = []
            return existing
        table = Table(self.current, number, list(seats))
        self.tables.append(table)
        return table

    def replaced_at(self, table: Table) -> dict[str, str]:
        """Who replaced whom at ``table`` (out → in), in its session."""
        return {
            sub.out: sub.sub
            for sub in self.subs
            if sub.session == table.session and sub.table == table.number
        }

    def seat_planned(self, number: int, players: list[str], out: set[str]) -> Table:
        """A table of the plan at the session's start: a substitute for the rest of the
        tournament takes his seat (recorded for it, playing normally); a planned player who
        is out (disqualified, stopped) and has none leaves his seat empty, for a substitute
        (``/sub``) or ``/seat`` to fill; the table is never skipped."""
        self._require_open_session()
        seats = list(players)
        for index, player in enumerate(players):
            holder = self.seat_holder(player, self.current)
            if holder is not None and holder != player:
                seats[index] = holder
                self.subs.append(
                    Substitution(self.current, number, player, holder, "rest", True, carried=True)
                )
        table = Table(self.current, number, seats)
        table.vacant = [
            index
            for index, player in enumerate(players)
            if seats[index] in out or self.seat_holder(player, self.current) is None
        ]
        self.tables.append(table)
        return table

    def empty_seats(self, session: int) -> list[dict[str, Any]]:
        return [
            {"table": table.number, "seat": SEAT_NAMES[index], "out": table.seats[index]}
            for table in sorted(self.tables, key=lambda t: t.number)
            if table.session == session
            for index in table.vacant
        ]

    def _require_full(self, table: Table) -> None:
        if table.vacant:
            raise RuleViolation(
                "seat_empty",
                reason="seat_empty",
                table=table.number,
                players=[table.seats[index] for index in table.vacant],
            )

    def table(self, session: int, number: int) -> Table | None:
        return next((t for t in self.tables if t.session == session and t.number == number), None)

    def table_of(self, player: str, session: int | None = None) -> Table | None:
        session = self.current if session is None else session
        return next((t for t in self.tables if t.session == session and player in t.seats), None)

    def _session_of(self, session: int | None) -> int:
        """The session a sheet is for: the one named (started already), else the running
        one, else the last ended (CONSOLE.md, third edition)."""
        if self.current == 0:
            raise RuleViolation("no_session_started", reason="no_session")
        if session is None:
            return self.current
        if not 1 <= session <= self.current:
            raise RuleViolation(
                "session_not_played", reason="unknown_session", session=session, last=self.current
            )
        return session

    def record_scores(
        self, number: int, scores: list[int], at: datetime, session: int | None = None
    ) -> Ruling:
        """A table's score sheet, once, summing to zero (MCR payments are); returns its
        table points. Any session already started may be named."""
        table = self.table(self._session_of(session), number)
        if table is None:
            raise RuleViolation("unknown_table", reason="unknown_table", table=number)
        if len(scores) != SEATS:
            raise InvalidArgument("score_needs_four", got=len(scores))
        if table.scores is not None:  # a correction is a ruling of its own (RULES §3)
            raise RuleViolation("already_scored", reason="already_scored", table=number)
        if table.standing_hands:  # kept hand by hand: its sheet is the sum of its hands
            raise RuleViolation("kept_by_hand", reason="already_scored", table=number)
        self._require_full(table)
        if sum(scores) != 0:  # MCR payments are zero-sum; penalties are the bot's, not here
            raise RuleViolation(
                "not_zero_sum", reason="not_zero_sum", table=number, total=sum(scores)
            )
        table.scores = list(scores)
        return self.table_ruling(table, at)

    def correct_scores(
        self, number: int, scores: list[int], at: datetime, session: int | None = None
    ) -> Ruling:
        """A scored table's sheet replaced by the right one (RULES §3): its table points
        again, as ``score_corrected``; the session defaults to the current one."""
        table = self.table(self._session_of(session), number)
        if table is None:
            raise RuleViolation("unknown_table", reason="unknown_table", table=number)
        if table.scores is None:
            raise RuleViolation("not_scored", reason="no_result", table=number)
        if sum(scores) != 0:
            raise RuleViolation(
                "not_zero_sum", reason="not_zero_sum", table=number, total=sum(scores)
            )
        if list(scores) == table.scores:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        table.scores = list(scores)
        ruling = self.table_ruling(table, at)
        return Ruling("score_corrected", at, ruling.rule, dict(ruling.fields))

    def session_score(self, player: str, session: int, *, with_penalties: bool = True) -> int:
        table = self.table_of(player, session)
        base = 0
        if table is not None and table.scores is not None:
            base = table.scores[table.seats.index(player)]
        if not with_penalties:
            return base
        return base + sum(
            e.deltas.get(player, 0) for e in self.effects if not e.void and e.session == session
        )

    def forced_zero(self, table: Table) -> set[str]:
        forced = {
            s.sub
            for s in self.subs
            if s.session == table.session
            and s.table == table.number
            and s.reason in FORCED_ZERO_REASONS
            and not s.at_start
        }
        forced |= {p for (session, p) in self.session_dq if session == table.session}
        return forced & set(table.seats)

    def table_tp(self, table: Table) -> dict[str, Fraction] | None:
        if table.scores is None:
            return None
        after = self.placement == PLACEMENT_AFTER
        scores = {
            p: self.session_score(p, table.session, with_penalties=after) for p in table.seats
        }
        return table_points(scores, frozenset(self.forced_zero(table)))

    def table_ruling(self, table: Table, at: datetime) -> Ruling:
        return Ruling(
            "table_points",
            at,
            "000 §4",
            {
                "session": table.session,
                "table": table.number,
                "scores": {p: self.session_score(p, table.session) for p in table.seats},
                "sheet": list(table.scores or ()),  # as recorded, seat by seat
                "tp": self.table_tp(table) or {},
                "forced_zero": sorted(self.forced_zero(table)),
                "seats": list(table.seats),
                # kept hand by hand: each hand's gains and losses, seat by seat (its picture)
                "hands": table.hand_rows(self.replaced_at(table)),
                "adjustments": self.adjustments(table) if table.standing_hands else [],
            },
        )

    def adjustments(self, table: Table) -> list[dict[str, Any]]:
        """What a table's score holds beside its hands, seat by seat, so that its picture's
        columns add up to the scores announced: a sheet corrected away from its hands, then
        each penalty, lateness, false hu and forgotten tile of the session on its players."""
        found = []
        if table.scores is not None:
            summed = table.hand_totals(self.replaced_at(table))
            corrected = [score - hands for score, hands in zip(table.scores, summed, strict=True)]
            if any(corrected):
                found.append({"kind": "corrected", "points": corrected})
        for effect in self.effects:
            points = [effect.deltas.get(p, 0) for p in table.seats]
            if not effect.void and effect.session == table.session and any(points):
                found.append({"kind": effect.kind, "points": points})
        return found

    def _snapshot(self, session: int) -> dict[int, tuple]:
        return {
            t.number: (
                tuple(self.session_score(p, session) for p in t.seats),
                tuple(sorted((self.table_tp(t) or {}).items())),
            )
            for t in self.tables
            if t.session == session and t.scores is not None
        }

    def changed_tables(self, before: dict[int, tuple], session: int, at: datetime) -> list[Ruling]:
        """Table points re-announced after a change (RULES §2.2)."""
        after = self._snapshot(session)
        return [
            self.table_ruling(self.table(session, n), at)  # type: ignore[arg-type]
            for n, state in after.items()
            if before.get(n) != state
        ]

    # ---- penalties -----------------------------------------------------------------------
    def ladder_step(self, player: str, session: int | None = None) -> int:
        session = self.current if session is None else session
        earlier = [
            e
            for e in self.effects
            if e.ladder
            and not e.void
            and e.player == player
            and (e.session == session or (e.carries_over and e.session <= session))
        ]
        return len(earlier) + 1

    def penalty_session(self, session: int | None) -> tuple[int, int | None]:
        """The session a penalty concerns: the one named (``session=N``, started already),
        else the running one, else the last ended; none before the first session
        (CONSOLE.md, fourth edition). Also that session when it is no longer running (the
        ruling names it), else None."""
        concerned = self._session_of(session)
        running = self.session_open and concerned == self.current
        return concerned, None if running else concerned

    def _restep(self, player: str, at: datetime) -> list[Ruling]:
        """RULES 2.10, Decision: an overturned ladder violation counts for no step; each
        later penalty of that player is stepped again as if it had never been, and each one
        whose points change is announced again (its ``effect`` says which it amends)."""
        changed = []
        ladder = [e for e in self.effects if e.ladder and e.player == player and not e.void]
        for index, effect in enumerate(ladder):
            earlier = [e for e in ladder[:index] if e.session == effect.session or e.carries_over]
            step = len(earlier) + 1
            if effect.step is None or step == effect.step:
                continue
            points = self.ladder.points(step)
            effect.step, effect.deltas = step, ({player: -points} if points else {})
            changed.append(
                Ruling(
                    "penalty",
                    at,
                    catalogue.violation(effect.slug or "other").rule,
                    {
                        "player": player,
                        "kind": effect.slug,
                        "step": step,
                        "points": points,
                        "extra": 0,
                        "total": points,
                        "carries_over": effect.carries_over,
                        "effect": effect.id,
                        "session": effect.session,
                    },
                )
            )
        return changed

    def violation(
        self, player: str, slug: str, extra: int | None, at: datetime, session: int | None = None
    ) -> list[Ruling]:
        kind = catalogue.violation(slug)
        self._require_participant(player)
        session, ended = self.penalty_session(session)
        before = self._snapshot(session)
        if extra is not None and kind.consequence != catalogue.REFEREE_POINTS:
            raise InvalidArgument("points_only_for_other", kind=slug)  # CONSOLE.md, additions
        if kind.consequence == catalogue.REFEREE_POINTS:
            if extra is None:
                raise InvalidArgument("points_required", kind=slug)
            if not OTHER_POINTS[0] <= extra <= OTHER_POINTS[1]:
                raise InvalidArgument(
                    "points_out_of_range",
                    points=extra,
                    minimum=OTHER_POINTS[0],
                    maximum=OTHER_POINTS[1],
                )
            effect = self._effect("penalty", player, {player: -extra}, session=session)
            ruling = Ruling(
                "penalty",
                at,
                kind.rule,
                {
                    "player": player,
                    "kind": slug,
                    "step": None,
                    "points": extra,
                    "effect": effect.id,
                    "session": session,
                },
            )
        elif kind.consequence == catalogue.NONE:
            effect = self._effect("no_penalty", player, {}, session=session)
            ruling = Ruling(
                "no_penalty",
                at,
                kind.rule,
                {"player": player, "kind": slug, "effect": effect.id, "session": session},
            )
        else:
            step = self.ladder_step(player, session)
            points = self.ladder.points(step)
            total = points + (extra or 0)
            effect = self._effect(
                "penalty",
                player,
                {player: -total} if total else {},
                ladder=True,
                carries_over=kind.carries_over,
                session=session,
            )
            effect.slug, effect.step = slug, step
            ruling = Ruling(
                "penalty",
                at,
                kind.rule,
                {
                    "player": player,
                    "kind": slug,
                    "step": step,
                    "points": points,
                    "extra": extra or 0,
                    "total": total,
                    "carries_over": kind.carries_over,
                    "effect": effect.id,
                    "session": session,
                },
            )
        ruling = ruling.with_fields(ended_session=ended)
        return [ruling, *self.changed_tables(before, session, at)]

    def late(
        self, player: str, minutes: int, at: datetime, session: int | None = None
    ) -> list[Ruling]:
        self._require_participant(player)
        session, ended = self.penalty_session(session)
        if any(
            e.kind == "lateness" and e.player == player and e.session == session and not e.void
            for e in self.effects
        ):
            raise RuleViolation("already_recorded", reason="already_recorded", player=player)
        verdict = lateness(minutes)
        before = self._snapshot(session)
        deltas = {player: -verdict.points} if verdict.points else {}
        effect = self._effect("lateness", player, deltas, session=session)
        effect.disqualifies = verdict.disqualified
        if verdict.disqualified and (session, player) not in self.session_dq:
            self.session_dq.append((session, player))
        ruling = Ruling(
            "lateness",
            at,
            "000 2.2",
            {
                "player": player,
                "minutes": minutes,
                "points": verdict.points,
                "disqualified": verdict.disqualified,
                "effect": effect.id,
                "session": session,
                "ended_session": ended,
            },
        )
        return [ruling, *self.changed_tables(before, session, at)]

    def dead_hand(self, player: str, slug: str, at: datetime, session: int | None = None) -> Ruling:
        kind = catalogue.dead_hand(slug)
        self._require_participant(player)
        session, ended = self.penalty_session(session)
        effect = self._effect("dead_hand", player, {}, session=session)
        fields = {"player": player, "kind": slug, "effect": effect.id, "session": session}
        return Ruling("dead_hand", at, kind.rule, fields | {"ended_session": ended})

    def false_hu(
        self, player: str, variant: str, exposed: bool, at: datetime, session: int | None = None
    ) -> list[Ruling]:
        each = false_hu_payment(variant, exposed)
        self._require_participant(player)
        session, ended = self.penalty_session(session)
        table = self.table_of(player, session)
        if table is None:
            raise RuleViolation("player_not_seated", reason="not_seated", player=player)
        before = self._snapshot(session)
        others = [p for p in table.seats if p != player]
        paid = {p: each for p in others} if each else {}
        deltas = {**paid, player: -each * len(others)} if each else {}
        effect = self._effect("false_hu", player, deltas, session=session)
        rule = "000 2.9" if exposed else "000 3.3"
        rulings = [
            Ruling(
                "false_hu",
                at,
                rule,
                {
                    "player": player,
                    "variant": variant,
                    "exposed": exposed,
                    "paid": paid,
                    "total": each * len(others),
                    "effect": effect.id,
                    "session": session,
                    "ended_session": ended,
                },
            ),
            Ruling(
                "dead_hand",
                at,
                "000 3.3",
                {
                    "player": player,
                    "kind": "false-hu",
                    "effect": effect.id,
                    "session": session,
                    "ended_session": ended,
                },
            ),
        ]
        return rulings + self.changed_tables(before, session, at)

    def forgotten_tile(self, player: str, at: datetime, session: int | None = None) -> list[Ruling]:
        self._require_participant(player)
        session, ended = self.penalty_session(session)
        before = self._snapshot(session)
        effect = self._effect("notile", player, {player: -FORGOTTEN_WINNING_TILE}, session=session)
        ruling = Ruling(
            "penalty",
            at,
            "000 2.8.7",
            {
                "player": player,
                "kind": "notile",
                "step": None,
                "points": FORGOTTEN_WINNING_TILE,
                "effect": effect.id,
                "session": session,
                "ended_session": ended,
            },
        )
        return [ruling, *self.changed_tables(before, session, at)]

    def disqualify(
        self, player: str, reason: str, at: datetime, session: int | None = None
    ) -> list[Ruling]:
        """Serious misconduct: 0 TP for the whole tournament, still in the results [000 3.5];
        recorded in a session (the running one, else the last ended, or the one named)."""
        if player not in self.players:
            raise RuleViolation("not_registered", reason="not_registered", player=player)
        if player in self.disqualified:
            raise RuleViolation(
                "already_disqualified", reason="already_disqualified", player=player
            )
        session, ended = self.penalty_session(session)
        before = self._snapshot(session)
        effect = self._effect("dq", player, {}, session=session)
        self.disqualified.append(player)
        if (session, player) not in self.session_dq:
            self.session_dq.append((session, player))
        fields = {"player": player, "reason": reason, "effect": effect.id, "session": session}
        ruling = Ruling("disqualification", at, "000 3.5", fields | {"ended_session": ended})
        return [ruling, *self.changed_tables(before, session, at)]

    def substitute(
        self, out: str, sub: str, reason: str, at: datetime, rest: bool = False
    ) -> list[Ruling]:
        """Replace a seated player in the current session (RULES §2.9); for the rest of the
        tournament (``rest``), in his planned seat of every later session too."""
        if reason not in SUB_REASONS:
            raise InvalidArgument("unknown_sub_reason", reason=reason, allowed=SUB_REASONS)
        self._require_open_session()
        table = self.table_of(out)
        earlier_dq = reason == "dq" and out in self.disqualified and table is None
        if table is None and not earlier_dq:
            raise RuleViolation("player_not_seated", reason="not_seated", player=out)
        if sub in self.players:
            raise RuleViolation("substitute_is_registered", reason="bad_substitute", player=sub)
        if self.table_of(sub) is not None:
            raise RuleViolation("player_already_seated", reason="already_seated", player=sub)
        if reason == "late" and (self.current, out) not in self.session_dq:
            raise RuleViolation(
                "not_disqualified_for_lateness", reason="not_disqualified", player=out
            )
        if reason == "dq" and out not in self.disqualified:
            raise RuleViolation("not_disqualified", reason="not_disqualified", player=out)
        if sub not in self.substitutes:
            self.substitutes.append(sub)
        if table is None:
            # RULES 2.9, Decision: the seat of a player disqualified in an earlier session,
            # empty at the start of this one; /seat places the substitute, who plays normally
            self.subs.append(Substitution(self.current, 0, out, sub, reason, rest=rest))
            fields = {
                "player": out,
                "substitute": sub,
                "reason": reason,
                "table": None,
                "session": self.current,
                "substitute_tp_forced_zero": False,
                "rest": rest,
            }
            return [Ruling("substitution", at, "000 §4", fields)]
        before = self._snapshot(self.current)
        seat = table.seats.index(out)
        was_empty = seat in table.vacant
        table.seats[seat] = sub
        table.vacant = [index for index in table.vacant if index != seat]
        self.subs.append(
            Substitution(self.current, table.number, out, sub, reason, was_empty, rest=rest)
        )
        ruling = Ruling(
            "substitution",
            at,
            "000 §4",
            {
                "player": out,
                "substitute": sub,
                "reason": reason,
                "table": table.number,
                "session": self.current,
                # an empty seat at the start: the substitute plays normally (RULES 2.9)
                "substitute_tp_forced_zero": reason in FORCED_ZERO_REASONS and not was_empty,
                "rest": rest,
            },
        )
        return [ruling, *self.changed_tables(before, self.current, at)]

    def end_rest(self, out: str, sub: str, session: int) -> None:
        """A substitution for the rest of the tournament undone: it ends with the sessions
        started by now (those keep him); the later ones seat the plan's player again."""
        found = next(
            (
                s
                for s in reversed(self.subs)
                if (s.out, s.sub, s.session) == (out, sub, session) and s.rest and not s.carried
            ),
            None,
        )
        if found is None or found.rest_until is not None:
            raise RuleViolation("already_undone", reason="already_undone")
        found.rest_until = self.current

    # ---- appeals -------------------------------------------------------------------------
    def appeal(
        self,
        ruling_id: int,
        effect: int | None,
        by: str,
        text: str,
        at: datetime,
        *,
        about: str | None = None,
        on_behalf: bool = False,
    ) -> Ruling:
        """An appeal of a ruling by the player it is about, or by a moderator on his behalf
        (RULES 2.10, Decision); reviewed after the session."""
        if not text.strip():
            raise InvalidArgument("appeal_text_empty")
        if about is not None and by != about:
            if not on_behalf:
                raise RuleViolation("not_your_ruling", reason="not_your_ruling", ruling=ruling_id)
            by = about
        if any(a.ruling == ruling_id and a.status == "pending" for a in self.appeals):
            raise RuleViolation("appeal_pending", reason="appeal_pending", ruling=ruling_id)
        appeal = Appeal(len(self.appeals) + 1, effect, ruling_id, by, text.strip(), self.current)
        self.appeals.append(appeal)
        return Ruling(
            "appeal",
            at,
            "000 2.1",
            {
                "appeal": appeal.id,
                "ruling_appealed": ruling_id,
                "player": by,
                "text": appeal.text,
                "session": self.current,
                # an appeal filed between sessions may be reviewed at once (RULES 2.10)
                "review_after_session": self.current if self.session_open else None,
            },
        )

    def resolve(self, appeal_id: int, decision: str, reason: str, at: datetime) -> list[Ruling]:
        """Uphold keeps the ruling; overturn reverses all its effects (RULES §2.10)."""
        if decision not in ("uphold", "overturn"):
            raise InvalidArgument(
                "unknown_decision", decision=decision, allowed=("uphold", "overturn")
            )
        appeal = next((a for a in self.appeals if a.id == appeal_id), None)
        if appeal is None:
            raise RuleViolation("unknown_appeal", reason="unknown_appeal", appeal=appeal_id)
        if appeal.status != "pending":
            raise RuleViolation(
                "appeal_already_resolved", reason="already_resolved", appeal=appeal_id
            )
        if appeal.session == self.current and self.session_open:  # RULES 2.10, Decision
            raise RuleViolation(
                "session_running",
                reason="session_running",
                appeal=appeal_id,
                session=appeal.session,
            )
        appeal.status = decision
        changed: list[Ruling] = []
        if decision == "overturn" and appeal.effect is not None:
            changed = self._set_void(self._effect_by_id(appeal.effect), True, at)
        ruling = Ruling(
            "appeal_resolved",
            at,
            "000 2.1",
            {
                "appeal": appeal_id,
                "decision": decision,
                "reason": reason,
                "ruling_appealed": appeal.ruling,
                "player": appeal.by,
            },
        )
        return [ruling, *changed]

    # ---- undoing (RULES §3, Corrections) -------------------------------------------------
    def undo_effect(self, effect_id: int, at: datetime) -> list[Ruling]:
        """What a referee recorded stands no more, as if it had never been: later ladder
        penalties are stepped again and table points that change are announced again."""
        effect = self._effect_by_id(effect_id)
        if effect.void:
            raise RuleViolation("already_undone", reason="already_undone")
        for appeal in self.appeals:  # nothing is left to appeal
            if appeal.effect == effect_id and appeal.status == "pending":
                appeal.status = "withdrawn"
        return self._set_void(effect, True, at)

    def reopen_appeal(self, appeal_id: int, at: datetime) -> list[Ruling]:
        """A decision on an appeal undone: the appeal waits again, and what an overturn
        reversed stands again."""
        appeal = next((a for a in self.appeals if a.id == appeal_id), None)
        if appeal is None or appeal.status == "pending":
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        overturned, appeal.status = appeal.status == "overturn", "pending"
        if not overturned or appeal.effect is None:
            return []
        return self._set_void(self._effect_by_id(appeal.effect), False, at)

    def set_sheet(
        self, session: int, number: int, sheet: list[int] | None, at: datetime
    ) -> list[Ruling]:
        """A table's score sheet put back as it was before the ruling undone (None: never
        scored, to be scored again); its table points, when it has some."""
        table = self.table(session, number)
        if table is None:
            raise RuleViolation("unknown_table", reason="unknown_table", table=number)
        if table.scores == sheet:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        table.scores = None if sheet is None else list(sheet)
        return [] if sheet is None else [self.table_ruling(table, at)]

    def _set_void(self, effect: Effect, void: bool, at: datetime) -> list[Ruling]:
        sessions = range(1, self.current + 1)
        before = {s: self._snapshot(s) for s in sessions}
        effect.void = void
        restepped = self._restep(effect.player, at) if effect.ladder else []
        player, session = effect.player, effect.session
        if effect.kind == "dq":
            if void and player in self.disqualified:
                self.disqualified.remove(player)
            elif not void and player not in self.disqualified:
                self.disqualified.append(player)
        excluded = (session, player) in self.session_dq
        excludes = effect.kind == "dq" or (effect.kind == "lateness" and effect.disqualifies)
        if void and excluded and effect.kind in ("dq", "lateness"):
            self.session_dq.remove((session, player))
        elif not void and session and not excluded and excludes:
            self.session_dq.append((session, player))
        return restepped + [
            table for s in sessions for table in self.changed_tables(before[s], s, at)
        ]

    def _effect_by_id(self, effect_id: int) -> Effect:
        effect = next((e for e in self.effects if e.id == effect_id), None)
        if effect is None:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        return effect

    # ---- the EMA's results file ------------------------------------------------------------
    def record_details(
        self,
        player: str,
        ema: str | None,
        country: str | None,
        name: str | None,
        at: datetime,
        first: str | None = None,
        last: str | None = None,
        team: str | None = None,
    ) -> Ruling:
        """A player's EMA number (8 digits, given to nobody else), country (the two-letter
        code the EMA uses) and real name: ``first`` and ``last``, or ``name`` split at its
        first space ("Jan de Vries": Jan, de Vries) or written "Last, First"."""
        if player not in self.players and player not in self.substitutes:
            raise RuleViolation("not_registered", reason="not_registered", player=player)
        known = self.details.get(player, PlayerDetails())
        if ema is not None and not (ema.isascii() and ema.isdigit() and len(ema) == 8):
            raise InvalidArgument("ema_number_invalid", ema=ema)
        if ema is not None:
            holder = next(
                (p for p, d in self.details.items() if d.ema == ema and p != player), None
            )
            if holder is not None:
                raise RuleViolation("duplicate_ema", reason="bad_input", ema=ema, holder=holder)
        if country is not None:
            code = SAME_COUNTRY.get(country.upper(), country.upper())
            if code not in COUNTRIES:
                raise InvalidArgument("bad_country", country=country)
            country = code
        first_name, last_name = known.first_name, known.last_name
        if name is not None:
            if "," in name:
                last_name, _, first_name = (part.strip() for part in name.partition(","))
            else:
                first_name, _, last_name = (part.strip() for part in name.strip().partition(" "))
        first_name = first.strip() if first is not None else first_name
        last_name = last.strip() if last is not None else last_name
        if (name is not None or first is not None or last is not None) and not (
            first_name or last_name
        ):
            raise InvalidArgument("name_empty")
        if team is not None and not 0 < len(team.strip()) <= 60:
            raise InvalidArgument("team_name", team=team)
        details = PlayerDetails(
            first_name,
            last_name,
            known.ema if ema is None else ema,
            known.country if country is None else country,
            known.team if team is None else " ".join(team.split()),
        )
        self.details[player] = details
        fields = {
            "player": player,
            "first_name": details.first_name or None,
            "last_name": details.last_name or None,
            "ema": details.ema or None,
            "country": details.country or None,
            "team": details.team or None,
        }
        return Ruling("player_details", at, "000 §4", fields)

    def results(self, at: datetime) -> Ruling:
        """The results as the EMA takes them: place, names, EMA number, table points, score,
        country; a disqualified player is there with 0 TP, a substitute only once ranked, a
        player left out for illness not at all; none before a table is scored."""
        self._require_scored()
        final = self.standings(at)["rows"]
        ranks = shared_ranks([(r["tp"], r["score"]) for r in final])
        rows = []
        for rank, row in zip(ranks, final, strict=True):
            details = self.details.get(row["player"], PlayerDetails())
            rows.append(
                {
                    "place": int(rank.rstrip("=")),
                    "player": row["player"],
                    "first_name": details.first_name,
                    "last_name": details.last_name,
                    "ema": details.ema,
                    "tp": row["tp"],
                    "score": row["score"],
                    "country": details.country,
                    "lacking": details.lacking(),
                }
            )
        missing = [row["player"] for row in rows if row["lacking"]]
        fields = {"tournament": self.name, "format": "ema-csv", "rows": rows, "missing": missing}
        return Ruling("export", at, "000 §4", fields)

    # ---- standings -----------------------------------------------------------------------
    def tp_of(self, player: str) -> Fraction:
        return self.scoreboard().tp.get(player, Fraction(0))

    def total_score(self, player: str) -> int:
        return self.scoreboard().score.get(player, 0)

    def scoreboard(self) -> Scoreboard:
        """Every player's table points and score, counted in one pass over the tables and
        the referees' effects: the cost grows with the field, not with its square."""
        deltas: dict[tuple[int, str], int] = {}
        for effect in self.effects:
            if not effect.void:
                for player, delta in effect.deltas.items():
                    key = (effect.session, player)
                    deltas[key] = deltas.get(key, 0) + delta
        forced: dict[tuple[int, int], set[str]] = {}
        for sub in self.subs:  # as ``forced_zero``: an empty seat's substitute plays normally
            if sub.reason in FORCED_ZERO_REASONS and not sub.at_start:
                forced.setdefault((sub.session, sub.table), set()).add(sub.sub)
        excluded: dict[int, set[str]] = {}
        for session, player in self.session_dq:
            excluded.setdefault(session, set()).add(player)
        after = self.placement == PLACEMENT_AFTER
        tp: dict[str, Fraction] = {}
        score: dict[str, int] = {}
        left_out = self.current if self.reopened and self.session_open else 0
        for table in self.tables:
            if table.scores is None or table.session == left_out:
                continue
            scores = {}
            for seat, player in enumerate(table.seats):
                base = table.scores[seat]
                if table.session <= self.current:
                    score[player] = score.get(player, 0) + base
                scores[player] = base + (deltas.get((table.session, player), 0) if after else 0)
            zero = (forced.get((table.session, table.number), set())) | excluded.get(
                table.session, set()
            )
            for player, points in table_points(scores, frozenset(zero & set(table.seats))).items():
                tp[player] = tp.get(player, Fraction(0)) + points
        for (session, player), delta in deltas.items():
            if 1 <= session <= self.current and session != left_out:
                score[player] = score.get(player, 0) + delta
        for player in self.disqualified:
            tp[player] = Fraction(0)
        return Scoreboard(tp, score)

    def profile(self, player: str, at: datetime) -> Ruling:
        """A player's table points, score, disqualification and ladder penalties so far
        (someone neither registered nor a substitute has none: refused)."""
        if player not in self.players and player not in self.substitutes:
            raise RuleViolation("not_registered", reason="not_registered", player=player)
        penalties = sum(1 for e in self.effects if e.player == player and not e.void and e.ladder)
        return Ruling(
            "profile",
            at,
            "000 §4",
            {
                "player": player,
                "rulebook": "mcr",
                "tournament": self.name,
                "tp": self.tp_of(player),
                "score": self.total_score(player),
                "disqualified": player in self.disqualified,
                "penalties": penalties,
                "timeline": self._timeline(player),
            },
        )

    def _timeline(self, player: str) -> list[dict[str, Any]]:
        """The player's sessions with a sheet: table points and score, session by session
        (his profile's chart)."""
        timeline = []
        for session in range(1, self.current + 1):
            table = self.table_of(player, session)
            points = None if table is None else self.table_tp(table)
            if table is not None and points is not None and player in points:
                score = self.session_score(player, session)
                entry = {"session": session, "table": table.number, "tp": points[player]}
                timeline.append(entry | {"score": score})
        return timeline

    def standings(self, at: datetime) -> Ruling:
        """The ranked players (``ranked_players``) by table points, then score (RULES §2.2)."""
        board = self.scoreboard()
        replaced = {sub.out for sub in self.subs}
        disqualified = set(self.disqualified)
        rows: list[dict[str, Any]] = [
            {
                "player": p,
                "tp": board.tp.get(p, Fraction(0)),
                "score": board.score.get(p, 0),
                "disqualified": p in disqualified,
                # replaced by a substitute in some session (RULES §2.9)
                "substituted": p in replaced,
            }
            for p in self.ranked_players
        ]
        rows.sort(key=lambda r: (-r["tp"], -r["score"], r["player"]))
        return Ruling(
            "standings", at, "000 §4", {"rulebook": "mcr", "tournament": self.name, "rows": rows}
        )

    def team_standings(self, at: datetime) -> Ruling:
        """The teams' ranking (ERGMT §3.12), from the same scoreboard as the players'."""
        board = self.scoreboard()
        teams = {player: d.team for player, d in self.details.items() if d.team}
        return team_standings(self.name, board.tp, board.score, teams, self.ranked_players, at)

    @property
    def ranked_players(self) -> list[str]:
        """Who the standings and the results rank: the registered players but those left
        out for illness (RULES 2.9), and the substitutes ranked (ERGMT §3.9)."""
        return [p for p in self.players if p not in self.excluded] + list(self.ranked)

    def exclude(self, player: str, reason: str, at: datetime) -> Ruling:
        """A player replaced for illness left out of the final results (RULES 2.9)."""
        if player not in self.players:
            raise RuleViolation("not_registered", reason="not_registered", player=player)
        if player in self.excluded:
            raise RuleViolation("already_excluded", reason="already_recorded", player=player)
        if not any(s.out == player and s.reason.startswith("ill") for s in self.subs):
            raise RuleViolation("not_replaced_for_illness", reason="not_ill", player=player)
        self.excluded.append(player)
        return Ruling("player_excluded", at, "000 2.9", {"player": player, "reason": reason})

    def include(self, player: str) -> None:
        """An exclusion undone: ranked again."""
        if player in self.excluded:
            self.excluded.remove(player)

    def rank(self, player: str, at: datetime) -> Ruling:
        """A substitute who has played every session from the first is ranked (ERGMT §3.9)."""
        if player not in self.substitutes:
            raise RuleViolation("not_a_substitute", reason="not_a_substitute", player=player)
        if player in self.ranked:
            raise RuleViolation("already_ranked", reason="already_recorded", player=player)
        missed = [s for s in range(1, self.current + 1) if self.table_of(player, s) is None]
        if self.current == 0 or missed:
            raise RuleViolation(
                "not_every_session", reason="not_every_session", player=player, sessions=missed
            )
        self.ranked.append(player)
        fields = {"player": player, "sessions": self.current}
        return Ruling("substitute_ranked", at, "000 2.9", fields)

    def unrank(self, player: str) -> None:
        """A ranking undone: a substitute again, unranked."""
        if player in self.ranked:
            self.ranked.remove(player)

    # ---- helpers -------------------------------------------------------------------------
    def _effect(
        self,
        kind: str,
        player: str,
        deltas: dict[str, int],
        *,
        ladder: bool = False,
        carries_over: bool = False,
        session: int | None = None,
    ) -> Effect:
        session = self.current if session is None else session
        effect = Effect(self._take_id(), session, kind, player, deltas, ladder, carries_over)
        self.effects.append(effect)
        return effect

    def _require_open_session(self) -> None:
        if not self.session_open:
            raise RuleViolation("no_open_session", reason="no_session")

    def _require_participant(self, player: str) -> None:
        if self.current == 0:
            raise RuleViolation("no_session_started", reason="no_session")
        if player not in self.players and player not in self.substitutes:
            raise RuleViolation("not_registered", reason="not_registered", player=player)

    def _take_id(self) -> int:
        value = self.next_id
        self.next_id += 1
        return value
