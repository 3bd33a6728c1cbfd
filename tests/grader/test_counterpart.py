"""The lesson's step named at the diverging line is the one that line computes, by data flow.

Each case is one a student wrote where the step used to be chosen by order (the next one the
code had not made): the line's value, put in the lesson's computation in place of a step, makes
the lesson do what the student's code did, and that step (its words, its shape) is told.
"""

from __future__ import annotations

import pytest

from grader.grade import Grader
from grader.models import Localisation

LN = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
MASK = "import numpy as np\n\ndef mascara_causal(T):\n    return np.triu(np.full((T, T), -np.inf), k=1)\n\n"
ATT = MASK + "def atencion(Q, K, V, mascara=None):\n"


def _where(grader: Grader, challenge: str, code: str, lang: str = "en") -> Localisation:
    where = grader.grade(challenge, code, lang=lang).localisation  # type: ignore[arg-type]
    assert where is not None
    return where


@pytest.mark.parametrize(
    ("body", "line", "step", "words"),
    [
        (  # the deviation by columns: s_t, not x − μ_t nor s_t², and s_t's shape
            "    m = X.mean(axis=1, keepdims=True)\n"
            "    c = X - m\n"
            "    s = X.std(axis=0, keepdims=True)\n"
            "    return gamma * c / np.sqrt(s ** 2 + eps) + beta\n",
            6,
            "s",
            "there you compute s_t, each row's deviation, but your s has shape (1, 32), where the lesson's has (10, 1)",
        ),
        (  # ε added to the deviation: that line computes x̂
            "    media = X.mean(axis=1, keepdims=True)\n"
            "    desv = X.std(axis=1, keepdims=True)\n"
            "    xn = (X - media) / (desv + eps)\n"
            "    return xn * gamma + beta\n",
            6,
            "x_hat",
            "there you compute x̂, the normalised row",
        ),
        (  # the centred row's norm: a deviation, not μ_t
            "    centrada = X - X.mean(axis=1, keepdims=True)\n"
            "    largo = np.linalg.norm(centrada, axis=1, keepdims=True)\n"
            "    return gamma * centrada / np.sqrt(largo ** 2 + eps) + beta\n",
            5,
            "s",
            "there you compute s_t, each row's deviation",
        ),
    ],
)
def test_a_layer_norm_line_is_told_the_step_it_computes(
    grader: Grader, body: str, line: int, step: str, words: str
) -> None:
    where = _where(grader, "layer_norm", LN + body)
    assert (where.line, where.step) == (line, step)
    assert words in where.message


@pytest.mark.parametrize(
    ("body", "line", "step", "words"),
    [
        (  # the exponentials of unshifted scores: exp, with infinities where the lesson's are finite
            "    E = Q @ K.T / np.sqrt(K.shape[1])\n"
            "    if mascara is not None:\n"
            "        E = E + mascara\n"
            "    num = np.exp(E)\n"
            "    pesos = num / num.sum(axis=1, keepdims=True)\n"
            "    return pesos @ V, pesos\n",
            10,
            "Z",
            "there you compute exp of the scores, but your num has inf where the lesson's values are finite",
        ),
        (  # scaled by the width of V: the scaled scores, not Q Kᵀ
            "    d = V.shape[1]\n"
            "    E = (Q @ K.T) / np.sqrt(d)\n"
            "    E = E if mascara is None else E + mascara\n"
            "    E = E - E.max(axis=1, keepdims=True)\n"
            "    w = np.exp(E)\n"
            "    w = w / w.sum(axis=1, keepdims=True)\n"
            "    return w @ V, w\n",
            8,
            "E",
            "there you compute the scaled (and masked) scores",
        ),
        (  # the maximum of each column subtracted: the shifted scores
            "    E = Q @ K.T / Q.shape[1] ** 0.5\n"
            "    if mascara is not None:\n"
            "        E = E + mascara\n"
            "    E = E - E.max(axis=0)\n"
            "    P = np.exp(E)\n"
            "    P = P / P.sum(axis=1, keepdims=True)\n"
            "    return P @ V, P\n",
            10,
            "shifted",
            "there you compute the scores minus their row's maximum",
        ),
        (  # −1 written where the mask forbids: finite values where the lesson has −∞
            "    S = (Q @ K.T) / np.sqrt(K.shape[-1])\n"
            "    if mascara is not None:\n"
            "        S[mascara == -np.inf] = -1.0\n"
            "    S = S - S.max(axis=1, keepdims=True)\n"
            "    A = np.exp(S)\n"
            "    A = A / A.sum(axis=1, keepdims=True)\n"
            "    return A @ V, A\n",
            9,
            "E",
            "your S has finite values where the lesson has −∞",
        ),
    ],
)
def test_an_attention_line_is_told_the_step_it_computes(
    grader: Grader, body: str, line: int, step: str, words: str
) -> None:
    where = _where(grader, "atencion_causal", ATT + body)
    assert (where.line, where.step) == (line, step)
    assert words in where.message
    assert "Q Kᵀ, the scores" not in where.message.split("is where they part")[1]


