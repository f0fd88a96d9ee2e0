"""The command grammar, declared once per command as typed parameters.

From one declaration come: the reading of a typed command (:func:`parse`, every mismatch a
precise :class:`BadInput`), the usage shown on bad input and in ``/help``, Discord's slash
options, Telegram's menus and the slot a replied-to member fills. Keywords are accepted in
every language the bot speaks (:data:`SYNONYMS`), whatever the community's own language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass
from datetime import timedelta
from enum import Enum
from typing import Any, TypeVar, get_type_hints

from bot.discipline.conduct import UNITS
from bot.discipline.errors import InvalidArgument
from bot.i18n.keywords import SYNONYMS


class BadInput(InvalidArgument):
    """A malformed command: says what was expected."""


class Shape(Enum):
    INT = "int"  # a whole number within bounds
    CHOICE = "choice"  # one keyword of a list
    FLAGS = "flags"  # any of some keywords, in any order, each at most once
    LITERAL = "literal"  # a fixed word of the grammar
    WORD = "word"  # one free word
    PHRASE = "phrase"  # free words, as many as the parameters after it leave (a name)
    MENTION = "member"  # @name
    MENTIONS = "members"  # @name @name…
    DURATION = "duration"  # 90m, 2h, 3d
    TEXT = "text"  # the rest of the line
    SETTINGS = "settings"  # key=value…
    SCORES = "scores"  # @name number @name number…
    KEYED = "keyed"  # name=number, a whole number named by its key (rule=2)


@dataclass(frozen=True)
class Param:
    name: str  # the handler reads the value under this name; errors name it
    shape: Shape
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    shown: str | None = None  # how the usage shows it, when not by its name
    limit: int = 500  # characters of a text
    # choices known only once everything is loaded (the rulebooks installed), shown first
    live: Callable[[], tuple[str, ...]] | None = None

    def options(self) -> tuple[str, ...]:
        """Its choices as they stand now."""
        return (*self.live(), *self.choices) if self.live is not None else self.choices

    def value_type(self) -> Any:
        """The type of what its reader gives (before ``None`` for one not there)."""
        if self.shape is Shape.KEYED:
            return str if self.minimum is None else int
        return _VALUE_TYPES[self.shape]

    @property
    def always_read(self) -> bool:
        """Whether it has a value even when nothing of it was written (no options: none)."""
        return self.shape in (Shape.FLAGS, Shape.SETTINGS)

    def usage(self) -> str:
        if self.shape is Shape.LITERAL:
            return self.name
        if self.shape is Shape.FLAGS:
            return " ".join(f"[{choice}]" for choice in self.choices)
        if self.shape is Shape.SETTINGS:
            return " ".join(f"[{choice}]" for choice in self.options())
        if self.shape is Shape.MENTION:  # an optional member in brackets, as any option
            written = self.shown or f"@{self.name}"
            return written if self.required or written.startswith("[") else f"[{written}]"
        if self.shape in (Shape.MENTIONS, Shape.SCORES):
            return self.shown or f"@{self.name}…"
        if self.shape is Shape.KEYED:
            written = f"{self.name}={self.shown or 'N'}"
            return written if self.required else f"[{written}]"
        if self.shape is Shape.CHOICE and self.required and len(self.choices) == 1:
            return self.choices[0]  # one keyword to type as it is: no placeholder
        inner = self.shown or ("|".join(self.choices) if self.choices else self.name)
        return f"<{inner}>" if self.required else f"[{inner}]"


_VALUE_TYPES: dict[Shape, Any] = {
    Shape.INT: int,
    Shape.CHOICE: str,
    Shape.FLAGS: frozenset[str],
    Shape.LITERAL: str,
    Shape.WORD: str,
    Shape.PHRASE: str,
    Shape.MENTION: str,
    Shape.MENTIONS: list[str],
    Shape.DURATION: timedelta,
    Shape.TEXT: str,
    Shape.SETTINGS: list[str],
    Shape.SCORES: dict[str, int],
}
assert set(_VALUE_TYPES) | {Shape.KEYED} == set(Shape), "every shape gives a value of a type"


def Int(
    name: str,
    minimum: int | None = None,
    maximum: int | None = None,
    *,
    shown: str | None = None,
    required: bool = True,
) -> Param:
    return Param(name, Shape.INT, required, (), minimum, maximum, shown)


def Keyed(name: str, minimum: int = 1, *, required: bool = False) -> Param:
    """``name=N``: a number named by its key, where it is optional (``rule=2``)."""
    return Param(name, Shape.KEYED, required, (), minimum, INT_MAX)


def KeyedWord(name: str, *, shown: str, choices: tuple[str, ...] = ()) -> Param:
    """``name=word``: an optional word named by its key (``kind=stop``, ``since=2026-06-01``);
    the handler reads what the word means (one of ``choices``, where they are known)."""
    return Param(name, Shape.KEYED, False, choices, shown=shown)


def Choice(
    name: str, choices: tuple[str, ...], *, required: bool = True, shown: str | None = None
) -> Param:
    return Param(name, Shape.CHOICE, required, choices, shown=shown)


def Flags(name: str, choices: tuple[str, ...]) -> Param:
    return Param(name, Shape.FLAGS, False, choices)


def Literal(word: str) -> Param:
    return Param(word, Shape.LITERAL)


def Word(name: str, *, required: bool = True, shown: str | None = None) -> Param:
    return Param(name, Shape.WORD, required, shown=shown)


def Phrase(name: str, *, shown: str | None = None, required: bool = True) -> Param:
    """A name of one or more words, quoted or not: ``Coppa di Natale 3`` reads the name
    ``Coppa di Natale`` when one parameter follows it."""
    return Param(name, Shape.PHRASE, required, shown=shown)


def Mention(name: str, *, required: bool = True, shown: str | None = None) -> Param:
    return Param(name, Shape.MENTION, required, shown=shown)


def Mentions(name: str, *, shown: str | None = None) -> Param:
    return Param(name, Shape.MENTIONS, shown=shown)


def Duration(name: str, *, required: bool = True) -> Param:
    """``90m``, ``2h``, ``1d12h``; an optional one is there when the word has its shape
    (``400d`` is then refused as too long, never read as the text after it)."""
    return Param(name, Shape.DURATION, required)


def Text(name: str, *, required: bool = True, shown: str | None = None, limit: int = 500) -> Param:
    return Param(name, Shape.TEXT, required, shown=shown, limit=limit)


def Scores(name: str, minimum: int, maximum: int, *, shown: str) -> Param:
    """Members each followed by his number: ``@a 14 @b 9 …``."""
    return Param(name, Shape.SCORES, True, (), minimum, maximum, shown)


def Settings(
    name: str, choices: tuple[str, ...], live: Callable[[], tuple[str, ...]] | None = None
) -> Param:
    """``choices`` as shown: ``key=a|b`` or ``key=what``; ``live``: more of them, read when
    they are shown."""
    return Param(name, Shape.SETTINGS, False, choices, live=live)


Form = tuple[Param, ...]


# an argument with spaces is quoted: "Coppa di Natale", «Кубок Москвы», “Spring Open”
QUOTES = {'"': '"', "«": "»", "“": "”", "„": "“", "'": "'"}


def tokens_of(text: str) -> list[str]:
    """The words of a command, a quoted argument being one word (without its quotes); a
    quote never closed is an ordinary character."""
    tokens: list[str] = []
    position, length = 0, len(text)
    while position < length:
        if text[position].isspace():
            position += 1
            continue
        closing = QUOTES.get(text[position])
        end = text.find(closing, position + 1) if closing else -1
        if closing and end > position:  # "" is an empty argument, never two quote marks
            tokens.append(text[position + 1 : end].strip())
            position = end + 1
            continue
        end = position
        while end < length and not text[end].isspace():
            closing = QUOTES.get(text[end + 1]) if text[end] == "=" and end + 1 < length else None
            close = text.find(closing, end + 2) if closing else -1
            if closing and close >= end + 2:  # key="a value with spaces" (key="": empty)
                tokens.append(text[position : end + 1] + text[end + 2 : close].strip())
                break
            end += 1
        else:
            tokens.append(text[position:end])
            position = end
            continue
        position = close + 1
    return tokens


def keywords_of(forms: tuple[Form, ...]) -> dict[str, list[str]]:
    """The keywords of a command, each with its words in the other languages (for /help)."""
    found: dict[str, list[str]] = {}
    for form in forms:
        for param in form:
            if param.shape in (Shape.CHOICE, Shape.FLAGS):
                for choice in param.choices:
                    words = [word for word, meant in SYNONYMS.items() if meant == choice]
                    if words:
                        found[choice] = words
    return found


def canonical(token: str) -> str:
    word = token.lower()
    return SYNONYMS.get(word, word)


# 90m, 2h, 3d, 1h30m, 1d12h: days, hours, minutes, each at most once, in that order
_DURATION = re.compile(r"^(?=\d)(?:(\d{1,5})d)?(?:(\d{1,5})h)?(?:(\d{1,6})m)?$")
MAX_DURATION = timedelta(days=366)
INT_MIN, INT_MAX = -(2**31), 2**31 - 1  # what an INTEGER column holds
# thousands grouped as people write them: 1.200 (Italian), 1'200, 1’200
_GROUPED_NUMBER = re.compile(r"[+-]?\d{1,3}(?:[.'’]\d{3})+")
_GROUPED = re.compile(r"[.'’]")
_NUMBER = re.compile(r"[+-]?\d[\d.'’]*")


A = TypeVar("A")


class Values(Mapping[str, Any]):
    """What a command said, by parameter name; an optional one not given is None."""

    def __init__(self, values: dict[str, Any], usage: str, declared: frozenset[str]) -> None:
        self._values = values
        self.usage = usage
        self._declared = declared

    def __getitem__(self, name: str) -> Any:
        if name not in self._declared:
            raise KeyError(f"no parameter {name!r} in {self.usage}")
        return self._values.get(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def into(self, arguments: type[A]) -> A:
        """The values as the handler's typed arguments (see :func:`check_arguments`)."""
        return arguments(**{name: self._values.get(name) for name in self._declared})


