"""Misconceptions of `layer_norm` named by one local alternative each: the centre of the whole
matrix beside a deviation per row, a row loop that starts at row 1, the precedence of the division
and the sum of squares divided by T."""

from __future__ import annotations

import pytest

from grader.grade import Grader

WHOLE_MATRIX_MEAN = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    centre = np.mean(X)
    var = np.var(X, axis=-1, keepdims=True)
    return gamma * (X - centre) / np.sqrt(var + eps) + beta
"""

FROM_ROW_ONE = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    out = X.copy()
    for t in range(1, len(X)):
        out[t] = (X[t] - X[t].mean()) / np.sqrt(X[t].var() + eps)
    return gamma * out + beta
"""

PRECEDENCE = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mean = X.mean(axis=1, keepdims=True)
    std = np.sqrt(X.var(axis=1, keepdims=True) + eps)
    xhat = X - mean / std
    return gamma * xhat + beta
"""

DIVIDED_BY_ROWS = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    T, d = X.shape
    mu = X.sum(axis=1, keepdims=True) / d
    var = ((X - mu) ** 2).sum(axis=1, keepdims=True) / T
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
"""


@pytest.mark.parametrize(
    ("code", "expected", "words"),
    [
        (WHOLE_MATRIX_MEAN, "statistics_on_different_axes", "whole matrix"),
        (FROM_ROW_ONE, "loop_skips_first_row", "range(1, T)"),
        (PRECEDENCE, "precedence", "brackets"),
        (DIVIDED_BY_ROWS, "variance_divided_by_rows", "by T"),
    ],
)
def test_each_is_told_its_own_misconception(grader: Grader, code: str, expected: str, words: str) -> None:
    result = grader.grade("layer_norm", code, lang="en")
    assert [d.id for d in result.diagnoses] == [expected]
    assert words in result.diagnoses[0].message
    spanish = grader.grade("layer_norm", code, lang="es")
    assert [d.id for d in spanish.diagnoses] == [expected]
    assert spanish.diagnoses[0].message != result.diagnoses[0].message
