"""A diagnosis tells the student's own story: a computation that is another misconception gets its
own id and message, not those of a neighbour whose advice happens to fit, nor two messages that
are each true of the code but together describe one idea."""

from __future__ import annotations

from grader.grade import Grader

LAYER_NORM = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta
"""


def _block(body: str) -> str:
    return LAYER_NORM + "\n\ndef bloque(X, atencion, p):\n" + body


def _ids(grader: Grader, body: str) -> list[str]:
    return sorted(d.id for d in grader.grade("bloque", _block(body), lang="en").diagnoses)


def test_a_relu_on_the_output_as_well_is_not_told_the_relu_moved(grader: Grader) -> None:
    both = """    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    hidden = np.maximum(0.0, H @ p["W1"] + p["b1"])
    F = np.maximum(0.0, hidden @ p["W2"] + p["b2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
    moved = """    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, (H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
    assert _ids(grader, both) == ["relu_on_output"]
    assert _ids(grader, moved) == ["relu_after_second_layer"]


def test_parallel_sublayers_are_one_misconception(grader: Grader) -> None:
    body = """    ffn = np.maximum(0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + atencion(X) + ffn, p["gamma2"], p["beta2"])
"""
    result = grader.grade("bloque", _block(body), lang="es")
    assert [d.id for d in result.diagnoses] == ["parallel_sublayers"]
    assert "paralelo" in result.diagnoses[0].message


def test_a_mask_that_starts_below_the_diagonal_is_not_told_it_starts_too_far(
    grader: Grader,
) -> None:
    code = """import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=-1)

def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
"""
    result = grader.grade("atencion_causal", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["mask_strikes_out_the_past"]


ATTENTION = """import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)

def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
{softmax}
    return P @ V, P
"""


def _attention_ids(grader: Grader, softmax: str) -> list[str]:
    code = ATTENTION.format(softmax=softmax)
    return sorted(d.id for d in grader.grade("atencion_causal", code, lang="en").diagnoses)


def test_each_shift_of_the_softmax_is_told_by_what_it_subtracts(grader: Grader) -> None:
    whole = "    P = np.exp(E - np.max(E))\n    P = P / P.sum(axis=1, keepdims=True)"
    minimum = "    P = np.exp(E - E.min(axis=1, keepdims=True))\n    P = P / P.sum(axis=1, keepdims=True)"
    assert _attention_ids(grader, whole) == ["max_over_whole_matrix"]
    assert _attention_ids(grader, minimum) == ["min_shift"]


def test_weights_multiplied_by_the_exp_of_the_mask_are_weights_zeroed_after_the_softmax(
    grader: Grader,
) -> None:
    code = """import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)

def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    P = Z / Z.sum(axis=1, keepdims=True)
    if mascara is not None:
        P = P * np.exp(mascara)
    return P @ V, P
"""
    result = grader.grade("atencion_causal", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["zeroes_weights_after_softmax"]


def test_a_relu_on_the_attention_output_is_named(grader: Grader) -> None:
    body = """    H = layer_norm(X + np.maximum(0.0, atencion(X)), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
    assert _ids(grader, body) == ["relu_on_attention"]


def test_the_largest_absolute_deviation_as_the_scale_is_named(grader: Grader) -> None:
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    c = X - X.mean(axis=1, keepdims=True)
    return gamma * c / (np.abs(c).max(axis=1, keepdims=True) + eps) + beta
"""
    assert [d.id for d in grader.grade("layer_norm", code, lang="en").diagnoses] == ["max_abs_as_deviation"]


def test_a_loop_that_stops_a_row_short_is_named_whatever_its_buffer(grader: Grader) -> None:
    template = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    Y = {buffer}
    for t in range(X.shape[0] - 1):
        x = X[t]
        Y[t] = gamma * (x - x.mean()) / np.sqrt(x.var() + eps) + beta
    return Y
"""
    for buffer in ("np.zeros_like(X)", "X.copy()"):
        result = grader.grade("layer_norm", template.format(buffer=buffer), lang="en")
        assert [d.id for d in result.diagnoses] == ["loop_skips_last_row"], buffer


def test_an_attention_that_calls_its_own_mask_whatever_it_is_given_masks_cross_attention(
    grader: Grader,
) -> None:
    code = """import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)

def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1]) + mascara_causal(Q.shape[0])
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
"""
    result = grader.grade("atencion_causal", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["masks_cross_attention"]


def test_a_power_of_d_k_other_than_a_half_is_told_with_the_students_power(grader: Grader) -> None:
    softmax = "    P = np.exp(E - E.max(axis=1, keepdims=True))\n    P = P / P.sum(axis=1, keepdims=True)"
    code = ATTENTION.format(softmax=softmax).replace("np.sqrt(Q.shape[1])", "Q.shape[1] ** 0.25")
    result = grader.grade("atencion_causal", code, lang="en")
    assert [d.id for d in result.diagnoses] == ["scale_power"]
    assert "0.25" in result.diagnoses[0].message
    constant = ATTENTION.format(softmax=softmax).replace("np.sqrt(Q.shape[1])", "3.0")
    assert [d.id for d in grader.grade("atencion_causal", constant, lang="en").diagnoses] == ["scale_width"]


def test_the_whole_matrix_sum_is_named_whatever_the_rows_were_shifted_by(grader: Grader) -> None:
    row_shifted = "    Z = np.exp(E - np.max(E, axis=-1, keepdims=True))\n    P = Z / np.sum(Z)\n"
    assert _attention_ids(grader, row_shifted) == ["softmax_over_whole_matrix"]
