# copy_of: tests/corpora/atencion_causal/independent/correcta_bucles.py
# disguise: names renamed, the two functions swapped, comments added
import numpy as np
import math


def atencion(Q, K, V, mascara=None):
    n, dim = Q.shape
    A = np.zeros((n, K.shape[0]))
    for r in range(n):
        # puntuaciones de la fila r
        renglon = [float(Q[r] @ K[c]) / math.sqrt(dim) for c in range(K.shape[0])]
        if mascara is not None:
            renglon = [x + float(mascara[r, c]) for c, x in enumerate(renglon)]
        mayor = max(renglon)
        exps = [math.exp(x - mayor) for x in renglon]
        A[r] = [v / sum(exps) for v in exps]
    return A @ V, A


def mascara_causal(T):
    M = np.zeros((T, T))
    for a in range(T):
        for b in range(a + 1, T):
            M[a, b] = -math.inf
    return M
