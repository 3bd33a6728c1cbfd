"""Hidden tests of `bloque` (and of the `layer_norm` it is built on).

Some tests switch one sublayer off so that another can be seen alone: Wo = 0 silences the
attention, W1 = b1 = b2 = 0 silences the position-wise perceptron. The lesson's promise (the
«Add & layer norm» box mixes no positions) is tested with the student's own pieces together:
their layer_norm alone, and their block, built on it, given an attention that mixes no positions.
"""

from dataclasses import replace

import numpy as np

from grader.authoring import Helper, HiddenTest, Observed, Verdict, call, fail, passed, text
from grader.checks import (
    arguments_untouched,
    matches_reference,
    matches_reference_rows,
    same_shape,
    wrong_shape,
)
from grader.modules import sibling

rng = np.random.default_rng(5_000_2026)
D, DFF = 8, 16


def attention(d=D, silent=False):
    weights = {name: rng.normal(scale=0.6, size=(d, d)) for name in ("Wq", "Wk", "Wv", "Wo")}
    if silent:
        weights["Wo"] = np.zeros((d, d))
    return Helper("atencion", weights)


def params(d=D, dff=DFF, unit_norms=False, silent_ffn=False):
    p = {
        "W1": rng.normal(scale=0.5, size=(d, dff)),
        "b1": rng.normal(scale=0.5, size=dff),
        "W2": rng.normal(scale=0.5, size=(dff, d)),
        "b2": rng.normal(scale=0.5, size=d),
        "gamma1": rng.normal(1.0, 0.4, size=d),
        "beta1": rng.normal(0.0, 0.6, size=d),
        "gamma2": rng.normal(1.0, 0.4, size=d),
        "beta2": rng.normal(0.0, 0.6, size=d),
    }
    if unit_norms:
        p.update(gamma1=np.ones(d), beta1=np.zeros(d), gamma2=np.ones(d), beta2=np.zeros(d))
    if silent_ffn:
        p.update(W1=np.zeros((d, dff)), b1=np.zeros(dff), b2=np.zeros(d))
    return p


def X(T, d=D):
    return rng.normal(loc=1.0, scale=1.5, size=(T, d))


def block(T, d=D, dff=DFF, **options):
    silent_attention = options.pop("silent_attention", False)
    return call("bloque", X(T, d), attention(d, silent_attention), params(d, dff, **options))


def ends_in_layer_norm(seen: Observed) -> Verdict:
    """With gamma2 = 1 and beta2 = 0 the block's output rows have mean 0 and deviation 1."""
    for index in range(len(seen.calls)):
        out = seen.out(index)
        if (verdict := wrong_shape(out, seen.exp(index))) is not None:
            return verdict
        if not (np.all(np.abs(out.mean(axis=1)) < 1e-6) and np.all(np.abs(out.std(axis=1) - 1) < 1e-3)):
            return fail(
                text(
                    "las filas de la salida no tienen media 0 y desviación 1",
                    "the output rows do not have mean 0 and deviation 1",
                )
            )
    return passed()


def attention_once_on_input(seen: Observed) -> Verdict:
    for c, outcome in zip(seen.calls, seen.student, strict=True):
        count = outcome.helper_counts.get(0, 0)
        if count != 1:
            return fail(text(f"atencion se llamó {count} veces", f"atencion was called {count} times"))
        received = outcome.helper_inputs.get(0, [np.zeros(0)])[0]
        sent = c.array_args()[0]
        if received.shape != sent.shape or not np.array_equal(received, sent):
            return fail(
                text(
                    "atencion no recibió la X del bloque tal cual",
                    "atencion did not receive the block's X as it is",
                )
            )
    return passed()


def _moved(before: np.ndarray, after: np.ndarray) -> float:
    """How far the rows moved (NaN counts as moving as far as it gets)."""
    with np.errstate(invalid="ignore"):
        moved = np.abs(after - before)
    return float(np.nan_to_num(moved, nan=np.inf).max(initial=0.0))


TOUCHED = 2  # the row of X rewritten in the block's pair of calls


def rows_stay_apart(seen: Observed) -> Verdict:
    """layer_norm alone (the lesson's cell: row 4 touched, rows 0 to 3 still), then the block
    given an attention that mixes no positions: rewriting row TOUCHED of X moves that row and no
    other."""
    for index in range(len(seen.calls)):
        if (verdict := wrong_shape(seen.out(index), seen.exp(index))) is not None:
            return verdict
    if (moved := _moved(seen.out(0)[:4], seen.out(1)[:4])) != 0.0:
        return fail(
            text(
                f"en tu layer_norm, tocar la fila 4 movió la fila 0 {moved:.3g}, no exactamente 0.0",
                f"in your layer_norm, touching row 4 moved row 0 by {moved:.3g}, not by exactly 0.0",
            )
        )
    before, after = seen.out(2), seen.out(3)
    others = np.arange(len(before)) != TOUCHED
    if (moved := _moved(before[others], after[others])) != 0.0:
        return fail(
            text(
                f"con una atención en la que cada posición sólo se mira a sí misma, reescribir la fila {TOUCHED} de X movió otras filas de la salida del bloque {moved:.3g}, no exactamente 0.0",
                f"with an attention in which each position looks only at itself, rewriting row {TOUCHED} of X moved other rows of the block's output by {moved:.3g}, not by exactly 0.0",
            )
        )
    if not _moved(before[TOUCHED], after[TOUCHED]) > 0.0:
        return fail(
            text(
                f"reescribir la fila {TOUCHED} de X no movió la fila {TOUCHED} de la salida del bloque",
                f"rewriting row {TOUCHED} of X did not move row {TOUCHED} of the block's output",
            )
        )
    return passed()


