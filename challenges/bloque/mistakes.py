"""Known mistakes of `bloque`: the lesson's own, at places of reference.py (grader/kit).

The `layer_norm` it is built on comes with its known mistakes (challenge.toml's `uses`); the kit
derives the block's in-place edit and its products' transposes; here the lesson gives the block's
own: the residuals, the two layer norms and their γ/β pairs, the perceptron and its ReLU.
"""

from grader.kit import Lesson

LESSON = lesson = Lesson()
lesson.fragment("pairs", ('p["gamma1"], p["beta1"]', 'p["gamma2"], p["beta2"]'))
lesson.fragment("res1", "X + ", within="first_sum")
lesson.fragment("res2", "H + ", within="second_sum")
lesson.fragment("ffn_in", "H", within="hidden")
lesson.fragment("b1", ' + p["b1"]')
lesson.fragment("b2", ' + p["b2"]')
lesson.name(
    "bloque_modifies_X",
    "block_modifies_input",
    did=("modifica la X que recibe (X += atencion(X))", "modifies the X it receives (X += atencion(X))"),
    told=(
        "Modificas la X que recibes (X += atencion(X)). Quien llama sigue usando su X: escribe la suma residual como una expresión nueva.",
        "You modify the X you receive (X += atencion(X)). The caller still uses its X: write the residual sum as a new expression.",
    ),
)

