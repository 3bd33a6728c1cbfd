"""What the feedback says, read as a student reads it: what happened, not a number that is inf."""

from __future__ import annotations

import numpy as np

from grader import messages
from grader.checks import compare
from grader.grade import Grader
from grader.text import Text

MASK_BELOW = """import numpy as np

def mascara_causal(T):
    i, j = np.indices((T, T))
    return np.where(j < i, -np.inf, 0.0)

def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E - E.max(axis=1, keepdims=True)
    P = np.exp(E)
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
"""


def test_a_mask_whose_counts_are_right_is_told_which_cell_is_not(grader: Grader) -> None:
    result = grader.grade("atencion_causal", MASK_BELOW, lang="en")
    live = next(t for t in result.tests if "keeps 15 of the 25 cells alive" in t.message)
    assert "it has 15 zeros and 10 −∞, as it must, but in other cells: row 1, column 0" in live.message


def test_non_finite_values_are_told_by_kind_where_finite_ones_belong() -> None:
    got = np.array([1.0, np.inf, np.nan])
    told = compare(got, np.array([1.0, 2.0, 3.0]), 1e-6, 1e-9).detail
    assert isinstance(told, Text)
    assert told.en == "returned inf and NaN where finite numbers belong"
    assert told.es == "devolvió inf y NaN donde corresponden números finitos"
    finite = compare(np.zeros(2), np.array([0.0, -np.inf]), 1e-6, 1e-9).detail
    assert isinstance(finite, Text)
    assert finite.en == "returned finite numbers where −∞ belongs"


def test_a_finite_number_never_passes_for_minus_infinity() -> None:
    """rtol · |−∞| is ∞: a mask of zeros passed for the causal mask."""
    mask = np.triu(np.full((3, 3), -np.inf), k=1)
    assert not compare(np.zeros((3, 3)), mask, 1e-6, 1e-9).passed
    assert compare(mask.copy(), mask, 1e-6, 1e-9).passed


def test_an_overflow_is_told_as_infinities_where_the_lesson_is_finite(grader: Grader) -> None:
    code = MASK_BELOW.replace("return np.where(j < i, -np.inf, 0.0)", "return np.where(j > i, -np.inf, 0.0)")
    code = code.replace("    E = E - E.max(axis=1, keepdims=True)\n", "")
    where = grader.grade("atencion_causal", code, lang="en").localisation
    assert where is not None
    assert "has inf where the lesson's values are finite" in where.message
    assert "by up to inf" not in where.message


def test_no_sentence_says_something_else_than() -> None:
    said = [v for v in vars(messages).values() if isinstance(v, Text)]
    assert said
    assert not [t for t in said if "something else than" in t.en or "otra cosa que" in t.es]


def test_weights_that_are_not_numbers_are_told_so_not_counted_as_alive(grader: Grader) -> None:
    """A mask that also strikes the diagonal leaves row 0 all NaN: the live cells counted 15 of
    25 "as it must" and the future 0, a failure whose figures read as a pass."""
    code = MASK_BELOW.replace("j < i", "j > i").replace(
        "E = E + mascara", "E = E + np.triu(np.full(E.shape, -np.inf))"
    )
    result = grader.grade("atencion_causal", code, lang="en")
    live = next(t for t in result.tests if t.id == "masked_cells_dead")
    assert not live.passed
    assert "cells of pesos are not numbers (NaN or inf), the first at row 0, column 0" in live.message
