"""Rulings into words: each reader's language, the community's clock, the rule cited."""

from __future__ import annotations

import math
import re
from datetime import datetime, tzinfo
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from babel.dates import format_datetime
from babel.lists import format_list
from babel.numbers import format_decimal

from bot.discipline.conduct import SETTINGS, Ladder, read_duration
from bot.discipline.kinds import kind_of
from bot.discipline.ranking import shared_ranks
from bot.discipline.rulings import Ruling, plain_number
from bot.i18n import Translator
from bot.i18n.keywords import SYNONYMS
from bot.ports.rulebooks import cited_as, of_ruling

PERSON_FIELDS = {
    "player",
    "substitute",
    "actor",
    "target",
    "by",
    "proposer",
    "winner",
    "discarder",
    "holder",
    "out",
    "reporter",
}
PEOPLE_FIELDS = {
    "null_for",
    "players",
    "waiting_for",
    "seats",
    "fee_refunded_to",
    "referees",
    "forced_zero",
    "expected",
}
BY_PERSON_FIELDS = {"vp", "points", "paid", "tp", "scores"}
# log actions whose reason is what the action already says in words (a flood limit, the
# settings changed), never shown as typed ("3/10", "warn_ladder=2:mute 1h")
WORDED_IN_LOG = ("flood_mute", "settings", "undeliverable")
BOT_ACTOR = "arbitro"  # what the bot records by itself, named in the reader's words
# said in words
DURATION_SETTINGS = ("warn_window", "flood_mute", "table_ttl", "raid_time", "ban_purge")
REMOVALS = ("locked", "unlocked", "message_removed", "blocklist")  # bot.handlers.locks
CHAT_RULES = "chat"  # a rule the chat wrote itself (/rules), cited by its number
# how an instant is written: Italian names the weekday, so that "fino a mercoledì 11 marzo"
# needs no article to elide ("fino all'11"); Russian puts the month in the genitive
INSTANTS = {"it": "EEEE d MMMM y, HH:mm", "ru": "d MMMM y, HH:mm"}


def ruling_json(ruling: Ruling, ruling_id: int | None, zone: tzinfo) -> dict[str, Any]:
    """The replay JSON shape of a ruling (CONSOLE.md): plain numbers, local ISO instants."""
    body = {"type": ruling.type, "id": ruling_id, "rule": ruling.rule}
    for key, value in ruling.fields.items():
        if body.get(key) is None:  # a display's own "id" (the ruling it shows) fills it
            body[key] = _plain(value, zone)
    return body


def _plain(value: Any, zone: tzinfo) -> Any:
    if isinstance(value, datetime):
        return value.astimezone(zone).isoformat()
    if isinstance(value, Fraction):
        return plain_number(value)
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v, zone) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v, zone) for v in value]
    return value


