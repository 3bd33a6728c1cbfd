"""The localisation's comparison of a student's value with the lesson's is np.allclose's."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from grader.values import same, same_as_a_row, tolerance

ELEMENTS = st.sampled_from([0.0, 1.0, -1.0, 3.0, 1e-12, 1 + 1e-10, 1 + 1e-6, np.inf, -np.inf, np.nan])


@given(
    arrays(np.float64, (2, 3), elements=ELEMENTS),
    arrays(np.float64, (2, 3), elements=ELEMENTS),
    st.booleans(),
    st.booleans(),
)
def test_same_is_allclose_with_the_dtypes_tolerance(
    a: np.ndarray, r: np.ndarray, copy: bool, single: bool
) -> None:
    if copy:
        a = r.copy()
    if single:
        a = a.astype(np.float32)
    rtol, atol = tolerance(a, r)
    with np.errstate(all="ignore"):
        expected = bool(np.allclose(a, r, rtol=rtol, atol=atol, equal_nan=True))
    assert same(a, r) == expected


@given(
    arrays(np.float64, (4, 3), elements=ELEMENTS),
    arrays(np.float64, 3, elements=ELEMENTS),
    st.integers(min_value=-1, max_value=3),
    st.booleans(),
)
def test_rows_compared_at_once_are_each_row_compared(
    rows: np.ndarray, a: np.ndarray, copied: int, single: bool
) -> None:
    if copied >= 0:
        a = rows[copied].copy()
    if single:
        a = a.astype(np.float32)
    assert same_as_a_row(a, rows) == any(same(a, row) for row in rows)
