# kind: single
# misconception_es: Calcula el softmax sin máscara y pone a cero los pesos tachados después, sin renormalizar: las filas dejan de sumar 1.
# misconception_en: Computes the softmax without the mask and zeroes the masked weights afterwards, without renormalising: rows no longer sum to 1.
# line: 18
# expect: zeroes_weights_after_softmax
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    d_k = K.shape[1]
    E = (Q @ K.T) / np.sqrt(d_k)
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    if mascara is not None:
        pesos = pesos * np.exp(mascara)  # exp(-inf) = 0 borra el futuro
    return pesos @ V, pesos