def test_a_mean_right_in_a_loop_is_right_and_the_row_is_compared_with_the_lessons_row(grader: Grader) -> None:
    code = LN + (
        "    salida = np.empty(X.shape)\n"
        "    t = 0\n"
        "    while t < X.shape[0]:\n"
        "        fila = X[t]\n"
        "        m = fila.sum() / fila.size\n"
        "        v = ((fila - m) ** 2).sum() / fila.size\n"
        "        z = (fila - m) / v ** 0.5\n"
        "        salida[t] = gamma * z + beta\n"
        "        t += 1\n"
        "    return salida\n"
    )
    where = _where(grader, "layer_norm", code)
    assert (where.line, where.step) == (10, "x_hat")
    assert where.message.startswith("Up to line 9 your values are the lesson's: μ_t, each row's mean")
    assert "first step" not in where.message
    assert "differs from the lesson's (its row 0)" in where.message


def test_a_value_no_step_stands_for_is_told_by_what_it_feeds(grader: Grader) -> None:
    code = LN + (
        "    e = np.exp(X - X.max(axis=1, keepdims=True))\n"
        "    p = e / e.sum(axis=1, keepdims=True)\n"
        "    return gamma * p + beta\n"
    )
    where = _where(grader, "layer_norm", code, "es")
    assert (where.line, where.step) == (4, None)
    assert "tu e no es ninguno de los valores que calcula la lección; lo usa la línea 5" in where.message
    assert "ahí la lección calcula" not in where.message


def test_a_line_that_raises_is_told_the_step_whose_inputs_it_reads(grader: Grader) -> None:
    code = LN + (
        "    mu = X.mean(axis=1, keepdim=True)\n"
        "    var = X.var(axis=1, keepdims=True)\n"
        "    return gamma * (X - mu) / np.sqrt(var + eps) + beta\n"
    )
    where = _where(grader, "layer_norm", code)
    assert (where.line, where.step) == (4, "mu")
    assert where.message.startswith("Your layer_norm leaves the lesson at its very first step.")
    assert "there you compute μ_t, each row's mean, but your code raises TypeError" in where.message


def test_a_returned_value_that_is_another_step_is_told_so(grader: Grader) -> None:
    code = ATT + (
        "    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
        "    if mascara is not None:\n"
        "        E = E + mascara\n"
        "    Z = np.exp(E - E.max(axis=1, keepdims=True))\n"
        "    pesos = Z / Z.sum(axis=1, keepdims=True)\n"
        "    return pesos, pesos @ V\n"
    )
    where = _where(grader, "atencion_causal", code)
    assert where.line == 12
    assert "there you compute the output, weights V, but what you return is the weights" in where.message


