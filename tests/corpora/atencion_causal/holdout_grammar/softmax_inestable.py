# kind: single
# misconception_es: Calcula el softmax sin restar el máximo de cada fila, así que con puntuaciones grandes exp desborda y salen nan.
# misconception_en: Computes the softmax without subtracting each row's maximum, so with large scores exp overflows and nan comes out.
# line: 16
# expect: unstable_softmax
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    exps = np.exp(E)
    pesos = exps / exps.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
