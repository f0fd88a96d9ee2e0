"""Slash commands generated from the command language: each command's declared parameters
become typed options (whole numbers, members, choices, text), grouped per rulebook."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.handlers import REGISTRY
from bot.handlers._core import CommandSpec
from bot.handlers.grammar import Shape
from bot.ports.rulebooks import menu_of, menus


@dataclass(frozen=True)
class Option:
    name: str
    kind: str  # int, member, choice, flag, text, literal, members, setting
    required: bool
    choices: tuple[str, ...] = ()
    literal: str = ""


def options_of(spec: CommandSpec) -> list[Option]:
    """The options of a command's first form, from its declared parameters."""
    options: list[Option] = []
    for param in spec.forms[0]:
        if param.shape is Shape.LITERAL:
            options.append(Option(param.name, "literal", True, literal=param.name))
        elif param.shape is Shape.FLAGS:
            options += [Option(flag, "flag", False, literal=flag) for flag in param.choices]
        elif param.shape is Shape.SETTINGS:
            for setting in param.options():
                key, equals, values = setting.partition("=")
                name = key.replace("-", "_")  # what Discord (and Python) take as a name
                if not equals:  # a bare word among the settings: a yes/no option
                    options.append(Option(name, "flag", False, literal=key))
                    continue
                choices = tuple(values.split("|")) if "|" in values else ()
                options.append(Option(name, "setting", False, choices, literal=key))
        elif param.shape is Shape.CHOICE:
            options.append(Option(param.name, "choice", param.required, param.choices))
        elif param.shape is Shape.KEYED:  # a number (rule=2), else a word (kind=stop)
            kind = "keyed" if param.minimum is not None else "keyed_word"
            options.append(Option(param.name, kind, param.required, param.choices, param.name))
        else:
            kind = {
                Shape.INT: "int",
                Shape.MENTION: "member",
                Shape.MENTIONS: "members",
                Shape.WORD: "text",
                Shape.PHRASE: "text",
                Shape.TEXT: "text",
                Shape.DURATION: "text",
            }[param.shape]
            options.append(Option(param.name, kind, param.required))
    return options


def _annotation(option: Option) -> Any:
    kinds = {
        "int": int,
        "member": discord.Member,
        "flag": bool,
        "text": str,
        "members": str,
        "setting": str,
        "keyed": int,
        "keyed_word": str,
    }
    base = (
        typing.Literal[option.choices]
        if option.choices and option.kind in ("choice", "keyed_word", "setting")
        else kinds[option.kind]
    )
    return base if option.required else typing.Optional[base]  # noqa: UP045


def text_of(name: str, options: list[Option], values: dict[str, typing.Any]) -> tuple[str, dict]:
    """The text command a slash command stands for, and the members it names."""
    words, members = [f"/{name}"], {}
    for option in options:
        value = values.get(option.name)
        if option.kind == "literal":
            words.append(option.literal)
        elif value is None or value is False:
            continue
        elif option.kind == "flag":
            words.append(option.literal)
        elif option.kind in ("keyed", "keyed_word"):
            words.append(f"{option.literal}={value}")
        elif option.kind == "setting":
            text = str(value)
            shown = f'"{text}"' if " " in text else text  # name="Anna Rossi" stays one word
            words.append(f"{option.literal or option.name}={shown}")
        elif option.kind == "member":
            token = f"id{value.id}"
            members[token] = value
            words.append("@" + token)
        else:
            words.append(str(value))
    return " ".join(words), members


Runner = Callable[[discord.Interaction, str, dict], Awaitable[None]]


def group_of(spec: CommandSpec) -> str | None:
    """The group a command sits in on Discord (None: at the top): its rulebook's menu."""
    return None if spec.rulebook is None else menu_of(spec.rulebook, spec.name)


def build_tree(tree: app_commands.CommandTree, run: Runner) -> None:
    """Register every command: each rulebook's in its groups, the others at the top."""
    groups = {
        name: app_commands.Group(
            name=name,
            description=app_commands.locale_str(description, key=f"discord-group-{name}"),
            guild_only=True,
        )
        for name, description in ((menu.name, menu.title) for menu in menus())
    }
    for name, spec in REGISTRY.items():
        options = options_of(spec)
        parent = groups.get(group_of(spec) or "")
        command: app_commands.Command = app_commands.Command(
            name=name,
            description=app_commands.locale_str(name, key=f"command-{name}"),
            callback=_callback(name, options, run),
            parent=parent,
        )
        if parent is not None:
            parent.add_command(command)
        else:
            command.guild_only = True
            tree.add_command(command)
    for group in groups.values():
        tree.add_command(group)


REPORT_MENU = "discord-menu-report"
MENUS = {REPORT_MENU}  # the messages' menu entries, named as people read them
MessageRunner = Callable[[discord.Interaction, discord.Message], Coroutine[Any, Any, None]]


def add_report_menu(tree: app_commands.CommandTree, report: MessageRunner) -> None:
    """A message's "Report to moderators" (its Apps menu): ``/report`` on its author."""
    menu: app_commands.ContextMenu = app_commands.ContextMenu(
        name=app_commands.locale_str("Report to moderators", key=REPORT_MENU),
        callback=report,
        type=discord.AppCommandType.message,
    )
    menu.guild_only = True
    tree.add_command(menu)


def _callback(name: str, options: list[Option], run: Runner) -> Any:
    """The slash command's callback, with the signature discord.py reads its options from
    (set at run time: no static type says it)."""

    async def callback(interaction: discord.Interaction, **values: typing.Any) -> None:
        text, members = text_of(name, options, values)
        await run(interaction, text, members)

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for option in options:
        if option.kind == "literal":
            continue
        parameters.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(option),
                default=inspect.Parameter.empty if option.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__annotations__ = {p.name: p.annotation for p in parameters}
    return callback
