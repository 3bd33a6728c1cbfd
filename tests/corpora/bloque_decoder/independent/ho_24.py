# kind: single
# misconception_es: Tu layer_norm divide entre s_t + ε; ε va dentro de la raíz, √(s_t² + ε).
# misconception_en: Your layer_norm divides by s_t + ε; ε goes inside the root, √(s_t² + ε).
# line: 16
# expect: eps_outside_root
import numpy as np


class LN:
    def __init__(self, gamma, beta, eps=1e-5):
        self.gamma, self.beta, self.eps = gamma, beta, eps

    def __call__(self, X):
        mu = X.mean(axis=1, keepdims=True)
        sd = X.std(axis=1, keepdims=True)
        return self.gamma * (X - mu) / (sd + self.eps) + self.beta


def layer_norm(X, gamma, beta, eps=1e-5):
    return LN(gamma, beta, eps)(X)


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    ln = [LN(p[f"gamma{k}"], p[f"beta{k}"]) for k in (1, 2, 3)]
    H1 = ln[0](Y + auto_atencion(Y))
    H2 = ln[1](H1 + atencion_cruzada(H1, memoria))
    F = np.maximum(0, H2 @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return ln[2](H2 + F)
