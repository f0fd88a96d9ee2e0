"""The package as a user installs it: a wheel carries its translations and rulesets, and runs
a replay from any folder, without the source tree."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "tests" / "cases" / "burraco-stops.txt"

RUN_FROM_WHEEL = """
import runpy, sys
sys.path.insert(0, sys.argv.pop(1))
import bot
assert bot.__file__.startswith(sys.path[0]), bot.__file__
sys.argv = ["bot", *sys.argv[1:]]
runpy.run_module("bot", run_name="__main__")
"""


def test_a_wheel_installed_elsewhere_runs_a_replay(tmp_path):
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    [wheel] = (tmp_path / "dist").glob("arbitro-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for lang in ("it", "ru", "en"):
        assert f"bot/locales/{lang}/rulings.ftl" in names
    assert any(name.startswith("bot/rulesets/") and name.endswith(".toml") for name in names)
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run = subprocess.run(
        [sys.executable, "-c", RUN_FROM_WHEEL, str(target), "replay", str(CASE), "--json"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    )
    events = [json.loads(line) for line in run.stdout.splitlines()]
    assert any(e["ruling"] and e["ruling"]["type"] == "stop" for e in events)
    assert all("{ $" not in e["text"] for e in events)
