"""Misses named in general, as local alternatives: each test writes the mistake in a spelling the
choice was not written from, and asks that exactly that misconception is told.

A forbidden score replaced by a finite value (the student's own); a reduction where an
element-wise operation belongs; a precedence slip around a division; the 1/d_model outside the
root; keepdims on one statistic only.
"""

from __future__ import annotations

import pytest

from grader.grade import Grader

LN = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
MASK = "import numpy as np\n\ndef mascara_causal(T):\n    return np.triu(np.full((T, T), -np.inf), k=1)\n\n"
BLOCK_LN = (
    LN
    + "    mu = X.mean(axis=1, keepdims=True)\n"
    + "    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta\n\n"
)


def _told(grader: Grader, challenge: str, code: str) -> list[str]:
    result = grader.grade(challenge, code, lang="en")
    assert result.score < 100
    return sorted(d.id for d in result.diagnoses)


@pytest.mark.parametrize("value", ["-5.0", "-0.5", "3.0"])
def test_a_forbidden_score_replaced_by_any_finite_value_is_told_with_that_value(
    grader: Grader, value: str
) -> None:
    code = MASK + (
        "def atencion(Q, K, V, mascara=None):\n"
        "    S = Q @ K.T / np.sqrt(Q.shape[1])\n"
        "    if mascara is not None:\n"
        f"        S = np.where(mascara < 0, {value}, S)\n"
        "    W = np.exp(S - S.max(axis=1, keepdims=True))\n"
        "    W = W / W.sum(axis=1, keepdims=True)\n"
        "    return W @ V, W\n"
    )
    result = grader.grade("atencion_causal", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["forbidden_score_finite"]
    assert f"You write {float(value):g} into the scores the mask forbids" in result.diagnoses[0].message


def test_a_relu_written_as_a_reduction_is_told(grader: Grader) -> None:
    code = BLOCK_LN + (
        "def bloque(X, atencion, p):\n"
        "    H = layer_norm(X + atencion(X), p['gamma1'], p['beta1'])\n"
        "    z = H @ p['W1'] + p['b1']\n"
        "    F = z.max(axis=0) @ p['W2'] + p['b2']\n"
        "    return layer_norm(H + F, p['gamma2'], p['beta2'])\n"
    )
    assert _told(grader, "bloque", code) == ["relu_as_reduction"]


def test_a_residual_written_as_a_reduction_is_told_in_either_sublayer(grader: Grader) -> None:
    code = BLOCK_LN + (
        "def bloque(X, atencion, p):\n"
        "    H = layer_norm(X + atencion(X), p['gamma1'], p['beta1'])\n"
        "    F = np.maximum(H @ p['W1'] + p['b1'], 0) @ p['W2'] + p['b2']\n"
        "    return layer_norm(F + H.sum(axis=0), p['gamma2'], p['beta2'])\n"
    )
    assert _told(grader, "bloque", code) == ["residual_as_reduction"]


def test_a_precedence_slip_with_gamma_outside_is_the_precedence(grader: Grader) -> None:
    code = LN + (
        "    m = np.mean(X, axis=-1, keepdims=True)\n"
        "    v = np.var(X, axis=-1, keepdims=True)\n"
        "    return gamma * X - m / np.sqrt(v + eps) + beta\n"
    )
    assert _told(grader, "layer_norm", code) == ["precedence"]


def test_epsilon_added_after_the_division_is_a_slip_of_the_denominators_brackets(grader: Grader) -> None:
    code = LN + (
        "    c = X - X.mean(axis=1, keepdims=True)\n"
        "    y = c / np.sqrt((c * c).mean(axis=1, keepdims=True)) + eps\n"
        "    return gamma * y + beta\n"
    )
    assert _told(grader, "layer_norm", code) == ["eps_added_after_division"]


def test_the_division_by_d_model_outside_the_root_is_told(grader: Grader) -> None:
    code = LN + (
        "    d = X.shape[1]\n"
        "    c = X - X.mean(axis=1, keepdims=True)\n"
        "    s = np.linalg.norm(c, axis=1, keepdims=True) / d\n"
        "    return gamma * c / np.sqrt(s ** 2 + eps) + beta\n"
    )
    assert _told(grader, "layer_norm", code) == ["deviation_divided_outside_root"]


@pytest.mark.parametrize(
    "statistics",
    [
        "    mu = X.mean(axis=1, keepdims=True)\n    var = X.var(axis=1)\n",
        "    mu = X.mean(axis=1)\n    var = ((X - X.mean(axis=1, keepdims=True)) ** 2).mean(axis=1, keepdims=True)\n",
    ],
)
def test_keepdims_on_one_statistic_only_is_told(grader: Grader, statistics: str) -> None:
    code = LN + statistics + "    return gamma * (X - mu) / np.sqrt(var + eps) + beta\n"
    assert _told(grader, "layer_norm", code) == ["keepdims_on_one_statistic"]


def test_no_pair_of_choices_is_told_for_an_exception_only_their_composition_raises(grader: Grader) -> None:
    """A ReLU reduced to one vector answers alone; with a loop over positions its rows no longer
    stack and the program raises, like this code does for its own reason: no story, the cause."""
    code = BLOCK_LN + (
        "def bloque(X, atencion, p):\n"
        "    H = layer_norm(X + atencion(X), p['gamma1'], p['beta1'])\n"
        "    relu = np.maximum(0.0, H @ p['W1'] + p['b1'])\n"
        "    F = relu + p['W2'] + p['b2']\n"
        "    return layer_norm(H + F, p['gamma2'], p['beta2'])\n"
    )
    result = grader.grade("bloque", code, lang="en")
    assert result.diagnoses == []
    assert [c.id for c in result.causes] == ["raised"]


@pytest.mark.parametrize(
    "perceptron",
    [
        '    z = np.maximum(np.dot(H, p["W1"] + p["b1"]), 0.0)\n    F = np.dot(z, p["W2"]) + p["b2"]\n',
        '    z = np.maximum(0.0, np.matmul(H, p["W1"]) + p["b1"])\n    F = np.matmul(z, p["b2"] + p["W2"])\n',
    ],
)
def test_a_bias_added_to_the_weights_inside_the_product_is_told(grader: Grader, perceptron: str) -> None:
    code = BLOCK_LN + (
        "def bloque(X, atencion, p):\n"
        '    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])\n'
        + perceptron
        + '    return layer_norm(H + F, p["gamma2"], p["beta2"])\n'
    )
    assert _told(grader, "bloque", code) == ["bias_added_to_weights"]


@pytest.mark.parametrize(
    "masking",
    [
        "        T = E.shape[0]\n        E = np.where(np.arange(T)[None, :] > np.arange(T)[:, None], -np.inf, E)\n",
        "        E += mascara_causal(len(Q))\n",
    ],
)
def test_a_causal_triangle_of_its_own_in_place_of_the_given_mask_is_told(
    grader: Grader, masking: str
) -> None:
    code = MASK + (
        "def atencion(Q, K, V, mascara=None):\n"
        '    E = np.einsum("id,jd->ij", Q, K) / np.sqrt(Q.shape[-1])\n'
        "    if mascara is not None:\n" + masking + "    W = np.exp(E - E.max(axis=1, keepdims=True))\n"
        "    W /= W.sum(axis=1, keepdims=True)\n"
        "    return W @ V, W\n"
    )
    assert _told(grader, "atencion_causal", code) == ["own_mask_for_given"]
