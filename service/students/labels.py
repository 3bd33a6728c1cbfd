"""The words of the student page and of the feedback fragment, in Spanish and English."""

from __future__ import annotations

from grader.text import Text, text
from service.policies import wording
from service.policies.late import Counted

DIAGNOSES = text("Lo que vemos en tu código", "What we see in your code")
TESTS = text("Pruebas", "Tests")
ERROR = text("Tu código no se pudo calificar", "Your code could not be graded")
LINE = text("línea {line}", "line {line}")
SCORE = text("Nota", "Score")
POINTS = text("{points} de {max_points} puntos", "{points} of {max_points} points")
PASSED = text("superada", "passed")
FAILED = text("fallida", "failed")
ALL_PASSED = text("Todas las pruebas superadas.", "Every test passed.")
NOT_RUN_LOAD = text("No se ejecutaron: el archivo no carga.", "Not run: the file does not load.")
NOT_RUN_MISSING = text(
    "No se ejecutaron: falta una función que pide el reto.",
    "Not run: a function the challenge asks for is missing.",
)
OUTPUT = text("Lo que imprimió tu código", "What your code printed")
PENDING = text("Calificando…", "Grading…")
SUBMIT = text("Enviar", "Submit")
SUBMIT_HINT = text(
    "Ctrl+Intro también envía. Tab sangra; Escape y luego Tab sale del editor.",
    "Ctrl+Enter submits too. Tab indents; Escape then Tab leaves the editor.",
)
EDITOR = text("Tu código", "Your code")
FUNCTIONS = text("Lo que escribes", "What you write")
FEEDBACK = text("Resultado", "Feedback")
ATTEMPTS = text("Tus intentos", "Your attempts")
ATTEMPTS_CAPTION = text("Tus intentos, el más reciente primero", "Your attempts, the newest first")
ATTEMPTS_UPDATED = text("Intentos: {count}. El último: {newest}.", "Attempts: {count}. The newest: {newest}.")
FORMULA = text("Fórmula", "Formula")
TABLE = text("Tabla", "Table")
NO_ATTEMPTS = text("Aún no has enviado nada.", "You have not submitted anything yet.")
ALLOWANCE_LEFT = text("Te quedan {left} de {allowed} intentos", "{left} of {allowed} attempts left")
ALLOWANCE_LEFT_ONE = text("Te queda 1 de {allowed} intentos", "1 of {allowed} attempts left")
ALLOWANCE_LEFT_ONLY = text("Te queda 1 de 1 intento", "1 of 1 attempt left")
ALLOWANCE_NONE = text(
    "No te quedan intentos: usaste los {allowed}; Enviar queda desactivado",
    "No attempts left: you used all {allowed}; Submit is disabled",
)
ALLOWANCE_NONE_ONLY = text(
    "No te quedan intentos: usaste el único; Enviar queda desactivado",
    "No attempts left: you used your only one; Submit is disabled",
)
REFUSAL_NONE = wording.NONE_LEFT
# The refusal and the page word the next attempt alike: "desde el" reads a date, "desde las" an hour.
ALLOWANCE_NEXT = wording.NEXT_TODAY
ALLOWANCE_NEXT_ONLY = text("Próximo intento desde las {time}", "Next attempt from {time}")
ALLOWANCE_NEXT_LATER = wording.NEXT_LATER
ALLOWANCE_NEXT_ONLY_LATER = text("Próximo intento desde el {time}", "Next attempt from {time}")
DUE = text("Fecha límite: {when}", "Due: {when}")
DUE_PASSED = text(
    "Fecha límite: {when} (pasada: los intentos de ahora llegan tarde)",
    "Due: {when} (passed: attempts now are late)",
)
LATE = text("llega tarde", "late")
LATE_COUNTS = text("llega tarde: cuenta {score:g}/100", "late: counts {score:g}/100")
LATE_NOW = text(
    "Un intento enviado ahora cuenta como mucho {score:g}/100.",
    "An attempt sent now counts at most {score:g}/100.",
)
WHEN = text("Cuándo", "When")
STATUS = text("Estado", "Status")
DRAFT_SAVED = text("Borrador guardado en este navegador.", "Draft saved in this browser.")
LINK_EXPIRED = text(
    "Este enlace ha caducado o no es válido. Vuelve a abrir el reto desde tu curso: tu borrador sigue guardado.",
    "This link has expired or is not valid. Open the challenge again from your course: your draft is still saved.",
)
UNAVAILABLE = text(
    "No se pudo enviar ahora mismo. Inténtalo de nuevo en unos segundos.",
    "Could not submit right now. Try again in a few seconds.",
)

GRADEBOOK = text("En tu curso", "In your course")
GRADEBOOK_STATES: dict[str, Text] = {
    "waiting": text("pendiente", "pending"),
    "sent": text("enviada ({score:g})", "sent ({score:g})"),
    "failed": text("no se pudo enviar", "could not be sent"),
}

STATUSES: dict[str, Text] = {
    "queued": text("en cola", "queued"),
    "running": text("calificando", "grading"),
    "done": text("calificado", "graded"),
    "error": text("no calificable", "could not be graded"),
}
CATEGORIES: dict[str, Text] = {
    "shape": text("Forma", "Shape"),
    "normalization": text("Normalización", "Normalization"),
    "independence": text("Independencia entre filas", "Rows independent of each other"),
    "parameters": text("Parámetros", "Parameters"),
    "stability": text("Estabilidad numérica", "Numerical stability"),
    "purity": text("Sin modificar la entrada", "Input left unchanged"),
    "residual": text("Residual", "Residual"),
    "ffn": text("Red feed-forward", "Feed-forward network"),
    "attention": text("Atención", "Attention"),
    "causality": text("Causalidad", "Causality"),
    "mask": text("Máscara", "Mask"),
    "scaling": text("Escalado", "Scaling"),
    "comparison": text("Comparación con la referencia", "Comparison with the reference"),
}


def attempts_left(left: int, allowed: int) -> Text:
    """`Te queda 1 de 3 intentos`: the verb and the noun agree with their numbers."""
    if left == 0:
        return ALLOWANCE_NONE_ONLY if allowed == 1 else ALLOWANCE_NONE.format(allowed=allowed)
    if left == 1:
        return ALLOWANCE_LEFT_ONLY if allowed == 1 else ALLOWANCE_LEFT_ONE.format(allowed=allowed)
    return ALLOWANCE_LEFT.format(left=left, allowed=allowed)


def category(name: str) -> Text:
    """A category's name for students; one without a translation keeps its own name."""
    return CATEGORIES.get(
        name, text(name.replace("_", " ").capitalize(), name.replace("_", " ").capitalize())
    )


def late(counted: Counted) -> Text | None:
    """What a late attempt counts for (`llega tarde: cuenta 80/100`); None: on time."""
    if not counted.late:
        return None
    if counted.counted_score is None:
        return LATE
    return LATE_COUNTS.format(score=counted.counted_score)
