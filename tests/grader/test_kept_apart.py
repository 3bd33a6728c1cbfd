"""The kept-apart set of tests/corpora/<challenge>/kept_apart/, written blind from the lessons,
statements and signatures alone: what its measurement found holds, file by file.

Each wrong file's label gives the line where it leaves the lesson and the step that line
computes (written before any grading) and, from reading its messages once graded, the diagnosis
ids that name its misconception (`named`). A diagnosis outside them is a false one until a
reader judges it: a new diagnosis on this set is read before its id goes into the labels.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from grader.grade import Grader
from tests.benchmarks.loading import benchmark
from tests.conftest import ROOT

bench: ModuleType = benchmark("kept_apart.py", "kept_apart")
LABELS = bench.read_labels(ROOT / "tests" / "corpora", "kept_apart")
# The figures measured on this set (docs/feedback-measurements.md): never fewer.
LINES_RIGHT = 51
STEPS_RIGHT = 40


@pytest.fixture(scope="module")
def judged(grader: Grader) -> dict[str, Any]:
    """Every file graded once, both languages told from that grading, judged against its label."""
    out = {}
    for label in LABELS:
        told = grader.grade_in(label.challenge, label.path.read_text(), ("es", "en"))
        graded = bench.Graded(
            label.key, results={lang: r.model_dump(mode="json") for lang, r in told.items()}
        )
        out[label.key] = bench.judge(label, graded, {}, {})
    return out


def test_the_set_is_all_labelled() -> None:
    assert len(LABELS) == 70
    assert sum(label.correct for label in LABELS) == 15
    assert all(
        label.lines and label.steps and label.named is not None for label in LABELS if not label.correct
    )


def test_no_diagnosis_names_a_mistake_the_file_does_not_make(judged: dict[str, Any]) -> None:
    false = {key: sorted(j.ids) for key, j in judged.items() if j.false or (j.label.correct and j.ids)}
    assert false == {}


def test_every_correct_variant_is_a_clean_100(judged: dict[str, Any]) -> None:
    assert [key for key, j in judged.items() if j.label.correct and not j.clean] == []


def test_every_file_named_when_measured_is_still_named(judged: dict[str, Any]) -> None:
    lost = [key for key, j in judged.items() if j.label.named and not j.named]
    assert lost == []


def test_each_wrong_file_is_one_story(judged: dict[str, Any]) -> None:
    assert [key for key, j in judged.items() if not j.label.correct and not j.one_story] == []


def test_the_line_and_the_step_are_right_as_often_as_measured(judged: dict[str, Any]) -> None:
    wrong = [j for j in judged.values() if not j.label.correct]
    assert sum(j.line_right for j in wrong) >= LINES_RIGHT
    assert sum(j.step_right for j in wrong) >= STEPS_RIGHT
