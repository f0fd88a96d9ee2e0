"""Slash commands generated from the command language: each form of a command becomes typed
options (whole numbers, members, choices, text), a command of several forms a subcommand per
form; grouped per rulebook."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.handlers import REGISTRY
from bot.handlers._core import CommandSpec
from bot.handlers.grammar import Form, Param, Shape
from bot.ports.rulebooks import menu_of, menus
from bot.ports.rulebooks import names as rulebook_names


@dataclass(frozen=True)
class Option:
    name: str
    kind: str  # int, member, choice, flag, text, literal, members, setting, message
    required: bool
    choices: tuple[str, ...] = ()
    literal: str = ""


def options_of(spec: CommandSpec, form: Form | None = None) -> list[Option]:
    """The options of one of a command's forms (its first, unless told), from its declared
    parameters."""
    options: list[Option] = []
    for param in spec.forms[0] if form is None else form:
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
                Shape.SCORES: "text",  # <@member> 14 <@member> 9: members named in a text
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
        "message": str,
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
        elif value is None or value is False or option.kind == "message":  # not in the text
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


@dataclass(frozen=True)
class Variant:
    """One way of typing a command as a slash command: one of its forms, or one form with
    its leading keyword chosen (``/rules add``)."""

    name: str | None  # the subcommand's name (None: the command itself, of one form)
    options: list[Option]
    form: Form


SHOWN = "show"  # the name of a form that takes nothing (``/rules`` shows them)


def variants_of(spec: CommandSpec) -> list[Variant]:
    """Every form of a command, each named by what tells it apart from the others: the form
    a rulebook writes alone is named after the rulebook (``/standings mcr``), a keyword by
    its word (``/stop edit``), several keywords each by its own (``/rules add|edit|remove``),
    else its first keyword or parameter some other form lacks (``/warn report``)."""
    forms = spec.forms
    if len(forms) == 1:
        return [Variant(None, options_of(spec, forms[0]), forms[0])]
    variants: list[Variant] = []
    for form in forms:
        named = _rulebook_alone(spec, form)
        marks = [named] if named else _marks(form, forms, {v.name for v in variants if v.name})
        for mark in marks:
            options = [_chosen(option, mark) for option in options_of(spec, form)]
            variants.append(Variant(mark, options, form))
    return variants


def _chosen(option: Option, mark: str) -> Option:
    """The keyword a subcommand is named by is typed for the member, not asked of him."""
    if option.kind == "choice" and option.required and mark in option.choices:
        return Option(option.name, "literal", True, literal=mark)
    return option


def _rulebook_alone(spec: CommandSpec, form: Form) -> str | None:
    """The rulebook whose only form this is, for a command each rulebook writes its way."""
    if spec.port is None:
        return None
    for rulebook in rulebook_names():
        if spec.offered_in(rulebook) and spec.forms_in(rulebook) == (form,):
            return rulebook
    return None


def _choices_first(form: Form) -> tuple[str, ...]:
    """The keywords a form starts with, when it starts with a keyword to choose."""
    first = form[0] if form else None
    if first is not None and first.shape is Shape.CHOICE and first.required:
        return first.choices
    return ()


def _marks(form: Form, forms: tuple[Form, ...], taken: set[str]) -> list[str]:
    """The names of a form's subcommands: its leading keywords, else its first parameter
    some other form lacks (the next one when an earlier form took that name)."""
    if _choices_first(form) and not any(_has(other, form[0]) for other in forms if other != form):
        return list(_choices_first(form))
    candidates = [
        _mark_of(param)
        for param in form
        if param.shape is Shape.LITERAL or not all(_has(other, param) for other in forms)
    ]
    free = [mark for mark in candidates if mark not in taken]
    return [free[0] if free else SHOWN]


def _has(form: Form, param: Param) -> bool:
    """Whether a form reads that parameter (bounds aside: each rulebook has its own)."""
    return any(own.name == param.name and own.shape is param.shape for own in form)


def _mark_of(param: Param) -> str:
    if param.shape is Shape.LITERAL or (param.shape is Shape.CHOICE and len(param.choices) == 1):
        return param.choices[0] if param.choices else param.name
    return param.name.replace("_", "-")


class Runner(Protocol):
    """Runs the text command a slash command stands for, with the members it names and the
    message it names by an option (:data:`NAMING_A_MESSAGE`)."""

    def __call__(
        self,
        interaction: discord.Interaction,
        text: str,
        mentions: dict,
        *,
        named: str | None = None,
    ) -> Awaitable[None]: ...


# commands about a message, which a slash command cannot answer: their slash form names it by
# a required option, its link or its id (the command layer reads it and decides), and is
# described as such (the option, the description's message)
NAMING_A_MESSAGE = {"del": ("message", "discord-command-del")}


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
        parent = groups.get(group_of(spec) or "")
        command = _command_of(name, spec, parent, run)
        if parent is not None:
            parent.add_command(command)
        else:
            command.guild_only = True
            tree.add_command(command)
    for group in groups.values():
        tree.add_command(group)


def _command_of(
    name: str, spec: CommandSpec, parent: app_commands.Group | None, run: Runner
) -> app_commands.Command | app_commands.Group:
    """A command of one form, or a group of a subcommand per form."""
    description = app_commands.locale_str(name, key=f"command-{name}")
    variants = variants_of(spec)
    if len(variants) == 1:
        options = variants[0].options
        if name in NAMING_A_MESSAGE:  # said as its slash form is used
            named, key = NAMING_A_MESSAGE[name]
            description = app_commands.locale_str(name, key=key)
            options = [Option(named, "message", True), *options]
        return app_commands.Command(
            name=name,
            description=description,
            callback=_callback(name, options, run),
            parent=parent,
        )
    group = app_commands.Group(name=name, description=description)  # its parent adds it
    for variant in variants:
        assert variant.name is not None
        shown = " ".join(param.usage() for param in variant.form) or name
        group.add_command(
            app_commands.Command(
                name=app_commands.locale_str(variant.name, key=form_key(variant.name)),
                description=app_commands.locale_str(shown[:100], key=f"command-{name}"),
                callback=_callback(name, variant.options, run),
                parent=group,
            )
        )
    return group


def form_key(name: str) -> str:
    """The message naming a form's subcommand in each language."""
    return f"discord-form-{name}"


