# kind: single
# misconception_es: suma la máscara a los pesos, después del softmax
# misconception_en: adds the mask to the weights, after the softmax
# line: 21
# expect: new:mask_added_after_softmax
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def softmax(E):
    Z = np.exp(E - E.max(axis=-1, keepdims=True))
    return Z / Z.sum(axis=-1, keepdims=True)


def atencion(Q, K, V, mascara=None):
    w = softmax(Q @ K.T / np.sqrt(K.shape[1]))
    if mascara is not None:
        w = w + mascara
    return w @ V, w
