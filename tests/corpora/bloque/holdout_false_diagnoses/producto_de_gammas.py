# kind: nonsense
# misconception_es: Multiplica la entrada por el producto de las gammas, resta la media global de la atención y divide por la suma de b2; aritmética sin relación con el bloque.
# misconception_en: Multiplies the input by the product of the gammas, subtracts the attention's global mean and divides by the sum of b2; arithmetic unrelated to the block.
# line: 11, 15, 16, 17
# expect: none

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    return X * gamma.prod() - beta.sum()


def bloque(X, atencion, p):
    total = atencion(X).mean()
    Y = layer_norm(X * p["gamma1"] * p["gamma2"], p["beta1"], p["beta2"]) - total
    return Y / (np.abs(p["b2"]).sum() + 1.0)
