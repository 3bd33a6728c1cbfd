"""Hidden tests of `mascara_causal` and `atencion`. Inputs are fixed by seeds.

`atencion` is called with masks built here, so that each function is judged (and diagnosed) on
its own, except in the lesson's promise: the student's own `mascara_causal` fed to their own
`atencion`, which is what the lesson's cell runs and what a decoder does.
"""

import numpy as np

from grader.authoring import HiddenTest, Observed, Verdict, call, fail, own, passed, text
from grader.checks import (
    all_finite,
    all_of,
    arguments_untouched,
    matches_reference,
    same_shape,
    wrong_shape,
)

rng = np.random.default_rng(20261207)
D_MODEL = 8


def causal(T):
    """The parent's causal mask: 0 on and below the diagonal, -inf above."""
    return np.triu(np.full((T, T), -np.inf), k=1)


def qkv(T_q, T_k, d_k=8, d_v=6, scale=1.0):
    Q = rng.normal(scale=scale, size=(T_q, d_k))
    K = rng.normal(scale=scale, size=(T_k, d_k))
    return Q, K, rng.normal(size=(T_k, d_v))


def masked(T, d_k=8, d_v=6, scale=1.0):
    return call("atencion", *qkv(T, T, d_k, d_v, scale), causal(T))


def unmasked(T_q, T_k, d_k=8, d_v=6, scale=1.0):
    return call("atencion", *qkv(T_q, T_k, d_k, d_v, scale))


def projections():
    return tuple(rng.normal(scale=0.6, size=(D_MODEL, D_MODEL)) for _ in range(3))


# The lesson's second cell: a decoder of 5 positions, an encoder that read 7.
X_DEC = rng.normal(size=(5, D_MODEL))
X_ENC = rng.normal(size=(7, D_MODEL))
W_SELF = projections()
W_CROSS = projections()
X_DEC_REWRITTEN = X_DEC.copy()
X_DEC_REWRITTEN[3:] = rng.normal(size=(2, D_MODEL))  # the lesson's positions 4 and 5
X_DEC_FIRST_REWRITTEN = X_DEC.copy()  # its position 1, from a generator of its own (the rest stay)
X_DEC_FIRST_REWRITTEN[0] = np.random.default_rng(20261208).normal(size=D_MODEL)


def self_attention(X):
    Wq, Wk, Wv = W_SELF
    return call("atencion", X @ Wq, X @ Wk, X @ Wv, causal(len(X)))


def own_self_attention(X):
    """The decoder's self-attention with the student's own pieces: their mask, their attention."""
    Wq, Wk, Wv = W_SELF
    return call("atencion", X @ Wq, X @ Wk, X @ Wv, own("mascara_causal", len(X)))


def cross_attention(X_dec, X_enc):
    Wq, Wk, Wv = W_CROSS
    return call("atencion", X_dec @ Wq, X_enc @ Wk, X_enc @ Wv)


def rounded(values):
    return str(np.round(np.asarray(values)[:7], 3).tolist())


def _weights(seen: Observed, index: int) -> tuple[np.ndarray, Verdict | None]:
    """The student's `pesos` of call `index`, or why they cannot be judged."""
    return seen.out(index, 1), wrong_shape(seen.out(index, 1), seen.exp(index, 1))


def _every_call(seen: Observed, judge) -> Verdict:
    for index in range(len(seen.calls)):
        weights, shape = _weights(seen, index)
        verdict = shape or judge(weights)
        if not verdict.passed:
            return verdict
    return passed()


def mask_live_cells(seen: Observed) -> Verdict:
    """mascara_causal(5): 15 zeros on and below the diagonal, 10 -inf above it."""
    mask = seen.out(0)
    if (verdict := wrong_shape(mask, seen.exp(0))) is not None:
        return verdict
    zeros, minus_inf = int(np.sum(mask == 0.0)), int(np.sum(mask == -np.inf))
    below = np.tril(np.ones(mask.shape, dtype=bool))
    if zeros == 15 and minus_inf == 10 and np.all(mask[below] == 0.0):
        return passed()
    if zeros == 15 and minus_inf == 10:  # the counts are right: say which cells are not
        row, column = (int(i) for i in np.argwhere(below & (mask != 0.0))[0])
        return fail(
            text(
                f"tiene 15 ceros y 10 −∞, como debe, pero en otras casillas: la fila {row}, columna {column}, en la diagonal o debajo, vale −∞ y debe valer 0",
                f"it has 15 zeros and 10 −∞, as it must, but in other cells: row {row}, column {column}, on or below the diagonal, is −∞ and must be 0",
            )
        )
    return fail(
        text(
            f"tiene {zeros} ceros y {minus_inf} −∞ de 25 casillas; deben ser 15 ceros (diagonal y debajo) y 10 −∞ (encima)",
            f"it has {zeros} zeros and {minus_inf} −∞ out of 25 cells; there must be 15 zeros (diagonal and below) and 10 −∞ (above)",
        )
    )