REPORT_MENU = "discord-menu-report"
DELETE_MENU = "discord-menu-delete"
MENUS = {REPORT_MENU, DELETE_MENU}  # the messages' menu entries, named as people read them
MessageRunner = Callable[[discord.Interaction, discord.Message], Coroutine[Any, Any, None]]


def add_report_menu(tree: app_commands.CommandTree, report: MessageRunner) -> None:
    """A message's "Report to moderators" (its Apps menu): ``/report`` on its author."""
    _add_message_menu(tree, "Report to moderators", REPORT_MENU, report)


def add_delete_menu(tree: app_commands.CommandTree, delete: MessageRunner) -> None:
    """A message's "Delete message" (its Apps menu): ``/del`` of it, without its link (the
    slash ``/del`` asks for one: it answers no message). Shown to those who may manage
    messages; the command layer still refuses whoever is no moderator."""
    _add_message_menu(
        tree, "Delete message", DELETE_MENU, delete, discord.Permissions(manage_messages=True)
    )


def _add_message_menu(
    tree: app_commands.CommandTree,
    name: str,
    key: str,
    run: MessageRunner,
    shown_to: discord.Permissions | None = None,
) -> None:
    menu: app_commands.ContextMenu = app_commands.ContextMenu(
        name=app_commands.locale_str(name, key=key),
        callback=run,
        type=discord.AppCommandType.message,
    )
    menu.guild_only = True
    menu.default_permissions = shown_to
    tree.add_command(menu)


def _callback(name: str, options: list[Option], run: Runner) -> Any:
    """The slash command's callback, with the signature discord.py reads its options from
    (set at run time: no static type says it)."""

    named = next((o.name for o in options if o.kind == "message"), None)

    async def callback(interaction: discord.Interaction, **values: typing.Any) -> None:
        text, members = text_of(name, options, values)
        if named is None:
            await run(interaction, text, members)
        else:
            await run(interaction, text, members, named=str(values.get(named) or ""))

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    # Discord takes the required options first; the text is written in the form's order
    for option in sorted(options, key=lambda option: not option.required):
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
