import numpy as np

def mascara_causal(T):
    i = np.arange(T)[:, None]
    j = np.arange(T)[None, :]
    return np.where(j > i, -np.inf, 0.0)

def atencion(Q, K, V, mascara=None):
    scores = np.einsum("qd,kd->qk", Q, K) / np.sqrt(K.shape[-1])
    if mascara is not None:
        scores = scores + mascara
    m = np.max(scores, axis=-1, keepdims=True)
    w = np.exp(scores - m)
    w /= np.sum(w, axis=-1, keepdims=True)
    out = np.einsum("qk,kv->qv", w, V)
    return out, w
