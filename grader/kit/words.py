"""What the kit tells of the mistakes it derives, in both languages, from the author's step names.

`names` is how the lesson calls the step ("μ_t, each row's mean", from challenge.toml's
[steps]), or its code when it has no name; `code` is the reference's code at the place.
"""

from __future__ import annotations

from collections.abc import Sequence

from grader.text import Text


def quoted(names: Sequence[Text]) -> Text:
    """«a» y «b» / “a” and “b”."""
    es = [f"«{n.es}»" for n in names]
    en = [f"“{n.en}”" for n in names]
    return Text(_joined(es, " y "), _joined(en, " and "))


def _joined(parts: list[str], last: str) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + last + parts[-1]


def _direction(axis: int | None) -> Text:
    if axis is None:
        return Text(
            "sobre toda la matriz, sin axis: un solo número para todas las filas",
            "over the whole array, without axis: one number for every row",
        )
    if axis == 0:
        return Text("con axis=0, a lo largo de cada columna", "with axis=0, down each column")
    return Text(f"con axis={axis}, a lo largo de cada fila", f"with axis={axis}, along each row")


def axis(names: Text, got: int | None, want: int) -> tuple[Text, Text]:
    how = _direction(got)
    right = _direction(want)
    did = Text(f"calcula {names.es} {how.es}", f"computes {names.en} {how.en}")
    told = Text(
        f"Calculas {names.es} {how.es}, y no {right.es}: cada posición es una fila y se reduce sobre sus propias coordenadas.",
        f"You compute {names.en} {how.en}, not {right.en}: each position is a row, reduced over its own coordinates.",
    )
    return did, told


def keepdims(names: Text) -> tuple[Text, Text]:
    did = Text(
        f"calcula {names.es} sin keepdims=True: un resultado de forma (T,) se alinea con las columnas",
        f"computes {names.en} without keepdims=True: a result of shape (T,) lines up with the columns",
    )
    told = Text(
        f"Calculas {names.es} sin keepdims=True: sale de forma (T,), y al operarlo con una matriz de T filas NumPy lo alinea con sus columnas (o no puede). Con keepdims=True sale de forma (T, 1) y cada fila usa el suyo.",
        f"You compute {names.en} without keepdims=True: it comes out with shape (T,), and against a matrix of T rows NumPy lines it up with the columns (or cannot). With keepdims=True it has shape (T, 1) and each row uses its own.",
    )
    return did, told


def transposed(names: Text, code: str) -> tuple[Text, Text]:
    did = Text(f"calcula {names.es} traspuesto, ({code}).T", f"computes {names.en} transposed, ({code}).T")
    told = Text(
        f"Calculas {names.es} traspuesto: ({code}).T en lugar de {code}. Cada fila del resultado es una posición: el producto va en el orden de la lección.",
        f"You compute {names.en} transposed: ({code}).T instead of {code}. Each row of the result is a position: the product goes in the lesson's order.",
    )
    return did, told


def transpose_changed(names: Text, written: str, code: str) -> tuple[Text, Text]:
    did = Text(
        f"calcula {names.es} como {written} en lugar de {code}",
        f"computes {names.en} as {written} instead of {code}",
    )
    told = Text(
        f"Calculas {names.es} como {written} en lugar de {code}: una traspuesta de más o de menos cambia qué fila se multiplica por qué columna.",
        f"You compute {names.en} as {written} instead of {code}: one transpose too many or too few changes which row meets which column.",
    )
    return did, told


def not_divided(names: Text, left: Text, right: Text) -> tuple[Text, Text]:
    did = Text(
        f"no divide entre {right.es} al calcular {names.es}",
        f"does not divide by {right.en} when computing {names.en}",
    )
    told = Text(
        f"Calculas {names.es} sin dividir {left.es} entre {right.es}: {names.es} es {left.es} / {right.es}.",
        f"You compute {names.en} without dividing {left.en} by {right.en}: {names.en} is {left.en} / {right.en}.",
    )
    return did, told


def multiplied(names: Text, left: Text, right: Text) -> tuple[Text, Text]:
    did = Text(
        f"multiplica por {right.es} en lugar de dividir al calcular {names.es}",
        f"multiplies by {right.en} instead of dividing when computing {names.en}",
    )
    told = Text(
        f"Multiplicas {left.es} por {right.es} en lugar de dividir al calcular {names.es}: {names.es} es {left.es} / {right.es}.",
        f"You multiply {left.en} by {right.en} instead of dividing when computing {names.en}: {names.en} is {left.en} / {right.en}.",
    )
    return did, told


