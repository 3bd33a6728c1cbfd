"""The `autograder` command line, as interface.md fixes it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from grader.models import Result
from service.cli.main import app
from tests.conftest import catalogue, solutions

runner = CliRunner()


def test_challenges_lists_ids_and_titles() -> None:
    result = runner.invoke(app, ["challenges"])
    assert result.exit_code == 0
    header, *rows = result.output.splitlines()
    assert header.split() == ["ID", "VERSION", "TESTS", "POINTS", "TITLE", "(ES)", "TITLE", "(EN)"]
    layer_norm = next(row for row in rows if row.startswith("layer_norm "))
    assert "Layer norm por filas" in layer_norm
    assert "Row-wise layer norm" in layer_norm
    listed = json.loads(runner.invoke(app, ["challenges", "--json"]).output)
    bloque = next(c for c in listed if c["id"] == "bloque")
    assert bloque["title"] == {"es": "Monta el bloque entero", "en": "Build the whole block"}
    assert bloque["tests"] > 0
    assert bloque["max_points"] > 0


def test_grade_json_prints_one_result_per_file_in_order(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def bloque(:\n")
    files = [solutions("bloque") / "straightforward.py", catalogue("bloque") / "pre_norm.py", broken]
    result = runner.invoke(
        app, ["grade", *map(str, files), "--challenge", "bloque", "--json", "--lang", "en"]
    )
    assert result.exit_code == 0
    lines = result.output.strip().splitlines()
    results = [Result.model_validate(json.loads(line)) for line in lines]
    assert len(results) == 3
    assert results[0].score == 100
    assert results[1].score < 100
    assert [d.id for d in results[1].diagnoses] == ["pre_norm"]
    assert results[2].status == "error"
    assert results[2].error is not None
    assert results[2].error.line == 1


def test_grade_readable_shows_marks_diagnosis_and_score() -> None:
    path = catalogue("layer_norm") / "batch_norm.py"
    result = runner.invoke(app, ["grade", str(path), "--challenge", "layer_norm"])
    assert result.exit_code == 0
    assert "✗" in result.output
    assert "✓" in result.output
    assert "normalizes_by_column" in result.output
    assert "Nota:" in result.output


def test_unknown_challenge_is_a_usage_error() -> None:
    result = runner.invoke(
        app, ["grade", str(solutions("bloque") / "straightforward.py"), "--challenge", "nope"]
    )
    assert result.exit_code == 2


def test_unreadable_file_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["grade", str(tmp_path / "missing.py"), "--challenge", "bloque"])
    assert result.exit_code == 2


def test_unknown_language_is_a_usage_error() -> None:
    path = solutions("bloque") / "straightforward.py"
    result = runner.invoke(app, ["grade", str(path), "--challenge", "bloque", "--lang", "fr"])
    assert result.exit_code == 2
