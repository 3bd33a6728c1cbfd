# kind: single
# misconception_es: Divide Q y también K entre √d_k antes del producto, con lo que las puntuaciones quedan divididas entre d_k.
# misconception_en: Divides both Q and K by √d_k before the product, so the scores end up divided by d_k.
# line: 15
# expect: divides_by_dk
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    raiz = np.sqrt(Q.shape[1])
    E = (Q / raiz) @ (K / raiz).T
    if mascara is not None:
        E = E + mascara
    P = np.exp(E - E.max(axis=1, keepdims=True))
    P = P / P.sum(axis=1, keepdims=True)
    return P @ V, P
