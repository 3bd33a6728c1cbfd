# kind: nonsense
# misconception_es: Reparte el peso por igual entre las posiciones: no usa ni Q ni K.
# misconception_en: Shares the weight out equally among positions: uses neither Q nor K.
# line: 14
# step: pesos
# expect: none
import numpy as np

def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf), k=1)


def atencion(Q, K, V, mascara=None):
    pesos = np.full((Q.shape[0], K.shape[0]), 1.0 / K.shape[0])
    return pesos @ V, pesos
