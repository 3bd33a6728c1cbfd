"""Broken submissions get a clear error in the student's language, never a crash."""

from __future__ import annotations

from grader.grade import Grader


def test_syntax_error_reports_its_line(grader: Grader) -> None:
    result = grader.grade(
        "layer_norm", "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n"
    )
    assert result.status == "error"
    assert result.error is not None
    assert result.error.kind == "syntax"
    assert result.error.line == 3
    assert "línea 3" in result.error.message
    assert result.score == 0


def test_missing_function_is_named(grader: Grader) -> None:
    result = grader.grade("layer_norm", "import numpy as np\n\ndef layernorm(X):\n    return X\n", lang="en")
    assert result.error is not None
    assert result.error.kind == "missing_function"
    assert "layer_norm" in result.error.message
    assert result.score == 0


def test_a_near_miss_name_is_asked_about_in_both_languages(grader: Grader) -> None:
    code = "import numpy as np\n\ndef layernorm(X, gamma, beta, eps=1e-5):\n    return X\n"
    told = grader.grade_in("layer_norm", code, ("en", "es"))
    assert told["en"].error is not None
    assert told["es"].error is not None
    assert told["en"].error.message.endswith(
        "Did you mean `layernorm`? The challenge looks for it under the name `layer_norm`."
    )
    assert "¿Quisiste decir `layernorm`?" in told["es"].error.message


def test_a_name_far_from_the_one_asked_or_another_asked_function_is_not_suggested(grader: Grader) -> None:
    far = "import numpy as np\n\ndef normalise(X, gamma, beta, eps=1e-5):\n    return X\n"
    result = grader.grade("layer_norm", far, lang="en")
    assert result.error is not None
    assert "Did you mean" not in result.error.message
    only_mask = "import numpy as np\n\ndef mascara_causal(T):\n    return np.zeros((T, T))\n"
    causal = grader.grade("atencion_causal", only_mask, lang="en")
    assert causal.error is not None
    assert causal.error.kind == "missing_function"
    assert "Did you mean" not in causal.error.message


def test_exception_in_a_test_names_type_message_and_students_line(grader: Grader) -> None:
    code = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X.mean(axis=2)\n"
    result = grader.grade("layer_norm", code)
    assert result.status == "done"
    assert result.score == 0
    assert all("AxisError" in t.message for t in result.tests)
    # told once, with its message and the student's line, not once per test
    assert [c.id for c in result.causes] == ["raised"]
    assert "AxisError" in result.causes[0].message
    assert "línea 4" in result.causes[0].message
    assert sorted(result.causes[0].explains) == sorted(t.id for t in result.tests)


def test_failure_at_import_is_reported(grader: Grader) -> None:
    result = grader.grade("layer_norm", "import numpy as np\nraise RuntimeError('boom')\n")
    assert result.error is not None
    assert result.error.kind == "import"
    assert "RuntimeError" in result.error.message
    assert result.error.line == 2


def test_non_array_return_is_explained(grader: Grader) -> None:
    code = "def layer_norm(X, gamma, beta, eps=1e-5):\n    return [[0.0]]\n"
    result = grader.grade("layer_norm", code, lang="en")
    assert result.score == 0
    assert all("returned list" in t.message for t in result.tests)


def test_wrong_shape_is_named(grader: Grader) -> None:
    code = "def layer_norm(X, gamma, beta, eps=1e-5):\n    return X.mean(axis=1, keepdims=True)\n"
    result = grader.grade("layer_norm", code, lang="en")
    shape = next(t for t in result.tests if t.id == "shape")
    assert not shape.passed
    assert "instead of (5, 8)" in shape.message


def test_huge_code_is_refused_without_running(grader: Grader) -> None:
    result = grader.grade("layer_norm", "#" * (65 * 1024))
    assert result.error is not None
    assert result.error.kind == "too_large"


def test_nul_bytes_and_bad_utf8_are_refused(grader: Grader) -> None:
    for code in ("x = 1\x00", b"x = '\xff'"):
        result = grader.grade("layer_norm", code)
        assert result.error is not None
        assert result.error.kind == "encoding"
