"""The commit hooks (.pre-commit-config.yaml) run the pinned ruff and mypy, and refuse a finding."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

PRE_COMMIT = Path(sys.executable).parent / "pre-commit"


def _pre_commit(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home)}  # its cache, not the user's
    return subprocess.run(
        [str(PRE_COMMIT), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def test_the_hooks_pass_on_clean_code(tmp_path: Path) -> None:
    done = _pre_commit(tmp_path, "run", "--files", "grader/text.py")
    assert done.returncode == 0, done.stdout + done.stderr
    for hook in ("ruff check", "ruff format", "mypy"):
        assert hook in done.stdout


def test_the_hooks_refuse_a_lint_finding(tmp_path: Path) -> None:
    bad = tmp_path / "unused.py"
    bad.write_text("import os\n")
    done = _pre_commit(tmp_path / "home", "run", "ruff-check", "--files", str(bad))
    assert done.returncode == 1
    assert "F401" in done.stdout
