"""Inline buttons where they save typing, and what each press means as a command."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import Translator

# callback data → the command it stands for
ACTIONS = {
    "sit": "/sit {0}",
    "confirm": "/confirm {0}",
    "ready": "/ready {0}",
    "leave": "/leave",
    "card": "/card",
    "dispute": "/dispute {0} {1}",
}


def settlement_for(data: str) -> tuple[int, bool] | None:
    """(proposal, confirmed) for a moderator's Confirm or Cancel under a proposed stop."""
    action, _, argument = data.partition(":")
    if action not in ("approve", "reject") or not argument.isdigit():
        return None
    return int(argument), action == "approve"


def command_for(data: str) -> str | None:
    """The command a button's callback data stands for; None for data we never made."""
    action, _, argument = data.partition(":")
    template = ACTIONS.get(action)
    if template is None:
        return None
    if "{0}" in template and not argument.isdigit():
        return None
    return template.format(argument, "—")


def keyboard(ruling: dict | None, lang: str, translator: Translator) -> InlineKeyboardMarkup | None:
    if not ruling:
        return None

    def button(label: str, data: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(translator.format(lang, f"button-{label}"), callback_data=data)

    kind = ruling.get("type")
    if kind == "table_opened":
        return InlineKeyboardMarkup([[button("sit", f"sit:{ruling['table']}")]])
    if kind == "result_reported":
        match = ruling["match"]
        return InlineKeyboardMarkup(
            [[button("confirm", f"confirm:{match}"), button("dispute", f"dispute:{match}")]]
        )
    if kind == "ready_window":
        return InlineKeyboardMarkup([[button("ready", f"ready:{ruling['match']}")]])
    if kind == "card_shown":
        return InlineKeyboardMarkup([[button("leave", "leave")]])
    if kind == "proposal":
        return InlineKeyboardMarkup(
            [
                [
                    button("approve", f"approve:{ruling['proposal']}"),
                    button("reject", f"reject:{ruling['proposal']}"),
                ]
            ]
        )
    if kind == "card_left":
        return InlineKeyboardMarkup([[button("card", "card")]])
    return None
