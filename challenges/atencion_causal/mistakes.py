"""Known mistakes of `mascara_causal` and `atencion`: the lesson's own, at places of reference.py.

The kit derives the rest from the reference (grader/kit): the transposes of Q Kᵀ and of pesos V,
the softmax's axis and keepdims, the division by √d_k left out, made a product or without its
root, the sum of each row left out; here the lesson gives them its ids and words.
"""

import numpy as np

from grader.kit import Lesson, per_call


def _finite_mask_value(call, outcome):
    """The one finite number a mask put above the diagonal instead of −∞."""
    if outcome.outputs[0].ndim != 2:
        return
    mask = outcome.outputs[0].astype(float)
    above = mask[np.triu_indices(mask.shape[0], k=1, m=mask.shape[1])]
    if above.size and np.all(np.isfinite(above)) and np.all(above == above[0]) and above[0] < 0:
        yield float(above[0])


def _forbidden_score(c, outcome):
    """The finite number a student wrote in place of the scores the mask forbids, read from the
    weights of a masked call: a forbidden cell (0, j) beside the allowed (0, 0) gives
    log(pesos_0j / pesos_00) = c − E_00, with E = Q Kᵀ / √d_k."""
    if len(outcome.outputs) != 2 or len(c.args) != 4:
        return
    if not all(isinstance(a, np.ndarray) for a in (c.args[0], c.args[1], c.args[3])):
        return  # the student's own mask, made in the child: its values are not known here
    Q, K, mask = (np.asarray(a, dtype=float) for a in (c.args[0], c.args[1], c.args[3]))
    weights = outcome.outputs[1].astype(float)
    if mask.ndim != 2 or weights.shape != mask.shape or mask.shape != (len(Q), len(K)):
        return
    forbidden = np.isinf(mask[0])
    if not forbidden.any() or weights[0, 0] <= 0 or np.any(weights[0][forbidden] <= 0):
        return
    scores = Q @ K.T / np.sqrt(Q.shape[1])
    values = scores[0, 0] + np.log(weights[0][forbidden] / weights[0, 0])
    value = float(np.median(values))
    if np.all(np.abs(values - value) <= 1e-6 * max(1.0, abs(value))) and value != 0.0:
        yield float(f"{value:.3g}")


def _fitted_divisor(c, outcome):
    """The number the scores were divided by, read from the weights of an unmasked call.

    Without a mask, log pesos_ij − log pesos_i0 = (s_ij − s_i0) / c with s = Q Kᵀ.
    """
    if len(outcome.outputs) != 2 or len(c.args) != 3 or c.kwargs:
        return
    Q, K = np.asarray(c.args[0], dtype=float), np.asarray(c.args[1], dtype=float)
    weights = outcome.outputs[1].astype(float)
    if weights.shape != (len(Q), len(K)) or np.any(weights <= 0) or not np.all(np.isfinite(weights)):
        return
    scores = Q @ K.T
    gaps = np.log(weights[:, 1:]) - np.log(weights[:, :1])
    usable = np.abs(gaps) > 1e-6
    if usable.any():
        divisor = float(np.median((scores[:, 1:] - scores[:, :1])[usable] / gaps[usable]))
        if divisor > 0:
            yield float(f"{divisor:.3g}")


def _fitted_power(c, outcome):
    """The power of d_k the scores were divided by: the call's divisor as a power of its d_k (the
    width of Q); a positive one, as multiplying is a choice of its own."""
    width = np.shape(c.args[0])[-1] if c.args else 1
    if width < 2:
        return
    for divisor in _fitted_divisor(c, outcome):
        power = float(f"{np.log(divisor) / np.log(width):.2g}")
        if power > 0 and power not in (0.5, 1.0):  # the others are named choices
            yield power


LESSON = lesson = Lesson()
lesson.fragment("k", "1", within="mascara_causal.return")
lesson.fragment("neg", "-np.inf", within="mascara_causal.return")
lesson.fragment("divisor", "np.sqrt(Q.shape[1])")
MASKING = "if mascara is not None:\n        E = E + mascara"
SOFTMAX = "shifted = E - E.max(axis=1, keepdims=True)\n    Z = np.exp(shifted)\n    pesos = Z / Z.sum(axis=1, keepdims=True)"
lesson.fragment("masking", MASKING)
lesson.fragment("softmax", SOFTMAX)
lesson.fragment("masked_softmax", MASKING + "\n    " + SOFTMAX)

