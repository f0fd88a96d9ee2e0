"""The outbox: every message the bot decides to send, and every action it decides to take on
a platform (a mute, a ban…), recorded in the transaction that decided it, each its own row;
carried out after the commit, its outcome recorded in one transaction.

A row is leased to the process that recorded it (or that claimed it later) while that process
sends it; a failure is retried with a growing pause, and after :data:`MAX_ATTEMPTS` (or at
once, when the platform says it would never take it) the row is dead: kept with its reason,
reported in the moderators' log, and no longer blocking anything.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from datetime import datetime, timedelta
from typing import Any

from bot.delivery.ports import Target
from bot.discipline.kinds import Admit, Delete, Effect, Mute, Readmit, Remove, SlowMode, Unmute
from bot.handlers import Outgoing

LEASE = timedelta(minutes=2)  # while one process sends a message, the others keep off
MAX_ATTEMPTS = 12
FIRST_PAUSE = timedelta(seconds=30)
EFFECT_FIRST_PAUSE = timedelta(seconds=2)  # a measure is tried again sooner than a message
LONGEST_PAUSE = timedelta(hours=1)
BOT = "arbitro"  # the actor of what the bot records by itself
VERSION = 2  # rows written before had the message alone, its target decided when sent
EFFECT = "effect"  # the target of a row that is an action on the platform, not a message
# each action kind as a row names it: adding one is a dataclass in kinds.py and a line here
ACTIONS: dict[str, type[Effect]] = {
    "mute": Mute,
    "unmute": Unmute,
    "remove": Remove,
    "readmit": Readmit,
    "slowmode": SlowMode,
    "admit": Admit,
    "delete": Delete,
}


@dataclass(frozen=True)
class Parcel:
    """One row of the outbox: a message (what to say, where), or an action on the platform
    (``target.where`` is :data:`EFFECT`, ``effect`` the action decided with the ruling; its
    message gives the chat, the names and the language to tell a refusal in). Rows written
    before actions had rows of their own carry a message and its effect together."""

    message: Outgoing
    target: Target
    community: int
    effect: Effect | None = None
    id: int | None = None
    tries: int = 1  # this one included
    late: bool = False  # sent after the moment it was decided: its effect is checked again

    @property
    def action(self) -> bool:
        return self.target.where == EFFECT

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
    """An action as the outbox keeps it: its kind and its fields."""
    name = next(name for name, kind in ACTIONS.items() if isinstance(effect, kind))
    written = {
        key: value.isoformat() if isinstance(value, datetime) else value
        for key, value in asdict(effect).items()
    }
    return {"action": name, **written}


def effect_of(planned: dict[str, Any]) -> Effect:
    kind = ACTIONS.get(planned.get("action", ""))
    if kind is None:
        return _older_effect(planned)
    read: dict[str, Any] = {}
    for field in fields(kind):
        value = planned.get(field.name)
        if field.name == "until" and isinstance(value, str):
            value = datetime.fromisoformat(value)
        elif isinstance(value, list):  # the messages an action names, kept as a JSON list
            value = tuple(value)
        elif value is None and field.name in ("messages", "purge_messages"):
            value = ()
        read[field.name] = value
    return kind(**read)


def _older_effect(planned: dict[str, Any]) -> Effect:
    """An effect as rows kept it before actions had a kind (``mute`` true/false)."""
    until = datetime.fromisoformat(planned["until"]) if planned.get("until") else None
    if planned.get("remove"):
        return Remove(planned["player"], planned["remove"] == "ban", until, planned["reason"])
    if planned.get("readmit"):
        return Readmit(planned["player"], planned["reason"])
    if planned["mute"]:
        assert until is not None
        return Mute(planned["player"], until, planned["reason"])
    return Unmute(planned["player"], planned["reason"])


def action_parcel(parcel: Parcel) -> Parcel:
    """The action a message's ruling calls for, as a row of its own in the chat."""
    assert parcel.effect is not None
    target = Target(EFFECT, parcel.message.chat)
    return Parcel(parcel.message, target, parcel.community, parcel.effect, late=parcel.late)


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


def pause_after(attempts: int, first: timedelta = FIRST_PAUSE) -> timedelta:
    """How long a message (or an action, from its own ``first``) that failed ``attempts``
    times waits before the next try."""
    return min(LONGEST_PAUSE, first * 2 ** max(0, attempts - 1))


__all__ = [
    "ACTIONS",
    "BOT",
    "EFFECT",
    "EFFECT_FIRST_PAUSE",
    "LEASE",
    "MAX_ATTEMPTS",
    "Parcel",
    "action_parcel",
    "effect_of",
    "effect_record",
    "message_of",
    "parcel_of",
    "parcel_record",
    "pause_after",
    "record_of",
]
