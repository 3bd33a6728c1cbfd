"""Where a wrong submission's values leave the lesson's: the line, its code, what came before."""

from __future__ import annotations

from grader.feedback import step_name
from grader.grade import Grader
from grader.sandbox.base import Layer, Limits, Sandbox, SandboxRun
from grader.wire import Job

WHOLE_MATRIX = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    sigma = X.std()
    return gamma * (X - mu) / np.sqrt(sigma**2 + eps) + beta
"""

NONSENSE = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    var = X.var(axis=1, keepdims=True)
    y = (X - mu) / np.sqrt(var + eps)
    return gamma * y ** 3 + beta
"""


class Counting:
    """A sandbox that counts its runs and can answer trace jobs with anything at all."""

    def __init__(self, inner: Sandbox, lie: bytes | None = None) -> None:
        self.inner = inner
        self.lie = lie
        self.runs: list[int] = []

    def run(self, job: Job, limits: Limits) -> SandboxRun:
        self.runs.append(job.trace)
        if job.trace >= 0 and self.lie is not None:
            return SandboxRun(report=self.lie, stdout=b"", exit_kind=self.inner.run(job, limits).exit_kind)
        return self.inner.run(job, limits)

    def layers(self) -> list[Layer]:
        return self.inner.layers()

    def close(self) -> None:
        pass


def test_the_line_that_leaves_the_lesson_is_told_with_its_code(grader: Grader) -> None:
    result = grader.grade("layer_norm", WHOLE_MATRIX, lang="es")
    where = result.localisation
    assert where is not None
    assert where.line == 5
    assert where.code == "sigma = X.std()"
    assert where.message.startswith("Hasta la línea 4 tus valores son los de la lección: μ_t")
    assert "La línea 5, `sigma = X.std()`, es donde se separan" in where.message
    # the line computes the deviation, by what its value does, and is told against it
    assert where.step == "s"
    assert "ahí calculas s_t, la desviación de cada fila" in where.message
    assert "es un solo número" in where.message


def test_arithmetic_nonsense_reads_the_localisation_and_no_hint(grader: Grader) -> None:
    result = grader.grade("layer_norm", NONSENSE, lang="en")
    assert result.diagnoses == []
    assert result.note is None
    assert result.localisation is not None
    assert result.localisation.line == 7
    failed = [t for t in result.tests if not t.passed]
    assert failed
    assert all(t.explained_by == ["localisation"] for t in failed)
    hints = {t.id: t.hint("en") for t in grader.challenges["layer_norm"].tests}
    assert all(hints[t.id] not in t.message for t in failed)


def test_a_correct_submission_is_run_once_and_never_traced(grader: Grader) -> None:
    counting = Counting(grader.sandbox)
    prepared = grader.prepared("layer_norm")
    from grader.grade import grade

    result = grade(prepared, grader.challenges["layer_norm"].reference_source, "en", counting)
    assert result.score == 100
    assert result.localisation is None
    assert counting.runs == [-1]


def test_a_forged_trace_changes_no_score(grader: Grader) -> None:
    """The trace is the child's word: garbage or nothing in its place changes no verdict."""
    from grader.grade import grade

    prepared = grader.prepared("layer_norm")
    honest = grade(prepared, WHOLE_MATRIX, "en", grader.sandbox)
    for lie in (b"", b"\x0d" * 64, bytes(range(256)) * 8):
        forged = grade(prepared, WHOLE_MATRIX, "en", Counting(grader.sandbox, lie))
        assert forged.score == honest.score
        assert [t.passed for t in forged.tests] == [t.passed for t in honest.tests]
        assert forged.diagnoses == honest.diagnoses
        assert forged.localisation is None


def test_a_trace_past_its_bounds_gives_no_localisation(grader: Grader) -> None:
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    for _ in range(5000):
        x = float(_)
    return X * 2.0
