"""The localisation's comparison of a student's value with the lesson's is np.allclose's."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from grader.values import same, tolerance

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