def _first_row_one(weights: np.ndarray) -> Verdict:
    want = np.zeros(weights.shape[1])
    want[0] = 1.0
    if np.all(np.abs(weights[0] - want) <= 1e-12):
        return passed()
    return fail(
        text(f"la fila 0 de pesos es {rounded(weights[0])}", f"row 0 of pesos is {rounded(weights[0])}")
    )


def _live_cells(weights: np.ndarray) -> Verdict:
    T = weights.shape[0]
    live = int(np.count_nonzero(weights))
    above = np.triu(np.ones((T, T), dtype=bool), k=1)
    if live == T * (T + 1) // 2 and np.all(weights[above] == 0.0):
        return passed()
    # NaN counts as a live cell and a future weight that is not 0: the counts alone would read right
    broken = ~np.isfinite(weights)
    if broken.any():
        row, column = (int(i) for i in np.argwhere(broken)[0])
        return fail(
            text(
                f"{int(broken.sum())} de las {T * T} casillas de pesos no son números (NaN o inf), la primera en la fila {row}, columna {column}: cada peso es un número entre 0 y 1",
                f"{int(broken.sum())} of the {T * T} cells of pesos are not numbers (NaN or inf), the first at row {row}, column {column}: each weight is a number between 0 and 1",
            )
        )
    future = float(weights[above].sum())
    return fail(
        text(
            f"quedan {live} casillas vivas de {T * T} (deben ser {T * (T + 1) // 2}); el futuro se lleva {future:.3g} del peso",
            f"{live} of {T * T} cells stay alive (there must be {T * (T + 1) // 2}); the future takes {future:.3g} of the weight",
        )
    )


def _rows_sum_to_one(weights: np.ndarray) -> Verdict:
    sums = weights.sum(axis=1)
    if np.all(np.abs(sums - 1.0) <= 1e-9):
        return passed()
    return fail(
        text(f"las filas de pesos suman {rounded(sums)}", f"the rows of pesos sum to {rounded(sums)}")
    )


def _reads_every_position(weights: np.ndarray) -> Verdict:
    if np.all(weights > 0.0):
        return passed()
    dead = int(np.sum(~(weights > 0.0)))
    return fail(
        text(
            f"{dead} de las {weights.size} casillas tienen peso 0; la fila 0 mira {int(np.sum(weights[0] > 0))} de {weights.shape[1]} posiciones",
            f"{dead} of the {weights.size} cells weigh 0; row 0 looks at {int(np.sum(weights[0] > 0))} of {weights.shape[1]} positions",
        )
    )


def earlier_positions_still(seen: Observed) -> Verdict:
    """The lesson's cell: rewriting positions 4 and 5 moves the first three by exactly 0.0."""
    for part in (0, 1):
        for index in (0, 1):
            if (verdict := wrong_shape(seen.out(index, part), seen.exp(index, part))) is not None:
                return verdict
    before, after = seen.out(0), seen.out(1)
    with np.errstate(invalid="ignore"):  # −∞ − (−∞): a mask of the student's own gives NaN, which moved
        moved = max(
            float(np.abs(after[:3] - before[:3]).max()),
            float(np.abs(seen.out(1, 1)[:3] - seen.out(0, 1)[:3]).max()),
        )
    if moved != 0.0:  # NaN moved too
        return fail(
            text(
                f"reescribir las posiciones 4 y 5 movió las tres primeras {moved:.3g}, no exactamente 0.0",
                f"rewriting positions 4 and 5 moved the first three by {moved:.3g}, not by exactly 0.0",
            )
        )
    if not np.abs(after[3] - before[3]).max() > 0.0:
        return fail(
            text(
                "la cuarta posición, que es de las reescritas, no se movió",
                "the fourth position, one of those rewritten, did not move",
            )
        )
    return passed()


