"""The outbox: every message the bot decides to send, recorded in the transaction that decided
it, with where it goes and what its sending sets off; sent after the commit, its outcome
recorded in one transaction.

A row is leased to the process that recorded it (or that claimed it later) while that process
sends it; a failure is retried with a growing pause, and after :data:`MAX_ATTEMPTS` (or at
once, when the platform says it would never take it) the row is dead: kept with its reason,
reported in the moderators' log, and no longer blocking anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from bot.delivery.ports import Target
from bot.discipline.kinds import Effect, Mute, Readmit, Remove, Unmute
from bot.handlers import Outgoing

LEASE = timedelta(minutes=2)  # while one process sends a message, the others keep off
MAX_ATTEMPTS = 12
FIRST_PAUSE = timedelta(seconds=30)
LONGEST_PAUSE = timedelta(hours=1)
BOT = "arbitro"  # the actor of what the bot records by itself
VERSION = 2  # rows written before had the message alone, its target decided when sent


@dataclass(frozen=True)
class Parcel:
    """One message as the outbox keeps it: what to say, where, and the platform effect its
    sending sets off (a mute, decided with the ruling)."""

    message: Outgoing
    target: Target
    community: int
    effect: Effect | None = None
    id: int | None = None
    tries: int = 1  # this one included
    late: bool = False  # sent after the moment it was decided: its effect is checked again

    def with_rest(self, text: str) -> Parcel:
        """What is left of a long message cut off in the middle."""
        return replace(self, message=replace(self.message, text=text))


def record_of(message: Outgoing) -> dict[str, Any]:
    return {
        "at": message.at.isoformat(),
        "chat": message.chat,
        "kind": message.kind,
        "to": message.to,
        "to_name": message.to_name,
        "lang": message.lang,
        "text": message.text,
        "ruling": message.ruling,
        "platform": message.platform,
        "ruling_type": message.ruling_type,
        "names": message.names,
        "tz": message.tz,
        "channel": message.channel,
    }


def message_of(record: dict[str, Any], outbox_id: int | None = None) -> Outgoing:
    return Outgoing(
        datetime.fromisoformat(record["at"]),
        record["chat"],
        record["kind"],
        record["to"],
        record.get("to_name"),
        record["lang"],
        record["text"],
        record["ruling"],
        record.get("platform", ""),
        record.get("ruling_type"),
        outbox_id,
        record.get("names", {}),
        record.get("tz", "UTC"),
        record.get("channel"),
    )


def parcel_record(parcel: Parcel) -> dict[str, Any]:
    effect = parcel.effect
    return {
        "v": VERSION,
        "message": record_of(parcel.message),
        "target": parcel.target.as_record(),
        "effect": None if effect is None else effect_record(effect),
    }


def effect_record(effect: Effect) -> dict[str, Any]:
    """An effect as the outbox keeps it (``mute`` true/false: the shape of older rows)."""
    until = getattr(effect, "until", None)
    written: dict[str, Any] = {
        "mute": isinstance(effect, Mute),
        "player": effect.player,
        "until": until.isoformat() if until is not None else None,
        "reason": effect.reason,
    }
    if isinstance(effect, Remove):
        written["remove"] = "ban" if effect.ban else "kick"
    elif isinstance(effect, Readmit):
        written["readmit"] = True
    return written


def effect_of(planned: dict[str, Any]) -> Effect:
    until = datetime.fromisoformat(planned["until"]) if planned.get("until") else None
    if planned.get("remove"):
        return Remove(planned["player"], planned["remove"] == "ban", until, planned["reason"])
    if planned.get("readmit"):
        return Readmit(planned["player"], planned["reason"])
    if planned["mute"]:
        assert until is not None
        return Mute(planned["player"], until, planned["reason"])
    return Unmute(planned["player"], planned["reason"])


def parcel_of(record: dict[str, Any], community: int, outbox_id: int, tries: int) -> Parcel:
    """A row as recorded; a row of the older shape (the message alone) goes where its kind
    says, as it did then."""
    if record.get("v") != VERSION:
        message = message_of(record, outbox_id)
        # a DM to a private chat never opened is refused by the platform: then the group
        private = message.kind == "dm" and message.to is not None
        target = Target("private" if private else "group", message.chat, message.channel)
        target = replace(target, user=message.to) if private else target
        return Parcel(message, target, community, None, outbox_id, tries, late=True)
    planned = record.get("effect")
    effect = None if planned is None else effect_of(planned)
    message = message_of(record["message"], outbox_id)
    target = Target.of_record(record["target"])
    return Parcel(message, target, community, effect, outbox_id, tries, late=True)


def pause_after(attempts: int) -> timedelta:
    """How long a message that failed ``attempts`` times waits before the next try."""
    return min(LONGEST_PAUSE, FIRST_PAUSE * 2 ** max(0, attempts - 1))


__all__ = [
    "BOT",
    "LEASE",
    "MAX_ATTEMPTS",
    "Parcel",
    "message_of",
    "parcel_of",
    "parcel_record",
    "pause_after",
    "record_of",
]
