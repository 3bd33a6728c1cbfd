# kind: double
# misconception_es: escala Q en el sitio (Q /= ...) y además el softmax no resta el máximo
# misconception_en: scales Q in place (Q /= ...) and also the softmax does not subtract the max
# line: 14, 18
# expect: modifies_input, unstable_softmax
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    Q /= np.sqrt(Q.shape[1])
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    ex = np.exp(E)
    pesos = ex / ex.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
