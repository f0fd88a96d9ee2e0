"""Slash commands generated from the command language: each command's grammar becomes typed
options (whole numbers, members, choices, text), grouped per rulebook."""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.handlers import REGISTRY

_TOKEN = re.compile(r"<[^>]+>|\[[^\]]+\]|@\S+|\S+")
INTEGER_NAMES = {
    "T": "table",
    "table": "table",
    "mp_ns": "mp_ns",
    "mp_ew": "mp_ew",
    "vp_ns": "vp_ns",
    "vp_ew": "vp_ew",
    "sessions": "sessions",
    "minutes": "minutes",
    "e": "east",
    "s": "south",
    "w": "west",
    "n": "north",
    "points": "points",
    "ruling id": "ruling",
    "appeal id": "appeal",
}
CHOICE_NAMES = {
    ("fibur", "fitab"): "ruleset",
    ("1v1", "pairs", "4in2", "giallo"): "format",
    ("2", "3", "4"): "hands",
    ("ns", "ew"): "side",
    ("start", "end"): "action",
    ("under8", "invalid"): "variant",
    ("exposed", "concealed"): "exposure",
    ("late", "ill-before", "ill-during", "dq"): "reason",
    ("uphold", "overturn"): "decision",
    ("it", "ru", "en"): "language",
    ("training", "official", "all"): "tally",
}
MEMBER_NAMES = {"user": "member", "out": "out", "in": "replacement"}


@dataclass(frozen=True)
class Option:
    name: str
    kind: str  # int, member, choice, flag, text, literal, members
    required: bool
    choices: tuple[str, ...] = ()
    literal: str = ""


def options_of(usage: str) -> list[Option]:
    """The options of the first form of a command's grammar."""
    first = usage.split(" | ")[0]
    options: list[Option] = []
    for token in _TOKEN.findall(first)[1:]:
        required = not token.startswith("[")
        inner = token.strip("<>[]")
        if "=" in inner:  # key=value settings
            key, _, values = inner.partition("=")
            choices = tuple(values.split("|")) if "|" in values else ()
            options.append(Option(key, "setting", required, choices))
        elif inner.startswith("@") and inner.endswith("…"):
            options.append(Option("players", "members", True))
        elif inner.startswith("@"):
            word = inner[1:]
            options.append(Option(MEMBER_NAMES.get(word, word), "member", required))
        elif "|" in inner:
            values = tuple(inner.split("|"))
            options.append(Option(CHOICE_NAMES.get(values, "choice"), "choice", required, values))
        elif inner in INTEGER_NAMES:
            options.append(Option(INTEGER_NAMES[inner], "int", required))
        elif token.startswith("[") and inner.isalpha() and inner in ("official", "ai", "final"):
            options.append(Option(inner, "flag", False, literal=inner))
        elif token.startswith(("<", "[")):
            options.append(Option(inner.replace(" ", "_"), "text", required))
        else:
            options.append(Option(inner, "literal", True, literal=inner))
    return options


def _annotation(option: Option):
    kinds = {
        "int": int,
        "member": discord.Member,
        "flag": bool,
        "text": str,
        "members": str,
        "setting": str,
    }
    base = (
        typing.Literal[option.choices]
        if option.kind == "choice" or (option.kind == "setting" and option.choices)
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
        elif option.kind == "setting":
            words.append(f"{option.name}={value}")
        elif option.kind == "member":
            token = f"id{value.id}"
            members[token] = value
            words.append("@" + token)
        else:
            words.append(str(value))
    return " ".join(words), members


Runner = Callable[[discord.Interaction, str, dict], Awaitable[None]]


def build_tree(tree: app_commands.CommandTree, run: Runner) -> None:
    """Register every command: Burraco and MCR ones in their groups, the others at the top."""
    groups = {
        "burraco": app_commands.Group(
            name="burraco",
            description=app_commands.locale_str(
                "Burraco club commands", key="discord-group-burraco"
            ),
            guild_only=True,
        ),
        "mcr": app_commands.Group(
            name="mcr",
            description=app_commands.locale_str("MCR tournament commands", key="discord-group-mcr"),
            guild_only=True,
        ),
    }
    for name, spec in REGISTRY.items():
        options = options_of(spec.usage)
        parent = groups.get(spec.rulebook or "")
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


def _callback(name: str, options: list[Option], run: Runner):
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
