# kind: double
# misconception_es: modifica las puntuaciones... en Q, y además normaliza con la suma de toda la matriz
# misconception_en: scales Q in place and also normalises by the whole matrix's sum
# line: 14, 19
# expect: modifies_input, softmax_over_whole_matrix
import numpy as np


def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    Q *= 1.0 / np.sqrt(Q.shape[1])
    E = Q @ K.T
    if mascara is not None:
        E += mascara
    Z = np.exp(E - E.max())
    pesos = Z / Z.sum()
    return pesos @ V, pesos