# Q @ K raises on every map that is not square: the exception's own cause tells it (K.T).
lesson.drop("scores_without_transpose")
# A mask built of integers holds −9.2e18 for −∞: finite_mask_value tells it, with that number.
lesson.drop("mascara_causal_output_integer_dtype")
# The derived mistakes the lesson has ids and words of its own for.
lesson.name(
    "scores_transposed",
    told=(
        "Calculas las puntuaciones como K Qᵀ: la matriz sale traspuesta, con una fila por clave. Cada fila debe ser una consulta (una posición que mira) y cada columna una clave: E = Q Kᵀ / √d_k.",
        "You compute the scores as K Qᵀ: the matrix comes out transposed, one row per key. Each row must be a query (a position that looks) and each column a key: E = Q Kᵀ / √d_k.",
    ),
)
lesson.name(
    "E_not_divided",
    "no_sqrt_dk",
    told=(
        "No divides las puntuaciones entre √d_k. Una puntuación es una suma de d_k términos y se aleja del cero como √d_k: sin el divisor la fila se cierra sobre una posición. Usa Q Kᵀ / √d_k, con d_k la anchura de Q y K.",
        "You do not divide the scores by √d_k. A score is a sum of d_k terms and strays from zero like √d_k: without the divisor the row closes onto one position. Use Q Kᵀ / √d_k, with d_k the width of Q and K.",
    ),
)
lesson.name(
    "E_without_root",
    "divides_by_dk",
    did=("divide las puntuaciones entre d_k en lugar de √d_k", "divides the scores by d_k instead of √d_k"),
    told=(
        "Divides las puntuaciones entre d_k en lugar de entre su raíz √d_k. La desviación de una suma de d_k términos crece como √d_k, y eso es lo que hay que deshacer.",
        "You divide the scores by d_k instead of its square root √d_k. The deviation of a sum of d_k terms grows like √d_k, and that is what must be undone.",
    ),
)
lesson.name(
    "E_multiplied",
    "multiplies_by_sqrt_dk",
    did=(
        "multiplica las puntuaciones por √d_k en lugar de dividir",
        "multiplies the scores by √d_k instead of dividing",
    ),
    told=(
        "Multiplicas las puntuaciones por √d_k: se dividen, Q Kᵀ / √d_k, para que su varianza no crezca con d_k y el softmax no se sature.",
        "You multiply the scores by √d_k: they are divided, Q Kᵀ / √d_k, so that their variance does not grow with d_k and the softmax does not saturate.",
    ),
)
lesson.name(
    "pesos_not_divided",
    "softmax_not_normalised",
    did=(
        "no divide entre la suma de cada fila: los pesos no suman 1",
        "does not divide by each row's sum: the weights do not add up to 1",
    ),
    told=(
        "Calculas exp de las puntuaciones pero no divides entre la suma de su fila: eso no es un softmax y los pesos no suman 1. pesos = Z / Z.sum(axis=1, keepdims=True).",
        "You take exp of the scores but do not divide by their row's sum: that is not a softmax and the weights do not add up to 1. pesos = Z / Z.sum(axis=1, keepdims=True).",
    ),
)
lesson.name("pesos_without_keepdims", "softmax_sum_without_keepdims")
lesson.name("shifted_without_keepdims", "max_without_keepdims")
lesson.name("shifted_by_columns", "max_over_columns")
lesson.name(
    "shifted_over_whole_array",
    "max_over_whole_matrix",
    did=(
        "resta el máximo de toda la matriz, no el de cada fila, antes de exp",
        "subtracts the whole matrix's maximum, not each row's, before exp",
    ),
    told=(
        "Para estabilizar restas el máximo de toda la matriz, un solo número para todas las filas. Una fila cuyas puntuaciones quedan muy por debajo de ese máximo se va entera a exp(−mucho) = 0 y da 0/0. Resta a cada fila su propio máximo: E − E.max(axis=1, keepdims=True).",
        "To stabilise you subtract the whole matrix's maximum, one number for every row. A row whose scores lie far below that maximum goes entirely to exp(−a lot) = 0 and gives 0/0. Subtract from each row its own maximum: E − E.max(axis=1, keepdims=True).",
    ),
)
lesson.name(
    "atencion_over_whole_array",
    "softmax_over_whole_matrix",
    did=(
        "normaliza los pesos con la suma de toda la matriz, no la de cada fila",
        "normalises the weights by the whole matrix's sum, not each row's",
    ),
    told=(
        "Divides entre la suma de toda la matriz: cada fila de pesos debe sumar 1, así que cada fila se divide entre su propia suma, Z.sum(axis=1, keepdims=True).",
        "You divide by the whole matrix's sum: each row of weights must sum to 1, so each row is divided by its own sum, Z.sum(axis=1, keepdims=True).",
    ),
)
lesson.spell("pesos_over_whole_array", of="softmax_over_whole_matrix")
lesson.name("atencion_by_columns", "softmax_over_columns")
lesson.name("salida_transposed", "output_transposed")
lesson.name("salida_left_transposed", "output_from_transposed_weights")