def touched_pair(T=5, d=D):
    """The block on X and on X with one row rewritten, given an attention in which each position
    looks only at itself: a block that mixes no positions of its own is then position-wise."""
    weights = {name: rng.normal(scale=0.6, size=(d, d)) for name in ("Wv", "Wo")}
    X_block, helper, p = X(T, d), Helper("atencion_de_cada_fila", weights), params(d)
    X_touched = X_block.copy()
    X_touched[TOUCHED] = rng.normal(loc=-1.0, scale=2.0, size=X_block.shape[1])
    return call("bloque", X_block, helper, p), call("bloque", X_touched, helper, p)


LN_TESTS = sibling(__file__, "layer_norm", "tests").TESTS
LN_ROWS = next(t for t in LN_TESTS if t.id == "row_independence")  # in the promise below
LN_KEPT = {
    "shape",
    "rows_mean0_std1",
    "gamma_beta_per_coordinate",
    "population_deviation",
    "constant_row",
    "eps_inside_root",
    "eps_argument",
    "large_values",
    "inputs_untouched",
    "random_reference",
}

BLOCK_TESTS = [
    HiddenTest(
        id="block_shape",
        category="shape",
        points=2,
        title=text(
            "bloque devuelve (T, d_model), también con T = 1 y d_ff ≠ d_model",
            "bloque returns (T, d_model), also with T = 1 and d_ff ≠ d_model",
        ),
        hint=text(
            "la suma residual obliga a que cada subcapa devuelva T × d_model: W2 vuelve de d_ff a d_model",
            "the residual sum forces every sublayer to return T × d_model: W2 goes back from d_ff to d_model",
        ),
        calls=(block(5), block(1), block(3, d=4, dff=12), block(6, d=12, dff=6)),
        check=same_shape(),
    ),
    HiddenTest(
        id="attention_once_on_input",
        category="attention",
        points=2,
        title=text(
            "atencion se aplica una vez, a la X que entra en el bloque",
            "atencion is applied once, to the X entering the block",
        ),
        hint=text(
            "la primera subcapa es atencion(X) sobre la entrada tal cual; normalizar antes de la atención es pre-norm, no el bloque del artículo",
            "the first sublayer is atencion(X) on the input as it is; normalising before attention is pre-norm, not the paper's block",
        ),
        calls=(block(5), block(2)),
        check=attention_once_on_input,
    ),
    HiddenTest(
        id="first_residual",
        category="residual",
        points=2,
        title=text(
            "Primera subcapa: LayerNorm(X + atencion(X))", "First sublayer: LayerNorm(X + atencion(X))"
        ),
        hint=text(
            "con el perceptrón apagado la salida es LayerNorm(LayerNorm(X + atencion(X))): falta sumar la entrada a lo que sale de la atención, o la suma y la normalización no van en ese orden",
            "with the perceptron switched off the output is LayerNorm(LayerNorm(X + atencion(X))): the input is not added to the attention's output, or the sum and the normalisation are not in that order",
        ),
        calls=(block(5, unit_norms=True, silent_ffn=True), block(3, unit_norms=True, silent_ffn=True)),
        # The first sublayer's H, judged as such: the second layer norm only rescales its rows.
        check=matches_reference_rows(),
        part=("bloque", "res1", "first_sum", "H"),
    ),
    HiddenTest(
        id="second_residual",
        category="residual",
        points=2,
        title=text("Segunda subcapa: LayerNorm(H + FFN(H))", "Second sublayer: LayerNorm(H + FFN(H))"),
        hint=text(
            "con la atención apagada se ve la segunda suma: lo que entra en el perceptrón (H, la salida de la primera subcapa) se suma a lo que sale y después se normaliza",
            "with the attention switched off the second sum shows: what enters the perceptron (H, the first sublayer's output) is added to what comes out, then normalised",
        ),
        calls=(block(5, silent_attention=True), block(4, silent_attention=True, unit_norms=True)),
        check=matches_reference(),
        part=("res2", "second_sum", "bloque.return", "F", "ffn_in"),
    ),
    HiddenTest(
        id="post_norm",
        category="normalization",
        points=2,
        title=text(
            "El bloque termina en un layer norm (post-norm)", "The block ends in a layer norm (post-norm)"
        ),
        hint=text(
            "el artículo normaliza después de sumar, LayerNorm(X + Sublayer(X)); con gamma2 = 1 y beta2 = 0 cada fila sale con media 0 y desviación 1. X + Sublayer(LayerNorm(X)) es pre-norm y X + LayerNorm(Sublayer(X)) es otra operación",
            "the paper normalises after adding, LayerNorm(X + Sublayer(X)); with gamma2 = 1 and beta2 = 0 every row leaves with mean 0 and deviation 1. X + Sublayer(LayerNorm(X)) is pre-norm and X + LayerNorm(Sublayer(X)) is another operation",
        ),
        calls=(block(6, unit_norms=True), block(3, unit_norms=True)),
        check=ends_in_layer_norm,
    ),
    HiddenTest(
        id="norm_parameter_pairs",
        category="parameters",
        points=2,
        title=text(
            "gamma1/beta1 en la primera normalización, gamma2/beta2 en la segunda",
            "gamma1/beta1 in the first normalisation, gamma2/beta2 in the second",
        ),
        hint=text(
            "cada caja «Suma y layer norm» tiene su propio par de vectores: el 1 cierra la atención y el 2 cierra el perceptrón",
            "each «Add & layer norm» box has its own pair of vectors: pair 1 closes the attention and pair 2 closes the perceptron",
        ),
        calls=(block(5), block(4, silent_ffn=True)),
        check=matches_reference(),
    ),
    HiddenTest(
        id="ffn_relu",
        category="ffn",
        points=2,
        title=text(
            "El perceptrón por posiciones lleva ReLU entre sus dos capas",
            "The position-wise perceptron has ReLU between its two layers",
        ),
        hint=text(
            "FFN(H) = ReLU(H W1 + b1) W2 + b2: la ReLU, max(0, ·), va entre las dos capas y no después de la segunda",
            "FFN(H) = ReLU(H W1 + b1) W2 + b2: the ReLU, max(0, ·), goes between the two layers, not after the second",
        ),
        calls=(
            block(5, silent_attention=True, unit_norms=True),
            block(2, silent_attention=True, unit_norms=True),
        ),
        check=matches_reference(),
    ),
    HiddenTest(
        id="ffn_biases",
        category="ffn",
        points=2,
        title=text("Los dos sesgos b1 y b2 se suman", "Both biases b1 and b2 are added"),
        hint=text(
            "b1 se suma antes de la ReLU y b2 después de W2, una vez por posición",
            "b1 is added before the ReLU and b2 after W2, once per position",
        ),
        calls=(block(4, silent_attention=True), block(3, silent_attention=True, d=4, dff=8)),
        check=matches_reference(),
    ),
    HiddenTest(
        id="block_inputs_untouched",
        category="purity",
        points=1,
        title=text(
            "bloque no modifica X ni los arrays de p", "bloque modifies neither X nor the arrays in p"
        ),
        hint=text(
            "X += atencion(X) cambia la X de quien llama; escribe H = ... con una expresión nueva",
            "X += atencion(X) changes the caller's X; write H = ... as a new expression",
        ),
        calls=(block(5),),
        check=arguments_untouched(),
    ),
    HiddenTest(
        id="block_random_reference",
        category="comparison",
        points=3,
        title=text(
            "Coincide con la referencia en bloques aleatorios (rtol 1e-6, atol 1e-8)",
            "Matches the reference on random blocks (rtol 1e-6, atol 1e-8)",
        ),
        hint=text(
            "revisa el bloque: H = LayerNorm(X + atencion(X)); salida = LayerNorm(H + ReLU(H W1 + b1) W2 + b2)",
            "check the block: H = LayerNorm(X + atencion(X)); output = LayerNorm(H + ReLU(H W1 + b1) W2 + b2)",
        ),
        calls=(block(1), block(4), block(7, d=6, dff=10), block(9, d=16, dff=32)),
        check=matches_reference(),
    ),
    HiddenTest(
        id="rows_stay_apart",
        category="independence",
        points=23,
        promise=True,
        title=text(
            "Una fila tocada no mueve ninguna otra: en tu layer_norm y en tu bloque construido con él, si la atención no mezcla posiciones",
            "A row touched moves no other row: in your layer_norm, and in your block built on it when its attention mixes no positions",
        ),
        hint=text(
            "la caja «Suma y layer norm» no mezcla posiciones: μ_t y s_t salen de la fila t y de nada más (axis=1), y el perceptrón se aplica a una fila cada vez; sólo la atención mira otras filas",
            "the «Add & layer norm» box mixes no positions: μ_t and s_t come from row t and nothing else (axis=1), and the perceptron is applied one row at a time; only the attention looks at other rows",
        ),
        calls=(*LN_ROWS.calls, *touched_pair()),
        check=rows_stay_apart,
    ),
]

PREFIX = text("layer_norm: ", "layer_norm: ")
TESTS = [
    replace(t, id=f"ln_{t.id}", title=PREFIX + t.title) for t in LN_TESTS if t.id in LN_KEPT
] + BLOCK_TESTS