lesson.at("bloque").choice(
    "pre_norm",
    "def bloque(X, atencion, p):\n    A = atencion(layer_norm(X, {pairs#1}))\n    first_sum = {first_sum}\n    H = layer_norm(first_sum, {pairs#2})\n    hidden = {hidden}\n    relu = {relu}\n    F = {F}\n    return first_sum + F",
    did=(
        "normaliza antes de la subcapa (pre-norm: X + Sublayer(LayerNorm(X)))",
        "normalises before the sublayer (pre-norm: X + Sublayer(LayerNorm(X)))",
    ),
    told=(
        "Normalizas antes de la subcapa: X + Sublayer(LayerNorm(X)) es el pre-norm de las implementaciones de hoy. El bloque del artículo es post-norm: LayerNorm(X + Sublayer(X)).",
        "You normalise before the sublayer: X + Sublayer(LayerNorm(X)) is today's pre-norm. The paper's block is post-norm: LayerNorm(X + Sublayer(X)).",
    ),
).choice(
    "norm_inside_residual",
    "def bloque(X, atencion, p):\n    A = {A}\n    H = {res1}layer_norm(A, {pairs#1})\n    hidden = {hidden}\n    relu = {relu}\n    F = {F}\n    return H + layer_norm(F, {pairs#2})",
    did=(
        "normaliza la salida de la subcapa y suma la entrada después: X + LayerNorm(Sublayer(X))",
        "normalises the sublayer's output and adds the input afterwards: X + LayerNorm(Sublayer(X))",
    ),
    told=(
        "Calculas X + LayerNorm(Sublayer(X)): normalizas la salida de la subcapa y sumas la entrada después. Es una operación distinta: primero se suma y después se normaliza, LayerNorm(X + Sublayer(X)).",
        "You compute X + LayerNorm(Sublayer(X)): you normalise the sublayer's output and add the input afterwards. That is a different operation: add first, then normalise, LayerNorm(X + Sublayer(X)).",
    ),
    spellings=[
        "def bloque(X, atencion, p):\n    A = {A}\n    first_sum = {first_sum}\n    H = {H}\n    hidden = {hidden}\n    relu = {relu}\n    F = {F}\n    return {res2}layer_norm(F, {pairs#2})",
        "def bloque(X, atencion, p):\n    A = {A}\n    H = {res1}layer_norm(A, {pairs#1})\n    hidden = {hidden}\n    relu = {relu}\n    F = {F}\n    second_sum = {second_sum}\n    return {output}",
    ],
).choice(
    "attention_called_twice",
    'def bloque(X, atencion, p):\n    H = layer_norm(X + atencion(X), p["gamma1"], p["beta1"])\n    if atencion(X).shape != X.shape:\n        raise ValueError("atencion debe devolver la forma de X")\n    F = np.maximum(0.0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]\n    return layer_norm(H + F, p["gamma2"], p["beta2"])',
    did=("llama a atencion más de una vez", "calls atencion more than once"),
    told=(
        "Llamas a atencion más de una vez. La primera subcapa la aplica una sola vez a la X del bloque: guarda su resultado en una variable.",
        "You call atencion more than once. The first sublayer applies it once to the block's X: keep its result in a variable.",
    ),
).choice(
    "parallel_sublayers",
    "def bloque(X, atencion, p):\n    A = {A}\n    H = X\n    hidden = {hidden}\n    relu = {relu}\n    F = {F}\n    return layer_norm(X + A + F, {pairs#2})",
    did=(
        "pone las dos subcapas en paralelo sobre la X del bloque: LayerNorm(X + atencion(X) + FFN(X))",
        "puts the two sublayers in parallel on the block's X: LayerNorm(X + atencion(X) + FFN(X))",
    ),
    told=(
        "Pones las dos subcapas en paralelo: las dos leen la X del bloque y sumas X + atencion(X) + FFN(X) en una sola normalización. En el bloque van encadenadas, cada una con su suma y su layer norm: la salida de la primera, H = LayerNorm(X + atencion(X)), hace de X de la segunda, LayerNorm(H + FFN(H)).",
        "You put the two sublayers in parallel: both read the block's X and you add X + atencion(X) + FFN(X) under one normalisation. In the block they are chained, each with its sum and its layer norm: the first one's output, H = LayerNorm(X + atencion(X)), is the second one's X, LayerNorm(H + FFN(H)).",
    ),
).choice(
    "sublayers_swapped",
    'def bloque(X, atencion, p):\n    H = layer_norm(X + (np.maximum(0.0, X @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]), {pairs#1})\n    return layer_norm(H + atencion(H), {pairs#2})',
    did=("aplica el perceptrón antes que la atención", "applies the perceptron before the attention"),
    told=(
        "Aplicas las subcapas en el orden cambiado: primero el perceptrón y después la atención. En el bloque la atención va primero, para que cada posición mezcle lo que ve, y el perceptrón trabaja después sobre H: H = LayerNorm(X + atencion(X)), salida = LayerNorm(H + FFN(H)).",
        "You apply the sublayers in the wrong order: the perceptron first and the attention after. In the block the attention comes first, so that each position mixes what it sees, and the perceptron then works on H: H = LayerNorm(X + atencion(X)), output = LayerNorm(H + FFN(H)).",
    ),
)
lesson.at("A").choice(
    "relu_on_attention",
    "np.maximum(0.0, atencion(X))",
    did=(
        "aplica una ReLU a la salida de la atención antes de sumarla",
        "applies a ReLU to the attention's output before adding it",
    ),
    told=(
        "Aplicas una ReLU a la salida de la atención antes de sumarla a X. La única no linealidad del bloque es la ReLU del perceptrón, entre sus dos capas; la primera subcapa suma la atención tal cual: LayerNorm(X + atencion(X)).",
        "You apply a ReLU to the attention's output before adding it to X. The block's only non-linearity is the perceptron's ReLU, between its two layers; the first sublayer adds the attention as it is: LayerNorm(X + atencion(X)).",
    ),
).spelling("attention_called_twice", "atencion(atencion(X))")

