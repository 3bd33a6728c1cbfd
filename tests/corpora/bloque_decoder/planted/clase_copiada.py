# copy_of: challenges/bloque_decoder/examples/correct/ok_03.py
# disguise: the class and its methods renamed, attributes renamed, methods reordered
import numpy as np


def layer_norm(X, gamma, beta, eps=1e-5):
    salida = []
    for fila in X:
        m = fila.mean()
        v = ((fila - m) ** 2).mean()
        salida.append(gamma * (fila - m) / np.sqrt(v + eps) + beta)
    return np.array(salida)


class Decodificador:
    def __init__(self, propia, cruzada, parametros):
        self.propia = propia
        self.cruzada = cruzada
        self.q = parametros

    def __call__(self, Y, memoria):
        a = self.suma_y_norma(Y, self.propia(Y), 1)
        b = self.suma_y_norma(a, self.cruzada(a, memoria), 2)
        return self.suma_y_norma(b, self.perceptron(b), 3)

    def perceptron(self, z):
        oculta = z @ self.q["W1"] + self.q["b1"]
        return np.where(oculta > 0, oculta, 0.0) @ self.q["W2"] + self.q["b2"]

    def suma_y_norma(self, x, salida, k):
        return layer_norm(x + salida, self.q["gamma%d" % k], self.q["beta%d" % k])


def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):
    return Decodificador(auto_atencion, atencion_cruzada, p)(Y, memoria)
