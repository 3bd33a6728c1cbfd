"""Hidden tests of `layer_norm`. Inputs are fixed by seeds; the reference answers them."""

import numpy as np

from grader.authoring import HiddenTest, Observed, Verdict, call, fail, passed, text
from grader.checks import (
    all_finite,
    all_of,
    arguments_untouched,
    matches_reference,
    same_shape,
    wrong_shape,
)

rng = np.random.default_rng(20261129)


def normal(T, d, loc=3.0, scale=2.0):
    return rng.normal(loc=loc, scale=scale, size=(T, d))


def ones(d):
    return np.ones(d)


def zeros(d):
    return np.zeros(d)


def rows_standardized(seen: Observed) -> Verdict:
    """With gamma = 1 and beta = 0 every row leaves with mean 0 and deviation 1."""
    for index in range(len(seen.calls)):
        out = seen.out(index)
        if (verdict := wrong_shape(out, seen.exp(index))) is not None:
            return verdict
        means, stds = out.mean(axis=1), out.std(axis=1)
        if not (np.all(np.abs(means) < 1e-6) and np.all(np.abs(stds - 1) < 1e-3)):
            return fail(
                text(
                    f"medias por fila {(np.round(means, 3) + 0.0).tolist()}, desviaciones {np.round(stds, 3).tolist()}",
                    f"row means {(np.round(means, 3) + 0.0).tolist()}, deviations {np.round(stds, 3).tolist()}",
                )
            )
    return passed()


def row_zero_still(seen: Observed) -> Verdict:
    """Touching row 4 must not move rows 0 to 3 at all."""
    before, after = seen.out(0), seen.out(1)
    if (verdict := wrong_shape(before, seen.exp(0))) or (verdict := wrong_shape(after, seen.exp(1))):
        return verdict
    moved = float(np.abs(after[:4] - before[:4]).max())
    if moved > 1e-12:
        return fail(text(f"la fila 0 se movió {moved:.3g}", f"row 0 moved by {moved:.3g}"))
    return passed()


X_MAIN = normal(5, 8)
X_TOUCHED = X_MAIN.copy()
X_TOUCHED[4] += 10.0
X_CONSTANT = normal(4, 6)
X_CONSTANT[2] = 7.0
X_TINY = rng.normal(scale=3e-3, size=(4, 8))  # s² ≈ eps: where eps must sit inside the root
GAMMA8, BETA8 = rng.normal(1.0, 0.5, size=8), rng.normal(0.0, 1.0, size=8)

