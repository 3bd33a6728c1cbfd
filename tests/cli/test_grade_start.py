"""`autograder grade` starts light: none of the service's database or dashboard code is loaded."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import solutions

PROBE = """
import sys
from typer.testing import CliRunner
from service.cli.main import app
result = CliRunner().invoke(app, ["grade", "--json", "--challenge", "layer_norm", sys.argv[1]])
assert result.exit_code == 0, result.output
heavy = ("sqlalchemy", "alembic", "argon2", "celery", "fastapi", "service.storage.db", "service.dashboard")
print(sorted(name for name in sys.modules if name.startswith(heavy)))
"""


def test_grade_imports_no_database_dashboard_or_celery_module() -> None:
    solution = next((solutions("layer_norm")).glob("*.py"))
    printed = subprocess.run(
        [sys.executable, "-c", PROBE, str(solution)], check=True, capture_output=True, text=True
    ).stdout
    assert json.loads(printed.strip().replace("'", '"')) == []


def test_the_command_groups_load_when_named() -> None:
    from typer.testing import CliRunner

    from service.cli.main import app

    result = CliRunner().invoke(app, ["keys", "--help"])
    assert result.exit_code == 0
    assert "create" in result.output
    assert "rotate" in result.output
    assert "Inspect the grading sandbox" in CliRunner().invoke(app, ["--help"]).output
