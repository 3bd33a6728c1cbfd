"""Failed tests that a diagnosis accounts for point to it instead of a generic hint."""

from __future__ import annotations

from pathlib import Path

from grader.grade import Grader

WRONG = Path(__file__).parent / "wrong"
EXPLAINED = "exactly what the diagnosed mistake produces"


def test_failures_caused_by_the_diagnosed_mistake_name_it(grader: Grader) -> None:
    result = grader.grade("layer_norm", (WRONG / "layer_norm" / "sample_std.py").read_text(), lang="en")
    failed = {t.id: t.message for t in result.tests if not t.passed}
    assert failed and all(f"{EXPLAINED} (sample_deviation)" in m for m in failed.values())
    assert "ε goes inside the root" not in failed["constant_row"]  # the generic hint would mislead


def test_each_test_names_only_the_mistakes_it_needs(grader: Grader) -> None:
    code = (WRONG / "bloque" / "sample_std_and_pre_norm.py").read_text()
    result = grader.grade("bloque", code)
    messages = {t.id: t.message for t in result.tests if not t.passed}
    assert "(sample_deviation)" in messages["ln_population_deviation"]
    assert "(sample_deviation, pre_norm)" in messages["block_random_reference"]


def test_unexplained_failures_keep_their_hint(grader: Grader) -> None:
    code = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X * 0.5\n"
    result = grader.grade("layer_norm", code, lang="en")
    assert result.diagnoses == []
    assert all(EXPLAINED not in t.message for t in result.tests)
    shape = next(t for t in result.tests if t.id == "rows_mean0_std1")
    assert "axis=1" in shape.message
