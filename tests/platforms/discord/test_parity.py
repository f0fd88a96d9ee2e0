"""Discord at parity with the console: every form of every command the grammar declares can be
typed as a slash command, and reaches the command layer with the values the console's text of
that form gives. Built from the grammar and from the commands as synced, never from a list."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.handlers import REGISTRY, Incoming
from bot.handlers._core import CommandSpec
from bot.handlers.grammar import Form, Param, Shape, parse, tokens_of
from bot.platforms.discord.slash import NAMING_A_MESSAGE
from tests.platforms.discord.conftest import member

PEOPLE = ("alice", "bob", "carol", "dave")


@dataclass
class Sample:
    """One way of writing a form: the console's words, and the same as slash options."""

    words: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)


class Writer:
    """Writes each parameter both ways; ``turn`` picks which of its choices."""

    def __init__(self, people: list[discord.Member], turn: int) -> None:
        self.people, self.turn, self.next = people, turn, 0

    def person(self) -> discord.Member:
        self.next += 1
        return self.people[(self.next - 1) % len(self.people)]

    def pick(self, choices: tuple[str, ...] | list[str]) -> str:
        return choices[self.turn % len(choices)]

    def number(self, param: Param) -> int:
        low = param.minimum if param.minimum is not None else 1
        return low + 1 if param.maximum is None or low + 1 <= param.maximum else low

    def write(self, param: Param, sample: Sample) -> None:
        getattr(self, f"_{param.shape.name.lower()}")(param, sample)

    def _literal(self, param: Param, sample: Sample) -> None:
        sample.words.append(param.name)

    def _choice(self, param: Param, sample: Sample) -> None:
        chosen = self.pick(param.choices)
        sample.words.append(chosen)
        sample.options[param.name] = chosen

    def _flags(self, param: Param, sample: Sample) -> None:
        sample.words += param.choices
        sample.options |= dict.fromkeys(param.choices, True)

    def _settings(self, param: Param, sample: Sample) -> None:
        for setting in param.options():
            key, equals, values = setting.partition("=")
            name = key.replace("-", "_")
            if not equals:
                sample.words.append(key)
                sample.options[name] = True
                continue
            value = self.pick(values.split("|")) if "|" in values else "Anna Maria"
            if values in ("N", "number"):
                value = "3"
            sample.words.append(f'{key}="{value}"' if " " in value else f"{key}={value}")
            sample.options[name] = value

    def _keyed(self, param: Param, sample: Sample) -> None:
        value: int | str = (
            self.number(param)
            if param.minimum is not None
            else self.pick(param.choices) if param.choices else "x1"
        )  # fmt: skip
        sample.words.append(f"{param.name}={value}")
        sample.options[param.name] = value

    def _int(self, param: Param, sample: Sample) -> None:
        value = self.number(param)
        sample.words.append(str(value))
        sample.options[param.name] = value

    def _mention(self, param: Param, sample: Sample) -> None:
        person = self.person()
        sample.words.append(f"@id{person.id}")
        sample.options[param.name] = person

    def _mentions(self, param: Param, sample: Sample) -> None:
        people = [self.person(), self.person()]
        sample.words += [f"@id{person.id}" for person in people]
        sample.options[param.name] = " ".join(f"<@{person.id}>" for person in people)

    def _scores(self, param: Param, sample: Sample) -> None:
        low = param.minimum or 0
        pairs = [(self.person(), low + 2), (self.person(), low + 1)]
        sample.words += [
            word for person, score in pairs for word in (f"@id{person.id}", str(score))
        ]
        sample.options[param.name] = " ".join(f"<@{person.id}> {score}" for person, score in pairs)

    def _duration(self, param: Param, sample: Sample) -> None:
        sample.words.append("2h")
        sample.options[param.name] = "2h"

    def _text(self, param: Param, sample: Sample) -> None:
        sample.words += ["too", "slow", "today"]
        sample.options[param.name] = "too slow today"

    def _phrase(self, param: Param, sample: Sample) -> None:
        sample.words += ["Spring", "Open"]
        sample.options[param.name] = "Spring Open"

    def _word(self, param: Param, sample: Sample) -> None:
        sample.words.append("w1")
        sample.options[param.name] = "w1"


def test_every_shape_is_written_both_ways():
    assert all(hasattr(Writer, f"_{shape.name.lower()}") for shape in Shape)


