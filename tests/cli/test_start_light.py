"""A command line starts like one: `autograder --help` and usage errors load neither NumPy nor
Pydantic nor any of the service's database, dashboard or broker code, and nothing is computed
at import (the dashboard's dummy password hash waits for the first log-in)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.cli import main

HEAVY = (
    "numpy",
    "pydantic",
    "grader",
    "sqlalchemy",
    "alembic",
    "argon2",
    "celery",
    "fastapi",
    "uvicorn",
    "service.core.settings",
    "service.storage.db",
    "service.storage.tables",
    "service.dashboard",
)
PROBE = """
import json, sys
from service.cli.main import app
try:
    app(sys.argv[1:])
except SystemExit:
    pass
heavy = tuple(json.loads({heavy!r}))
run = [name for name, module in sys.modules.items() if type(module).__name__ != "_LazyModule"]
print(json.dumps(sorted(name for name in run if name.startswith(heavy))))
"""


def _loaded_by(*args: str) -> list[str]:
    probe = PROBE.format(heavy=json.dumps(HEAVY))
    done = subprocess.run([sys.executable, "-c", probe, *args], check=True, capture_output=True, text=True)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("args", [["--help"], []])
def test_help_loads_nothing_heavy(args: list[str]) -> None:
    assert _loaded_by(*args) == []


@pytest.mark.parametrize(
    "args",
    [
        ["no-such-command"],
        ["grade", "--help"],
        ["grade", "x.py", "--challenge", "no-such-challenge"],
        ["grade", "x.py", "--challenge", "layer_norm", "--lang", "fr"],
        *([group, "--help"] for group in main.groups()),
        ["keys", "create", "--help"],
        ["lti", "add-platform", "--help"],
        ["students", "forget", "--help"],
        ["backup", "--help"],
        ["restore", "--help"],
    ],
)
def test_a_command_s_help_and_usage_errors_load_none_of_the_grader_or_the_service(args: list[str]) -> None:
    # typer itself describes and parses options with Pydantic, and the settings name the
    # challenges' folder: those two, nothing else
    allowed = ("pydantic", "service.core.settings")
    assert [name for name in _loaded_by(*args) if not name.startswith(allowed)] == []


def test_a_group_s_commands_load_what_they_need_when_they_run(tmp_path: Path) -> None:
    """What a group's module left to load at its first use (`service/cli/lazy.py`) loads then."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(tmp_path)
    command = [sys.executable, "-m", "service.cli", "keys", "list", "--json"]
    listed = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout) == []


@pytest.mark.parametrize("group", ["lti", "dashboard"])
def test_a_group_that_reads_a_library_lazily_runs_its_commands(tmp_path: Path, group: str) -> None:
    """Their modules read SQLAlchemy at first use (before, a lazily loaded SQLAlchemy failed:
    every `autograder lti` command ended in "module 'sqlalchemy.sql' has no attribute 'base'")."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(tmp_path)
    command = {"lti": ["lti", "platforms"], "dashboard": ["dashboard", "rebuild"]}[group]
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", *command], env=env, capture_output=True, text=True, check=False
    )
    assert "has no attribute" not in done.stderr
    assert done.returncode == 0, done.stderr[-3000:]


def test_each_group_is_listed_with_its_own_help_without_importing_it() -> None:
    listed = CliRunner().invoke(main.app, ["--help"]).output
    for name in main._GROUPS:
        group = main.load_group(name)
        assert group.help == main._GROUPS[name].help
        assert name in listed


def test_the_dummy_password_hash_is_made_on_first_use_only() -> None:
    probe = """
import argon2
made = []
hash_ = argon2.PasswordHasher.hash
argon2.PasswordHasher.hash = lambda self, secret, **kw: made.append(1) or hash_(self, secret, **kw)
from service.dashboard import passwords
print(len(made))
assert passwords.verify(None, "a password long enough") is False
assert passwords.verify(None, "another password") is False
print(len(made))
"""
    printed = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    assert printed.stdout.split() == ["0", "1"]
