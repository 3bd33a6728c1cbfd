# kind: single
# misconception_es: multiplica por √d_k en vez de dividir
# misconception_en: multiplies by √d_k instead of dividing
# line: 14
# expect: new:multiplies_by_sqrt_dk
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    E = Q @ K.T * np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
