"""`autograder grade` starts its zygote first thing, and the sandbox takes that one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.cli.entry import Early, asked_to_grade, early_for
from service.cli.grading import Asked
from service.cli.main import app
from tests.conftest import ROOT, solutions


@pytest.mark.parametrize("argv", [[], ["--help"], ["grade", "--help"], ["worker"], ["challenges"]])
def test_only_a_grading_starts_a_zygote_early(argv: list[str]) -> None:
    assert early_for(argv).launched == []


def test_the_grading_takes_the_zygote_started_early() -> None:
    early = early_for(["grade", "x.py", "--challenge", "layer_norm"])
    [launched] = early.launched
    solution = next((solutions("layer_norm")).glob("*.py"))
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
    solution = next((solutions("layer_norm")).glob("*.py"))
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


@pytest.mark.parametrize(
    ("argv", "asked"),
    [
        (["grade", "a.py", "--challenge", "bloque"], Asked([Path("a.py")], "bloque")),
        (
            ["grade", "--json", "--challenge=bloque", "a.py", "b.py", "--lang", "en", "--fail-under", "50"],
            Asked([Path("a.py"), Path("b.py")], "bloque", "en", True, 50.0),
        ),
        (["grade", "a.py", "--lang=fr", "--challenge", "x"], Asked([Path("a.py")], "x", "fr")),
    ],
)
def test_a_well_formed_grading_is_parsed_without_typer(argv: list[str], asked: Asked) -> None:
    assert asked_to_grade(argv) == asked


@pytest.mark.parametrize(
    "argv",
    [
        ["grade", "a.py"],
        ["grade", "--challenge", "bloque"],
        ["grade", "a.py", "--challenge"],
        ["grade", "a.py", "--challenge", "--json"],
        ["grade", "a.py", "--challenge", "bloque", "--help"],
        ["grade", "a.py", "--challenge", "bloque", "--fail-under", "101"],
        ["grade", "a.py", "--challenge", "bloque", "--fail-under", "many"],
        ["grade", "a.py", "--challenge", "bloque", "--verbose"],
        ["grade", "--", "a.py", "--challenge", "bloque"],
        ["challenges"],
    ],
)
def test_anything_else_is_left_to_typer(argv: list[str]) -> None:
    assert asked_to_grade(argv) is None


def _program(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "service.cli", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_the_program_and_the_typer_command_grade_alike() -> None:
    wrong = ROOT / "tests" / "corpora" / "layer_norm" / "catalogue" / "batch_norm.py"
    args = ["grade", str(wrong), "--challenge", "layer_norm", "--lang", "en", "--json"]
    done = _program(*args)
    typed = CliRunner().invoke(app, args)
    assert (done.returncode, typed.exit_code) == (0, 0)
    ours, theirs = json.loads(done.stdout), json.loads(typed.output)
    assert {**ours, "grading_ms": 0} == {**theirs, "grading_ms": 0}
    assert ours["diagnoses"]


def test_the_program_refuses_what_typer_refuses_with_the_same_status() -> None:
    solution = str(next((solutions("layer_norm")).glob("*.py")))
    unknown = _program("grade", solution, "--challenge", "nope")
    assert unknown.returncode == 2
    assert "unknown challenge 'nope'" in unknown.stderr
    assert _program("grade", solution, "--challenge", "layer_norm", "--fail-under", "101").returncode == 2
    below = _program("grade", solution, "--challenge", "layer_norm", "--fail-under", "100.5")
    assert below.returncode == 2
    missing = _program("grade", "missing.py", "--challenge", "layer_norm")
    assert missing.returncode == 2
    assert "cannot read missing.py" in missing.stderr
