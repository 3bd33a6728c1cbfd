"""Known mistakes of `mascara_causal` and `atencion`, from the lesson."""

from grader.authoring import Mistake, text

MISTAKES = [
    Mistake(
        id="mask_of_ones",
        message=text(
            "Tu máscara vale 1 donde se puede mirar y 0 donde no: es una máscara para multiplicar, no para sumar. Sumada a las puntuaciones, un 0 no tacha nada, porque exp(0) = 1 es un peso perfectamente normal. La máscara causal vale 0 en la diagonal y debajo y −∞ encima.",
            "Your mask is 1 where looking is allowed and 0 where it is not: a mask to multiply by, not to add. Added to the scores, a 0 strikes out nothing, because exp(0) = 1 is a perfectly normal weight. The causal mask is 0 on and below the diagonal and −∞ above it.",
        ),
        code="""
def mascara_causal(T):
    return np.tril(np.ones((T, T)))
""",
    ),
    Mistake(
        id="diagonal_masked",
        message=text(
            "Tachas también la diagonal (k=0): cada posición sí puede mirarse a sí misma. La fila 0 se queda sin nadie a quien mirar y el softmax da NaN. El −∞ va sólo encima de la diagonal: np.triu(..., k=1).",
            "You also strike out the diagonal (k=0): each position may look at itself. Row 0 is left with no one to look at and the softmax gives NaN. The −∞ goes only above the diagonal: np.triu(..., k=1).",
        ),
        code="""
def mascara_causal(T):
    return np.triu(np.full((T, T), -np.inf))
""",
    ),
    Mistake(
        id="wrong_triangle",
        message=text(
            "Tachas el triángulo de abajo: así se prohíbe mirar el pasado y se deja mirar el futuro, justo al revés. La fila i puede mirar las columnas j ≤ i; el −∞ va encima de la diagonal, en j > i.",
            "You strike out the lower triangle: that forbids looking at the past and lets the model look at the future, exactly backwards. Row i may look at columns j ≤ i; the −∞ goes above the diagonal, at j > i.",
        ),
        code="""
def mascara_causal(T):
    return np.tril(np.full((T, T), -np.inf), k=-1)
""",
    ),
    Mistake(
        id="inf_times_zero",
        message=text(
            "Construyes la máscara multiplicando −∞ por una matriz de ceros y unos: −∞ · 0 no es 0 sino NaN, y un NaN en la máscara se come toda su fila en el softmax. Pon los −∞ encima de la diagonal sin multiplicar: np.triu(np.full((T, T), -np.inf), k=1) o np.where(j > i, -np.inf, 0.0).",
            "You build the mask by multiplying −∞ by a matrix of zeros and ones: −∞ · 0 is not 0 but NaN, and a NaN in the mask eats its whole row in the softmax. Put the −∞ above the diagonal without multiplying: np.triu(np.full((T, T), -np.inf), k=1) or np.where(j > i, -np.inf, 0.0).",
        ),
        code="""
def mascara_causal(T):
    return -np.inf * np.triu(np.ones((T, T)), k=1)
""",
    ),
    Mistake(
        id="zero_score_not_inf",
        message=text(
            "Pones un 0 en las puntuaciones tachadas en lugar de sumarles −∞. Un 0 no tacha nada: exp(0) = 1 es un peso normal y la fila reparte entre posiciones del futuro (en la celda de la lección, la fila 0 le da al futuro el 0.525 de su peso). Suma la máscara a las puntuaciones: exp(−∞) = 0.",
            "You put a 0 in the struck-out scores instead of adding −∞ to them. A 0 strikes out nothing: exp(0) = 1 is a normal weight and the row shares out among future positions (in the lesson's cell, row 0 gives the future 0.525 of its weight). Add the mask to the scores: exp(−∞) = 0.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = np.where(np.isneginf(mascara), 0.0, E)
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="zeroes_weights_after_softmax",
        message=text(
            "Calculas el softmax sin máscara y pones a cero los pesos del futuro después. El denominador se queda como estaba, así que cada fila suma lo que sumara su principio (en la lección, 0.085, 0.291, 0.871 y 1): ya no es una mezcla sino una mezcla encogida. La máscara va dentro del softmax, sumada a las puntuaciones.",
            "You compute the softmax without the mask and zero the future's weights afterwards. The denominator stays as it was, so each row sums to whatever its beginning summed (in the lesson, 0.085, 0.291, 0.871 and 1): no longer a mixture but a shrunken one. The mask goes inside the softmax, added to the scores.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    if mascara is not None:
        pesos = np.where(np.isneginf(mascara), 0.0, pesos)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="softmax_over_columns",
        message=text(
            "Normalizas el softmax por columnas (axis=0). El reparto es por filas: cada posición (fila) reparte la unidad entre las posiciones que mira, y cada fila de pesos suma 1. Por columnas, además, una fila depende de las de después y la máscara deja de proteger el pasado.",
            "You normalise the softmax by columns (axis=0). The sharing is by rows: each position (row) shares out the unit among the positions it looks at, and each row of pesos sums to 1. By columns, besides, a row depends on later ones and the mask stops protecting the past.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=0, keepdims=True))
    pesos = Z / Z.sum(axis=0, keepdims=True)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="no_sqrt_dk",
        message=text(
            "No divides las puntuaciones entre √d_k. Una puntuación es una suma de d_k términos y se aleja del cero como √d_k: sin el divisor la fila se cierra sobre una posición. Usa Q Kᵀ / √d_k, con d_k la anchura de Q y K.",
            "You do not divide the scores by √d_k. A score is a sum of d_k terms and strays from zero like √d_k: without the divisor the row closes onto one position. Use Q Kᵀ / √d_k, with d_k the width of Q and K.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="divides_by_dk",
        message=text(
            "Divides las puntuaciones entre d_k en lugar de entre su raíz √d_k. La desviación de una suma de d_k términos crece como √d_k, y eso es lo que hay que deshacer.",
            "You divide the scores by d_k instead of its square root √d_k. The deviation of a sum of d_k terms grows like √d_k, and that is what must be undone.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / Q.shape[1]
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="masks_cross_attention",
        message=text(
            "Enmascaras aunque mascara sea None: tu atencion fabrica un triángulo −∞ por su cuenta, y así también tacha la atención cruzada. Ahí no hay máscara: lo que se prohíbe es leer lo que todavía no se ha escrito, y la entrada se leyó entera antes de empezar; la posición T_x de la fuente está disponible desde el primer token. Suma sólo la máscara que te pasan.",
            "You mask even when mascara is None: your atencion builds a −∞ triangle of its own, and so it also strikes out the cross-attention. There is no mask there: what is forbidden is reading what has not been written yet, and the input was read whole before starting; source position T_x is available from the first token. Add only the mask you are given.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    if mascara is None:
        mascara = np.triu(np.full((Q.shape[0], K.shape[0]), -np.inf), k=1)
    E = Q @ K.T / np.sqrt(Q.shape[1]) + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="unstable_softmax",
        message=text(
            "Calculas exp de las puntuaciones sin restar antes el máximo de cada fila: con puntuaciones grandes exp desborda a inf y la fila da inf/inf = NaN. Resta a cada fila su máximo (el de E + M): el softmax no cambia.",
            "You take exp of the scores without first subtracting each row's maximum: with large scores exp overflows to inf and the row gives inf/inf = NaN. Subtract each row's maximum (that of E + M): the softmax does not change.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E)
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="max_before_mask",
        message=text(
            "Restas el máximo de las puntuaciones antes de sumar la máscara: ese máximo puede ser de una casilla tachada y, con puntuaciones grandes, todas las casillas vivas se van a exp(−mucho) = 0 y la fila da 0/0. Resta el máximo de E + M, el de las casillas que quedan.",
            "You subtract the scores' maximum before adding the mask: that maximum may belong to a struck-out cell and, with large scores, every live cell goes to exp(−a lot) = 0 and the row gives 0/0. Subtract the maximum of E + M, that of the cells that remain.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    E = E - E.max(axis=1, keepdims=True)
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E)
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
""",
    ),
    Mistake(
        id="swapped_outputs",
        message=text(
            "Devuelves (pesos, salida): el orden es (salida, pesos), primero la mezcla pesos V y después el mapa de pesos.",
            "You return (pesos, salida): the order is (salida, pesos), first the mixture pesos V and then the map of weights.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    E = Q @ K.T / np.sqrt(Q.shape[1])
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos, pesos @ V
""",
    ),
    Mistake(
        id="modifies_input",
        message=text(
            "Modificas un array que recibes (Q /= ..., E += ... sobre un argumento). Quien llama sigue usando su Q, su K y su V —el decoder las usa en sus tres subcapas—: calcula con expresiones nuevas.",
            "You modify an array you receive (Q /= ..., E += ... on an argument). The caller still uses its Q, K and V —the decoder uses them in its three sublayers—: compute with new expressions.",
        ),
        code="""
def atencion(Q, K, V, mascara=None):
    Q /= np.sqrt(Q.shape[1])
    E = Q @ K.T
    if mascara is not None:
        E = E + mascara
    Z = np.exp(E - E.max(axis=1, keepdims=True))
    pesos = Z / Z.sum(axis=1, keepdims=True)
    return pesos @ V, pesos
""",
    ),
]