@dataclass(frozen=True)
class NoArguments:
    """The arguments of a command that takes none."""


def check_arguments(arguments: type, forms: tuple[Form, ...], command: str) -> None:
    """Refuse, when a command is registered, a handler whose typed arguments are not those
    its forms read: one field per parameter, named alike, of the type its reader gives, and
    ``None`` allowed where the parameter may be missing."""
    if not is_dataclass(arguments):
        raise TypeError(f"/{command}: {arguments!r} is not a dataclass of its arguments")
    read: dict[str, list[Param]] = {}
    for form in forms:
        for param in form:
            read.setdefault(param.name, []).append(param)
    written = [field.name for field in fields(arguments)]
    if sorted(written) != sorted(read):
        raise TypeError(
            f"/{command}: {arguments.__name__} has {written}, its forms read {list(read)}"
        )
    hints = get_type_hints(arguments)
    for name, params in read.items():
        given = {param.value_type() for param in params}
        if len(given) > 1:
            raise TypeError(f"/{command}: its forms read {name} as {given}, one type each")
        expected = given.pop()
        # missing from a form, or optional in one of those that read it
        if len(params) < len(forms) or any(
            not (param.required or param.always_read) for param in params
        ):
            expected = expected | None
        if hints[name] != expected:
            got = f"{arguments.__name__}.{name} is {hints[name]}"
            raise TypeError(f"/{command}: {got}, its reader gives {expected}")