class Renderer:
    # slug fields shown in the community's own words: field → message id prefix
    TERMS: ClassVar[dict[str, str]] = {
        "violation_kind": "violation",
        "dead_hand_kind": "deadhand",
        "sub_reason": "sub",
    }

    def __init__(self, translator: Translator) -> None:
        self.translator = translator

    # ---- values --------------------------------------------------------------------------
    def number(self, value: Any, lang: str) -> str:
        if isinstance(value, Fraction):
            value = float(value)
        return format_decimal(value, format="#,##0.##", locale=lang)

    def instant(self, value: datetime, lang: str, zone: tzinfo) -> str:
        return format_datetime(
            value, INSTANTS.get(lang, "d MMM y, HH:mm"), tzinfo=zone, locale=lang
        )

    def args(self, fields: Any, lang: str, names: dict[str, str], zone: tzinfo) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in fields.items():
            out[key] = self._arg(key, value, lang, names, zone)
            if isinstance(value, list | tuple):  # "table 2" or "tables 2, 3"
                out[f"{key}_count"] = len(value)
            if key.endswith("seconds") and isinstance(value, int):
                out[key.replace("seconds", "minutes")] = math.ceil(value / 60)
                out[key.replace("seconds", "clock")] = f"{value // 60}:{value % 60:02d}"
                out[key.replace("seconds", "duration")] = self.duration(value, lang)
            if key == "rulebook" and self.translator.has(lang, f"rulebook-{value}"):
                # a rulebook as the reader names it, from its own locale files
                out["rulebook_name"] = self.translator.format(lang, f"rulebook-{value}")
        return out

    def ladder(self, written: str, lang: str) -> str:
        """``2:mute 1h, 4:ban`` as the reader says it: "2nd warning: mute for 1 hour, 4th
        warning: ban until lifted"."""
        steps = Ladder.read(written).steps
        if not steps:
            return self.translator.format(lang, "ladder-none")
        return ", ".join(
            self.translator.format(
                lang,
                "ladder-step",
                {
                    "count": step.count,
                    "measure": step.measure,
                    "length": "none"
                    if step.duration is None
                    else self.duration(int(step.duration.total_seconds()), lang),
                },
            )
            for step in steps
        )

    def _removal_words(self, fields: dict[str, Any], lang: str) -> None:
        """The lock (``what``, ``lock``) and the blocklist's actions said in words; the
        blocklist's entries as one list, each with what a match brings."""
        for key in ("what", "lock"):
            if isinstance(fields.get(key), str):
                fields[key] = self.translator.format(lang, "lock-words", {"what": fields[key]})
        if isinstance(fields.get("action"), str):
            fields["action"] = self.translator.format(
                lang, "block-action-words", {"action": fields["action"]}
            )
        if "entries" in fields:
            entries = fields.get("entries") or ()
            fields["count"] = len(entries)
            fields["entries"] = "; ".join(
                self.translator.format(
                    lang,
                    "blocklist-entry",
                    {
                        "entry": entry["entry"],
                        "action": self.translator.format(
                            lang, "block-action-words", {"action": entry["action"]}
                        ),
                    },
                )
                for entry in entries
            )

    def written_duration(self, written: str, lang: str) -> str:
        """A length as a setting holds it (``30d``, ``1h30m``) said in words: "30 days";
        what is no length (``off``) stays as it is."""
        length = read_duration(written)
        return written if length is None else self.duration(int(length.total_seconds()), lang)

    def duration(self, seconds: int, lang: str) -> str:
        """A length of time as a person says it: "1 day 12 hours", "1 h 30 min"."""
        minutes = math.ceil(seconds / 60)
        days, rest = divmod(minutes, 24 * 60)
        hours, minutes = divmod(rest, 60)
        parts = [
            self.translator.format(lang, f"duration-{unit}", {unit: amount})
            for unit, amount in (("days", days), ("hours", hours), ("minutes", minutes))
            if amount
        ]
        if not parts:
            return self.translator.format(lang, "duration-minutes", {"minutes": 0})
        if len(parts) == 1:
            return parts[0]
        said = dict(zip(("first", "second", "third"), parts, strict=False))
        return self.translator.format(lang, f"duration-{len(parts)}", said)

    def _arg(self, key: str, value: Any, lang: str, names: dict[str, str], zone: tzinfo) -> Any:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, datetime):
            return self.instant(value, lang, zone)
        if isinstance(value, Fraction):
            return float(value) if value.denominator != 1 else value.numerator
        if key == "format" and isinstance(value, str):
            return self.translator.format(lang, f"format-{value}")
        if key in self.TERMS and isinstance(value, str):
            term = f"{self.TERMS[key]}-{value}"
            if self.translator.has(lang, term) or self.translator.has("en", term):
                return self.translator.format(lang, term)
        if key in PERSON_FIELDS and isinstance(value, str):
            return names.get(value, value)
        if key == "known" and isinstance(value, list | tuple):  # "it, ru o en"
            return format_list([str(v) for v in value], style="or", locale=lang)
        if key in PEOPLE_FIELDS and isinstance(value, list | tuple):
            return ", ".join(str(names.get(v, v)) for v in value) or "—"
        if key in BY_PERSON_FIELDS and hasattr(value, "items"):
            return ", ".join(f"{names.get(k, k)} {self.number(v, lang)}" for k, v in value.items())
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value) or "—"
        if hasattr(value, "items"):
            return ", ".join(f"{k} {v}" for k, v in value.items())
        return value

    # ---- texts ---------------------------------------------------------------------------
    def text(
        self,
        ruling: Ruling,
        lang: str,
        names: dict[str, str],
        zone: tzinfo,
        ruling_id: int | None = None,
    ) -> str:
        special = getattr(self, f"_text_{ruling.type}", None)
        if special is not None:
            said = special(ruling, lang, names, zone)
            if ruling_id and kind_of(ruling.type).stored:
                said = self._numbered(lang).replace("\x00", str(ruling_id)) + " " + said
            return said
        # a field the kind declares and this ruling lacks (one kept from before the field
        # was added) reads as none
        fields = {**dict.fromkeys(kind_of(ruling.type).fields), **ruling.fields}
        message = f"ruling-{ruling.type}"
        if ruling.type == "appeal" and ruling.get("amends") is not None:
            message = "ruling-appeal_measure"  # a chat measure's, by its member
        if ruling.type in ("penalty", "no_penalty"):
            fields["kind"] = self._arg("violation_kind", fields["kind"], lang, names, zone)
        elif ruling.type == "dead_hand":
            fields["kind"] = self._arg("dead_hand_kind", fields["kind"], lang, names, zone)
        elif ruling.type == "substitution":
            fields["reason"] = self._arg("sub_reason", fields["reason"], lang, names, zone)
        if ruling.type == "settings_changed":  # the settings changed, by their names
            fields["changed"] = [self.word(lang, key) for key in fields["changed"]]
        if isinstance(fields.get("warn_ladder"), str):  # the chat's ladder, in the reader's words
            fields["warn_ladder"] = self.ladder(fields["warn_ladder"], lang)
        for key in DURATION_SETTINGS:  # a setting's length in words: "30 days", not "30d"
            if isinstance(fields.get(key), str):
                fields[key] = self.written_duration(fields[key], lang)
        if isinstance(fields.get("flood"), str):  # "5/10": more than 5 messages in 10 seconds
            messages, _, seconds = fields["flood"].partition("/")
            if seconds.isdigit():
                fields["flood_messages"], fields["flood_seconds"] = int(messages), int(seconds)
        if isinstance(fields.get("raid_joins"), str):  # "10/60s": more than 10 joins in 60 s
            joins, _, seconds = fields["raid_joins"].rstrip("s").partition("/")
            if seconds.isdigit():
                fields["raid_joins_joins"], fields["raid_joins_seconds"] = int(joins), int(seconds)
        if isinstance(fields.get("report_limit"), str):  # "5/1h": five reports within an hour
            reports, _, window = fields["report_limit"].partition("/")
            if reports.isdigit():
                fields["report_limit_reports"] = int(reports)
                fields["report_limit_window"] = self.written_duration(window, lang)
        if ruling.type in REMOVALS:  # a lock and a blocklist's action, in the reader's words
            self._removal_words(fields, lang)
        if fields.get("missing_rights"):  # the rights the bot lacks, as the platform names them
            fields["missing_rights"] = [
                self.translator.format(lang, f"right-{right.replace('_', '-')}")
                for right in fields["missing_rights"]
            ]
        args = self.args(fields, lang, names, zone)
        args["rule"] = ruling.rule
        args["id"] = ruling_id or 0
        body = self.translator.format(lang, message, args)
        if fields.get("ended_session"):  # recorded between sessions: which one it concerns
            concerned = {"session": fields["ended_session"]}
            body = self.translator.format(lang, "ruling-in-ended-session", concerned) + " " + body
        if ruling.rule:
            body += " " + self._cited(lang, ruling.rule)
        if ruling_id:
            body = self._numbered(lang).replace("\x00", str(ruling_id)) + " " + body
        return body

    @lru_cache(maxsize=512)  # noqa: B019 (one renderer per process)
    def _cited(self, lang: str, rule: str) -> str:
        """The rule as players know it: the rulebook's name and its article, never the
        number of the file it comes from ("001 §5" is the club rules' section 5)."""
        number, _, article = rule.partition(" ")
        if number == SETTINGS:  # a chat setting the ruling applied, by the reader's name for it
            return self.translator.format(
                lang, "rule-cited-setting", {"setting": self.word(lang, article)}
            )
        book = CHAT_RULES if number == CHAT_RULES else cited_as(number)
        if book is None or not article:
            return self.translator.format(lang, "rule-cited-other", {"rule": rule})
        part = "section" if article.startswith("§") else "point"
        if book == CHAT_RULES:  # the chat's own rule: one line of /rules, by its number
            part = "rule"
        return self.translator.format(
            lang, "rule-cited", {"book": book, "part": part, "article": article.lstrip("§")}
        )

    @lru_cache(maxsize=16)  # noqa: B019
    def _numbered(self, lang: str) -> str:
        return self.translator.format(lang, "ruling-number", {"id": "\x00"})

    def _text_refused(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        args = self.args({**ruling.fields, **ruling.get("details", {})}, lang, names, zone)
        if isinstance(args.get("arg"), str):
            args["arg"] = self.word(lang, args["arg"])
        addends = ruling.get("details", {}).get("vp")
        if ruling["code"] == "vp_not_summing_to_20" and isinstance(addends, list | tuple):
            args["vp"] = " + ".join(self.number(v, lang) for v in addends)  # 20 + 20 = 40
        kind = ruling.get("details", {}).get("kind")
        if isinstance(kind, str):  # a violation or a dead hand, by its name
            args["kind"] = self._arg("violation_kind", kind, lang, names, zone)
        if isinstance(args.get("options"), str) and ruling["code"] in (
            "expected_setting",
            "unknown_option",
        ):
            args["options"] = ", ".join(
                self.usage(lang, f"[{option.strip()}]")[1:-1]
                for option in args["options"].split(",")
            )
        elif isinstance(args.get("options"), str) and ruling["code"] == "expected_choice":
            words = [self.word(lang, option.strip()) for option in args["options"].split("|")]
            args["options"] = format_list(words, style="or", locale=lang)  # "on o off"
        flags = {**ruling.fields, **ruling.get("details", {})}.get("flags")
        if isinstance(flags, list | tuple):  # keywords, as the reader types them
            args["flags"] = " ".join(self.keyword(lang, str(flag)) for flag in flags)
        code = ruling["code"]
        message = f"refused-{code}"
        if not self.translator.has(lang, message) and not self.translator.has("en", message):
            message = "refused-generic"
        text = self.translator.format(lang, message, args)
        usage = ruling.get("usage")
        if usage:
            usage = self.usage(lang, usage)
            text += "\n" + self.translator.format(lang, "expected-usage", {"usage": usage})
        return text

    # ---- a command's grammar in the reader's words ----------------------------------------
    @lru_cache(maxsize=4096)  # noqa: B019
    def word(self, lang: str, word: str) -> str:
        """An argument's name or a keyword as the reader would write it: its ``arg-`` message,
        or the keyword's synonym in his language, or the word itself (a command, a number)."""
        if word.startswith("@"):
            return "@" + self.word(lang, word[1:])
        message = "arg-" + re.sub(r"[^A-Za-z0-9_-]", "_", word)
        if self.translator.has(lang, message):
            return self.translator.format(lang, message)
        return self.keyword(lang, word)

    @lru_cache(maxsize=4096)  # noqa: B019
    def keyword(self, lang: str, word: str) -> str:
        """A keyword as the reader may type it in his language (its synonym), else itself:
        never a placeholder's name (``N`` in ``seat=E|S|W|N`` is North, not a number)."""
        if lang != "en":
            for synonym, meant in SYNONYMS.items():
                if meant == word.lower() and _cyrillic(synonym) == (lang == "ru"):
                    return synonym
        return word

    @lru_cache(maxsize=1024)  # noqa: B019
    def usage(self, lang: str, usage: str) -> str:
        """``/stop @user <duration> <reason>`` with the reader's names for its parts."""

        def part(match: re.Match[str]) -> str:
            key, equals, value = match.group(2).rpartition("=")
            choices = value.split("|")
            # values typed as they are (E|S|W|N, on|off), and the N of session=N, a number
            # whatever the language (never "№")
            if equals and (len(choices) > 1 or value == "N"):
                inner = "|".join(self.keyword(lang, w) for w in choices)
            else:
                inner = "|".join(self.word(lang, w) for w in choices)
            return f"{match.group(1)}{key}{equals}{inner}{match.group(3)}"

        usage = re.sub(r"([<\[])([^<>\[\]]+)([>\]])", part, usage)
        usage = re.sub(r"(?<![\[<])@([a-z]+)\b", lambda m: "@" + self.word(lang, m.group(1)), usage)
        # a keyword typed as it is ("self"), in the reader's words where he has them
        return re.sub(r"(?<= )([a-z][a-z-]*)(?= |$)", lambda m: self.keyword(lang, m[1]), usage)

    def _text_standings(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        header = self.translator.format(
            lang,
            f"standings-header-{of_ruling(ruling).name}",
            self.args(
                {"final": None, **{k: v for k, v in ruling.fields.items() if k != "rows"}},
                lang,
                names,
                zone,
            ),
        )
        return self._rows(header, ruling, lang, names, zone)

    def _text_tournament_finished(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        header = self.translator.format(
            lang,
            "ruling-tournament_finished",
            self.args({k: v for k, v in ruling.fields.items() if k != "rows"}, lang, names, zone),
        )
        said = self._rows(header, ruling, lang, names, zone)
        if ruling.get("unscored"):
            tables = ", ".join(
                self.translator.format(lang, "unscored-table", table)
                for table in ruling["unscored"]
            )
            count = len(ruling["unscored"])
            example = ruling["unscored"][0]  # the /score example names a listed table
            args = {"tables": tables, "count": count, **example}
            said += "\n" + self.translator.format(lang, "finished-unscored", args)
        return said

    def _text_seating(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        fields = {k: v for k, v in ruling.fields.items() if k != "replacing"}
        lines = [
            self.translator.format(lang, "ruling-seating", self.args(fields, lang, names, zone))
        ]
        for newcomer in ruling.get("replacing") or ():
            said = self.args(newcomer, lang, names, zone)
            lines.append(self.translator.format(lang, "seating-replacing", said))
        if ruling.rule:
            lines.append(self._cited(lang, ruling.rule))
        return " ".join(lines)

    def _text_tournaments(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        lines = [self.translator.format(lang, "tournaments-header")]
        if not ruling["tournaments"]:
            lines.append(self.translator.format(lang, "tournaments-empty"))
        for row in ruling["tournaments"]:
            args = self.args(row, lang, names, zone)
            lines.append(self.translator.format(lang, "tournaments-row", args))
        return "\n".join(lines)

    def _rows(
        self, header: str, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        """A standings table: its header, then a line per player."""
        book = of_ruling(ruling)
        lines = [header]
        if not ruling["rows"]:
            lines.append(self.translator.format(lang, "standings-empty"))
        keys = [tuple(row.get(k) for k in book.ranked) for row in ruling["rows"]]
        ranks = shared_ranks(keys, ruling.get("first_rank", 1))  # equal players, equal place
        for rank, row in zip(ranks, ruling["rows"], strict=True):
            args = self.args(row, lang, names, zone)
            args["rank"] = rank.rstrip("=")
            args.setdefault("substituted", "no")  # rows kept from before it was recorded
            lines.append(self.translator.format(lang, f"standings-row-{book.name}", args))
        if ruling.get("pages", 1) > 1:
            lines.append(
                self.translator.format(
                    lang,
                    "standings-page",
                    {"page": ruling["page"], "pages": ruling["pages"], "total": ruling["total"]},
                )
            )
        return "\n".join(lines)

    def _text_history(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        lines = [
            self.translator.format(
                lang, "history-header", {"player": names.get(ruling["player"], ruling["player"])}
            )
        ]
        if not ruling["entries"]:
            lines.append(self.translator.format(lang, "history-empty"))
        for entry in ruling["entries"]:
            when = self.instant(entry["at"], lang, zone)
            number = self.translator.format(lang, "ruling-number-short", {"id": entry["id"]})
            if entry.get("private"):
                said = self.translator.format(lang, "ruling-private")
            else:
                inner = Ruling(entry["type"], entry["at"], "", entry["fields"])
                said = self.text(inner, lang, names, zone)
            if entry.get("standing") is False:
                said += " " + self.translator.format(lang, "history-not-standing")
            lines.append(f"{number} · {when} · {said}")
        return "\n".join(lines)

    def _text_hand_check(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        valid = "yes" if ruling["valid"] else "no"
        reason = ruling.get("reason") or "none"
        header = {"hand": ruling["hand"], "fan": ruling["fan"], "valid": valid, "reason": reason}
        lines = [self.translator.format(lang, "hand-check", header)]
        for fan in ruling["fans"]:
            name = f"fan-{fan['name']}"
            shown = (
                self.translator.format(lang, name)
                if self.translator.has("en", name)
                else fan["name"]
            )
            lines.append(
                self.translator.format(
                    lang, "hand-check-fan", {"name": shown, "points": fan["points"]}
                )
            )
        return "\n".join(lines) + " " + self._cited(lang, ruling.rule)

    def _text_session_started(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        fields = {k: v for k, v in ruling.fields.items() if k not in ("tables", "empty_seats")}
        lines = [self.translator.format(lang, "ruling-session_started", fields)]
        if ruling.get("tables"):
            lines.append(self.translator.format(lang, "session-tables"))
        else:  # no plan drawn: each table is seated by hand
            lines.append(self.translator.format(lang, "session-seat-by-hand"))
        empty = self.translator.format(lang, "seating-empty-seat")
        for table in ruling.get("tables") or ():
            seats = ", ".join(empty if p is None else names.get(p, p) for p in table["seats"])
            lines.append(
                self.translator.format(
                    lang, "seating-row", {"table": table["table"], "seats": seats}
                )
            )
        for empty in ruling.get("empty_seats") or ():
            args = {**empty, "out": names.get(empty["out"], empty["out"])}
            lines.append(self.translator.format(lang, "session-empty-seat", args))
        return "\n".join(lines) + " " + self._cited(lang, ruling.rule)

    def _text_export(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        fields = {k: v for k, v in ruling.fields.items() if k not in ("rows", "missing")}
        text = self.translator.format(lang, "ruling-export", fields)
        missing = ruling.get("missing") or []
        if missing:
            players = ", ".join(names.get(p, p) for p in missing)
            args = {"count": len(missing), "players": players}
            text += " " + self.translator.format(lang, "export-missing", args)
        return text + " " + self._cited(lang, ruling.rule)

    def _text_seating_view(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        lines = [self.translator.format(lang, "seating-header", {"session": ruling["session"]})]
        empty = self.translator.format(lang, "seating-empty-seat")
        for table in ruling["tables"]:
            seats = ", ".join(empty if p is None else names.get(p, p) for p in table["seats"])
            lines.append(
                self.translator.format(
                    lang, "seating-row", {"table": table["table"], "seats": seats}
                )
            )
        return "\n".join(lines)

    def _text_tables(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        lines = [self.translator.format(lang, "tables-header", {"tables": len(ruling["tables"])})]
        free = self.translator.format(lang, "tables-side-free")  # a side nobody sits on yet
        for table in ruling["tables"]:
            seats = {
                side: ", ".join(names.get(p, p) for p in players) or free
                for side, players in table["seats"].items()
            }
            args = self.args({k: v for k, v in table.items() if k != "seats"}, lang, names, zone)
            lines.append(self.translator.format(lang, "tables-row", {**args, **seats}))
        return "\n".join(lines)

    def _text_ruling(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        when = self.instant(ruling["at"], lang, zone)
        if ruling.get("private"):
            number = self._numbered(lang).replace("\x00", str(ruling["id"]))
            lines = [f"{when} · {number} " + self.translator.format(lang, "ruling-private")]
        else:
            inner = Ruling(ruling["decision"], ruling["at"], ruling["rule"], ruling["fields"])
            lines = [f"{when} · " + self.text(inner, lang, names, zone, ruling["id"])]
        if ruling.get("reversed_by"):
            lines.append(
                self.translator.format(lang, "ruling-view-reversed", {"by": ruling["reversed_by"]})
            )
        later = [n for n in ruling.get("since") or () if n != ruling.get("reversed_by")]
        if later:
            numbers = ", ".join(
                self.translator.format(lang, "ruling-number-short", {"id": n}) for n in later
            )
            lines.append(self.translator.format(lang, "ruling-view-since", {"since": numbers}))
        return "\n".join(lines)

    def _text_log(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        pages = ruling.get("pages") or 1
        header = {"page": ruling.get("page") or 1, "pages": pages}
        lines = [self.translator.format(lang, "log-header", header)]
        if not ruling["entries"]:
            empty = "log-empty-filtered" if ruling.get("filtered") else "log-empty"
            lines.append(self.translator.format(lang, empty))
        for entry in ruling["entries"]:
            args = self.args({**entry, "target": entry.get("target") or None}, lang, names, zone)
            if entry.get("changed"):  # the settings changed, by their names (values: #N)
                args["changed"] = ", ".join(self.word(lang, key) for key in entry["changed"])
            if entry["action"] in WORDED_IN_LOG:  # its action says it, in words
                args["reason"] = "none"
            if entry.get("actor") == BOT_ACTOR:
                args["actor"] = self.translator.format(lang, "log-actor-bot")
            right = self._right(lang, entry.get("reason"))
            if right is not None:  # a right the platform refused the bot, in words
                args["right"] = right
                lacks = self.translator.format(lang, "log-lacks-right", {"right": right})
                args["reason"] = "none" if entry["action"] == "missing_right" else lacks
            action = f"log-action-{entry['action']}"
            if self.translator.has(lang, action) or self.translator.has("en", action):
                args["action"] = self.translator.format(lang, action, args)
            lines.append(self.translator.format(lang, "log-row", args))
        return "\n".join(lines)

    def _right(self, lang: str, written: Any) -> str | None:
        """A platform's right (``ban``, ``attach_files``) as the reader names it; else None."""
        message = f"right-{written.replace('_', '-')}" if isinstance(written, str) else ""
        return self.translator.format(lang, message) if self.translator.has(lang, message) else None

    def _text_help(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        if ruling.get("command"):
            name = ruling["command"]
            text = self.translator.format(
                lang,
                "help-command",
                {
                    "usage": self.usage(lang, ruling["usage"]),
                    "description": self._described(lang, name, ruling.get("rulebook")),
                    "moderator": "yes" if ruling["moderator"] else "no",
                },
            )
            # the keywords in the reader's own words: Cyrillic ones for Russian, the others
            # for Italian (English readers type them as the usage shows)
            pairs = [
                f"{word} = {keyword}"
                for keyword, words in (ruling.get("keywords") or {}).items()
                for word in words
                if lang != "en" and _cyrillic(word) == (lang == "ru")
            ]
            if pairs:
                text += "\n" + self.translator.format(
                    lang, "help-keywords", {"keywords": ", ".join(pairs)}
                )
            return text
        header = self.args({"rulebook": ruling["rulebook"]}, lang, names, zone)
        lines = [self.translator.format(lang, "help-header", header)]
        for name in ruling["commands"]:
            lines.append(f"/{name} — " + self._described(lang, name, ruling["rulebook"]))
        return "\n".join(lines)

    def _described(self, lang: str, name: str, rulebook: str | None) -> str:
        """A command's description, in its rulebook's words where they differ."""
        own = f"command-{name}-{rulebook}"
        if rulebook and (self.translator.has(lang, own) or self.translator.has("en", own)):
            return self.translator.format(lang, own)
        return self.translator.format(lang, f"command-{name}")

    def _text_web_page(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        if not ruling.get("url"):
            return self.translator.format(
                lang, "web-page-off", {"rotated": "yes" if ruling.get("rotated") else "no"}
            )
        return self.translator.format(
            lang, "ruling-web_page", self.args(ruling.fields, lang, names, zone)
        )

    def _text_stops_list(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        lines = [
            self.translator.format(
                lang, "stops-header", {"stops": len(ruling["stops"]), "cards": len(ruling["cards"])}
            )
        ]
        for row in ruling["stops"]:
            lines.append(
                self.translator.format(lang, "stops-row", self.args(row, lang, names, zone))
            )
        for row in ruling["cards"]:
            lines.append(
                self.translator.format(lang, "cards-row", self.args(row, lang, names, zone))
            )
        for row in ruling.get("measures") or ():  # the chat's mutes and bans (/stops)
            lines.append(
                self.translator.format(lang, "measures-row", self.args(row, lang, names, zone))
            )
        return "\n".join(lines)

    def _text_chat_rules(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        rules = ruling["rules"]
        lines = [self.translator.format(lang, "chat-rules-header", {"rules": len(rules)})]
        lines += [f"{rule['number']}. {rule['text']}" for rule in rules]
        return "\n".join(lines)

    def _text_welcome(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        """The joins of a few seconds greeted at once: named (the first ones, then how many
        others), the chat's own greeting and its rules, and for those held the sum to answer."""
        shown = [names.get(player, player) for player in ruling["players"]]
        others = int(ruling.get("others") or 0)
        who = self._joined_names(shown, others, lang)
        everyone = len(shown) + others
        lines = []
        if ruling.get("text"):
            args = {"player": who, "text": ruling["text"], "count": everyone}
            lines.append(self.translator.format(lang, "welcome-greeting", args))
            if ruling["rules"]:
                lines.append(self._text_chat_rules(ruling, lang, names, zone))
        if ruling.get("choices"):
            fields = {k: ruling.get(k) for k in ("first", "second", "seconds")}
            args = {**self.args(fields, lang, names, zone), "player": who, "count": everyone}
            args["greeted"] = "yes" if ruling.get("text") else "no"
            lines.append(self.translator.format(lang, "welcome-challenge", args))
        return "\n".join(lines)

    def _joined_names(self, shown: list[str], others: int, lang: str) -> str:
        """ "anna", "anna and bruno", "anna, bruno and carla", "anna, bruno and 18 others"."""
        if others:
            args = {"first": shown[0], "second": shown[1], "others": others}
            return self.translator.format(lang, "welcome-names-others", args)
        if len(shown) == 1:
            return shown[0]
        args = {"list": ", ".join(shown[:-1]), "last": shown[-1]}
        return self.translator.format(lang, "welcome-names-last", args)

    def _text_team_standings(
        self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo
    ) -> str:
        rows = ruling["rows"]
        header = {"tournament": ruling["tournament"], "teams": len(rows)}
        lines = [self.translator.format(lang, "team-standings-header", header)]
        for rank, row in enumerate(rows, 1):
            args = self.args({**row, "rank": rank}, lang, names, zone)
            lines.append(self.translator.format(lang, "team-standings-row", args))
        return "\n".join(lines)

    def _text_reports(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        found = ruling["reports"]
        lines = [self.translator.format(lang, "reports-header", {"reports": len(found)})]
        for row in found:
            message = "reports-row-appeal" if row.get("amends") else "reports-row"  # a measure's
            lines.append(self.translator.format(lang, message, self.args(row, lang, names, zone)))
        return "\n".join(lines)

    def _text_profile(self, ruling: Ruling, lang: str, names: dict[str, str], zone: tzinfo) -> str:
        """A player's page: his rulebook's message (its ``-none`` form when there is no
        tournament to show), his tallies and yearly warnings where it keeps them, his conduct."""
        fields = dict(ruling.fields)
        empty = "tournament" in fields and not fields["tournament"]
        message = f"profile-{of_ruling(ruling).name}" + ("-none" if empty else "")
        shown = {k: v for k, v in fields.items() if k != "tallies"}
        lines = [self.translator.format(lang, message, self.args(shown, lang, names, zone))]
        for tally, row in (fields.get("tallies") or {}).items():
            args = self.args(row, lang, names, zone)
            args["tally"] = tally
            lines.append(self.translator.format(lang, "profile-tally", args))
        years = fields.get("warnings_by_year") or {}
        if years:
            lines.append(
                self.translator.format(
                    lang,
                    "profile-warnings-by-year",
                    {
                        "years": ", ".join(
                            f"{year}: {count}" for year, count in sorted(years.items())
                        )
                    },
                )
            )
        return "\n".join([*lines, *self._conduct(fields, lang, names, zone)])

    def _conduct(
        self, fields: dict[str, Any], lang: str, names: dict[str, str], zone: tzinfo
    ) -> list[str]:
        """A profile's line on conduct in the chat, when there is anything to say."""
        conduct = fields.get("conduct")
        if not conduct:
            return []
        return [
            self.translator.format(lang, "profile-conduct", self.args(conduct, lang, names, zone))
        ]


def _cyrillic(word: str) -> bool:
    return any("\u0400" <= char <= "\u04ff" for char in word)
