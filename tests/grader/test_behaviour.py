"""A call's observable behaviour, flattened once, and how diagnosis compares two of them: the
same shapes everywhere (nothing broadcast, no reshaping), non-finite values in the same places
and of the same kind, the rest within tolerance of the second call's values."""

from __future__ import annotations

import numpy as np

from grader.diagnosis import same_behaviour, same_outcome
from grader.report import CallOutcome, StudentError


def outcome(*outputs: np.ndarray, **fields: object) -> CallOutcome:
    return CallOutcome(outputs=tuple(outputs), done=True, **fields)  # type: ignore[arg-type]


def test_close_values_match_and_far_ones_do_not() -> None:
    base = np.linspace(-3, 3, 12).reshape(3, 4)
    assert same_behaviour(outcome(base + 1e-9), outcome(base))
    assert not same_behaviour(outcome(base + 1e-2), outcome(base))


def test_the_same_values_in_another_shape_do_not_match() -> None:
    base = np.arange(12.0)
    assert not same_behaviour(outcome(base.reshape(3, 4)), outcome(base.reshape(4, 3)))
    assert not same_behaviour(outcome(base[:6], base[6:]), outcome(base))


def test_non_finite_values_match_only_in_kind_and_place() -> None:
    nan_first = np.array([np.nan, 1.0, np.inf])
    assert same_behaviour(outcome(nan_first), outcome(nan_first.copy()))
    assert not same_behaviour(outcome(np.array([np.nan, 1.0, -np.inf])), outcome(nan_first))
    assert not same_behaviour(outcome(np.array([1.0, np.nan, np.inf])), outcome(nan_first))
    assert not same_behaviour(outcome(np.array([np.nan, 1.0, 5.0])), outcome(nan_first))
    assert not same_behaviour(outcome(np.array([np.nan, 1.5, np.inf])), outcome(nan_first))


def test_changed_arguments_and_helper_calls_are_part_of_the_behaviour() -> None:
    out = np.ones((2, 2))
    plain = outcome(out)
    changed = outcome(out, args_after={0: np.zeros((2, 2))})
    assert not same_behaviour(changed, plain)
    assert same_behaviour(changed, outcome(out, args_after={0: np.zeros((2, 2))}))
    assert not same_behaviour(outcome(out, args_after={1: np.zeros((2, 2))}), changed)
    assert not same_behaviour(outcome(out, helper_counts={0: 2}), outcome(out, helper_counts={0: 1}))


def test_a_call_that_gave_nothing_matches_nothing() -> None:
    raised = CallOutcome(done=True)
    assert not same_behaviour(raised, raised)


def test_the_behaviour_is_computed_once() -> None:
    one = outcome(np.ones(3))
    assert one.behaviour is one.behaviour


def test_python_arithmetic_that_raises_matches_numpy_arithmetic_that_gives_nan() -> None:
    def raised(kind: str, message: str = "") -> CallOutcome:
        return CallOutcome(error=StudentError(kind, message, 7), done=True)

    nan = outcome(np.array([[np.nan, 1.0]]))
    assert same_outcome(raised("StatisticsError", "variance requires at least two data points"), nan)
    assert same_outcome(raised("ZeroDivisionError", "float division by zero"), nan)
    assert same_outcome(raised("ValueError", "math domain error"), nan)
    assert not same_outcome(raised("ZeroDivisionError"), outcome(np.array([[0.5, 1.0]])))
    assert not same_outcome(raised("TypeError", "unsupported operand"), nan)
    assert not same_outcome(raised("ValueError", "operands could not be broadcast"), nan)


def test_a_model_program_that_names_something_undefined_reproduces_nothing() -> None:
    undefined = CallOutcome(error=StudentError("NameError", "name 'mu' is not defined", 3), done=True)
    student = CallOutcome(error=StudentError("NameError", "name 'np' is not defined", 9), done=True)
    assert not same_outcome(student, undefined)
    assert same_outcome(student, CallOutcome(error=StudentError("NameError", "", None), done=True)) is False
    typed = CallOutcome(error=StudentError("TypeError", "", None), done=True)
    assert same_outcome(CallOutcome(error=StudentError("TypeError", "x", 4), done=True), typed)
