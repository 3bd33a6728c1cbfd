"""Places a wrong value alone does not show: the localisation names the line the mistake is on.

Each submission is the lesson's code with one mistake, written as a student would; the line it
should name is marked `# <- here`. Before these were handled the localisation named a later line
(where the wrong value was first used), the raising line, or nothing at all.
"""

from __future__ import annotations

import pytest

from grader.grade import Grader

ATTENTION = """import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
{body}
"""

LAYER_NORM = """import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
{body}
"""

BLOCK = """import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(var + eps) + beta


{helpers}def bloque(X, atencion, p):
{body}
"""

CASES = {
    # A default the lesson does not have: no line makes it, the `def` does.
    "a changed default": (
        "layer_norm",
        LAYER_NORM.replace("eps=1e-5):", "eps=1e-3):  # <- here").format(
            body="    mu = X.mean(axis=1, keepdims=True)\n"
            "    var = X.var(axis=1, keepdims=True)\n"
            "    return gamma * (X - mu) / np.sqrt(var + eps) + beta"
        ),
    ),
    # Every call raises further down; the values say where it went wrong first.
    "a call that raises later": (
        "atencion_causal",
        ATTENTION.format(
            body="    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
            "    if mascara is not None:\n"
            "        E = E + mascara\n"
            "    Z = np.exp(E.max(axis=1, keepdims=True))  # <- here\n"
            "    pesos = Z / Z.sum(axis=1, keepdims=True)\n"
            "    return pesos @ V, pesos"
        ),
    ),
    # An input under a step's name is no working copy: the step is missing there.
    "an input copied as a step": (
        "atencion_causal",
        ATTENTION.format(
            body="    scores = Q  # <- here\n"
            "    E = scores / np.sqrt(Q.shape[1])\n"
            "    if mascara is not None:\n"
            "        E = E + mascara\n"
            "    Z = np.exp(E - E.max(axis=1, keepdims=True))\n"
            "    pesos = Z / Z.sum(axis=1, keepdims=True)\n"
            "    return pesos @ V, pesos"
        ),
    ),
    # The lesson masks the scores; an `if` that never lets the mask in is the place.
    "an if that skips the mask": (
        "atencion_causal",
        ATTENTION.format(
            body="    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
            "    if mascara is None:  # <- here\n"
            "        E = E + 0.0\n"
            "    Z = np.exp(E - E.max(axis=1, keepdims=True))\n"
            "    pesos = Z / Z.sum(axis=1, keepdims=True)\n"
            "    return pesos @ V, pesos"
        ),
    ),
    # A line that runs and changes nothing where the lesson updates the value.
    "a line that changes nothing": (
        "atencion_causal",
        ATTENTION.format(
            body="    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
            "    if mascara is not None:\n"
            "        E = E * 1.0  # <- here\n"
            "    Z = np.exp(E - E.max(axis=1, keepdims=True))\n"
            "    pesos = Z / Z.sum(axis=1, keepdims=True)\n"
            "    return pesos @ V, pesos"
        ),
    ),
    # The mask used where the lesson no longer uses it: on the weights, after the softmax.
    "the mask applied late": (
        "atencion_causal",
        ATTENTION.format(
            body="    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
            "    Z = np.exp(E - E.max(axis=1, keepdims=True))\n"
            "    pesos = Z / Z.sum(axis=1, keepdims=True)\n"
            "    if mascara is not None:\n"
            "        pesos = pesos * (mascara == 0)  # <- here\n"
            "    return pesos @ V, pesos"
        ),
    ),
    # A loop that stops a row short: the row left as it was shows only after the loop.
    "a loop one row short": (
        "layer_norm",
        LAYER_NORM.format(
            body="    Y = X.astype(float).copy()\n"
            "    for t in range(X.shape[0] - 1):  # <- here\n"
            "        m = Y[t].mean()\n"
            "        Y[t] = (Y[t] - m) / np.sqrt(Y[t].var() + eps)\n"
            "    return gamma * Y + beta"
        ),
    ),
    # A buffer of zeros is a buffer, not a wrong value: the loop that fills it stops short.
    "a buffer filled one row short": (
        "bloque",
        BLOCK.format(
            helpers="",
            body='    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])\n'
            "    F = np.zeros_like(H)\n"
            "    for t in range(len(H) - 1):  # <- here\n"
            '        F[t] = np.maximum(0.0, H[t] @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]\n'
            '    return layer_norm(H + F, p["gamma2"], p["beta2"])',
        ),
    ),
    # A helper of the student's own that gave the lesson's values: calling it again is the mistake.
    "a right helper called once too often": (
        "bloque",
        BLOCK.format(
            helpers="def relu(z):\n    return np.maximum(z, 0)\n\n\n",
            body='    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])\n'
            '    F = relu(relu(H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"])  # <- here\n'
            '    return layer_norm(H + F, p["gamma2"], p["beta2"])',
        ),
    ),
    # A value that is another of the lesson's steps (H for H + F) is no step: the sum is missing.
    "a residual that is a copy": (
        "bloque",
        BLOCK.format(
            helpers="",
            body='    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])\n'
            '    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]\n'
            "    second = H  # <- here\n"
            '    return layer_norm(second, p["gamma2"], p["beta2"])',
        ),
    ),
    # A dict where the lesson hands an array: the call that passes it, not where it raises.
    "a dict for gamma": (
        "bloque",
        BLOCK.format(
            helpers="",
            body='    H = layer_norm(X + atencion(X), p, p["beta1"])  # <- here\n'
            '    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]\n'
            '    return layer_norm(H + F, p["gamma2"], p["beta2"])',
        ),
    ),
    # A buffer of anything (NaN here, whatever memory held for `np.empty_like`) the code then
    # fills: a buffer, not the line where the values part.
    "a buffer made to be filled": (
        "layer_norm",
        LAYER_NORM.format(
            body="    out = np.full_like(X, np.nan, dtype=float)\n"
            "    for t, row in enumerate(X):\n"
            "        m = row.mean()\n"
            "        v = ((row - m) ** 2).sum()  # <- here\n"
            "        out[t] = gamma * (row - m) / np.sqrt(v + eps) + beta\n"
            "    return out"
        ),
    ),
    # An input changed in place, although every value is the lesson's.
    "an input edited in place": (
        "layer_norm",
        LAYER_NORM.format(
            body="    mu = X.mean(axis=1, keepdims=True)\n"
            "    X -= mu  # <- here\n"
            "    var = (X**2).mean(axis=1, keepdims=True)\n"
            "    return gamma * X / np.sqrt(var + eps) + beta"
        ),
    ),
    # A comprehension remakes its scalar at every element: the trace keeps few, and is not cut.
    "a comprehension": (
        "layer_norm",
        LAYER_NORM.format(
            body="    rows = []\n"
            "    for x in X:\n"
            "        m = sum(x) / len(x)\n"
            "        v = sum([(xi - m) ** 2 for xi in x]) / (len(x) - 1)  # <- here\n"
            "        rows.append([(xi - m) / (v + eps) ** 0.5 for xi in x])\n"
            "    return gamma * np.array(rows) + beta"
        ),
    ),
    # In float32, ε² for ε shows only on a call whose rows barely vary: that call is traced.
    "a float32 slip seen on one call only": (
        "layer_norm",
        LAYER_NORM.format(
            body="    X = X.astype(np.float32)\n"
            "    mu = X.mean(axis=1, keepdims=True)\n"
            "    var = X.var(axis=1, keepdims=True)\n"
            "    return gamma * (X - mu) / np.sqrt(var + eps**2) + beta  # <- here"
        ),
    ),
    # A helper's arithmetic that gives back what it already had (the exponentials over their
    # maximum, 1): the helper's return line, not the caller's line that receives it.
    "a helper's return that changes nothing": (
        "atencion_causal",
        """import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def weights(S):
    Z = np.exp(S - np.max(S, axis=-1, keepdims=True))
    return Z / np.max(Z, axis=-1, keepdims=True)  # <- here


def atencion(Q, K, V, mascara=None):
    S = Q @ K.T / np.sqrt(K.shape[-1])
    if mascara is not None:
        S = S + mascara
    P = weights(S)
    return P @ V, P
""",
    ),
    # A softmax helper handed the scores before the mask (the weights zeroed afterwards): the
    # line that uses the mask late, not the helper's first line, which only reads its argument.
    "a helper handed the scores before the mask": (
        "atencion_causal",
        """import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def normalise(scores):
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    w = normalise(Q @ K.T / np.sqrt(Q.shape[1]))
    if mascara is not None:
        w = w * (mascara == 0)  # <- here
    return w @ V, w
""",
    ),
    # The lesson's −∞ written into the wrong cells: the `if` that chooses them, not the assignment.
    "a mask filled under the wrong condition": (
        "atencion_causal",
        ATTENTION.format(
            body="    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
            "    if mascara is not None:\n"
            "        E = E + mascara\n"
            "    P = np.exp(E - E.max(axis=1, keepdims=True))\n"
            "    P = P / P.sum(axis=1, keepdims=True)\n"
            "    return P @ V, P"
        ).replace(
            "    return np.triu(np.full((T, T), -np.inf), k=1)",
            "    M = np.zeros((T, T))\n"
            "    for r in range(T):\n"
            "        for c in range(T):\n"
            "            if c <= r - 1:  # <- here\n"
            "                M[r, c] = -np.inf\n"
            "    return M",
        ),
    ),
}


def _marked(code: str) -> int:
    return next(number for number, line in enumerate(code.splitlines(), 1) if line.endswith("# <- here"))


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_localisation_names_the_line_of_the_mistake(grader: Grader, case: str) -> None:
    challenge, code = CASES[case]
    result = grader.grade(challenge, code, lang="en")
    assert result.score < 100
    where = result.localisation
    assert where is not None, case
    assert where.line == _marked(code), (case, where.message)
    assert where.code.endswith("# <- here")


def test_an_edit_in_place_and_a_default_are_told_in_both_languages(grader: Grader) -> None:
    _, edited = CASES["an input edited in place"]
    es = grader.grade("layer_norm", edited, lang="es").localisation
    en = grader.grade("layer_norm", edited, lang="en").localisation
    assert es is not None
    assert en is not None
    assert "calculas x − μ_t, pero dentro del array X que recibe, cambiándolo en el sitio" in es.message
    assert "compute x − μ_t, but into the array X it was given, changing it in place" in en.message
    _, default = CASES["a changed default"]
    told = grader.grade("layer_norm", default, lang="en").localisation
    assert told is not None
    assert "your layer_norm gets eps = 0.001; in the lesson, 1e-05" in told.message