def arguments_of(handler: Callable[..., Any]) -> type:
    """The class of a handler's typed arguments: the annotation of its second parameter."""
    second = list(handler.__code__.co_varnames[: handler.__code__.co_argcount])[1]
    arguments: type = get_type_hints(handler)[second]
    return arguments


class _Reader:
    def __init__(self, tokens: list[str], usage: str) -> None:
        self.tokens = list(tokens)  # a keyed number is read in place: each form reads a copy
        self.usage = usage
        self.position = 0

    def _fail(self, code: str, what: str, got: str | None = None, **extra: Any) -> BadInput:
        return BadInput(code, arg=what, got=got, usage=self.usage, **extra)

    def peek(self) -> str | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, what: str) -> str:
        token = self.peek()
        if token is None:
            raise self._fail("missing_argument", what)
        self.position += 1
        return token

    def read(self, param: Param, *, last: bool = True, after: int = 0) -> Any:
        """The parameter's value, read by the reader of its shape (``None`` for an optional
        one that is not there); ``after``: how many parameters follow it."""
        token = self.peek()
        if (
            not param.required
            and param.shape not in (Shape.TEXT, Shape.FLAGS, Shape.SETTINGS)
            and (token is None or not self._fits(param, token, last))
        ):
            return None
        return _READERS[param.shape](self, param, after)

    def _read_int(self, param: Param, after: int) -> int:
        return self._integer(param)

    def _read_choice(self, param: Param, after: int) -> str:
        options = param.choices or (param.name,)
        got = self.take(param.name)
        if canonical(got) not in options:
            raise self._fail(
                "expected_word" if param.shape is Shape.LITERAL else "expected_choice",
                param.name,
                got,
                options=" | ".join(options),
                choices=len(options),
            )
        return canonical(got)

    def _read_flags(self, param: Param, after: int) -> frozenset[str]:
        chosen: set[str] = set()
        while self.peek() is not None:
            got = self.take("option")
            if canonical(got) not in param.choices:
                raise self._fail(
                    "expected_choice",
                    "option",
                    got,
                    options=" | ".join(param.choices),
                    choices=len(param.choices),
                )
            chosen.add(canonical(got))
        return frozenset(chosen)

    def _read_word(self, param: Param, after: int) -> str:
        return self.take(param.name)

    def _read_keyed(self, param: Param, after: int) -> int | str:
        """``name=N`` (a number, read in place) or ``name=word`` (the handler reads it)."""
        name = param.name
        got = self.take(name)
        key, equals, written = got.partition("=")
        if canonical(key) != name or not equals:
            raise self._fail("expected_setting", name, got, options=f"{name}=N")
        if param.minimum is None:
            if not written:
                raise self._fail("missing_argument", name)
            return written
        self.tokens[self.position - 1] = written
        self.position -= 1
        return self._integer(param)

    def _read_phrase(self, param: Param, after: int) -> str:
        """Every word but those the ``after`` parameters will read."""
        words = [self.take(param.name)]
        left = len(self.tokens) - after
        if after and left >= 0 and not _NUMBER.fullmatch(self.tokens[left]):
            left = len(self.tokens)  # no number where one ends it: all of it is the name
        while self.position < left:
            words.append(self.take(param.name))
        return " ".join(words)

    def _read_mention(self, param: Param, after: int) -> str:
        return self._mention(param.name)

    def _read_mentions(self, param: Param, after: int) -> list[str]:
        found = []
        while self.peek() is not None:
            found.append(self._mention(param.name))
        if not found:
            raise self._fail("missing_argument", param.name)
        return found

    def _read_scores(self, param: Param, after: int) -> dict[str, int]:
        scores: dict[str, int] = {}
        while self.peek() is not None or not scores:
            member = self._mention("player")
            scores[member] = self._integer(param)
        return scores

    def _read_duration(self, param: Param, after: int) -> timedelta:
        got = self.take(param.name)
        while (  # "1h 30m": a duration written in pieces is read whole
            (following := self.peek()) is not None
            and _DURATION.fullmatch(following.lower().translate(UNITS))
            and _DURATION.fullmatch((got + following).lower().translate(UNITS))
        ):
            got += self.take(param.name)
        match = _DURATION.fullmatch(got.lower().translate(UNITS))
        if not match:
            raise self._fail("expected_duration", param.name, got)
        days, hours, minutes = (int(part or 0) for part in match.groups())
        value = timedelta(days=days, hours=hours, minutes=minutes)
        if value <= timedelta(0) or value > MAX_DURATION:
            raise self._fail("duration_out_of_range", param.name, got)
        return value

    def _read_text(self, param: Param, after: int) -> str | None:
        text = " ".join(self.tokens[self.position :]).strip()
        self.position = len(self.tokens)
        if param.required and not text:
            raise self._fail("missing_argument", param.name)
        if len(text) > param.limit:
            raise self._fail("text_too_long", param.name, None, limit=param.limit)
        return text or None

    def _read_settings(self, param: Param, after: int) -> list[str]:
        words = self.tokens[self.position :]
        self.position = len(self.tokens)
        return list(words)

    def _fits(self, param: Param, token: str, last: bool) -> bool:
        """Whether an optional parameter is there. A member is there when the next token is
        a mention; a keyword that parameters follow, when the token is one of its words;
        anything else, when anything is left (and must then be right)."""
        if param.shape is Shape.MENTION:
            return token.startswith("@") and len(token) > 1
        if param.shape is Shape.KEYED:
            return canonical(token.partition("=")[0]) == param.name and "=" in token
        if param.shape is Shape.DURATION:  # a word that starts with a digit means a length
            return token[:1].isdigit()
        if param.shape is Shape.CHOICE and not last:
            return canonical(token) in param.choices
        return True

    def _integer(self, param: Param) -> int:
        got = self.take(param.name)
        digits = _GROUPED.sub("", got) if _GROUPED_NUMBER.fullmatch(got) else got
        if not re.fullmatch(r"[+-]?\d+", digits):
            raise self._fail("expected_integer", param.name, got)
        # every number is stored, and a database column has bounds: so does every number
        if len(digits.lstrip("+-")) > 12 or not INT_MIN <= int(digits) <= INT_MAX:
            shown = got if len(got) <= 20 else got[:17] + "…"
            if digits.startswith("-"):
                raise self._fail("integer_too_small", param.name, shown, minimum=INT_MIN)
            raise self._fail("integer_too_large", param.name, shown, maximum=INT_MAX)
        value = int(digits)
        low, high = param.minimum, param.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise self._fail("integer_out_of_range", param.name, got, minimum=low, maximum=high)
        return value

    def _mention(self, what: str) -> str:
        got = self.take(what)
        if not got.startswith("@") or len(got) < 2:
            raise self._fail("expected_mention", what, got)
        return got[1:]

    def end(self) -> None:
        token = self.peek()
        if token is not None:
            raise self._fail("unexpected_argument", "", token)