lesson.at("mascara_causal.return").choice(
    "wrong_triangle",
    "np.tril(np.full((T, T), {neg}), k=-{k})",
    did=(
        "tacha el triángulo de abajo: prohíbe mirar el pasado",
        "strikes out the lower triangle: it forbids looking at the past",
    ),
    told=(
        "Tachas el triángulo de abajo: así se prohíbe mirar el pasado y se deja mirar el futuro, justo al revés. La fila i puede mirar las columnas j ≤ i; el −∞ va encima de la diagonal, en j > i.",
        "You strike out the lower triangle: that forbids looking at the past and lets the model look at the future, exactly backwards. Row i may look at columns j ≤ i; the −∞ goes above the diagonal, at j > i.",
    ),
).choice(
    "mask_of_ones",
    "np.tril(np.ones((T, T)))",
    did=(
        "vale 1 donde se puede mirar y 0 donde no (una máscara para multiplicar)",
        "is 1 where looking is allowed and 0 where not (a mask to multiply by)",
    ),
    told=(
        "Tu máscara vale 1 donde se puede mirar y 0 donde no: es una máscara para multiplicar, no para sumar. Sumada a las puntuaciones, un 0 no tacha nada, porque exp(0) = 1 es un peso perfectamente normal. La máscara causal vale 0 en la diagonal y debajo y −∞ encima.",
        "Your mask is 1 where looking is allowed and 0 where it is not: a mask to multiply by, not to add. Added to the scores, a 0 strikes out nothing, because exp(0) = 1 is a perfectly normal weight. The causal mask is 0 on and below the diagonal and −∞ above it.",
    ),
    spellings=["np.tril(np.ones((T, T), dtype=bool))"],
).choice(
    "inf_times_zero",
    "{neg} * np.triu(np.ones((T, T)), k={k})",
    did=(
        "multiplica −∞ por ceros y unos, y −∞ · 0 da NaN",
        "multiplies −∞ by zeros and ones, and −∞ · 0 gives NaN",
    ),
    told=(
        "Construyes la máscara multiplicando −∞ por una matriz de ceros y unos: −∞ · 0 no es 0 sino NaN, y un NaN en la máscara se come toda su fila en el softmax. Pon los −∞ encima de la diagonal sin multiplicar: np.triu(np.full((T, T), -np.inf), k=1) o np.where(j > i, -np.inf, 0.0).",
        "You build the mask by multiplying −∞ by a matrix of zeros and ones: −∞ · 0 is not 0 but NaN, and a NaN in the mask eats its whole row in the softmax. Put the −∞ above the diagonal without multiplying: np.triu(np.full((T, T), -np.inf), k=1) or np.where(j > i, -np.inf, 0.0).",
    ),
).choice(
    "masks_everything",
    "np.full((T, T), {neg})",
    did=(
        "pone −∞ en todas las casillas, sin quedarse con el triángulo de encima",
        "puts −∞ in every cell instead of keeping only the triangle above the diagonal",
    ),
    told=(
        "Tu máscara vale −∞ en todas las casillas: falta quedarse con el triángulo de encima de la diagonal (np.triu(..., k=1)). Así ninguna posición puede mirar nada, ni a sí misma, y el softmax da NaN.",
        "Your mask is −∞ in every cell: it lacks keeping only the triangle above the diagonal (np.triu(..., k=1)). Then no position may look at anything, not even itself, and the softmax gives NaN.",
    ),
).choice(
    "mask_of_zeros",
    "np.zeros((T, T))",
    did=("es toda ceros: no tacha nada", "is all zeros: it strikes out nothing"),
    told=(
        "Tu máscara es toda ceros: sumada a las puntuaciones no tacha nada y cada posición sigue mirando el futuro. La máscara causal vale 0 en la diagonal y debajo y −∞ encima, para que exp(−∞) = 0 deje sin peso a las posiciones que aún no se han escrito.",
        "Your mask is all zeros: added to the scores it strikes out nothing and every position still looks at the future. The causal mask is 0 on and below the diagonal and −∞ above it, so that exp(−∞) = 0 leaves the positions not yet written without weight.",
    ),
).choice(
    "boolean_mask",
    "np.triu(np.ones((T, T), dtype=bool), k={k})",
    did=(
        "marca el futuro con True/1 en lugar de sumarle −∞",
        "marks the future with True/1 instead of adding −∞ to it",
    ),
    told=(
        "Tu máscara marca el futuro con True (o 1): es una máscara para seleccionar, no para sumar. Sumada a las puntuaciones un 1 sólo sube un poco el peso del futuro. La máscara causal es de números: 0 en la diagonal y debajo, −∞ encima.",
        "Your mask marks the future with True (or 1): a mask to select with, not to add. Added to the scores a 1 only raises the future's weight a little. The causal mask is numbers: 0 on and below the diagonal, −∞ above it.",
    ),
)

