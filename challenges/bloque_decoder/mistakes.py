"""The decoder lesson's own mistakes of `bloque_decoder` (grader/kit derives the generic ones from
reference.py; layer_norm's come with challenge.toml's `uses`)."""

from grader.kit import Lesson

LESSON = lesson = Lesson()
P1, P2, P3 = ('p["gamma1"], p["beta1"]', 'p["gamma2"], p["beta2"]', 'p["gamma3"], p["beta3"]')
lesson.fragment("pairs", (P1, P2, P3))
MIXED = [(P2, P1, P3), (P3, P2, P1), (P2, P3, P1), (P3, P1, P2), (P1, P1, P1), (P1, P2, P2), (P1, P1, P2)]
DEF = "def bloque_decoder(Y, memoria, auto_atencion, atencion_cruzada, p):\n"
FFN = 'np.maximum(0.0, {0} @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]'

lesson.name("hidden_without_b1", "missing_bias_b1")
lesson.name("F_without_b2", "missing_bias_b2")
lesson.name("relu_without_maximum", "missing_relu")
lesson.name("bloque_decoder_modifies_Y", "block_modifies_input")
lesson.name(
    "first_sum_without_Y",
    "missing_residual",
    did=("deja una subcapa sin su suma residual", "leaves a sublayer without its residual sum"),
    told=(
        "A una de las subcapas le falta su suma residual: normalizas lo que sale de ella sin sumarle lo que entró. Las tres van envueltas igual, sin ninguna excepción: LayerNorm(x + Sublayer(x)).",
        "One of the sublayers lacks its residual sum: you normalise what comes out of it without adding what came in. All three are wrapped the same way, with no exception: LayerNorm(x + Sublayer(x)).",
    ),
)
lesson.at("second_sum").spelling("missing_residual", "A2")
lesson.at("third_sum").spelling("missing_residual", "F")

lesson.at("A2").choice(
    "cross_attention_fed_Y",
    "atencion_cruzada(Y, memoria)",
    did=("da a la atención cruzada Y en lugar de H1", "feeds the cross-attention Y instead of H1"),
    told=(
        "La atención cruzada recibe Y, lo que entró en el bloque, en lugar de H1, lo que salió de la primera subcapa: las subcapas van encadenadas y las consultas salen de H1, atencion_cruzada(H1, memoria).",
        "The cross-attention receives Y, what came into the block, instead of H1, what came out of the first sublayer: the sublayers are chained and the queries come from H1, atencion_cruzada(H1, memoria).",
    ),
).choice(
    "memory_and_queries_swapped",
    "atencion_cruzada(memoria, H1)",
    did=("cambia la memoria por las consultas", "swaps the memory and the queries"),
    told=(
        "Intercambias los argumentos de la atención cruzada: las consultas salen de lo que se lleva escrito y las claves y valores de la memoria del encoder, atencion_cruzada(H1, memoria). Al revés el mapa tiene T_x filas, una por posición de la entrada, y no T_y.",
        "You swap the cross-attention's arguments: the queries come from what has been written and the keys and values from the encoder's memory, atencion_cruzada(H1, memoria). The other way round the map has T_x rows, one per input position, not T_y.",
    ),
)
lesson.at("second_sum").choice(
    "residual_adds_another_input",
    "Y + A2",
    did=("suma la entrada de otra subcapa", "adds another sublayer's input"),
    told=(
        "En una suma residual usas la entrada de otra subcapa (la Y del bloque, o H1 en la tercera). Cada subcapa suma lo que entró en ella: la segunda suma es H1 + atencion_cruzada(H1, memoria) y la tercera H2 + FFN(H2).",
        "In a residual sum you use another sublayer's input (the block's Y, or H1 in the third). Each sublayer adds what came into it: the second sum is H1 + atencion_cruzada(H1, memoria) and the third H2 + FFN(H2).",
    ),
)
lesson.at("third_sum").spelling("residual_adds_another_input", "H1 + F").spelling(
    "residual_adds_another_input", "Y + F"
)
lesson.at("third_sum").choice(
    "missing_ffn",
    "H2",
    did=("normaliza H2 sin el perceptrón", "normalises H2 without the perceptron"),
    told=(
        "A la tercera subcapa le falta el perceptrón por posiciones: su caja «Suma y layer norm» normaliza H2 + FFN(H2), no H2 sola.",
        "The third sublayer lacks the position-wise perceptron: its «Add & layer norm» box normalises H2 + FFN(H2), not H2 alone.",
    ),
)
lesson.at("A1").spelling("missing_self_attention_sublayer", "0.0")  # H1 = LayerNorm(Y), never called
for step, sum_, pair in (("H1", "Y + layer_norm(A1", 1), ("H2", "H1 + layer_norm(A2", 2)):
    lesson.at(step).spelling("norm_inside_residual", f"{sum_}, {{pairs#{pair}}})")  # one sublayer's
