"""The NumPy a student of the lessons reaches for works inside the sandbox: functions that import
a submodule of NumPy on first use (np.median imports numpy.ma) find it already imported, since
the child can no longer read the disk."""

from __future__ import annotations

import pytest

from grader.grade import Grader

CORRECT_WITH = """
import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    _unused = {call}
    mu = X.mean(axis=-1, keepdims=True)
    var = X.var(axis=-1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
"""

CALLS = [
    "np.median(X, axis=-1)",
    "np.nanmedian(X, axis=-1)",
    "np.percentile(X, 50, axis=-1)",
    "np.quantile(X, 0.5, axis=-1)",
    "np.nanmean(X, axis=-1)",
    "np.average(X, axis=-1, weights=np.ones(X.shape[-1]))",
    "np.ma.masked_invalid(X).mean()",
    "np.einsum('ij->i', X)",
    "np.apply_along_axis(np.std, -1, X)",
    "np.linalg.norm(X, axis=-1)",
    "np.vectorize(abs)(X)",
    "np.triu(np.ones((3, 3)), k=1)",
]


@pytest.mark.parametrize("call", CALLS)
def test_a_correct_solution_that_also_calls_it_scores_100(grader: Grader, call: str) -> None:
    result = grader.grade("layer_norm", CORRECT_WITH.format(call=call), "en")
    assert [cause.original for cause in result.causes] == []
    assert result.score == 100


TYPED = """
from __future__ import annotations

{imports}

def layer_norm(X: Matrix, gamma: Matrix, beta: Matrix, eps: float = 1e-5) -> Matrix:
    mu = X.mean(axis=-1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=-1, keepdims=True) + eps) + beta
"""

TYPE_IMPORTS = [
    "import numpy as np\nimport numpy.typing as npt\nMatrix = npt.NDArray[np.float64]",
    "import numpy as np\nfrom numpy.typing import NDArray, ArrayLike\nMatrix = NDArray[np.floating]",
    "import numpy as np\nfrom typing import TypeAlias\nMatrix: TypeAlias = np.ndarray",
]


@pytest.mark.parametrize("imports", TYPE_IMPORTS)
def test_a_correct_solution_with_type_hints_scores_100(grader: Grader, imports: str) -> None:
    result = grader.grade("layer_norm", TYPED.format(imports=imports), "en")
    assert result.error is None
    assert result.score == 100
