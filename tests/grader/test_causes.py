"""Causes of exceptions and shapes, told once: keepdims, a transpose, a matrix product's operands."""

from __future__ import annotations

from grader.grade import Grader

ATTENTION = """import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
"""


def test_a_matmul_shape_error_names_its_operands_once(grader: Grader) -> None:
    result = grader.grade("atencion_causal", ATTENTION, lang="en")
    assert [c.id for c in result.causes] == ["matmul_shapes"]
    cause = result.causes[0]
    assert "On line 9, Q @ K cannot be computed" in cause.message
    assert "Did you mean K.T?" in cause.message
    failed = [t for t in result.tests if not t.passed]
    assert sorted(cause.explains) == sorted(t.id for t in failed)
    assert all("the cause is explained above" in t.message and "gufunc" not in t.message for t in failed)
    assert result.note is None  # the cause accounts for every failure


def test_a_mean_without_keepdims_is_named_not_repeated(grader: Grader) -> None:
    code = (
        "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
        "    mu = X.mean(axis=1)\n    return gamma * (X - mu) / np.sqrt(X.var(axis=1) + eps) + beta\n"
    )
    result = grader.grade("layer_norm", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["missing_keepdims"]
    assert "keepdims=True" in result.diagnoses[0].message
    failed = [t for t in result.tests if not t.passed]
    assert failed
    assert not any("could not be broadcast" in t.message for t in failed)


def test_a_broadcast_without_keepdims_is_a_cause_even_beside_an_unknown_mistake(grader: Grader) -> None:
    code = (
        "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
        "    return gamma * np.tanh(X - X.mean(axis=1)) + beta\n"
    )
    result = grader.grade("layer_norm", code, lang="en")
    assert result.diagnoses == []
    assert [c.id for c in result.causes] == ["broadcast_keepdims"]
    assert "without keepdims=True" in result.causes[0].message
    assert "line 4" in result.causes[0].message


def test_a_transposed_output_is_named(grader: Grader) -> None:
    code = (
        "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
        "    mu = X.mean(axis=1, keepdims=True)\n"
        "    return (gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta).T\n"
    )
    result = grader.grade("layer_norm", code, lang="es")
    assert [d.id for d in result.diagnoses] == ["transposed_output"]
    assert "(d_model, T)" in result.diagnoses[0].message
