# kind: single
# misconception_es: Suma la máscara pero no guarda el resultado, así que el softmax se hace sobre las puntuaciones sin máscara y el futuro no se tacha.
# misconception_en: Adds the mask but does not store the result, so the softmax runs on the unmasked scores and the future is not blocked.
# line: 18
# expect: ignores_mask

import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    d_k = Q.shape[1]
    E = np.matmul(Q, K.T) / np.sqrt(d_k)
    if mascara is not None:
        np.add(E, mascara)  # añadir la máscara
    E_max = np.max(E, axis=1, keepdims=True)
    num = np.exp(E - E_max)
    pesos = num / np.sum(num, axis=1, keepdims=True)
    return np.matmul(pesos, V), pesos
