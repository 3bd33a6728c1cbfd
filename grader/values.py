"""Whether a value of the student's code is one of the lesson's: within a tolerance fitted to
the dtype, up to a harmless layout (a kept or dropped axis of size one, a transpose, the
reciprocal of a row statistic); or a row or element of one (code that loops); or a buffer being
filled row by row.
"""

from __future__ import annotations

import math

import numpy as np


def tolerance(a: np.ndarray, r: np.ndarray) -> tuple[float, float]:
    """float32 keeps about seven digits; float64 code that sums in another order, or in a
    loop, still agrees to far more than the hidden tests ask (an ε of 10⁻⁵ must show)."""
    return _tolerance(a, r, np.abs(r))


def _tolerance(a: np.ndarray, r: np.ndarray, size: np.ndarray) -> tuple[float, float]:
    """`tolerance`, given |r|: the largest magnitude is the scale when it is finite (no
    infinity or NaN to leave out), which spares a selection on most values."""
    single = np.float32 in (a.dtype, r.dtype)
    rtol = 2e-4 if single else 1e-9
    largest = float(size.max()) if size.size else 1.0
    if not np.isfinite(largest):
        finite = size[np.isfinite(size)]
        largest = float(finite.max()) if finite.size else 1.0
    return rtol, (2e-4 if single else 1e-11) * max(largest, 1e-3)


def same(a: np.ndarray, r: np.ndarray) -> bool:
    """`np.allclose(a, r, equal_nan=True)` within the tolerance for their dtype, in fewer
    operations: the localisation compares thousands of small arrays per submission."""
    size = np.abs(r)
    rtol, atol = _tolerance(a, r, size)
    if a.shape == r.shape and a.size and a.dtype == r.dtype == np.float64 and _first_apart(a, r, rtol, atol):
        return False
    with np.errstate(all="ignore"):
        close = (np.abs(a - r) <= atol + rtol * size) & np.isfinite(r)
        if close.all():
            return True
        odd = ~close  # infinities of one sign, NaN in both
        return bool(((a == r) | (np.isnan(a) & np.isnan(r)))[odd].all())


def same_as_a_row(a: np.ndarray, rows: np.ndarray) -> bool:
    """Whether `a` is `same` as any row of the 2-d `rows`, every row compared at once (in
    float64, the lesson's dtype; other dtypes one row at a time, as `same` does)."""
    a = a.ravel()
    if not (a.dtype == rows.dtype == np.float64 and a.size and rows.ndim == 2 and rows.shape[1] == a.size):
        return any(same(a, row) for row in rows)
    size = np.abs(rows)
    finite = np.isfinite(size)
    largest = np.where(finite, size, -np.inf).max(axis=1)
    largest = np.where(finite.any(axis=1), largest, 1.0)
    atol = 1e-11 * np.maximum(largest, 1e-3)
    with np.errstate(all="ignore"):
        close = (np.abs(a - rows) <= atol[:, None] + 1e-9 * size) & finite
        close |= (a == rows) | (np.isnan(a) & np.isnan(rows))
    return bool(close.all(axis=1).any())


def _first_apart(a: np.ndarray, r: np.ndarray, rtol: float, atol: float) -> bool:
    """Whether the first elements already differ, told in Python's floats (the same IEEE
    arithmetic as NumPy's float64): most values compared are not the lesson's, and say so there."""
    x, y = float(a.flat[0]), float(r.flat[0])
    close = abs(x - y) <= atol + rtol * abs(y) and math.isfinite(y)
    return not (close or x == y or (math.isnan(x) and math.isnan(y)))


def layouts(a: np.ndarray, r: np.ndarray) -> list[np.ndarray]:
    """The student's value in the reference's layout, each harmless way it may have been kept."""
    found = []
    if a.size == r.size:
        found.append(a.reshape(r.shape))
    if a.ndim == 2 and r.ndim == 2 and a.shape[::-1] == r.shape and a.shape != r.shape:
        found.append(a.T)
    return found


def _forms(r: np.ndarray) -> list[np.ndarray]:
    """A value, and for a statistic of each row (an axis of size one) its reciprocal: a student
    may keep 1/√(s² + ε) and multiply by it."""
    if r.dtype.kind != "f" or 1 not in r.shape:
        return [r]
    with np.errstate(all="ignore"):
        return [r, np.reciprocal(r)]


def whole(a: np.ndarray, r: np.ndarray) -> bool:
    """Whether the student's value is the lesson's `r`, in a harmless layout."""
    return any(same(layout, form) for form in _forms(r) for layout in layouts(a, form))


WHOLE, PART, FILLING = "whole", "part", "filling"


def lesson_kind(a: np.ndarray, lesson: list[np.ndarray], inputs: list[np.ndarray]) -> str | None:
    """How the student's value is one of the lesson's: whole (in a harmless layout), a row or
    element of one (code that loops), a buffer being filled row by row; None when it is not."""
    part = None
    for r in lesson:
        for form in _forms(r):
            if any(same(layout, form) for layout in layouts(a, form)):
                return WHOLE
        if 0 < a.size < r.size and r.size % a.size == 0 and r.ndim >= 1:
            rows = r.reshape(-1, a.size)
            rtol, atol = tolerance(a, r)
            with np.errstate(all="ignore"):
                if np.any(np.all(np.isclose(rows, a.ravel(), rtol=rtol, atol=atol, equal_nan=True), axis=1)):
                    part = part or PART
        if a.shape == r.shape and _filling(a, r, inputs):
            part = FILLING
    return part


def _filling(a: np.ndarray, r: np.ndarray, inputs: list[np.ndarray]) -> bool:
    """A buffer being filled row by row: each row is the lesson's or still untouched (constant,
    or the row of the input it was copied from)."""
    if a.ndim < 2:
        return False
    rows, lesson = a.reshape(a.shape[0], -1), r.reshape(r.shape[0], -1)
    rtol, atol = tolerance(a, r)
    with np.errstate(all="ignore"):
        right = np.all(np.isclose(rows, lesson, rtol=rtol, atol=atol, equal_nan=True), axis=1)
        untouched = np.all(rows == rows[:, :1], axis=1)
        for given in inputs:
            if given.shape == a.shape:
                untouched |= np.all(rows == given.reshape(rows.shape), axis=1)
    return bool(right.any() and not right.all() and np.all(right | untouched))


def constant(a: np.ndarray) -> bool:
    """A buffer just made (`np.zeros_like(X)`): every element the same."""
    return a.size > 1 and bool(np.all(a == a.flat[0]))
