# kind: single
# misconception_es: Calcula la exponencial de las puntuaciones sin restar el máximo de la fila: se desborda con puntuaciones grandes.
# misconception_en: Takes the exponential of the scores without subtracting the row's maximum: it overflows on large scores.
# line: 17
# step: Z
# expect: unstable_softmax
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = np.matmul(Q, K.T) / np.sqrt(K.shape[1])
    if mascara is not None:
        E = E + mascara
    num = np.exp(E)
    pesos = num / num.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
