"""Commands of every community: help, language, profile, standings, history, audit log."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.discipline.conduct import DEFAULT_LADDER, Ladder, read_duration, written_as_duration
from bot.discipline.errors import RuleViolation
from bot.discipline.flood import FloodRule
from bot.discipline.joins import RaidRule
from bot.discipline.kinds import UNLISTED, kind_of
from bot.discipline.reports import ReportLimit, report_limit_of
from bot.discipline.rulings import Ruling
from bot.handlers import moderation
from bot.handlers._burraco import MOST_OPEN_TABLES, OPEN_TABLES, SHORTEST_TABLE_TTL, TABLE_TTL
from bot.handlers._core import (
    LANGS,
    REGISTRY,
    RIGHTS,
    BadInput,
    Context,
    answered_by_rulebook,
    command,
    page_url,
)
from bot.handlers.grammar import (
    Choice,
    Int,
    KeyedWord,
    Mention,
    Settings,
    Word,
    canonical,
    keywords_of,
)
from bot.handlers.removal import BAN_PURGES
from bot.handlers.slowmode import WITHOUT_SLOW_MODE
from bot.ports.rulebooks import load as load_rulebooks
from bot.ports.rulebooks import names as rulebook_names
from bot.ports.rulebooks import rulebook_named
from bot.storage.store import AuditFilter, Community

HISTORY_SIZE = 10
LOG_SIZE = 20


@dataclass(frozen=True)
class HelpArgs:
    command: str | None


@command("help", Word("command", required=False), personal=True)
async def help_(ctx: Context, args: HelpArgs) -> None:
    wanted = args.command.lstrip("/").lower() if args.command else None
    rulebook = ctx.community.rulebook
    if wanted is not None:
        spec = REGISTRY.get(wanted)
        if spec is None:
            raise RuleViolation("unknown_command", reason="unknown_command", command=wanted)
        await ctx.decide(
            Ruling(
                "help",
                ctx.now,
                "",
                {
                    "player": ctx.actor_key,
                    "command": wanted,
                    "usage": spec.usage_in(rulebook),
                    "rulebook": rulebook,
                    "moderator": spec.moderator,
                    "keywords": keywords_of(spec.forms_in(rulebook)),
                },
            )
        )
        return
    names = [
        name
        for name, spec in REGISTRY.items()
        if spec.offered_in(rulebook) and (ctx.is_moderator or not spec.moderator)
    ]
    await ctx.decide(
        Ruling(
            "help",
            ctx.now,
            "",
            {"player": ctx.actor_key, "command": None, "commands": names, "rulebook": rulebook},
        )
    )


@dataclass(frozen=True)
class LangArgs:
    language: str


@command("lang", Choice("language", LANGS), personal=True)
async def lang(ctx: Context, args: LangArgs) -> None:
    chosen = args.language
    assert ctx.actor is not None
    ctx.actor.lang = chosen
    await ctx.store.communities.save_member(ctx.cid, ctx.actor)
    await ctx.decide(Ruling("lang", ctx.now, "", {"player": ctx.actor_key, "lang": chosen}))


async def _target(ctx: Context, named: str | None) -> str:
    return ctx.actor_key if named is None else (await ctx.member(named)).key


@dataclass(frozen=True)
class ProfileArgs:
    player: str | None


@command("profile", Mention("player", required=False, shown="[@user]"), personal=True)
async def profile(ctx: Context, args: ProfileArgs) -> None:
    """A player's page in the chat's rulebook, with his conduct in the chat below it."""
    player = await _target(ctx, args.player)
    conduct = await moderation.conduct_summary(ctx, player)
    rulebook = rulebook_named(ctx.community.rulebook)
    if rulebook.profile is None:
        shown = Ruling("profile", ctx.now, "", {"player": player, "rulebook": rulebook.name})
    else:
        shown = await rulebook.profile(ctx, player)
    await ctx.decide(shown.with_fields(conduct=conduct))


# answered by each chat's rulebook, as it ranks its players and records its results
answered_by_rulebook("standings", personal=True)
answered_by_rulebook("correct", moderator=True)


@dataclass(frozen=True)
class HistoryArgs:
    player: str | None
    page: int | None


@command(
    "history",
    Mention("player", required=False, shown="[@user]"),
    Int("page", 1, required=False),
    personal=True,
)
async def history(ctx: Context, args: HistoryArgs) -> None:
    """A member's decisions, newest first, a page at a time (seats taken left out)."""
    player = await _target(ctx, args.player)
    page = args.page or 1
    entries = await ctx.store.rulings.history(
        ctx.cid, player, HISTORY_SIZE, (page - 1) * HISTORY_SIZE, UNLISTED
    )
    if page > 1 and not entries:  # past the last page: say how many there are
        total = await ctx.store.rulings.history_count(ctx.cid, player, UNLISTED)
        pages = max(1, -(-total // HISTORY_SIZE))
        raise RuleViolation("page_out_of_range", reason="bad_input", page=page, pages=pages)
    reversed_ = await ctx.store.rulings.reversed_among(ctx.cid, [number for number, _ in entries])
    edited = await ctx.store.rulings.latest_reasons(ctx.cid, [number for number, _ in entries])
    entries = [
        (number, ruling.with_fields(reason=edited[number]) if number in edited else ruling)
        for number, ruling in entries
    ]
    await ctx.decide(
        Ruling(
            "history",
            ctx.now,
            "",
            {
                "player": player,
                "entries": [
                    {
                        "id": ruling_id,
                        "type": ruling.type,
                        "standing": ruling_id not in reversed_,
                        "at": ruling.at,
                        # what only the player concerned (or a moderator) may read: not said
                        "fields": dict(ruling.fields) if readable(ctx, ruling) else {},
                        "private": not readable(ctx, ruling),
                    }
                    for ruling_id, ruling in entries
                ],
            },
        )
    )


def readable(ctx: Context, ruling: Ruling) -> bool:
    """Whether the member asking may read this ruling (README, "Who sees what")."""
    reader = ctx.actor.key if ctx.actor is not None else None
    return kind_of(ruling.type).readable_by(ruling.fields, reader, ctx.is_moderator)


@dataclass(frozen=True)
class RulingArgs:
    number: int


@command("ruling", Int("number", 1))
async def ruling(ctx: Context, args: RulingArgs) -> None:
    """One ruling explained, by its number, before an appeal or a question, with the
    rulings that amended, undid or appealed it since, and whether it still stands."""
    found = await ctx.store.rulings.ruling(ctx.cid, args.number)
    if found is None:
        raise RuleViolation("unknown_ruling", reason="unknown_ruling", ruling=args.number)
    number = args.number
    shown = readable(ctx, found)
    # its undo, if it was undone, even after a consequence had replaced it
    reversed_by = await ctx.store.rulings.undone_by(
        ctx.cid, number
    ) or await ctx.store.rulings.reversed_by(ctx.cid, number)
    fields = {
        "id": number,
        "decision": found.type,
        "standing": reversed_by is None,
        "at": found.at,
        "rule": found.rule,
        "fields": dict(found.fields) if shown else {},
        "private": not shown,
        "since": await ctx.store.rulings.later_rulings(ctx.cid, number),
        "reversed_by": reversed_by,
    }
    await ctx.decide(Ruling("ruling", ctx.now, "", fields))


@dataclass(frozen=True)
class LogArgs:
    player: str | None
    kind: str | None
    since: str | None
    page: int | None


@command(
    "log",
    Mention("player", required=False, shown="[@user]"),
    KeyedWord("kind", shown="type"),
    KeyedWord("since", shown="date"),
    Int("page", 1, required=False),
    moderator=True,
)
async def log(ctx: Context, args: LogArgs) -> None:
    """The moderators' actions, newest first, a page at a time: on one member, of one kind
    (the decision's type or the action's name), since a day of the chat's calendar."""
    target = (await ctx.member(args.player, seen=True)).key if args.player else None
    since = _day_start(ctx, args.since) if args.since else None
    wanted = AuditFilter(target, args.kind, since)
    page = args.page or 1
    total = await ctx.store.rulings.audit_count(ctx.cid, wanted)
    pages = max(1, -(-total // LOG_SIZE))
    if page > pages:
        raise RuleViolation("page_out_of_range", reason="bad_input", page=page, pages=pages)
    rows = await ctx.store.rulings.audit_log(ctx.cid, LOG_SIZE, (page - 1) * LOG_SIZE, wanted)
    edited = await ctx.store.rulings.latest_reasons(ctx.cid, [r[6] for r in rows if r[6]])
    entries = []
    for r in rows:
        decided = await ctx.store.rulings.ruling(ctx.cid, r[6]) if r[6] else None
        entries.append(
            {
                "id": r[6],  # the ruling's own number, shown as #N (none: an act of no ruling)
                "at": r[1],
                "actor": r[2],
                "action": r[3],
                "target": r[4],
                "reason": edited.get(r[6], r[5]),  # as /reason last gave it
                "ruling": r[6],
                # what was decided, and for an undo what it reversed (CONSOLE.md)
                "type": None if decided is None else decided.type,
                "player": r[4],
                "amends": None if decided is None else decided.get("amends"),
                **_log_details(decided),
            }
        )
    fields = {"entries": entries, "page": page, "pages": pages, "filtered": wanted.any}
    await ctx.decide(Ruling("log", ctx.now, "", fields))


# what a log entry says of its decision beside its action: the session and table it was
# about, the flood limit a mute applied, the settings a change named
LOG_DETAILS = ("session", "table", "messages", "seconds", "changed")


def _log_details(decided: Ruling | None) -> dict[str, Any]:
    return {key: None if decided is None else decided.get(key) for key in LOG_DETAILS}


def _day_start(ctx: Context, written: str) -> datetime:
    """``2026-06-01``: midnight of that day in the chat's time zone."""
    try:
        day = date.fromisoformat(written)
        start = datetime.combine(day, time(), ctx.zone)
        start.astimezone(UTC)  # a day before year 1 in UTC does not exist
    except (ValueError, OverflowError):
        raise BadInput("expected_date", arg="since", got=written) from None
    return start


SETTABLE = {
    "rulebook": (),  # the rulebooks installed (bot.rulebooks)
    "lang": LANGS,
    "ready_clock": ("on", "off"),
    "tz": None,
    "moderator_role": None,
    "channel": None,  # where notices go, on platforms whose communities have channels
    "log": None,  # the moderators' log channel of this community (Discord), or off
    "web_reasons": ("on", "off"),  # the public page shows why each stop was given
    "warn_ladder": None,  # the measure each count of warnings brings (bot.discipline.conduct)
    "warn_window": None,  # how long a warning counts
    "table_ttl": None,  # a Burraco table with no hand recorded for this long closes
    "open_tables": None,  # the empty Burraco tables a member may have open at once
    "flood": None,  # messages/seconds a member may write at most (off: no check)
    "flood_mute": None,  # how long a member who floods is muted
    "welcome": None,  # what new members are greeted with, the chat's rules after it (off)
    "captcha": ("on", "off"),  # new members prove they are people before they write
    "report_limit": None,  # reports/duration a member may make at most (off: no limit)
    "raid_joins": None,  # joins/seconds beyond which a raid starts by itself (off)
    "raid_time": None,  # how long a raid lasts after its last join over raid_joins
    "ban_purge": BAN_PURGES,  # how far back a ban takes the member's messages with him
}
_CHANNEL = re.compile(r"<#(\d{1,20})>|(\d{1,20})")


SETTINGS_SHOWN = (
    "lang=it|ru|en",
    "tz=Area/City",
    "ready_clock=on|off",
    "moderator_role=role",
    "channel=#channel",
    "log=#channel",
    "web_reasons=on|off",
    "warn_ladder=steps",
    "warn_window=duration",
    "table_ttl=duration",
    "open_tables=number",
    "flood=messages/seconds",
    "flood_mute=duration",
    "welcome=text",
    "captcha=on|off",
    "report_limit=reports/duration",
    "raid_joins=joins/seconds",
    "raid_time=duration",
    "ban_purge=" + "|".join(BAN_PURGES),
)


def _rulebooks_shown() -> tuple[str, ...]:
    return ("rulebook=" + "|".join(load_rulebooks()),)


@dataclass(frozen=True)
class SettingsArgs:
    settings: list[str]


@command("settings", Settings("settings", SETTINGS_SHOWN, _rulebooks_shown), moderator=True)
async def settings(ctx: Context, args: SettingsArgs) -> None:
    """The community's own settings, shown or changed by a moderator."""
    if args.settings == ["log"]:  # Telegram: the moderators' own group, linked by a code
        await _log_link(ctx)
        return
    changes: dict[str, str] = {}
    for token in args.settings:
        key, value = _setting(token)
        current = ctx.community.settings.get(key)
        if key in ("rulebook", "lang", "tz"):
            current = getattr(ctx.community, key)
        if value != (current or ""):  # the same value again changes nothing
            changes[key] = value
    switching = changes.get("rulebook", ctx.community.rulebook) != ctx.community.rulebook
    in_use = rulebook_named(ctx.community.rulebook).in_use
    if switching and in_use is not None and await in_use(ctx):
        raise RuleViolation("rulebook_in_use", reason="rulebook_in_use")
    if changes:
        ctx.community.settings.update(changes)
        await ctx.store.communities.save_settings(ctx.community)
    fields = {"changed": sorted(changes), **_shown_settings(ctx)}
    ruling = (
        Ruling("settings_changed", ctx.now, "", fields)
        if changes
        else Ruling("settings", ctx.now, "", fields)
    )
    await ctx.decide(
        ruling,
        kind="notice" if changes else "reply",
        subject="",
        audit="settings" if changes else None,
        reason=" ".join(f"{k}={v or 'off'}" for k, v in changes.items()) or None,
    )


def _setting(token: str) -> tuple[str, str]:
    """One ``key=value``, checked, its value as it is kept (``off``: empty)."""
    key, sep, value = token.partition("=")
    if not sep or key not in SETTABLE:
        raise BadInput(
            "expected_setting",
            arg="setting",
            got=token,
            options=", ".join((*_rulebooks_shown(), *SETTINGS_SHOWN)),
        )
    allowed = rulebook_names() if key == "rulebook" else SETTABLE[key]
    if allowed is not None and canonical(value) in allowed:
        value = canonical(value)  # MCR, Ru, ON: a keyword however it is written
    if allowed is not None and value not in allowed:
        raise BadInput(
            "expected_choice",
            arg=key,
            got=value,
            options=" | ".join(allowed),
            choices=len(allowed),
        )
    if key == "log" and value == "off":
        value = ""
    elif key in ("channel", "log"):
        found = _CHANNEL.fullmatch(value)
        if found is None:
            raise BadInput("expected_channel", arg=key, got=value)
        value = found[1] or found[2]
    if key == "warn_ladder":
        value = Ladder.read(value).written()
    elif key == "flood":
        rule = FloodRule.read(value)
        value = rule.written() if rule is not None else ""
    elif key == "welcome" and value == "off":
        value = ""
    elif key == "report_limit":
        limit = ReportLimit.read(value)
        value = limit.written() if limit is not None else "off"  # unset: the default limit
    elif key == "raid_joins":
        raid = RaidRule.read(value)
        value = raid.written() if raid is not None else ""
    elif key in ("warn_window", "table_ttl", "flood_mute", "raid_time") and (
        read_duration(value) is None
    ):
        out_of_range = written_as_duration(value)  # "0m", "400d": a length, but not usable
        code = "duration_out_of_range" if out_of_range else "expected_duration"
        raise BadInput(code, arg=key, got=value)
    elif key == "table_ttl" and (read_duration(value) or TABLE_TTL) < SHORTEST_TABLE_TTL:
        least = int(SHORTEST_TABLE_TTL.total_seconds())  # say the floor, not "more than zero"
        raise BadInput("duration_too_short", arg=key, got=value, least_seconds=least)
    elif key == "open_tables":
        value = _open_tables(value)
    if key == "tz":
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise BadInput("unknown_time_zone", arg=key, got=value) from None
    return key, value


def _open_tables(value: str) -> str:
    """How many empty tables a member may have open: a whole number, 1 to 99."""
    if not re.fullmatch(r"\d{1,12}", value):
        raise BadInput("expected_integer", arg="open_tables", got=value)
    if not 1 <= int(value) <= MOST_OPEN_TABLES:
        raise BadInput(
            "integer_out_of_range",
            arg="open_tables",
            got=value,
            minimum=1,
            maximum=MOST_OPEN_TABLES,
        )
    return str(int(value))


def _shown_settings(ctx: Context) -> dict[str, object]:
    """Every setting as /settings shows it: its value, else what holds by default; the
    rights the platform refuses the bot."""
    shown: dict[str, object] = {key: ctx.community.settings.get(key) for key in SETTABLE}
    shown["rulebook"], shown["tz"], shown["lang"] = (
        ctx.community.rulebook,
        ctx.community.tz,
        ctx.community.lang,
    )
    shown["ready_clock"] = shown["ready_clock"] or "on"  # the clock runs unless turned off
    shown["web_reasons"] = shown["web_reasons"] or "off"  # names and times only, by default
    shown["warn_ladder"] = shown["warn_ladder"] or DEFAULT_LADDER.written()
    shown["warn_window"] = shown["warn_window"] or "30d"
    shown["table_ttl"] = shown["table_ttl"] or "3h"
    shown["open_tables"] = int(ctx.community.settings.get("open_tables") or OPEN_TABLES)
    shown["flood"] = shown["flood"] or "off"
    shown["flood_mute"] = shown["flood_mute"] or "1h"
    own = rulebook_named(ctx.community.rulebook).settings
    for name in rulebook_names():  # another rulebook's own settings say nothing here
        for key in set(rulebook_named(name).settings) - set(own):
            shown[key] = None
    shown["captcha"] = shown["captcha"] or "off"
    limit = report_limit_of(ctx.community.settings.get("report_limit"))
    shown["report_limit"] = limit.written() if limit is not None else "off"
    shown["raid_joins"] = shown["raid_joins"] or "off"
    shown["raid_time"] = shown["raid_time"] or "30m"
    shown["ban_purge"] = shown["ban_purge"] or "off"
    shown["welcome"] = shown["welcome"] or None
    rights = ctx.incoming.bot_rights if ctx.incoming is not None else None
    # a channel's slow mode (and Discord's Manage Channels it needs) where bots can set one
    wanted = RIGHTS if ctx.community.platform in WITHOUT_SLOW_MODE else (*RIGHTS, "slowmode")
    missing = [right for right in wanted if rights is not None and right not in rights]
    shown["missing_rights"] = missing or None
    shown["channel"] = f"<#{shown['channel']}>" if shown["channel"] else None
    shown["log"] = f"<#{shown['log']}>" if shown["log"] else None
    return shown


LINK_CODE_LIFE = timedelta(minutes=15)  # a log link code not used by then links nothing


async def _log_link(ctx: Context) -> None:
    """A code for the moderators' group: ``/link <code>`` there, within
    :data:`LINK_CODE_LIFE`, makes it this chat's log."""
    code = secrets.token_urlsafe(6)
    ctx.community.settings["log_link"] = code
    ctx.community.settings["log_link_until"] = (ctx.now + LINK_CODE_LIFE).isoformat()
    await ctx.store.communities.save_settings(ctx.community)
    if ctx.actor is not None:  # who asked, and when: never the code itself
        await ctx.store.rulings.audit(ctx.cid, ctx.now, ctx.actor.key, "log_link", None, None, None)
    fields = {
        "player": ctx.actor_key,
        "code": code,
        "seconds": int(LINK_CODE_LIFE.total_seconds()),
    }
    await ctx.decide(Ruling("log_link", ctx.now, "", fields))


@dataclass(frozen=True)
class LinkArgs:
    code: str


@command("link", Word("code"), moderator=True)
async def link(ctx: Context, args: LinkArgs) -> None:
    """Said in the moderators' group with the code ``/settings log`` gave: from now on this
    group is that chat's moderators' log (its reports, its measures, their buttons)."""
    linked = await ctx.store.communities.community_with(
        ctx.community.platform, "log_link", args.code
    )
    if linked is None or linked.id == ctx.cid or _link_expired(ctx, linked):
        raise RuleViolation("unknown_link", reason="bad_input")
    bound = await ctx.store.communities.logged_by(ctx.community.platform, ctx.community.chat)
    if bound is not None and bound.id != linked.id:  # one club per log group
        raise RuleViolation("log_taken", reason="bad_input")
    del linked.settings["log_link"]
    linked.settings.pop("log_link_until", None)
    linked.settings["log"] = ctx.community.chat
    await ctx.store.communities.save_settings(linked)
    await ctx.store.rulings.audit(
        linked.id, ctx.now, ctx.actor_key, "link", None, ctx.community.chat, None
    )
    await ctx.decide(Ruling("log_linked", ctx.now, "", {"player": ctx.actor_key}), kind="notice")


def _link_expired(ctx: Context, linked: Community) -> bool:
    """A code given before codes expired has no end written: it links nothing any more."""
    until = linked.settings.get("log_link_until")
    return until is None or datetime.fromisoformat(until) <= ctx.now


@dataclass(frozen=True)
class WebArgs:
    action: str | None


@command("web", Choice("action", ("rotate",), required=False), moderator=True)
async def web(ctx: Context, args: WebArgs) -> None:
    """The community's public page (standings, rulings, stops): its address, sent to the
    moderator alone; ``rotate`` moves it, and the old address stops working at once."""
    rotated = args.action == "rotate"
    slug = await ctx.store.communities.web_slug(ctx.cid)
    if slug is None or rotated:
        slug = secrets.token_urlsafe(18)  # 144 random bits: an address nobody can guess
        await ctx.store.communities.set_web_slug(ctx.cid, slug, ctx.now)
    if rotated and ctx.actor is not None:
        await ctx.store.rulings.audit(
            ctx.cid, ctx.now, ctx.actor.key, "web_rotated", None, None, None
        )
    url = page_url(ctx.web_url, slug) if ctx.web_url else None
    await ctx.decide(Ruling("web_page", ctx.now, "", {"url": url, "rotated": rotated}))
