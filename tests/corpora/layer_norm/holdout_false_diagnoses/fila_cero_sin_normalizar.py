# kind: single
# misconception_es: El bucle sobre las filas empieza en 1, así que la fila 0 no se centra ni se escala (error de índice).
# misconception_en: The loop over rows starts at 1, so row 0 is never centred or scaled (off-by-one).
# line: 13
# expect: new:loop_skips_first_row

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    salida = np.array(X, dtype=np.float64)
    n_filas = salida.shape[0]
    for i in range(1, n_filas):
        m = salida[i].mean()
        v = salida[i].var()
        salida[i] = (salida[i] - m) / np.sqrt(v + eps)
    return gamma * salida + beta
