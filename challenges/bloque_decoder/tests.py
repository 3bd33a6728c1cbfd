"""Hidden tests of `bloque_decoder` (and of the `layer_norm` it is built on).

The two attentions are helpers answered in the parent (helpers.py): slot 0 is `auto_atencion`,
slot 1 `atencion_cruzada`. Some tests switch sublayers off to see one alone: Wo = 0 silences an
attention, W1 = b1 = b2 = 0 the perceptron; a pair γ = 1, β = 0 leaves its layer norm a plain
standardisation. The lesson's promise (rewriting positions 4 and 5 moves the first three rows
by exactly 0.0) is tested through the given masked self-attention, with the student's own pieces.
"""

from dataclasses import replace

import numpy as np

from grader.authoring import PROMISE_CAP, Helper, HiddenTest, Observed, Verdict, call, fail, passed, text
from grader.checks import (
    arguments_untouched,
    matches_reference,
    matches_reference_rows,
    same_shape,
    wrong_shape,
)
from grader.modules import sibling

rng = np.random.default_rng(4_2026_12)
D, DFF = 8, 16
SELF, CROSS = 0, 1  # the helpers' slots, in the order of the arguments


def attention(name, d=D, silent=False):
    weights = {w: rng.normal(scale=0.6, size=(d, d)) for w in ("Wq", "Wk", "Wv", "Wo")}
    if silent:
        weights["Wo"] = np.zeros((d, d))
    return Helper(name, weights)


def params(d=D, dff=DFF, unit=(), silent_ffn=False):
    p = {
        "W1": rng.normal(scale=0.5, size=(d, dff)),
        "b1": rng.normal(scale=0.5, size=dff),
        "W2": rng.normal(scale=0.5, size=(dff, d)),
        "b2": rng.normal(scale=0.5, size=d),
    }
    for k in (1, 2, 3):
        plain = k in unit
        p[f"gamma{k}"] = np.ones(d) if plain else rng.normal(1.0, 0.4, size=d)
        p[f"beta{k}"] = np.zeros(d) if plain else rng.normal(0.0, 0.6, size=d)
    if silent_ffn:
        p.update(W1=np.zeros((d, dff)), b1=np.zeros(dff), b2=np.zeros(d))
    return p


def block(Ty, Tx=None, d=D, dff=DFF, silent_self=False, silent_cross=False, Y=None, **options):
    Y = rng.normal(loc=1.0, scale=1.5, size=(Ty, d)) if Y is None else Y
    memoria = rng.normal(loc=-0.5, scale=1.2, size=(Ty + 2 if Tx is None else Tx, d))
    return call(
        "bloque_decoder",
        Y,
        memoria,
        attention("auto_atencion", d, silent_self),
        attention("atencion_cruzada", d, silent_cross),
        params(d, dff, **options),
    )


def rewritten_pair(T=6, Tx=7, d=D):
    """The same block on Y and on Y with positions 4 and 5 rewritten (the lesson's cell)."""
    first = block(T, Tx, d)
    Y = first.args[0].copy()
    Y[3:5] = rng.normal(loc=1.0, scale=1.5, size=(2, d))
    second = replace(first, args=(Y, *first.args[1:]))
    return first, second


def _close(got, want):
    return got.shape == want.shape and np.allclose(got, want, rtol=1e-6, atol=1e-8)


def self_attention_once_on_Y(seen: Observed) -> Verdict:
    for c, outcome in zip(seen.calls, seen.student, strict=True):
        count = outcome.helper_counts.get(SELF, 0)
        if count != 1:
            return fail(
                text(f"auto_atencion se llamó {count} veces", f"auto_atencion was called {count} times")
            )
        received = outcome.helper_inputs.get(SELF, [np.zeros(0)])
        if len(received) != 1 or not np.array_equal(received[0], c.args[0]):
            return fail(
                text(
                    "auto_atencion no recibió la Y del bloque tal cual",
                    "auto_atencion did not receive the block's Y as it is",
                )
            )
    return passed()


