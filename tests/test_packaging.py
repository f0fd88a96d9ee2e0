"""The package as a user installs it: a wheel carries its translations and rulesets, and runs
a replay from any folder, without the source tree."""

from __future__ import annotations

import json
import shutil
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


# ---- scripts/setup: what a user's start installs, and what the tests' start adds ------------
RECORDER = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$SETUP_LOG"
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python"
fi
"""


def _setup(tmp_path: Path, *mode: str) -> list[str]:
    """scripts/setup run in a copy of the checkout, with every program it may call (python,
    pip through it, npm, apt-get, chromium) replaced by one that only writes down its call."""
    checkout = tmp_path / "checkout"
    (checkout / "scripts").mkdir(parents=True, exist_ok=True)
    (checkout / "scripts" / "setup").write_bytes((ROOT / "scripts" / "setup").read_bytes())
    (checkout / "pyproject.toml").write_bytes((ROOT / "pyproject.toml").read_bytes())
    tools = tmp_path / "bin"
    tools.mkdir(exist_ok=True)
    for name in ("python3", "npm", "apt-get", "id"):
        (tools / name).write_text(RECORDER if name != "id" else "#!/bin/sh\necho 0\n")
        (tools / name).chmod(0o755)
    for name in ("bash", "sha256sum", "cut", "grep", "mkdir", "cp", "cat", "basename", "dirname"):
        if not (tools / name).exists():  # the few plain tools it uses; no chromium among them
            (tools / name).symlink_to(shutil.which(name) or f"/usr/bin/{name}")
    log = tmp_path / "calls.log"
    log.touch()
    env = {"PATH": str(tools), "SETUP_LOG": str(log), "HOME": str(tmp_path)}
    subprocess.run(
        [str(tools / "bash"), "scripts/setup", *mode],
        cwd=checkout,
        env=env,
        check=True,
        capture_output=True,
    )
    return log.read_text().splitlines()


def test_the_users_start_installs_only_what_the_bot_needs(tmp_path):
    calls = _setup(tmp_path)
    installs = [call for call in calls if " install " in call]
    assert installs[-1].endswith("-e .")  # the package alone: no test extras
    assert not [call for call in calls if call.startswith(("npm", "apt-get"))]
    assert _setup(tmp_path) == calls  # nothing more the second time


def test_the_tests_start_installs_the_extras_the_emulator_and_chromium(tmp_path):
    (tmp_path / "checkout" / "tests" / "platforms" / "telegram" / "emulator").mkdir(parents=True)
    calls = _setup(tmp_path, "test")
    assert any(call.endswith("-e .[test]") for call in calls)
    assert any(call.startswith("npm ci") for call in calls)
    assert any(call.startswith("apt-get install") and "chromium" in call for call in calls)
    after = _setup(tmp_path)  # the bot's start after the tests': already installed
    assert not [call for call in after[len(calls) :] if " install " in call]