lesson.at("res1").choice(
    "missing_first_residual",
    "",
    did=(
        "no suma X a la salida de la atención (falta la primera conexión residual)",
        "does not add X to the attention's output (the first residual connection is missing)",
    ),
    told=(
        "Falta la primera conexión residual: normalizas atencion(X) sin sumarle X. La subcapa no reemplaza lo que recibe: LayerNorm(X + atencion(X)).",
        "The first residual connection is missing: you normalise atencion(X) without adding X. A sublayer does not replace what it receives: LayerNorm(X + atencion(X)).",
    ),
)
lesson.at("first_sum").spelling("residual_counted_twice", "X + {res1}A").choice(
    "residual_as_reduction",
    "sum(X, A)",
    did=(
        "escribe una suma residual con sum(X, A) de Python, que suma a A todas las filas de X, en lugar de X + A",
        "writes a residual sum with Python's sum(X, A), which adds every row of X to A, instead of X + A",
    ),
    told=(
        "Escribes una suma residual con sum(X, A): el sum de Python recorre las filas de X y se las suma todas a A, así que cada posición recibe la suma de todas las filas de X y no la suya. La conexión residual suma elemento a elemento: X + atencion(X) (y H + FFN(H)).",
        "You write a residual sum with sum(X, A): Python's sum walks over the rows of X and adds them all to A, so each position gets the sum of all of X's rows, not its own. The residual connection adds element by element: X + atencion(X) (and H + FFN(H)).",
    ),
)
lesson.at("H").choice(
    "missing_first_norm",
    "first_sum",
    did=(
        "no normaliza la suma de la primera subcapa (falta su layer norm)",
        "does not normalise the first sublayer's sum (its layer norm is missing)",
    ),
    told=(
        "Falta el layer norm de la primera subcapa: devuelves X + atencion(X) sin normalizar. Cada subcapa va envuelta igual: LayerNorm(X + Sublayer(X)).",
        "The first sublayer's layer norm is missing: you pass on X + atencion(X) without normalising it. Each sublayer is wrapped the same way: LayerNorm(X + Sublayer(X)).",
    ),
)

lesson.at("pairs").choice(
    "norm_pairs_swapped",
    ('p["gamma2"], p["beta2"]', 'p["gamma1"], p["beta1"]'),
    did=(
        "usa gamma2/beta2 en la primera normalización y gamma1/beta1 en la segunda",
        "uses gamma2/beta2 in the first normalisation and gamma1/beta1 in the second",
    ),
    told=(
        "Intercambias los pares de normalización: gamma1/beta1 cierran la atención y gamma2/beta2 el perceptrón.",
        "You swap the normalisation pairs: gamma1/beta1 close the attention and gamma2/beta2 close the perceptron.",
    ),
).choice(
    "one_norm_pair_for_both",
    ('p["gamma1"], p["beta1"]', 'p["gamma1"], p["beta1"]'),
    did=("usa el mismo par γ/β en las dos normalizaciones", "uses the same γ/β pair in both normalisations"),
    told=(
        "Usas el mismo par γ/β en las dos normalizaciones. Cada caja «Suma y layer norm» tiene su par: la primera usa gamma1/beta1 y la segunda gamma2/beta2.",
        "You use the same γ/β pair in both normalisations. Each «Add & layer norm» box has its own pair: the first uses gamma1/beta1 and the second gamma2/beta2.",
    ),
    spellings=[('p["gamma2"], p["beta2"]', 'p["gamma2"], p["beta2"]')],
).choice(
    "norm_arguments_swapped",
    ('p["beta1"], p["gamma1"]', 'p["beta2"], p["gamma2"]'),
    did=(
        "pasa beta donde layer_norm espera gamma, y gamma donde espera beta",
        "passes beta where layer_norm expects gamma, and gamma where it expects beta",
    ),
    told=(
        "Llamas a layer_norm con beta y gamma en el orden cambiado: la firma es layer_norm(X, gamma, beta), γ multiplica y β se suma.",
        "You call layer_norm with beta and gamma in the wrong order: the signature is layer_norm(X, gamma, beta), γ multiplies and β is added.",
    ),
)

