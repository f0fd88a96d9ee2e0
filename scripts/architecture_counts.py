"""The counts the README's "How it is built" section quotes, measured on bot/ as it is:

    .venv/bin/python scripts/architecture_counts.py [REVISION]

With a git revision, the same counts for that revision (read with ``git show``), to compare a
change's before and after in one run.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULEBOOKS = ("burraco", "mcr")
# a rulebook's own modules: its domain, its declaration, its command modules and their
# helpers, its repositories
OWN = {
    "burraco": (
        "bot/discipline/burraco/",
        "bot/rulebooks/burraco.py",
        "bot/handlers/tables.py",
        "bot/handlers/sanctions.py",
        "bot/handlers/corrections.py",
        "bot/handlers/_burraco.py",
        "bot/rulesets/",  # its Victory Points tables
        "bot/storage/tables.py",  # its repositories
        "bot/storage/tallies.py",
    ),
    "mcr": (
        "bot/discipline/mcr/",
        "bot/rulebooks/mcr.py",
        "bot/handlers/tournaments.py",
        "bot/handlers/tournament_undo.py",
        "bot/web/tournament.py",  # its own pages: the projector's display, the printed sheets
        "bot/mahjong/",
        "bot/storage/tournaments.py",
    ),
}


def names_rulebook(book: str, text: str) -> bool:
    """Whether a module names a rulebook: its name as a string, or an import of its domain."""
    quoted = re.search(rf"""["']{book}["']""", text)
    imported = re.search(rf"^\s*(from|import) bot\.discipline\.{book}\b", text, re.MULTILINE)
    return bool(quoted or imported)


def sources(revision: str | None) -> dict[str, str]:
    """Each bot/ module's text, at ``revision`` (the working tree without one)."""
    if revision is None:
        return {
            str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
            for path in sorted((ROOT / "bot").rglob("*.py"))
        }
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", revision, "bot/"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    return {
        name: subprocess.run(
            ["git", "show", f"{revision}:{name}"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout
        for name in listed
        if name.endswith(".py")
    }


def counts(files: dict[str, str]) -> dict[str, str]:
    longest = ("", 0)
    for name, text in files.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > longest[1]:
                    longest = (f"{name}:{node.name}", length)
    largest = max(files.items(), key=lambda item: item[1].count("\n"))
    naming = {
        name
        for name, text in files.items()
        for book in RULEBOOKS
        if names_rulebook(book, text) and not name.startswith(OWN[book])
    }
    return {
        "modules": str(len(files)),
        "longest function": f"{longest[0]} ({longest[1]} lines)",
        "largest file": f"{largest[0]} ({largest[1].count(chr(10))} lines)",
        "files naming a rulebook outside its own modules": str(len(naming)),
    }


def main() -> None:
    revision = sys.argv[1] if len(sys.argv) > 1 else None
    for key, value in counts(sources(revision)).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
