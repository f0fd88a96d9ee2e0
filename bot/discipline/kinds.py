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
    choices: bool = False  # a button for each row ({label, token}) of ``argument``


@dataclass(frozen=True)
class Mute:
    """The member may not write in the chat until ``until`` (a manual stop)."""

    player: str
    until: datetime
    reason: str | None = None
    by: str | None = None  # the moderator who decided it (the platform's own log names him)


@dataclass(frozen=True)
class Unmute:
    """The member may write again (a stop lifted)."""

    player: str
    reason: str | None = None
    by: str | None = None


@dataclass(frozen=True)
class Remove:
    """The member is put out of the chat: banned (until ``until``, or until lifted) or, for
    a kick, free to come back at once."""

    player: str
    ban: bool
    until: datetime | None = None
    reason: str | None = None
    # a ban that takes the member's recent messages with it (the chat's ban_purge): how far
    # back, and those the bot has seen (a platform that deletes them with the ban takes the
    # seconds; one that cannot, deletes the messages named)
    purge_seconds: int | None = None
    purge_messages: tuple[str, ...] = ()
    by: str | None = None


@dataclass(frozen=True)
class Readmit:
    """The member may come back (a ban lifted or over)."""

    player: str
    reason: str | None = None
    by: str | None = None


@dataclass(frozen=True)
class Delete:
    """Messages taken out of the chat: each named ``id``, or ``channel:id`` on a platform
    whose chats have channels; ``player`` wrote them (None: several members)."""

    messages: tuple[str, ...]
    player: str | None = None
    reason: str | None = None
    by: str | None = None


@dataclass(frozen=True)
class SlowMode:
    """A channel's slow mode: each member waits ``seconds`` between two messages (0: off).
    ``channel`` is where it was asked (None: the chat's only room)."""

    channel: str | None
    seconds: int
    reason: str | None = None
    by: str | None = None
    player: str | None = None  # no member: the whole channel


@dataclass(frozen=True)
class Admit:
    """A request to join the chat answered: let in (``approve``), or turned down."""

    player: str
    approve: bool
    reason: str | None = None
    by: str | None = None


Effect = Mute | Unmute | Remove | Readmit | Delete | SlowMode | Admit

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
    # an answer for its reader alone whose group, when his private chat is closed, reads this
    # message instead (naming no one), and reads nothing when it went privately
    in_group: str | None = None
    # a kind the moderators alone read when this holds of a ruling (an undo of theirs)
    moderators_if: Callable[[Mapping[str, Any]], bool] | None = None
    # a kind whose picture is not always drawn: when it is
    picture_if: Callable[[Mapping[str, Any]], bool] | None = None

    def has_picture(self, ruling: Mapping[str, Any]) -> bool:
        return self.picture is not None and (self.picture_if is None or self.picture_if(ruling))

    def readable_by(self, ruling: Mapping[str, Any], reader: str | None, moderator: bool) -> bool:
        """Whether ``reader`` (a member's key; None: anyone, as a public page) may read a
        ruling of this kind."""
        if moderator:
            return True
        if self.moderators_if is not None and self.moderators_if(ruling):
            return False
        if self.audience == CHAT:
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
        return Unmute(ruling["player"], ruling.get("reason"))  # a /lift's reason, if one
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
        return Remove(
            ruling["player"],
            ban,
            _instant(ruling.get("until")),
            ruling.get("reason"),
            ruling.get("purge_seconds"),
            tuple(ruling.get("purge_messages") or ()),
        )

    return effect


def _readmitted(ruling: Mapping[str, Any]) -> Effect | None:
    return Readmit(ruling["player"], ruling.get("reason"))


def _admitted(approve: bool) -> Callable[[Mapping[str, Any]], Effect | None]:
    def effect(ruling: Mapping[str, Any]) -> Effect | None:
        return Admit(ruling["player"], approve, ruling.get("reason"))

    return effect


def _slows(ruling: Mapping[str, Any]) -> Effect | None:
    return SlowMode(ruling.get("channel"), int(ruling["seconds"]), ruling.get("reason"))


def _deletes(ruling: Mapping[str, Any]) -> Effect | None:
    """The messages a ruling takes out of the chat (``messages``), if any."""
    messages = tuple(str(message) for message in ruling.get("messages") or ())
    if not messages:
        return None
    return Delete(messages, ruling.get("player"), ruling.get("reason"))


