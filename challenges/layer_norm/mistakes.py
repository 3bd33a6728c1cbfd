"""Known mistakes of `layer_norm`, from the lesson, as choices at named points of the reference.

Any set of them (up to three) is a program: see grader/errormodel.py.
"""

import numpy as np

from grader.authoring import Choice, ErrorModel, Point, text

TEMPLATE = """import numpy as np


{layer_norm}
"""

LAYER_NORM = """def layer_norm(X, gamma, beta, eps={default_eps}):
    {statistics}
    N = {normalise}
    return {output}"""


def _fitted_eps(calls, outcomes):
    """The ε a fixed-constant implementation used, read from the row with the smallest deviation.

    Each normalised coordinate is (x − μ)/√(s² + ε): from the student's output and the row,
    ε = ((x − μ)/x̂)² − s², tried with the population and the sample variance, with and without
    β. Only rows whose variance is small next to ε tell it.
    """
    found = set()
    for c, outcome in zip(calls, outcomes, strict=True):
        if not outcome.ok or len(c.args) < 3 or outcome.outputs[0].shape != np.shape(c.args[0]):
            continue
        X = np.asarray(c.args[0], dtype=float)
        variances = X.var(axis=1)
        row = int(np.argmin(variances))
        if X.shape[1] < 2 or variances[row] > 1.0:
            continue
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
                    found.add(float(f"{estimate:.2g}"))
    return sorted(found)[:4]


def _fit(calls, outcomes):
    values = _fitted_eps(calls, outcomes)
    return values or None


