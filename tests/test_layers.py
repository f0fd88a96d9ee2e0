"""The layers, enforced: each package of ``bot/`` imports only the packages below it (the
domain at the bottom, the platforms and the console at the top), whether the import sits at
the top of a module or inside a function. A new arrow upward fails here first."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[1] / "bot"

# what each package may import besides itself ("app", "config", "logs" are bot/'s own modules)
ALLOWED: dict[str, set[str]] = {
    # the domain: rules, scoring, seating; pure (tests/discipline/test_purity.py)
    "discipline": set(),
    # what the layers above ask of a rulebook, without naming one (bot.ports.rulebooks)
    "ports": {"discipline"},
    "mahjong": {"discipline"},
    "rulesets": {"discipline"},
    # around it: storage, localisation, pictures
    "storage": {"discipline", "ports"},
    "i18n": {"discipline", "ports"},
    "pictures": {"discipline", "i18n", "ports"},
    "operations": {"storage"},
    # the one command layer every platform calls
    "handlers": {"discipline", "mahjong", "ports", "rulesets", "storage", "i18n"},
    # each rulebook's declaration: its hooks, over its command modules (loaded by the port)
    "rulebooks": {"discipline", "handlers", "ports", "storage"},
    # what the command layer decided, sent; the timers that decide on their own
    "delivery": {"discipline", "handlers", "i18n", "pictures", "storage"},
    "scheduler": {"discipline", "handlers", "ports", "storage", "delivery"},
    # the readers' side: public pages
    "web": {"discipline", "ports", "storage", "i18n", "pictures", "config", "app"},
    # the edges
    "platforms": {
        "app",
        "config",
        "delivery",
        "handlers",
        "logs",
        "operations",
        "ports",
        "storage",
        "web",
    },
    "console": {"app", "delivery", "discipline", "handlers", "platforms"},
}


# what a package may name for its type hints alone (``if TYPE_CHECKING:``), never at run time:
# the rulebook port types its hooks with the command layer's Context and its timers' rows
TYPE_ONLY: dict[str, set[str]] = {"ports": {"handlers", "storage"}}


def _type_checking_block(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def imported_packages(source: str, *, type_only: bool = False) -> set[str]:
    """The first-level ``bot`` packages (or modules) a module imports, anywhere in it (with
    ``type_only``: only those imported for type hints, under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(source)
    hinted = {
        id(inner)
        for block in ast.walk(tree)
        if _type_checking_block(block)
        for statement in block.body  # type: ignore[attr-defined]
        for inner in ast.walk(statement)
    }
    found = set()
    for node in ast.walk(tree):
        if (id(node) in hinted) != type_only:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "bot" and len(parts) > 1:
                found.add(parts[1])
    return found


def upward(package: str, source: str) -> set[str]:
    """What ``source``, a module of ``package``, imports that its layer may not."""
    allowed = ALLOWED[package] | {package}
    hinted = imported_packages(source, type_only=True) - allowed - TYPE_ONLY.get(package, set())
    return (imported_packages(source) - allowed) | hinted


MODULES = sorted(
    (path.relative_to(BOT).parts[0], path)
    for path in BOT.rglob("*.py")
    if len(path.relative_to(BOT).parts) > 1
)


@pytest.mark.parametrize(
    ("package", "path"), MODULES, ids=[str(p.relative_to(BOT)) for _, p in MODULES]
)
def test_each_module_imports_only_the_layers_below_its_own(package, path):
    assert package in ALLOWED, f"bot/{package}/ has no place among the layers yet"
    wrong = upward(package, path.read_text(encoding="utf-8"))
    assert not wrong, f"{path.relative_to(BOT)} imports {sorted(wrong)}"


def test_every_package_has_its_layer_and_the_scan_sees_them():
    packages = {p.name for p in BOT.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages == set(ALLOWED)
    assert len(MODULES) > 80


def test_an_arrow_upward_is_caught():
    """The check itself: the domain importing storage, or the command layer the delivery,
    inside a function too, is found."""
    assert upward("discipline", "from bot.storage.store import Store\n") == {"storage"}
    nested = "def f():\n    import bot.delivery.service\n"
    assert upward("handlers", nested) == {"delivery"}
    assert upward("storage", "from bot.discipline import rulings\n") == set()
    assert upward("web", "from .views import x\n") == set()  # relative: within the package
    hinted = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.handlers import C\n"
    assert upward("ports", hinted) == set()  # for its type hints only
    assert upward("storage", hinted) == {"handlers"}
    assert upward("ports", "from bot.handlers import C\n") == {"handlers"}  # at run time


# a statement as the code writes them: upper-case keywords (prose never reads like this)
SQL = re.compile(
    r"\s*(SELECT\s+\d+\s*$|SELECT\s+\S.*\sFROM\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s"
    r"|DELETE\s+FROM\s|(CREATE|ALTER|DROP)\s+(TABLE|INDEX)\s)",
    re.DOTALL,
)


def sql_in(source: str) -> list[str]:
    """String constants that read as SQL statements."""
    return [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value)
    ]


@pytest.mark.parametrize(
    ("package", "path"), MODULES, ids=[str(p.relative_to(BOT)) for _, p in MODULES]
)
def test_no_sql_outside_storage(package, path):
    if package == "storage":
        return
    assert not sql_in(path.read_text(encoding="utf-8")), f"{path.relative_to(BOT)} runs SQL"


def test_sql_is_recognised():
    assert sql_in('tx.fetchone("SELECT 1 FROM timers")') == ["SELECT 1 FROM timers"]
    assert sql_in('tx.fetchone("SELECT 1")') == ["SELECT 1"]
    assert sql_in('tx.write("UPDATE timers SET state = ?")') == ["UPDATE timers SET state = ?"]
    assert sql_in('say("Select a table")') == []
    assert sql_in('"""Create the community or update its settings."""') == []


def _counts_script():
    path = BOT.parent / "scripts" / "architecture_counts.py"
    spec = importlib.util.spec_from_file_location("architecture_counts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_module_names_a_rulebook_outside_its_own():
    counts = _counts_script()
    naming = {
        name
        for name, text in counts.sources(None).items()
        for book in counts.RULEBOOKS
        if counts.names_rulebook(book, text) and not name.startswith(counts.OWN[book])
    }
    assert not naming, sorted(naming)
    assert counts.names_rulebook("mcr", 'if book == "mcr":')
    assert counts.names_rulebook("burraco", "from bot.discipline.burraco.match import OPEN")
    assert not counts.names_rulebook("burraco", "# the Burraco club's tables")
