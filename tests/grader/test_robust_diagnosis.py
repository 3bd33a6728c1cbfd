"""What students really do: in-place edits beside another mistake, float32, one part's test."""

from __future__ import annotations

from grader.grade import Grader

LAYER_NORM = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
"""


def _block(body: str) -> str:
    return LAYER_NORM + "\n\ndef bloque(X, atencion, p):\n" + body


def test_an_in_place_edit_beside_a_sample_deviation_is_told_with_it(grader: Grader) -> None:
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    X -= mu
    var = (X**2).sum(axis=1, keepdims=True) / (X.shape[1] - 1)
    return gamma * X / np.sqrt(var + eps) + beta
"""
    result = grader.grade("layer_norm", code, lang="en")
    assert sorted(d.id for d in result.diagnoses) == ["modifies_input", "sample_deviation"]
    by_test = {t.id: t.explained_by for t in result.tests if not t.passed}
    assert by_test["inputs_untouched"] == ["modifies_input"]  # the edit, told once, where it shows
    assert by_test["population_deviation"] == ["sample_deviation"]
    assert result.note is None


def test_an_in_place_residual_beside_a_missing_bias_is_told_with_it(grader: Grader) -> None:
    body = """    A = atencion(X)
    X += A
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
    result = grader.grade("bloque", _block(body), lang="en")
    assert sorted(d.id for d in result.diagnoses) == ["block_modifies_input", "missing_bias_b2"]
    assert next(t for t in result.tests if t.id == "block_inputs_untouched").explained_by == [
        "block_modifies_input"
    ]


def test_an_in_place_residual_alone_is_diagnosed(grader: Grader) -> None:
    body = """    H = X
    H += atencion(X)
    H = layer_norm(H, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
    result = grader.grade("bloque", _block(body), lang="en")
    assert [d.id for d in result.diagnoses] == ["block_modifies_input"]


def test_float32_with_an_unstable_softmax_is_told_the_unstable_softmax(grader: Grader) -> None:
    code = """import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)

def atencion(Q, K, V, mascara=None):
    Q, K, V = Q.astype(np.float32), K.astype(np.float32), V.astype(np.float32)
    E = Q @ K.T / np.sqrt(np.float32(Q.shape[1]))
    if mascara is not None:
        E = E + mascara.astype(np.float32)
    Z = np.exp(E)
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
"""
    result = grader.grade("atencion_causal", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["unstable_softmax"]


def test_a_second_sublayer_without_its_norm_does_not_fail_the_first_sublayer(grader: Grader) -> None:
    body = """    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return H + F
"""
    result = grader.grade("bloque", _block(body), lang="en")
    assert [d.id for d in result.diagnoses] == ["missing_second_norm"]
    assert next(t for t in result.tests if t.id == "first_residual").passed


def test_both_residuals_missing_tell_the_first_sublayers_test_its_own_residual(grader: Grader) -> None:
    body = """    H = layer_norm(atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(F, p["gamma2"], p["beta2"])
"""
    result = grader.grade("bloque", _block(body), lang="en")
    first = next(t for t in result.tests if t.id == "first_residual")
    assert "missing_first_residual" in first.explained_by


def test_code_that_computes_in_float32_but_returns_float64_is_compared_in_float32(grader: Grader) -> None:
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    x = X.astype(np.float32)
    m = x.mean(axis=1, keepdims=True)
    s = x.std(axis=1, keepdims=True)
    return gamma * (x - m) / (s + np.float32(eps)) + beta
"""
    result = grader.grade("layer_norm", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["eps_outside_root"]


IN_PLACE_LAYER_NORM = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt((X ** 2).mean(axis=1, keepdims=True) + eps)
    return gamma * X + beta
"""

DECODER = """

def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
{body}    H2 = layer_norm(H1 + atencion_cruzada(H1, M), p["gamma2"], p["beta2"])
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H2 + F, p["gamma3"], p["beta3"])
"""


def test_a_memory_changed_by_an_in_place_layer_norm_is_told_as_the_layer_norm(grader: Grader) -> None:
    """The block hands its memory to a layer_norm that works in place: what changes the memory is
    the layer_norm, never the block's own `Y += ...` (which this code does not write)."""
    body = """    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    M = layer_norm(memoria, p["gamma2"], p["beta2"])
"""
    result = grader.grade("bloque_decoder", IN_PLACE_LAYER_NORM + DECODER.format(body=body), lang="en")
    assert [d.id for d in result.diagnoses] == ["modifies_input"]
    untouched = next(t for t in result.tests if t.id == "block_inputs_untouched")
    assert untouched.explained_by == ["modifies_input"]


def test_a_block_that_changes_an_argument_no_choice_changes_is_told_no_other_edit(grader: Grader) -> None:
    """The block itself changes its memory; the model's only editing choice of the block changes
    Y: that choice's words would not be true of this code, so it is not told."""
    body = """    H1 = layer_norm(Y + auto_atencion(Y), p["gamma1"], p["beta1"])
    memoria *= 2.0
    M = memoria
"""
    code = LAYER_NORM + DECODER.format(body=body)
    result = grader.grade("bloque_decoder", code, lang="en")
    assert "block_modifies_input" not in [d.id for d in result.diagnoses]


def test_an_edit_of_another_argument_is_told_in_words_that_speak_of_any(grader: Grader) -> None:
    """atencion_causal's editing choice divides Q in place; code dividing K in place is told it
    too, for its words speak of "an array you receive", not of Q alone."""
    code = """import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)

def atencion(Q, K, V, mascara=None):
    K /= np.sqrt(K.shape[1])
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
"""
    result = grader.grade("atencion_causal", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["modifies_input"]
