"""A syntax error, a missing function or an exception is one message, in the student's language."""

from __future__ import annotations

import pytest

from grader.grade import Grader

BROKEN_BLOCK = "import numpy as np\n\ndef bloque(X, p)\n    return X\n"


def test_a_syntax_error_is_one_message_every_test_points_to(grader: Grader) -> None:
    result = grader.grade("bloque", BROKEN_BLOCK, lang="es")
    assert result.error is not None
    assert result.error.message == "Error de sintaxis en la línea 3: falta «:»"
    assert result.error.original == "SyntaxError: expected ':'"
    assert result.diagnoses == []
    assert result.causes == []
    assert result.note is None
    assert all(t.explained_by == ["syntax"] for t in result.tests)
    assert all("el error de arriba" in t.message for t in result.tests)


def test_english_keeps_the_interpreters_words(grader: Grader) -> None:
    result = grader.grade("bloque", BROKEN_BLOCK, lang="en")
    assert result.error is not None
    assert result.error.message == "Syntax error on line 3: expected ':'"


@pytest.mark.parametrize("name", ["layernorm", "LayerNorm"])
def test_a_misnamed_function_is_one_story(grader: Grader, name: str) -> None:
    code = f"import numpy as np\n\ndef {name}(X, gamma, beta, eps=1e-5):\n    return X\n"
    result = grader.grade("layer_norm", code, lang="en")
    assert result.error is not None
    assert result.error.kind == "missing_function"
    assert result.note is None
    assert result.diagnoses == []
    assert all(t.explained_by == ["missing_function"] for t in result.tests)


def test_a_numpy_exception_is_told_once_in_spanish_with_the_original_beside(grader: Grader) -> None:
    code = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X - X.mean(axis=2)\n"
    result = grader.grade("layer_norm", code, lang="es")
    assert len(result.causes) == 1
    cause = result.causes[0]
    assert "el eje 2 no existe en un array de 2 dimensiones" in cause.message
    assert cause.original == "AxisError: axis 2 is out of bounds for array of dimension 2"
    assert result.note is None
    assert all(t.explained_by == [cause.id] for t in result.tests if not t.passed)
