"""Conduct in the chat, in both rulebooks: warnings counted over a window, the chat's ladder of
measures, mutes and bans, and the chat's own numbered rules (CONSOLE.md, "Chat moderation").

A member's :class:`ConductRecord` is the aggregate. Every operation takes the instant; nothing
here reads a clock. Undoing a warning derives again what the warnings still standing call for,
and only ever lifts or shortens a measure: it never imposes one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from bot.discipline.errors import InvalidArgument, RuleViolation

NONE, MUTE, STOP, BAN = "none", "mute", "stop", "ban"
MEASURES = (MUTE, STOP, BAN)
WARN_WINDOW = timedelta(days=30)
LONGEST = timedelta(days=366)
_DURATION = re.compile(r"(?=\d)(?:(\d{1,5})d)?(?:(\d{1,5})h)?(?:(\d{1,6})m)?")
# a length's units as Italian and Russian readers write them too: giorni; дни, часы, минуты
UNITS = str.maketrans({"g": "d", "д": "d", "ч": "h", "м": "m"})
SETTINGS = "settings"  # the citation of a ruling that applies a chat setting


def setting_cited(key: str) -> str:
    """What a ruling that applies the chat's setting ``key`` cites: ``settings flood``."""
    return f"{SETTINGS} {key}"


def read_duration(text: str) -> timedelta | None:
    """``90m``, ``2h``, ``3d``, ``1d12h``: a positive length of at most a year; else None."""
    match = _DURATION.fullmatch(text.strip().lower().translate(UNITS))
    if match is None:
        return None
    days, hours, minutes = (int(part or 0) for part in match.groups())
    length = timedelta(days=days, hours=hours, minutes=minutes)
    return length if timedelta(0) < length <= LONGEST else None


def written_as_duration(text: str) -> bool:
    """Whether ``text`` is written as a length (``0m``, ``400d`` too), usable or not: what
    tells "not a duration" from "a duration out of range"."""
    return _DURATION.fullmatch(text.strip().lower().translate(UNITS)) is not None


