"""A member's discipline record in a chat: his stops, and where the chat's rulebook warns
for abandonments (the Burraco club, RULES §1.8) his warnings, the measures they bring and
his yellow card, served on screen.

A member's :class:`DisciplineRecord` is the aggregate; every operation takes the instant and
the community's time zone as arguments and returns the rulings it produced. What a warning
brings, how long its stop lasts and the rule its rulings cite are the rulebook's
(:class:`WarningLadder`); a moderator's own stop cites no rulebook (RULES §3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta, tzinfo

from bot.discipline.errors import InvalidArgument, RuleViolation
from bot.discipline.rulings import Ruling

MODERATION = ""  # a manual stop is a moderator's decision, not a rulebook article (RULES §3)
CARD_SECONDS = 15 * 60  # a yellow card is served for 15 minutes on screen
MANUAL = "manual"


@dataclass(frozen=True)
class Assessment:
    """What the n-th warning of the year, d-th of the day, brings."""

    n: int
    d: int
    measure: str
    reasons: tuple[str, ...]

    @property
    def brings_stop(self) -> bool:
        return bool(self.reasons)

    @property
    def cautioned_today(self) -> bool:
        # Decision (RULES §1.8): every warning without a stop leaves the player cautioned for
        # the rest of the day: another warning today is an expulsion.
        return not self.brings_stop


@dataclass(frozen=True)
class WarningLadder:
    """A rulebook's measures for warnings: what the n-th warning of the year, d-th of the
    day, brings (``assess``), how long the stop it brings lasts, and the rule its rulings
    cite (the Burraco club's: RULES §1.8)."""

    assess: Callable[[int, int], Assessment]
    stop: timedelta
    rule: str


def _no_warnings(n: int, d: int) -> Assessment:
    raise LookupError("this chat's rulebook gives no warnings")


# a chat whose rulebook gives no warnings: its members have stops alone, a moderator's
NO_WARNINGS = WarningLadder(_no_warnings, timedelta(0), MODERATION)


@dataclass(frozen=True)
class WarningEntry:
    id: int
    at: datetime
    match: int | None
    annulled: bool = False
    annul_reason: str | None = None
    withdrawn_card: Card | None = None  # the card its annulment took away, for an undo


@dataclass(frozen=True)
class Stop:
    id: int
    kind: str  # expulsion, disqualification or manual
    start: datetime
    end: datetime
    warning_id: int | None = None
    reasons: tuple[str, ...] = ()
    note: str | None = None
    lifted_at: datetime | None = None

    def active_at(self, at: datetime) -> bool:
        return self.lifted_at is None and self.start <= at < self.end


@dataclass(frozen=True)
class Card:
    """The yellow card of one warning: 15 minutes that pass only while on screen."""

    warning_id: int
    balls: int
    served_seconds: int = 0
    on_screen_since: datetime | None = None

    @property
    def on_screen(self) -> bool:
        return self.on_screen_since is not None

    def served_at(self, at: datetime) -> int:
        live = 0
        if self.on_screen_since is not None:
            live = int((at - self.on_screen_since).total_seconds())
        return min(CARD_SECONDS, self.served_seconds + max(0, live))

    def remaining_at(self, at: datetime) -> int:
        return CARD_SECONDS - self.served_at(at)

    def due_at(self) -> datetime | None:
        """When the card will be served if it stays on screen."""
        if self.on_screen_since is None:
            return None
        return self.on_screen_since + timedelta(seconds=CARD_SECONDS - self.served_seconds)


def utc(at: datetime) -> datetime:
    """Durations are real elapsed time: add them in UTC, never on a local wall clock."""
    return at.astimezone(UTC)


def local_day(at: datetime, zone: tzinfo) -> date:
    return at.astimezone(zone).date()


@dataclass
class DisciplineRecord:
    """One player's discipline in one community."""

    player: str
    warnings: list[WarningEntry] = field(default_factory=list)
    stops: list[Stop] = field(default_factory=list)
    card: Card | None = None
    next_id: int = 1
    # the chat's rulebook's: given when the record is read, never stored with it
    ladder: WarningLadder = field(
        default=NO_WARNINGS, compare=False, repr=False, metadata={"stored": False}
    )

    # ---- reading -------------------------------------------------------------------------
    def counts(self, at: datetime, zone: tzinfo) -> tuple[int, int]:
        """(warnings this year, warnings today) in the community's calendar, annulled excluded."""
        day = local_day(at, zone)
        live = [w for w in self.warnings if not w.annulled]
        n = sum(1 for w in live if w.at <= at and local_day(w.at, zone).year == day.year)
        d = sum(1 for w in live if w.at <= at and local_day(w.at, zone) == day)
        return n, d

    def stop_until(self, at: datetime, kind: str | None = None) -> datetime | None:
        """End of the stop in force at ``at`` (overlapping stops end at the latest end); of
        the stops of that ``kind`` only, where one is given (a moderator's: ``MANUAL``)."""
        stops = [s for s in self.stops if kind is None or s.kind == kind]
        ends = [s.end for s in stops if s.active_at(at)]
        if not ends:
            return None
        until = max(ends)
        # a stop that starts before another ends chains with it
        changed = True
        while changed:
            changed = False
            for s in stops:
                if s.lifted_at is None and s.start <= until < s.end:
                    until, changed = s.end, True
        return until

    def active_stops(self, at: datetime) -> list[Stop]:
        return [s for s in self.stops if s.active_at(at)]

    def seating_refusal(self, at: datetime) -> RuleViolation | None:
        """Why this player may not sit now, if he may not (RULES §1.8)."""
        until = self.stop_until(at)
        if until is not None:
            return RuleViolation("stopped", until=until)
        if self.card is not None:
            return RuleViolation("card", remaining_seconds=self.card.remaining_at(at))
        return None

    def cautioned_today(self, at: datetime, zone: tzinfo) -> bool:
        return self.counts(at, zone)[1] >= 1 and self.stop_until(at) is None

    # ---- warnings ------------------------------------------------------------------------
    def add_warning(
        self, at: datetime, zone: tzinfo, match: int | None
    ) -> tuple[WarningEntry, Assessment, Ruling]:
        """One warning for an abandonment against people; a stop or a fresh card follows."""
        at = utc(at)
        entry = WarningEntry(self._take_id(), at, match)
        self.warnings.append(entry)
        n, d = self.counts(at, zone)
        verdict = self.ladder.assess(n, d)
        stop_until = None
        if verdict.brings_stop:
            self.stops.append(
                Stop(
                    self._take_id(),
                    verdict.measure,
                    at,
                    at + self.ladder.stop,
                    entry.id,
                    verdict.reasons,
                )
            )
            stop_until = self.stop_until(at)
            # Decision: the stop is shown instead of a card and also replaces a pending one.
            self.card = None
        else:
            # A new warning replaces a pending card with a fresh 15 minutes (new ball count).
            self.card = Card(entry.id, balls=n)
        ruling = Ruling(
            "warning",
            at,
            self.ladder.rule,
            {
                "player": self.player,
                "n": n,
                "d": d,
                "measure": verdict.measure,
                "reasons": list(verdict.reasons),
                "stop_until": stop_until,
                "card_minutes": None if verdict.brings_stop else CARD_SECONDS // 60,
                "cautioned_today": verdict.cautioned_today,
                "match": match,
                "warning_id": entry.id,
            },
        )
        return entry, verdict, ruling

    def annul_warning(self, warning_id: int, at: datetime, zone: tzinfo, reason: str) -> Ruling:
        """Annul a warning and recompute: unjustified stops and cards are lifted, justified ones
        stay. Decision: annulment never imposes a new measure retroactively."""
        index = next((i for i, w in enumerate(self.warnings) if w.id == warning_id), None)
        if index is None:
            raise RuleViolation("no_such_warning", reason="no_warning", warning=warning_id)
        if self.warnings[index].annulled:
            raise RuleViolation(
                "warning_already_annulled", reason="already_annulled", warning=warning_id
            )
        self.warnings[index] = replace(self.warnings[index], annulled=True, annul_reason=reason)
        justified = self._justified_stop_warnings(zone)
        lifted: list[int] = []
        for i, stop in enumerate(self.stops):
            if stop.warning_id is None or stop.lifted_at is not None:
                continue
            if stop.warning_id not in justified:
                self.stops[i] = replace(stop, lifted_at=at)
                lifted.append(stop.id)
        card_removed = self.card is not None and self.card.warning_id == warning_id
        if card_removed:
            self.warnings[index] = replace(self.warnings[index], withdrawn_card=self.card)
            self.card = None
        n, _ = self.counts(at, zone)
        return Ruling(
            "annulment",
            at,
            self.ladder.rule,
            {
                "player": self.player,
                "warning_id": warning_id,
                "reason": reason,
                "stops_lifted": len(lifted),
                "card_removed": card_removed,
                "n": n,
                "stop_until": self.stop_until(at),
            },
        )

    def _justified_stop_warnings(self, zone: tzinfo) -> set[int]:
        """Warnings that, counted without the annulled ones, still bring a stop."""
        justified: set[int] = set()
        live = sorted((w for w in self.warnings if not w.annulled), key=lambda w: (w.at, w.id))
        for position, entry in enumerate(live):
            day = local_day(entry.at, zone)
            before = live[: position + 1]
            n = sum(1 for w in before if local_day(w.at, zone).year == day.year)
            d = sum(1 for w in before if local_day(w.at, zone) == day)
            if self.ladder.assess(n, d).brings_stop:
                justified.add(entry.id)
        return justified

    # ---- undoing (RULES §3, Corrections) -------------------------------------------------
    def withdraw_warning(
        self, warning_id: int, at: datetime, zone: tzinfo, reason: str
    ) -> tuple[Ruling, list[Ruling]]:
        """The warning annulled, and each stop or card lifted because of it, said on its own
        (``stop_lifted``, ``card_lifted``); a stop still justified stays."""
        stops_before = {s.id for s in self.stops if s.active_at(at)}
        card_before = self.card
        annulment = self.annul_warning(warning_id, at, zone, reason)
        return annulment, self._lifted(at, stops_before, card_before)

    def undo_stop(self, stop_id: int, at: datetime) -> list[Ruling]:
        """A manual stop undone: lifted now if it still runs."""
        index = next((i for i, s in enumerate(self.stops) if s.id == stop_id), None)
        if index is None:
            raise RuleViolation("no_such_stop", reason="nothing_to_change", stop=stop_id)
        stops_before = {s.id for s in self.stops if s.active_at(at)}
        if self.stops[index].lifted_at is None:
            self.stops[index] = replace(self.stops[index], lifted_at=at)
        return self._lifted(at, stops_before, self.card)

    def restore_lifted(self, lifted_at: datetime, at: datetime) -> list[Ruling]:
        """A lift (or an annulment) undone: the stops it lifted come back while they still
        run; the ones already over stay over."""
        restored = []
        for i, stop in enumerate(self.stops):
            if stop.lifted_at == lifted_at and stop.end > at:
                self.stops[i] = replace(stop, lifted_at=None)
                restored.append(self.stops[i])
        return [self._stop_news("stop_restored", stop, at) for stop in restored]

    def restore_warning(self, warning_id: int, annulled_at: datetime, at: datetime) -> list[Ruling]:
        """An annulment undone: the warning counts again, and the stops the annulment lifted
        come back while they still run (no measure is imposed afresh)."""
        index = next((i for i, w in enumerate(self.warnings) if w.id == warning_id), None)
        if index is None or not self.warnings[index].annulled:
            raise RuleViolation("nothing_to_change", reason="nothing_to_change")
        card = self.warnings[index].withdrawn_card
        self.warnings[index] = replace(
            self.warnings[index], annulled=False, annul_reason=None, withdrawn_card=None
        )
        restored = self.restore_lifted(annulled_at, at)
        if card is not None and self.card is None and self.stop_until(at) is None:
            # the card is back as it was, off screen: it goes on screen when he is next here
            self.card = replace(
                card, served_seconds=card.served_at(annulled_at), on_screen_since=None
            )
            restored.append(
                Ruling(
                    "card_restored",
                    at,
                    self.ladder.rule,
                    {"player": self.player, "remaining_seconds": self.card.remaining_at(at)},
                )
            )
        return restored

    def _lifted(
        self, at: datetime, stops_before: set[int], card_before: Card | None
    ) -> list[Ruling]:
        news = [
            self._stop_news("stop_lifted", stop, at)
            for stop in self.stops
            if stop.id in stops_before and not stop.active_at(at)
        ]
        if card_before is not None and self.card is None:
            fields = {"player": self.player, "warning_id": card_before.warning_id}
            news.append(Ruling("card_lifted", at, self.ladder.rule, fields))
        return news

    def _stop_news(self, kind: str, stop: Stop, at: datetime) -> Ruling:
        fields = {
            "player": self.player,
            "kind": stop.kind,
            "stop_until": self.stop_until(at),
            "warning_id": stop.warning_id,
            "stop_id": stop.id,
        }
        rule = MODERATION if stop.kind == MANUAL else self.ladder.rule
        if kind == "stop_lifted":
            return Ruling("stop_lifted", at, rule, fields)
        return Ruling("stop_restored", at, rule, fields)

    def warning_for_match(self, match: int) -> WarningEntry | None:
        return next(
            (w for w in reversed(self.warnings) if w.match == match and not w.annulled), None
        )

    # ---- manual stops --------------------------------------------------------------------
    def impose_stop(self, at: datetime, duration: timedelta, note: str) -> Ruling:
        if duration <= timedelta(0):
            raise InvalidArgument("duration_not_positive", seconds=int(duration.total_seconds()))
        at = utc(at)
        stop = Stop(self._take_id(), MANUAL, at, at + duration, note=note)
        self.stops.append(stop)
        return Ruling(
            "stop",
            at,
            MODERATION,
            {
                "player": self.player,
                "stop_id": stop.id,
                "kind": MANUAL,
                "seconds": int(duration.total_seconds()),
                "stop_until": at + duration,  # its own end; /card gives the effective one
                "reason": note,
            },
        )

    def amend_stop(
        self, stop_id: int, duration: timedelta, at: datetime, note: str | None
    ) -> Ruling:
        """A moderator's stop given a new length, counted from its start; a new end already
        past ends it now (:meth:`stop_ended` says so when nothing else holds him)."""
        if duration <= timedelta(0):
            raise InvalidArgument("duration_not_positive", seconds=int(duration.total_seconds()))
        index = next(
            (i for i, s in enumerate(self.stops) if s.id == stop_id and s.kind == MANUAL), None
        )
        if index is None:
            raise RuleViolation("no_such_stop", reason="nothing_to_change", stop=stop_id)
        stop = self.stops[index]
        if stop.lifted_at is not None or stop.end <= at:
            raise RuleViolation("stop_over", until=stop.lifted_at or stop.end)
        previous = int((stop.end - stop.start).total_seconds())
        self.stops[index] = replace(stop, end=stop.start + duration)
        fields = {
            "player": self.player,
            "stop_id": stop_id,
            "seconds": int(duration.total_seconds()),
            "previous_seconds": previous,
            "stop_until": stop.start + duration,  # its own end, never another stop's
            "reason": note,
            "kind": MANUAL,
        }
        return Ruling("stop_amended", at, MODERATION, fields)

    def lift_stops(self, at: datetime, note: str) -> Ruling:
        """Lift every stop in force (a moderator's decision, with a reason)."""
        if self.stop_until(at) is None:
            raise RuleViolation("not_stopped", reason="not_stopped")
        lifted = [s for s in self.stops if s.lifted_at is None and s.end > at]
        self.stops = [replace(s, lifted_at=at) if s in lifted else s for s in self.stops]
        # the ruling amends a moderator's stop where one was lifted, else the latest
        cited = max(lifted, key=lambda s: (s.kind == MANUAL, s.start))
        news = self._stop_news("stop_lifted", cited, at)
        return Ruling("stop_lifted", at, MODERATION, {**news.fields, "reason": note})

    def status(self, at: datetime, zone: tzinfo, *, warnings: bool = True) -> Ruling:
        """What holds him now, and his warnings of the year and of the day (``/card``);
        where there are no warnings (an MCR chat) only his stop, a moderator's decision."""
        n, d = self.counts(at, zone) if warnings else (None, None)
        fields = {
            "player": self.player,
            "stop_until": self.stop_until(at),
            "n": n,
            "d": d,
            "cautioned_today": self.cautioned_today(at, zone) if warnings else False,
            "reasons": [s.kind for s in self.active_stops(at)],
        }
        return Ruling("card_status", at, self.ladder.rule if warnings else MODERATION, fields)

    def reminder(self, at: datetime) -> Ruling | None:
        """His stop ends soon (None: it ended or was lifted meanwhile)."""
        until = self.stop_until(at)
        if until is None:
            return None
        minutes_left = int((until - at) / timedelta(minutes=1))
        fields = {"player": self.player, "ends_at": until, "minutes_left": minutes_left}
        return Ruling("stop_reminder", at, self._stops_rule(at), fields)

    def _stops_rule(self, at: datetime) -> str:
        """A stop of the rulebook cites it; a moderator's own stop cites nothing (RULES §3)."""
        automatic = any(s.kind != MANUAL for s in self.stops if s.active_at(at))
        return self.ladder.rule if automatic else MODERATION

    def stop_ended(self, at: datetime) -> Ruling | None:
        """His stop is over (None: extended meanwhile; the new end has its own timer)."""
        if self.stop_until(at) is not None:
            return None
        ended = [s for s in self.stops if s.lifted_at is None and s.end <= at]
        latest = max(ended, key=lambda s: s.end, default=None)
        rule = self.ladder.rule if latest is not None and latest.kind != MANUAL else MODERATION
        return Ruling("stop_ended", at, rule, {"player": self.player})

    # ---- the card ------------------------------------------------------------------------
    def card_on_screen(self, at: datetime) -> Ruling | None:
        """The card as it is on screen now; None when it is not on screen."""
        if self.card is None or not self.card.on_screen:
            return None
        fields = {
            "player": self.player,
            "balls": self.card.balls,
            "remaining_seconds": self.card.remaining_at(at),
        }
        return Ruling("card_shown", at, self.ladder.rule, fields)

    def show_card(self, at: datetime) -> Ruling | None:
        """Put the pending card on screen (the player is back); None if nothing to show."""
        if self.card is None:
            return None
        if not self.card.on_screen:
            self.card = replace(self.card, on_screen_since=utc(at))
        return Ruling(
            "card_shown",
            at,
            self.ladder.rule,
            {
                "player": self.player,
                "balls": self.card.balls,
                "remaining_seconds": self.card.remaining_at(at),
            },
        )

    def leave_card(self, at: datetime) -> Ruling:
        """Take the card off screen; the seconds served so far are kept."""
        if self.card is None or not self.card.on_screen:
            raise RuleViolation("card_not_on_screen", reason="no_card")
        served = self.card.served_at(at)
        self.card = replace(self.card, served_seconds=served, on_screen_since=None)
        return Ruling(
            "card_left",
            at,
            self.ladder.rule,
            {
                "player": self.player,
                "served_seconds": served,
                "remaining_seconds": CARD_SECONDS - served,
            },
        )

    def serve_card_if_due(self, at: datetime) -> Ruling | None:
        """Close the card if its 15 on-screen minutes are complete at ``at``."""
        if self.card is None or self.card.remaining_at(at) > 0:
            return None
        self.card = None
        return Ruling("card_served", at, self.ladder.rule, {"player": self.player})

    def _take_id(self) -> int:
        value = self.next_id
        self.next_id += 1
        return value


def stops_list(
    stops: list[tuple[str, datetime]], pending: list[DisciplineRecord], at: datetime, rule: str
) -> Ruling:
    """For moderators: every active stop and every card still to serve."""
    cards = [
        {
            "player": r.player,
            "remaining_seconds": r.card.remaining_at(at),
            "on_screen": r.card.on_screen,
        }
        for r in pending
        if r.card is not None
    ]
    fields = {"stops": [{"player": p, "until": until} for p, until in stops], "cards": cards}
    return Ruling("stops_list", at, rule, fields)
