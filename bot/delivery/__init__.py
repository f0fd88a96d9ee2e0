"""The delivery layer: every message the bot sends, on every platform, goes through here.

``ports`` is what a platform implements (a :class:`Messenger`), ``service`` routes, cuts and
sends, ``outbox`` keeps what could not be sent yet, ``actions`` says what buttons carry and
mean, ``split`` cuts long texts to a platform's limits.
"""

from bot.delivery.actions import Press, decode, report_of
from bot.delivery.ports import (
    LIMITS,
    Button,
    CardEdit,
    EffectFailed,
    Envelope,
    Limits,
    Messenger,
    MissingRight,
    Outranked,
    PrivateClosed,
    Rejected,
    Sent,
    Target,
    Unreachable,
)
from bot.delivery.service import Delivery, DeliveryOptions, PageTurn, Viewer
from bot.handlers import Origin

__all__ = [
    "LIMITS",
    "Button",
    "CardEdit",
    "Delivery",
    "DeliveryOptions",
    "EffectFailed",
    "Envelope",
    "Limits",
    "Messenger",
    "MissingRight",
    "Origin",
    "Outranked",
    "PageTurn",
    "Press",
    "PrivateClosed",
    "Rejected",
    "Sent",
    "Target",
    "Unreachable",
    "Viewer",
    "decode",
    "report_of",
]