def past_read_future_not(seen: Observed) -> Verdict:
    """The lesson's cell (`earlier_positions_still`), and what the attention is for: rewriting
    position 1 moves every output, since each position reads the past (not only itself)."""
    verdict = earlier_positions_still(seen)
    if not verdict.passed:
        return verdict
    if (verdict := wrong_shape(seen.out(2), seen.exp(2))) is not None:
        return verdict
    with np.errstate(invalid="ignore"):
        moved = np.abs(seen.out(2) - seen.out(0)).max(axis=1)
    still = [i + 1 for i, m in enumerate(moved) if not m > 0.0]
    if still:
        return fail(
            text(
                f"reescribir la posición 1 no movió las salidas de las posiciones {still}: no leen el pasado",
                f"rewriting position 1 did not move the outputs of positions {still}: they do not read the past",
            )
        )
    return passed()


def weights_check(judge):
    return lambda seen: _every_call(seen, judge)


def padding_like_mask(T_q, T_k, hidden):
    mask = np.zeros((T_q, T_k))
    mask[:, T_k - hidden :] = -np.inf
    return mask


def distance_bias_mask(T_q, T_k, slope=0.5):
    """A finite mask, as a relative-position bias is: it tells a mask added to the scaled scores
    from one added before the scaling or used only to pick the cells to strike out."""
    return -slope * np.abs(np.arange(T_q)[:, None] - np.arange(T_k)[None, :]).astype(float)


