"""Whether two calls did the same observable thing: the diagnosis's one notion of "the same"."""

from __future__ import annotations

import numpy as np

from grader.report import Behaviour, CallOutcome, StudentError

RTOL = 1e-4
ATOL = 1e-7

# Python's scalar arithmetic raises where NumPy answers nan or inf: a division by zero, the root of
# a negative number, the sample variance of one value. Code that loops with `math` or `statistics`
# raises these where the same computation in NumPy gives a non-finite value.
_SCALAR_ARITHMETIC = frozenset({"ZeroDivisionError", "StatisticsError", "OverflowError"})
_MATH_DOMAIN = "math domain error"
# A model program that names what it never defined is a composition the template cannot make
# (a choice using a value another choice's rewrite no longer computes): it reproduces nothing,
# least of all a student's own undefined name.
_BROKEN_PROGRAM = frozenset({"NameError", "UnboundLocalError"})


def _close(a: Behaviour, b: Behaviour) -> bool:
    """Every value of `a` within tolerance of `b`'s, infinities and NaNs in the same places."""
    if a.shapes != b.shapes:
        return False
    if a.all_finite and b.all_finite:
        return bool((np.abs(a.values - b.values) <= ATOL + RTOL * b.magnitude).all())
    if not np.array_equal(a.finite, b.finite):
        return False
    odd = ~b.finite
    if not np.array_equal(a.values[odd], b.values[odd], equal_nan=True):
        return False
    both = b.finite
    return bool((np.abs(a.values[both] - b.values[both]) <= ATOL + RTOL * b.magnitude[both]).all())


def _scalar_arithmetic(error: StudentError) -> bool:
    return error.type in _SCALAR_ARITHMETIC or (error.type == "ValueError" and _MATH_DOMAIN in error.message)


def same_behaviour(a: CallOutcome, b: CallOutcome) -> bool:
    return a.ok and b.ok and _close(a.behaviour, b.behaviour)


def same_outcome(student: CallOutcome, model: CallOutcome | None) -> bool:
    """Whether a model's program did on one call what the student's code did."""
    if model is None:
        return False
    if student.ok and model.ok:
        return _close(student.behaviour, model.behaviour)
    if model.error is not None and model.error.type in _BROKEN_PROGRAM:
        return False
    if student.error is not None and model.error is not None:
        return student.error.type == model.error.type
    if student.error is not None and model.ok:
        return _scalar_arithmetic(student.error) and not model.behaviour.all_finite
    return student.not_array is not None and model.not_array is not None
