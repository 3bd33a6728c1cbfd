# kind: nonsense
# misconception_es: ninguna nombrable: multiplica las puntuaciones por 1.004 tras enmascarar
# misconception_en: none nameable: multiplies the scores by 1.004 after masking
# line: 17
# expect: none
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    E = E * 1.004
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
