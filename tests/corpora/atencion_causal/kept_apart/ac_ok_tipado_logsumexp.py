from typing import Optional, Tuple

import numpy as np


def mascara_causal(T: int) -> np.ndarray:
    """Zeros on and below the diagonal, -inf above it."""
    upper = np.triu(np.ones((T, T), dtype=bool), k=1)
    result = np.zeros((T, T))
    result[upper] = -np.inf
    return result


def atencion(Q: np.ndarray, K: np.ndarray, V: np.ndarray,
             mascara: Optional[np.ndarray] = None) -> Tuple[np.ndarray, np.ndarray]:
    d_k = Q.shape[-1]
    logits = (Q @ K.T) / np.sqrt(d_k)
    if mascara is not None:
        logits = logits + mascara
    row_max = logits.max(axis=1, keepdims=True)
    log_norm = row_max + np.log(np.exp(logits - row_max).sum(axis=1, keepdims=True))
    weights = np.exp(logits - log_norm)
    result = weights @ V
    return result, weights
