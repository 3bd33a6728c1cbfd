"""Whatever text arrives as a submission, the grader answers with a Result and never raises."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grader.grade import Grader

PIECES = [
    "import numpy as np\n",
    "def layer_norm(X, gamma, beta, eps=1e-5):\n",
    "    return X\n",
    "    return None\n",
    "    return X.mean(axis=1, keepdims=True)\n",
    "    raise ValueError('x')\n",
    "    return np.ones((3, 3, 3, 3, 3))\n",
    "    return np.array(['a'])\n",
    "    return (X, X)\n",
    "x = (\n",
    "\tdef\n",
    "layer_norm = 3\n",
    "print('hola')\n",
    "del np\n",
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(PIECES), max_size=6).map("".join) | st.text(max_size=300))
def test_any_text_gets_a_result(grader: Grader, code: str) -> None:
    result = grader.grade("layer_norm", code)
    assert 0 <= result.score <= 100
    assert len(result.tests) == len(grader.challenges["layer_norm"].tests)
    assert result.status in ("done", "error")
    if result.status == "error":
        assert result.error is not None
        assert result.error.message


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200))
def test_any_bytes_get_a_result(grader: Grader, code: bytes) -> None:
    result = grader.grade("bloque", code, lang="en")
    assert 0 <= result.score <= 100
    assert result.score < 100
