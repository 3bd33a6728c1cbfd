# The two attentions `bloque_decoder` receives, answered in the parent with weights the child never
# sees. Public, no answers here.
import numpy as np


def _por_filas(S):
    S = S - S.max(axis=1, keepdims=True)
    A = np.exp(S)
    return A / A.sum(axis=1, keepdims=True)


def auto_atencion(X, Wq, Wk, Wv, Wo):
    """The masked self-attention: each position reads itself and the positions before it."""
    Q, K, V = X @ Wq, X @ Wk, X @ Wv
    T = len(X)
    S = Q @ K.T / np.sqrt(K.shape[1]) + np.triu(np.full((T, T), -np.inf), k=1)
    return (_por_filas(S) @ V) @ Wo


def atencion_cruzada(H, memoria, Wq, Wk, Wv, Wo):
    """The cross-attention: the queries from H (what has been written), keys and values from
    memoria (what the encoder read); no mask, the input was read whole."""
    Q, K, V = H @ Wq, memoria @ Wk, memoria @ Wv
    S = Q @ K.T / np.sqrt(K.shape[1])
    return (_por_filas(S) @ V) @ Wo