# each shape's reader (a shape without one fails at import, not on a user's message)
_READERS: dict[Shape, Callable[[_Reader, Param, int], Any]] = {
    Shape.INT: _Reader._read_int,
    Shape.CHOICE: _Reader._read_choice,
    Shape.LITERAL: _Reader._read_choice,
    Shape.FLAGS: _Reader._read_flags,
    Shape.WORD: _Reader._read_word,
    Shape.KEYED: _Reader._read_keyed,
    Shape.PHRASE: _Reader._read_phrase,
    Shape.MENTION: _Reader._read_mention,
    Shape.MENTIONS: _Reader._read_mentions,
    Shape.SCORES: _Reader._read_scores,
    Shape.DURATION: _Reader._read_duration,
    Shape.TEXT: _Reader._read_text,
    Shape.SETTINGS: _Reader._read_settings,
}
assert set(_READERS) == set(Shape), "every shape has its reader"


def usage_of(command: str, forms: tuple[Form, ...]) -> str:
    return " | ".join(
        " ".join([f"/{command}", *(param.usage() for param in form)]).rstrip() for form in forms
    )


def _key_of(token: str) -> str | None:
    key, equals, _ = token.partition("=")
    return canonical(key) if equals else None


def _keyed_taken(keyed: list[Param], tokens: list[str]) -> tuple[list[str], dict[str, str]]:
    """The tokens without the keyed options of ``keyed`` (the first of each), and those."""
    rest, named = list(tokens), {}
    for param in keyed:
        for index, token in enumerate(rest):
            if _key_of(token) == param.name:
                named[param.name] = rest.pop(index)
                break
    return rest, named


