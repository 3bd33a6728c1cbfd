"""Hand-written submissions: correct ones in many styles score 100; wrong ones are named.

tests/corpora/<challenge>/catalogue/ is also the corpus of benchmarks/diagnosis.py: each file says on its first line the
misconceptions it should be told, or `none` when nothing should be claimed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.grade import Grader
from tests.conftest import CORPORA, solutions

CORRECT = sorted(CORPORA.glob("*/solutions/*.py"))
WRONG = sorted(CORPORA.glob("*/catalogue/*.py"))


def _expected_diagnoses(path: Path) -> list[str]:
    first = path.read_text().splitlines()[0]
    assert first.startswith("# expect:"), f"{path} must start with '# expect: id, ...'"
    names = [name.strip() for name in first.removeprefix("# expect:").split(",")]
    return [] if names == ["none"] else names  # "none": nothing should be claimed


@pytest.mark.parametrize("path", CORRECT, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_correct_solution_scores_100(grader: Grader, path: Path) -> None:
    result = grader.grade(path.parent.parent.name, path.read_text())
    failed = [t.message for t in result.tests if not t.passed]
    assert result.status == "done", result.error
    assert failed == []
    assert result.score == 100
    assert result.diagnoses == []


@pytest.mark.parametrize("path", WRONG, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_wrong_solution_is_diagnosed(grader: Grader, path: Path) -> None:
    result = grader.grade(path.parent.parent.name, path.read_text(), lang="en")
    assert result.score < 100
    assert sorted(d.id for d in result.diagnoses) == sorted(_expected_diagnoses(path))


def test_correct_bloque_solutions_also_pass_layer_norm(grader: Grader) -> None:
    for path in solutions("bloque").glob("*.py"):
        assert grader.grade("layer_norm", path.read_text()).score == 100, path.name