def without_root(names: Text, argument: Text) -> tuple[Text, Text]:
    did = Text(
        f"usa {argument.es} sin la raíz al calcular {names.es}",
        f"uses {argument.en} without the square root when computing {names.en}",
    )
    told = Text(
        f"Usas {argument.es} donde va su raíz cuadrada al calcular {names.es}.",
        f"You use {argument.en} where its square root goes when computing {names.en}.",
    )
    return did, told


def sample_ddof(names: Text) -> tuple[Text, Text]:
    did = Text(
        f"calcula {names.es} muestral (ddof=1, divide entre n − 1)",
        f"computes {names.en} as the sample one (ddof=1, dividing by n − 1)",
    )
    told = Text(
        f"Calculas {names.es} con ddof=1, la muestral, que divide entre n − 1. La de la lección divide entre n: la poblacional, la que NumPy calcula por defecto (ddof=0).",
        f"You compute {names.en} with ddof=1, the sample one, dividing by n − 1. The lesson's divides by n: the population one, NumPy's default (ddof=0).",
    )
    return did, told


def parameter_fixed(parameter: str) -> tuple[Text, Text]:
    did = Text(
        f"usa siempre {parameter} = {{value}} y no el {parameter} que recibe",
        f"always uses {parameter} = {{value}} instead of the {parameter} it receives",
    )
    told = Text(
        f"Ignoras el argumento {parameter} y usas siempre {{value}}. La función debe usar el {parameter} que recibe: quien la llama puede pedir otro.",
        f"You ignore the argument {parameter} and always use {{value}}. The function must use the {parameter} it receives: its caller may ask for another.",
    )
    return did, told


def default_changed(parameter: str, signature: str) -> tuple[Text, Text]:
    did = Text(f"tiene {parameter}={{value}} por defecto", f"has {parameter}={{value}} by default")
    told = Text(
        f"Cambias el valor por defecto de {parameter} a {{value}}. La firma del reto es {signature}: quien llama sin {parameter} espera ese valor.",
        f"You change {parameter}'s default to {{value}}. The challenge's signature is {signature}: a caller who passes no {parameter} expects that value.",
    )
    return did, told


def parameter_ignored(names: Text, parameter: str, code: str) -> tuple[Text, Text]:
    did = Text(
        f"no usa {parameter} al calcular {names.es}", f"does not use {parameter} when computing {names.en}"
    )
    told = Text(
        f"No usas {parameter} al calcular {names.es}: la lección escribe {code}.",
        f"You do not use {parameter} when computing {names.en}: the lesson writes {code}.",
    )
    return did, told


def integer_dtype(names: Text) -> tuple[Text, Text]:
    did = Text(
        f"construye {names.es} con enteros (dtype=int)", f"builds {names.en} with integers (dtype=int)"
    )
    told = Text(
        f"Construyes {names.es} con enteros (dtype=int): los valores con que se llena pierden los decimales, o no caben. Constrúyelo con números de coma flotante.",
        f"You build {names.en} with integers (dtype=int): the values it is filled with lose their decimals, or do not fit. Build it with floating-point numbers.",
    )
    return did, told


def output_transposed(function: str, names: Text) -> tuple[Text, Text]:
    did = Text(f"devuelve {names.es} traspuesto", f"returns {names.en} transposed")
    told = Text(
        f"Devuelves {names.es} traspuesto: cada posición debe seguir siendo una fila, así que {function} devuelve una fila por posición.",
        f"You return {names.en} transposed: each position must stay a row, so {function} returns one row per position.",
    )
    return did, told


def modifies(parameter: str, written: str, names: Text) -> tuple[Text, Text]:
    did = Text(
        f"modifica el {parameter} que recibe ({written})", f"modifies the {parameter} it receives ({written})"
    )
    told = Text(
        f"Modificas el {parameter} que recibes ({written}). Quien llama sigue usando su {parameter}: calcula {names.es} como una expresión nueva.",
        f"You modify the {parameter} you receive ({written}). The caller still uses its {parameter}: compute {names.en} as a new expression.",
    )
    return did, told


def term_left_out(names: Text, term: str, code: str) -> tuple[Text, Text]:
    did = Text(f"no suma {term} al calcular {names.es}", f"leaves {term} out of {names.en}")
    told = Text(
        f"Calculas {names.es} sin {term}: la lección escribe {code}.",
        f"You compute {names.en} without {term}: the lesson writes {code}.",
    )
    return did, told


def clamp_left_out(names: Text, code: str) -> tuple[Text, Text]:
    did = Text(f"no aplica {code} al calcular {names.es}", f"does not apply {code} when computing {names.en}")
    told = Text(
        f"Calculas {names.es} sin {code}: sin esa no linealidad lo que viene antes y lo que viene después se juntan en una sola transformación lineal.",
        f"You compute {names.en} without {code}: without that non-linearity what comes before and what comes after collapse into one linear map.",
    )
    return did, told