lesson.at("ffn_in").choice(
    "ffn_on_block_input",
    "X",
    did=("da al perceptrón la X del bloque en lugar de H", "feeds the perceptron the block's X instead of H"),
    told=(
        "El perceptrón por posiciones recibe la X del bloque (o X + atencion(X), sin normalizar) en lugar de H: la salida normalizada de la primera subcapa hace de X de la segunda.",
        "The position-wise perceptron receives the block's X (or X + atencion(X), unnormalised) instead of H: the first sublayer's normalised output is the second one's X.",
    ),
    spellings=["(X + A)"],
)
lesson.at("b1").choice(
    "missing_bias_b1",
    "",
    did=("no suma el sesgo b1 de la primera capa", "does not add the first layer's bias b1"),
    told=(
        "Falta el sesgo b1 de la primera capa del perceptrón: ReLU(H W1 + b1).",
        "The bias b1 of the perceptron's first layer is missing: ReLU(H W1 + b1).",
    ),
)
lesson.at("b2").choice(
    "missing_bias_b2",
    "",
    did=("no suma el sesgo b2 de la segunda capa", "does not add the second layer's bias b2"),
    told=(
        "Falta el sesgo b2 de la segunda capa del perceptrón: ReLU(H W1 + b1) W2 + b2.",
        "The bias b2 of the perceptron's second layer is missing: ReLU(H W1 + b1) W2 + b2.",
    ),
)

lesson.at("relu").choice(
    "relu_as_reduction",
    "np.max(hidden, axis=0)",
    did=(
        "escribe la ReLU con np.max(z, 0), el máximo de cada columna, en lugar de np.maximum(0, z)",
        "writes the ReLU with np.max(z, 0), each column's maximum, instead of np.maximum(0, z)",
    ),
    told=(
        "Escribes la ReLU con np.max(z, 0): np.max reduce, y con 0 como segundo argumento da el máximo de cada columna (un solo vector para todas las posiciones), no el máximo entre cada elemento y 0. La ReLU es elemento a elemento: np.maximum(0, z).",
        "You write the ReLU with np.max(z, 0): np.max reduces, and with 0 as its second argument it gives each column's maximum (one vector for every position), not the larger of each element and 0. The ReLU is element by element: np.maximum(0, z).",
    ),
).choice(
    "missing_relu",
    "hidden",
    did=(
        "no aplica la ReLU entre las dos capas del perceptrón",
        "applies no ReLU between the perceptron's two layers",
    ),
    told=(
        "Falta la ReLU del perceptrón por posiciones: sin ella las dos capas se reducen a una sola capa lineal. FFN(H) = ReLU(H W1 + b1) W2 + b2.",
        "The position-wise perceptron's ReLU is missing: without it the two layers collapse into one linear layer. FFN(H) = ReLU(H W1 + b1) W2 + b2.",
    ),
).choice(
    "bias_after_relu",
    "np.maximum(0.0, {hidden:product}){b1}",
    did=("suma b1 después de la ReLU y no antes", "adds b1 after the ReLU instead of before"),
    told=(
        "Sumas b1 después de la ReLU. La primera capa es ReLU(H W1 + b1): el sesgo entra antes de la no linealidad.",
        "You add b1 after the ReLU. The first layer is ReLU(H W1 + b1): the bias goes in before the non-linearity.",
    ),
).choice(
    "activation_not_relu",
    "1 / (1 + np.exp(-hidden))",
    did=(
        "usa otra función que la ReLU entre las dos capas del perceptrón",
        "uses another function than ReLU between the perceptron's two layers",
    ),
    told=(
        "Entre las dos capas del perceptrón usas otra función que la ReLU. El bloque de la lección usa ReLU: max(0, H W1 + b1).",
        "Between the perceptron's two layers you use another function than ReLU. The lesson's block uses ReLU: max(0, H W1 + b1).",
    ),
    spellings=[
        "np.tanh(hidden)",
        "(lambda z: 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3))))(hidden)",
        '(lambda z: 0.5 * z * (1 + np.vectorize(__import__("math").erf)(z / np.sqrt(2))))(hidden)',
        "(lambda z: z / (1 + np.exp(-1.702 * z)))(hidden)",
        "(lambda z: z / (1 + np.exp(-z)))(hidden)",
        "np.log1p(np.exp(hidden))",
        "(lambda z: np.where(z > 0, z, np.expm1(np.minimum(z, 0))))(hidden)",
        "(lambda z: np.where(z > 0, z, 0.01 * z))(hidden)",
        "(lambda z: np.where(z > 0, z, 0.1 * z))(hidden)",
        "(lambda z: np.where(z > 0, z, 0.2 * z))(hidden)",
        "np.minimum(0.0, hidden)",
        "np.abs(hidden)",
    ],
).choice(
    "relu_before_first_layer",
    'np.maximum(0.0, {ffn_in}) @ p["W1"]{b1}',
    did=(
        "aplica la ReLU a la entrada del perceptrón, antes de la primera capa",
        "applies the ReLU to the perceptron's input, before the first layer",
    ),
    told=(
        "Aplicas la ReLU a la entrada del perceptrón, antes de multiplicar por W1. La no linealidad va entre las dos capas, sobre la primera capa ya calculada: ReLU(H W1 + b1) W2 + b2.",
        "You apply the ReLU to the perceptron's input, before multiplying by W1. The non-linearity goes between the two layers, on the first layer already computed: ReLU(H W1 + b1) W2 + b2.",
    ),
)

