# kind: nonsense
# misconception_es: ninguna nombrable: eleva los pesos a 1.01 y los renormaliza
# misconception_en: none nameable: raises the weights to 1.01 and renormalises them
# line: 19
# expect: none
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    pesos = pesos**1.01 / (pesos**1.01).sum(axis=1, keepdims=True)
    return pesos @ V, pesos
