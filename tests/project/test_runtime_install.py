"""`scripts/serve` installs what the service runs on, from the hashed lock as the image does, and no
development tool; `scripts/test` (through `scripts/bootstrap`) adds those."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPTS = ROOT / "scripts"
DEV_TOOLS = ("pytest", "mypy", "ruff", "playwright", "schemathesis", "hypothesis", "pre-commit")


def test_serve_installs_the_runtime_only_and_test_adds_the_tools() -> None:
    serve = (SCRIPTS / "serve").read_text()
    assert "scripts/install-runtime\n" in serve
    assert "bootstrap" not in serve
    runtime = (SCRIPTS / "install-runtime").read_text()
    assert "--require-hashes --no-deps -r requirements.lock" in runtime
    assert "--no-deps -e ." in runtime
    assert "[dev]" not in runtime
    assert "scripts/install-runtime" in (SCRIPTS / "bootstrap").read_text()
    assert "'.[dev]'" in (SCRIPTS / "bootstrap").read_text()
    assert "scripts/bootstrap" in (SCRIPTS / "test").read_text()


def test_the_lock_holds_no_development_tool() -> None:
    locked = (ROOT / "requirements.lock").read_text()
    assert not [tool for tool in DEV_TOOLS if f"\n{tool}==" in locked]


@pytest.mark.slow
def test_a_runtime_install_runs_the_service_and_has_no_tool(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("pyproject.toml", "README.md", "requirements.lock"):
        shutil.copy(ROOT / name, clone / name)
    for folder in ("grader", "service", "scripts"):
        shutil.copytree(ROOT / folder, clone / folder, ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    done = subprocess.run(
        [str(clone / "scripts" / "install-runtime")],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    bin_dir = clone / ".venv" / "bin"
    assert not [tool for tool in DEV_TOOLS if (bin_dir / tool).exists()]
    assert not (clone / ".venv-codegen").exists()
    # what the API and the workers import (a dependency only the dev tools brought fails here)
    entry = "import service.api.app, service.worker.tasks, service.messaging.kombu_redis, service.cli.serve"
    imported = subprocess.run(
        [str(bin_dir / "python"), "-c", entry], cwd=tmp_path, capture_output=True, text=True
    )
    assert imported.returncode == 0, imported.stderr[-3000:]