lesson.at("k").choice(
    "diagonal_masked",
    "0",
    did=(
        "tacha también la diagonal: cada posición deja de mirarse a sí misma",
        "strikes out the diagonal too: each position stops looking at itself",
    ),
    told=(
        "Tachas también la diagonal (k=0): cada posición sí puede mirarse a sí misma. La fila 0 se queda sin nadie a quien mirar y el softmax da NaN. El −∞ va sólo encima de la diagonal: np.triu(..., k=1).",
        "You also strike out the diagonal (k=0): each position may look at itself. Row 0 is left with no one to look at and the softmax gives NaN. The −∞ goes only above the diagonal: np.triu(..., k=1).",
    ),
).choice(
    "mask_offset",
    "2",
    did=(
        "tacha desde una casilla más allá de la diagonal: una posición del futuro queda visible",
        "strikes out from one cell past the diagonal: one future position stays visible",
    ),
    told=(
        "Tu máscara empieza a tachar demasiado lejos de la diagonal (en j ≥ i + 2, o más): la posición i ve todavía la i + 1, que aún no se ha escrito. El −∞ va en todas las j > i: np.triu(..., k=1).",
        "Your mask starts striking out too far from the diagonal (at j ≥ i + 2, or further): position i still sees i + 1, not written yet. The −∞ goes at every j > i: np.triu(..., k=1).",
    ),
    spellings=["3"],
).choice(
    "mask_strikes_out_the_past",
    "-1",
    did=(
        "tacha también la diagonal y la posición anterior (j ≥ i − 1)",
        "strikes out the diagonal and the previous position too (j ≥ i − 1)",
    ),
    told=(
        "Tu máscara empieza a tachar por debajo de la diagonal (en j ≥ i − 1): la posición i ya no se ve a sí misma ni a la i − 1, que ya están escritas. Sólo se tacha el futuro, las j > i: np.triu(..., k=1).",
        "Your mask starts striking out below the diagonal (at j ≥ i − 1): position i no longer sees itself nor i − 1, both already written. Only the future is struck out, every j > i: np.triu(..., k=1).",
    ),
)

lesson.at("neg").choice(
    "finite_mask_value",
    "{value}",
    did=("pone {value} donde va −∞", "puts {value} where −∞ goes"),
    told=(
        "Tachas el futuro con {value} en lugar de −∞. Sumado a puntuaciones normales da casi lo mismo, porque exp({value}) es 0 en coma flotante, pero no es la máscara de la lección: un número finito se puede compensar con una puntuación lo bastante grande y deja de tachar; −∞ tacha siempre. Usa -np.inf.",
        "You strike out the future with {value} instead of −∞. Added to ordinary scores it gives almost the same, since exp({value}) is 0 in floating point, but it is not the lesson's mask: a finite number can be outweighed by a large enough score and stop striking out; −∞ always does. Use -np.inf.",
    ),
    fit=per_call(_finite_mask_value),
    value=-1000000000.0,
).choice(
    "mask_positive_infinity",
    "np.inf",
    did=("pone +∞ donde va −∞", "puts +∞ where −∞ goes"),
    told=(
        "Tachas el futuro con +∞ en lugar de −∞: exp(+∞) = ∞, y el softmax da ∞/∞ = NaN en cada fila con futuro (o, restando el máximo, ∞ − ∞). Lo que no se puede mirar debe tener peso exp(−∞) = 0: −∞.",
        "You strike out the future with +∞ instead of −∞: exp(+∞) = ∞, and the softmax gives ∞/∞ = NaN in every row with a future (or, subtracting the maximum, ∞ − ∞). What may not be looked at must weigh exp(−∞) = 0: −∞.",
    ),
)

lesson.at("atencion").choice(
    "modifies_input",
    "def atencion(Q, K, V, mascara=None):\n    Q /= np.sqrt(Q.shape[1])\n    E = Q @ K.T\n    if mascara is not None:\n        E = E + mascara\n    Z = np.exp(E - E.max(axis=1, keepdims=True))\n    pesos = Z / Z.sum(axis=1, keepdims=True)\n    return pesos @ V, pesos",
    did=("modifica un array que recibe", "modifies an array it receives"),
    told=(
        "Modificas un array que recibes (Q /= ..., E += ... sobre un argumento). Quien llama sigue usando su Q, su K y su V —el decoder las usa en sus tres subcapas—: calcula con expresiones nuevas.",
        "You modify an array you receive (Q /= ..., E += ... on an argument). The caller still uses its Q, K and V —the decoder uses them in its three sublayers—: compute with new expressions.",
    ),
).choice(
    "scale_after_softmax",
    "def atencion(Q, K, V, mascara=None):\n    scores = {scores}\n    E = scores\n    if mascara is not None:\n        E = {E.2}\n    shifted = {shifted}\n    Z = {Z}\n    pesos = {pesos}\n    pesos = pesos / np.sqrt(Q.shape[1])\n    salida = {salida}\n    return {return}",
    did=(
        "divide los pesos, y no las puntuaciones, entre √d_k",
        "divides the weights, not the scores, by √d_k",
    ),
    told=(
        "Divides entre √d_k los pesos, después del softmax, en lugar de las puntuaciones: los pesos ya no suman 1 y el softmax se calculó con las puntuaciones sin escalar. La división va dentro: softmax(Q Kᵀ / √d_k + M).",
        "You divide the weights by √d_k, after the softmax, instead of the scores: the weights no longer sum to 1 and the softmax was taken on unscaled scores. The division goes inside: softmax(Q Kᵀ / √d_k + M).",
    ),
)

