"""Failed tests that say "explained above" find it above: causes and the localisation are shown."""

from __future__ import annotations

from grader.grade import Grader
from service.students.feedback import fragment

WHOLE_MATRIX = """import numpy as np

def layer_norm(X, gamma, beta, eps=1e-5):
    mu = X.mean(axis=1, keepdims=True)
    s = np.abs(X - mu).max()
    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta + s
"""
RAISES = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X - X.mean(axis=2)\n"


def test_the_localisation_is_shown_where_the_tests_point(grader: Grader) -> None:
    result = grader.grade("layer_norm", WHOLE_MATRIX, lang="es")
    assert result.localisation is not None
    html = str(fragment(result, "es", with_style=False))
    assert f'data-line="{result.localisation.line}"' in html
    assert "es donde se separan" in html


def test_a_cause_is_shown_where_the_tests_point(grader: Grader) -> None:
    result = grader.grade("layer_norm", RAISES, lang="es")
    assert result.causes
    html = str(fragment(result, "es", with_style=False))
    assert "el eje 2 no existe" in html
