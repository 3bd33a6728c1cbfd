# kind: correct
# misconception_es: Correcto: máscara con np.tri y np.where, puntuaciones con einsum y softmax estable por filas mediante log-sum-exp.
# misconception_en: Correct: mask with np.tri and np.where, scores with einsum and a stable row softmax via log-sum-exp.
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    vivas = np.tri(T, dtype=bool)  # diagonal y debajo
    return np.where(vivas, 0.0, -np.inf)


def atencion(Q, K, V, mascara=None):
    escala = 1.0 / np.sqrt(Q.shape[-1])
    E = np.einsum("qd,kd->qk", Q, K) * escala
    if mascara is not None:
        E = E + mascara
    m = E.max(axis=-1, keepdims=True)
    lse = m + np.log(np.exp(E - m).sum(axis=-1, keepdims=True))
    pesos = np.exp(E - lse)
    return np.einsum("qk,kv->qv", pesos, V), pesos