def moderators_alone(kind: Any) -> bool:
    """Whether the moderators alone read decisions of that kind (a report dismissed)."""
    return isinstance(kind, str) and kind in KINDS and KINDS[kind].audience == MODERATORS


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
    "open_tables",
    "flood",
    "flood_mute",
    "welcome",
    "captcha",
    "report_limit",
    "raid_joins",
    "raid_time",
    "ban_purge",
    "missing_rights",
)

# a table's score, as first given and as corrected: the same sheet
SHEET_FIELDS = (
    "session",
    "table",
    "scores",
    "sheet",
    "tp",
    "forced_zero",
    "amends",
    "seats",
    "hands",
    "adjustments",
)


def _kept_hand_by_hand(ruling: Mapping[str, Any]) -> bool:
    """A table kept hand by hand has a score-sheet picture."""
    return bool(ruling.get("hands"))


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
    Kind("settings", SETTINGS_FIELDS, stored=False, private=True, audience=MODERATORS),
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
    Kind(
        "stops_list",
        ("stops", "cards", "measures"),
        stored=False,
        private=True,
        paged=True,
        audience=MODERATORS,
    ),
    Kind("team_standings", ("tournament", "rows"), stored=False, paged=True),
    Kind("clock_status", ("session", "ends_at", "left_seconds"), stored=False),
    Kind("clock_started", ("session", "ends_at"), moderator_log=True),
    Kind("clock_warning", ("session", "ends_at", "left_seconds")),
    Kind("clock_ended", ("session",)),
    Kind("clock_stopped", ("session", "left_seconds"), moderator_log=True),
    Kind("web_page", ("url", "rotated"), stored=False, private=True, audience=MODERATORS),
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
        ("player", "until", "reason", "warning", "amends", "purge_seconds", "purge_messages"),
        moderator_log=True,
        effect=_removed(True),
    ),
    Kind("unbanned", ("player", "reason", "amends"), moderator_log=True, effect=_readmitted),
    Kind("ban_ended", ("player",), moderator_log=True, effect=_readmitted),
    Kind(
        "report",
        ("reporter", "player", "excerpt", "reason", "moderator", "rule_number"),
        audience=MODERATORS,
        actions=(
            Action("report-dismiss", "dismiss", "id"),
            Action("report-warn", "report_warn", "id"),
            Action("report-mute", "report_mute", "id"),
            Action("report-ban", "report_ban", "id"),
        ),
        log_buttons=True,
    ),
    Kind(
        "report_received",
        ("player", "reported", "messages"),
        stored=False,
        private=True,
        audience=CONCERNED,
        in_group="report-received-in-group",
        effect=_deletes,
    ),
    # ---- messages taken out of the chat (bot.handlers.removal, bot.handlers.locks) ------
    Kind("deleted", ("player", "reason", "messages"), moderator_log=True, effect=_deletes),
    Kind("purged", ("count", "player", "reason", "messages"), moderator_log=True, effect=_deletes),
    # an act of a lock or of the blocklist: no number, in /log by its action
    Kind(
        "message_removed", ("player", "lock", "blocked", "messages"), stored=False, effect=_deletes
    ),
    Kind("locked", ("what", "locks", "reason"), moderator_log=True),
    Kind("slowmode", ("seconds", "channel", "reason", "amends"), moderator_log=True, effect=_slows),
    Kind("unlocked", ("what", "locks", "reason"), moderator_log=True),
    # the chat's blocklist: shown (no number), or changed by add/remove (numbered, in /log)
    Kind("blocklist", ("entries", "change", "entry", "action", "reason"), moderator_log=True),
    Kind(
        "reason_edited",
        ("amends", "reason", "previous", "decision", "player"),
        moderator_log=True,
    ),
    Kind("appeal_received", ("player", "appeal", "amends"), stored=False, private=True),
    Kind(
        "log_link", ("player", "code", "seconds"), stored=False, private=True, audience=MODERATORS
    ),
    Kind("log_linked", ("player",), stored=False),
    # ---- joins (bot.handlers.joins): greeted together, each held until he answers ---------
    Kind(
        "welcome",
        ("players", "others", "text", "rules", "first", "second", "choices", "until", "seconds"),
        stored=False,
        actions=(Action("join-answer", "answer", "choices", choices=True),),
    ),
    Kind("join_check", ("player", "until", "seconds"), effect=_muted),  # the welcome says it
    Kind(
        "join_request_check",
        ("player", "until", "seconds", "first", "second", "choices"),
        private=True,
        actions=(Action("join-answer", "answer", "choices", choices=True),),
    ),
    Kind("join_request_approved", ("player", "amends"), effect=_admitted(True)),
    Kind(
        "join_request_declined",
        ("player", "amends", "reason"),
        moderator_log=True,
        effect=_admitted(False),
    ),
    Kind("raid_started", ("until", "automatic", "joins", "seconds", "reason"), moderator_log=True),
    Kind("raid_ended", ("automatic", "amends", "reason"), moderator_log=True),
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
    Kind(
        "undone",
        ("amends", "decision", "player", "reason"),
        moderator_log=True,
        moderators_if=lambda ruling: moderators_alone(ruling.get("decision")),
    ),
    Kind(
        "stop_lifted",
        ("player", "amends", "kind", "stop_until", "warning_id", "stop_id", "reason"),
        moderator_log=True,
        effect=_manual_stop_changed,
    ),
    Kind(
        "stop_restored",
        ("player", "amends", "kind", "stop_until", "warning_id", "stop_id"),
        effect=_manual_stop_changed,
    ),
    Kind("card_lifted", ("player", "amends", "warning_id")),
    Kind("card_restored", ("player", "amends", "remaining_seconds")),
    # a /lift recorded before it was a stop_lifted ruling: still read, and undone
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
    Kind("table_closed", ("table", "match", "player", "reason", "ttl_seconds", "played", "hands")),
    Kind("match_resumed", ("match", "players", "amends")),
    Kind("table_reopened", ("match", "table", "players", "played", "hands", "amends")),
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
        "result_pending",
        ("match", "player", "vp", "confirm_by", "disputed", "amends"),
        actions=(Action("confirm", "confirm", "match"), Action("dispute", "dispute", "match")),
    ),
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
    Kind(  # the results file, at /finish or by /export: a display, it takes no number
        "export",
        ("tournament", "format", "rows", "file", "missing"),
        stored=False,
        picture="ema_csv",
    ),
    Kind(
        "hand_won",
        ("session", "table", "hand", "winner", "fan", "flowers", "discarder", "paid"),
    ),
    Kind("hand_washout", ("session", "table", "hand")),
    Kind("hand_check", ("hand", "fan", "valid", "fans", "reason"), stored=False),
    Kind(
        "table_points",
        SHEET_FIELDS,
        picture="score_sheet",
        picture_if=_kept_hand_by_hand,
    ),
    Kind(
        "score_corrected",
        SHEET_FIELDS,
        picture="score_sheet",  # its sheet, the correction a row
        picture_if=_kept_hand_by_hand,
        moderator_log=True,
    ),
    Kind(
        "penalty",
        (*_PENALTY_FIELDS, "extra", "total", "carries_over", "amends", "ended_session"),
        moderator_log=True,
    ),
    Kind("no_penalty", ("player", "kind", "effect", "session", "ended_session")),
    Kind(
        "lateness",
        ("player", "minutes", "points", "disqualified", "effect", "session", "ended_session"),
        moderator_log=True,
    ),
    Kind("dead_hand", ("player", "kind", "effect", "session", "ended_session"), moderator_log=True),
    Kind(
        "false_hu",
        ("player", "variant", "exposed", "paid", "total", "effect", "session", "ended_session"),
        moderator_log=True,
    ),
    Kind(
        "disqualification",
        ("player", "reason", "effect", "session", "ended_session"),
        moderator_log=True,
    ),
    Kind(
        "substitution",
        (
            "player",
            "substitute",
            "reason",
            "table",
            "session",
            "substitute_tp_forced_zero",
            "rest",
        ),
        moderator_log=True,
    ),
    Kind(
        "appeal",
        (
            *("appeal", "ruling_appealed", "player", "text", "session", "review_after_session"),
            # a chat measure's, by its member (bot.handlers.moderation): what it appeals
            *("amends", "reason", "decision"),
        ),
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
    "Admit",
    "Delete",
    "Effect",
    "Kind",
    "Mute",
    "Readmit",
    "Remove",
    "SlowMode",
    "Unmute",
    "kind_of",
    "register_kinds",
    "withdraw_kinds",
]
