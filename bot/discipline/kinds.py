"""The catalogue of ruling kinds: one declaration per kind of decision or display.

Everything the rest of the bot needs to know about a kind is declared here, once: its fields,
whether it is appended to the rulings (a decision) or only shown (a display), whether only its
reader should see it, its picture, its buttons as platform-neutral actions, whether the
moderators' log receives a copy, which platform message is kept to be edited, and its effect
on the platform (a mute while a stop lasts). Adding a kind is one entry here plus its messages
in ``locales/``; the command layer, the delivery layer and every platform read this table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Action:
    """A button under a message: its label (message id ``button-<label>``), the verb it
    performs and the ruling field whose value the verb takes (None: no argument)."""

    label: str
    verb: str
    argument: str | None = None
    link: bool = False  # opens the address in the ruling's ``argument`` field (no press)
    owner: bool = False  # only the ruling's player may press it (his card)
    proposal: bool = False  # ``argument`` names a proposal's token


@dataclass(frozen=True)
class Mute:
    """The member may not write in the chat until ``until`` (a manual stop)."""

    player: str
    until: datetime
    reason: str | None = None


@dataclass(frozen=True)
class Unmute:
    """The member may write again (a stop lifted)."""

    player: str
    reason: str | None = None


@dataclass(frozen=True)
class Remove:
    """The member is put out of the chat: banned (until ``until``, or until lifted) or, for
    a kick, free to come back at once."""

    player: str
    ban: bool
    until: datetime | None = None
    reason: str | None = None


@dataclass(frozen=True)
class Readmit:
    """The member may come back (a ban lifted or over)."""

    player: str
    reason: str | None = None


Effect = Mute | Unmute | Remove | Readmit

# who may read a kind's content, wherever it is shown again (/ruling, /history, the pages)
CHAT = "chat"  # every member of the chat
CONCERNED = "concerned"  # the player it is about, and the moderators
MODERATORS = "moderators"  # the moderators alone


@dataclass(frozen=True)
class Kind:
    name: str
    fields: tuple[str, ...] = ()
    stored: bool = True  # a decision, numbered and appended; False: a display, shown only
    private: bool = False  # only its reader should see it, where the platform can do that
    audience: str = CHAT  # who may read it (CHAT, CONCERNED, MODERATORS)
    picture: str | None = None  # the picture drawn with its text (bot.pictures)
    actions: tuple[Action, ...] = ()
    moderator_log: bool = False  # copied to the moderators' log channel where there is one
    tracked: str | None = None  # the platform message is remembered under this purpose
    effect: Callable[[Mapping[str, Any]], Effect | None] | None = None
    open_fields: bool = False  # carries fields of its own beyond those named (a refusal's)
    paged: bool = False  # a long one is shown a page at a time, turned with buttons
    log_buttons: bool = False  # its buttons stand under it in the moderators' log too
    listed: bool = True  # shown in /history (seats taken and readiness are left out)
    # a kind whose picture is not always drawn: when it is
    picture_if: Callable[[Mapping[str, Any]], bool] | None = None

    def has_picture(self, ruling: Mapping[str, Any]) -> bool:
        return self.picture is not None and (self.picture_if is None or self.picture_if(ruling))

    def readable_by(self, ruling: Mapping[str, Any], reader: str | None, moderator: bool) -> bool:
        """Whether ``reader`` (a member's key; None: anyone, as a public page) may read a
        ruling of this kind."""
        if self.audience == CHAT or moderator:
            return True
        return self.audience == CONCERNED and reader is not None and ruling.get("player") == reader


def _manual_stop_mutes(ruling: Mapping[str, Any]) -> Effect | None:
    if ruling.get("kind") != "manual" or not ruling.get("stop_until"):
        return None
    until = ruling["stop_until"]
    when = until if isinstance(until, datetime) else datetime.fromisoformat(until)
    return Mute(ruling["player"], when, ruling.get("reason"))


def _lift_unmutes(ruling: Mapping[str, Any]) -> Effect | None:
    return Unmute(ruling["player"], ruling.get("reason"))


def _manual_stop_changed(ruling: Mapping[str, Any]) -> Effect | None:
    """A manual stop lifted or restored by an undo: silent until the stops left end."""
    if ruling.get("kind") != "manual":
        return None  # the rulebook's stops keep him from the tables, not from the chat
    until = ruling.get("stop_until")
    if not until:
        return Unmute(ruling["player"])
    return Mute(
        ruling["player"], until if isinstance(until, datetime) else datetime.fromisoformat(until)
    )


def _instant(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value)


def _muted(ruling: Mapping[str, Any]) -> Effect | None:
    until = _instant(ruling.get("until"))
    return None if until is None else Mute(ruling["player"], until, ruling.get("reason"))


def _unmuted(ruling: Mapping[str, Any]) -> Effect | None:
    return Unmute(ruling["player"], ruling.get("reason"))


def _removed(ban: bool) -> Callable[[Mapping[str, Any]], Effect | None]:
    def effect(ruling: Mapping[str, Any]) -> Effect | None:
        return Remove(ruling["player"], ban, _instant(ruling.get("until")), ruling.get("reason"))

    return effect


def _readmitted(ruling: Mapping[str, Any]) -> Effect | None:
    return Readmit(ruling["player"], ruling.get("reason"))


_PENALTY_FIELDS = ("player", "kind", "step", "points", "effect", "session")

# the settings as /settings shows them, and as a change of them announces them
SETTINGS_FIELDS = (
    "changed",
    "rulebook",
    "lang",
    "ready_clock",
    "tz",
    "moderator_role",
    "channel",
    "log",
    "web_reasons",
    "warn_ladder",
    "warn_window",
    "table_ttl",
    "flood",
    "flood_mute",
    "welcome",
    "captcha",
    "missing_rights",
)

CATALOGUE: tuple[Kind, ...] = (
    # ---- displays: shown to the reader, never appended -----------------------------------
    Kind(
        "help",
        ("player", "command", "usage", "moderator", "commands", "rulebook", "keywords"),
        stored=False,
        private=True,
    ),
    Kind("lang", ("player", "lang"), stored=False, private=True),
    Kind(
        "profile",
        (
            "player",
            "rulebook",
            "tournament",
            "tp",
            "score",
            "disqualified",
            "penalties",
            "timeline",
            "tallies",
            "points",
            "matches",
            "average",
            "warnings_year",
            "warnings_today",
            "warnings_by_year",
            "stop_until",
            "card_remaining_seconds",
            "conduct",
        ),
        stored=False,
        private=True,
        picture="profile_chart",
        picture_if=lambda ruling: bool(ruling.get("timeline")),  # a first match to chart
    ),
    Kind(
        "standings",
        (
            "rulebook",
            "tally",
            "tournament",
            "rows",
            "first_rank",
            "total",
            "page",
            "pages",
            "web_url",
            "final",
        ),
        stored=False,
        picture="standings_table",
        paged=True,
        actions=(Action("web", "open", "web_url", link=True),),
    ),
    Kind("history", ("player", "entries"), stored=False, private=True, paged=True),
    Kind(
        "log",
        ("entries", "page", "pages", "filtered"),
        stored=False,
        private=True,
        paged=True,
        audience=MODERATORS,
    ),
    Kind(
        "settings",
        SETTINGS_FIELDS,
        stored=False,
    ),
    Kind(
        "refused",
        ("player", "reason", "code", "command", "details"),
        stored=False,
        private=True,
        open_fields=True,
    ),
    Kind(
        "proposal",
        ("proposal", "command", "player", "expires_at", "minutes", "preview"),
        stored=False,
        actions=(
            Action("approve", "approve", "proposal", proposal=True),
            Action("reject", "reject", "proposal", proposal=True),
        ),
    ),
    Kind("proposal_cancelled", ("proposal", "player", "proposer"), stored=False),
    Kind(
        "card_shown",
        ("player", "balls", "remaining_seconds"),
        stored=False,
        private=True,
        picture="yellow_card",
        actions=(Action("leave", "leave", owner=True),),
        tracked="card",
    ),
    Kind(
        "card_tick",
        ("player", "remaining_seconds"),
        stored=False,
        private=True,
        actions=(Action("leave", "leave", owner=True),),
    ),
    Kind(
        "card_left",
        ("player", "served_seconds", "remaining_seconds"),
        stored=False,
        private=True,
        actions=(Action("card", "card", owner=True),),
    ),
    Kind(
        "card_status",
        ("player", "stop_until", "n", "d", "cautioned_today", "reasons"),
        stored=False,
        private=True,
    ),
    Kind("stops_list", ("stops", "cards", "measures"), stored=False, paged=True),
    Kind("team_standings", ("tournament", "rows"), stored=False, paged=True),
    Kind("clock_status", ("session", "ends_at", "left_seconds"), stored=False),
    Kind("clock_started", ("session", "ends_at"), moderator_log=True),
    Kind("clock_warning", ("session", "ends_at", "left_seconds")),
    Kind("clock_ended", ("session",)),
    Kind("clock_stopped", ("session", "left_seconds"), moderator_log=True),
    Kind("web_page", ("url", "rotated"), stored=False, private=True),
    Kind("tables", ("tables",), stored=False, paged=True),
    Kind(
        "ruling",
        ("id", "decision", "standing", "at", "rule", "fields", "since", "reversed_by", "private"),
        stored=False,
        private=True,
    ),
    # ---- common decisions ---------------------------------------------------------------
    Kind(
        "settings_changed",
        SETTINGS_FIELDS,
    ),
    Kind(
        "stop",
        ("player", "kind", "seconds", "stop_until", "reason", "stop_id", "warning"),
        moderator_log=True,
        effect=_manual_stop_mutes,
    ),
    Kind(
        "stop_amended",
        (
            "player",
            "amends",
            "seconds",
            "previous_seconds",
            "stop_until",
            "reason",
            "stop_id",
            "kind",
        ),
        moderator_log=True,
        effect=_manual_stop_changed,
    ),
    # ---- chat moderation: the chat's rules, conduct, reports --------------------------------
    Kind("chat_rules", ("rules", "removed"), stored=False, paged=True),
    Kind("chat_rule", ("action", "number", "text", "previous"), moderator_log=True),
    Kind(
        "conduct_warning",
        ("player", "count", "rule", "measure", "reason", "window_seconds", "exempt"),
        moderator_log=True,
    ),
    Kind(
        "muted",
        ("player", "until", "reason", "warning", "amends"),
        moderator_log=True,
        effect=_muted,
    ),
    Kind("unmuted", ("player", "reason", "amends"), moderator_log=True, effect=_unmuted),
    Kind(
        "flood_muted",
        ("player", "messages", "seconds", "until"),
        moderator_log=True,
        effect=_muted,
    ),
    Kind("kicked", ("player", "reason"), moderator_log=True, effect=_removed(False)),
    Kind(
        "banned",
        ("player", "until", "reason", "warning", "amends"),
        moderator_log=True,
        effect=_removed(True),
    ),
    Kind("unbanned", ("player", "reason", "amends"), moderator_log=True, effect=_readmitted),
    Kind("ban_ended", ("player",), moderator_log=True, effect=_readmitted),
    Kind(
        "report",
        ("reporter", "player", "excerpt", "reason"),
        audience=MODERATORS,
        actions=(
            Action("report-dismiss", "dismiss", "id"),
            Action("report-warn", "report_warn", "id"),
            Action("report-mute", "report_mute", "id"),
            Action("report-ban", "report_ban", "id"),
        ),
        log_buttons=True,
    ),
    Kind("report_received", ("player", "reported"), stored=False, private=True),
    Kind("log_link", ("player", "code"), stored=False, private=True, audience=MODERATORS),
    Kind("log_linked", ("player",), stored=False),
    Kind("welcome", ("player", "text", "rules"), stored=False),
    Kind(
        "join_check",
        ("player", "until", "seconds"),
        actions=(Action("join-pass", "pass", owner=True),),
        effect=_muted,
    ),
    Kind("join_check_passed", ("player", "amends"), effect=_unmuted),
    Kind(
        "join_check_failed",
        ("player", "amends", "reason"),
        moderator_log=True,
        effect=_removed(False),
    ),
    Kind("report_dismissed", ("amends", "player", "reason"), audience=MODERATORS),
    Kind("reports", ("reports",), stored=False, private=True, paged=True, audience=MODERATORS),
    # ---- undoing (RULES §3, Corrections): the undo, then what changed because of it ------
    Kind("undone", ("amends", "decision", "player", "reason"), moderator_log=True),
    Kind(
        "stop_lifted",
        ("player", "amends", "kind", "stop_until", "warning_id", "stop_id"),
        effect=_manual_stop_changed,
    ),
    Kind(
        "stop_restored",
        ("player", "amends", "kind", "stop_until", "warning_id", "stop_id"),
        effect=_manual_stop_changed,
    ),
    Kind("card_lifted", ("player", "amends", "warning_id")),
    Kind("card_restored", ("player", "amends", "remaining_seconds")),
    Kind("lift", ("player", "reason"), moderator_log=True, effect=_lift_unmutes),
    Kind("stop_reminder", ("player", "ends_at", "minutes_left")),
    Kind("stop_ended", ("player",)),
    # ---- Burraco ------------------------------------------------------------------------
    Kind(
        "table_opened",
        (
            "match",
            "table",
            "ruleset",
            "format",
            "hands",
            "official",
            "ai",
            "final",
            "provisional_table",
            "provenance",
            "seats",
            "player",
        ),
        actions=(Action("sit", "sit", "table"),),
    ),
    Kind("seated", ("match", "player", "side", "seated", "seats"), listed=False),
    Kind("stood", ("match", "player"), listed=False),
    Kind("table_closed", ("table", "match", "player", "reason", "ttl_seconds")),
    Kind("match_resumed", ("match", "players", "amends")),
    Kind("match_started", ("match", "players", "hands", "turn_seconds")),
    Kind("hand_recorded", ("match", "hand", "hands", "mp_ns", "mp_ew", "difference_ns", "player")),
    Kind("awaiting_vp", ("match",)),
    Kind(
        "ready_window",
        ("match", "players", "seconds", "closes_at"),
        actions=(Action("ready", "ready", "match"),),
    ),
    Kind("ready", ("match", "player", "waiting_for", "all_ready"), listed=False),
    Kind("next_hand", ("match", "hand", "hands"), listed=False),
    Kind(
        "result_reported",
        ("match", "player", "vp", "confirm_within_minutes"),
        actions=(Action("confirm", "confirm", "match"), Action("dispute", "dispute", "match")),
    ),
    Kind("result_disputed", ("match", "player", "reason", "vp")),
    Kind(
        "match_corrected",
        ("match", "ruleset", "hands", "format", "official", "vp", "points", "amends"),
        moderator_log=True,
    ),
    Kind("match_voided", ("match", "undone", "reason"), moderator_log=True),
    Kind(
        "match_result",
        ("match", "ruleset", "hands", "format", "official", "vp", "points", "provisional_table"),
    ),
    Kind(
        "abandonment",
        (
            "match",
            "player",
            "vp",
            "points",
            "null_for",
            "warning",
            "cause",
            "official",
            "hands",
            "fee_refunded_to",
        ),
        moderator_log=True,
    ),
    Kind("turn_expired", ("match", "player", "in_a_row", "turn_seconds"), moderator_log=True),
    Kind("turn_played", ("match", "player"), listed=False),
    Kind(
        "warning",
        (
            "player",
            "n",
            "d",
            "measure",
            "reasons",
            "stop_until",
            "card_minutes",
            "cautioned_today",
            "match",
            "warning_id",
        ),
        picture="red_card",
        picture_if=lambda ruling: bool(ruling.get("stop_until")),  # a warning with a stop
    ),
    Kind(
        "annulment",
        (
            "player",
            "warning_id",
            "reason",
            "stops_lifted",
            "card_removed",
            "n",
            "stop_until",
            "match",
        ),
        moderator_log=True,
    ),
    Kind("card_served", ("player",)),
    Kind("year_reset", ("year",)),
    # ---- MCR ----------------------------------------------------------------------------
    Kind("tournament_created", ("tournament", "id", "sessions"), moderator_log=True),
    Kind("registered", ("players", "registered")),
    Kind("unregistered", ("player", "registered")),
    Kind(
        "players",
        ("tournament", "players", "registered", "substitutes", "disqualified"),
        stored=False,
        paged=True,
    ),
    Kind(
        "tournament_finished",
        ("tournament", "sessions", "rulebook", "rows", "unscored"),
        picture="standings_table",
        moderator_log=True,
    ),
    Kind(
        "session_started",
        ("session", "sessions", "tables", "empty_seats"),
        moderator_log=True,
        paged=True,  # a large field's tables come a page at a time
    ),
    Kind(
        "session_ended",
        ("session", "sessions", "pending_appeals", "tables", "unscored"),
        moderator_log=True,
    ),
    Kind("appeal_reminder", ("appeal", "ruling_appealed", "player", "text")),
    Kind("seating", ("session", "table", "seats", "replacing")),
    Kind("referee_call", ("player", "note", "referees")),
    Kind(
        "seating_plan",
        (
            "sessions",
            "seed",
            "repeat_meetings",
            "most_meetings",
            "wind_balance",
            "players",
            "separate",
            "same_team_meetings",
            "amends",
            "redrawn",
        ),
        moderator_log=True,
    ),
    Kind("seating_withdrawn", ("amends", "players", "needed"), moderator_log=True),
    Kind("seating_view", ("session", "tables"), stored=False, paged=True),
    Kind(
        "tournaments",
        ("tournaments",),
        stored=False,
        paged=True,
    ),
    Kind("player_excluded", ("player", "reason"), moderator_log=True),
    Kind("substitute_ranked", ("player", "sessions"), moderator_log=True),
    Kind(
        "player_details",
        ("player", "first_name", "last_name", "ema", "country", "team"),
        private=True,
        audience=CONCERNED,
    ),
    Kind("export", ("tournament", "format", "rows", "file", "missing"), picture="ema_csv"),
    Kind(
        "hand_won",
        ("session", "table", "hand", "winner", "fan", "flowers", "discarder", "paid"),
    ),
    Kind("hand_washout", ("session", "table", "hand")),
    Kind("hand_check", ("hand", "fan", "valid", "fans", "reason"), stored=False),
    Kind(
        "table_points",
        ("session", "table", "scores", "sheet", "tp", "forced_zero", "amends", "seats", "hands"),
        picture="score_sheet",
        picture_if=lambda ruling: bool(ruling.get("hands")),  # a table kept hand by hand
    ),
    Kind(
        "score_corrected",
        ("session", "table", "scores", "sheet", "tp", "forced_zero", "amends", "seats", "hands"),
        moderator_log=True,
    ),
    Kind(
        "penalty",
        (*_PENALTY_FIELDS, "extra", "total", "carries_over", "amends"),
        moderator_log=True,
    ),
    Kind("no_penalty", ("player", "kind", "effect", "session")),
    Kind(
        "lateness",
        ("player", "minutes", "points", "disqualified", "effect", "session"),
        moderator_log=True,
    ),
    Kind("dead_hand", ("player", "kind", "effect", "session"), moderator_log=True),
    Kind(
        "false_hu",
        ("player", "variant", "exposed", "paid", "total", "effect", "session"),
        moderator_log=True,
    ),
    Kind("disqualification", ("player", "reason", "effect", "session"), moderator_log=True),
    Kind(
        "substitution",
        ("player", "substitute", "reason", "table", "session", "substitute_tp_forced_zero"),
        moderator_log=True,
    ),
    Kind(
        "appeal", ("appeal", "ruling_appealed", "player", "text", "session", "review_after_session")
    ),
    Kind(
        "appeal_resolved",
        ("appeal", "decision", "reason", "ruling_appealed", "player"),
        moderator_log=True,
    ),
)

KINDS: dict[str, Kind] = {kind.name: kind for kind in CATALOGUE}
UNLISTED = tuple(kind.name for kind in CATALOGUE if not kind.listed)


def register_kinds(kinds: tuple[Kind, ...]) -> None:
    """A rulebook's own kinds, beside the catalogue (its names may not take a shared one)."""
    for kind in kinds:
        if KINDS.get(kind.name, kind) != kind:
            raise ValueError(f"the ruling kind {kind.name} is declared twice")
        KINDS[kind.name] = kind


def withdraw_kinds(kinds: tuple[Kind, ...]) -> None:
    for kind in kinds:
        KINDS.pop(kind.name, None)


def kind_of(name: str | None) -> Kind:
    """The declaration of a kind; an unknown name (a ruling stored by an older version)
    behaves as a plain public decision."""
    return KINDS.get(name or "") or Kind(name or "")


__all__ = [
    "CATALOGUE",
    "CHAT",
    "CONCERNED",
    "KINDS",
    "MODERATORS",
    "Action",
    "Effect",
    "Kind",
    "Mute",
    "Readmit",
    "Remove",
    "Unmute",
    "kind_of",
    "register_kinds",
    "withdraw_kinds",
]