def test_a_function_handed_the_blocks_input_is_told_what_the_lesson_hands_it(grader: Grader) -> None:
    code = (
        LN
        + "    mu = X.mean(axis=1, keepdims=True)\n"
        + "    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta\n\n"
        + "def bloque(X, atencion, p):\n"
        + "    def envolver(Y, subcapa, g, b):\n"
        + "        return Y + subcapa(layer_norm(Y, g, b))\n"
        + "    ffn = lambda Z: np.maximum(0, Z @ p['W1'] + p['b1']) @ p['W2'] + p['b2']\n"
        + "    Y = envolver(X, atencion, p['gamma1'], p['beta1'])\n"
        + "    return envolver(Y, ffn, p['gamma2'], p['beta2'])\n"
    )
    where = _where(grader, "bloque", code)
    assert (where.line, where.step) == (9, "first_sum")
    assert (
        "what your layer_norm gets as X is X as it came; the lesson hands it X + atencion(X), the first residual sum"
        in where.message
    )


def test_a_statistic_no_replacement_explains_is_told_the_step_it_reduces_to(grader: Grader) -> None:
    """The centre and the spread both by columns: the lesson with its mean replaced goes on with
    its own variance by rows, so no replacement does what the code did; the line is still μ_t."""
    code = LN + (
        "    centro = np.add.reduce(X, axis=0) / len(X)\n"
        "    dispersion = np.sqrt(np.average((X - centro) ** 2, axis=0))\n"
        "    return gamma * (X - centro) / np.sqrt(dispersion ** 2 + eps) + beta\n"
    )
    where = _where(grader, "layer_norm", code, "en")
    assert (where.line, where.step) == (4, "mu")
    assert "there you compute μ_t, each row's mean, but your centro has shape" in where.message


def test_a_value_of_the_inputs_size_is_never_told_as_a_statistic(grader: Grader) -> None:
    code = LN + "    z = np.tanh(X)\n    return gamma * z + beta\n"
    where = _where(grader, "layer_norm", code, "en")
    assert where.step != "mu"
    assert where.step != "var"


def test_an_edit_in_place_that_makes_a_step_is_told_that_step(grader: Grader) -> None:
    code = LN + (
        "    mu = X.mean(axis=1, keepdims=True)\n"
        "    np.subtract(X, mu, out=X)\n"
        "    return gamma * X / np.sqrt(np.mean(X * X, axis=1, keepdims=True) + eps) + beta\n"
    )
    where = _where(grader, "layer_norm", code, "es")
    assert (where.line, where.step) == (5, "centred")
    assert (
        "ahí calculas x − μ_t, pero dentro del array X que recibe, cambiándolo en el sitio" in where.message
    )


def test_an_edit_in_place_that_makes_no_step_names_none(grader: Grader) -> None:
    code = ATT + (
        "    K *= 1.0 / np.sqrt(K.shape[1])\n"
        "    E = Q @ K.T\n"
        "    if mascara is not None:\n"
        "        E = E + mascara\n"
        "    W = np.exp(E - E.max(axis=1, keepdims=True))\n"
        "    W = W / W.sum(axis=1, keepdims=True)\n"
        "    return W @ V, W\n"
    )
    where = _where(grader, "atencion_causal", code)
    assert (where.line, where.step) == (7, None)
    assert "changes the array K it was given, in place" in where.message


def test_of_two_statistics_in_the_wrong_layout_the_first_is_where_the_code_parts(grader: Grader) -> None:
    """Both without keepdims, both with the lesson's values: the line that combines them goes
    wrong, and the first of the two is where the computation left the lesson's."""
    code = LN + (
        "    c = np.average(X, axis=-1)\n"
        "    v = np.square(X - X.mean(axis=1, keepdims=True)).mean(axis=1)\n"
        "    return gamma * (X - c) / np.sqrt(v + eps) + beta\n"
    )
    where = _where(grader, "layer_norm", code)
    assert (where.line, where.step) == (4, "mu")