TESTS = [
    HiddenTest(
        id="mask_shape",
        category="shape",
        points=1,
        title=text("mascara_causal(T) tiene forma (T, T)", "mascara_causal(T) has shape (T, T)"),
        hint=text(
            "la máscara es una matriz del tamaño de la rejilla: T filas y T columnas",
            "the mask is a matrix the size of the grid: T rows and T columns",
        ),
        calls=tuple(call("mascara_causal", T) for T in (1, 3, 6)),
        check=same_shape(),
    ),
    HiddenTest(
        id="mask_values",
        category="mask",
        points=2,
        title=text(
            "mascara_causal vale 0 en la diagonal y debajo, −∞ encima",
            "mascara_causal is 0 on and below the diagonal, −∞ above it",
        ),
        hint=text(
            "tacha sólo el futuro, j > i, y con −∞ (no con 0 ni con 1): np.triu(np.full((T, T), -np.inf), k=1); la diagonal se queda viva, cada posición se mira a sí misma",
            "strike out only the future, j > i, and with −∞ (not 0 nor 1): np.triu(np.full((T, T), -np.inf), k=1); the diagonal stays alive, each position looks at itself",
        ),
        calls=tuple(call("mascara_causal", T) for T in (1, 2, 4, 7)),
        check=matches_reference(rtol=0.0, atol=0.0),
    ),
    HiddenTest(
        id="mask_live_cells",
        category="mask",
        points=1,
        title=text(
            "mascara_causal(5) deja vivas 15 de las 25 casillas",
            "mascara_causal(5) keeps 15 of the 25 cells alive",
        ),
        hint=text(
            "quedan vivas T(T+1)/2 casillas: la diagonal y lo que hay debajo; encima, −∞",
            "T(T+1)/2 cells stay alive: the diagonal and below it; above, −∞",
        ),
        calls=(call("mascara_causal", 5),),
        check=mask_live_cells,
    ),
    HiddenTest(
        id="shape_self",
        category="shape",
        points=1,
        title=text(
            "Auto-atención: pesos (T, T) y salida (T, d_v)",
            "Self-attention: pesos (T, T) and salida (T, d_v)",
        ),
        hint=text(
            "devuelve (salida, pesos) en ese orden: pesos = softmax(Q Kᵀ/√d_k + M) es T × T y salida = pesos V tiene la anchura d_v de V",
            "return (salida, pesos) in that order: pesos = softmax(Q Kᵀ/√d_k + M) is T × T and salida = pesos V has V's width d_v",
        ),
        calls=(masked(5, d_k=8, d_v=3), masked(1, d_k=4, d_v=2), unmasked(6, 6, d_k=4, d_v=10)),
        check=same_shape(),
    ),
    HiddenTest(
        id="shape_cross",
        category="shape",
        points=1,
        title=text(
            "Atención cruzada: pesos (T_y, T_x) rectangular y salida (T_y, d_v)",
            "Cross-attention: a rectangular pesos (T_y, T_x) and salida (T_y, d_v)",
        ),
        hint=text(
            "las consultas vienen del decoder y las claves y valores del encoder: una fila por posición de la salida, una columna por posición de la entrada",
            "queries come from the decoder, keys and values from the encoder: one row per output position, one column per input position",
        ),
        calls=(cross_attention(X_DEC, X_ENC), unmasked(5, 7, d_k=8, d_v=6), unmasked(7, 3, d_k=2, d_v=5)),
        check=same_shape(),
    ),
    HiddenTest(
        id="first_row_one_hot",
        category="mask",
        points=1,
        title=text(
            "Con la máscara, la fila 0 de pesos es [1, 0, …, 0]",
            "With the mask, row 0 of pesos is [1, 0, …, 0]",
        ),
        hint=text(
            "la primera fila no tiene a nadie a quien mirar más que a sí misma: con −∞ sumado dentro del softmax, exp(−∞) = 0 y α₁₁ = 1",
            "the first row has no one to look at but itself: with −∞ added inside the softmax, exp(−∞) = 0 and α₁₁ = 1",
        ),
        calls=(masked(4), self_attention(X_DEC)),
        check=weights_check(_first_row_one),
    ),
    HiddenTest(
        id="masked_cells_dead",
        category="mask",
        points=2,
        title=text(
            "Con la máscara y T = 5 quedan vivas 15 de 25 casillas de pesos y el futuro pesa 0",
            "With the mask and T = 5, 15 of 25 cells of pesos stay alive and the future weighs 0",
        ),
        hint=text(
            "la máscara se suma a las puntuaciones dentro del softmax: una casilla tachada desaparece del numerador y del denominador; un 0 en la puntuación no tacha nada, exp(0) = 1",
            "the mask is added to the scores inside the softmax: a struck-out cell vanishes from the numerator and the denominator; a 0 in the score strikes out nothing, exp(0) = 1",
        ),
        calls=(self_attention(X_DEC), masked(5, d_k=4, d_v=4)),
        check=weights_check(_live_cells),
    ),
    HiddenTest(
        id="rows_sum_to_one",
        category="normalization",
        points=2,
        title=text("Cada fila de pesos suma 1", "Every row of pesos sums to 1"),
        hint=text(
            "el softmax es por filas (axis=1) y la máscara va dentro: si pones los pesos a cero después del softmax el denominador no cambia y las filas suman lo que sumara su principio",
            "the softmax is by rows (axis=1) and the mask goes inside it: zeroing weights after the softmax leaves the denominator as it was and each row sums to whatever its beginning summed",
        ),
        calls=(self_attention(X_DEC), masked(6, d_k=4, d_v=2), cross_attention(X_DEC, X_ENC), unmasked(3, 8)),
        check=weights_check(_rows_sum_to_one),
    ),
    HiddenTest(
        id="causality",
        category="causality",
        points=3,
        title=text(
            "Reescribir las posiciones 4 y 5 mueve las tres primeras salidas exactamente 0.0",
            "Rewriting positions 4 and 5 moves the first three outputs by exactly 0.0",
        ),
        hint=text(
            "con la máscara sumada dentro del softmax y el softmax por filas, la fila i sólo depende de las posiciones hasta i (también el máximo que restas: el de E + M); el modelo no puede leer lo que todavía no ha escrito",
            "with the mask added inside the softmax and the softmax by rows, row i depends only on positions up to i (so does the maximum you subtract: that of E + M); the model cannot read what it has not written yet",
        ),
        calls=(self_attention(X_DEC), self_attention(X_DEC_REWRITTEN)),
        check=earlier_positions_still,
    ),
    HiddenTest(
        id="causality_with_your_mask",
        category="causality",
        points=17,
        promise=True,
        title=text(
            "Con tu mascara_causal y tu atencion juntas, reescribir las posiciones 4 y 5 mueve las tres primeras salidas exactamente 0.0",
            "With your mascara_causal and your atencion together, rewriting positions 4 and 5 moves the first three outputs by exactly 0.0",
        ),
        hint=text(
            "la máscara que devuelve tu mascara_causal(T), sumada dentro de tu atencion, debe dejar la fila i mirando sólo las posiciones hasta i: −∞ encima de la diagonal (j > i), 0 en ella y debajo. Si el futuro queda abierto, el modelo lee lo que todavía no ha escrito",
            "the mask your mascara_causal(T) returns, added inside your atencion, must leave row i looking only at positions up to i: −∞ above the diagonal (j > i), 0 on and below it. If the future stays open, the model reads what it has not written yet",
        ),
        calls=(
            own_self_attention(X_DEC),
            own_self_attention(X_DEC_REWRITTEN),
            own_self_attention(X_DEC_FIRST_REWRITTEN),
        ),
        check=past_read_future_not,
        part=("mask", "k", "neg"),
    ),
    HiddenTest(
        id="cross_attention_unmasked",
        category="mask",
        points=2,
        title=text(
            "Sin máscara (mascara=None) se mira la fuente entera: ningún peso es 0",
            "Without a mask (mascara=None) the whole source is read: no weight is 0",
        ),
        hint=text(
            "la atención cruzada no lleva máscara: la entrada se leyó entera antes de empezar y la posición T_x de la fuente está disponible desde el primer token; con mascara=None no se tacha nada",
            "cross-attention has no mask: the input was read whole before starting, and source position T_x is available from the first output token; with mascara=None nothing is struck out",
        ),
        calls=(cross_attention(X_DEC, X_ENC), unmasked(4, 4), unmasked(2, 6, d_k=4)),
        check=all_of(weights_check(_reads_every_position), matches_reference()),
    ),
    HiddenTest(
        id="uses_given_mask",
        category="mask",
        points=1,
        title=text(
            "Se suma la máscara que se recibe, sea cual sea", "The mask received is added, whatever it is"
        ),
        hint=text(
            "atencion no fabrica su máscara: suma la que le pasan (la causal, otra de ceros y −∞ o una de números finitos) a las puntuaciones ya escaladas, después de dividir entre √d_k",
            "atencion does not make its own mask: it adds the one it is given (the causal one, another of zeros and −∞, or one of finite numbers) to the scores already scaled, after dividing by √d_k",
        ),
        calls=(
            call("atencion", *qkv(4, 6), padding_like_mask(4, 6, 2)),
            call("atencion", *qkv(5, 5), mascara=padding_like_mask(5, 5, 1)),
            call("atencion", *qkv(5, 5, d_k=16), distance_bias_mask(5, 5)),
        ),
        check=matches_reference(),
    ),
    HiddenTest(
        id="large_scores",
        category="stability",
        points=2,
        title=text(
            "Con puntuaciones grandes no sale ni NaN ni inf",
            "Large scores give neither NaN nor inf",
        ),
        hint=text(
            "resta a cada fila su máximo antes de exp, y el máximo de E + M, no el de E: el softmax no cambia y exp no desborda",
            "subtract each row's maximum before exp, and the maximum of E + M, not of E: the softmax does not change and exp does not overflow",
        ),
        calls=(masked(5, scale=30.0), masked(6, d_k=4, scale=40.0), unmasked(4, 6, scale=30.0)),
        check=all_of(all_finite(), matches_reference()),
    ),
    HiddenTest(
        id="scaling",
        category="scaling",
        points=2,
        title=text("Las puntuaciones se dividen entre √d_k", "The scores are divided by √d_k"),
        hint=text(
            "el divisor es la raíz de d_k, la anchura de Q y K (no d_k, ni la anchura de V): Q Kᵀ / √d_k",
            "the divisor is the square root of d_k, the width of Q and K (not d_k, nor V's width): Q Kᵀ / √d_k",
        ),
        calls=(masked(4, d_k=16, d_v=3), unmasked(3, 5, d_k=9, d_v=2)),
        check=matches_reference(),
    ),
    HiddenTest(
        id="inputs_untouched",
        category="purity",
        points=1,
        title=text("No modifica los arrays que recibe", "Does not modify the arrays it receives"),
        hint=text(
            "Q /= ... o E += mascara sobre un argumento cambian el array de quien llama; calcula con expresiones nuevas",
            "Q /= ... or E += mascara on an argument change the caller's array; compute with new expressions",
        ),
        calls=(masked(5), unmasked(3, 4)),
        check=arguments_untouched(),
    ),
    HiddenTest(
        id="random_reference",
        category="comparison",
        points=3,
        title=text(
            "(salida, pesos) coinciden con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-9)",
            "(salida, pesos) match the reference on random inputs (rtol 1e-6, atol 1e-9)",
        ),
        hint=text(
            "revisa la fórmula: pesos = softmax(Q Kᵀ/√d_k + M) por filas y salida = pesos V",
            "check the formula: pesos = softmax(Q Kᵀ/√d_k + M) by rows and salida = pesos V",
        ),
        calls=(
            masked(1, d_k=3, d_v=1),
            masked(3, d_k=2, d_v=4),
            masked(8, d_k=16, d_v=8, scale=1.5),
            unmasked(1, 1, d_k=1, d_v=1),
            unmasked(6, 9, d_k=5, d_v=3),
            unmasked(9, 4, d_k=8, d_v=7, scale=2.0),
        ),
        check=matches_reference(rtol=1e-6, atol=1e-9),
    ),
]
