"""`autograder challenges check DIR`: a folder ready to go live passes, and a broken one fails
naming its cause, with the exit status a CI job reads."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grader.challenge import Challenge
from grader.grade import Grader
from grader.kit.check import Report, check_folder, describe
from service.cli.main import app
from service.students.statement import statement_html
from tests.conftest import ROOT

FOLDERS = sorted(p.name for p in (ROOT / "challenges").iterdir() if (p / "challenge.toml").exists())


def _check(folder: Path, grader: Grader, challenges: dict[str, Challenge]) -> Report:
    library = {name: c for name, c in challenges.items() if name != folder.name}
    return check_folder(folder, library, grader.sandbox, lambda c, lang: str(statement_html(c, lang)))


def _copy(tmp_path: Path, challenge: str = "layer_norm") -> Path:
    folder = tmp_path / challenge
    shutil.copytree(ROOT / "challenges" / challenge, folder)
    return folder


def _item(report: Report, name: str) -> tuple[bool, str]:
    found = next(i for i in report.items if i.name == name)
    return found.passed, found.summary + "\n" + "\n".join(found.details)


@pytest.mark.slow
@pytest.mark.parametrize("challenge", FOLDERS)
def test_every_challenge_of_the_repository_is_ready(
    challenge: str, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    report = _check(ROOT / "challenges" / challenge, grader, challenges)
    assert report.passed, describe(report)
    names = [i.name for i in report.items]
    assert names == [
        "loads",
        "reference",
        "starter",
        "statements",
        "examples",
        "mistakes",
        "mutants",
        "start-up",
    ]


def test_a_reference_that_breaks_is_named(
    tmp_path: Path, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    folder = _copy(tmp_path)
    reference = folder / "reference.py"
    reference.write_text(reference.read_text().replace("return scaled + beta", "return scaled + beta[5]"))
    report = _check(folder, grader, challenges)
    assert not report.passed
    passed, said = _item(report, "reference")
    assert not passed
    assert "the reference fails on calls" in said
    assert "IndexError" in said  # what it raised, where
    assert "reference.py, line" in said
    assert "not checked: starter, statements, examples, mistakes, mutants" in describe(report)


def test_a_reference_that_does_not_parse_says_its_line(
    tmp_path: Path, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    folder = _copy(tmp_path)
    (folder / "reference.py").write_text(
        "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5:\n    return X\n"
    )
    passed, said = _item(_check(folder, grader, challenges), "loads")
    assert not passed
    assert "reference.py, line 3" in said


def test_a_starter_that_does_not_run_is_named(
    tmp_path: Path, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    folder = _copy(tmp_path)
    manifest = folder / "challenge.toml"
    manifest.write_text(manifest.read_text().replace("eps=1e-5)", "eps=EPS)"))
    report = _check(folder, grader, challenges)
    passed, said = _item(report, "starter")
    assert not passed
    assert "the starter every student is handed does not run" in said
    assert "NameError" in said
    assert said.count("(line ") == 1  # where, once
    assert _item(report, "reference")[0]


def test_tests_that_let_mutants_survive_are_named_with_the_survivors(
    tmp_path: Path, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    folder = _copy(tmp_path)
    tests = folder / "tests.py"
    tests.write_text(tests.read_text() + '\nTESTS = [t for t in TESTS if t.id == "shape"]\n')
    report = _check(folder, grader, challenges)
    passed, said = _item(report, "mutants")
    assert not passed
    assert "at least 98 % needed" in said
    assert "survives: line" in said
    mistakes_passed, told = _item(report, "mistakes")
    assert not mistakes_passed
    assert "scores 100: no hidden test tells it from the reference" in told


def test_an_example_told_otherwise_is_named(
    tmp_path: Path, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    folder = _copy(tmp_path)
    (folder / "examples" / "wrong").mkdir(parents=True)
    reference = (folder / "reference.py").read_text()
    (folder / "examples" / "wrong" / "swapped.py").write_text(
        "# expect: missing_beta\n" + reference.replace("return scaled + beta", "return beta * x_hat + gamma")
    )
    passed, said = _item(_check(folder, grader, challenges), "examples")
    assert not passed
    assert "wrong/swapped.py: expected ['missing_beta'], told ['gamma_beta_swapped']" in said


def test_the_command_s_exit_status_is_the_report_s(tmp_path: Path) -> None:
    runner = CliRunner()
    folder = _copy(tmp_path)
    (folder / "reference.py").write_text("def layer_norm(:\n")
    failed = runner.invoke(app, ["challenges", "check", str(folder)])
    assert failed.exit_code == 1
    assert "NOT READY" in failed.output
    assert "FAIL  loads" in failed.output
    assert runner.invoke(app, ["challenges", "check", str(tmp_path / "nothing")]).exit_code == 2


def test_a_folder_without_mistakes_py_gets_the_derived_mistakes_alone(
    tmp_path: Path, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    """An author writes the lesson's own mistakes only: with none, mistakes.py may be left out."""
    folder = _copy(tmp_path)
    (folder / "mistakes.py").unlink()
    report = _check(folder, grader, challenges)
    passed, said = _item(report, "loads")
    assert passed, said
    assert "of them derived" in said
    assert _item(report, "reference")[0]


def test_a_folder_without_tests_py_is_told_what_to_write(
    tmp_path: Path, grader: Grader, challenges: dict[str, Challenge]
) -> None:
    folder = _copy(tmp_path)
    (folder / "tests.py").unlink()
    passed, said = _item(_check(folder, grader, challenges), "loads")
    assert not passed
    assert "missing tests.py (its TESTS: a list of grader.authoring.HiddenTest)" in said