lesson.at("divisor").choice(
    "scales_by_value_width",
    "np.sqrt(V.shape[1])",
    did=(
        "divide entre √d_v, la anchura de V, en lugar de √d_k",
        "divides by √d_v, the width of V, instead of √d_k",
    ),
    told=(
        "Divides las puntuaciones entre la raíz de la anchura de V (d_v). La que crece con la suma es la de Q y K: cada puntuación suma d_k productos, así que se divide entre √d_k.",
        "You divide the scores by the root of V's width (d_v). The one that grows with the sum is that of Q and K: each score adds d_k products, so it is divided by √d_k.",
    ),
).choice(
    "scales_by_length",
    "np.sqrt(K.shape[0])",
    did=(
        "divide entre √T, el número de posiciones, en lugar de √d_k",
        "divides by √T, the number of positions, instead of √d_k",
    ),
    told=(
        "Divides las puntuaciones entre la raíz del número de posiciones (K.shape[0]). Cada puntuación es una suma de d_k productos, no de T: se divide entre √d_k, la anchura de Q y K (Q.shape[1]).",
        "You divide the scores by the root of the number of positions (K.shape[0]). Each score is a sum of d_k products, not T: divide by √d_k, the width of Q and K (Q.shape[1]).",
    ),
    spellings=["np.sqrt(Q.shape[0])"],
)

lesson.at("E").choice(
    "scale_width",
    "scores / {value}",
    did=(
        "divide las puntuaciones entre {value} en lugar de √d_k",
        "divides the scores by {value} instead of √d_k",
    ),
    told=(
        "Divides las puntuaciones entre un número fijo, {value}, en lugar de √d_k. El divisor depende de la anchura de Q y K: cada puntuación suma d_k productos y se aleja del cero como √d_k.",
        "You divide the scores by a fixed number, {value}, instead of √d_k. The divisor depends on the width of Q and K: each score adds d_k products and strays from zero like √d_k.",
    ),
    fit=per_call(_fitted_divisor),
    value=2.0,
).choice(
    "scale_power",
    "scores / Q.shape[1] ** {value}",
    did=(
        "divide las puntuaciones entre d_k elevado a {value} en lugar de √d_k",
        "divides the scores by d_k to the power {value} instead of √d_k",
    ),
    told=(
        "Divides las puntuaciones entre d_k elevado a {value}, no a ½. Una puntuación suma d_k productos y se aleja del cero como √d_k = d_k^0.5: ése es el divisor que la devuelve a su escala, Q Kᵀ / √d_k.",
        "You divide the scores by d_k to the power {value}, not ½. A score adds d_k products and strays from zero like √d_k = d_k^0.5: that is the divisor that brings it back to scale, Q Kᵀ / √d_k.",
    ),
    fit=per_call(_fitted_power),
    value=0.25,
)