lesson.at("bloque_decoder.return").spelling("norm_inside_residual", "H2 + layer_norm(F, {pairs#3})")
lesson.at("bloque_decoder.return").choice(
    "missing_third_sublayer",
    "H2",
    did=("devuelve H2: falta la tercera subcapa entera", "returns H2: the whole third sublayer is missing"),
    told=(
        "Devuelves H2, lo que sale de la atención cruzada: falta la tercera subcapa entera. El decoder lleva tres subcapas donde el encoder lleva dos, y el bloque devuelve lo que sale de la tercera, LayerNorm(H2 + FFN(H2)).",
        "You return H2, what comes out of the cross-attention: the whole third sublayer is missing. The decoder has three sublayers where the encoder has two, and the block returns what comes out of the third, LayerNorm(H2 + FFN(H2)).",
    ),
)
lesson.at("pairs").choice(
    "norm_pairs_mixed",
    (P1, P3, P2),
    did=("usa la pareja γ/β de otra subcapa", "uses another sublayer's γ/β pair"),
    told=(
        "Cambias de sitio las parejas γ/β: cada caja «Suma y layer norm» tiene la suya, en su orden: gamma1/beta1 cierran la auto-atención, gamma2/beta2 la atención cruzada y gamma3/beta3 el perceptrón.",
        "You move the γ/β pairs around: each «Add & layer norm» box has its own, in order: gamma1/beta1 close the self-attention, gamma2/beta2 the cross-attention and gamma3/beta3 the perceptron.",
    ),
    spellings=MIXED,
).choice(
    "norm_arguments_swapped",
    ('p["beta1"], p["gamma1"]', 'p["beta2"], p["gamma2"]', 'p["beta3"], p["gamma3"]'),
    did=("pasa beta donde layer_norm espera gamma", "passes beta where layer_norm expects gamma"),
    told=(
        "Llamas a layer_norm con beta y gamma en el orden cambiado: la firma es layer_norm(X, gamma, beta), γ multiplica y β se suma.",
        "You call layer_norm with beta and gamma in the wrong order: the signature is layer_norm(X, gamma, beta), γ multiplies and β is added.",
    ),
)
lesson.at("bloque_decoder").choice(
    "encoder_block",
    DEF
    + f"    A1 = {{A1}}\n    first_sum = {{first_sum}}\n    H1 = {{H1}}\n    F = {FFN.format('H1')}\n    return layer_norm(H1 + F, {{pairs#2}})",
    did=("monta el bloque del encoder, de dos subcapas", "builds the encoder's two-sublayer block"),
    told=(
        "Montas el bloque del encoder: auto-atención y perceptrón, dos subcapas, y la memoria no se usa. El decoder lleva tres subcapas donde el encoder lleva dos: la de en medio recibe la flecha que cruza desde la otra columna, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)), y el perceptrón va después, con gamma3/beta3.",
        "You build the encoder's block: self-attention and perceptron, two sublayers, and the memory is never used. The decoder has three sublayers where the encoder has two: the middle one gets the arrow crossing over from the other column, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)), and the perceptron comes after it, with gamma3/beta3.",
    ),
).choice(
    "missing_self_attention_sublayer",
    DEF
    + "    H1 = Y\n    A2 = {A2}\n    second_sum = {second_sum}\n    H2 = {H2}\n    hidden = {hidden}\n    relu = {relu}\n    F = {F}\n    third_sum = {third_sum}\n    return {output}",
    did=("no tiene la auto-atención enmascarada", "lacks the masked self-attention"),
    told=(
        "Falta la primera subcapa, la auto-atención enmascarada: antes de mirar la memoria el decoder mira lo que lleva escrito, H1 = LayerNorm(Y + auto_atencion(Y)), y la atención cruzada recibe ese H1.",
        "The first sublayer, the masked self-attention, is missing: before looking at the memory the decoder looks at what it has written, H1 = LayerNorm(Y + auto_atencion(Y)), and the cross-attention gets that H1.",
    ),
).choice(
    "missing_cross_attention_sublayer",
    DEF
    + "    A1 = {A1}\n    first_sum = {first_sum}\n    H1 = {H1}\n    H2 = H1\n    hidden = {hidden}\n    relu = {relu}\n    F = {F}\n    third_sum = {third_sum}\n    return {output}",
    did=("no tiene la atención cruzada", "lacks the cross-attention"),
    told=(
        "Falta la subcapa de en medio, la atención cruzada: es la única caja que junta las dos columnas, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)), y sin ella el decoder no lee la memoria del encoder.",
        "The middle sublayer, the cross-attention, is missing: it is the only box that joins the two columns, H2 = LayerNorm(H1 + atencion_cruzada(H1, memoria)), and without it the decoder never reads the encoder's memory.",
    ),
).choice(
    "pre_norm",
    DEF
    + f"    S1 = Y + auto_atencion(layer_norm(Y, {{pairs#1}}))\n    S2 = S1 + atencion_cruzada(layer_norm(S1, {{pairs#2}}), memoria)\n    N = layer_norm(S2, {{pairs#3}})\n    return S2 + {FFN.format('N')}",
    did=("normaliza antes de cada subcapa (pre-norm)", "normalises before each sublayer (pre-norm)"),
    told=(
        "Normalizas antes de cada subcapa: x + Sublayer(LayerNorm(x)) es el pre-norm de las implementaciones de hoy. Las tres subcapas del decoder van como en bloque, post-norm: se suma lo que entró y se normaliza el resultado, LayerNorm(x + Sublayer(x)).",
        "You normalise before each sublayer: x + Sublayer(LayerNorm(x)) is today's pre-norm. The decoder's three sublayers go as in bloque, post-norm: add what came in and normalise the result, LayerNorm(x + Sublayer(x)).",
    ),
).choice(
    "norm_inside_residual",
    DEF
    + f"    H1 = Y + layer_norm(auto_atencion(Y), {{pairs#1}})\n    H2 = H1 + layer_norm(atencion_cruzada(H1, memoria), {{pairs#2}})\n    return H2 + layer_norm({FFN.format('H2')}, {{pairs#3}})",
    did=("suma la entrada a la salida ya normalizada", "adds the input to the normalised output"),
    told=(
        "Calculas x + LayerNorm(Sublayer(x)): normalizas lo que sale de cada subcapa y sumas la entrada después. Es otra operación: primero se suma y después se normaliza, LayerNorm(x + Sublayer(x)), en las tres subcapas.",
        "You compute x + LayerNorm(Sublayer(x)): you normalise what comes out of each sublayer and add the input afterwards. That is another operation: add first, then normalise, LayerNorm(x + Sublayer(x)), in all three sublayers.",
    ),
)
