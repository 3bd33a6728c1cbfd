"""Known mistakes of `bloque`, from the lesson, plus those of the `layer_norm` it is built on."""

from grader.authoring import Mistake, text
from grader.modules import sibling

BLOCK_MISTAKES = [
    Mistake(
        id="pre_norm",
        message=text(
            "Normalizas antes de la subcapa: X + Sublayer(LayerNorm(X)) es el pre-norm de las implementaciones de hoy. El bloque del artículo es post-norm: LayerNorm(X + Sublayer(X)).",
            "You normalise before the sublayer: X + Sublayer(LayerNorm(X)) is today's pre-norm. The paper's block is post-norm: LayerNorm(X + Sublayer(X)).",
        ),
        code="""
def bloque(X, atencion, p):
    H = X + atencion(layer_norm(X, p["gamma1"], p["beta1"]))
    N = layer_norm(H, p["gamma2"], p["beta2"])
    return H + np.maximum(0.0, N @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
""",
    ),
    Mistake(
        id="norm_inside_residual",
        message=text(
            "Calculas X + LayerNorm(Sublayer(X)): normalizas la salida de la subcapa y sumas la entrada después. Es una operación distinta: primero se suma y después se normaliza, LayerNorm(X + Sublayer(X)).",
            "You compute X + LayerNorm(Sublayer(X)): you normalise the sublayer's output and add the input afterwards. That is a different operation: add first, then normalise, LayerNorm(X + Sublayer(X)).",
        ),
        code="""
def bloque(X, atencion, p):
    H = X + layer_norm(atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return H + layer_norm(F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="missing_first_residual",
        message=text(
            "Falta la primera conexión residual: normalizas atencion(X) sin sumarle X. La subcapa no reemplaza lo que recibe: LayerNorm(X + atencion(X)).",
            "The first residual connection is missing: you normalise atencion(X) without adding X. A sublayer does not replace what it receives: LayerNorm(X + atencion(X)).",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="missing_second_residual",
        message=text(
            "Falta la segunda conexión residual: normalizas FFN(H) sin sumarle H. También el perceptrón por posiciones va envuelto: LayerNorm(H + FFN(H)).",
            "The second residual connection is missing: you normalise FFN(H) without adding H. The position-wise perceptron is wrapped too: LayerNorm(H + FFN(H)).",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="second_residual_adds_input",
        message=text(
            "En la segunda suma usas la X del bloque en lugar de H, la salida de la primera subcapa. Cada subcapa suma lo que entró en ella: LayerNorm(H + FFN(H)).",
            "In the second sum you use the block's X instead of H, the first sublayer's output. Each sublayer adds what came into it: LayerNorm(H + FFN(H)).",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(X + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="ffn_on_block_input",
        message=text(
            "El perceptrón por posiciones recibe la X del bloque en lugar de H: la salida de la primera subcapa hace de X de la segunda.",
            "The position-wise perceptron receives the block's X instead of H: the first sublayer's output is the second one's X.",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="missing_relu",
        message=text(
            "Falta la ReLU del perceptrón por posiciones: sin ella las dos capas se reducen a una sola capa lineal. FFN(H) = ReLU(H W1 + b1) W2 + b2.",
            "The position-wise perceptron's ReLU is missing: without it the two layers collapse into one linear layer. FFN(H) = ReLU(H W1 + b1) W2 + b2.",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = (H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="relu_after_second_layer",
        message=text(
            "Aplicas la ReLU después de la segunda capa. Va entre las dos: ReLU(H W1 + b1) W2 + b2.",
            "You apply the ReLU after the second layer. It goes between the two: ReLU(H W1 + b1) W2 + b2.",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, (H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"])
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="missing_bias_b1",
        message=text(
            "Falta el sesgo b1 de la primera capa del perceptrón: ReLU(H W1 + b1).",
            "The bias b1 of the perceptron's first layer is missing: ReLU(H W1 + b1).",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="missing_bias_b2",
        message=text(
            "Falta el sesgo b2 de la segunda capa del perceptrón: ReLU(H W1 + b1) W2 + b2.",
            "The bias b2 of the perceptron's second layer is missing: ReLU(H W1 + b1) W2 + b2.",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="norm_pairs_swapped",
        message=text(
            "Intercambias los pares de normalización: gamma1/beta1 cierran la atención y gamma2/beta2 el perceptrón.",
            "You swap the normalisation pairs: gamma1/beta1 close the attention and gamma2/beta2 close the perceptron.",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma2"], p["beta2"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma1"], p["beta1"])
""",
    ),
    Mistake(
        id="one_norm_pair_for_both",
        message=text(
            "Usas gamma1/beta1 en las dos normalizaciones. Cada caja «Suma y layer norm» tiene su par: la segunda usa gamma2/beta2.",
            "You use gamma1/beta1 in both normalisations. Each «Add & layer norm» box has its own pair: the second uses gamma2/beta2.",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma1"], p["beta1"])
""",
    ),
    Mistake(
        id="attention_called_twice",
        message=text(
            "Llamas a atencion más de una vez. La primera subcapa la aplica una sola vez a la X del bloque: guarda su resultado en una variable.",
            "You call atencion more than once. The first sublayer applies it once to the block's X: keep its result in a variable.",
        ),
        code="""
def bloque(X, atencion, p):
    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    if atencion(X).shape != X.shape:
        raise ValueError("atencion debe devolver la forma de X")
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
    Mistake(
        id="block_modifies_input",
        message=text(
            "Modificas la X que recibes (X += atencion(X)). Quien llama sigue usando su X: escribe la suma residual como una expresión nueva.",
            "You modify the X you receive (X += atencion(X)). The caller still uses its X: write the residual sum as a new expression.",
        ),
        code="""
def bloque(X, atencion, p):
    X += atencion(X)
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
""",
    ),
]

MISTAKES = sibling(__file__, "layer_norm", "mistakes").MISTAKES + BLOCK_MISTAKES
