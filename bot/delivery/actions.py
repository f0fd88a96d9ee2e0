"""Buttons as platform-neutral actions: what a button carries, and what a press means.

A button's data is ``verb`` or ``verb:number`` (at most 64 bytes, Telegram's limit). A press
is either a command, run as if the presser had typed it, or the settlement of a proposal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.delivery.ports import Button
from bot.discipline.kinds import Action, kind_of
from bot.i18n import Translator

# verb → the command a press stands for ({0}: the number the button carries)
COMMANDS = {
    "sit": "/sit {0}",
    "confirm": "/confirm {0}",
    "ready": "/ready {0}",
    "leave": "/leave",
    "card": "/card",
    "dispute": "/dispute {0} —",
}
SETTLEMENTS = {"approve": True, "reject": False}
DATA_LIMIT = 64


@dataclass(frozen=True)
class Press:
    """What a button press asks for: a command, or a proposal's settlement."""

    command: str | None = None
    proposal: int | None = None
    confirm: bool = False
    page: tuple[int, int] | None = None  # (paged answer, page wanted)


def encode(action: Action, ruling: Mapping[str, Any]) -> str:
    data = (
        action.verb
        if action.argument is None
        else (f"{action.verb}:{int(ruling[action.argument])}")
    )
    if len(data.encode()) > DATA_LIMIT:
        raise ValueError(f"button data over {DATA_LIMIT} bytes: {data!r}")
    return data


def decode(data: str) -> Press | None:
    """The press a button's data stands for; None for data the bot never made."""
    verb, _, argument = data.partition(":")
    if verb == "page":
        paged, _, number = argument.partition(":")
        if paged.isdigit() and number.isdigit():
            return Press(page=(int(paged), int(number)))
        return None
    if verb in SETTLEMENTS:
        return (
            Press(proposal=int(argument), confirm=SETTLEMENTS[verb])
            if (argument.isdigit())
            else None
        )
    template = COMMANDS.get(verb)
    if template is None or ("{0}" in template) != argument.isdigit():
        return None
    return Press(command=template.format(argument))


def buttons(
    ruling_type: str | None, ruling: Mapping[str, Any] | None, lang: str, translator: Translator
) -> tuple[Button, ...]:
    """The buttons of a message, labelled in its reader's language."""
    if not ruling:
        return ()
    found = []
    for action in kind_of(ruling_type).actions:
        label = translator.format(lang, f"button-{action.label}")
        if not action.link:
            found.append(Button(label, encode(action, ruling)))
        elif action.argument and ruling.get(action.argument):  # a link only where there is one
            found.append(Button(label, "", url=link_for(ruling[action.argument], lang)))
    return tuple(found)


def link_for(url: str, lang: str) -> str:
    """The page in the reader's language."""
    return f"{url}{'&' if '?' in url else '?'}lang={lang}"


def page_buttons(
    paged: int, page: int, pages: int, lang: str, translator: Translator
) -> tuple[Button, ...]:
    """◀ and ▶ under page ``page`` (from 1) of ``pages``."""
    found = []
    if page > 1:
        label = translator.format(lang, "button-page-previous", {"page": page - 1, "pages": pages})
        found.append(Button(label, f"page:{paged}:{page - 1}"))
    if page < pages:
        label = translator.format(lang, "button-page-next", {"page": page + 1, "pages": pages})
        found.append(Button(label, f"page:{paged}:{page + 1}"))
    return tuple(found)


__all__ = [
    "COMMANDS",
    "DATA_LIMIT",
    "Press",
    "buttons",
    "decode",
    "encode",
    "link_for",
    "page_buttons",
]