lesson.at("masked_softmax").choice(
    "zeroes_weights_after_softmax",
    "{softmax}\n    if mascara is not None:\n        pesos = np.where(np.isneginf(mascara), 0.0, pesos)",
    did=(
        "pone a cero los pesos del futuro después del softmax, sin volver a normalizar",
        "zeroes the future's weights after the softmax, without normalising again",
    ),
    told=(
        "Calculas el softmax sin máscara y pones a cero los pesos del futuro después. El denominador se queda como estaba, así que cada fila suma lo que sumara su principio (en la lección, 0.085, 0.291, 0.871 y 1): ya no es una mezcla sino una mezcla encogida. La máscara va dentro del softmax, sumada a las puntuaciones.",
        "You compute the softmax without the mask and zero the future's weights afterwards. The denominator stays as it was, so each row sums to whatever its beginning summed (in the lesson, 0.085, 0.291, 0.871 and 1): no longer a mixture but a shrunken one. The mask goes inside the softmax, added to the scores.",
    ),
    spellings=[
        "{softmax}\n    if mascara is not None:\n        pesos = pesos * np.exp(mascara)",
        "{softmax}\n    if mascara is not None:\n        pesos = pesos * (mascara == 0)",
    ],
).choice(
    "max_before_mask",
    "E = E - E.max(axis={axis}, keepdims=True)\n    {masking}\n    Z = np.exp(E)\n    pesos = Z / Z.sum(axis={axis}, keepdims=True)",
    did=("resta el máximo antes de sumar la máscara", "subtracts the maximum before adding the mask"),
    told=(
        "Restas el máximo de las puntuaciones antes de sumar la máscara: ese máximo puede ser de una casilla tachada y, con puntuaciones grandes, todas las casillas vivas se van a exp(−mucho) = 0 y la fila da 0/0. Resta el máximo de E + M, el de las casillas que quedan.",
        "You subtract the scores' maximum before adding the mask: that maximum may belong to a struck-out cell and, with large scores, every live cell goes to exp(−a lot) = 0 and the row gives 0/0. Subtract the maximum of E + M, that of the cells that remain.",
    ),
).choice(
    "mask_used_as_condition",
    "if mascara is not None:\n        E = np.where(mascara == 0, E, -np.inf)\n    {softmax}",
    did=(
        "usa la máscara como condición (qué se tacha) en lugar de sumar sus valores",
        "uses the mask as a condition (what is struck out) instead of adding its values",
    ),
    told=(
        "Usas la máscara sólo para decidir qué casillas se tachan (np.where, una comparación, o anular pesos y volver a normalizar) en lugar de sumar sus valores. Con la máscara causal da lo mismo, pero atencion recibe cualquier máscara, y una máscara con valores finitos (un sesgo) se suma: softmax(E + M).",
        "You use the mask only to decide which cells are struck out (np.where, a comparison, or zeroing weights and normalising again) instead of adding its values. With the causal mask it is the same, but atencion receives any mask, and a mask with finite values (a bias) is added: softmax(E + M).",
    ),
    spellings=[
        "if mascara is not None:\n        E = np.where(np.isinf(mascara), -np.inf, E)\n    {softmax}",
        "{softmax}\n    if mascara is not None:\n        pesos = pesos * (mascara == 0)\n        pesos = pesos / pesos.sum(axis={axis}, keepdims=True)",
    ],
).choice(
    "mask_added_after_softmax",
    "{softmax}\n    if mascara is not None:\n        pesos = pesos + mascara",
    did=(
        "suma la máscara a los pesos, después del softmax",
        "adds the mask to the weights, after the softmax",
    ),
    told=(
        "Sumas la máscara a los pesos, después del softmax: los pesos del futuro pasan a −∞ y la salida, pesos V, se llena de −∞ y NaN. La máscara va dentro del softmax, sumada a las puntuaciones ya escaladas: softmax(Q Kᵀ / √d_k + M).",
        "You add the mask to the weights, after the softmax: the future's weights become −∞ and the output, weights V, fills with −∞ and NaN. The mask goes inside the softmax, added to the already scaled scores: softmax(Q Kᵀ / √d_k + M).",
    ),
)

