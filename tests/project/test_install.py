"""The image's install: dependencies from the lock in a layer of their own, the code installed (not
editable) and run as an unprivileged user; such an install finds its pages, challenges and
migrations where the Dockerfile says.

No Docker engine here: the test installs the code as the Dockerfile does, into a folder of its
own, and runs the commands from elsewhere, with the Dockerfile's settings pointing at this clone.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, solutions

DOCKERFILE = (ROOT / "Dockerfile").read_text()


def _instructions() -> list[str]:
    joined = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.startswith("#")]


def test_the_dependencies_come_from_the_lock_before_the_code() -> None:
    steps = _instructions()
    lock = next(i for i, s in enumerate(steps) if "--require-hashes" in s and "requirements.lock" in s)
    code = next(i for i, s in enumerate(steps) if s.startswith("COPY") and ("grader" in s or "service" in s))
    assert steps[lock - 1] == "COPY requirements.lock ./"  # the only file that layer depends on
    assert lock < code
    assert not any(" -e " in s or "--editable" in s for s in steps)


def test_the_image_runs_as_an_unprivileged_user() -> None:
    users = [s.split()[1] for s in _instructions() if s.startswith("USER ")]
    assert users
    assert users[-1] not in ("root", "0")


def _dockerfile_env() -> dict[str, str]:
    env = dict(re.findall(r"(AUTOGRADER_\w+)=(\S+)", DOCKERFILE))
    assert env["AUTOGRADER_CHALLENGES_DIR"] == "/app/challenges"
    assert env["AUTOGRADER_MIGRATIONS_DIR"] == "/app/migrations"
    assert "COPY challenges challenges" in DOCKERFILE
    assert "COPY migrations migrations" in DOCKERFILE
    return env


@pytest.mark.slow
def test_an_installed_copy_migrates_grades_serves_its_pages_and_keeps_data_at_home(tmp_path: Path) -> None:
    _dockerfile_env()
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in ("grader", "service"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp_path / "installed"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target)]
    installed = subprocess.run([*pip, str(source)], capture_output=True, text=True, timeout=900)
    assert installed.returncode == 0, installed.stderr[-3000:]
    shutil.rmtree(source)  # as the image does: nothing of the checkout is left to lean on

    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env.update(
        PYTHONPATH=str(target),
        AUTOGRADER_CHALLENGES_DIR=str(ROOT / "challenges"),
        AUTOGRADER_MIGRATIONS_DIR=str(ROOT / "migrations"),
        AUTOGRADER_DATA_DIR=str(tmp_path / "data"),
    )

    def run(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
        return done.stdout

    assert run("-c", "import service; print(service.__file__)").startswith(str(target))
    assert "latest schema" in run("-m", "service.cli", "migrate")
    graded = run(
        "-m",
        "service.cli",
        "grade",
        str(solutions("layer_norm") / "loops.py"),
        "--challenge",
        "layer_norm",
        "--json",
    )
    assert '"score":100.0' in graded.replace(" ", "")
    pages = run("-c", _PAGES)
    assert pages.split() == ["200", "200", "200"]
    # No data folder configured: the user's own, private; nothing beside the installed code.
    del env["AUTOGRADER_DATA_DIR"]
    env.pop("XDG_DATA_HOME", None)
    env["HOME"] = str(tmp_path / "home")
    run("-m", "service.cli", "keys", "create", "--name", "platform")
    folder = tmp_path / "home" / ".local" / "share" / "autograder"
    assert (folder / "autograder.db").is_file()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert not (target / "data").exists()
    assert not list(target.rglob("*.db"))


_PAGES = """
from fastapi.testclient import TestClient
from service.api.app import from_environment
with TestClient(from_environment()) as client:
    for path in ("/dashboard/login", "/dashboard/static/dashboard.css", "/students/static/student.css"):
        print(client.get(path).status_code)
"""