LAYER_NORM_POINTS = (
    Point(
        "layer_norm",
        "layer_norm",
        LAYER_NORM,
        (
            Choice(
                id="modifies_input",
                did=text("modifica el X que recibe", "modifies the X it receives"),
                message=text(
                    "Modificas el array X que recibes (X -= ..., X /= ...). Quien llama sigue usando su X —en el bloque, para la suma residual—: trabaja sobre expresiones nuevas.",
                    "You modify the X you receive (X -= ..., X /= ...). The caller still uses its X —in the block, for the residual sum—: work on new expressions.",
                ),
                code="""def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt((X**2).mean(axis=1, keepdims=True) + eps)
    return gamma * X + beta""",
            ),
            Choice(
                id="modifies_input",
                spelling="entirely in place",
                did=text("", ""),
                message=text("", ""),
                code="""def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt((X**2).mean(axis=1, keepdims=True) + eps)
    X *= gamma
    X += beta
    return X""",
            ),
        ),
    ),
    Point(
        "axis",
        "layer_norm",
        "1",
        (
            Choice(
                id="normalizes_by_column",
                code="0",
                did=text(
                    "normaliza por columnas (axis=0), como la normalización por batch",
                    "normalises by column (axis=0), as batch normalisation does",
                ),
                message=text(
                    "Normalizas por columnas (axis=0): eso es la normalización por batch. En el layer norm cada fila usa su propia media μ_t y su desviación s_t; por eso al tocar la fila 4 la fila 0 no debe moverse.",
                    "You normalise by columns (axis=0): that is batch normalisation. In layer norm each row uses its own mean μ_t and deviation s_t; that is why touching row 4 must not move row 0.",
                ),
            ),
            Choice(
                id="normalizes_whole_matrix",
                code="None",
                did=text(
                    "usa una sola media y una sola desviación para toda la matriz",
                    "uses one mean and one deviation for the whole matrix",
                ),
                message=text(
                    "Calculas una sola media y una sola desviación para toda la matriz. Cada fila se normaliza con sus propias d_model coordenadas: mean(axis=1, keepdims=True).",
                    "You compute one mean and one deviation for the whole matrix. Each row is normalised with its own d_model coordinates: mean(axis=1, keepdims=True).",
                ),
            ),
        ),
    ),
    Point(
        "keepdims",
        "layer_norm",
        ", keepdims=True",
        (
            Choice(
                id="missing_keepdims",
                code="",
                did=text(
                    "calcula las estadísticas sin keepdims=True: una media de forma (T,) no se resta fila a fila",
                    "computes the statistics without keepdims=True: a mean of shape (T,) is not subtracted row by row",
                ),
                message=text(
                    "Calculas la media y la varianza de cada fila sin keepdims=True: salen con forma (T,), y X − μ las alinea con las columnas (con T ≠ d_model, NumPy ni siquiera puede restarlas). Con keepdims=True salen de forma (T, 1) y cada fila resta su propia μ_t.",
                    "You compute each row's mean and variance without keepdims=True: they come out with shape (T,), and X − μ lines them up with the columns (with T ≠ d_model NumPy cannot even subtract them). With keepdims=True they have shape (T, 1) and each row subtracts its own μ_t.",
                ),
            ),
        ),
    ),
    Point(
        "variance",
        "layer_norm",
        "X.var(axis={axis}, ddof={ddof}{keepdims})",
        (
            Choice(
                id="unstable_variance",
                code="(X**2).mean(axis={axis}{keepdims}) - mu**2",
                did=text(
                    "calcula la varianza como E[x²] − μ², que pierde la precisión con valores grandes",
                    "computes the variance as E[x²] − μ², which loses all precision with large values",
                ),
                message=text(
                    "Calculas la varianza como E[x²] − μ²: con valores grandes la resta se come toda la precisión. Resta primero la media: mean((x − μ_t)²), o np.var / np.std.",
                    "You compute the variance as E[x²] − μ²: with large values the subtraction eats all the precision. Subtract the mean first: mean((x − μ_t)²), or np.var / np.std.",
                ),
            ),
        ),
    ),
    Point(
        "ddof",
        "layer_norm",
        "0",
        (
            Choice(
                id="sample_deviation",
                code="1",
                did=text(
                    "usa la desviación muestral (ddof=1, divide entre d_model − 1)",
                    "uses the sample deviation (ddof=1, dividing by d_model − 1)",
                ),
                message=text(
                    "Usas la desviación típica muestral (ddof=1, divide entre d_model − 1). La lección define s_t con 1/d_model: la poblacional, la de np.std por defecto.",
                    "You use the sample standard deviation (ddof=1, dividing by d_model − 1). The lesson defines s_t with 1/d_model: the population one, np.std's default.",
                ),
            ),
        ),
    ),
    Point(
        "centred",
        "layer_norm",
        "(X - mu)",
        (
            Choice(
                id="not_centered",
                code="X",
                did=text(
                    "no resta la media μ_t antes de dividir", "does not subtract the mean μ_t before dividing"
                ),
                message=text(
                    "No restas la media μ_t antes de escalar. Primero se centra la fila (x − μ_t) y después se divide.",
                    "You do not subtract the mean μ_t before scaling. First centre the row (x − μ_t), then divide.",
                ),
            ),
        ),
    ),
    Point(
        "denominator",
        "layer_norm",
        "np.sqrt({with_eps})",
        (
            Choice(
                id="eps_outside_root",
                code="(np.sqrt(var) + {eps})",
                did=text(
                    "suma ε fuera de la raíz (divide entre s + ε)",
                    "adds ε outside the root (divides by s + ε)",
                ),
                message=text(
                    "Sumas ε fuera de la raíz (divides entre s + ε). La fórmula es √(s_t² + ε): ε se suma a la varianza.",
                    "You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε): ε is added to the variance.",
                ),
            ),
            Choice(
                id="divides_by_variance",
                code="({with_eps})",
                did=text(
                    "divide entre la varianza s_t² + ε, sin la raíz",
                    "divides by the variance s_t² + ε, without the root",
                ),
                message=text(
                    "Divides entre la varianza s_t² + ε en lugar de su raíz. Se escala con la desviación: √(s_t² + ε).",
                    "You divide by the variance s_t² + ε instead of its root. Scale by the deviation: √(s_t² + ε).",
                ),
            ),
        ),
    ),
    Point(
        "with_eps",
        "layer_norm",
        "var + {eps}",
        (
            Choice(
                id="eps_ignored",
                code="var",
                did=text(
                    "no usa ε y divide entre s_t a secas (0 entre 0 en una fila constante)",
                    "does not use ε and divides by s_t alone (0 by 0 on a constant row)",
                ),
                message=text(
                    "No usas ε: divides entre s_t a secas, y una fila constante divide 0 entre 0. ε está para evitar dividir entre cero: √(s_t² + ε).",
                    "You do not use ε: you divide by s_t alone, and a constant row divides 0 by 0. ε is there to avoid dividing by zero: √(s_t² + ε).",
                ),
            ),
        ),
    ),
    Point(
        "eps",
        "layer_norm",
        "eps",
        (
            Choice(
                id="eps_fixed",
                code="{value}",
                value=1e-5,
                fit=_fit,
                did=text(
                    "usa siempre ε = {value} y no el eps que recibe",
                    "always uses ε = {value} instead of the eps it receives",
                ),
                message=text(
                    "Ignoras el argumento eps y usas siempre {value}. La función debe usar el eps que recibe: quien la llama puede pedir otro.",
                    "You ignore the eps argument and always use {value}. The function must use the eps it receives: its caller may ask for another.",
                ),
            ),
        ),
    ),
    Point(
        "default_eps",
        "layer_norm",
        "1e-5",
        (
            Choice(
                id="eps_default_changed",
                code="{value}",
                value=1e-6,
                fit=_fit,
                did=text(
                    "tiene eps={value} por defecto en lugar de 1e-5",
                    "has eps={value} by default instead of 1e-5",
                ),
                message=text(
                    "Cambias el valor por defecto de eps a {value}. La firma del reto es layer_norm(X, gamma, beta, eps=1e-5): quien llama sin eps espera ese ε.",
                    "You change eps's default to {value}. The challenge's signature is layer_norm(X, gamma, beta, eps=1e-5): a caller who passes no eps expects that ε.",
                ),
            ),
        ),
    ),
    Point(
        "output",
        "layer_norm",
        "{affine}",
        (
            Choice(
                id="transposed_output",
                code="({affine}).T",
                did=text(
                    "devuelve la matriz traspuesta, de forma (d_model, T)",
                    "returns the transposed matrix, of shape (d_model, T)",
                ),
                message=text(
                    "Devuelves la matriz traspuesta, de forma (d_model, T): cada posición debe seguir siendo una fila, así que la salida tiene la forma (T, d_model) de X.",
                    "You return the transposed matrix, of shape (d_model, T): each position must stay a row, so the output has X's shape (T, d_model).",
                ),
            ),
        ),
    ),
    Point(
        "affine",
        "layer_norm",
        "gamma * N + beta",
        (
            Choice(
                id="gamma_beta_swapped",
                code="beta * N + gamma",
                did=text(
                    "intercambia γ y β (multiplica por β y suma γ)",
                    "swaps γ and β (multiplies by β and adds γ)",
                ),
                message=text(
                    "Intercambias γ y β: γ multiplica y β se suma, γ ⊙ x̂ + β.",
                    "You swap γ and β: γ multiplies and β is added, γ ⊙ x̂ + β.",
                ),
            ),
            Choice(
                id="gamma_beta_ignored",
                code="N",
                did=text("no aplica ni γ ni β", "applies neither γ nor β"),
                message=text(
                    "Devuelves la fila normalizada sin aplicar γ ni β. Los dos vectores devuelven al modelo la libertad de escala y desplazamiento: γ ⊙ x̂ + β.",
                    "You return the normalised row without applying γ or β. Those two vectors give the model back its freedom of scale and shift: γ ⊙ x̂ + β.",
                ),
            ),
            Choice(
                id="missing_beta",
                code="gamma * N",
                did=text("no suma β", "does not add β"),
                message=text(
                    "Multiplicas por γ pero no sumas β. La salida es γ ⊙ x̂ + β: β devuelve a cada coordenada su desplazamiento.",
                    "You multiply by γ but do not add β. The output is γ ⊙ x̂ + β: β gives each coordinate back its shift.",
                ),
            ),
            Choice(
                id="missing_gamma",
                code="N + beta",
                did=text("no multiplica por γ", "does not multiply by γ"),
                message=text(
                    "Sumas β pero no multiplicas por γ. La salida es γ ⊙ x̂ + β: γ devuelve a cada coordenada su escala.",
                    "You add β but do not multiply by γ. The output is γ ⊙ x̂ + β: γ gives each coordinate back its scale.",
                ),
            ),
        ),
    ),
)