lesson.at("F").choice(
    "bias_added_to_weights",
    'relu @ (p["W2"] + p["b2"])',
    did=(
        "suma el sesgo a la matriz de pesos dentro del producto, x @ (W + b), en lugar de después",
        "adds the bias to the weight matrix inside the product, x @ (W + b), instead of after it",
    ),
    told=(
        "Sumas el sesgo a la matriz de pesos dentro del producto, x @ (W + b): b se suma a cada fila de W, y cada posición recibe b multiplicado por la suma de sus coordenadas en lugar de b una vez. El sesgo va después del producto: x W + b, es decir ReLU(H W1 + b1) W2 + b2.",
        "You add the bias to the weight matrix inside the product, x @ (W + b): b is added to each row of W, and each position gets b times the sum of its coordinates instead of b once. The bias comes after the product: x W + b, that is ReLU(H W1 + b1) W2 + b2.",
    ),
)
lesson.at("hidden").spelling("bias_added_to_weights", 'H @ (p["W1"] + p["b1"])')

lesson.at("F").choice(
    "relu_after_second_layer",
    'np.maximum(0.0, hidden @ p["W2"]{b2})',
    did=("aplica la ReLU después de la segunda capa", "applies the ReLU after the second layer"),
    told=(
        "Aplicas la ReLU después de la segunda capa. Va entre las dos: ReLU(H W1 + b1) W2 + b2.",
        "You apply the ReLU after the second layer. It goes between the two: ReLU(H W1 + b1) W2 + b2.",
    ),
).choice(
    "relu_on_output",
    'np.maximum(0.0, relu @ p["W2"]{b2})',
    did=(
        "aplica la ReLU también a la salida del perceptrón, no sólo entre las dos capas",
        "applies the ReLU to the perceptron's output too, not only between the two layers",
    ),
    told=(
        "Aplicas la ReLU también a la salida del perceptrón: ReLU(ReLU(H W1 + b1) W2 + b2). La ReLU va sólo entre las dos capas; la segunda es lineal y su salida puede ser negativa: FFN(H) = ReLU(H W1 + b1) W2 + b2.",
        "You apply the ReLU to the perceptron's output too: ReLU(ReLU(H W1 + b1) W2 + b2). The ReLU goes only between the two layers; the second is linear and its output may be negative: FFN(H) = ReLU(H W1 + b1) W2 + b2.",
    ),
).choice(
    "loop_skips_last_position",
    "np.concatenate([({F})[:-1], np.zeros((1, X.shape[1]))])",
    did=(
        "deja la última posición sin perceptrón (un bucle que acaba una posición antes)",
        "leaves the last position without the perceptron (a loop that stops one position early)",
    ),
    told=(
        "La última posición no pasa por el perceptrón: tu bucle se detiene una posición antes (range(T − 1)) y su fila de FFN(H) se queda en cero. El perceptrón se aplica a cada una de las T posiciones: range(T), o H W1 de una vez.",
        "The last position does not go through the perceptron: your loop stops one position early (range(T − 1)) and its row of FFN(H) stays zero. The perceptron is applied to each of the T positions: range(T), or H W1 all at once.",
    ),
)