"""
    result = grader.grade("layer_norm", code, lang="en")
    assert result.localisation is None
    assert result.score < 100


def test_a_value_handed_to_a_function_is_told_as_what_the_function_gets(grader: Grader) -> None:
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return gamma * (X - mu) / np.sqrt(X.var(axis=1, keepdims=True) + eps) + beta

def bloque(X, atencion, p):
    H = layer_norm(X + X + atencion(X), p["gamma1"], p["beta1"])
    F = np.maximum(0, H @ p["W1"] + p["b1"]) @ p["W2"] + p["b2"]
    return layer_norm(H + F, p["gamma2"], p["beta2"])
"""
    where = grader.grade("bloque", code, lang="en").localisation
    assert where is not None
    assert where.line == 8
    assert "what your layer_norm gets as X differs from the lesson's by up to" in where.message
    assert "the lesson hands it X + atencion(X), the first residual sum" in where.message
    assert "your layer_norm(X)" not in where.message


def test_a_loop_that_raises_on_its_last_pass_is_told_the_raise(grader: Grader) -> None:
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.zeros_like(X)
    for t in range(X.shape[0] + 1):
        x = X[t]
        out[t] = gamma * (x - x.mean()) / np.sqrt(x.var() + eps) + beta
    return out
"""
    where = grader.grade("layer_norm", code, lang="en").localisation
    assert where is not None
    assert where.line == 6
    assert "there your code raises IndexError" in where.message


def test_what_a_generator_expression_yields_is_not_taken_for_a_result(grader: Grader) -> None:
    code = """import math

import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    out = np.empty(X.shape)
    for t in range(X.shape[0]):
        row = X[t]
        mu = sum(row) / len(row)
        s = math.sqrt(sum((x - mu) ** 2 for x in row) / len(row))
        out[t] = gamma * (row - mu) / (s + eps) + beta
    return out
"""
    where = grader.grade("layer_norm", code, lang="en").localisation
    assert where is not None
    assert where.line == 11


def test_a_variable_called_returned_is_the_students_variable_not_the_result(grader: Grader) -> None:
    """What a record is comes with it, not from its name: `returned` and `return_value` are locals."""
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    return_value = X.std(axis=1, keepdims=True)
    returned = (X - mu) / (return_value + eps)
    return gamma * returned + beta
"""
    where = grader.grade("layer_norm", code, lang="en").localisation
    assert where is not None
    assert where.line == 6
    assert "your returned" in where.message
    assert "what it returns" not in where.message


def test_the_step_a_localisation_names_is_given_by_its_name_in_the_challenges_steps(grader: Grader) -> None:
    """What the dashboard counts a localisation by: the step its message names, as [steps] names it."""
    steps = grader.challenges["layer_norm"].steps
    where = grader.grade("layer_norm", NONSENSE, lang="en").localisation
    assert where is not None
    assert where.step == "return"
    assert f"there you compute {steps['return'].en}" in where.message
    spanish = grader.grade("layer_norm", NONSENSE, lang="es").localisation
    assert spanish is not None
    assert spanish.step == "return"


def test_a_localisation_that_names_no_step_has_none(grader: Grader) -> None:
    code = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    raise ValueError("no")
"""
    where = grader.grade("layer_norm", code, lang="en").localisation
    assert where is not None
    assert "there you compute" not in where.message
    assert where.step is None


def test_steps_told_alike_are_alike_in_both_languages(grader: Grader) -> None:
    """A step is found again by its words, under the first name [steps] gives them (atencion_causal's
    `salida` is its result `return[0]`): the name must not depend on the language told."""
    for challenge in grader.challenges.values():
        for name, said in challenge.steps.items():
            alike = {other for other, words in challenge.steps.items() if words.es == said.es}
            assert alike == {other for other, words in challenge.steps.items() if words.en == said.en}
            first = next(other for other in challenge.steps if other in alike)
            assert step_name(challenge.steps, said) == first, (challenge.id, name)
