"""The command grammar: one typed declaration per command gives the parsing, the usage, the
slash options and the mention slot; keywords are read in every language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.handlers import REGISTRY
from bot.handlers.grammar import (
    SYNONYMS,
    BadInput,
    Choice,
    Duration,
    Flags,
    Int,
    Mention,
    Shape,
    Text,
    canonical,
    check_arguments,
    parse,
    tokens_of,
    usage_of,
)
from bot.platforms.discord.slash import options_of
from bot.ports.rulebooks import load as load_rulebooks
from bot.ports.rulebooks import names as rulebooks

load_rulebooks()  # the commands of each rulebook are in REGISTRY once it is installed


def read(*params, text: str):
    forms = (tuple(params),)
    return parse(forms, text.split(), usage_of("x", forms))


def test_values_are_typed_and_optional_ones_are_none():
    values = read(Int("table", 1), Choice("side", ("ns", "ew"), required=False), text="3")
    assert values["table"] == 3 and values["side"] is None
    values = read(Mention("player"), Duration("d"), Text("reason"), text="@ann 1h too long")
    assert values["player"] == "ann" and values["reason"] == "too long"


@pytest.mark.parametrize(
    ("text", "code", "arg"),
    [
        ("", "missing_argument", "table"),
        ("x", "expected_integer", "table"),
        ("0", "integer_out_of_range", "table"),
        ("1 up", "expected_choice", "side"),
        ("1 ns extra", "unexpected_argument", ""),
    ],
)
def test_every_mismatch_names_its_argument(text, code, arg):
    with pytest.raises(BadInput) as error:
        read(Int("table", 1), Choice("side", ("ns", "ew"), required=False), text=text)
    assert error.value.code == code
    assert error.value.details["arg"] == arg
    assert error.value.details["usage"] == "/x <table> [ns|ew]"


@pytest.mark.parametrize("text", ["2147483648", "-2147483649", "9" * 40])
def test_a_number_no_column_could_hold_is_too_large_not_malformed(text):
    with pytest.raises(BadInput) as error:
        read(Int("table", 1), text=text)
    assert error.value.code in ("integer_too_large", "integer_too_small")
    assert len(error.value.details["got"]) <= 20  # a long number is quoted shortened


@pytest.mark.parametrize(("text", "value"), [("1.200", 1200), ("-2.500", -2500), ("12'000", 12000)])
def test_thousands_are_read_as_people_write_them(text, value):
    assert read(Int("points", -(10**6), 10**6), text=text)["points"] == value


@pytest.mark.parametrize("text", ["1.2", "1,200", "1.2000", "12.00"])
def test_what_is_not_a_whole_number_is_refused(text):
    with pytest.raises(BadInput) as error:
        read(Int("points"), text=text)
    assert error.value.code == "expected_integer"


def test_durations_and_their_bounds():
    assert read(Duration("d"), text="90m")["d"] == timedelta(minutes=90)
    assert read(Duration("d"), text="1h30m")["d"] == timedelta(minutes=90)
    assert read(Duration("d"), text="1D12H")["d"] == timedelta(hours=36)
    assert read(Duration("d"), text="366d")["d"] == timedelta(days=366)
    spaced = read(Duration("d"), Text("reason"), text="1d 12h 30m late again")
    assert spaced["d"] == timedelta(days=1, hours=12, minutes=30)
    assert spaced["reason"] == "late again"
    assert read(Duration("d"), Text("r"), text="2h 2h twice")["r"] == "2h twice"
    for bad, code in [
        ("2x", "expected_duration"),
        ("h", "expected_duration"),
        ("30m1h", "expected_duration"),
        ("0m", "duration_out_of_range"),
        ("367d", "duration_out_of_range"),
        ("365d25h", "duration_out_of_range"),
    ]:
        with pytest.raises(BadInput) as error:
            read(Duration("d"), text=bad)
        assert error.value.code == code


@pytest.mark.parametrize("word", sorted(SYNONYMS))
def test_every_synonym_reads_as_its_keyword(word):
    keyword = SYNONYMS[word]
    assert canonical(word.upper()) == keyword
    param = Choice("k", (keyword,))
    assert read(param, text=word)["k"] == keyword


def test_flags_in_any_language_and_order():
    flags = Flags("options", ("official", "ai", "final"))
    assert read(flags, text="финал ufficiale")["options"] == {"official", "final"}


def test_usages_are_those_the_players_know():
    assert REGISTRY["sit"].usage == "/sit <T> [ns|ew]"
    assert REGISTRY["stop"].usage == (
        "/stop @user <duration> <reason> | /stop edit <N> <duration> [reason]"
    )
    assert REGISTRY["result"].usage == (
        "/result <T> vp <vp_ns> <vp_ew> | /result <T> vp @user <VP> @user <VP>…"
    )
    assert REGISTRY["open"].usage.endswith("[official] [ai] [final]")


def test_the_giallo_form_is_read_when_members_are_named():
    values = REGISTRY["result"].parse(["2", "vp", "@leo", "14", "@mia", "9"], "burraco")
    assert values.scores == {"leo": 14, "mia": 9} and values.vp_ns is None
    values = REGISTRY["result"].parse(["2", "vp", "13", "7"], "burraco")
    assert (values.vp_ns, values.vp_ew, values.scores) == (13, 7, None)
    with pytest.raises(BadInput) as error:  # the error of the form followed furthest
        REGISTRY["result"].parse(["2", "vp", "@leo", "x"], "burraco")
    assert error.value.code == "expected_integer"


def test_slash_options_come_from_the_declaration():
    options = {o.name: o for o in options_of(REGISTRY["open"])}
    assert options["format"].choices == ("1v1", "pairs", "4in2", "giallo")
    assert {"official", "ai", "final"} <= {n for n, o in options.items() if o.kind == "flag"}
    assert [o.kind for o in options_of(REGISTRY["stop"])] == ["member", "text", "text"]
    assert [o.name for o in options_of(REGISTRY["score"])] == [
        "table",
        "east",
        "south",
        "west",
        "north",
        "session",
    ]


def test_every_command_names_each_parameter_once_and_has_a_usage():
    for spec in REGISTRY.values():
        assert spec.usage.startswith(f"/{spec.name}")
        for form in spec.forms:
            names = [p.name for p in form if p.shape is not Shape.LITERAL]
            assert len(names) == len(set(names)), spec.name


@given(
    st.lists(
        st.sampled_from(
            [
                "1",
                "0",
                "-5",
                "@ann",
                "ns",
                "x",
                "2h",
                "vp",
                "99999999999999",
                "pairs",
                "пары",
                "@",
                "=",
            ]
        ),
        max_size=8,
    )
)
def test_any_tokens_parse_or_are_refused_precisely(tokens):
    for spec, rulebook in ((s, r) for s in REGISTRY.values() for r in rulebooks()):
        if not spec.offered_in(rulebook):
            continue
        try:
            parsed = spec.parse(tokens, rulebook)
        except BadInput as error:
            assert error.details["usage"] == spec.usage_in(rulebook)
        else:
            assert isinstance(parsed, spec.arguments_in(rulebook))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('tournament "Coppa di Natale" 3', ["tournament", "Coppa di Natale", "3"]),
        ("tournament «Кубок Москвы» 2", ["tournament", "Кубок Москвы", "2"]),
        ("tournament “Spring Open” 4", ["tournament", "Spring Open", "4"]),
        ('dispute 1 he said "no" twice', ["dispute", "1", "he", "said", "no", "twice"]),
        ('stop @ann 2h an "unclosed quote', ["stop", "@ann", "2h", "an", '"unclosed', "quote"]),
        ("sit   1    ns", ["sit", "1", "ns"]),
        ('tournament "" 2', ["tournament", "", "2"]),  # an empty name, not two quote marks
        ('appeal 3 "  "', ["appeal", "3", ""]),
    ],
)
def test_quoted_arguments_are_one_word(text, words):
    assert tokens_of(text) == words


def test_a_tournament_name_with_spaces():
    values = REGISTRY["tournament"].parse(tokens_of('"Кубок Москвы" 2'), "mcr")
    assert values.name == "Кубок Москвы" and values.sessions == 2


@pytest.mark.parametrize(
    ("text", "name", "sessions"),
    [
        ("Кубок Москвы 2", "Кубок Москвы", 2),
        ("Coppa di Natale 2026 3", "Coppa di Natale 2026", 3),
        ("Spring 4", "Spring", 4),
    ],
)
def test_a_tournament_name_need_not_be_quoted(text, name, sessions):
    values = REGISTRY["tournament"].parse(tokens_of(text), "mcr")
    assert (values.name, values.sessions) == (name, sessions)


def test_a_tournament_without_its_sessions_says_so():
    with pytest.raises(BadInput) as error:
        REGISTRY["tournament"].parse(tokens_of("Кубок Москвы"), "mcr")
    assert error.value.code == "missing_argument" and error.value.details["arg"] == "sessions"


def test_settings_become_discord_options_with_names_discord_takes():
    from bot.platforms.discord.slash import text_of

    options = options_of(REGISTRY["hu"])
    names = [option.name for option in options]
    assert "last_tile" in names and "last_of_wall" in names and "seat" in names
    text, _ = text_of(
        "hu", options, {"hand": "19m19p19s12345677z", "win": "7z", "last_tile": True, "seat": "S"}
    )
    assert text == "/hu 19m19p19s12345677z 7z last-tile seat=S"
    text, _ = text_of("player", options_of(REGISTRY["player"]), {"name": "Anna Rossi"})
    assert text == '/player name="Anna Rossi"'
    assert tokens_of(text)[1] == "name=Anna Rossi"


async def test_one_word_expected_is_named_as_the_only_one(app):
    from tests.conftest import Chat

    chat = await Chat(app, lang="it").setup()
    [one] = await chat.say("ann", "/result 1 15 3")
    assert one.ruling["code"] == "expected_word"
    assert one.text.startswith('Qui il comando vuole la parola vp, non "15".')
    [two] = await chat.say("ann", "/sit 1 xx")
    assert two.ruling["choices"] == 2 and "serve ns o eo" in two.text


@pytest.mark.parametrize("keyed", ["rule=2 @bob spam", "@bob spam rule=2", "@bob rule=2 spam"])
def test_a_keyed_option_stands_anywhere(keyed):
    values = REGISTRY["warn"].parse(keyed.split(), "burraco")
    assert (values.member, values.rule, values.reason) == ("bob", 2, "spam")


# ---- typed arguments ---------------------------------------------------------------------------
SIT = (Int("table", 1), Choice("side", ("ns", "ew"), required=False))


@dataclass(frozen=True)
class SitArguments:
    table: int
    side: str | None


def test_a_handler_receives_its_arguments_typed():
    values = parse((SIT,), ["3", "ew"], "/sit").into(SitArguments)
    assert values == SitArguments(table=3, side="ew")
    assert parse((SIT,), ["3"], "/sit").into(SitArguments).side is None
    check_arguments(SitArguments, (SIT,), "sit")


@dataclass(frozen=True)
class Misnamed:
    table: int
    seat: str | None


@dataclass(frozen=True)
class Mistyped:
    table: str
    side: str | None


@dataclass(frozen=True)
class NeverNone:
    table: int
    side: str  # optional: it may be missing


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (Misnamed, "its forms read ['table', 'side']"),
        (Mistyped, "Mistyped.table is <class 'str'>, its reader gives <class 'int'>"),
        (NeverNone, "NeverNone.side is <class 'str'>, its reader gives str | None"),
    ],
)
def test_arguments_that_are_not_what_the_forms_read_are_refused(arguments, complaint):
    with pytest.raises(TypeError, match=re.escape(complaint)):
        check_arguments(arguments, (SIT,), "sit")


def test_a_parameter_missing_from_one_form_may_be_none():
    forms = ((Int("table", 1),), (Mention("player"),))

    @dataclass(frozen=True)
    class EitherArguments:
        table: int | None
        player: str | None

    check_arguments(EitherArguments, forms, "x")

    @dataclass(frozen=True)
    class BothArguments:
        table: int
        player: str | None

    with pytest.raises(
        TypeError, match=re.escape("table is <class 'int'>, its reader gives int | None")
    ):
        check_arguments(BothArguments, forms, "x")


def test_a_command_registered_with_untyped_arguments_fails_at_import():
    from bot.handlers._core import command

    async def untyped(ctx: object, args: dict) -> None: ...

    with pytest.raises(TypeError, match="is not a dataclass"):
        command("untyped_probe", Int("table", 1))(untyped)
    assert "untyped_probe" not in REGISTRY


def test_each_rulebook_hook_receives_its_own_arguments():
    burraco = REGISTRY["standings"].parse(["official", "2"], "burraco")
    mcr = REGISTRY["standings"].parse(["Spring", "Open"], "mcr")
    assert (burraco.tally, burraco.page) == ("official", 2)
    assert mcr.tournament == "Spring Open"
    assert type(burraco) is not type(mcr)


def test_a_parameter_optional_in_one_form_may_be_none_in_all():
    forms = (
        (Mention("player"), Text("reason")),
        (Int("report", 1), Text("reason", required=False)),
    )

    @dataclass(frozen=True)
    class Strict:
        player: str | None
        reason: str  # a report's form may leave it out
        report: int | None

    with pytest.raises(TypeError, match=re.escape("Strict.reason is <class 'str'>")):
        check_arguments(Strict, forms, "x")


def test_commands_are_listed_as_their_rulebooks_declare_them():
    """/help and the menus list the shared commands, then each rulebook's, module by module
    as it declares them, whatever order the imports ran in."""
    from bot.handlers._core import in_declared_order

    in_declared_order()
    listed = list(REGISTRY)
    for name in ("void", "undo"):  # as if their modules had been imported last
        REGISTRY[name] = REGISTRY.pop(name)
    in_declared_order()
    assert list(REGISTRY) == listed
    assert listed.index("undo") < listed.index("void") < listed.index("open")
    assert listed.index("stops") < listed.index("tournament")
    from bot.handlers._core import SHARED_MODULES
    from bot.ports.rulebooks import names as rulebook_names
    from bot.ports.rulebooks import rulebook_named

    declared = {*SHARED_MODULES}.union(
        *(rulebook_named(name).commands for name in rulebook_names())
    )
    modules = {spec.handler.__module__ for spec in REGISTRY.values() if spec.handler}
    assert modules <= declared, modules - declared  # each module has its place in /help