TESTS = [
    HiddenTest(
        id="shape",
        category="shape",
        points=1,
        title=text(
            "La salida tiene la forma (T, d_model) de la entrada",
            "The output has the input's shape (T, d_model)",
        ),
        hint=text(
            "layer_norm devuelve un array de la misma forma que X: una fila normalizada por posición",
            "layer_norm returns an array shaped like X: one normalised row per position",
        ),
        calls=tuple(
            call("layer_norm", normal(T, d), ones(d), zeros(d)) for T, d in [(5, 8), (1, 8), (3, 16), (9, 4)]
        ),
        check=same_shape(),
    ),
    HiddenTest(
        id="rows_mean0_std1",
        category="normalization",
        points=2,
        title=text(
            "Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1",
            "With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1",
        ),
        hint=text(
            "la media y la desviación son las de cada fila, axis=1, con sus propias d_model coordenadas",
            "the mean and deviation are each row's own, axis=1, over its d_model coordinates",
        ),
        calls=(
            call("layer_norm", X_MAIN, ones(8), zeros(8)),
            call("layer_norm", normal(3, 16, 0.0, 5.0), ones(16), zeros(16)),
        ),
        check=rows_standardized,
    ),
    HiddenTest(
        id="row_independence",
        category="independence",
        points=2,
        title=text(
            "Tocar la fila 4 no mueve la fila 0: cada fila se normaliza sola",
            "Touching row 4 does not move row 0: each row is normalised on its own",
        ),
        hint=text(
            "tu normalización mezcla filas: usa la media y la desviación de la fila (axis=1), no de la columna (eso es normalizar por batch) ni de toda la matriz",
            "your normalisation mixes rows: use the row's mean and deviation (axis=1), not the column's (that is batch norm) nor the whole matrix's",
        ),
        calls=(
            call("layer_norm", X_MAIN, ones(8), zeros(8)),
            call("layer_norm", X_TOUCHED, ones(8), zeros(8)),
        ),
        check=row_zero_still,
    ),
    HiddenTest(
        id="gamma_beta_per_coordinate",
        category="parameters",
        points=2,
        title=text(
            "gamma y beta se aplican coordenada a coordenada",
            "gamma and beta apply coordinate by coordinate",
        ),
        hint=text(
            "después de normalizar, multiplica por gamma y suma beta: gamma ⊙ x̂ + beta",
            "after normalising, multiply by gamma and add beta: gamma ⊙ x̂ + beta",
        ),
        calls=(
            call("layer_norm", X_MAIN, GAMMA8, BETA8),
            call("layer_norm", normal(3, 8, -1.0, 0.5), np.full(8, 4.0), np.full(8, -1.0)),
        ),
        check=matches_reference(),
    ),
    HiddenTest(
        id="population_deviation",
        category="normalization",
        points=1,
        title=text(
            "La desviación típica es la poblacional (divide entre d_model)",
            "The standard deviation is the population one (divide by d_model)",
        ),
        hint=text(
            "s_t divide entre d_model, como np.std por defecto; ddof=1 da la desviación muestral, que no es la de la lección",
            "s_t divides by d_model, like np.std by default; ddof=1 gives the sample deviation, which is not the lesson's",
        ),
        calls=(
            call("layer_norm", normal(4, 3), ones(3), zeros(3)),
            call("layer_norm", normal(2, 5), ones(5), zeros(5)),
        ),
        check=matches_reference(),
    ),
    HiddenTest(
        id="constant_row",
        category="stability",
        points=1,
        title=text(
            "Una fila constante sale finita (igual a beta)",
            "A constant row comes out finite (equal to beta)",
        ),
        hint=text(
            "ε va dentro de la raíz, √(s² + ε), justo para no dividir entre cero cuando la fila tiene todas sus coordenadas iguales",
            "ε goes inside the root, √(s² + ε), precisely so as not to divide by zero when all of a row's coordinates are equal",
        ),
        calls=(call("layer_norm", X_CONSTANT, rng.normal(size=6), rng.normal(size=6)),),
        check=all_of(all_finite(), matches_reference()),
    ),
    HiddenTest(
        id="eps_inside_root",
        category="stability",
        points=1,
        title=text(
            "ε se suma a la varianza, dentro de la raíz",
            "ε is added to the variance, inside the root",
        ),
        hint=text(
            "divide entre √(s² + ε): ni entre s + ε, ni entre s a secas; con filas de desviación pequeña se nota",
            "divide by √(s² + ε): not by s + ε, nor by s alone; rows with a small deviation show it",
        ),
        calls=(call("layer_norm", X_TINY, ones(8), zeros(8)),),
        check=matches_reference(rtol=1e-6, atol=1e-9),
    ),
    HiddenTest(
        id="eps_argument",
        category="parameters",
        points=1,
        title=text("Se respeta un eps distinto del valor por defecto", "A non-default eps is honoured"),
        hint=text(
            "usa el eps que recibe la función, no un 1e-5 fijo",
            "use the eps the function receives, not a fixed 1e-5",
        ),
        calls=(
            call("layer_norm", normal(4, 8, 0.0, 0.5), ones(8), zeros(8), 0.5),
            call("layer_norm", normal(3, 8, 1.0, 1.0), GAMMA8, BETA8, eps=2.0),
        ),
        check=matches_reference(),
    ),
    HiddenTest(
        id="float32_input",
        category="stability",
        points=1,
        title=text("Funciona con entrada float32", "Works on float32 input"),
        hint=text(
            "con X en float32 el resultado debe seguir siendo el layer norm de cada fila",
            "with X in float32 the result must still be each row's layer norm",
        ),
        calls=(
            call(
                "layer_norm",
                normal(6, 8).astype(np.float32),
                GAMMA8.astype(np.float32),
                BETA8.astype(np.float32),
            ),
        ),
        check=matches_reference(rtol=1e-4, atol=1e-5),
    ),
    HiddenTest(
        id="large_values",
        category="stability",
        points=1,
        title=text(
            "Valores grandes (1e8 + ruido) se normalizan bien",
            "Large values (1e8 + noise) normalise correctly",
        ),
        hint=text(
            "calcula la varianza restando primero la media, (X − μ)²; E[x²] − μ² pierde toda la precisión con números grandes",
            "compute the variance by subtracting the mean first, (X − μ)²; E[x²] − μ² loses all precision with large numbers",
        ),
        calls=(call("layer_norm", 1e8 + normal(4, 8, 0.0, 1.0), ones(8), zeros(8)),),
        check=matches_reference(rtol=1e-5, atol=1e-5),
    ),
    HiddenTest(
        id="single_coordinate",
        category="shape",
        points=1,
        title=text(
            "Con d_model = 1 cada fila sale igual a beta",
            "With d_model = 1 every row comes out equal to beta",
        ),
        hint=text(
            "una fila de una sola coordenada es constante: x − μ = 0 y sale beta",
            "a row with a single coordinate is constant: x − μ = 0 and beta comes out",
        ),
        calls=(call("layer_norm", normal(4, 1), np.array([2.0]), np.array([-0.5])),),
        check=matches_reference(),
    ),
    HiddenTest(
        id="inputs_untouched",
        category="purity",
        points=1,
        title=text("No modifica los arrays que recibe", "Does not modify the arrays it receives"),
        hint=text(
            "operaciones como X -= mu cambian el array de quien llama; calcula sobre una copia o con expresiones nuevas",
            "operations like X -= mu change the caller's array; work on a copy or with new expressions",
        ),
        calls=(call("layer_norm", normal(5, 8), GAMMA8.copy(), BETA8.copy()),),
        check=arguments_untouched(),
    ),
    HiddenTest(
        id="random_reference",
        category="comparison",
        points=3,
        title=text(
            "Coincide con la referencia en entradas aleatorias (rtol 1e-6, atol 1e-8)",
            "Matches the reference on random inputs (rtol 1e-6, atol 1e-8)",
        ),
        hint=text(
            "revisa la fórmula: γ ⊙ (x − μ_t) / √(s_t² + ε) + β, fila a fila",
            "check the formula: γ ⊙ (x − μ_t) / √(s_t² + ε) + β, row by row",
        ),
        calls=tuple(
            call(
                "layer_norm",
                normal(T, d, rng.normal(), rng.uniform(0.5, 4)),
                rng.normal(1, 0.5, d),
                rng.normal(0, 1, d),
            )
            for T, d in [(1, 5), (2, 2), (6, 12), (8, 3), (10, 32)]
        ),
        check=matches_reference(),
    ),
]
