# kind: single
# misconception_es: Construye su propia máscara causal dentro de atencion y la aplica siempre, también sin máscara.
# misconception_en: Builds its own causal mask inside atencion and always applies it, even without a mask.
# line: 15, 16
# step: E
# expect: masks_cross_attention
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    filas, columnas = Q.shape[0], K.shape[0]
    M = np.triu(np.full((filas, columnas), -np.inf), k=1)
    E = Q @ K.T / np.sqrt(Q.shape[1]) + M
    E = E - E.max(axis=1, keepdims=True)
    P = np.exp(E) / np.exp(E).sum(axis=1, keepdims=True)
    return P @ V, P