def cross_attention_on_H1_and_memory(seen: Observed) -> Verdict:
    """Called once, with the first sublayer's H1 (as the reference computes it) and the memory."""
    for c, outcome, expected in zip(seen.calls, seen.student, seen.expected, strict=True):
        count = outcome.helper_counts.get(CROSS, 0)
        if count != 1:
            return fail(
                text(f"atencion_cruzada se llamó {count} veces", f"atencion_cruzada was called {count} times")
            )
        received = outcome.helper_inputs.get(CROSS, [])
        h1 = expected.helper_inputs[CROSS][0]
        if len(received) != 2:
            return fail(
                text(
                    f"atencion_cruzada recibió {len(received)} argumentos, no 2",
                    f"atencion_cruzada received {len(received)} arguments, not 2",
                )
            )
        if not _close(received[0], h1):
            return fail(
                text(
                    "el primer argumento de atencion_cruzada, las consultas, no es H1",
                    "atencion_cruzada's first argument, the queries, is not H1",
                )
            )
        if not np.array_equal(received[1], c.args[1]):
            return fail(
                text(
                    "el segundo argumento de atencion_cruzada no es la memoria tal cual",
                    "atencion_cruzada's second argument is not the memory as it is",
                )
            )
    return passed()


def ends_in_layer_norm(seen: Observed) -> Verdict:
    """With gamma3 = 1 and beta3 = 0 the block's output rows have mean 0 and deviation 1."""
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


def future_moves_nothing_before_it(seen: Observed) -> Verdict:
    """The lesson's cell: rewriting positions 4 and 5 moves the first three rows by exactly 0.0,
    and the rewritten ones move."""
    for index in range(2):
        if (verdict := wrong_shape(seen.out(index), seen.exp(index))) is not None:
            return verdict
    with np.errstate(invalid="ignore"):
        moved = float(np.nan_to_num(np.abs(seen.out(1)[:3] - seen.out(0)[:3]), nan=np.inf).max())
    if moved != 0.0:
        return fail(
            text(
                f"reescribir las posiciones 4 y 5 de Y movió las tres primeras filas de la salida {moved:.3g}, no exactamente 0.0: una posición leyó lo que aún no se ha escrito",
                f"rewriting positions 4 and 5 of Y moved the first three output rows by {moved:.3g}, not by exactly 0.0: a position read what has not been written yet",
            )
        )
    if not np.abs(seen.out(1)[3:5] - seen.out(0)[3:5]).max() > 0.0:
        return fail(
            text(
                "reescribir las posiciones 4 y 5 no movió sus propias filas de la salida",
                "rewriting positions 4 and 5 did not move their own output rows",
            )
        )
    return passed()


LN_TESTS = sibling(__file__, "layer_norm", "tests").TESTS
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


def _test(id, category, points, es, en, hint_es, hint_en, calls, check, part=(), promise=False):
    return HiddenTest(
        id, category, points, text(es, en), text(hint_es, hint_en), tuple(calls), check, part, promise
    )


