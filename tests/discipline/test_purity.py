"""The domain package performs no I/O, reads no clock and imports no framework."""

import ast
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[2] / "bot" / "discipline"
ALLOWED_MODULES = {
    "__future__",
    "dataclasses",
    "datetime",
    "fractions",
    "typing",
    "types",
    "collections",
    "collections.abc",
    "math",
    "enum",
    "tomllib",
    "functools",
    "itertools",
    "re",
    "unicodedata",  # the Unicode database: case folding and normalisation, no I/O
    "random",  # seeded generators only: random.Random(seed), never the module's own (below)
}
FORBIDDEN_CALLS = {
    "now",
    "utcnow",
    "today",
    "time",
    "monotonic",
    "open",
    "sleep",
    "getenv",
    "read_text",
    "write_text",
    "print",
    "input",
}

SOURCES = sorted(DOMAIN.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_imports_only_pure_modules(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            assert name in ALLOWED_MODULES or name.startswith("bot.discipline"), (
                f"{path.name} imports {name}"
            )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_chance_in_the_domain_is_always_seeded(path):
    """A seating drawn twice is the same seating: ``random.Random(seed)``, never the
    module's global generator (seeded from the OS)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id == "random":
                assert node.func.attr == "Random" and node.args, (
                    f"{path.name}: random.{node.func.attr}"
                )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_reads_no_clock_and_does_no_io(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", None)
            )
            assert name not in FORBIDDEN_CALLS, f"{path.name} calls {name}()"


def test_the_scan_sees_the_domain():
    assert len(SOURCES) >= 8
