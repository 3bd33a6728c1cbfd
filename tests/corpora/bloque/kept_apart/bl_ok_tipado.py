from typing import Callable, Dict

import numpy as np


def layer_norm(X: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    mean = X.mean(axis=1, keepdims=True)
    variance = X.var(axis=1, keepdims=True)
    return gamma * (X - mean) / np.sqrt(variance + eps) + beta


def bloque(X: np.ndarray, atencion: Callable[[np.ndarray], np.ndarray], p: Dict[str, np.ndarray]) -> np.ndarray:
    """Encoder block, post-norm as in the paper."""
    sub1 = atencion(X)
    x1 = layer_norm(X + sub1, p["gamma1"], p["beta1"])
    hidden = x1.dot(p["W1"]) + p["b1"]
    hidden = hidden * (hidden > 0)
    sub2 = hidden.dot(p["W2"]) + p["b2"]
    returned = layer_norm(x1 + sub2, p["gamma2"], p["beta2"])
    return returned