lesson.at("masking").choice(
    "zero_score_not_inf",
    "if mascara is not None:\n        E = np.where(np.isneginf(mascara), 0.0, E)",
    did=(
        "pone 0 en las puntuaciones tachadas en lugar de sumarles −∞",
        "puts 0 in the struck-out scores instead of adding −∞ to them",
    ),
    told=(
        "Pones un 0 en las puntuaciones tachadas en lugar de sumarles −∞. Un 0 no tacha nada: exp(0) = 1 es un peso normal y la fila reparte entre posiciones del futuro (en la celda de la lección, la fila 0 le da al futuro el 0.525 de su peso). Suma la máscara a las puntuaciones: exp(−∞) = 0.",
        "You put a 0 in the struck-out scores instead of adding −∞ to them. A 0 strikes out nothing: exp(0) = 1 is a normal weight and the row shares out among future positions (in the lesson's cell, row 0 gives the future 0.525 of its weight). Add the mask to the scores: exp(−∞) = 0.",
    ),
    spellings=["if mascara is not None:\n        E = E * (mascara == 0)"],
).choice(
    "masks_cross_attention",
    "if mascara is None:\n        mascara = np.triu(np.full((Q.shape[0], K.shape[0]), -np.inf), k=1)\n    E = E + mascara",
    did=(
        "enmascara aunque mascara sea None, también la atención cruzada",
        "masks even when mascara is None, the cross-attention too",
    ),
    told=(
        "Enmascaras aunque mascara sea None: tu atencion fabrica un triángulo −∞ por su cuenta, y así también tacha la atención cruzada. Ahí no hay máscara: lo que se prohíbe es leer lo que todavía no se ha escrito, y la entrada se leyó entera antes de empezar; la posición T_x de la fuente está disponible desde el primer token. Suma sólo la máscara que te pasan.",
        "You mask even when mascara is None: your atencion builds a −∞ triangle of its own, and so it also strikes out the cross-attention. There is no mask there: what is forbidden is reading what has not been written yet, and the input was read whole before starting; source position T_x is available from the first token. Add only the mask you are given.",
    ),
    spellings=[
        "if mascara is None:\n        mascara = mascara_causal(Q.shape[0])\n    E = E + mascara",
        "E = E + mascara_causal(Q.shape[0])",
        "E = E + np.triu(np.full((Q.shape[0], K.shape[0]), -np.inf), k=1)",
    ],
).choice(
    "own_mask_for_given",
    "if mascara is not None:\n        E = E + mascara_causal(Q.shape[0])",
    did=(
        "suma un triángulo causal propio cuando recibe una máscara, en lugar de esa máscara",
        "adds a causal triangle of its own when it is given a mask, instead of that mask",
    ),
    told=(
        "Cuando recibes una máscara sumas un triángulo causal hecho por tu cuenta y no la máscara que te pasan: la usas sólo como aviso. Con la máscara causal da lo mismo, pero quien llama puede pasar otra (una de relleno, que tacha posiciones vacías, o una con sesgos finitos) y la tuya la ignora. Suma la que recibes: E + M.",
        "When you are given a mask you add a causal triangle of your own, not the mask you are passed: you use it only as a signal. With the causal mask it comes to the same, but a caller may pass another one (a padding mask that strikes out empty positions, or one with finite biases) and yours ignores it. Add the one you receive: E + M.",
    ),
    spellings=[
        "if mascara is not None:\n        E = E + np.triu(np.full((Q.shape[0], K.shape[0]), -np.inf), k=1)",
    ],
).choice(
    "ignores_mask",
    "pass",
    did=("no usa la máscara que recibe", "does not use the mask it receives"),
    told=(
        "No usas la máscara que recibes: el decoder la pasa para que cada posición no mire el futuro, y sin ella el softmax reparte peso entre posiciones que aún no se han escrito. Súmala a las puntuaciones antes del softmax: E + M.",
        "You do not use the mask you receive: the decoder passes it so that each position does not look at the future, and without it the softmax shares weight among positions not yet written. Add it to the scores before the softmax: E + M.",
    ),
).choice(
    "mask_multiplied",
    "if mascara is not None:\n        E = E * mascara",
    did=(
        "multiplica las puntuaciones por la máscara en lugar de sumarla",
        "multiplies the scores by the mask instead of adding it",
    ),
    told=(
        "Multiplicas las puntuaciones por la máscara: la máscara causal se suma, E + M. Con 0 y −∞, multiplicar anula las puntuaciones permitidas (E · 0 = 0) y da −∞ o NaN en las tachadas (0 · −∞).",
        "You multiply the scores by the mask: the causal mask is added, E + M. With 0 and −∞, multiplying wipes out the allowed scores (E · 0 = 0) and gives −∞ or NaN in the struck-out ones (0 · −∞).",
    ),
).choice(
    "mask_transposed",
    "if mascara is not None:\n        E = E + mascara.T",
    did=(
        "suma la máscara traspuesta: tacha el pasado y deja ver el futuro",
        "adds the mask transposed: it strikes out the past and lets the future be seen",
    ),
    told=(
        "Sumas la máscara traspuesta (mascara.T): el −∞ pasa debajo de la diagonal, así que cada posición deja de ver el pasado y ve el futuro. La máscara se suma tal como llega, con la orientación de Q Kᵀ: fila i la consulta, columna j la clave, E + M.",
        "You add the mask transposed (mascara.T): the −∞ moves below the diagonal, so each position stops seeing the past and sees the future. The mask is added as it comes, in the orientation of Q Kᵀ: row i the query, column j the key, E + M.",
    ),
).choice(
    "mask_truth_value",
    "if mascara:\n        E = E + mascara",
    did=(
        "pregunta si hay máscara con `if mascara:`, y una matriz no tiene valor de verdad",
        "asks whether there is a mask with `if mascara:`, and an array has no truth value",
    ),
    told=(
        "Compruebas la máscara con `if mascara:`: una matriz de NumPy no es verdadera ni falsa, y NumPy lanza ValueError («The truth value of an array … is ambiguous»). Lo que hay que preguntar es si te la han pasado: `if mascara is not None:`.",
        "You test the mask with `if mascara:`: a NumPy array is neither true nor false, and NumPy raises ValueError («The truth value of an array … is ambiguous»). What to ask is whether you were given one: `if mascara is not None:`.",
    ),
).choice(
    "mask_before_scaling",
    "if mascara is not None:\n        E = E + mascara / np.sqrt(Q.shape[1])",
    did=(
        "suma la máscara antes de escalar, así que la máscara también se divide entre √d_k",
        "adds the mask before scaling, so the mask is divided by √d_k too",
    ),
    told=(
        "Sumas la máscara antes de dividir entre √d_k: la máscara queda dividida también. Con −∞ no se nota, pero una máscara finita (un sesgo) cambia: primero se escala, Q Kᵀ / √d_k, y después se suma M.",
        "You add the mask before dividing by √d_k: the mask is divided too. With −∞ it does not show, but a finite mask (a bias) changes: scale first, Q Kᵀ / √d_k, then add M.",
    ),
)

