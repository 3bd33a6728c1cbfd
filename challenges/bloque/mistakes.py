"""Known mistakes of `bloque`, from the lesson, plus those of the `layer_norm` it is built on.

Choices at named points of the reference (see grader/errormodel.py): the block reuses the
`layer_norm` challenge's points, and its own `layer_norm` is the one it calls.
"""

from grader.authoring import Choice, ErrorModel, Point, text
from grader.modules import sibling

LAYER_NORM = sibling(__file__, "layer_norm", "mistakes").MODEL

BLOCK = """

def bloque(X, atencion, p):
{body}"""

POST_NORM = """    g1, be1, g2, be2 = {pairs}
    H = {norm1}
    F = {ffn}
    return {norm2}"""


def _did(es, en):
    return text(es, en)


BLOCK_POINTS = (
    Point(
        "body",
        "bloque",
        POST_NORM,
        (
            Choice(
                id="pre_norm",
                code="""    g1, be1, g2, be2 = {pairs}
    Y = {res1}atencion(layer_norm(X, g1, be1))
    H = layer_norm(Y, g2, be2)
    F = {ffn}
    return Y + F""",
                did=_did(
                    "normaliza antes de la subcapa (pre-norm: X + Sublayer(LayerNorm(X)))",
                    "normalises before the sublayer (pre-norm: X + Sublayer(LayerNorm(X)))",
                ),
                message=text(
                    "Normalizas antes de la subcapa: X + Sublayer(LayerNorm(X)) es el pre-norm de las implementaciones de hoy. El bloque del artículo es post-norm: LayerNorm(X + Sublayer(X)).",
                    "You normalise before the sublayer: X + Sublayer(LayerNorm(X)) is today's pre-norm. The paper's block is post-norm: LayerNorm(X + Sublayer(X)).",
                ),
            ),
            Choice(
                id="norm_inside_residual",
                code="""    g1, be1, g2, be2 = {pairs}
    H = {res1}layer_norm(atencion(X), g1, be1)
    F = {ffn}
    return H + layer_norm(F, g2, be2)""",
                did=_did(
                    "normaliza la salida de la subcapa y suma la entrada después: X + LayerNorm(Sublayer(X))",
                    "normalises the sublayer's output and adds the input afterwards: X + LayerNorm(Sublayer(X))",
                ),
                message=text(
                    "Calculas X + LayerNorm(Sublayer(X)): normalizas la salida de la subcapa y sumas la entrada después. Es una operación distinta: primero se suma y después se normaliza, LayerNorm(X + Sublayer(X)).",
                    "You compute X + LayerNorm(Sublayer(X)): you normalise the sublayer's output and add the input afterwards. That is a different operation: add first, then normalise, LayerNorm(X + Sublayer(X)).",
                ),
            ),
            Choice(
                id="attention_called_twice",
                code="""    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])
    if atencion(X).shape != X.shape:
        raise ValueError("atencion debe devolver la forma de X")
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])""",
                did=_did("llama a atencion más de una vez", "calls atencion more than once"),
                message=text(
                    "Llamas a atencion más de una vez. La primera subcapa la aplica una sola vez a la X del bloque: guarda su resultado en una variable.",
                    "You call atencion more than once. The first sublayer applies it once to the block's X: keep its result in a variable.",
                ),
            ),
            Choice(
                id="block_modifies_input",
                code="""    X += atencion(X)
    H = layer_norm(X, p["gamma1"], p["beta1"])
    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])""",
                did=_did(
                    "modifica la X que recibe (X += atencion(X))",
                    "modifies the X it receives (X += atencion(X))",
                ),
                message=text(
                    "Modificas la X que recibes (X += atencion(X)). Quien llama sigue usando su X: escribe la suma residual como una expresión nueva.",
                    "You modify the X you receive (X += atencion(X)). The caller still uses its X: write the residual sum as a new expression.",
                ),
            ),
        ),
    ),
    Point(
        "norm1",
        "bloque",
        "layer_norm({res1}atencion(X), g1, be1)",
        (
            Choice(
                id="missing_first_norm",
                code="{res1}atencion(X)",
                did=_did(
                    "no normaliza la suma de la primera subcapa (falta su layer norm)",
                    "does not normalise the first sublayer's sum (its layer norm is missing)",
                ),
                message=text(
                    "Falta el layer norm de la primera subcapa: devuelves X + atencion(X) sin normalizar. Cada subcapa va envuelta igual: LayerNorm(X + Sublayer(X)).",
                    "The first sublayer's layer norm is missing: you pass on X + atencion(X) without normalising it. Each sublayer is wrapped the same way: LayerNorm(X + Sublayer(X)).",
                ),
            ),
        ),
    ),
    Point(
        "norm2",
        "bloque",
        "layer_norm({res2}F, g2, be2)",
        (
            Choice(
                id="missing_second_norm",
                code="{res2}F",
                did=_did(
                    "no normaliza la suma de la segunda subcapa (falta su layer norm)",
                    "does not normalise the second sublayer's sum (its layer norm is missing)",
                ),
                message=text(
                    "Falta el layer norm de la segunda subcapa: devuelves H + FFN(H) sin normalizar. También el perceptrón va envuelto: LayerNorm(H + FFN(H)).",
                    "The second sublayer's layer norm is missing: you return H + FFN(H) without normalising it. The perceptron is wrapped too: LayerNorm(H + FFN(H)).",
                ),
            ),
        ),
    ),
    Point(
        "res1",
        "bloque",
        "X + ",
        (
            Choice(
                id="missing_first_residual",
                code="",
                did=_did(
                    "no suma X a la salida de la atención (falta la primera conexión residual)",
                    "does not add X to the attention's output (the first residual connection is missing)",
                ),
                message=text(
                    "Falta la primera conexión residual: normalizas atencion(X) sin sumarle X. La subcapa no reemplaza lo que recibe: LayerNorm(X + atencion(X)).",
                    "The first residual connection is missing: you normalise atencion(X) without adding X. A sublayer does not replace what it receives: LayerNorm(X + atencion(X)).",
                ),
            ),
        ),
    ),
    Point(
        "res2",
        "bloque",
        "H + ",
        (
            Choice(
                id="missing_second_residual",
                code="",
                did=_did(
                    "no suma H a la salida del perceptrón (falta la segunda conexión residual)",
                    "does not add H to the perceptron's output (the second residual connection is missing)",
                ),
                message=text(
                    "Falta la segunda conexión residual: normalizas FFN(H) sin sumarle H. También el perceptrón por posiciones va envuelto: LayerNorm(H + FFN(H)).",
                    "The second residual connection is missing: you normalise FFN(H) without adding H. The position-wise perceptron is wrapped too: LayerNorm(H + FFN(H)).",
                ),
            ),
            Choice(
                id="second_residual_adds_input",
                code="X + ",
                did=_did(
                    "suma en la segunda conexión la X del bloque en lugar de H",
                    "adds the block's X instead of H in the second residual connection",
                ),
                message=text(
                    "En la segunda suma usas la X del bloque en lugar de H, la salida de la primera subcapa. Cada subcapa suma lo que entró en ella: LayerNorm(H + FFN(H)).",
                    "In the second sum you use the block's X instead of H, the first sublayer's output. Each sublayer adds what came into it: LayerNorm(H + FFN(H)).",
                ),
            ),
        ),
    ),
    Point(
        "pairs",
        "bloque",
        'p["gamma1"], p["beta1"], p["gamma2"], p["beta2"]',
        (
            Choice(
                id="norm_pairs_swapped",
                code='p["gamma2"], p["beta2"], p["gamma1"], p["beta1"]',
                did=_did(
                    "usa gamma2/beta2 en la primera normalización y gamma1/beta1 en la segunda",
                    "uses gamma2/beta2 in the first normalisation and gamma1/beta1 in the second",
                ),
                message=text(
                    "Intercambias los pares de normalización: gamma1/beta1 cierran la atención y gamma2/beta2 el perceptrón.",
                    "You swap the normalisation pairs: gamma1/beta1 close the attention and gamma2/beta2 close the perceptron.",
                ),
            ),
            Choice(
                id="one_norm_pair_for_both",
                code='p["gamma1"], p["beta1"], p["gamma1"], p["beta1"]',
                did=_did(
                    "usa gamma1/beta1 en las dos normalizaciones", "uses gamma1/beta1 in both normalisations"
                ),
                message=text(
                    "Usas gamma1/beta1 en las dos normalizaciones. Cada caja «Suma y layer norm» tiene su par: la segunda usa gamma2/beta2.",
                    "You use gamma1/beta1 in both normalisations. Each «Add & layer norm» box has its own pair: the second uses gamma2/beta2.",
                ),
            ),
            Choice(
                id="norm_arguments_swapped",
                code='p["beta1"], p["gamma1"], p["beta2"], p["gamma2"]',
                did=_did(
                    "pasa beta donde layer_norm espera gamma, y gamma donde espera beta",
                    "passes beta where layer_norm expects gamma, and gamma where it expects beta",
                ),
                message=text(
                    "Llamas a layer_norm con beta y gamma en el orden cambiado: la firma es layer_norm(X, gamma, beta), γ multiplica y β se suma.",
                    "You call layer_norm with beta and gamma in the wrong order: the signature is layer_norm(X, gamma, beta), γ multiplies and β is added.",
                ),
            ),
        ),
    ),
    Point(
        "ffn",
        "bloque",
        '{relu_layer} @ p["W2"]{b2}',
        (
            Choice(
                id="relu_after_second_layer",
                code='np.maximum(0.0, ({ffn_in} @ p["W1"]{b1}) @ p["W2"]{b2})',
                did=_did(
                    "aplica la ReLU después de la segunda capa", "applies the ReLU after the second layer"
                ),
                message=text(
                    "Aplicas la ReLU después de la segunda capa. Va entre las dos: ReLU(H W1 + b1) W2 + b2.",
                    "You apply the ReLU after the second layer. It goes between the two: ReLU(H W1 + b1) W2 + b2.",
                ),
            ),
        ),
    ),
    Point(
        "relu_layer",
        "bloque",
        'np.maximum(0.0, {ffn_in} @ p["W1"]{b1})',
        (
            Choice(
                id="missing_relu",
                code='({ffn_in} @ p["W1"]{b1})',
                did=_did(
                    "no aplica la ReLU entre las dos capas del perceptrón",
                    "applies no ReLU between the perceptron's two layers",
                ),
                message=text(
                    "Falta la ReLU del perceptrón por posiciones: sin ella las dos capas se reducen a una sola capa lineal. FFN(H) = ReLU(H W1 + b1) W2 + b2.",
                    "The position-wise perceptron's ReLU is missing: without it the two layers collapse into one linear layer. FFN(H) = ReLU(H W1 + b1) W2 + b2.",
                ),
            ),
        ),
    ),
    Point(
        "ffn_in",
        "bloque",
        "H",
        (
            Choice(
                id="ffn_on_block_input",
                code="X",
                did=_did(
                    "da al perceptrón la X del bloque en lugar de H",
                    "feeds the perceptron the block's X instead of H",
                ),
                message=text(
                    "El perceptrón por posiciones recibe la X del bloque en lugar de H: la salida de la primera subcapa hace de X de la segunda.",
                    "The position-wise perceptron receives the block's X instead of H: the first sublayer's output is the second one's X.",
                ),
            ),
        ),
    ),
    Point(
        "b1",
        "bloque",
        ' + p["b1"]',
        (
            Choice(
                id="missing_bias_b1",
                code="",
                did=_did("no suma el sesgo b1 de la primera capa", "does not add the first layer's bias b1"),
                message=text(
                    "Falta el sesgo b1 de la primera capa del perceptrón: ReLU(H W1 + b1).",
                    "The bias b1 of the perceptron's first layer is missing: ReLU(H W1 + b1).",
                ),
            ),
        ),
    ),
    Point(
        "b2",
        "bloque",
        ' + p["b2"]',
        (
            Choice(
                id="missing_bias_b2",
                code="",
                did=_did("no suma el sesgo b2 de la segunda capa", "does not add the second layer's bias b2"),
                message=text(
                    "Falta el sesgo b2 de la segunda capa del perceptrón: ReLU(H W1 + b1) W2 + b2.",
                    "The bias b2 of the perceptron's second layer is missing: ReLU(H W1 + b1) W2 + b2.",
                ),
            ),
        ),
    ),
)