BLOCK_TESTS = [
    _test(
        "block_shape",
        "shape",
        2,
        "bloque_decoder devuelve (T_y, d_model), también con T_y = 1, T_x ≠ T_y y d_ff ≠ d_model",
        "bloque_decoder returns (T_y, d_model), also with T_y = 1, T_x ≠ T_y and d_ff ≠ d_model",
        "las tres sumas residuales obligan a que cada subcapa devuelva la forma de Y: la atención cruzada devuelve la forma de sus consultas, H1",
        "the three residual sums force every sublayer to return Y's shape: the cross-attention returns the shape of its queries, H1",
        (block(5), block(1, 4), block(3, 6, d=4, dff=12), block(6, 2, d=12, dff=6)),
        same_shape(),
    ),
    _test(
        "self_attention_once_on_Y",
        "attention",
        2,
        "auto_atencion se aplica una vez, a la Y que entra en el bloque",
        "auto_atencion is applied once, to the Y entering the block",
        "la primera subcapa es auto_atencion(Y) sobre lo que se lleva escrito tal cual; normalizar antes es pre-norm, no el bloque del artículo",
        "the first sublayer is auto_atencion(Y) on what has been written, as it is; normalising before it is pre-norm, not the paper's block",
        (block(5), block(2, 3)),
        self_attention_once_on_Y,
    ),
    _test(
        "cross_attention_on_H1_and_memory",
        "attention",
        3,
        "atencion_cruzada recibe H1 (las consultas) y la memoria (claves y valores), una vez",
        "atencion_cruzada receives H1 (the queries) and the memory (keys and values), once",
        "la subcapa de en medio cruza desde la otra columna: las consultas salen de lo que se lleva escrito ya pasado por la primera subcapa, H1, y las claves y valores de la memoria del encoder: atencion_cruzada(H1, memoria)",
        "the middle sublayer crosses over from the other column: the queries come from what has been written, already through the first sublayer, H1, and the keys and values from the encoder's memory: atencion_cruzada(H1, memoria)",
        (block(5), block(3, 7)),
        cross_attention_on_H1_and_memory,
        part=("A2",),
    ),
    _test(
        "first_residual",
        "residual",
        2,
        "Primera subcapa: H1 = LayerNorm(Y + auto_atencion(Y))",
        "First sublayer: H1 = LayerNorm(Y + auto_atencion(Y))",
        "con la atención cruzada y el perceptrón apagados la salida es H1 normalizada de nuevo: se suma Y a lo que sale de la auto-atención y después se normaliza",
        "with the cross-attention and the perceptron switched off the output is H1 normalised again: Y is added to what comes out of the self-attention, then normalised",
        (
            block(5, silent_cross=True, silent_ffn=True, unit=(1, 2, 3)),
            block(3, silent_cross=True, silent_ffn=True, unit=(1, 2, 3)),
        ),
        matches_reference_rows(),
        part=("bloque_decoder", "first_sum", "H1"),
    ),
    _test(
        "second_residual",
        "residual",
        2,
        "Segunda subcapa: H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria))",
        "Second sublayer: H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria))",
        "con la auto-atención y el perceptrón apagados se ve la segunda suma: lo que entró en la atención cruzada, H1, se suma a lo que sale de ella y después se normaliza",
        "with the self-attention and the perceptron switched off the second sum shows: what went into the cross-attention, H1, is added to what comes out of it, then normalised",
        (
            block(5, silent_self=True, silent_ffn=True, unit=(1, 2, 3)),
            block(4, 6, silent_self=True, silent_ffn=True, unit=(1, 2, 3)),
        ),
        matches_reference_rows(),
        part=("second_sum", "H2", "A2"),
    ),
    _test(
        "third_residual",
        "residual",
        2,
        "Tercera subcapa: LayerNorm(H2 + FFN(H2))",
        "Third sublayer: LayerNorm(H2 + FFN(H2))",
        "con las dos atenciones apagadas se ve la tercera suma: lo que entra en el perceptrón, H2, se suma a lo que sale y después se normaliza",
        "with both attentions switched off the third sum shows: what goes into the perceptron, H2, is added to what comes out, then normalised",
        (
            block(5, silent_self=True, silent_cross=True),
            block(4, silent_self=True, silent_cross=True, unit=(3,)),
        ),
        matches_reference(),
        part=("third_sum", "bloque_decoder.return", "F"),
    ),
    _test(
        "post_norm",
        "normalization",
        2,
        "El bloque termina en un layer norm (post-norm)",
        "The block ends in a layer norm (post-norm)",
        "las tres subcapas van como en bloque: se suma y después se normaliza, LayerNorm(x + Sublayer(x)); con gamma3 = 1 y beta3 = 0 cada fila sale con media 0 y desviación 1",
        "the three sublayers go as in bloque: add, then normalise, LayerNorm(x + Sublayer(x)); with gamma3 = 1 and beta3 = 0 every row leaves with mean 0 and deviation 1",
        (block(6, unit=(3,)), block(3, 5, unit=(3,))),
        ends_in_layer_norm,
    ),
    *(
        _test(
            f"norm{k}_pair",
            "parameters",
            2,
            f"gamma{k}/beta{k} en la normalización de la subcapa {k}",
            f"gamma{k}/beta{k} in sublayer {k}'s normalisation",
            f"cada caja «Suma y layer norm» tiene su pareja, en su orden: la {k} cierra {('la auto-atención', 'la atención cruzada', 'el perceptrón')[k - 1]}",
            f"each «Add & layer norm» box has its own pair, in order: pair {k} closes {('the self-attention', 'the cross-attention', 'the perceptron')[k - 1]}",
            (block(5, unit={1, 2, 3} - {k}), block(4, 3, unit={1, 2, 3} - {k})),
            matches_reference(),
        )
        for k in (1, 2, 3)
    ),
    _test(
        "ffn_relu",
        "ffn",
        2,
        "El perceptrón por posiciones lleva ReLU entre sus dos capas",
        "The position-wise perceptron has ReLU between its two layers",
        "FFN(H2) = ReLU(H2 W1 + b1) W2 + b2: la ReLU, max(0, ·), va entre las dos capas",
        "FFN(H2) = ReLU(H2 W1 + b1) W2 + b2: the ReLU, max(0, ·), goes between the two layers",
        (
            block(5, silent_self=True, silent_cross=True, unit=(1, 2, 3)),
            block(2, silent_self=True, silent_cross=True, unit=(1, 2, 3)),
        ),
        matches_reference(),
    ),
    _test(
        "ffn_biases",
        "ffn",
        2,
        "Los dos sesgos b1 y b2 se suman",
        "Both biases b1 and b2 are added",
        "b1 se suma antes de la ReLU y b2 después de W2, una vez por posición",
        "b1 is added before the ReLU and b2 after W2, once per position",
        (
            block(4, silent_self=True, silent_cross=True),
            block(3, silent_self=True, silent_cross=True, d=4, dff=8),
        ),
        matches_reference(),
    ),
    _test(
        "block_inputs_untouched",
        "purity",
        1,
        "bloque_decoder no modifica Y, la memoria ni los arrays de p",
        "bloque_decoder modifies neither Y, the memory nor the arrays in p",
        "Y += auto_atencion(Y) cambia la Y de quien llama; escribe cada suma con una expresión nueva",
        "Y += auto_atencion(Y) changes the caller's Y; write each sum as a new expression",
        (block(5),),
        arguments_untouched(),
    ),
    _test(
        "block_random_reference",
        "comparison",
        3,
        "Coincide con la referencia en bloques aleatorios (rtol 1e-6, atol 1e-8)",
        "Matches the reference on random blocks (rtol 1e-6, atol 1e-8)",
        "revisa el bloque: H1 = LayerNorm(Y + auto_atencion(Y)); H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)); salida = LayerNorm(H2 + FFN(H2))",
        "check the block: H1 = LayerNorm(Y + auto_atencion(Y)); H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)); output = LayerNorm(H2 + FFN(H2))",
        (block(1, 1), block(4), block(7, 3, d=6, dff=10), block(9, 12, d=16, dff=32)),
        matches_reference(),
    ),
]
PREFIX = text("layer_norm: ", "layer_norm: ")
LN = [replace(t, id=f"ln_{t.id}", title=PREFIX + t.title) for t in LN_TESTS if t.id in LN_KEPT]
REST = sum(t.points for t in LN + BLOCK_TESTS)
BLOCK_TESTS.append(
    _test(
        # failing the lesson's promise alone leaves at most PROMISE_CAP of 100
        "future_moves_nothing_before_it",
        "causality",
        -(-(100 - PROMISE_CAP) * REST // PROMISE_CAP),
        "Reescribir las posiciones 4 y 5 de Y no mueve las tres primeras filas de la salida: exactamente 0.0",
        "Rewriting positions 4 and 5 of Y does not move the first three output rows: by exactly 0.0",
        "la máscara va en la auto-atención que recibes, y nada más en el bloque mezcla posiciones: la atención cruzada lee la memoria, no otras filas de H1; el layer norm es por filas (axis=1) y el perceptrón se aplica a una posición cada vez",
        "the mask is in the self-attention you receive, and nothing else in the block mixes positions: the cross-attention reads the memory, not other rows of H1; the layer norm goes by rows (axis=1) and the perceptron is applied one position at a time",
        rewritten_pair(),
        future_moves_nothing_before_it,
        promise=True,
    )
)

TESTS = LN + BLOCK_TESTS
