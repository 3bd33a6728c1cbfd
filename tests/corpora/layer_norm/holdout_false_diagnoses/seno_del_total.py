# kind: nonsense
# misconception_es: Aplica un seno a X multiplicado por su suma total y le añade gamma al cuadrado y un producto exterior con beta; aritmética sin relación con la lección.
# misconception_en: Applies a sine to X times its total sum and adds gamma squared plus an outer product with beta; arithmetic unrelated to the lesson.
# line: 12, 13
# expect: none

import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    total = X.sum()
    Y = np.sin(X * total) + gamma ** 2
    return Y - np.outer(np.arange(X.shape[0]), beta) * eps