# Local alternatives: each one more choice at one point, composing with the others.
ALTERNATIVES = {
    "body": (
        Choice(
            id="norm_inside_residual",
            spelling="in the first sublayer only",
            code="""    g1, be1, g2, be2 = {pairs}
    H = {res1}layer_norm(atencion(X), g1, be1)
    F = {ffn}
    return {norm2}""",
            did=_did("", ""),
            message=text("", ""),
        ),
    ),
    "ffn": (
        Choice(
            id="relu_after_second_layer",
            spelling="after both layers",
            code='np.maximum(0.0, {relu_layer} @ p["W2"]{b2})',
            did=_did("", ""),
            message=text("", ""),
        ),
    ),
    "relu_layer": (
        Choice(
            id="bias_after_relu",
            code='(np.maximum(0.0, {ffn_in} @ p["W1"]){b1})',
            did=_did("suma b1 después de la ReLU y no antes", "adds b1 after the ReLU instead of before"),
            message=text(
                "Sumas b1 después de la ReLU. La primera capa es ReLU(H W1 + b1): el sesgo entra antes de la no linealidad.",
                "You add b1 after the ReLU. The first layer is ReLU(H W1 + b1): the bias goes in before the non-linearity.",
            ),
        ),
        Choice(
            id="activation_not_relu",
            code='(1 / (1 + np.exp(-({ffn_in} @ p["W1"]{b1}))))',
            did=_did(
                "usa otra función que la ReLU entre las dos capas del perceptrón",
                "uses another function than ReLU between the perceptron's two layers",
            ),
            message=text(
                "Entre las dos capas del perceptrón usas otra función que la ReLU. El bloque de la lección usa ReLU: max(0, H W1 + b1).",
                "Between the perceptron's two layers you use another function than ReLU. The lesson's block uses ReLU: max(0, H W1 + b1).",
            ),
        ),
        Choice(
            id="activation_not_relu",
            spelling="tanh",
            code='np.tanh({ffn_in} @ p["W1"]{b1})',
            did=_did("", ""),
            message=text("", ""),
        ),
    ),
}


def _with_alternatives(points):
    return tuple(
        Point(p.name, p.function, p.default, p.choices + ALTERNATIVES.get(p.name, ())) for p in points
    )


MODEL = ErrorModel(
    template=LAYER_NORM.template + BLOCK,
    points=LAYER_NORM.points + _with_alternatives(BLOCK_POINTS),
    uses={"bloque": ("layer_norm",)},
)