def parse(forms: tuple[Form, ...], tokens: list[str], usage: str) -> Values:
    """The values of the first form the tokens fit; when none fits, the error of the form
    they followed furthest."""
    best: tuple[int, BadInput] | None = None
    for form in forms:
        # a keyed option (``rule=2``, ``kind=stop``) may stand anywhere: taken out first
        keyed = [param for param in form if param.shape is Shape.KEYED]
        rest, named = _keyed_taken(keyed, tokens)
        positional = [param for param in form if param.shape is not Shape.KEYED]
        reader = _Reader(rest, usage)
        try:
            values = {
                param.name: None
                if param.name not in named
                else _Reader([named[param.name]], usage).read(param)
                for param in keyed
            }
            for param in keyed:
                if param.required and values[param.name] is None:
                    raise reader._fail("missing_argument", param.name)
                again = next((t for t in rest if _key_of(t) == param.name), None)
                if again is not None:  # ``draw=1 draw=2``: which one was meant?
                    raise reader._fail("repeated_option", param.name, again)
            values |= {
                param.name: reader.read(
                    param, last=index == len(positional) - 1, after=len(positional) - index - 1
                )
                for index, param in enumerate(positional)
            }
            reader.end()
        except BadInput as error:
            if best is None or reader.position > best[0]:
                best = (reader.position, error)
            continue
        declared = frozenset(param.name for form in forms for param in form)
        return Values(values, usage, declared)
    assert best is not None
    raise best[1]


__all__ = [
    "SYNONYMS",
    "BadInput",
    "Choice",
    "Duration",
    "Flags",
    "Form",
    "Int",
    "Keyed",
    "KeyedWord",
    "Literal",
    "Mention",
    "Mentions",
    "NoArguments",
    "Param",
    "Phrase",
    "Scores",
    "Settings",
    "Shape",
    "Text",
    "Values",
    "Word",
    "arguments_of",
    "canonical",
    "check_arguments",
    "keywords_of",
    "parse",
    "usage_of",
]
