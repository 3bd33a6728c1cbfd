"""One grading told in both languages: the same judgement, each sentence in its language."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.grade import Grader

WRONG = Path(__file__).parents[1] / "corpora" / "layer_norm" / "catalogue"


@pytest.mark.parametrize(
    "code",
    [
        (WRONG / "batch_norm.py").read_text(),
        "def layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n",  # does not parse
        "x = 1\n" * 20_000,  # refused before it runs: too large
    ],
)
def test_both_languages_tell_the_same_grading(grader: Grader, code: str) -> None:
    told = grader.grade_in("layer_norm", code, ("en", "es"))
    english, spanish = told["en"], told["es"]
    same = ("status", "score", "points", "grading_ms")
    assert [getattr(english, f) for f in same] == [getattr(spanish, f) for f in same]
    assert [(t.id, t.passed, t.points) for t in english.tests] == [
        (t.id, t.passed, t.points) for t in spanish.tests
    ]
    assert [d.id for d in english.diagnoses] == [d.id for d in spanish.diagnoses]
    assert (english.error is None) == (spanish.error is None)
    if english.error and spanish.error:
        assert english.error.kind == spanish.error.kind
        assert english.error.message != spanish.error.message
    failed = [
        (e.message, s.message) for e, s in zip(english.tests, spanish.tests, strict=True) if not e.passed
    ]
    assert failed
    assert all(e != s for e, s in failed)
    alone = grader.grade("layer_norm", code, "es")  # as one language alone tells it
    assert [t.message for t in alone.tests] == [t.message for t in spanish.tests]
    assert [d.message for d in alone.diagnoses] == [d.message for d in spanish.diagnoses]
