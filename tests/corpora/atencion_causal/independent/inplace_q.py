# kind: single
# misconception_es: escala Q en el sitio (Q /= √d_k): modifica la Q que recibe aunque el resultado sea correcto
# misconception_en: scales Q in place (Q /= √d_k): modifies the Q it receives although the result is right
# line: 14
# expect: modifies_input
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    Q /= np.sqrt(Q.shape[1])  # escalo antes, sale más barato
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
