"""The words of `autograder grade`'s readable report, as every student-facing text is kept: a
`Text` in Spanish and English (imported when a report is written: a command's help loads none of
the grader)."""

from __future__ import annotations

from grader.text import text

SCORE = text("Nota", "Score")
DIAGNOSIS = text("Diagnóstico", "Diagnosis")
PRINTED = text("Salida impresa", "Printed output")
NOT_CHECKED = text(
    "pruebas sin comprobar por el error de arriba", "tests not checked because of the error above"
)
