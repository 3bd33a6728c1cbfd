"""A worker grades from its start: the error models warm in a thread, and a challenge still
warming is graded without the error model's search (same tests and score, no diagnosis from it)."""

from __future__ import annotations

import threading

import pytest

from grader.challenge import Challenge
from grader.grade import Grader
from grader.prepared import PreparedChallenge
from grader.sandbox import default_sandbox
from tests.conftest import ROOT

WRONG = (ROOT / "tests" / "corpora" / "layer_norm" / "catalogue" / "batch_norm.py").read_text()


def test_a_challenge_warming_is_graded_without_the_search_then_with_it(
    challenges: dict[str, Challenge], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    warm = PreparedChallenge.warm

    def held(prepared: PreparedChallenge) -> None:  # the warming waits for the test's word
        release.wait(timeout=120)
        warm(prepared)

    monkeypatch.setattr(PreparedChallenge, "warm", held)
    warmed = threading.Event()
    sandbox = default_sandbox(slots=1)
    try:
        grader = Grader({"layer_norm": challenges["layer_norm"]}, sandbox)
        thread = grader.warm_apart(then=warmed.set)
        assert grader.warming() == {"layer_norm"}
        meanwhile = grader.grade("layer_norm", WRONG, "en")
        asked = grader.grade_in("layer_norm", WRONG, ("en",), search=True)["en"]  # a regrade's
        release.set()
        thread.join(timeout=300)
        assert warmed.is_set()
        assert grader.warming() == frozenset()
        after = grader.grade("layer_norm", WRONG, "en")
    finally:
        sandbox.close()
    assert meanwhile.status == after.status == "done"
    assert (meanwhile.score, [t.passed for t in meanwhile.tests]) == (
        after.score,
        [t.passed for t in after.tests],
    )
    assert meanwhile.diagnoses == []
    assert [d.id for d in after.diagnoses] != []
    assert [d.id for d in asked.diagnoses] == [d.id for d in after.diagnoses]
