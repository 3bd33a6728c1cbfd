"""`autograder grade` starts its zygote first thing, and the sandbox takes that one."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from service.cli.entry import Early, early_for
from service.cli.main import app
from tests.conftest import ROOT, SOLUTIONS


@pytest.mark.parametrize("argv", [[], ["--help"], ["grade", "--help"], ["worker"], ["challenges"]])
def test_only_a_grading_starts_a_zygote_early(argv: list[str]) -> None:
    assert early_for(argv).launched == []


def test_the_grading_takes_the_zygote_started_early() -> None:
    early = early_for(["grade", "x.py", "--challenge", "layer_norm"])
    [launched] = early.launched
    solution = next((SOLUTIONS / "layer_norm").glob("*.py"))
    args = ["grade", "--json", "--challenge", "layer_norm", str(solution)]
    result = CliRunner().invoke(app, args, obj=early)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["score"] == 100
    assert early.launched == []  # taken: the sandbox closed it with itself
    assert launched.process.poll() is not None


def test_a_zygote_started_for_other_hardware_is_stopped_not_taken() -> None:
    early = early_for(["grade", "x.py"])
    [launched] = early.launched
    assert early.take({"OPENBLAS_CORETYPE": "Haswell"}) == []
    assert launched.process.wait(timeout=10) is not None
    assert early.launched == []


def test_the_program_grades_through_its_entry_point() -> None:
    solution = next((SOLUTIONS / "layer_norm").glob("*.py"))
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "grade", "--json", "--challenge", "layer_norm", str(solution)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["score"] == 100


def test_an_unused_early_zygote_is_stopped() -> None:
    early = early_for(["grade", "x.py"])
    [launched] = early.launched
    early.close()
    assert launched.process.poll() is not None
    assert Early().take({}) == []