# Local alternatives: each one more choice at one point, composing with the others.
ALTERNATIVES = {
    "variance": (
        Choice(
            id="second_moment_as_variance",
            code="(X**2).mean(axis={axis}{keepdims})",
            did=text(
                "usa la media de los cuadrados E[x²] como varianza, sin centrar",
                "uses the mean of the squares E[x²] as the variance, without centring",
            ),
            message=text(
                "Usas E[x²], la media de los cuadrados, como varianza. La varianza mide la dispersión alrededor de la media: s_t² = mean((x − μ_t)²).",
                "You use E[x²], the mean of the squares, as the variance. The variance measures the spread around the mean: s_t² = mean((x − μ_t)²).",
            ),
        ),
        Choice(
            id="mean_absolute_deviation",
            code="np.abs(X - mu).mean(axis={axis}{keepdims}) ** 2",
            did=text(
                "usa la desviación media absoluta, mean(|x − μ_t|), como s_t",
                "uses the mean absolute deviation, mean(|x − μ_t|), as s_t",
            ),
            message=text(
                "Usas la desviación media absoluta, mean(|x − μ_t|), como s_t. La lección usa la desviación típica: s_t = √(mean((x − μ_t)²)).",
                "You use the mean absolute deviation, mean(|x − μ_t|), as s_t. The lesson uses the standard deviation: s_t = √(mean((x − μ_t)²)).",
            ),
        ),
        Choice(
            id="variance_sum_not_mean",
            code="((X - mu) ** 2).sum(axis={axis}{keepdims})",
            did=text(
                "suma los cuadrados (x − μ_t)² sin dividir entre d_model",
                "adds up the squares (x − μ_t)² without dividing by d_model",
            ),
            message=text(
                "Sumas los cuadrados (x − μ_t)² pero no divides entre d_model: eso es la norma al cuadrado de la fila centrada, no su varianza. s_t² es la media: (1/d_model) Σ_j (x_tj − μ_t)².",
                "You add up the squares (x − μ_t)² but do not divide by d_model: that is the centred row's squared norm, not its variance. s_t² is the mean: (1/d_model) Σ_j (x_tj − μ_t)².",
            ),
        ),
        Choice(
            id="variance_divided_by_rows",
            code="((X - mu) ** 2).sum(axis={axis}{keepdims}) / len(X)",
            did=text(
                "divide la suma de los cuadrados (x − μ_t)² entre T, el número de filas, y no entre d_model",
                "divides the sum of the squares (x − μ_t)² by T, the number of rows, not by d_model",
            ),
            message=text(
                "Divides la suma de los cuadrados (x − μ_t)² entre T, el número de posiciones (filas), en lugar de entre d_model, el número de coordenadas de la fila. s_t² es la media sobre la fila: (1/d_model) Σ_j (x_tj − μ_t)².",
                "You divide the sum of the squares (x − μ_t)² by T, the number of positions (rows), instead of by d_model, the number of coordinates in the row. s_t² is the mean over the row: (1/d_model) Σ_j (x_tj − μ_t)².",
            ),
        ),
        Choice(
            id="whole_matrix_deviation",
            code="X.var(ddof={ddof})",
            did=text(
                "resta la media de cada fila pero usa la varianza de toda la matriz",
                "subtracts each row's mean but uses the whole matrix's variance",
            ),
            message=text(
                "Restas la media de cada fila pero divides entre la desviación de toda la matriz. Cada fila usa su propia s_t: var(axis=1, keepdims=True).",
                "You subtract each row's mean but divide by the whole matrix's deviation. Each row uses its own s_t: var(axis=1, keepdims=True).",
            ),
        ),
    ),
    "with_eps": (
        Choice(
            id="eps_squared",
            code="var + {eps} ** 2",
            did=text("suma ε² y no ε a la varianza", "adds ε² instead of ε to the variance"),
            message=text(
                "Sumas ε² a la varianza en lugar de ε: dentro de la raíz va ε tal cual, √(s_t² + ε), con el eps que recibe la función.",
                "You add ε² to the variance instead of ε: inside the root goes ε itself, √(s_t² + ε), the eps the function receives.",
            ),
        ),
    ),
    "denominator": (
        Choice(
            id="root_of_deviation",
            code="np.sqrt(np.sqrt(var) + {eps})",
            did=text(
                "pone la desviación s_t, y no la varianza s_t², dentro de la raíz: √(s_t + ε)",
                "puts the deviation s_t, not the variance s_t², inside the root: √(s_t + ε)",
            ),
            message=text(
                "Dentro de la raíz pones la desviación típica s_t (np.std) en lugar de la varianza s_t²: divides entre √(s_t + ε). La fórmula es √(s_t² + ε): la varianza más ε, y su raíz.",
                "Inside the root you put the standard deviation s_t (np.std) instead of the variance s_t²: you divide by √(s_t + ε). The formula is √(s_t² + ε): the variance plus ε, and its root.",
            ),
        ),
        Choice(
            id="root_of_deviation",
            spelling="the root of the root",
            code="np.sqrt(np.sqrt(var + {eps}))",
            did=text("", ""),
            message=text("", ""),
        ),
        Choice(
            id="range_as_deviation",
            code="(X.max(axis={axis}{keepdims}) - X.min(axis={axis}{keepdims}) + {eps})",
            did=text(
                "divide entre el rango de la fila (máx − mín) y no entre su desviación",
                "divides by the row's range (max − min), not its deviation",
            ),
            message=text(
                "Divides entre el rango de la fila, máx − mín, en lugar de su desviación típica. La lección escala con s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
                "You divide by the row's range, max − min, instead of its standard deviation. The lesson scales by s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
            ),
        ),
        Choice(
            id="range_as_deviation",
            spelling="inside the root",
            code="np.sqrt((X.max(axis={axis}{keepdims}) - X.min(axis={axis}{keepdims})) ** 2 + {eps})",
            did=text("", ""),
            message=text("", ""),
        ),
        Choice(
            id="range_as_deviation",
            spelling="without ε",
            code="(X.max(axis={axis}{keepdims}) - X.min(axis={axis}{keepdims}))",
            did=text("", ""),
            message=text("", ""),
        ),
        Choice(
            id="max_abs_as_deviation",
            code="np.sqrt(np.abs(X - X.mean(axis={axis}{keepdims})).max(axis={axis}{keepdims}) ** 2 + {eps})",
            did=text(
                "divide entre la mayor desviación absoluta de la fila, máx |x − μ_t|, y no entre su desviación típica",
                "divides by the row's largest absolute deviation, max |x − μ_t|, not its standard deviation",
            ),
            message=text(
                "Escalas cada fila con su mayor desviación absoluta, máx |x − μ_t|, en lugar de su desviación típica: la fila queda entre −1 y 1, no con desviación 1. La lección escala con s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
                "You scale each row by its largest absolute deviation, max |x − μ_t|, instead of its standard deviation: the row ends up between −1 and 1, not with deviation 1. The lesson scales by s_t = √(mean((x − μ_t)²)): x̂ = (x − μ_t) / √(s_t² + ε).",
            ),
        ),
        Choice(
            id="max_abs_as_deviation",
            spelling="ε outside the root",
            code="(np.abs(X - X.mean(axis={axis}{keepdims})).max(axis={axis}{keepdims}) + {eps})",
            did=text("", ""),
            message=text("", ""),
        ),
    ),
    "output": (
        Choice(
            id="loop_skips_last_row",
            spelling="the whole row in the loop, into zeros",
            code="np.concatenate([({affine})[:-1], np.zeros_like(X[-1:])])",
            did=text("", ""),
            message=text("", ""),
        ),
        Choice(
            id="loop_skips_last_row",
            spelling="the whole row in the loop, into a copy of X",
            code="np.concatenate([({affine})[:-1], X[-1:]])",
            did=text("", ""),
            message=text("", ""),
        ),
    ),
    "affine": (
        Choice(
            id="beta_added_before_gamma",
            code="gamma * (N + beta)",
            did=text(
                "suma β antes de multiplicar por γ: γ ⊙ (x̂ + β)",
                "adds β before multiplying by γ: γ ⊙ (x̂ + β)",
            ),
            message=text(
                "Sumas β antes de multiplicar por γ, γ ⊙ (x̂ + β): así β queda escalado por γ. Primero se escala y después se desplaza: γ ⊙ x̂ + β.",
                "You add β before multiplying by γ, γ ⊙ (x̂ + β): so β is scaled by γ. Scale first, then shift: γ ⊙ x̂ + β.",
            ),
        ),
    ),
    "centred": (
        Choice(
            id="mean_subtracted_twice",
            code="(X - 2 * mu)",
            did=text("resta la media dos veces", "subtracts the mean twice"),
            message=text(
                "Restas la media dos veces: a la fila ya centrada (x − μ_t) le vuelves a restar μ_t. Se centra una sola vez.",
                "You subtract the mean twice: from the row already centred (x − μ_t) you subtract μ_t again. Centre once.",
            ),
        ),
    ),
}
# Where the affine part goes: rewrites of the whole function, the other points inside them.
WHOLE = (
    Choice(
        id="affine_before_normalising",
        code="""def layer_norm(X, gamma, beta, eps={default_eps}):
    X = gamma * X + beta
    {statistics}
    return {normalise}""",
        did=text(
            "aplica γ y β antes de normalizar y normaliza γ ⊙ x + β",
            "applies γ and β before normalising and normalises γ ⊙ x + β",
        ),
        message=text(
            "Aplicas γ y β antes de normalizar: normalizas γ ⊙ x + β, y la normalización borra la escala y el desplazamiento que acabas de dar. El orden es el contrario: primero x̂ = (x − μ_t) / √(s_t² + ε) y después γ ⊙ x̂ + β.",
            "You apply γ and β before normalising: you normalise γ ⊙ x + β, and the normalisation wipes out the scale and shift you just gave. The order is the other way round: first x̂ = (x − μ_t) / √(s_t² + ε), then γ ⊙ x̂ + β.",
        ),
    ),
    Choice(
        id="rms_norm",
        code="""def layer_norm(X, gamma, beta, eps={default_eps}):
    var = (X**2).mean(axis={axis}{keepdims})
    N = X / {denominator}
    return {output}""",
        did=text(
            "calcula un RMSNorm: divide x entre √(mean(x²) + ε), sin restar la media",
            "computes an RMSNorm: divides x by √(mean(x²) + ε), without subtracting the mean",
        ),
        message=text(
            "Calculas un RMSNorm: divides la fila entre la raíz de la media de sus cuadrados, sin restarle la media. El layer norm de la lección centra primero y escala con la desviación alrededor de la media: (x − μ_t) / √(s_t² + ε), con s_t² = mean((x − μ_t)²).",
            "You compute an RMSNorm: you divide the row by the root of the mean of its squares, without subtracting the mean. The lesson's layer norm centres first and scales by the deviation around the mean: (x − μ_t) / √(s_t² + ε), with s_t² = mean((x − μ_t)²).",
        ),
    ),
    Choice(
        id="rms_norm",
        spelling="without β",
        code="""def layer_norm(X, gamma, beta, eps={default_eps}):
    var = (X**2).mean(axis={axis}{keepdims})
    return gamma * X / {denominator}""",
        did=text("", ""),
        message=text("", ""),
    ),
    Choice(
        id="beta_inside_division",
        code="""def layer_norm(X, gamma, beta, eps={default_eps}):
    {statistics}
    return (gamma * {centred} + beta) / {denominator}""",
        did=text(
            "suma β antes de dividir: (γ ⊙ (x − μ_t) + β) / √(s_t² + ε)",
            "adds β before dividing: (γ ⊙ (x − μ_t) + β) / √(s_t² + ε)",
        ),
        message=text(
            "Sumas β dentro de la fracción, (γ ⊙ (x − μ_t) + β) / √(s_t² + ε): así β también queda dividido entre la desviación. β se suma al final, ya normalizada la fila: γ ⊙ x̂ + β.",
            "You add β inside the fraction, (γ ⊙ (x − μ_t) + β) / √(s_t² + ε): so β is divided by the deviation too. β is added at the end, once the row is normalised: γ ⊙ x̂ + β.",
        ),
    ),
)
STATISTICS = Point(
    "statistics",
    "layer_norm",
    "mu = X.mean(axis={axis}{keepdims})\n    var = {variance}",
    (
        Choice(
            id="median_as_centre",
            code="mu = np.median(X, axis={axis}{keepdims})\n    var = ((X - mu) ** 2).mean(axis={axis}{keepdims})",
            did=text(
                "centra cada fila con su mediana y no con su media",
                "centres each row on its median, not its mean",
            ),
            message=text(
                "Centras cada fila con su mediana. El layer norm usa la media μ_t = mean(x) de la fila, y la varianza alrededor de ella.",
                "You centre each row on its median. Layer norm uses the row's mean μ_t = mean(x), and the variance around it.",
            ),
        ),
        Choice(
            id="statistics_on_different_axes",
            code="mu = X.mean(axis={axis}{keepdims})\n    var = X.var(axis=0, ddof={ddof}, keepdims=True)",
            did=text(
                "calcula la media y la varianza sobre partes distintas de X (una por filas, la otra por columnas o sobre toda la matriz)",
                "computes the mean and the variance over different parts of X (one by rows, the other by columns or over the whole matrix)",
            ),
            message=text(
                "Calculas la media y la varianza sobre partes distintas de X: una por filas y la otra por columnas o sobre toda la matriz. Las dos son de la fila t, sobre sus d_model coordenadas: μ_t y s_t² con axis=1, keepdims=True.",
                "You compute the mean and the variance over different parts of X: one by rows, the other by columns or over the whole matrix. Both belong to row t, over its d_model coordinates: μ_t and s_t² with axis=1, keepdims=True.",
            ),
        ),
        Choice(
            id="statistics_on_different_axes",
            spelling="the mean by columns",
            code="mu = X.mean(axis=0, keepdims=True)\n    var = X.var(axis={axis}, ddof={ddof}{keepdims})",
            did=text("", ""),
            message=text("", ""),
        ),
        Choice(
            id="statistics_on_different_axes",
            spelling="the mean of the whole matrix",
            code="mu = X.mean()\n    var = X.var(axis={axis}, ddof={ddof}{keepdims})",
            did=text("", ""),
            message=text("", ""),
        ),
        Choice(
            id="median_as_centre",
            spelling="the median in the numerator only",
            code="mu = X.mean(axis={axis}{keepdims})\n    var = {variance}\n    mu = np.median(X, axis={axis}{keepdims})",
            did=text("", ""),
            message=text("", ""),
        ),
    ),
)
NORMALISE = Point(
    "normalise",
    "layer_norm",
    "{centred} / {denominator}",
    (
        Choice(
            id="multiplies_by_deviation",
            code="{centred} * {denominator}",
            did=text(
                "multiplica por la desviación en lugar de dividir",
                "multiplies by the deviation instead of dividing",
            ),
            message=text(
                "Multiplicas por √(s_t² + ε) en lugar de dividir: x̂ = (x − μ_t) / √(s_t² + ε).",
                "You multiply by √(s_t² + ε) instead of dividing: x̂ = (x − μ_t) / √(s_t² + ε).",
            ),
        ),
        Choice(
            id="min_max_scaling",
            code="(X - X.min(axis={axis}{keepdims})) / (X.max(axis={axis}{keepdims}) - X.min(axis={axis}{keepdims}) + {eps})",
            did=text(
                "lleva cada fila al intervalo [0, 1] con su mínimo y su máximo (min-max) en lugar de estandarizarla",
                "maps each row to [0, 1] with its minimum and maximum (min-max) instead of standardising it",
            ),
            message=text(
                "Escalas cada fila entre su mínimo y su máximo, (x − mín) / (máx − mín): eso es el escalado min-max. El layer norm estandariza: resta la media μ_t y divide entre la desviación, (x − μ_t) / √(s_t² + ε).",
                "You scale each row between its minimum and maximum, (x − min) / (max − min): that is min-max scaling. Layer norm standardises: it subtracts the mean μ_t and divides by the deviation, (x − μ_t) / √(s_t² + ε).",
            ),
        ),
        Choice(
            id="min_max_scaling",
            spelling="without ε",
            code="(X - X.min(axis={axis}{keepdims})) / (X.max(axis={axis}{keepdims}) - X.min(axis={axis}{keepdims}))",
            did=text("", ""),
            message=text("", ""),
        ),
        Choice(
            id="precedence",
            code="X - mu / {denominator}",
            did=text(
                "divide sólo la media: X − μ_t / √(s_t² + ε), sin paréntesis",
                "divides only the mean: X − μ_t / √(s_t² + ε), without brackets",
            ),
            message=text(
                "Escribes X − μ_t / √(s_t² + ε): la división va antes que la resta, así que sólo divides la media y la fila queda sin escalar. Pon la fila centrada entre paréntesis: (X − μ_t) / √(s_t² + ε).",
                "You write X − μ_t / √(s_t² + ε): division comes before subtraction, so only the mean is divided and the row is not scaled. Put the centred row in brackets: (X − μ_t) / √(s_t² + ε).",
            ),
        ),
        Choice(
            id="loop_skips_first_row",
            code="np.concatenate([X[:1], ({centred} / {denominator})[1:]])",
            did=text(
                "deja la primera fila sin normalizar (un bucle que empieza en la fila 1)",
                "leaves the first row unnormalised (a loop that starts at row 1)",
            ),
            message=text(
                "La primera fila sale sin normalizar: tu bucle empieza en 1 (range(1, T)) y la fila 0 queda como llegó. Los índices empiezan en 0: recorre las T filas con range(T).",
                "The first row comes out unnormalised: your loop starts at 1 (range(1, T)) and row 0 stays as it came. Indices start at 0: go over all T rows with range(T).",
            ),
        ),
        Choice(
            id="loop_skips_last_row",
            code="np.concatenate([({centred} / {denominator})[:-1], X[-1:]])",
            did=text(
                "deja la última fila sin normalizar (un bucle que acaba una fila antes)",
                "leaves the last row unnormalised (a loop that stops one row early)",
            ),
            message=text(
                "La última fila sale sin normalizar: tu bucle se detiene una fila antes (range(T − 1)). Recorre las T filas: range(T).",
                "The last row comes out unnormalised: your loop stops one row early (range(T − 1)). Go over all T rows: range(T).",
            ),
        ),
    ),
)


def _with_alternatives(points):
    extra = {**ALTERNATIVES, "layer_norm": WHOLE}
    widened = (Point(p.name, p.function, p.default, p.choices + extra.get(p.name, ())) for p in points)
    return (*widened, STATISTICS, NORMALISE)


MODEL = ErrorModel(template=TEMPLATE, points=_with_alternatives(LAYER_NORM_POINTS))
