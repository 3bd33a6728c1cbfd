# expect: no_sqrt_dk
import numpy as np


def mascara_causal(T):
    return np.where(np.arange(T)[None, :] > np.arange(T)[:, None], -np.inf, 0.0)


def atencion(Q, K, V, mascara=None):
    E = np.einsum("id,jd->ij", Q, K)
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    A = Z / Z.sum(axis=1, keepdims=True)
    return np.einsum("ij,jv->iv", A, V), A
