"""`autograder instructors`: accounts are made from the command line, and bad ones are refused."""

from __future__ import annotations

import json
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


def _create(data: Path, email: str, *courses: str) -> subprocess.CompletedProcess[str]:
    flags = [part for course in courses for part in ("--course", course)]
    return _run(data, "instructors", "create", "--email", email, *flags)


def _revoke_key_of(data: Path, name: str) -> None:
    listed = _run(data, "keys", "list", "--json")
    (prefix,) = [k["prefix"] for k in json.loads(listed.stdout) if k["platform"] == name]
    assert _run(data, "keys", "revoke", prefix).returncode == 0


def test_a_revoked_key_does_not_make_its_course_ambiguous(tmp_path: Path) -> None:
    assert _run(tmp_path, "keys", "create", "--name", "moodle", "--course", "ia-2026").returncode == 0
    assert _run(tmp_path, "keys", "create", "--name", "canvas", "--course", "ia-2026").returncode == 0
    both = _create(tmp_path, "ana@example.org", "ia-2026")
    assert both.returncode == 2
    assert "course 'ia-2026' is a course of several platforms (canvas, moodle)" in both.stderr
    _revoke_key_of(tmp_path, "canvas")
    made = _create(tmp_path, "ana@example.org", "ia-2026")
    assert made.returncode == 0, made.stderr
    assert "courses: ia-2026 (moodle)" in made.stdout


def test_each_error_names_what_is_wrong(tmp_path: Path) -> None:
    assert _run(tmp_path, "keys", "create", "--name", "moodle", "--course", "ia-2026").returncode == 0
    assert _run(tmp_path, "keys", "create", "--name", "canvas", "--course", "otro").returncode == 0
    unknown = _create(tmp_path, "ana@example.org", "ia-2062")
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("error: no such course 'ia-2062': no platform has a submission for it")
    assert "(canvas, moodle) with --platform" in unknown.stderr
    for malformed in ("ana.example.org", "ana@", "@example.org", "ana @example.org"):
        refused = _create(tmp_path, malformed, "ia-2026")
        assert refused.returncode == 2
        assert f"error: not an email address: {malformed.lower()!r}" in refused.stderr, refused.stderr
    slashed = _create(tmp_path, "ana@example.org", "ia/2026")
    assert slashed.returncode == 2
    assert "course 'ia/2026': contains '/'" in slashed.stderr
