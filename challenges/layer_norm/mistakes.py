"""Known mistakes of `layer_norm`, from the lesson. Each redefines the function wrongly."""

from grader.authoring import Mistake, text

MISTAKES = [
    Mistake(
        id="normalizes_by_column",
        message=text(
            "Normalizas por columnas (axis=0): eso es la normalización por batch. En el layer norm cada fila usa su propia media μ_t y su desviación s_t; por eso al tocar la fila 4 la fila 0 no debe moverse.",
            "You normalise by columns (axis=0): that is batch normalisation. In layer norm each row uses its own mean μ_t and deviation s_t; that is why touching row 4 must not move row 0.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=0, keepdims=True)
    s = X.std(axis=0, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
""",
    ),
    Mistake(
        id="normalizes_whole_matrix",
        message=text(
            "Calculas una sola media y una sola desviación para toda la matriz. Cada fila se normaliza con sus propias d_model coordenadas: mean(axis=1, keepdims=True).",
            "You compute one mean and one deviation for the whole matrix. Each row is normalised with its own d_model coordinates: mean(axis=1, keepdims=True).",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean()
    s = X.std()
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
""",
    ),
    Mistake(
        id="sample_deviation",
        message=text(
            "Usas la desviación típica muestral (ddof=1, divide entre d_model − 1). La lección define s_t con 1/d_model: la poblacional, la de np.std por defecto.",
            "You use the sample standard deviation (ddof=1, dividing by d_model − 1). The lesson defines s_t with 1/d_model: the population one, np.std's default.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, ddof=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta
""",
    ),
    Mistake(
        id="eps_outside_root",
        message=text(
            "Sumas ε fuera de la raíz (divides entre s + ε). La fórmula es √(s_t² + ε): ε se suma a la varianza.",
            "You add ε outside the root (dividing by s + ε). The formula is √(s_t² + ε): ε is added to the variance.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / (s + eps) + beta
""",
    ),
    Mistake(
        id="eps_ignored",
        message=text(
            "No usas ε: divides entre s_t a secas, y una fila constante divide 0 entre 0. ε está para evitar dividir entre cero: √(s_t² + ε).",
            "You do not use ε: you divide by s_t alone, and a constant row divides 0 by 0. ε is there to avoid dividing by zero: √(s_t² + ε).",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / s + beta
""",
    ),
    Mistake(
        id="eps_fixed",
        message=text(
            "Ignoras el argumento eps y usas siempre 1e-5. La función debe usar el eps que recibe.",
            "You ignore the eps argument and always use 1e-5. The function must use the eps it receives.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(s**2 + 1e-5) + beta
""",
    ),
    Mistake(
        id="divides_by_variance",
        message=text(
            "Divides entre la varianza s_t² + ε en lugar de su raíz. Se escala con la desviación: √(s_t² + ε).",
            "You divide by the variance s_t² + ε instead of its root. Scale by the deviation: √(s_t² + ε).",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return gamma * (X - mu) / (s**2 + eps) + beta
""",
    ),
    Mistake(
        id="not_centered",
        message=text(
            "No restas la media μ_t antes de escalar. Primero se centra la fila (x − μ_t) y después se divide.",
            "You do not subtract the mean μ_t before scaling. First centre the row (x − μ_t), then divide.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    s = X.std(axis=1, keepdims=True)
    return gamma * X / np.sqrt(s**2 + eps) + beta
""",
    ),
    Mistake(
        id="gamma_beta_swapped",
        message=text(
            "Intercambias γ y β: γ multiplica y β se suma, γ ⊙ x̂ + β.",
            "You swap γ and β: γ multiplies and β is added, γ ⊙ x̂ + β.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return beta * (X - mu) / np.sqrt(s**2 + eps) + gamma
""",
    ),
    Mistake(
        id="gamma_beta_ignored",
        message=text(
            "Devuelves la fila normalizada sin aplicar γ ni β. Los dos vectores devuelven al modelo la libertad de escala y desplazamiento: γ ⊙ x̂ + β.",
            "You return the normalised row without applying γ or β. Those two vectors give the model back its freedom of scale and shift: γ ⊙ x̂ + β.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = X.std(axis=1, keepdims=True)
    return (X - mu) / np.sqrt(s**2 + eps)
""",
    ),
    Mistake(
        id="unstable_variance",
        message=text(
            "Calculas la varianza como E[x²] − μ²: con valores grandes la resta se come toda la precisión. Resta primero la media: mean((x − μ_t)²), o np.var / np.std.",
            "You compute the variance as E[x²] − μ²: with large values the subtraction eats all the precision. Subtract the mean first: mean((x − μ_t)²), or np.var / np.std.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = (X**2).mean(axis=1, keepdims=True) - mu**2
    return gamma * (X - mu) / np.sqrt(var + eps) + beta
""",
    ),
    Mistake(
        id="modifies_input",
        message=text(
            "Modificas el array X que recibes (X -= ..., X /= ...). Quien llama sigue usando su X —en el bloque, para la suma residual—: trabaja sobre expresiones nuevas.",
            "You modify the X you receive (X -= ..., X /= ...). The caller still uses its X —in the block, for the residual sum—: work on new expressions.",
        ),
        code="""
def layer_norm(X, gamma, beta, eps=1e-5):
    X -= X.mean(axis=1, keepdims=True)
    X /= np.sqrt((X**2).mean(axis=1, keepdims=True) + eps)
    return gamma * X + beta
""",
    ),
]
