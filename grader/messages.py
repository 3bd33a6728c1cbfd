"""What the grader says about a submission as a whole, in the student's language."""

from __future__ import annotations

from grader.report import StudentError
from grader.text import Text, text
from grader.translations import said

TIMEOUT = text(
    "Tu código tardó demasiado y se detuvo (¿un bucle que no termina?).",
    "Your code took too long and was stopped (a loop that never ends?).",
)
MEMORY = text(
    "Tu código pidió más memoria de la permitida.",
    "Your code asked for more memory than allowed.",
)
CRASH = text(
    "El proceso que ejecutaba tu código se cayó (señal {signal}).",
    "The process running your code crashed (signal {signal}).",
)
OUTPUT = text(
    "Tu código devolvió más arrays, o más grandes, de los que el corrector puede leer; se detuvo.",
    "Your code returned more arrays, or larger ones, than the grader can read back, and was stopped.",
)
FORBIDDEN = text(
    "Tu código intentó una operación prohibida en el corrector (red, procesos o archivos).",
    "Your code attempted an operation the grader forbids (network, processes or files).",
)
EXITED = text(
    "Tu código terminó el proceso antes de tiempo (¿sys.exit u os._exit?).",
    "Your code ended the process early (sys.exit or os._exit?).",
)
PROTOCOL = text(
    "Tu código escribió en el canal privado del corrector; la entrega no se puede calificar.",
    "Your code wrote into the grader's private channel; the submission cannot be graded.",
)
TOO_LARGE = text(
    "El código es demasiado grande ({size} bytes; el máximo es {limit}).",
    "The code is too large ({size} bytes; the limit is {limit}).",
)
ENCODING = text(
    "El código contiene bytes nulos o texto que no es UTF-8.",
    "The code contains NUL bytes or text that is not UTF-8.",
)
SYNTAX = text(
    "Error de sintaxis en la línea {line}: {message}",
    "Syntax error on line {line}: {message}",
)
IMPORT = text(
    "Al cargar tu archivo se lanzó {type}: {message}{where}",
    "Loading your file raised {type}: {message}{where}",
)
MISSING = text(
    "Falta definir: {names}. El reto pide {signatures}.",
    "Missing definition: {names}. The challenge asks for {signatures}.",
)
NEAR_NAME = text(
    " ¿Quisiste decir `{defined}`? El reto la busca con el nombre `{wanted}`.",
    " Did you mean `{defined}`? The challenge looks for it under the name `{wanted}`.",
)
INTERNAL = text(
    "El corrector tuvo un problema interno; tu entrega no cuenta como fallo. Vuelve a enviarla.",
    "The grader had an internal problem; this does not count against you. Please resubmit.",
)

# Per test, when a call did not give back an array.
CALL_RAISED = text(
    "tu función lanzó {type}: {message}{where}", "your function raised {type}: {message}{where}"
)
NOT_ARRAY = text(
    "tu función devolvió {type}, no un np.ndarray de números",
    "your function returned {type}, not an np.ndarray of numbers",
)
WRONG_COUNT = text(
    "tu función devolvió {got}, pero {name} debe devolver {want}",
    "your function returned {got}, but {name} must return {want}",
)
NOT_RUN = text(
    "no llegó a ejecutarse: la corrida se detuvo antes",
    "did not run: the grading stopped before it",
)
NOT_MET = text("no se cumple", "not met")
SEE_ERROR = text(
    "no se pudo comprobar: el error de arriba lo impidió",
    "could not be checked: the error above prevented it",
)
FUNCTION_MISSING = text("falta la función {name}", "the function {name} is missing")
# A failed test the diagnosis accounts for: what the student's code did, in the lesson's words.
BECAUSE = text("no se cumple porque tu {function} {did}", "not met, because your {function} {did}")
AND = text(" y ", " and ")
UNEXPLAINED = text(
    "Ningún error conocido reproduce lo que hace tu {functions}, así que no aventuramos un diagnóstico. La prueba que falla más cerca del principio: «{test}».",
    "No known misconception reproduces what your {functions} does, so we do not guess one. The first failing test: “{test}”.",
)
SEE_CAUSE = text(
    "tu función lanzó {type}: la causa está explicada arriba",
    "your function raised {type}: the cause is explained above",
)
SEE_LOCALISATION = text(
    "no se cumple: arriba, la línea {line} es donde tus valores se separan de los de la lección",
    "not met: above, line {line} is where your values part from the lesson's",
)
UP_TO = text(
    "Hasta la línea {line} tus valores son los de la lección: {names}.",
    "Up to line {line} your values are the lesson's: {names}.",
)
FROM_THE_START = text(
    "Tu {function} se aparta de la lección desde su primer paso.",
    "Your {function} leaves the lesson at its very first step.",
)
PART = text(
    "La línea {line}, `{code}`, es donde se separan: {how}.",
    "Line {line}, `{code}`, is where they part: {how}.",
)
MATMUL = text(
    "En la línea {line}, {left} @ {right} no se puede calcular: {left} tiene {columns} columnas y {right} tiene {rows} filas, y un producto de matrices necesita que coincidan.{hint}",
    "On line {line}, {left} @ {right} cannot be computed: {left} has {columns} columns and {right} has {rows} rows, and a matrix product needs them equal.{hint}",
)
MATMUL_TRANSPOSE = text(" ¿Querías {right}.T?", " Did you mean {right}.T?")
BROADCAST_ROWS = text(
    "En la línea {line} se combinan un array de forma {full} y otro de forma {flat}: una estadística por fila calculada sin keepdims=True pierde su segundo eje. Con keepdims=True sale de forma ({rows}, 1) y cada fila usa la suya.",
    "On line {line} an array of shape {full} meets one of shape {flat}: a per-row statistic computed without keepdims=True loses its second axis. With keepdims=True it has shape ({rows}, 1) and each row uses its own.",
)
RAISED_ONCE = text(
    "Tu {function} lanzó {type}: {message}{where}.",
    "Your {function} raised {type}: {message}{where}.",
)
CHECK_BROKEN = text("no se pudo comprobar este resultado", "this result could not be checked")


def arrays(count: int, as_tuple: bool, names: tuple[str, ...] = ()) -> Text:
    """How many arrays a function gave back, or must: one bare array, or a tuple of them."""
    if not as_tuple:
        return text("un solo array", "a single array")
    named = f" ({', '.join(names)})" if names else ""
    return text(f"una tupla de {count} arrays{named}", f"a tuple of {count} arrays{named}")


def where(error: StudentError) -> Text:
    if error.line is None:
        return text("", "")
    return text(f" (línea {error.line})", f" (line {error.line})")


def raised(error: StudentError, template: Text, **values: object) -> Text:
    """An exception told in the template, its message in the student's language."""
    message = said(error.message)
    return Text(
        template.es.format(type=error.type, message=message.es, where=where(error).es, **values),
        template.en.format(type=error.type, message=message.en, where=where(error).en, **values),
    )


def syntax(line: int | None, message: str) -> Text:
    told = said(message)
    return Text(SYNTAX.es.format(line=line, message=told.es), SYNTAX.en.format(line=line, message=told.en))
