"""`autograder grade --fail-under N`: exit status 1 when a file scores below N."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from service.cli.main import app
from tests.conftest import catalogue, solutions

runner = CliRunner()
REFERENCE = solutions("layer_norm") / "loops.py"
BATCH_NORM = catalogue("layer_norm") / "batch_norm.py"


def _grade(*args: str) -> tuple[int, str]:
    done = runner.invoke(app, ["grade", *args, "--challenge", "layer_norm", "--lang", "en"])
    return done.exit_code, done.stdout


def test_a_file_below_the_threshold_fails_the_run_after_every_file_is_graded() -> None:
    status, output = _grade(str(BATCH_NORM), str(REFERENCE), "--fail-under", "100", "--json")
    assert status == 1
    scores = [json.loads(line)["score"] for line in output.splitlines()]
    assert len(scores) == 2
    assert scores[0] < 100
    assert scores[1] == 100


def test_files_at_or_above_the_threshold_pass() -> None:
    status, _ = _grade(str(REFERENCE), "--fail-under", "100")
    assert status == 0
    status, readable = _grade(str(BATCH_NORM), "--fail-under", "10")
    assert status == 0
    assert "Score:" in readable


def test_without_the_flag_every_graded_file_exits_0_whatever_its_score() -> None:
    status, _ = _grade(str(BATCH_NORM))
    assert status == 0


def test_the_threshold_is_a_score_from_0_to_100() -> None:
    for bad in ("-1", "101", "lots"):
        status, _ = _grade(str(REFERENCE), "--fail-under", bad)
        assert status == 2, bad
