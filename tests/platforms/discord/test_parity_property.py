"""The parity of Discord and the console as a property: whatever values a member gives a
form's slash options, the text they stand for reads as the console's text of those values."""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.handlers import REGISTRY
from bot.handlers._core import CommandSpec
from bot.handlers.grammar import INT_MAX, INT_MIN, Param, Shape, parse, tokens_of
from bot.platforms.discord.bot import _MENTION
from bot.platforms.discord.slash import text_of, variants_of
from bot.ports.rulebooks import load

load()
FORMS = [(name, spec, form) for name, spec in list(REGISTRY.items()) for form in spec.forms]
WORD = st.text(string.ascii_letters + "àèéìòù", min_size=1, max_size=8)
WORDS = st.lists(WORD, min_size=1, max_size=4).map(" ".join)
IDS = st.integers(10**17, 10**18)


@dataclass(frozen=True)
class Person:
    """What a member option gives the callback: something with an id."""

    id: int


def bounded(param: Param) -> st.SearchStrategy[int]:
    low = param.minimum if param.minimum is not None else INT_MIN
    high = param.maximum if param.maximum is not None else INT_MAX
    return st.integers(max(low, -(10**6)), min(high, 10**6))


@st.composite
def written(draw: st.DrawFn, param: Param) -> tuple[list[str], dict[str, Any]]:
    """One parameter's console words and slash options (none when an optional one is left
    out)."""
    if not (param.required or param.always_read) and not draw(st.booleans()):
        return [], {}
    shape, name = param.shape, param.name
    if shape is Shape.LITERAL:
        return [name], {}
    if shape is Shape.CHOICE:
        chosen = draw(st.sampled_from(param.choices))
        return [chosen], {name: chosen}
    if shape is Shape.FLAGS:
        flags = [flag for flag in param.choices if draw(st.booleans())]
        return flags, dict.fromkeys(flags, True)
    if shape is Shape.SETTINGS:
        return draw(settings_of(param))
    if shape in (Shape.INT, Shape.KEYED):
        value: Any = draw(
            bounded(param) if param.minimum is not None or shape is Shape.INT
            else st.sampled_from(param.choices) if param.choices else WORD
        )  # fmt: skip
        return [f"{name}={value}" if shape is Shape.KEYED else str(value)], {name: value}
    if shape is Shape.MENTION:
        person = Person(draw(IDS))
        return [f"@id{person.id}"], {name: person}
    if shape in (Shape.MENTIONS, Shape.SCORES):
        ids = draw(st.lists(IDS, min_size=1, max_size=4, unique=True))
        pairs = [(f"@id{i}", f"<@{i}>", []) for i in ids]
        if shape is Shape.SCORES:
            pairs = [(a, b, [str(draw(bounded(param)))]) for a, b, _ in pairs]
        words = [word for token, _, score in pairs for word in (token, *score)]
        return words, {name: " ".join(" ".join([shown, *score]) for _, shown, score in pairs)}
    if shape is Shape.DURATION:
        length = f"{draw(st.integers(1, 300))}{draw(st.sampled_from('mhd'))}"
        length = length if not length.endswith("d") else f"{draw(st.integers(1, 30))}d"
        return [length], {name: length}
    text = draw(WORD if shape is Shape.WORD else WORDS)
    return text.split(), {name: text}


@st.composite
def settings_of(draw: st.DrawFn, param: Param) -> tuple[list[str], dict[str, Any]]:
    words, options = [], {}
    for setting in param.options():
        if not draw(st.booleans()):
            continue
        key, equals, values = setting.partition("=")
        if not equals:
            words.append(key)
            options[key.replace("-", "_")] = True
            continue
        value = draw(st.sampled_from(values.split("|")) if "|" in values else WORDS)
        words.append(f'{key}="{value}"' if " " in value else f"{key}={value}")
        options[key.replace("-", "_")] = value
    return words, options


def values_of(spec: CommandSpec, text: str) -> dict[str, Any]:
    return dict(parse(spec.forms, tokens_of(text)[1:], spec.usage))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_any_values_of_a_forms_options_read_as_the_console_reads_them(data):
    name, spec, form = data.draw(st.sampled_from(FORMS))
    words, options = [], {}
    for param in form:
        more, given_ = data.draw(written(param))
        words += more
        options |= given_
    expected = values_of(spec, " ".join([f"/{name}", *words]))
    typed = []
    for variant in (v for v in variants_of(spec) if v.form == form):
        declared = {option.name for option in variant.options}
        text, _ = text_of(
            name, variant.options, {k: v for k, v in options.items() if k in declared}
        )
        text = _MENTION.sub(lambda found: f"@id{found[1]}", text)  # as the bot reads it
        typed.append(text)
        if values_of(spec, text) == expected:
            return
    raise AssertionError(f"{' '.join(words)!r} gives {expected}; Discord: {typed}")


def test_every_form_has_its_slash_command():
    assert all(any(v.form == form for v in variants_of(spec)) for _, spec, form in FORMS)
