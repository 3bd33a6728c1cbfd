"""A command line starts like one: `autograder --help` and usage errors load neither NumPy nor
Pydantic nor any of the service's database, dashboard or broker code, and nothing is computed
at import (the dashboard's dummy password hash waits for the first log-in)."""

from __future__ import annotations

import json
import subprocess
import sys

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
print(json.dumps(sorted(name for name in sys.modules if name.startswith(heavy))))
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
    ],
)
def test_a_command_s_help_and_usage_errors_load_none_of_the_grader_or_the_service(args: list[str]) -> None:
    # typer itself describes and parses options with Pydantic, and the settings name the
    # challenges' folder: those two, nothing else
    allowed = ("pydantic", "service.core.settings")
    assert [name for name in _loaded_by(*args) if not name.startswith(allowed)] == []


def test_a_group_named_loads_what_it_needs_but_not_the_grader() -> None:
    loaded = _loaded_by("keys", "--help")
    assert "service.storage.db" in loaded
    assert not [name for name in loaded if name.startswith(("numpy", "grader"))]


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
