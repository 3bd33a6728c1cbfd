# kind: correct
# misconception_es: Correcto: la máscara con np.tri y el softmax con np.divide.
# misconception_en: Correct: the mask with np.tri and the softmax with np.divide.
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    return np.where(np.tri(T, dtype=bool), 0.0, -np.inf)


def atencion(Q, K, V, mascara=None):
    E = np.divide(Q @ K.T, np.sqrt(Q.shape[1]))
    E = E + (0.0 if mascara is None else mascara)
    Z = np.exp(np.subtract(E, E.max(axis=1, keepdims=True)))
    pesos = np.divide(Z, Z.sum(axis=1, keepdims=True))
    return np.matmul(pesos, V), pesos
