# kind: single
# misconception_es: Divide las puntuaciones entre d_k en lugar de entre su raíz cuadrada.
# misconception_en: Divides the scores by d_k instead of by its square root.
# line: 14
# expect: divides_by_dk
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    T_q, d_k = Q.shape
    E = np.einsum("id,jd->ij", Q, K) / d_k
    if mascara is not None:
        E = E + mascara
    E -= E.max(axis=1, keepdims=True)
    P = np.exp(E)
    P /= P.sum(axis=1, keepdims=True)
    return P @ V, P