lesson.at("shifted").choice(
    "unstable_softmax",
    "E",
    did=(
        "calcula exp sin restar el máximo de cada fila y desborda con puntuaciones grandes",
        "takes exp without subtracting each row's maximum and overflows on large scores",
    ),
    told=(
        "Calculas exp de las puntuaciones sin restar antes el máximo de cada fila: con puntuaciones grandes exp desborda a inf y la fila da inf/inf = NaN. Resta a cada fila su máximo (el de E + M): el softmax no cambia.",
        "You take exp of the scores without first subtracting each row's maximum: with large scores exp overflows to inf and the row gives inf/inf = NaN. Subtract each row's maximum (that of E + M): the softmax does not change.",
    ),
).choice(
    "min_shift",
    "E - E.min(axis={axis}{keepdims})",
    did=(
        "resta el mínimo de cada fila, y no su máximo, antes de exp",
        "subtracts each row's minimum, not its maximum, before exp",
    ),
    told=(
        "Para estabilizar restas el mínimo de cada fila en lugar de su máximo. Eso sube las puntuaciones en vez de bajarlas: la mayor puede desbordar exp, y con la máscara el mínimo es −∞, así que E − (−∞) da inf y la fila, nan. El softmax se estabiliza restando el máximo de cada fila: E − E.max(axis=1, keepdims=True).",
        "To stabilise you subtract each row's minimum instead of its maximum. That raises the scores instead of lowering them: the largest can overflow exp, and with the mask the minimum is −∞, so E − (−∞) gives inf and the row nan. The softmax is stabilised by subtracting each row's maximum: E − E.max(axis=1, keepdims=True).",
    ),
)

lesson.at("salida").choice(
    "output_mixes_keys",
    "pesos @ K",
    did=("mezcla las claves K en lugar de los valores V", "mixes the keys K instead of the values V"),
    told=(
        "La salida mezcla las claves: pesos K. Las claves sirven para puntuar (Q Kᵀ); lo que se mezcla con los pesos son los valores: salida = pesos V.",
        "The output mixes the keys: weights K. The keys are for scoring (Q Kᵀ); what the weights mix is the values: output = weights V.",
    ),
)

lesson.at("atencion.return").choice(
    "swapped_outputs",
    "pesos, salida",
    did=(
        "devuelve (pesos, salida) en lugar de (salida, pesos)",
        "returns (pesos, salida) instead of (salida, pesos)",
    ),
    told=(
        "Devuelves (pesos, salida): el orden es (salida, pesos), primero la mezcla pesos V y después el mapa de pesos.",
        "You return (pesos, salida): the order is (salida, pesos), first the mixture pesos V and then the map of weights.",
    ),
).choice(
    "returns_only_output",
    "salida",
    did=("devuelve sólo la salida, sin los pesos", "returns only the output, without the weights"),
    told=(
        "Devuelves sólo la salida. atencion devuelve dos cosas, (salida, pesos): la mezcla pesos V y el mapa de pesos, que es lo que deja ver qué mira cada posición.",
        "You return only the output. atencion returns two things, (salida, pesos): the mixture pesos V and the map of weights, which is what shows where each position looks.",
    ),
).choice(
    "weights_transposed",
    "salida, pesos.T",
    did=("devuelve los pesos traspuestos", "returns the weights transposed"),
    told=(
        "Devuelves el mapa de pesos traspuesto: la fila i debe ser la posición que mira y la columna j la posición mirada, la misma orientación que Q Kᵀ; cada fila suma 1.",
        "You return the map of weights transposed: row i must be the position that looks and column j the position looked at, the same orientation as Q Kᵀ; each row sums to 1.",
    ),
)

# Whatever finite number is written where the mask forbids (0 is zero_score_not_inf's story).
lesson.at("masking").choice(
    "forbidden_score_finite",
    "if mascara is not None:\n        E = np.where(np.isinf(mascara), {value}, E)",
    did=(
        "pone {value} en las puntuaciones que la máscara prohíbe en lugar de sumarles −∞",
        "puts {value} in the scores the mask forbids instead of adding −∞ to them",
    ),
    told=(
        "Escribes {value} en las puntuaciones que la máscara prohíbe en lugar de sumarles la máscara. Un número finito no tacha: exp({value}) no es 0, así que el futuro se lleva parte del peso, y cuánto depende de las otras puntuaciones de la fila. Suma la máscara a las puntuaciones escaladas: con −∞, exp(−∞) = 0 y el futuro no pesa nada.",
        "You write {value} into the scores the mask forbids instead of adding the mask to them. A finite number strikes out nothing: exp({value}) is not 0, so the future takes part of the weight, how much depending on the row's other scores. Add the mask to the scaled scores: with −∞, exp(−∞) = 0 and the future weighs nothing.",
    ),
    spellings=[
        "if mascara is not None:\n        E = np.where(mascara < 0, {value}, E)",
        "if mascara is not None:\n        E = np.where(mascara != 0, {value}, E)",
    ],
    value=-1.0,
    fit=per_call(_forbidden_score),
)