def samples_of(form: Form, people: list[discord.Member]) -> list[Sample]:
    """The form with every parameter, each choice in turn; and with the required ones only."""
    turns = max([len(p.choices) for p in form if p.shape in (Shape.CHOICE, Shape.KEYED)] or [1])
    found = []
    for turn in range(turns):
        full, writer = Sample(), Writer(people, turn)
        for param in form:
            writer.write(param, full)
        found.append(full)
    least, writer = Sample(), Writer(people, 0)
    for param in form:
        if param.required and not param.always_read:
            writer.write(param, least)
    return [*found, least]


def paths_of(payload: list[dict], name: str) -> list[list[str]]:
    """Where Discord offers a command: at the top or in its rulebook's group; itself, or each
    of its subcommands."""
    found = [[command["name"]] for command in payload if command["name"] == name]
    found += [
        [group["name"], option["name"]]
        for group in payload
        if group["name"] not in REGISTRY  # a rulebook's group, not a command's forms
        for option in group.get("options") or ()
        if option["name"] == name and option["type"] in (1, 2)
    ]
    assert len(found) == 1, f"/{name} is offered {len(found)} times"
    [path] = found
    node: dict = {"options": payload}
    for step in path:
        node = next(option for option in node["options"] if option["name"] == step)
    subcommands = [o["name"] for o in node.get("options") or () if o["type"] == 1]
    return [[*path, sub] for sub in subcommands] or [path]


def values_of(spec: CommandSpec, text: str) -> dict[str, Any]:
    words = tokens_of(text)
    assert words[0] == f"/{spec.name}", text
    return dict(parse(spec.forms, words[1:], spec.usage))


class Layer:
    """The command layer's door: what reaches it is kept, and the interaction closed."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.reached: list[Incoming] = []

    async def handle(self, incoming: Incoming) -> None:
        self.reached.append(incoming)
        await self.client.arbitro.messenger.finish(incoming.origin)


def declared_options(client: discord.Client, path: list[str]) -> dict[str, dict]:
    [*_, leaf] = client.interactions.synced(path)
    return {option["name"]: option for option in leaf.get("options") or ()}


async def reach(client, layer: Layer, path: list[str], options: dict) -> Incoming:
    ref = member(client, "ref")
    before = len(layer.reached)
    await client.interactions.slash(ref, " ".join(path), options)
    assert len(layer.reached) == before + 1, f"/{' '.join(path)} {options} never reached the layer"
    return layer.reached[-1]


async def test_every_form_of_every_command_reaches_the_layer_as_on_the_console(
    discord_bot, monkeypatch
):
    layer = Layer(discord_bot)
    monkeypatch.setattr(discord_bot.arbitro.app.layer, "handle", layer.handle)
    payload = discord_bot.syncs[-1]["payload"]
    people = [member(discord_bot, name) for name in PEOPLE]
    forms = 0
    for name, spec in list(REGISTRY.items()):
        paths = paths_of(payload, name)
        for form in spec.forms:
            forms += 1
            for sample in samples_of(form, people):
                console = " ".join([f"/{name}", *sample.words])
                expected = values_of(spec, console)
                assert await _reached_by_one(discord_bot, layer, spec, paths, sample, expected), (
                    f"{console}: no slash command gives {expected}"
                )
    assert forms == sum(len(spec.forms) for spec in REGISTRY.values()) > len(REGISTRY)
    assert len(layer.reached) > forms


async def _reached_by_one(client, layer, spec, paths, sample: Sample, expected: dict) -> bool:
    """Whether one of the command's slash commands, given the sample's options it has (a
    subcommand's name says the rest), brings the layer the console's values and members."""
    for path in paths:
        declared = declared_options(client, path)
        given = {key: value for key, value in sample.options.items() if key in declared}
        named, _ = NAMING_A_MESSAGE.get(spec.name, (None, None))
        if named in declared:  # the message a slash form names, which a reply names elsewhere
            given[named] = "1"
        if any(o.get("required") and key not in given for key, o in declared.items()):
            continue
        incoming = await reach(client, layer, path, given)
        if values_of(spec, incoming.text) == expected:
            assert incoming.named_message == given.get(named), incoming
            named = {word[1:] for word in tokens_of(incoming.text) if word.startswith("@id")}
            assert named <= set(incoming.mentions), (incoming.text, incoming.mentions)
            return True
    return False
