# kind: correct
# misconception_es: Correcto: escribe una función que envuelve cualquier subcapa en LayerNorm(X + Sublayer(X)) y usa einsum y np.clip para el perceptrón.
# misconception_en: Correct: writes one helper that wraps any sublayer as LayerNorm(X + Sublayer(X)) and uses einsum and np.clip for the perceptron.
# line: none
# expect: none
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    centrada = X - X.mean(axis=1, keepdims=True)
    escala = np.sqrt(np.var(X, axis=1, keepdims=True) + eps)
    return gamma * (centrada / escala) + beta


def envolver(X, subcapa, gamma, beta):
    """Suma y layer norm alrededor de una subcapa."""
    return layer_norm(X + subcapa(X), gamma, beta)


def bloque(X, atencion, p):
    def ffn(Z):
        oculta = np.clip(np.einsum("td,df->tf", Z, p["W1"]) + p["b1"], 0.0, None)
        return np.einsum("tf,fd->td", oculta, p["W2"]) + p["b2"]

    H = envolver(X, atencion, p["gamma1"], p["beta1"])
    return envolver(H, ffn, p["gamma2"], p["beta2"])