lesson.at("second_sum").spelling("residual_as_reduction", "sum(H, F)").choice(
    "residual_counted_twice",
    "H + {res2}F",
    did=(
        "suma dos veces la entrada de una subcapa en su conexión residual (X + X + Sublayer(X), o X + Sublayer(X)/2)",
        "adds a sublayer's input twice in its residual connection (X + X + Sublayer(X), or X + Sublayer(X)/2)",
    ),
    told=(
        "En una suma residual la entrada de la subcapa pesa el doble que su salida: X + X + Sublayer(X) (o una subcapa que ya lleva la residual dentro y a la que vuelves a sumar su entrada), o, lo que tras el layer norm es lo mismo, X + ½·Sublayer(X). La conexión residual suma la entrada una sola vez, tal cual: LayerNorm(X + atencion(X)) en la primera subcapa y LayerNorm(H + FFN(H)) en la segunda.",
        "In a residual sum the sublayer's input weighs twice its output: X + X + Sublayer(X) (or a sublayer that already holds the residual, its input added again), or, what after the layer norm is the same, X + ½·Sublayer(X). The residual connection adds the input once, as it is: LayerNorm(X + atencion(X)) in the first sublayer and LayerNorm(H + FFN(H)) in the second.",
    ),
)
lesson.at("res2").choice(
    "missing_second_residual",
    "",
    did=(
        "no suma H a la salida del perceptrón (falta la segunda conexión residual)",
        "does not add H to the perceptron's output (the second residual connection is missing)",
    ),
    told=(
        "Falta la segunda conexión residual: normalizas FFN(H) sin sumarle H. También el perceptrón por posiciones va envuelto: LayerNorm(H + FFN(H)).",
        "The second residual connection is missing: you normalise FFN(H) without adding H. The position-wise perceptron is wrapped too: LayerNorm(H + FFN(H)).",
    ),
).choice(
    "second_residual_adds_input",
    "X + ",
    did=(
        "suma en la segunda conexión la X del bloque en lugar de H",
        "adds the block's X instead of H in the second residual connection",
    ),
    told=(
        "En la segunda suma usas la X del bloque (o X + atencion(X), la suma de antes del layer norm) en lugar de H, la salida de la primera subcapa. Cada subcapa suma lo que entró en ella: LayerNorm(H + FFN(H)).",
        "In the second sum you use the block's X (or X + atencion(X), the sum before the layer norm) instead of H, the first sublayer's output. Each sublayer adds what came into it: LayerNorm(H + FFN(H)).",
    ),
    spellings=["X + A + "],
)

lesson.at("bloque.return").choice(
    "missing_second_norm",
    "second_sum",
    did=(
        "no normaliza la suma de la segunda subcapa (falta su layer norm)",
        "does not normalise the second sublayer's sum (its layer norm is missing)",
    ),
    told=(
        "Falta el layer norm de la segunda subcapa: devuelves H + FFN(H) sin normalizar. También el perceptrón va envuelto: LayerNorm(H + FFN(H)).",
        "The second sublayer's layer norm is missing: you return H + FFN(H) without normalising it. The perceptron is wrapped too: LayerNorm(H + FFN(H)).",
    ),
).choice(
    "missing_second_sublayer",
    "H",
    did=(
        "devuelve H: falta la segunda subcapa entera, el perceptrón con su suma y su layer norm",
        "returns H: the whole second sublayer is missing, the perceptron with its sum and its layer norm",
    ),
    told=(
        "Devuelves H, la salida de la primera subcapa: falta la segunda entera. El bloque son dos subcapas, la atención y el perceptrón por posiciones, cada una con su suma y su layer norm: LayerNorm(H + FFN(H)).",
        "You return H, the first sublayer's output: the whole second one is missing. The block is two sublayers, the attention and the position-wise perceptron, each with its sum and its layer norm: LayerNorm(H + FFN(H)).",
    ),
)
