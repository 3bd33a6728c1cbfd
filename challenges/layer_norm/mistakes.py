"""Known mistakes of `layer_norm`: the lesson's own, at places of reference.py (grader/kit).

The kit derives the rest from the reference (the statistics' axis and keepdims, ddof, ε fixed,
ignored or its default changed, the root left out, dividing or not, in-place edits, the output
transposed); here some of them get the lesson's id and words.
"""

import numpy as np

from grader.kit import Lesson, per_call


def _fitted_eps(c, outcome):
    """The ε a fixed-constant implementation used, read from the row with the smallest deviation.

    Each normalised coordinate is (x − μ)/√(s² + ε): from the student's output and the row,
    ε = ((x − μ)/x̂)² − s², tried with the population and the sample variance, with and without
    β. Only rows whose variance is small next to ε tell it.
    """
    if len(c.args) < 3 or outcome.outputs[0].shape != np.shape(c.args[0]):
        return
    X = np.asarray(c.args[0], dtype=float)
    variances = X.var(axis=1)
    row = int(np.argmin(variances))
    if X.shape[1] < 2 or variances[row] > 1.0:
        return
    gamma = np.asarray(c.args[1], dtype=float)
    centred = X[row] - X[row].mean()
    out = outcome.outputs[0][row].astype(float)
    for shift in (np.asarray(c.args[2], dtype=float), 0.0):
        normalised = (out - shift) / np.where(gamma == 0, np.nan, gamma)
        if not np.all(np.abs(normalised) > 1e-3):
            continue
        squares = np.sort((centred / normalised) ** 2)
        for ddof in (0, 1):
            estimate = float(squares[len(squares) // 2]) - float(centred @ centred) / (X.shape[1] - ddof)
            if estimate > 0 and squares[-1] - squares[0] <= 1e-3 * estimate + 1e-12:
                yield float(f"{estimate:.2g}")


LESSON = lesson = Lesson()

# The derived mistakes the lesson has words of its own for.
lesson.name(
    "layer_norm_modifies_X",
    "modifies_input",
    did=("modifica el X que recibe", "modifies the X it receives"),
    told=(
        "Modificas el array X que recibes (X -= ..., X /= ...). Quien llama sigue usando su X —en el bloque, para la suma residual—: trabaja sobre expresiones nuevas.",
        "You modify the X you receive (X -= ..., X /= ...). The caller still uses its X —in the block, for the residual sum—: work on new expressions.",
    ),
)
lesson.name(
    "layer_norm_by_columns",
    "normalizes_by_column",
    did=(
        "normaliza por columnas (axis=0), como la normalización por batch",
        "normalises by column (axis=0), as batch normalisation does",
    ),
    told=(
        "Normalizas por columnas (axis=0): eso es la normalización por batch. En el layer norm cada fila usa su propia media μ_t y su desviación s_t; por eso al tocar la fila 4 la fila 0 no debe moverse.",
        "You normalise by columns (axis=0): that is batch normalisation. In layer norm each row uses its own mean μ_t and deviation s_t; that is why touching row 4 must not move row 0.",
    ),
)
lesson.name(
    "layer_norm_over_whole_array",
    "normalizes_whole_matrix",
    did=(
        "usa una sola media y una sola desviación para toda la matriz",
        "uses one mean and one deviation for the whole matrix",
    ),
    told=(
        "Calculas una sola media y una sola desviación para toda la matriz. Cada fila se normaliza con sus propias d_model coordenadas: mean(axis=1, keepdims=True).",
        "You compute one mean and one deviation for the whole matrix. Each row is normalised with its own d_model coordinates: mean(axis=1, keepdims=True).",
    ),
)
lesson.name("layer_norm_without_keepdims", "missing_keepdims")
lesson.name(
    "var_ddof_1",
    "sample_deviation",
    did=(
        "usa la desviación muestral (ddof=1, divide entre d_model − 1)",
        "uses the sample deviation (ddof=1, dividing by d_model − 1)",
    ),
)
lesson.name(
    "var_by_columns",
    "statistics_on_different_axes",
    did=(
        "calcula la media y la varianza sobre partes distintas de X",
        "computes the mean and the variance over different parts of X",
    ),
    told=(
        "Calculas la media y la varianza sobre partes distintas de X: una por filas y la otra por columnas o sobre toda la matriz. Las dos son de la fila t, sobre sus d_model coordenadas: μ_t y s_t² con axis=1, keepdims=True.",
        "You compute the mean and the variance over different parts of X: one by rows, the other by columns or over the whole matrix. Both belong to row t, over its d_model coordinates: μ_t and s_t² with axis=1, keepdims=True.",
    ),
)
lesson.spell("mu_by_columns", of="statistics_on_different_axes")
lesson.spell("mu_over_whole_array", of="statistics_on_different_axes")
lesson.name("var_over_whole_array", "whole_matrix_deviation")
lesson.name(
    "root_without_root",
    "divides_by_variance",
    did=(
        "divide entre la varianza s_t² + ε, sin la raíz",
        "divides by the variance s_t² + ε, without the root",
    ),
    told=(
        "Divides entre la varianza s_t² + ε en lugar de su raíz. Se escala con la desviación: √(s_t² + ε).",
        "You divide by the variance s_t² + ε instead of its root. Scale by the deviation: √(s_t² + ε).",
    ),
)
lesson.name(
    "eps_ignored",
    told=(
        "No usas ε: divides entre s_t a secas, y una fila constante divide 0 entre 0. ε está para evitar dividir entre cero: √(s_t² + ε).",
        "You do not use ε: you divide by s_t alone, and a constant row divides 0 by 0. ε is there to avoid dividing by zero: √(s_t² + ε).",
    ),
)
lesson.name(
    "eps_fixed",
    fit=per_call(_fitted_eps, keep=4),
    did=(
        "usa siempre ε = {value} y no el eps que recibe",
        "always uses ε = {value} instead of the eps it receives",
    ),
)
lesson.name("eps_default_changed", fit=per_call(_fitted_eps, keep=4))
lesson.name(
    "layer_norm_output_transposed",
    "transposed_output",
    told=(
        "Devuelves la matriz traspuesta, de forma (d_model, T): cada posición debe seguir siendo una fila, así que la salida tiene la forma (T, d_model) de X.",
        "You return the transposed matrix, of shape (d_model, T): each position must stay a row, so the output has X's shape (T, d_model).",
    ),
)
lesson.name("x_hat_multiplied", "multiplies_by_deviation")

# Where γ and β go, and what is normalised: the function rewritten.
lesson.at("layer_norm").choice(
    "affine_before_normalising",
    "def layer_norm(X, gamma, beta, eps={default_eps}):\n    X = gamma * X + beta\n    mu = {mu}\n    centred = {centred}\n    var = {var}\n    s = {s}\n    root = {root}\n    return {x_hat}",
    did=(
        "aplica γ y β antes de normalizar y normaliza γ ⊙ x + β",
        "applies γ and β before normalising and normalises γ ⊙ x + β",
    ),
    told=(
        "Aplicas γ y β antes de normalizar: normalizas γ ⊙ x + β, y la normalización borra la escala y el desplazamiento que acabas de dar. El orden es el contrario: primero x̂ = (x − μ_t) / √(s_t² + ε) y después γ ⊙ x̂ + β.",
        "You apply γ and β before normalising: you normalise γ ⊙ x + β, and the normalisation wipes out the scale and shift you just gave. The order is the other way round: first x̂ = (x − μ_t) / √(s_t² + ε), then γ ⊙ x̂ + β.",
    ),
).choice(
    "rms_norm",
    "def layer_norm(X, gamma, beta, eps={default_eps}):\n    var = (X**2).mean(axis={axis}{keepdims})\n    s = {s}\n    root = {root}\n    x_hat = X / root\n    scaled = {scaled}\n    return {output}",
    did=(
        "calcula un RMSNorm: divide x entre √(mean(x²) + ε), sin restar la media",
        "computes an RMSNorm: divides x by √(mean(x²) + ε), without subtracting the mean",
    ),
    told=(
        "Calculas un RMSNorm: divides la fila entre la raíz de la media de sus cuadrados, sin restarle la media. El layer norm de la lección centra primero y escala con la desviación alrededor de la media: (x − μ_t) / √(s_t² + ε), con s_t² = mean((x − μ_t)²).",
        "You compute an RMSNorm: you divide the row by the root of the mean of its squares, without subtracting the mean. The lesson's layer norm centres first and scales by the deviation around the mean: (x − μ_t) / √(s_t² + ε), with s_t² = mean((x − μ_t)²).",
    ),
    spellings=[
        "def layer_norm(X, gamma, beta, eps={default_eps}):\n    var = (X**2).mean(axis={axis}{keepdims})\n    s = {s}\n    root = {root}\n    return gamma * X / root"
    ],
).choice(
    "beta_inside_division",
    "def layer_norm(X, gamma, beta, eps={default_eps}):\n    mu = {mu}\n    centred = {centred}\n    var = {var}\n    s = {s}\n    root = {root}\n    return (gamma * centred + beta) / root",
    did=(
        "suma β antes de dividir: (γ ⊙ (x − μ_t) + β) / √(s_t² + ε)",
        "adds β before dividing: (γ ⊙ (x − μ_t) + β) / √(s_t² + ε)",
    ),
    told=(
        "Sumas β dentro de la fracción, (γ ⊙ (x − μ_t) + β) / √(s_t² + ε): así β también queda dividido entre la desviación. β se suma al final, ya normalizada la fila: γ ⊙ x̂ + β.",
        "You add β inside the fraction, (γ ⊙ (x − μ_t) + β) / √(s_t² + ε): so β is divided by the deviation too. β is added at the end, once the row is normalised: γ ⊙ x̂ + β.",
    ),
).spelling(
    "median_as_centre",
    "def layer_norm(X, gamma, beta, eps={default_eps}):\n    mu = np.median(X, axis={axis}{keepdims})\n    centred = {centred}\n    var = ((X - mu) ** 2).mean(axis={axis}{keepdims})\n    s = {s}\n    root = {root}\n    x_hat = {x_hat}\n    scaled = {scaled}\n    return {output}",
)

lesson.at("mu").choice(
    "median_as_centre",
    "np.median(X, axis={axis}{keepdims})",
    did=("centra cada fila con su mediana y no con su media", "centres each row on its median, not its mean"),
    told=(
        "Centras cada fila con su mediana. El layer norm usa la media μ_t = mean(x) de la fila, y la varianza alrededor de ella.",
        "You centre each row on its median. Layer norm uses the row's mean μ_t = mean(x), and the variance around it.",
    ),
)

lesson.at("centred").choice(
    "not_centered",
    "X",
    did=("no resta la media μ_t antes de dividir", "does not subtract the mean μ_t before dividing"),
    told=(
        "No restas la media μ_t antes de escalar. Primero se centra la fila (x − μ_t) y después se divide.",
        "You do not subtract the mean μ_t before scaling. First centre the row (x − μ_t), then divide.",
    ),
).choice(
    "mean_subtracted_twice",
    "X - 2 * mu",
    did=("resta la media dos veces", "subtracts the mean twice"),
    told=(
        "Restas la media dos veces: a la fila ya centrada (x − μ_t) le vuelves a restar μ_t. Se centra una sola vez.",
        "You subtract the mean twice: from the row already centred (x − μ_t) you subtract μ_t again. Centre once.",
    ),
)

lesson.at("var").choice(
    "unstable_variance",
    "(X**2).mean(axis={axis}{keepdims}) - mu**2",
    did=(
        "calcula la varianza como E[x²] − μ², que pierde la precisión con valores grandes",
        "computes the variance as E[x²] − μ², which loses all precision with large values",
    ),
    told=(
        "Calculas la varianza como E[x²] − μ²: con valores grandes la resta se come toda la precisión. Resta primero la media: mean((x − μ_t)²), o np.var / np.std.",
        "You compute the variance as E[x²] − μ²: with large values the subtraction eats all the precision. Subtract the mean first: mean((x − μ_t)²), or np.var / np.std.",
    ),
).choice(
    "second_moment_as_variance",
    "(X**2).mean(axis={axis}{keepdims})",
    did=(
        "usa la media de los cuadrados E[x²] como varianza, sin centrar",
        "uses the mean of the squares E[x²] as the variance, without centring",
    ),
    told=(
        "Usas E[x²], la media de los cuadrados, como varianza. La varianza mide la dispersión alrededor de la media: s_t² = mean((x − μ_t)²).",
        "You use E[x²], the mean of the squares, as the variance. The variance measures the spread around the mean: s_t² = mean((x − μ_t)²).",
    ),
).choice(
    "mean_absolute_deviation",
    "np.abs(X - mu).mean(axis={axis}{keepdims}) ** 2",
    did=(
        "usa la desviación media absoluta, mean(|x − μ_t|), como s_t",
        "uses the mean absolute deviation, mean(|x − μ_t|), as s_t",
    ),
    told=(
        "Usas la desviación media absoluta, mean(|x − μ_t|), como s_t. La lección usa la desviación típica: s_t = √(mean((x − μ_t)²)).",
        "You use the mean absolute deviation, mean(|x − μ_t|), as s_t. The lesson uses the standard deviation: s_t = √(mean((x − μ_t)²)).",
    ),
).choice(
    "variance_sum_not_mean",
    "((X - mu) ** 2).sum(axis={axis}{keepdims})",
    did=(
        "suma los cuadrados (x − μ_t)² sin dividir entre d_model",
        "adds up the squares (x − μ_t)² without dividing by d_model",
    ),
    told=(
        "Sumas los cuadrados (x − μ_t)² pero no divides entre d_model: eso es la norma al cuadrado de la fila centrada, no su varianza. s_t² es la media: (1/d_model) Σ_j (x_tj − μ_t)².",
        "You add up the squares (x − μ_t)² but do not divide by d_model: that is the centred row's squared norm, not its variance. s_t² is the mean: (1/d_model) Σ_j (x_tj − μ_t)².",
    ),
).choice(
    "variance_divided_by_rows",
    "((X - mu) ** 2).sum(axis={axis}{keepdims}) / len(X)",
    did=(
        "divide la suma de los cuadrados (x − μ_t)² entre T, el número de filas, y no entre d_model",
        "divides the sum of the squares (x − μ_t)² by T, the number of rows, not by d_model",
    ),
    told=(
        "Divides la suma de los cuadrados (x − μ_t)² entre T, el número de posiciones (filas), en lugar de entre d_model, el número de coordenadas de la fila. s_t² es la media sobre la fila: (1/d_model) Σ_j (x_tj − μ_t)².",
        "You divide the sum of the squares (x − μ_t)² by T, the number of positions (rows), instead of by d_model, the number of coordinates in the row. s_t² is the mean over the row: (1/d_model) Σ_j (x_tj − μ_t)².",
    ),
)

# keepdims=True on one of the two statistics only: the other comes out (T,) and lines up with
# the columns (NumPy cannot even combine them when T ≠ d_model).
ONE_KEEPDIMS = (
    "aplica keepdims=True a una sola de las estadísticas de la fila: la otra sale de forma (T,)",
    "applies keepdims=True to only one of the row's statistics: the other comes out of shape (T,)",
)
ONE_KEEPDIMS_TOLD = (
    "Pones keepdims=True en una de las estadísticas de la fila (la media o la varianza) pero no en la otra: esa sale de forma (T,), y al combinarla con una matriz (T, d_model) NumPy la alinea con las columnas, no con las filas (con T ≠ d_model ni siquiera puede). Las dos llevan keepdims=True: salen de forma (T, 1) y cada fila usa las suyas.",
    "You put keepdims=True on one of the row's statistics (the mean or the variance) but not on the other: that one comes out of shape (T,), and combined with a (T, d_model) matrix NumPy lines it up with the columns, not the rows (with T ≠ d_model it cannot even combine them). Both take keepdims=True: they come out of shape (T, 1) and each row uses its own.",
)
lesson.at("mu").choice(
    "keepdims_on_one_statistic", "X.mean(axis={axis})", did=ONE_KEEPDIMS, told=ONE_KEEPDIMS_TOLD
)
lesson.at("var").spelling("keepdims_on_one_statistic", "(centred**2).mean(axis={axis})")

lesson.at("s").choice(
    "deviation_divided_outside_root",
    "np.sqrt((centred**2).sum(axis={axis}{keepdims})) / np.size(X, {axis})",
    did=(
        "divide entre d_model fuera de la raíz: √(Σ (x − μ_t)²) / d_model",
        "divides by d_model outside the root: √(Σ (x − μ_t)²) / d_model",
    ),
    told=(
        "Divides entre d_model fuera de la raíz, √(Σ_j (x_tj − μ_t)²) / d_model, y no dentro: así tu desviación es s_t / √d_model, demasiado pequeña. El 1/d_model es de la varianza y va dentro: s_t = √((1/d_model) Σ_j (x_tj − μ_t)²).",
        "You divide by d_model outside the root, √(Σ_j (x_tj − μ_t)²) / d_model, not inside: your deviation is then s_t / √d_model, too small. The 1/d_model belongs to the variance and goes inside: s_t = √((1/d_model) Σ_j (x_tj − μ_t)²).",
    ),
)

ROW_RANGE = "X.max(axis={axis}{keepdims}) - X.min(axis={axis}{keepdims})"
MAX_ABS = "np.abs(X - X.mean(axis={axis}{keepdims})).max(axis={axis}{keepdims})"
lesson.at("root").choice(
    "eps_outside_root",
    "s + {eps}",
    did=("suma ε fuera de la raíz (divide entre s + ε)", "adds ε outside the root (divides by s + ε)"),
    told=(
        "Sumas ε fuera de la raíz (divides entre s + ε). La fórmula es √(s_t² + ε): ε se suma a la varianza.",
        "You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε): ε is added to the variance.",
    ),
).choice(
    "eps_squared",
    "np.sqrt(s**2 + {eps} ** 2)",
    did=("suma ε² y no ε a la varianza", "adds ε² instead of ε to the variance"),
    told=(
        "Sumas ε² a la varianza en lugar de ε: dentro de la raíz va ε tal cual, √(s_t² + ε), con el eps que recibe la función.",
        "You add ε² to the variance instead of ε: inside the root goes ε itself, √(s_t² + ε), the eps the function receives.",
    ),
).choice(
    "root_of_deviation",
    "np.sqrt(s + {eps})",
    did=(
        "pone la desviación s_t, y no la varianza s_t², dentro de la raíz: √(s_t + ε)",
        "puts the deviation s_t, not the variance s_t², inside the root: √(s_t + ε)",
    ),
    told=(
        "Dentro de la raíz pones la desviación típica s_t (np.std) en lugar de la varianza s_t²: divides entre √(s_t + ε). La fórmula es √(s_t² + ε): la varianza más ε, y su raíz.",
        "Inside the root you put the standard deviation s_t (np.std) instead of the variance s_t²: you divide by √(s_t + ε). The formula is √(s_t² + ε): the variance plus ε, and its root.",
    ),
    spellings=["np.sqrt(np.sqrt(var + {eps}))"],
).choice(
    "range_as_deviation",
    f"{ROW_RANGE} + {{eps}}",
    did=(
        "divide entre el rango de la fila (máx − mín) y no entre su desviación",
        "divides by the row's range (max − min), not its deviation",
    ),
    told=(
        "Divides entre el rango de la fila, máx − mín, en lugar de su desviación típica. La lección escala con s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
        "You divide by the row's range, max − min, instead of its standard deviation. The lesson scales by s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
    ),
    spellings=[f"np.sqrt(({ROW_RANGE}) ** 2 + {{eps}})", ROW_RANGE],
).choice(
    "max_abs_as_deviation",
    f"np.sqrt({MAX_ABS} ** 2 + {{eps}})",
    did=(
        "divide entre la mayor desviación absoluta de la fila, máx |x − μ_t|, y no entre su desviación típica",
        "divides by the row's largest absolute deviation, max |x − μ_t|, not its standard deviation",
    ),
    told=(
        "Escalas cada fila con su mayor desviación absoluta, máx |x − μ_t|, en lugar de su desviación típica: la fila queda entre −1 y 1, no con desviación 1. La lección escala con s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
        "You scale each row by its largest absolute deviation, max |x − μ_t|, instead of its standard deviation: the row ends up between −1 and 1, not with deviation 1. The lesson scales by s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
    ),
    spellings=[f"{MAX_ABS} + {{eps}}"],
)

ROW_MIN = "X.min(axis={axis}{keepdims})"
lesson.at("x_hat").choice(
    "min_max_scaling",
    f"(X - {ROW_MIN}) / ({ROW_RANGE} + {{eps}})",
    did=(
        "lleva cada fila al intervalo [0, 1] con su mínimo y su máximo (min-max) en lugar de estandarizarla",
        "maps each row to [0, 1] with its minimum and maximum (min-max) instead of standardising it",
    ),
    told=(
        "Escalas cada fila entre su mínimo y su máximo, (x − mín) / (máx − mín): eso es el escalado min-max. El layer norm estandariza: resta la media μ_t y divide entre la desviación, (x − μ_t) / √(s_t² + ε).",
        "You scale each row between its minimum and maximum, (x − min) / (max − min): that is min-max scaling. Layer norm standardises: it subtracts the mean μ_t and divides by the deviation, (x − μ_t) / √(s_t² + ε).",
    ),
    spellings=[f"(X - {ROW_MIN}) / ({ROW_RANGE})"],
).choice(
    "precedence",
    "X - mu / root",
    did=(
        "divide sólo la media: X − μ_t / √(s_t² + ε), sin paréntesis",
        "divides only the mean: X − μ_t / √(s_t² + ε), without brackets",
    ),
    told=(
        "Escribes X − μ_t / √(s_t² + ε): la división va antes que la resta, así que sólo divides la media y la fila queda sin escalar. Pon la fila centrada entre paréntesis: (X − μ_t) / √(s_t² + ε).",
        "You write X − μ_t / √(s_t² + ε): division comes before subtraction, so only the mean is divided and the row is not scaled. Put the centred row in brackets: (X − μ_t) / √(s_t² + ε).",
    ),
).choice(
    "eps_added_after_division",
    "centred / np.sqrt(var) + {eps}",
    did=(
        "suma ε después de dividir, (x − μ_t) / √(s_t²) + ε: el denominador sin paréntesis",
        "adds ε after dividing, (x − μ_t) / √(s_t²) + ε: the denominator without brackets",
    ),
    told=(
        "Escribes (x − μ_t) / √(s_t²) + ε: la división va antes que la suma, así que ε no entra en el denominador sino que se suma a la fila ya dividida. ε va dentro de la raíz, con paréntesis: (x − μ_t) / √(s_t² + ε).",
        "You write (x − μ_t) / √(s_t²) + ε: division comes before addition, so ε does not go into the denominator but is added to the row already divided. ε goes inside the root, in brackets: (x − μ_t) / √(s_t² + ε).",
    ),
).choice(
    "loop_skips_first_row",
    "np.concatenate([X[:1], ({x_hat})[1:]])",
    did=(
        "deja la primera fila sin normalizar (un bucle que empieza en la fila 1)",
        "leaves the first row unnormalised (a loop that starts at row 1)",
    ),
    told=(
        "La primera fila sale sin normalizar: tu bucle empieza en 1 (range(1, T)) y la fila 0 queda como llegó. Los índices empiezan en 0: recorre las T filas con range(T).",
        "The first row comes out unnormalised: your loop starts at 1 (range(1, T)) and row 0 stays as it came. Indices start at 0: go over all T rows with range(T).",
    ),
).choice(
    "loop_skips_last_row",
    "np.concatenate([({x_hat})[:-1], X[-1:]])",
    did=(
        "deja la última fila sin normalizar (un bucle que acaba una fila antes)",
        "leaves the last row unnormalised (a loop that stops one row early)",
    ),
    told=(
        "La última fila sale sin normalizar: tu bucle se detiene una fila antes (range(T − 1)). Recorre las T filas: range(T).",
        "The last row comes out unnormalised: your loop stops one row early (range(T − 1)). Go over all T rows: range(T).",
    ),
)

lesson.at("return").choice(
    "gamma_beta_swapped",
    "beta * x_hat + gamma",
    did=("intercambia γ y β (multiplica por β y suma γ)", "swaps γ and β (multiplies by β and adds γ)"),
    told=(
        "Intercambias γ y β: γ multiplica y β se suma, γ ⊙ x̂ + β.",
        "You swap γ and β: γ multiplies and β is added, γ ⊙ x̂ + β.",
    ),
).choice(
    "gamma_beta_ignored",
    "x_hat",
    did=("no aplica ni γ ni β", "applies neither γ nor β"),
    told=(
        "Devuelves la fila normalizada sin aplicar γ ni β. Los dos vectores devuelven al modelo la libertad de escala y desplazamiento: γ ⊙ x̂ + β.",
        "You return the normalised row without applying γ or β. Those two vectors give the model back its freedom of scale and shift: γ ⊙ x̂ + β.",
    ),
).choice(
    "missing_beta",
    "scaled",
    did=("no suma β", "does not add β"),
    told=(
        "Multiplicas por γ pero no sumas β. La salida es γ ⊙ x̂ + β: β devuelve a cada coordenada su desplazamiento.",
        "You multiply by γ but do not add β. The output is γ ⊙ x̂ + β: β gives each coordinate back its shift.",
    ),
).choice(
    "missing_gamma",
    "x_hat + beta",
    did=("no multiplica por γ", "does not multiply by γ"),
    told=(
        "Sumas β pero no multiplicas por γ. La salida es γ ⊙ x̂ + β: γ devuelve a cada coordenada su escala.",
        "You add β but do not multiply by γ. The output is γ ⊙ x̂ + β: γ gives each coordinate back its scale.",
    ),
).choice(
    "beta_added_before_gamma",
    "gamma * (x_hat + beta)",
    did=("suma β antes de multiplicar por γ: γ ⊙ (x̂ + β)", "adds β before multiplying by γ: γ ⊙ (x̂ + β)"),
    told=(
        "Sumas β antes de multiplicar por γ, γ ⊙ (x̂ + β): así β queda escalado por γ. Primero se escala y después se desplaza: γ ⊙ x̂ + β.",
        "You add β before multiplying by γ, γ ⊙ (x̂ + β): so β is scaled by γ. Scale first, then shift: γ ⊙ x̂ + β.",
    ),
).spelling("precedence", "gamma * X - mu / root + beta").spelling(
    "loop_skips_last_row", "np.concatenate([({return})[:-1], np.zeros_like(X[-1:])])"
).spelling("loop_skips_last_row", "np.concatenate([({return})[:-1], X[-1:]])")
