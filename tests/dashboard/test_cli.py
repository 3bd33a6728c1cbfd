"""`autograder instructors`: accounts are made from the command line, and bad ones are refused."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.conftest import ROOT
from tests.dashboard.site import autograder


def _run(data: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(data)
    return subprocess.run(autograder(*args), env=env, cwd=ROOT, input=stdin, capture_output=True, text=True)


def test_create_refuses_short_passwords_and_keeps_only_a_hash(tmp_path: Path) -> None:
    short = _run(
        tmp_path,
        "instructors",
        "create",
        "--email",
        "a@example.org",
        "--course",
        "c1",
        "--password-stdin",
        stdin="short\n",
    )
    assert short.returncode == 2
    assert "at least 12 characters" in short.stderr
    no_platform = _run(tmp_path, "instructors", "create", "--email", "a@example.org", "--course", "c1")
    assert no_platform.returncode == 2
    assert "keys create" in no_platform.stderr
    assert _run(tmp_path, "keys", "create", "--name", "moodle").returncode == 0
    made = _run(tmp_path, "instructors", "create", "--email", "a@example.org", "--course", "c1")
    assert made.returncode == 0, made.stderr
    password = made.stdout.strip().splitlines()[-1]
    assert len(password) >= 20
    stored = b"".join(p.read_bytes() for p in tmp_path.glob("autograder.db*"))  # with the WAL, if any
    assert password.encode() not in stored
    assert b"$argon2id$" in stored
    listed = _run(tmp_path, "instructors", "list").stdout.splitlines()
    assert listed[0].split() == ["EMAIL", "COURSES", "(PLATFORM)"]
    assert listed[1].split() == ["a@example.org", "c1", "(moodle)"]
