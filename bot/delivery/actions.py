"""Buttons as platform-neutral actions: what a button carries, and what a press means.

A button's data is ``verb``, ``verb:number`` or ``verb:token`` (at most 64 bytes, Telegram's
limit). A press is a command, run as if the presser had typed it (in the chat it was pressed
in, so it acts on that chat alone); or the settlement of a proposal, or the turn of a page,
both named by a token nobody can guess. A button on a message meant for one member (his card)
names him: another member's press is refused, not run as his own. A command's button sent to
a private chat names its community (``data#id``): pressed there, it acts in that community.
Anything else (stale, forged, mistyped) is no press at all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
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
    "pass": "/pass",  # a new member shows he is a person
    "answer": "/pass {0}",  # a challenge's answer, named by its token (bot.handlers.joins)
    "dispute": "/dispute {0} —",
    # a report's buttons, in the moderators' log: what the report says is acted on
    "dismiss": "/dismiss {0}",
    "report_warn": "/warn report={0}",
    "report_mute": "/mute report={0} 1h",
    "report_ban": "/ban report={0}",
}
REPORT_VERBS = frozenset({"dismiss", "report_warn", "report_mute", "report_ban"})
SETTLEMENTS = {"approve": True, "reject": False}
DATA_LIMIT = 64
NUMBER = re.compile(r"[1-9][0-9]{0,8}")  # a table or ruling number (an INTEGER holds it)
TOKEN = re.compile(r"[A-Za-z0-9_-]{16}")  # secrets.token_urlsafe(12)
TOKENED = frozenset({"answer"})  # verbs whose argument is a token, not a number
OWNER = re.compile(r"[\w.-]{1,40}")  # a member's key: a platform's id, a console name


@dataclass(frozen=True)
class Press:
    """What a button press asks for: a command, a proposal's settlement, or a page."""

    command: str | None = None
    proposal: str | None = None  # the proposal's token
    confirm: bool = False
    page: tuple[str, int] | None = None  # (paged answer's token, page wanted)
    owner: str | None = None  # the member the button is for: nobody else may press it
    # the community a button sent to a private chat belongs to (its id): a press there acts
    # in it, whichever community its presser last spoke in
    community: int | None = None


def encode(action: Action, ruling: Mapping[str, Any]) -> str:
    data = (
        action.verb
        if action.argument is None
        else (f"{action.verb}:{int(ruling[action.argument])}")
    )
    if action.owner and ruling.get("player"):
        data += f"@{ruling['player']}"
    if len(data.encode()) > DATA_LIMIT:
        raise ValueError(f"button data over {DATA_LIMIT} bytes: {data!r}")
    return data


def in_community(button: Button, community: int) -> Button:
    """A command's button as sent to a private chat: ``#`` and the id of the community it
    belongs to follow its data (a page or a proposal is found by its token alone; data
    that would go past the limit stays as it is)."""
    press = None if button.url is not None else decode(button.data)
    data = f"{button.data}#{community}"
    if press is None or press.command is None or len(data.encode()) > DATA_LIMIT:
        return button
    return replace(button, data=data)


def decode(data: str) -> Press | None:
    """The press a button's data stands for; None for data the bot never made."""
    if len(data.encode()) > DATA_LIMIT:
        return None
    data, hashed, community = data.partition("#")
    if hashed and not NUMBER.fullmatch(community):
        return None
    press = _decode(data)
    if press is None or not hashed:
        return press
    if press.command is None:
        return None  # only a command's button names its community
    return replace(press, community=int(community))


def _decode(data: str) -> Press | None:
    data, named, owner = data.partition("@")
    if named and not OWNER.fullmatch(owner):
        return None
    verb, _, argument = data.partition(":")
    if verb == "page":
        token, _, number = argument.partition(":")
        if TOKEN.fullmatch(token) and NUMBER.fullmatch(number) and not owner:
            return Press(page=(token, int(number)))
        return None
    if verb in SETTLEMENTS:
        if TOKEN.fullmatch(argument) and not owner:
            return Press(proposal=argument, confirm=SETTLEMENTS[verb])
        return None
    template = COMMANDS.get(verb)
    if template is None:
        return None
    shape = TOKEN if verb in TOKENED else NUMBER
    if "{0}" in template and not shape.fullmatch(argument):
        return None
    if "{0}" not in template and argument:
        return None
    return Press(command=template.format(argument), owner=owner or None)


def report_of(data: str) -> int | None:
    """The report a report's button acts on (its number); None for any other button."""
    if len(data.encode()) > DATA_LIMIT:
        return None
    verb, _, argument = data.partition("#")[0].partition("@")[0].partition(":")
    if verb not in REPORT_VERBS or not NUMBER.fullmatch(argument):
        return None
    return int(argument)


def buttons(
    ruling_type: str | None, ruling: Mapping[str, Any] | None, lang: str, translator: Translator
) -> tuple[Button, ...]:
    """The buttons of a message, labelled in its reader's language."""
    if not ruling:
        return ()
    found = []
    for action in kind_of(ruling_type).actions:
        label = translator.format(lang, f"button-{action.label}")
        if action.proposal:
            token = ruling.get(action.argument or "")
            if isinstance(token, str) and TOKEN.fullmatch(token):
                found.append(Button(label, f"{action.verb}:{token}"))
        elif action.choices:  # one button a choice, showing its label, carrying its token
            for row in ruling.get(action.argument or "") or ():
                if isinstance(row, Mapping) and TOKEN.fullmatch(str(row.get("token", ""))):
                    found.append(Button(str(row["label"]), f"{action.verb}:{row['token']}"))
        elif not action.link:
            found.append(Button(label, encode(action, ruling)))
        elif action.argument and ruling.get(action.argument):  # a link only where there is one
            found.append(Button(label, "", url=link_for(ruling[action.argument], lang)))
    return tuple(found)


def link_for(url: str, lang: str) -> str:
    """The page in the reader's language."""
    return f"{url}{'&' if '?' in url else '?'}lang={lang}"


def page_buttons(
    token: str, page: int, pages: int, lang: str, translator: Translator
) -> tuple[Button, ...]:
    """◀ and ▶ under page ``page`` (from 1) of ``pages``."""
    found = []
    if page > 1:
        label = translator.format(lang, "button-page-previous", {"page": page - 1, "pages": pages})
        found.append(Button(label, f"page:{token}:{page - 1}"))
    if page < pages:
        label = translator.format(lang, "button-page-next", {"page": page + 1, "pages": pages})
        found.append(Button(label, f"page:{token}:{page + 1}"))
    return tuple(found)


__all__ = [
    "COMMANDS",
    "DATA_LIMIT",
    "Press",
    "buttons",
    "decode",
    "encode",
    "in_community",
    "link_for",
    "page_buttons",
    "report_of",
]
