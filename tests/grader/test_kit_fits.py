"""A family's fit read one call at a time (grader/kit/fits.py)."""

from __future__ import annotations

import numpy as np

from grader.calls import Call, call
from grader.kit import per_call
from grader.report import CallOutcome


def _largest(c: Call, outcome: CallOutcome) -> list[float]:
    """A reading that tells one constant a call's output holds: its largest value, when positive."""
    value = float(outcome.outputs[0].max())
    return [value] if value > 0 else []


def _answered(*values: float) -> CallOutcome:
    return CallOutcome(outputs=(np.array(values),), done=True)


CALLS = [call("f", np.zeros(2)) for _ in range(5)]


def test_the_readings_of_every_call_that_answered_are_gathered_distinct_and_smallest_first() -> None:
    outcomes = [_answered(3.0), _answered(1.0, 2.0), CallOutcome(done=True), _answered(3.0), _answered(-1.0)]
    assert per_call(_largest)(CALLS, outcomes) == [2.0, 3.0]
    assert per_call(_largest, keep=1)(CALLS, outcomes) == [2.0]


def test_a_call_that_raised_is_not_read_and_no_reading_is_no_fit() -> None:
    raised = CallOutcome(outputs=(np.array([5.0]),), done=False)
    assert per_call(_largest)(CALLS[:2], [raised, _answered(-2.0)]) is None
