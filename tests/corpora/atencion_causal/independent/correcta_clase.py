# kind: correct
# misconception_es: ninguna
# misconception_en: none
# line: none
# expect: none
import numpy as np


def mascara_causal(T):
    futuro = np.arange(T)[None, :] > np.arange(T)[:, None]
    return np.where(futuro, -np.inf, 0.0)


class Atencion:
    def __init__(self, Q, K, V):
        self.Q, self.K, self.V = Q, K, V

    def puntuaciones(self):
        return self.Q @ self.K.T / np.sqrt(self.K.shape[1])

    @staticmethod
    def softmax(E):
        Z = np.exp(E - np.max(E, axis=-1, keepdims=True))
        return Z / np.sum(Z, axis=-1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    a = Atencion(Q, K, V)
    E = a.puntuaciones() if mascara is None else a.puntuaciones() + mascara
    pesos = a.softmax(E)
    return pesos @ V, pesos