@dataclass(frozen=True)
class Step:
    """The measure the ``count``-th warning within the window brings (``duration`` None: a ban
    until lifted)."""

    count: int
    measure: str
    duration: timedelta | None = None

    def written(self) -> str:
        if self.duration is None:
            return f"{self.count}:{self.measure}"
        minutes = int(self.duration.total_seconds() // 60)
        days, rest = divmod(minutes, 24 * 60)
        hours, minutes = divmod(rest, 60)
        parts = [f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
        return f"{self.count}:{self.measure} {''.join(parts)}"


@dataclass(frozen=True)
class Ladder:
    """The chat's ladder: each step from its count on, until the next step's count."""

    steps: tuple[Step, ...]

    def step_for(self, count: int) -> Step | None:
        found = None
        for step in self.steps:
            if step.count <= count:
                found = step
        return found

    def written(self) -> str:
        return ", ".join(step.written() for step in self.steps) or NONE

    @classmethod
    def read(cls, text: str) -> Ladder:
        """``2:mute 1h, 3:stop 24h, 4:ban`` (``none``: warnings bring no measure), in any
        order, each count once; a mute and a stop have a length; a ban may have one."""
        if text.strip().lower() in (NONE, ""):
            return cls(())
        steps: list[Step] = []
        for part in text.split(","):
            count, colon, rest = part.strip().partition(":")
            words = rest.split()
            if not colon or not count.isdigit() or not words or len(words) > 2:
                raise InvalidArgument("bad_ladder", got=part.strip())
            measure = words[0].lower()
            duration = read_duration(words[1]) if len(words) == 2 else None
            if measure not in MEASURES or (len(words) == 2 and duration is None):
                raise InvalidArgument("bad_ladder", got=part.strip())
            if duration is None and measure != BAN:
                raise InvalidArgument("bad_ladder", got=part.strip())
            if not 1 <= int(count) <= 99 or any(step.count == int(count) for step in steps):
                raise InvalidArgument("bad_ladder", got=part.strip())
            steps.append(Step(int(count), measure, duration))
        return cls(tuple(sorted(steps, key=lambda step: step.count)))


DEFAULT_LADDER = Ladder(
    (Step(2, MUTE, timedelta(hours=1)), Step(3, STOP, timedelta(hours=24)), Step(4, BAN))
)


@dataclass(frozen=True)
class ConductWarning:
    id: int  # the ruling that gave it
    at: datetime
    rule: int | None = None
    withdrawn: bool = False


@dataclass(frozen=True)
class Restriction:
    """A mute, a ban or a stop the ladder brought (the stop itself is the discipline
    record's: ``stop`` names it there)."""

    id: int  # the ruling that imposed it
    kind: str  # mute, ban, stop
    start: datetime
    until: datetime | None  # None: until lifted
    warning: int | None = None  # the warning whose step brought it
    stop: int | None = None
    lifted_at: datetime | None = None
    undone: bool = False  # its ruling was undone: a lift undone never brings it back

    def active_at(self, at: datetime) -> bool:
        return (
            self.lifted_at is None and self.start <= at and (self.until is None or at < self.until)
        )


@dataclass
class ConductRecord:
    """One member's conduct in one chat."""

    player: str
    warnings: list[ConductWarning] = field(default_factory=list)
    restrictions: list[Restriction] = field(default_factory=list)
    join_check: int | None = None  # the ruling that keeps a new member muted until he passes

    # ---- reading -------------------------------------------------------------------------
    def count_at(self, at: datetime, window: timedelta) -> int:
        """Standing warnings within the window that ends at ``at``."""
        return sum(1 for w in self.warnings if not w.withdrawn and at - window < w.at <= at)

    def active(self, kind: str, at: datetime) -> list[Restriction]:
        return [r for r in self.restrictions if r.kind == kind and r.active_at(at)]

    def muted_until(self, at: datetime) -> datetime | None:
        ends = [r.until for r in self.active(MUTE, at) if r.until is not None]
        return max(ends) if ends else None

    def muted_past(self, at: datetime, until: datetime) -> bool:
        """Whether a mute in force already lasts until ``until`` or beyond: an automatic
        mute (flood, blocklist) would then only shorten it, and is not given."""
        return any(r.until is None or r.until >= until for r in self.active(MUTE, at))

    def ban(self, at: datetime) -> Restriction | None:
        """The ban in force; a ban until lifted before any timed one."""
        bans = self.active(BAN, at)
        return min(
            bans, key=lambda r: (r.until is not None, -(r.until or at).timestamp()), default=None
        )

    # ---- deciding ------------------------------------------------------------------------
    def assess(
        self, at: datetime, window: timedelta, ladder: Ladder, *, exempt: bool = False
    ) -> tuple[int, Step | None]:
        """What a warning given now would be: its count within the window, and the step it
        brings (None for a moderator, whom the ladder never touches)."""
        count = self.count_at(at, window) + 1
        return count, None if exempt else ladder.step_for(count)

    def add_warning(self, warning_id: int, at: datetime, rule: int | None) -> None:
        self.warnings.append(ConductWarning(warning_id, at, rule))

    def restrict(
        self,
        ruling_id: int,
        kind: str,
        at: datetime,
        duration: timedelta | None,
        *,
        warning: int | None = None,
        stop: int | None = None,
        replacing: bool = True,
    ) -> Restriction:
        """A new mute (or ban) replaces the one in force: the latest decision holds, and
        says when it ends (a stop the ladder brought is the discipline record's)."""
        if duration is not None and duration <= timedelta(0):
            raise InvalidArgument("duration_not_positive", seconds=int(duration.total_seconds()))
        if replacing and kind != STOP:
            self._lift_where(lambda r: r.kind == kind, at)
        until = at + duration if duration is not None else None
        restriction = Restriction(ruling_id, kind, at, until, warning, stop)
        self.restrictions.append(restriction)
        return restriction

    def lift(self, kind: str, at: datetime) -> list[Restriction]:
        """Every mute (or ban) in force lifted now; refused when there is none."""
        lifted = self._lift_where(lambda r: r.kind == kind, at)
        if lifted:
            return lifted
        if kind == MUTE:
            raise RuleViolation("not_muted")
        raise RuleViolation("not_banned")

    def undo_restriction(self, ruling_id: int, at: datetime) -> list[Restriction]:
        """The measure a ruling imposed, lifted if it still runs, and never restored."""
        lifted = self._lift_where(lambda r: r.id == ruling_id, at)
        for index, found in enumerate(self.restrictions):
            if found.id == ruling_id:
                self.restrictions[index] = replace(found, undone=True)
        return lifted

    def restore(self, lifted_at: datetime, kind: str, at: datetime) -> list[Restriction]:
        """A lift undone: what it lifted comes back while it still runs."""
        restored = []
        for index, found in enumerate(self.restrictions):
            running = (found.until is None or found.until > at) and not found.undone
            if found.kind == kind and found.lifted_at == lifted_at and running:
                self.restrictions[index] = replace(found, lifted_at=None)
                restored.append(self.restrictions[index])
        return restored

    def await_check(self, ruling_id: int, at: datetime, length: timedelta) -> None:
        """A new member, muted until he shows he is a person (or the time runs out)."""
        self.restrict(ruling_id, MUTE, at, length, replacing=False)  # a mute is not escaped
        self.join_check = ruling_id

    def end_check(self, at: datetime) -> int:
        """The join check settled (passed, or failed): its mute goes. Returns its ruling;
        refused when none waits."""
        waiting = self.join_check
        if waiting is None:
            raise RuleViolation("no_join_check")
        self._lift_where(lambda r: r.id == waiting, at)
        self.join_check = None
        return waiting

    def amend(self, ruling_id: int, duration: timedelta, at: datetime) -> Restriction:
        """A measure's length changed, counted from its start."""
        for index, found in enumerate(self.restrictions):
            if found.id == ruling_id:
                self.restrictions[index] = replace(found, until=found.start + duration)
                return self.restrictions[index]
        raise RuleViolation("nothing_to_change")

    def ended(self, kind: str, at: datetime) -> Restriction | None:
        """The measure of that kind that has just run out, when none other holds him."""
        if self.active(kind, at):
            return None
        over = [
            r
            for r in self.restrictions
            if r.kind == kind and r.lifted_at is None and r.until is not None and r.until <= at
        ]
        return max(over, key=lambda r: r.until or at, default=None)

    def withdraw_warning(
        self, warning_id: int, at: datetime, window: timedelta, ladder: Ladder
    ) -> list[Restriction]:
        """A warning undone. Each warning still standing is counted again; a measure its
        step no longer calls for (or no longer for as long) is lifted or shortened. Returns
        the measures lifted or shortened, as they now are."""
        index = next((i for i, w in enumerate(self.warnings) if w.id == warning_id), None)
        if index is None or self.warnings[index].withdrawn:
            raise RuleViolation("nothing_to_change")
        self.warnings[index] = replace(self.warnings[index], withdrawn=True)
        changed = self._lift_where(lambda r: r.warning == warning_id, at)
        for position, found in enumerate(self.restrictions):
            if found.warning is None or not found.active_at(at):
                continue
            given = next((w for w in self.warnings if w.id == found.warning), None)
            if given is None or given.withdrawn:
                continue
            step = ladder.step_for(self.count_at(given.at, window))
            if step is None or step.measure != found.kind:
                self.restrictions[position] = replace(found, lifted_at=at)
            elif step.duration is not None and (
                found.until is None or found.start + step.duration < found.until
            ):
                self.restrictions[position] = replace(found, until=found.start + step.duration)
            else:
                continue
            changed.append(self.restrictions[position])
        return changed

    def _lift_where(self, chosen: Callable[[Restriction], bool], at: datetime) -> list[Restriction]:
        lifted = []
        for index, found in enumerate(self.restrictions):
            if chosen(found) and found.active_at(at):
                self.restrictions[index] = replace(found, lifted_at=at)
                lifted.append(self.restrictions[index])
        return lifted


@dataclass(frozen=True)
class ChatRule:
    number: int
    text: str
    removed: bool = False


@dataclass
class ChatRules:
    """The chat's own rules, numbered; a removed rule's number is never given again."""

    rules: list[ChatRule] = field(default_factory=list)
    last_number: int = 0
    LONGEST_TEXT = 500

    def standing(self) -> list[ChatRule]:
        return [rule for rule in self.rules if not rule.removed]

    def cite(self, number: int) -> ChatRule:
        found = next((r for r in self.rules if r.number == number and not r.removed), None)
        if found is None:
            raise RuleViolation("unknown_rule", rule=number)
        return found

    def add(self, text: str) -> ChatRule:
        self.last_number += 1
        rule = ChatRule(self.last_number, self._checked(text))
        self.rules.append(rule)
        return rule

    def edit(self, number: int, text: str) -> ChatRule:
        found = self.cite(number)
        edited = replace(found, text=self._checked(text))
        self.rules[self.rules.index(found)] = edited
        return edited

    def remove(self, number: int) -> ChatRule:
        found = self.cite(number)
        removed = replace(found, removed=True)
        self.rules[self.rules.index(found)] = removed
        return removed

    def restore(self, rule: ChatRule) -> None:
        """An undo: the rule as it was before the ruling undone."""
        for index, found in enumerate(self.rules):
            if found.number == rule.number:
                self.rules[index] = rule
                return
        self.rules.append(rule)
        self.last_number = max(self.last_number, rule.number)

    def _checked(self, text: str) -> str:
        text = " ".join(text.split())
        if not text:
            raise InvalidArgument("missing_argument", arg="text")
        if len(text) > self.LONGEST_TEXT:
            raise InvalidArgument("text_too_long", arg="text", limit=self.LONGEST_TEXT)
        return text


__all__ = [
    "BAN",
    "DEFAULT_LADDER",
    "MUTE",
    "NONE",
    "STOP",
    "UNITS",
    "WARN_WINDOW",
    "ChatRule",
    "ChatRules",
    "ConductRecord",
    "ConductWarning",
    "Ladder",
    "Restriction",
    "Step",
    "read_duration",
]
